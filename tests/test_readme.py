"""The examples of the README and of the docs pages run, and print what the pages show.

The pages are README.md and every docs/**/*.md except the dated logs in docs/notes/. In every
```console block, each ``$ asobi ...`` line is run through the CLI; the lines that follow it
(up to the next ``$`` line) must equal its output exactly. A command followed by no lines is
only required to succeed. In ```sh blocks every ``asobi ...`` line must succeed, except
interactive ones (``play``) and ones that read a finished run's ``results/``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from asobi.cli import main

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"


def doc_pages() -> list[Path]:
    """README.md and every Markdown page under docs/, the dated logs of docs/notes/ aside."""
    pages = [README]
    pages += sorted(
        path
        for path in (ROOT / "docs").rglob("*.md")
        if "notes" not in path.relative_to(ROOT / "docs").parts[:-1]
    )
    return pages


def _blocks(kind: str) -> list[tuple[str, str]]:
    """(page, body) of every fenced block of KIND (``console``, ``sh``) in the pages."""
    found = []
    for page in doc_pages():
        name = page.relative_to(ROOT).as_posix()
        for body in re.findall(rf"```{kind}\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            found.append((name, body))
    return found


def _examples() -> list[tuple[str, str, list[str]]]:
    examples = []
    for page, block in _blocks("console"):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            lines = chunk.rstrip("\n").splitlines()
            if lines and lines[0].startswith("$ asobi "):
                examples.append((page, lines[0][2:], lines[1:]))
    return examples


def _shell_examples() -> list[tuple[str, str]]:
    commands = []
    for page, block in _blocks("sh"):
        for line in block.splitlines():
            if line.startswith("asobi ") and " play" not in line and "results/" not in line:
                commands.append((page, line))
    return commands


EXAMPLES = _examples()
SHELL_EXAMPLES = _shell_examples()


def test_readme_has_examples():
    assert len([e for e in EXAMPLES if e[0] == "README.md"]) >= 2


def test_every_game_page_has_examples():
    pages = {page for page, _ in SHELL_EXAMPLES} | {page for page, _, _ in EXAMPLES}
    for game in ("fivelines", "chopsticks", "contraposition", "daifugo", "shiritori"):
        assert f"docs/games/{game}.md" in pages, game


@pytest.mark.parametrize(
    ("page", "command", "expected"), EXAMPLES, ids=[f"{p}: {c}" for p, c, _ in EXAMPLES]
)
def test_readme_example(capsys, page, command, expected):
    status = main(shlex.split(command)[1:])
    out = capsys.readouterr().out
    assert status == 0, f"{page}: {command}"
    if expected:
        assert out.rstrip("\n").splitlines() == expected, f"{page}: {command}"


@pytest.mark.parametrize(
    ("page", "line"), SHELL_EXAMPLES, ids=[f"{p}: {line}" for p, line in SHELL_EXAMPLES]
)
def test_readme_shell_example_runs(capsys, page, line):
    status = main(shlex.split(line, comments=True)[1:])
    capsys.readouterr()
    assert status == 0, f"{page}: {line}"
