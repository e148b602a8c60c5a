"""Re-check a verdict from the published tables alone: one DuckDB query per claim.

A claim builder computes its figures with pandas; its :class:`Recheck` states the same
figures again as one SQL query over the published Parquet files and the values the query
must return. The query is run twice: when the claims are built (against the very tables
the builder read, see :func:`asobi.core.claims.run_builders`; a disagreement fails the
run), and by anyone later with ``asobi claims recheck results`` or the ``duckdb`` command
line, since ``claims.parquet`` publishes it (columns ``recheck_sql``, ``recheck_expected``,
``recheck_command``).

Conventions:

* **Tables** are named as claims cite them: their path under the results folder, in single
  quotes, e.g. ``FROM 'daifugo/prime_tally.parquet'``. The query is meant to be run in the
  results folder (``cd results && duckdb -c "..."``), where DuckDB reads such a path as
  the file. asobi runs it on a connection that can read nothing but the tables the claim
  cites (each a view under its quoted path; every other file access is refused), so a
  query cannot read a table its claim does not cite.
* **Figures**: ``expected`` is a JSON object, column -> value, when the query returns one
  row, or a list of such objects when it returns rows (in the query's ``ORDER BY`` order;
  ``[]`` for "no row", e.g. no counterexample). The columns must be exactly the keys.
  Values are JSON values: numbers, strings, booleans, null, lists (a DuckDB ``LIST``) and
  objects (a ``STRUCT``); floats compare with a relative tolerance of 1e-9.
* **Proofs**: ``command`` (optional) is the ``asobi`` command that re-checks a proof the
  claim rests on (certificates, z3 lemmas), run in the results folder, e.g.
  ``asobi shiritori verify .``. Only ``asobi`` commands are allowed; ``asobi claims
  recheck`` runs each distinct command once.

>>> check = Recheck("SELECT count(*) AS n FROM 'g/a.parquet' WHERE x > 1", {"n": 2})
>>> check.tables
('g/a.parquet',)
>>> import pandas as pd
>>> check.differences({"g/a.parquet": pd.DataFrame({"x": [1, 2, 3]})})
[]
>>> check.differences({"g/a.parquet": pd.DataFrame({"x": [1, 2]})})
["figure 'n': the query gives 1, the claim states 2"]
"""

from __future__ import annotations

import datetime as dt
import json
import math
import os
import re
import shlex
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import click
import duckdb
import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.tables import read_table

#: A table path under the results folder (the same form claims cite in ``tables``).
TABLE_PATH = re.compile(r"^[a-z0-9_]+(/[a-z0-9_]+)*\.parquet$")

#: A single-quoted SQL string literal ('' is a quote inside it).
_LITERAL = re.compile(r"'((?:[^']|'')*)'")

#: Floats agree when they differ by at most this, relatively.
REL_TOL = 1e-9

#: What a query may read: a file, or (in tests) a frame standing in for it.
Source = Path | pd.DataFrame | pa.Table

#: The figures a query must return: one row (column -> value) or a list of rows.
Expected = dict[str, Any] | list[dict[str, Any]]


def table_references(sql: str) -> tuple[str, ...]:
    """The quoted ``'....parquet'`` paths ``sql`` names, in order of first use.

    >>> table_references("SELECT * FROM 'a/b.parquet' JOIN 'c.parquet' USING (k) WHERE s = 'x'")
    ('a/b.parquet', 'c.parquet')
    """
    found: list[str] = []
    for literal in _LITERAL.findall(sql):
        name = literal.replace("''", "'")
        if name.endswith(".parquet") and name not in found:
            found.append(name)
    return tuple(found)


def json_value(value: Any) -> Any:
    """``value`` as a plain JSON value (numpy and Decimal numbers, tuples, arrays...);
    a :class:`DataError` for what JSON cannot hold (NaN, dates, bytes: cast in the query).

    >>> import numpy as np
    >>> json_value({"n": np.int64(3), "xs": (1, 2.5), "ok": np.bool_(True)})
    {'n': 3, 'xs': [1, 2.5], 'ok': True}
    """
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, float):
        if not math.isfinite(value):
            raise DataError(f"{value} is not a JSON number")
        return value
    if isinstance(value, Decimal):
        return int(value) if value == value.to_integral_value() else json_value(float(value))
    if isinstance(value, Mapping):
        return {str(key): json_value(item) for key, item in value.items()}
    if isinstance(value, (dt.date, dt.time, dt.timedelta, bytes)):
        raise DataError(f"{value!r} is not a JSON value: cast it to a string or number in SQL")
    if hasattr(value, "tolist"):  # numpy scalars and arrays, pyarrow scalars
        return json_value(value.tolist())
    if isinstance(value, (list, tuple)):
        return [json_value(item) for item in value]
    raise DataError(f"{value!r} ({type(value).__name__}) is not a JSON value")


def same_value(got: Any, want: Any) -> bool:
    """JSON values equal, floats within :data:`REL_TOL`; ``True`` is not ``1``."""
    if isinstance(got, bool) or isinstance(want, bool):
        return type(got) is type(want) and got == want
    if isinstance(got, (int, float)) and isinstance(want, (int, float)):
        if isinstance(got, float) or isinstance(want, float):
            return math.isclose(got, want, rel_tol=REL_TOL, abs_tol=0.0)
        return got == want
    if isinstance(got, list) and isinstance(want, list):
        return len(got) == len(want) and all(map(same_value, got, want))
    if isinstance(got, dict) and isinstance(want, dict):
        return got.keys() == want.keys() and all(same_value(got[k], want[k]) for k in got)
    return type(got) is type(want) and got == want


def _shown(value: Any) -> str:
    return json.dumps(value, ensure_ascii=False)


def differences(rows: Sequence[Mapping[str, Any]], expected: Expected) -> list[str]:
    """What differs between the ``rows`` a query returned and the ``expected`` figures, one
    line per figure (empty when they agree)."""
    many = isinstance(expected, list)
    wanted: list[dict[str, Any]] = expected if isinstance(expected, list) else [expected]
    if len(rows) != len(wanted):
        shape = f"{len(wanted)} rows" if many else "one row"
        return [f"the query returns {len(rows)} rows, the claim states {shape}"]
    problems = []
    for index, (row, want) in enumerate(zip(rows, wanted, strict=True)):
        where = f"row {index + 1}, " if many else ""
        if set(row) != set(want):
            problems.append(
                f"{where}the query returns the columns {sorted(row)}, the claim states "
                f"{sorted(want)}"
            )
            continue
        for name, value in want.items():
            if not same_value(row[name], value):
                problems.append(
                    f"{where}figure {name!r}: the query gives {_shown(row[name])}, "
                    f"the claim states {_shown(value)}"
                )
    return problems


def run_query(sql: str, sources: Mapping[str, Source], threads: int = 1) -> list[dict[str, Any]]:
    """The rows (column -> JSON value) of ``sql`` run with DuckDB, where each quoted name of
    ``sources`` reads its file or frame and nothing else can be read.

    One ``SELECT`` statement only. A :class:`DataError` when the query fails, reads a table
    that is not in ``sources`` or another file, or returns a value JSON cannot hold.
    """
    con = duckdb.connect(":memory:", config={"threads": threads})
    try:
        con.execute("SET enable_progress_bar = false")
        files = {name: src.resolve() for name, src in sources.items() if isinstance(src, Path)}
        con.execute("SET allowed_paths = ?", [[str(path) for path in files.values()]])
        for name, source in sources.items():
            if not TABLE_PATH.match(name):
                raise DataError(f"{name!r} is not a results table path")
            if name in files:
                if not files[name].is_file():
                    raise DataError(f"the table {name} is missing ({files[name]})")
                path = str(files[name]).replace("'", "''")
                view = name.replace('"', '""')
                con.execute(f"CREATE VIEW \"{view}\" AS SELECT * FROM read_parquet('{path}')")
            else:
                con.register(name, source)
        con.execute("SET enable_external_access = false")
        con.execute("SET lock_configuration = true")
        statements = con.extract_statements(sql)
        if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
            raise DataError("a recheck query is one SELECT statement")
        try:
            result = con.execute(sql)
            names = [column[0] for column in result.description or []]
            values = result.fetchall()
        except duckdb.PermissionException as error:
            readable = ", ".join(sorted(sources)) or "none"
            raise DataError(
                f"the query reads a file other than the tables it may read ({readable}): {error}"
            ) from error
        except duckdb.Error as error:
            raise DataError(f"the query fails: {error}") from error
    finally:
        con.close()
    if len(set(names)) != len(names):
        raise DataError(f"the query returns duplicate column names: {names}")
    return [dict(zip(names, map(json_value, row), strict=True)) for row in values]


def command_argv(command: str) -> list[str]:
    """The arguments of an ``asobi ...`` proof command; a :class:`DataError` for any other,
    or for an ``asobi`` command or sub-command that does not exist.

    >>> command_argv("asobi shiritori verify .")
    ['shiritori', 'verify', '.']
    """
    try:
        words = shlex.split(command)
    except ValueError as error:
        raise DataError(f"proof command {command!r}: {error}") from error
    if len(words) < 2 or words[0] != "asobi":
        raise DataError(f"proof command {command!r} is not an asobi command")
    from asobi.cli import cli  # the command line, only when a proof command is named

    context = click.Context(cli)
    top = cli.get_command(context, words[1])
    if top is None:
        raise DataError(f"proof command {command!r}: asobi has no command {words[1]!r}")
    if isinstance(top, click.Group) and (
        len(words) < 3 or top.get_command(context, words[2]) is None
    ):
        raise DataError(f"proof command {command!r}: asobi {words[1]} has no such command")
    return words[1:]


@dataclass(frozen=True)
class ProofRun:
    """The outcome of one proof command: its exit status and the end of its output."""

    command: str
    returncode: int
    output: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0


def run_command(command: str, results: str | os.PathLike[str]) -> ProofRun:
    """Run the ``asobi`` proof ``command`` in the folder ``results`` (this Python's asobi)."""
    argv = [sys.executable, "-m", "asobi", *command_argv(command)]
    done = subprocess.run(argv, cwd=results, capture_output=True, text=True, check=False)
    lines = (done.stdout + done.stderr).strip().splitlines()
    return ProofRun(command, done.returncode, "\n".join(lines[-5:]))


@dataclass(frozen=True)
class Recheck:
    """One query that re-derives a claim's decisive figures from the published tables.

    ``sql``: one DuckDB ``SELECT`` over tables named ``'game/table.parquet'`` (paths under
    the results folder, all cited by the claim); ``expected``: the figures it must return
    (a JSON object for one row, a list of objects for rows), as the builder computed them;
    ``command``: optionally, the ``asobi`` command that re-checks a proof the claim rests
    on (run in the results folder). See the module's docstring for the conventions.
    """

    sql: str
    expected: Expected = field(hash=False)
    command: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "sql", self.sql.strip())
        if not self.sql:
            raise DataError("a recheck needs a query")
        if not self.tables:
            raise DataError(f"the recheck query reads no quoted 'game/table.parquet': {self.sql}")
        for name in self.tables:
            if not TABLE_PATH.match(name):
                raise DataError(f"the recheck query reads {name!r}, not a results table path")
        expected = json_value(self.expected)
        rows = expected if isinstance(expected, list) else [expected]
        if not isinstance(expected, (dict, list)) or not all(
            isinstance(row, dict) and row for row in rows
        ):
            raise DataError(
                f"recheck figures must be a non-empty JSON object or a list of them: {expected!r}"
            )
        object.__setattr__(self, "expected", expected)
        if self.command is not None:
            command_argv(self.command)

    @property
    def tables(self) -> tuple[str, ...]:
        """The tables the query names (see :func:`table_references`)."""
        return table_references(self.sql)

    @property
    def expected_json(self) -> str:
        """``expected`` as it is published (column ``recheck_expected``)."""
        return json.dumps(self.expected, ensure_ascii=False)

    @classmethod
    def from_columns(cls, sql: Any, expected_json: Any, command: Any = None) -> Recheck | None:
        """The recheck of a published claims row (``None`` when it has no query)."""
        if not isinstance(sql, str) or not sql.strip():
            return None
        if not isinstance(expected_json, str):
            raise DataError(f"a recheck query without its figures: {sql}")
        try:
            expected = json.loads(expected_json)
        except json.JSONDecodeError as error:
            raise DataError(f"recheck figures are not JSON: {expected_json!r}") from error
        return cls(sql, expected, command if isinstance(command, str) else None)

    def run(self, sources: Mapping[str, Source], threads: int = 1) -> list[dict[str, Any]]:
        """The rows of the query over ``sources`` (:func:`run_query`)."""
        return run_query(self.sql, sources, threads)

    def differences(self, sources: Mapping[str, Source], threads: int = 1) -> list[str]:
        """What differs between the query over ``sources`` and ``expected`` (empty: agree)."""
        return differences(self.run(sources, threads), self.expected)


# --- re-checking a published run -----------------------------------------------------------


@dataclass(frozen=True)
class ClaimCheck:
    """What re-checking one published claim found: ``status`` is ``ok``, ``mismatch`` (a
    figure differs, the query fails or a proof check fails: ``problems`` says which) or
    ``no query`` (the claim has no recheck: it is not a pass)."""

    claim_id: str
    status: str
    problems: tuple[str, ...] = ()

    def line(self) -> str:
        """One line for the terminal: the status, the claim, and what differs."""
        status = "MISMATCH" if self.status == "mismatch" else self.status
        text = f"{status:<9} {self.claim_id}"
        return f"{text}: {'; '.join(self.problems)}" if self.problems else text


@dataclass(frozen=True)
class RecheckReport:
    """Every claim re-checked (:func:`recheck_results`) and every proof command run."""

    checks: tuple[ClaimCheck, ...]
    proofs: tuple[ProofRun, ...]
    proofs_skipped: bool

    @property
    def failed(self) -> bool:
        return any(check.status == "mismatch" for check in self.checks)

    def summary(self) -> str:
        """``N claims: a ok, b mismatched, c without a query; proof checks: ...``."""
        count = {s: sum(c.status == s for c in self.checks) for s in ("ok", "mismatch", "no query")}
        if self.proofs_skipped:
            proofs = "proof checks skipped"
        else:
            bad = sum(not run.ok for run in self.proofs)
            proofs = f"{len(self.proofs)} proof checks run, {bad} failed"
        return (
            f"{len(self.checks)} claims: {count['ok']} ok, {count['mismatch']} mismatched, "
            f"{count['no query']} without a query; {proofs}"
        )


def recheck_results(
    results: str | os.PathLike[str],
    *,
    proofs: bool = True,
    claim_ids: Sequence[str] = (),
    threads: int = 1,
    on_check: Callable[[ClaimCheck], None] | None = None,
) -> RecheckReport:
    """Re-check the claims of ``results/claims.parquet`` and their readings
    (``results/claim_readings.parquet``) from the published files alone.

    Each row's query runs with DuckDB on the tables it names, which the row must cite (files
    under ``results``; it can read nothing else), its figures are compared with
    ``recheck_expected``, and (unless ``proofs`` is false) each distinct ``recheck_command``
    runs once in ``results``. ``claim_ids``: only these
    claims (an unknown id is a :class:`DataError`); ``on_check`` is called with each claim's
    check as soon as it is done (the command line prints it).
    """
    folder = Path(results)
    path = folder / "claims.parquet"
    if not path.is_file():
        raise DataError(f"{path} does not exist: run the workflow first")
    frame = read_table(path)
    missing = {"claim_id", "tables", "recheck_sql", "recheck_expected"} - set(frame.columns)
    if missing:
        raise DataError(
            f"{path} has no column {', '.join(sorted(missing))} (written by an older asobi)"
        )
    if claim_ids:
        unknown = sorted(set(claim_ids) - set(frame["claim_id"]))
        if unknown:
            raise DataError(f"{path} has no claim {', '.join(unknown)}")
        frame = frame[frame["claim_id"].isin(claim_ids)]
    readings = _published_readings(folder, frame)
    runs: dict[str, ProofRun] = {}
    checks = []
    for row in frame.to_dict("records"):
        check = _check_row(row, folder, runs if proofs else None, threads)
        check = _check_readings(check, row, readings, folder, threads)
        if on_check is not None:
            on_check(check)
        checks.append(check)
    return RecheckReport(tuple(checks), tuple(runs.values()), not proofs)


def _published_readings(folder: Path, claims: pd.DataFrame) -> pd.DataFrame:
    """``claim_readings.parquet`` of a results folder, checked against the headline rule:
    a claim's verdict is its readings' headline (a claim that breaks it gets a MISMATCH
    line, see :func:`_check_readings`)."""
    path = folder / "claim_readings.parquet"
    if not path.is_file():
        raise DataError(f"{path} does not exist (the claims were written by an older asobi)")
    frame = read_table(path)
    wanted = {"claim_id", "reading_id", "verdict", "recheck_sql", "recheck_expected"}
    missing = wanted - set(frame.columns)
    if missing:
        raise DataError(f"{path} has no column {', '.join(sorted(missing))}")
    return frame


def _check_readings(
    check: ClaimCheck,
    row: Mapping[str, Any],
    readings: pd.DataFrame,
    folder: Path,
    threads: int,
) -> ClaimCheck:
    """``check`` with the problems of the claim's readings added: the headline rule
    (:func:`asobi.core.claims.check_headlines`), and each reading's own query (one that
    repeats the claim's query is not run twice)."""
    from asobi.core.claims import check_headlines  # claims imports this module

    claim_id = row["claim_id"]
    own = readings[readings["claim_id"] == claim_id]
    claim_row = pd.DataFrame({"claim_id": [claim_id], "verdict": [row.get("verdict")]})
    problems = list(check.problems) + check_headlines(claim_row, own)
    cited = {str(name) for name in row["tables"]}
    ran = False
    for reading in own.to_dict("records"):
        if reading["recheck_sql"] == row["recheck_sql"] and (
            reading["recheck_expected"] == row["recheck_expected"]
        ):
            continue
        try:
            recheck = Recheck.from_columns(reading["recheck_sql"], reading["recheck_expected"])
            if recheck is None:
                continue
            uncited = [name for name in recheck.tables if name not in cited]
            if uncited:
                raise DataError(
                    f"the query reads {', '.join(uncited)}, which the claim does not cite"
                )
            ran = True
            found = recheck.differences({name: folder / name for name in recheck.tables}, threads)
        except DataError as error:
            found = [str(error)]
        problems += [f"reading {reading['reading_id']}: {problem}" for problem in found]
    if problems != list(check.problems):
        return ClaimCheck(claim_id, "mismatch", tuple(problems))
    if check.status == "no query" and ran:
        return ClaimCheck(claim_id, "ok")  # its readings' queries re-check it
    return check


def _check_row(
    row: Mapping[str, Any], folder: Path, runs: dict[str, ProofRun] | None, threads: int
) -> ClaimCheck:
    """Re-check one published claims row; ``runs`` caches the proof commands already run
    (``None``: run none)."""
    claim_id = row["claim_id"]
    try:
        recheck = Recheck.from_columns(
            row["recheck_sql"], row["recheck_expected"], row.get("recheck_command")
        )
    except DataError as error:
        return ClaimCheck(claim_id, "mismatch", (str(error),))
    if recheck is None:
        return ClaimCheck(claim_id, "no query")
    cited = {str(name) for name in row["tables"]}
    uncited = [name for name in recheck.tables if name not in cited]
    try:
        if uncited:
            raise DataError(f"the query reads {', '.join(uncited)}, which the claim does not cite")
        problems = recheck.differences({name: folder / name for name in recheck.tables}, threads)
    except DataError as error:
        problems = [str(error)]
    if recheck.command is not None and runs is not None:
        if recheck.command not in runs:
            runs[recheck.command] = run_command(recheck.command, folder)
        run = runs[recheck.command]
        if not run.ok:
            last = run.output.splitlines()[-1:] or ["no output"]
            problems.append(f"proof check `{run.command}` fails (exit {run.returncode}): {last[0]}")
    return ClaimCheck(claim_id, "mismatch" if problems else "ok", tuple(problems))
