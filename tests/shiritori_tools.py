"""Helpers of the shiritori tests: small dense games with aliases (:func:`dense_game`), and
for the deep-search tools (``asobi shiritori deep``, ``transfer``, ``merge-proofs``,
``merge-store``) the command line run in this process, keeping what it printed as a
finished process would give it."""

from __future__ import annotations

import io
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from asobi.cli import main
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import DEFAULT_RULES, Lexicon, Rules, Shiritori

REPO = Path(__file__).resolve().parents[1]
CLEAN = load_clean(REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv")


@dataclass(frozen=True)
class Run:
    """The exit status and the output of one ``asobi`` command line."""

    returncode: int
    stdout: str
    stderr: str


def asobi(*args: str | Path) -> Run:
    """Run ``asobi ARGS...`` (``asobi.cli.main``) and return its status and output."""
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = main([str(arg) for arg in args])
    return Run(code, out.getvalue(), err.getvalue())


def run_deep(
    out: Path, *args: str, start: str = "アズキトギ", variant: str = DEFAULT_RULES.variant_id
) -> Run:
    """``asobi shiritori deep`` of one start word with small budgets, certificates to ``out``."""
    return asobi(
        "shiritori",
        "deep",
        variant,
        start,
        *args,
        "--budget",
        "100000",
        "--table-bits",
        "16",
        "--out",
        str(out),
    )


def asobi_deep(*args: str | Path) -> Run:
    """``asobi shiritori deep ARGS...``"""
    return asobi("shiritori", "deep", *args)


def asobi_transfer(*args: str | Path) -> Run:
    """``asobi shiritori transfer ARGS...``"""
    return asobi("shiritori", "transfer", *args)


def asobi_merge_proofs(*args: str | Path) -> Run:
    """``asobi shiritori merge-proofs ARGS...``"""
    return asobi("shiritori", "merge-proofs", *args)


def asobi_merge_store(*args: str | Path) -> Run:
    """``asobi shiritori merge-store ARGS...``"""
    return asobi("shiritori", "merge-store", *args)


def dense_game(words: list[str], alias_pairs: list[tuple[int, int]], rules: Rules) -> Shiritori:
    """The game of ``words``, the pairs (by index, out-of-range ones ignored) made aliases."""
    aliases: dict[str, list[str]] = {w: [] for w in words}
    for a, b in alias_pairs:
        if a < len(words) and b < len(words) and a != b:
            aliases[words[a]].append(words[b])
            aliases[words[b]].append(words[a])
    return Shiritori(Lexicon.from_pairs(aliases.items()), rules)
