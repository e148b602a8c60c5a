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
* **Proofs**: ``command`` (optional) names the proof check the claim rests on
  (certificates), as the checks asobi defines name it (:mod:`asobi.core.proof_checks`), e.g.
  ``asobi shiritori verify .``. It is published for the reader; ``asobi claims recheck``
  never runs it: it runs the check the installed asobi defines for the claim and reports a
  published command that differs (:mod:`asobi.core.recheck_run`).
* **Bounds**: :func:`run_query` runs under :class:`QueryLimits`: a time limit (the query
  is interrupted), a DuckDB memory limit with no spilling to disk, a thread count, and a
  cap on the rows it may return.

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
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError

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


#: The longest published query or figures (``recheck_sql``, ``recheck_expected``) read.
MAX_PUBLISHED_CHARS = 1_000_000

#: The deepest nesting of published figures (lists and objects) read.
MAX_FIGURES_DEPTH = 32


def _reject_constant(name: str) -> Any:
    raise DataError(f"recheck figures are not strict JSON: {name} is not a JSON number")


def _depth(value: Any) -> int:
    """How deeply lists and objects nest in ``value`` (iteratively: no recursion limit)."""
    deepest, stack = 0, [(value, 0)]
    while stack:
        item, level = stack.pop()
        deepest = max(deepest, level)
        if deepest > MAX_FIGURES_DEPTH:
            break
        if isinstance(item, dict):
            stack.extend((child, level + 1) for child in item.values())
        elif isinstance(item, list):
            stack.extend((child, level + 1) for child in item)
    return deepest


def parse_figures(text: str) -> Any:
    """Published figures (``recheck_expected``) as JSON values: a :class:`DataError` when
    they are not strict JSON (``NaN`` and ``Infinity`` included), longer than
    :data:`MAX_PUBLISHED_CHARS` or nested deeper than :data:`MAX_FIGURES_DEPTH`.

    >>> parse_figures('{"n": 3}')
    {'n': 3}
    >>> parse_figures('{"n": NaN}')
    Traceback (most recent call last):
    asobi.core.errors.DataError: recheck figures are not strict JSON: NaN is not a JSON number
    """
    if len(text) > MAX_PUBLISHED_CHARS:
        raise DataError(f"recheck figures are longer than {MAX_PUBLISHED_CHARS} characters")
    if text.count("[") + text.count("{") > MAX_FIGURES_DEPTH and _bracket_depth(text) > (
        MAX_FIGURES_DEPTH
    ):
        raise DataError(f"recheck figures nest deeper than {MAX_FIGURES_DEPTH} levels")
    try:
        value = json.loads(text, parse_constant=_reject_constant)
    except (json.JSONDecodeError, RecursionError) as error:
        raise DataError(f"recheck figures are not JSON: {text[:80]!r}…: {error}") from None
    if _depth(value) > MAX_FIGURES_DEPTH:
        raise DataError(f"recheck figures nest deeper than {MAX_FIGURES_DEPTH} levels")
    return value


def _bracket_depth(text: str) -> int:
    """The deepest bracket nesting of JSON ``text``, outside strings (before parsing it)."""
    deepest = level = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            level += 1
            deepest = max(deepest, level)
        elif char in "]}":
            level -= 1
    return deepest


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


@dataclass(frozen=True)
class QueryLimits:
    """What one recheck query may use: ``seconds`` of wall time (then DuckDB is
    interrupted), ``memory_mb`` MiB of DuckDB memory (nothing spills to disk), ``threads``
    and at most ``max_rows`` result rows. The defaults fit 2 cores and 24 GiB; ``asobi
    claims recheck`` takes them from the config schema (``report.recheck_*``)."""

    seconds: float = 60.0
    memory_mb: int = 4096
    threads: int = 1
    max_rows: int = 10_000


def run_query(
    sql: str,
    sources: Mapping[str, Source],
    threads: int = 1,
    limits: QueryLimits | None = None,
) -> list[dict[str, Any]]:
    """The rows (column -> JSON value) of ``sql`` run with DuckDB, where each quoted name of
    ``sources`` reads its file or frame and nothing else can be read.

    One ``SELECT`` statement only, bounded by ``limits`` (default: :class:`QueryLimits`
    with ``threads``). A :class:`DataError` when the query fails, reads a table that is not
    in ``sources`` or another file, goes over a limit, or returns a value JSON cannot hold.
    """
    limits = limits or QueryLimits(threads=threads)
    for name in sources:
        if not TABLE_PATH.match(name):
            raise DataError(f"{name!r} is not a results table path")
    files = {name: src.resolve() for name, src in sources.items() if isinstance(src, Path)}
    # a query over frames only gets a connection of the process's in-memory database
    con = _files_connection(files, limits) if files else _in_memory_database(limits).cursor()
    timer = threading.Timer(limits.seconds, con.interrupt)
    try:
        for name, source in sources.items():
            if name not in files:
                con.register(name, source)
        statements = con.extract_statements(sql)
        if len(statements) != 1 or statements[0].type != duckdb.StatementType.SELECT:
            raise DataError("a recheck query is one SELECT statement")
        timer.start()
        try:
            result = con.execute(sql)
            names = [column[0] for column in result.description or []]
            values = result.fetchmany(limits.max_rows + 1)
        except duckdb.InterruptException:
            raise DataError(
                f"the query was stopped at its time limit ({limits.seconds:g} s)"
            ) from None
        except duckdb.OutOfMemoryException:
            raise DataError(
                f"the query went over its memory limit ({limits.memory_mb} MiB)"
            ) from None
        except duckdb.PermissionException as error:
            readable = ", ".join(sorted(sources)) or "none"
            raise DataError(
                f"the query reads a file other than the tables it may read ({readable}): {error}"
            ) from error
        except duckdb.Error as error:
            first = (str(error).splitlines() or ["?"])[0]
            raise DataError(f"the query fails: {first}") from error
    finally:
        timer.cancel()
        con.close()
    if len(values) > limits.max_rows:
        raise DataError(f"the query returns more than {limits.max_rows} rows")
    if len(set(names)) != len(names):
        raise DataError(f"the query returns duplicate column names: {names}")
    return [dict(zip(names, map(json_value, row), strict=True)) for row in values]


def _files_connection(files: Mapping[str, Path], limits: QueryLimits) -> duckdb.DuckDBPyConnection:
    """A new database where each name of ``files`` is a view of its Parquet file, the only
    files it may read (``allowed_paths``, then external access off and the settings
    locked); the other sources are registered on it by the caller."""
    con = duckdb.connect(":memory:", config={"threads": limits.threads})
    try:
        _bound(con, limits)
        con.execute("SET allowed_paths = ?", [[str(path) for path in files.values()]])
        for name, path in files.items():
            if not path.is_file():
                raise DataError(f"the table {name} is missing ({path})")
            quoted = str(path).replace("'", "''")
            view = name.replace('"', '""')
            con.execute(f"CREATE VIEW \"{view}\" AS SELECT * FROM read_parquet('{quoted}')")
        _lock(con)
    except BaseException:
        con.close()
        raise
    return con


#: The databases of :func:`_in_memory_database`, by process and limits.
_IN_MEMORY: dict[tuple[int, int, int], duckdb.DuckDBPyConnection] = {}
_IN_MEMORY_LOCK = threading.Lock()


def _in_memory_database(limits: QueryLimits) -> duckdb.DuckDBPyConnection:
    """One database per process (and memory and thread limits) for the queries that read
    only frames: it reads no file at all (external access off and the settings locked from
    the start), and each query runs on its own connection (``cursor()``), where only its
    sources are registered: DuckDB keeps a connection's registered tables to that
    connection. Starting a DuckDB database costs about 20 ms, a connection about 1 ms, and
    the claims tests run some two thousand queries on frames.

    A forked process starts its own (the key holds the process id)."""
    key = (os.getpid(), int(limits.memory_mb), int(limits.threads))
    with _IN_MEMORY_LOCK:
        database = _IN_MEMORY.get(key)
        if database is None:
            database = duckdb.connect(":memory:", config={"threads": limits.threads})
            _bound(database, limits)
            _lock(database)
            _IN_MEMORY[key] = database
    return database


def _bound(con: duckdb.DuckDBPyConnection, limits: QueryLimits) -> None:
    con.execute("SET enable_progress_bar = false")
    con.execute(f"SET memory_limit = '{int(limits.memory_mb)}MB'")
    con.execute("SET temp_directory = ''")  # never spill to disk


def _lock(con: duckdb.DuckDBPyConnection) -> None:
    """No file beyond ``allowed_paths`` (none unless set), and no setting changes after."""
    con.execute("SET enable_external_access = false")
    con.execute("SET lock_configuration = true")


#: A proof command as a claim may name one: ``asobi`` and plain words (no shell syntax).
_COMMAND = re.compile(r"^asobi( [A-Za-z0-9._-]+)+$")


def check_command(command: str) -> str:
    """``command`` when it reads as an ``asobi`` command of plain words; a
    :class:`DataError` otherwise. (What a claim's proof check *is* is decided by the
    installed asobi's definitions, :mod:`asobi.core.proof_checks`, not by this string.)

    >>> check_command("asobi shiritori verify .")
    'asobi shiritori verify .'
    """
    if not _COMMAND.match(command):
        raise DataError(f"proof command {command!r} is not an asobi command of plain words")
    return command


@dataclass(frozen=True)
class Recheck:
    """One query that re-derives a claim's decisive figures from the published tables.

    ``sql``: one DuckDB ``SELECT`` over tables named ``'game/table.parquet'`` (paths under
    the results folder, all cited by the claim); ``expected``: the figures it must return
    (a JSON object for one row, a list of objects for rows), as the builder computed them;
    ``command``: optionally, the proof check the claim rests on, as published (asobi's
    definitions are :mod:`asobi.core.proof_checks`; never run from the data).
    See the module's docstring for the conventions.
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
            check_command(self.command)

    @property
    def tables(self) -> tuple[str, ...]:
        """The tables the query names (see :func:`table_references`)."""
        return table_references(self.sql)

    @property
    def expected_json(self) -> str:
        """``expected`` as it is published (column ``recheck_expected``)."""
        return json.dumps(self.expected, ensure_ascii=False)

    @classmethod
    def from_columns(cls, sql: Any, expected_json: Any) -> Recheck | None:
        """The recheck of a published claims or readings row (``None`` when it has no
        query); its proof command is not taken from the data (see
        :mod:`asobi.core.recheck_run`)."""
        if not isinstance(sql, str) or not sql.strip():
            return None
        if len(sql) > MAX_PUBLISHED_CHARS:
            raise DataError(f"the recheck query is longer than {MAX_PUBLISHED_CHARS} characters")
        if not isinstance(expected_json, str):
            raise DataError(f"a recheck query without its figures: {sql[:200]}")
        return cls(sql, parse_figures(expected_json))

    def run(
        self, sources: Mapping[str, Source], threads: int = 1, limits: QueryLimits | None = None
    ) -> list[dict[str, Any]]:
        """The rows of the query over ``sources`` (:func:`run_query`)."""
        return run_query(self.sql, sources, threads, limits)

    def differences(
        self, sources: Mapping[str, Source], threads: int = 1, limits: QueryLimits | None = None
    ) -> list[str]:
        """What differs between the query over ``sources`` and ``expected`` (empty: agree)."""
        return differences(self.run(sources, threads, limits), self.expected)
