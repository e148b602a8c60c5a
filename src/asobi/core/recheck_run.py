"""``asobi claims recheck``: re-check a published results folder that may come from anyone.

The data never chooses what runs. For each claim of ``claims.parquet`` (and each of its
readings in ``claim_readings.parquet``):

* its query runs on the tables it cites (files inside the folder; a symbolic link out of it,
  a missing or empty file is a MISMATCH), bounded by :class:`RecheckLimits` (time, DuckDB
  memory, threads, result rows; and all queries together by a total time);
* its proof check is the one the *installed* asobi defines for the claim
  (:func:`~asobi.core.proof_checks.declared_proof_checks`), run once per check with fixed
  arguments under a time limit; a published ``recheck_command`` that differs is a MISMATCH
  and is never run;
* *whose query*: the installed asobi's builders are run on the same tables
  (:mod:`asobi.core.rebuild`) and the claim's query, figures, proof command and readings
  are compared with theirs: ``asobi's query``, ``not asobi's query: …`` or
  ``not compared: …``. With ``strict``, anything but ``asobi's query`` fails the run.

The summary says once when the folder was written by another asobi version (Parquet
metadata ``asobi.version``).
"""

from __future__ import annotations

import math
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq

import asobi
from asobi.core.config import schema_entry
from asobi.core.errors import DataError
from asobi.core.games import GAMES
from asobi.core.proof_checks import (
    ProofCheck,
    ProofRun,
    declared_claim_ids,
    declared_proof_checks,
    run_proof_check,
)
from asobi.core.rebuild import Definition, Rebuilt, rebuild_definitions
from asobi.core.recheck import TABLE_PATH, QueryLimits, Recheck, parse_figures, same_value

#: The most claims (and readings) a folder may publish.
MAX_ROWS = 100_000

#: The least address space the rebuild child gets (numba and LLVM reserve much virtual
#: memory when the games' kernels load), MiB.
REBUILD_MEMORY_FLOOR_MB = 4096

#: Whose query a claim has (the start of :attr:`ClaimCheck.whose`).
ASOBIS = "asobi's query"


@dataclass(frozen=True)
class RecheckLimits:
    """The bounds of one ``asobi claims recheck`` run: each query's (:class:`QueryLimits`),
    each proof check's time, the rebuild's time and memory, and all queries' total time."""

    query: QueryLimits = QueryLimits()
    proof_seconds: float = 1800.0
    rebuild_seconds: float = 600.0
    total_seconds: float = 3600.0

    @classmethod
    def defaults(cls) -> RecheckLimits:
        """The defaults of the config schema (``report.recheck_*``)."""

        def default(key: str) -> Any:
            return schema_entry("report", f"recheck_{key}")["default"]

        return cls(
            QueryLimits(
                seconds=float(default("query_seconds")),
                memory_mb=int(default("memory_mb")),
                threads=int(default("threads")),
            ),
            proof_seconds=float(default("proof_seconds")),
            rebuild_seconds=float(default("rebuild_seconds")),
            total_seconds=float(default("total_seconds")),
        )


@dataclass(frozen=True)
class ClaimCheck:
    """What re-checking one published claim found: ``status`` is ``ok``, ``mismatch`` (a
    figure differs, the query fails or goes over a limit, a proof check fails or the
    published one is not asobi's: ``problems`` says which) or ``no query`` (not a pass);
    ``whose`` says whether its query is the installed asobi's."""

    claim_id: str
    status: str
    problems: tuple[str, ...] = ()
    whose: str = "not compared"

    @property
    def asobis(self) -> bool:
        return self.whose == ASOBIS

    def line(self) -> str:
        """One line for the terminal: the status, the claim, what differs, whose query."""
        status = "MISMATCH" if self.status == "mismatch" else self.status
        text = f"{status:<9} {self.claim_id}"
        if self.problems:
            text += f": {'; '.join(self.problems)}"
        return f"{text}  [{self.whose}]"


@dataclass(frozen=True)
class RecheckReport:
    """Every claim re-checked (:func:`recheck_results`), every proof check run, and the
    notes of the summary (another asobi version, claims the dataset lacks, ...)."""

    checks: tuple[ClaimCheck, ...]
    proofs: tuple[ProofRun, ...]
    proofs_skipped: bool
    notes: tuple[str, ...] = ()
    strict: bool = False
    #: Notes that are differences from the installed asobi (they fail a strict run).
    strict_notes: tuple[str, ...] = ()

    @property
    def failed(self) -> bool:
        if any(check.status == "mismatch" for check in self.checks):
            return True
        if self.strict:
            return bool(self.strict_notes) or not all(check.asobis for check in self.checks)
        return False

    def summary(self) -> str:
        """``N claims: a ok, b mismatched, c without a query; proof checks: ...; queries:
        x asobi's, y not asobi's, z not compared`` and the notes."""
        count = {s: sum(c.status == s for c in self.checks) for s in ("ok", "mismatch", "no query")}
        if self.proofs_skipped:
            proofs = "proof checks skipped"
        else:
            bad = sum(not run.ok for run in self.proofs)
            proofs = f"{len(self.proofs)} proof checks run, {bad} failed"
        mine = sum(check.asobis for check in self.checks)
        foreign = sum(check.whose.startswith("not asobi's") for check in self.checks)
        unknown = len(self.checks) - mine - foreign
        parts = [
            f"{len(self.checks)} claims: {count['ok']} ok, {count['mismatch']} mismatched, "
            f"{count['no query']} without a query; {proofs}; queries: {mine} asobi's, "
            f"{foreign} not asobi's, {unknown} not compared",
            *self.notes,
        ]
        if self.strict and self.failed and count["mismatch"] == 0:
            parts.append("--strict: a difference from the installed asobi fails the run")
        return "; ".join(parts)


def _inside(folder: Path, name: str) -> Path:
    """The file ``folder/name`` of a published table, checked: a results table path, a
    file inside ``folder`` (no symbolic link out of it), not empty."""
    if not isinstance(name, str) or not TABLE_PATH.match(name):
        raise DataError(f"{name!r} is not a results table path")
    path = folder / name
    if not path.exists():
        raise DataError(f"the table {name} is missing")
    resolved = path.resolve()
    if not resolved.is_relative_to(folder.resolve()):
        raise DataError(f"the table {name} is a link out of the results folder ({resolved})")
    if not resolved.is_file():
        raise DataError(f"the table {name} is not a file")
    if resolved.stat().st_size == 0:
        raise DataError(f"the table {name} is empty (0 bytes)")
    return path


def _read_published(folder: Path, name: str, columns: set[str]) -> pd.DataFrame:
    """The published table ``folder/name`` (``claims.parquet``, ``claim_readings.parquet``)
    with ``columns``, at most :data:`MAX_ROWS` rows: a :class:`DataError` in one line
    otherwise."""
    path = folder / name
    if not path.exists():
        raise DataError(f"{path} does not exist: run the workflow first")
    _inside(folder, name)
    try:
        rows = pq.read_metadata(path).num_rows
        if rows > MAX_ROWS:
            raise DataError(f"{path} has {rows} rows, more than {MAX_ROWS}")
        frame = pq.read_table(path).to_pandas()
    except DataError:
        raise
    except Exception as error:  # noqa: BLE001 -- pyarrow raises many kinds on a bad file
        reason = (str(error).splitlines() or [type(error).__name__])[0]
        raise DataError(f"{path} is not a Parquet table ({reason})") from None
    missing = columns - set(frame.columns)
    if missing:
        raise DataError(
            f"{path} has no column {', '.join(sorted(missing))} (written by an older asobi?)"
        )
    if not all(isinstance(value, str) for value in frame["claim_id"]):
        raise DataError(f"{path}: a claim_id is not a string")
    return frame


def written_by(folder: Path) -> str | None:
    """The asobi version that wrote ``claims.parquet`` (its ``asobi.version``), if any."""
    try:
        metadata = pq.read_metadata(folder / "claims.parquet").metadata or {}
    except Exception:  # noqa: BLE001 -- already read once; a version is a nicety
        return None
    version = metadata.get(b"asobi.version")
    return version.decode("utf-8", "replace")[:40] if version else None


def recheck_results(
    results: str | os.PathLike[str],
    *,
    proofs: bool = True,
    claim_ids: Sequence[str] = (),
    limits: RecheckLimits | None = None,
    rebuild: bool = True,
    strict: bool = False,
    proof_checks: Mapping[str, ProofCheck] | None = None,
    on_check: Callable[[ClaimCheck], None] | None = None,
) -> RecheckReport:
    """Re-check the claims of ``results/claims.parquet`` and their readings
    (``results/claim_readings.parquet``) from the published files alone (see the module's
    docstring).

    ``proofs``: run the installed asobi's proof checks; ``claim_ids``: only these claims
    (an unknown id is a :class:`DataError`); ``limits``: the bounds (default
    :meth:`RecheckLimits.defaults`); ``rebuild``: rebuild asobi's definitions to say whose
    query each claim has (else "not compared"); ``strict``: any difference from the
    installed asobi fails; ``proof_checks``: claim id → check (default: the installed
    asobi's, :func:`declared_proof_checks`); ``on_check`` is called with each claim's check
    as soon as it is done.
    """
    folder = Path(results)
    limits = limits or RecheckLimits.defaults()
    registry = declared_proof_checks() if proof_checks is None else proof_checks
    wanted = {"claim_id", "tables", "recheck_sql", "recheck_expected"}
    frame = _read_published(folder, "claims.parquet", wanted)
    duplicated = sorted(set(frame["claim_id"][frame["claim_id"].duplicated()]))
    if duplicated:
        raise DataError(f"{folder / 'claims.parquet'} has duplicate claim ids: {duplicated[:5]}")
    if claim_ids:
        unknown = sorted(set(claim_ids) - set(frame["claim_id"]))
        if unknown:
            raise DataError(f"{folder / 'claims.parquet'} has no claim {', '.join(unknown)}")
        frame = frame[frame["claim_id"].isin(claim_ids)]
    readings = _read_published(
        folder,
        "claim_readings.parquet",
        {"claim_id", "reading_id", "verdict", "recheck_sql", "recheck_expected"},
    )
    notes, strict_notes = _version_notes(folder)
    games = sorted({str(claim_id).split(".")[0] for claim_id in frame["claim_id"]} & set(GAMES))
    rebuilt: Rebuilt | None = None
    if rebuild:
        try:
            rebuilt = rebuild_definitions(
                folder,
                games,
                seconds=limits.rebuild_seconds,
                memory_mb=max(2 * limits.query.memory_mb, REBUILD_MEMORY_FLOOR_MB),
            )
        except DataError as error:
            notes.append(str(error))
            strict_notes.append(str(error))
        else:
            if rebuilt.failed:
                first = next(iter(rebuilt.failed.items()))
                notes.append(
                    f"{len(rebuilt.failed)} of asobi's builders fail on these tables "
                    f"({first[0]}: {first[1]})"
                )
    if not claim_ids:
        lacking = sorted(
            claim_id
            for claim_id, game in declared_claim_ids().items()
            if game in games and claim_id not in set(frame["claim_id"])
        )
        if lacking:
            note = f"the dataset lacks {len(lacking)} of asobi's claims ({', '.join(lacking[:3])})"
            notes.append(note)
            strict_notes.append(note)
    run = _Run(folder, limits, registry, proofs, time.monotonic() + limits.total_seconds)
    checks = []
    for row in frame.to_dict("records"):
        own = readings[readings["claim_id"] == row["claim_id"]]
        check = run.check(row, own, rebuilt if rebuild else None, rebuild)
        if on_check is not None:
            on_check(check)
        checks.append(check)
    return RecheckReport(
        tuple(checks),
        tuple(run.proof_runs.values()),
        not proofs,
        tuple(notes),
        strict,
        tuple(strict_notes),
    )


def _version_notes(folder: Path) -> tuple[list[str], list[str]]:
    """The summary's note when the folder was written by another asobi (once)."""
    version = written_by(folder)
    if version == asobi.__version__:
        return [], []
    writer = f"asobi {version}" if version else "an unknown asobi version"
    return [f"written by {writer}, re-checked with asobi {asobi.__version__}"], []


def _is_missing(value: Any) -> bool:
    return value is None or (isinstance(value, float) and math.isnan(value))


class _Run:
    """One run's state: its folder and limits, the proof checks run so far, its deadline."""

    def __init__(
        self,
        folder: Path,
        limits: RecheckLimits,
        registry: Mapping[str, ProofCheck],
        proofs: bool,
        deadline: float,
    ) -> None:
        self.folder = folder
        self.limits = limits
        self.registry = registry
        self.proofs = proofs
        self.deadline = deadline
        self.proof_runs: dict[ProofCheck, ProofRun] = {}

    def _query_limits(self) -> QueryLimits:
        left = self.deadline - time.monotonic()
        if left <= 0:
            raise DataError(
                f"not re-checked: the run's time limit ({self.limits.total_seconds:g} s) passed"
            )
        query = self.limits.query
        return QueryLimits(min(query.seconds, left), query.memory_mb, query.threads, query.max_rows)

    def _differences(self, sql: Any, expected: Any, cited: set[str]) -> list[str] | None:
        """What differs when the query ``sql`` runs (``None``: there is no query)."""
        try:
            recheck = Recheck.from_columns(sql, expected)
            if recheck is None:
                return None
            uncited = [name for name in recheck.tables if name not in cited]
            if uncited:
                raise DataError(
                    f"the query reads {', '.join(uncited)}, which the claim does not cite"
                )
            sources = {name: _inside(self.folder, name) for name in recheck.tables}
            return recheck.differences(sources, limits=self._query_limits())
        except DataError as error:
            return [str(error)]

    def check(
        self,
        row: Mapping[str, Any],
        readings: pd.DataFrame,
        rebuilt: Rebuilt | None,
        rebuild: bool,
    ) -> ClaimCheck:
        """Re-check one published claims row and its readings."""
        from asobi.core.claims import check_headlines  # claims imports recheck

        claim_id = row["claim_id"]
        tables = row["tables"]
        if tables is None or isinstance(tables, str) or not hasattr(tables, "__iter__"):
            return ClaimCheck(claim_id, "mismatch", ("its tables are not a list of paths",))
        cited = {str(name) for name in tables}
        problems = self._differences(row["recheck_sql"], row["recheck_expected"], cited)
        has_query = problems is not None
        problems = list(problems or [])
        claim_row = pd.DataFrame({"claim_id": [claim_id], "verdict": [row.get("verdict")]})
        problems += check_headlines(claim_row, readings)
        for reading in readings.to_dict("records"):
            if reading["recheck_sql"] == row["recheck_sql"] and (
                reading["recheck_expected"] == row["recheck_expected"]
            ):
                continue
            found = self._differences(reading["recheck_sql"], reading["recheck_expected"], cited)
            has_query = has_query or found is not None  # re-checked through its readings
            problems += [f"reading {reading['reading_id']}: {problem}" for problem in found or []]
        problems += self._proof_problems(claim_id, row.get("recheck_command"))
        whose = _whose(row, readings, rebuilt, rebuild)
        if problems:
            return ClaimCheck(claim_id, "mismatch", tuple(problems), whose)
        return ClaimCheck(claim_id, "ok" if has_query else "no query", (), whose)

    def _proof_problems(self, claim_id: str, published: Any) -> list[str]:
        """The published proof command compared with asobi's definition for the claim (a
        difference is a problem; the published command is never run), and asobi's own
        check run (once per run) when ``proofs`` is on."""
        check = self.registry.get(claim_id)
        published = None if _is_missing(published) else str(published)
        problems = []
        if published != (None if check is None else check.command):
            defined = f"`{check.command}`" if check else "none"
            if published is None:
                problems.append(f"the dataset names no proof check; asobi's is {defined}")
            else:
                problems.append(
                    f"the published proof command `{published[:200]}` is not asobi's proof "
                    f"check for this claim ({defined}); it was not run"
                )
        if check is not None and self.proofs:
            if check not in self.proof_runs:
                self.proof_runs[check] = run_proof_check(
                    check, self.folder, seconds=self.limits.proof_seconds
                )
            proof = self.proof_runs[check]
            if not proof.ok:
                problems.append(proof.problem(self.limits.proof_seconds))
        return problems


def _published_figures(text: Any) -> Any:
    try:
        return None if _is_missing(text) else parse_figures(str(text))
    except DataError:
        return DataError  # a marker: equal to no rebuilt figures


def _whose(
    row: Mapping[str, Any], readings: pd.DataFrame, rebuilt: Rebuilt | None, rebuild: bool
) -> str:
    """Whether the claim's query, figures, proof command and readings are the installed
    asobi's (see :mod:`asobi.core.rebuild`)."""
    claim_id = row["claim_id"]
    version = asobi.__version__
    if claim_id not in declared_claim_ids():
        return f"not asobi's query: asobi {version} has no claim {claim_id}"
    if not rebuild:
        return "not compared: --no-rebuild"
    if rebuilt is None:
        return "not compared: asobi's definitions could not be rebuilt"
    definition = rebuilt.definitions.get(claim_id)
    if definition is None:
        return "not compared: asobi's builder fails on these tables"
    differ = _differing_parts(row, readings, definition)
    if differ:
        verb = "differs" if len(differ) == 1 else "differ"
        return f"not asobi's query: its {', '.join(differ)} {verb} from asobi {version}'s"
    return ASOBIS


def _differing_parts(
    row: Mapping[str, Any], readings: pd.DataFrame, definition: Definition
) -> list[str]:
    """Which of a published claim's query, figures, proof command, readings differ from
    the installed asobi's ``definition``."""
    differ = []
    sql = None if _is_missing(row["recheck_sql"]) else str(row["recheck_sql"]).strip()
    if sql != definition.sql:
        differ.append("query")
    figures = _published_figures(row["recheck_expected"])
    if figures is DataError or not (
        (figures is None and definition.expected is None)
        or (figures is not None and same_value(figures, definition.expected))
    ):
        differ.append("figures")
    command = row.get("recheck_command")
    if (None if _is_missing(command) else command) != definition.command:
        differ.append("proof command")
    published = {}
    for reading in readings.to_dict("records"):
        reading_sql = reading["recheck_sql"]
        published[reading["reading_id"]] = (
            None if _is_missing(reading_sql) else str(reading_sql).strip(),
            _published_figures(reading["recheck_expected"]),
        )
    if set(published) != set(definition.readings) or any(
        published[rid][0] != definition.readings[rid][0]
        or not same_value(published[rid][1], definition.readings[rid][1])
        for rid in published
    ):
        differ.append("readings")
    return differ
