"""Every path, `make` target and `asobi` command the docs name exists; two pages stay short.

The pages are those of tests/test_readme.py (README.md and docs/**/*.md, docs/notes/ aside).

- A repository path named in backticks or as a link target exists. A backticked name counts as
  a repository path when its first component is a top-level entry of the repository (or a
  generated folder); names relative to a package (`asobi/core/game.py`) or outside the
  repository (`../shared/...`) are not checked. Links are resolved from the page's folder.
  Paths under the generated folders `results/`, `logs/` and `dist/` may be named freely. A
  component with a placeholder (`<game>`, `{variant}`, `*`, `…`, upper-case `VARIANT_ID`)
  ends the check there: the folder before it must exist.
- Every `make TARGET` in backticks or in a ```sh block is a target of the Makefile.
- Every `asobi SUB [CMD]` in backticks names a real command: `asobi SUB CMD --help` exits 0.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest
from test_readme import ROOT, doc_pages

from asobi.cli import main

GENERATED = ("results", "logs", "dist")
TOP_LEVEL = {path.name for path in ROOT.iterdir() if not path.name.startswith(".git")}
TOP_LEVEL |= set(GENERATED) | {".venv"}
PLACEHOLDER = re.compile(r"[<>{}*…$]|\.\.\.|^[A-Z][A-Z_]+(\.|$)")


def _page_name(page: Path) -> str:
    return page.relative_to(ROOT).as_posix()


def _texts() -> list[tuple[str, Path, str]]:
    return [(_page_name(page), page, page.read_text(encoding="utf-8")) for page in doc_pages()]


def _inline_code(text: str) -> list[str]:
    """Backticked spans outside fenced blocks."""
    prose = re.sub(r"```.*?```", "", text, flags=re.S)
    return re.findall(r"`([^`\n]+)`", prose)


def _check_path(path: str, base: Path) -> str | None:
    """None when PATH (relative to BASE) exists or is generated or a pattern; else PATH."""
    path = path.split("::")[0]  # a pytest node id names its file
    parts = [part for part in path.split("#")[0].split("/") if part not in ("", ".")]
    if not parts:
        return None
    full = (base / "/".join(parts)).resolve()
    try:
        relative = full.relative_to(ROOT).parts
    except ValueError:
        return None  # outside the repository (../shared/...)
    if relative and relative[0] in GENERATED:
        return None
    checked = ROOT
    for part in relative:
        if PLACEHOLDER.search(part):
            break
        checked = checked / part
    return None if checked.exists() else path


def _path_refs() -> list[tuple[str, str, Path]]:
    refs = []
    for name, page, text in _texts():
        for span in _inline_code(text):
            token = span.strip()
            if " " in token or "/" not in token or "://" in token or "=" in token:
                continue
            if token.split("/")[0] not in TOP_LEVEL:
                continue
            refs.append((name, token, ROOT))
        prose = re.sub(r"```.*?```", "", text, flags=re.S)
        for target in re.findall(r"\]\(([^)\s]+)\)", prose):
            if "://" in target or target.startswith(("#", "mailto:")):
                continue
            refs.append((name, target, page.parent))
    return sorted(set(refs), key=lambda ref: (ref[0], ref[1]))


PATH_REFS = _path_refs()


@pytest.mark.parametrize(
    ("page", "path", "base"), PATH_REFS, ids=[f"{p}: {t}" for p, t, _ in PATH_REFS]
)
def test_named_path_exists(page, path, base):
    assert _check_path(path, base) is None, f"{page} names {path}, which does not exist"


def _make_targets() -> set[str]:
    targets = set()
    variables = {"VENV": ".venv", "BIN": ".venv/bin"}
    for line in (ROOT / "Makefile").read_text(encoding="utf-8").splitlines():
        match = re.match(r"^([^\s#=:][^=:]*?)\s*:(?!=)", line)
        if not match:
            continue
        for target in match.group(1).split():
            for key, value in variables.items():
                target = target.replace(f"$({key})", value)
            targets.add(target)
    return targets


def _make_refs() -> list[tuple[str, str]]:
    refs = set()
    for name, _page, text in _texts():
        spans = _inline_code(text)
        for block in re.findall(r"```sh\n(.*?)```", text, re.S):
            spans += block.splitlines()
        for span in spans:
            for target in re.findall(r"(?:^|[\s;&(])make ([A-Za-z.][\w./+-]*)", span):
                refs.add((name, target))
    return sorted(refs)


MAKE_REFS = _make_refs()


def test_docs_name_make_targets():
    assert ("README.md", "results") in MAKE_REFS
    assert ("README.md", "test") in MAKE_REFS


@pytest.mark.parametrize(
    ("page", "target"), MAKE_REFS, ids=[f"{p}: make {t}" for p, t in MAKE_REFS]
)
def test_named_make_target_exists(page, target):
    assert target in _make_targets(), f"{page} names `make {target}`, not a Makefile target"


def _command_refs() -> list[tuple[str, tuple[str, ...]]]:
    refs = set()
    for name, _page, text in _texts():
        for span in _inline_code(text):
            if not span.startswith("asobi "):
                continue
            words = []
            for word in shlex.split(span.replace("…", " "))[1:3]:
                if not re.fullmatch(r"[a-z][a-z-]*", word):
                    break
                words.append(word)
            if words:
                refs.add((name, tuple(words)))
    return sorted(refs)


COMMAND_REFS = _command_refs()


@pytest.mark.parametrize(
    ("page", "words"), COMMAND_REFS, ids=[f"{p}: asobi {' '.join(w)}" for p, w in COMMAND_REFS]
)
def test_named_command_exists(capsys, page, words):
    status = main([*words, "--help"])
    capsys.readouterr()
    assert status == 0, f"{page} names `asobi {' '.join(words)}`, not a command"


@pytest.mark.parametrize(("page", "limit"), [("README.md", 250), ("docs/PERFORMANCE.md", 300)])
def test_page_stays_short(page, limit):
    """A newcomer reads the README in five minutes; dated logs go to docs/notes/."""
    lines = (ROOT / page).read_text(encoding="utf-8").count("\n")
    assert lines <= limit, f"{page} has {lines} lines, more than {limit}"
