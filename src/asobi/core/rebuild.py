"""Whose query: what the *installed* asobi's claim builders give on a published folder's
tables, so that ``asobi claims recheck`` can say whether a published claim's query, figures
and proof check are the ones this asobi defines.

A claim's query is known only once its builder has run on tables (it may name a figure of
the run), so the definitions are rebuilt: every game's ``BUILDERS`` run on the tables of the
results folder (each builder on its own; one that fails, e.g. on a table the folder does not
have, leaves its claims "not compared"). A published claim is *asobi's* when its query, its
figures (``recheck_expected``) and its proof check equal what the installed builder
produced from the same tables. That catches a copy whose queries and figures were rewritten
together; it cannot catch tables and figures forged together (the builder then computes the
forged figures again): only the release's checksums can.

The builders are Python over pandas, so they run in a child process
(``python -m asobi.core.rebuild RESULTS``, a fixed argv) under a time limit and an
address-space limit; the child prints one JSON object on stdout.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
import resource
import signal
import subprocess
import sys
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from asobi.core.errors import DataError
from asobi.core.games import GAMES


@dataclass(frozen=True)
class Definition:
    """What the installed asobi's builder gives for one claim: its query, its figures (as
    JSON values), its proof command and its readings' queries (reading id → query, figures)."""

    sql: str | None
    expected: Any
    command: str | None
    readings: Mapping[str, tuple[str | None, Any]] = field(default_factory=dict)


@dataclass(frozen=True)
class Rebuilt:
    """The definitions the installed asobi rebuilt from a folder's tables, by claim id, and
    the builders that failed on them (builder name → the error's first line)."""

    definitions: Mapping[str, Definition]
    failed: Mapping[str, str]


def _definitions_of(claim: Any) -> Definition:
    check = claim.recheck
    readings = {
        reading.reading_id: (
            None if reading.recheck is None else reading.recheck.sql,
            None if reading.recheck is None else reading.recheck.expected,
        )
        for reading in claim.readings
    }
    return Definition(
        None if check is None else check.sql,
        None if check is None else check.expected,
        None if check is None else check.command,
        readings,
    )


def rebuild_here(results: str | os.PathLike[str], games: Sequence[str] = GAMES) -> Rebuilt:
    """Run the builders of ``games`` (names in :data:`~asobi.core.games.GAMES`) on the
    tables of ``results`` in this process (the child's work; :func:`rebuild_definitions`
    is the bounded way to call it)."""
    from asobi.core.claims import ResultTables  # claims imports recheck, which imports this

    tables = ResultTables(Path(results))
    definitions: dict[str, Definition] = {}
    failed: dict[str, str] = {}
    for game in (name for name in GAMES if name in games):
        module = importlib.import_module(f"asobi.{game}.claims")
        for builder in module.BUILDERS:
            name = f"{game}.{getattr(builder, '__name__', repr(builder))}"
            try:
                built = builder(tables.fresh())
            except Exception as error:  # noqa: BLE001 -- any failure leaves its claims uncompared
                failed[name] = (str(error).splitlines() or [type(error).__name__])[0][:300]
                continue
            for claim in built if isinstance(built, list) else [built]:
                definitions[claim.claim_id] = _definitions_of(claim)
    return Rebuilt(definitions, failed)


def _encode(rebuilt: Rebuilt) -> str:
    return json.dumps(
        {
            "definitions": {
                claim_id: {
                    "sql": d.sql,
                    "expected": d.expected,
                    "command": d.command,
                    "readings": {rid: list(pair) for rid, pair in d.readings.items()},
                }
                for claim_id, d in rebuilt.definitions.items()
            },
            "failed": dict(rebuilt.failed),
        },
        ensure_ascii=False,
    )


def _decode(text: str) -> Rebuilt:
    data = json.loads(text)
    definitions = {
        claim_id: Definition(
            d["sql"],
            d["expected"],
            d["command"],
            {rid: (pair[0], pair[1]) for rid, pair in d["readings"].items()},
        )
        for claim_id, d in data["definitions"].items()
    }
    return Rebuilt(definitions, data["failed"])


def rebuild_definitions(
    results: str | os.PathLike[str],
    games: Sequence[str] = GAMES,
    *,
    seconds: float,
    memory_mb: int,
) -> Rebuilt:
    """:func:`rebuild_here` in a child process (``python -m asobi.core.rebuild RESULTS``),
    killed after ``seconds`` and limited to ``memory_mb`` MiB of address space; a
    :class:`DataError` (one line) when it fails or is stopped."""
    if not any(name in games for name in GAMES):
        return Rebuilt({}, {})

    def limit_memory() -> None:  # runs in the child, before exec
        size = memory_mb * 1024 * 1024
        resource.setrlimit(resource.RLIMIT_AS, (size, size))

    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "asobi.core.rebuild",
            str(Path(results).resolve()),
            *(name for name in GAMES if name in games),  # asobi's names only
        ],
        cwd=Path(results),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
        preexec_fn=limit_memory,  # noqa: PLW1509 -- only setrlimit, no threads started yet
    )
    try:
        output, errors = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise DataError(
            f"rebuilding asobi's definitions stopped at its time limit ({seconds:g} s)"
        ) from None
    if process.returncode != 0:
        last = (errors.strip().splitlines() or ["no output"])[-1]
        raise DataError(f"rebuilding asobi's definitions failed: {last[:300]}")
    try:
        return _decode(output)
    except (ValueError, KeyError, TypeError) as error:
        raise DataError(f"rebuilding asobi's definitions gave no definitions: {error}") from None


def main(argv: list[str]) -> int:
    """The child: rebuild the definitions of the folder ``argv[0]`` for the games named
    after it, print them as JSON."""
    out = sys.stdout
    with contextlib.redirect_stdout(sys.stderr):  # builders' prints must not mix in
        rebuilt = rebuild_here(argv[0], argv[1:])
    out.write(_encode(rebuilt))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
