"""Claim rows: one place that defines what a checked claim looks like.

Each game writes ``results/<game>/claims.parquet``; the workflow merges them into
``results/claims.parquet``. Statements restate the articles in our own words; ``source``
cites the article by title and section (or a public reference with the revision read),
``passage`` quotes a few words that find the claim there and ``conditions`` states the
source's conditions and scope: the three come from the game's ``CITATIONS``
(:class:`~asobi.core.sources.Citation`), so that a verdict answers the source's question.
A claim may carry a :class:`~asobi.core.recheck.Recheck`: one DuckDB query that re-derives
its decisive figures from the tables it cites; :func:`run_builders` runs it against the
tables the builder read and fails when the query and the builder disagree.

**Readings.** Every claim is judged under one or more readings
(:class:`~asobi.core.readings.Reading`, module :mod:`asobi.core.readings`: the yardsticks
and the headline rule); a claim without explicit readings has one, ``as_stated``. Each game
writes them beside its claims (``results/<game>/claim_readings.parquet``, merged into
``results/claim_readings.parquet``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.errors import DataError
from asobi.core.readings import (
    AS_STATED,
    READING_COLUMNS,
    READING_SCHEMA,
    READING_VERDICTS,
    Reading,
    Verdict,
    check_headlines,
    headline_verdict,
    reading_slug,
    readings_caveat,
    readings_evidence,
    readings_from_holds,
    readings_path_for,
    verdict_from,
    verdict_over_readings,
)
from asobi.core.recheck import TABLE_PATH, Recheck, Source
from asobi.core.sources import Citation
from asobi.core.tables import read_as, write_table

__all__ = [
    "AS_STATED",
    "CLAIM_COLUMNS",
    "CLAIM_SCHEMA",
    "READING_COLUMNS",
    "READING_SCHEMA",
    "READING_VERDICTS",
    "Claim",
    "ClaimBuilder",
    "Reading",
    "ResultTables",
    "Verdict",
    "check_headlines",
    "claims_frame",
    "claims_from_inputs",
    "headline_verdict",
    "reading_slug",
    "readings_caveat",
    "readings_evidence",
    "readings_frame",
    "readings_from_holds",
    "readings_path_for",
    "recheck_claim",
    "run_builders",
    "verdict_from",
    "verdict_over_readings",
    "write_claims",
]


CLAIM_COLUMNS = (
    "claim_id",
    "game",
    "source",
    "passage",
    "conditions",
    "statement",
    "formal",
    "verdict",
    "caveat",
    "tables",
    "evidence",
    "recheck_sql",
    "recheck_expected",
    "recheck_command",
)

CLAIM_SCHEMA = pa.schema(
    [(name, pa.list_(pa.string()) if name == "tables" else pa.string()) for name in CLAIM_COLUMNS]
)


@dataclass(frozen=True)
class Claim:
    """One checked claim.

    ``source``, ``passage`` and ``conditions`` say where the claim is made and under what
    conditions (see :class:`~asobi.core.sources.Citation`; :meth:`cited` builds a claim
    from one); ``formal`` says exactly what was checked (in English); ``evidence`` is short text: a
    counterexample, a line of play, a proof method, every number in it computed in the run;
    ``tables`` lists the result tables (paths under ``results/``) the verdict was computed
    from (empty for a claim computed by the rules engine alone); ``caveat`` (optional) is
    a computed qualification of the verdict; ``recheck`` (optional) is the query that
    re-derives the decisive figures of the evidence from the cited tables, with those
    figures (:class:`~asobi.core.recheck.Recheck`; it may name only tables in ``tables``).
    """

    claim_id: str
    game: str
    source: str
    statement: str
    formal: str
    verdict: Verdict
    evidence: str
    tables: tuple[str, ...] = ()
    caveat: str | None = None
    passage: str = ""
    conditions: str = ""
    recheck: Recheck | None = None
    readings: tuple[Reading, ...] = ()

    @classmethod
    def cited(
        cls,
        claim_id: str,
        game: str,
        citation: Citation,
        *,
        statement: str,
        formal: str,
        evidence: str,
        verdict: Verdict | None = None,
        tables: Iterable[str] = (),
        caveat: str | None = None,
        recheck: Recheck | None = None,
        readings: Iterable[Reading] = (),
    ) -> Claim:
        """The claim ``claim_id`` made where ``citation`` says, under its conditions.

        With ``readings``, the verdict is their headline (:func:`headline_verdict`; a
        ``verdict`` given too must equal it) and, where they disagree, the caveat starts
        with which reading gives what (:func:`readings_caveat`). Without, ``verdict`` is
        required and the claim has one reading, ``as_stated``.
        """
        readings = tuple(readings)
        if readings:
            headline = headline_verdict(r.verdict for r in readings)
            if verdict is not None and Verdict(verdict) is not headline:
                raise DataError(
                    f"claim {claim_id!r}: verdict {Verdict(verdict).value} but its readings "
                    f"give {headline.value} ({readings_caveat(readings) or 'all agree'})"
                )
            verdict = headline
            split = readings_caveat(readings)
            if split is not None:
                caveat = f"{split}. {caveat}" if caveat else split
        elif verdict is None:
            raise DataError(f"claim {claim_id!r}: a verdict or readings are needed")
        return cls(
            claim_id,
            game,
            citation.source,
            statement,
            formal,
            verdict,
            evidence,
            tuple(tables),
            caveat,
            citation.passage,
            citation.conditions,
            recheck,
            readings,
        )

    @property
    def citation(self) -> Citation:
        """Where the claim is made (source, passage, conditions)."""
        return Citation(self.source, self.passage, self.conditions)

    def __post_init__(self) -> None:
        if isinstance(self.tables, str):
            raise DataError(f"claim {self.claim_id!r}: tables must be a tuple of paths, not a str")
        if not isinstance(self.verdict, Verdict):
            object.__setattr__(self, "verdict", Verdict(self.verdict))
        object.__setattr__(self, "tables", tuple(self.tables))
        names = ("claim_id", "game", "source", "passage", "conditions", "statement", "formal")
        for name in (*names, "evidence"):
            if not str(getattr(self, name)).strip():
                raise DataError(f"claim {self.claim_id!r}: field {name!r} is empty")
        for name in self.tables:
            if not TABLE_PATH.match(name):
                raise DataError(f"claim {self.claim_id!r}: {name!r} is not a results table path")
        if self.caveat is not None and not self.caveat.strip():
            raise DataError(f"claim {self.claim_id!r}: an empty caveat must be None")
        self.citation  # noqa: B018 -- validates the passage's length
        if self.recheck is not None and not isinstance(self.recheck, Recheck):
            raise DataError(f"claim {self.claim_id!r}: recheck must be a Recheck")
        self._check_readings()
        for check in self.rechecks():
            uncited = [name for name in check.tables if name not in self.tables]
            if uncited:
                raise DataError(
                    f"claim {self.claim_id!r}: its recheck query reads {', '.join(uncited)}, "
                    f"which the claim does not cite (it cites {', '.join(self.tables) or 'none'})"
                )

    def _check_readings(self) -> None:
        """Give a claim without readings its one reading (``as_stated``); check that the
        verdict is the readings' headline and that their ids are unique."""
        readings = tuple(self.readings)
        if not readings:
            if self.verdict is Verdict.DEPENDS:
                raise DataError(
                    f"claim {self.claim_id!r}: a depends verdict needs the readings it depends on"
                )
            readings = (Reading(AS_STATED, self.formal, self.evidence, self.verdict, self.recheck),)
        object.__setattr__(self, "readings", readings)
        ids = [reading.reading_id for reading in readings]
        if len(set(ids)) != len(ids):
            raise DataError(f"claim {self.claim_id!r}: duplicate reading ids {ids}")
        headline = headline_verdict(reading.verdict for reading in readings)
        if headline is not self.verdict:
            raise DataError(
                f"claim {self.claim_id!r}: verdict {self.verdict.value} but its readings "
                f"give {headline.value} ({readings_caveat(readings) or 'all agree'})"
            )

    def rechecks(self) -> list[Recheck]:
        """The distinct re-check queries of the claim and its readings."""
        found: list[Recheck] = []
        for check in (self.recheck, *(reading.recheck for reading in self.readings)):
            if check is not None and check not in found:
                found.append(check)
        return found


def _row(claim: Claim) -> dict[str, Any]:
    skipped = {"recheck", "readings"}
    row = {f.name: getattr(claim, f.name) for f in fields(claim) if f.name not in skipped}
    check = claim.recheck
    return {
        **row,
        "verdict": claim.verdict.value,
        "tables": list(claim.tables),
        "recheck_sql": None if check is None else check.sql,
        "recheck_expected": None if check is None else check.expected_json,
        "recheck_command": None if check is None else check.command,
    }


def claims_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """Claims as a frame with the fixed column order; ids must be unique."""
    frame = pd.DataFrame([_row(c) for c in claims], columns=list(CLAIM_COLUMNS))
    duplicated = frame["claim_id"][frame["claim_id"].duplicated()].tolist()
    if duplicated:
        raise DataError(f"duplicate claim ids: {', '.join(duplicated)}")
    return frame


def readings_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """The readings of ``claims``, one row per (claim, reading), in the claims' order."""
    rows = [
        {
            "claim_id": claim.claim_id,
            "game": claim.game,
            "reading_id": reading.reading_id,
            "yardstick": reading.yardstick,
            "figures": reading.figures,
            "verdict": reading.verdict.value,
            "recheck_sql": None if reading.recheck is None else reading.recheck.sql,
            "recheck_expected": None if reading.recheck is None else reading.recheck.expected_json,
        }
        for claim in claims
        for reading in claim.readings
    ]
    return pd.DataFrame(rows, columns=list(READING_COLUMNS))


def write_claims(
    claims: Iterable[Claim],
    path: str | os.PathLike[str],
    *,
    game: str,
    readings_path: str | os.PathLike[str] | None = None,
    inputs: Iterable[str | os.PathLike[str]] = (),
    config: Mapping[str, Any] | None = None,
) -> Path:
    """Write one game's claims table, and its readings to ``readings_path`` (by default
    beside it: :func:`readings_path_for`)."""
    claims = list(claims)
    if readings_path is None:
        readings_path = readings_path_for(path)
    frame = claims_frame(claims)
    write_table(
        readings_frame(claims),
        readings_path,
        table=f"{game}/claim_readings",
        inputs=inputs,
        config=config,
        schema=READING_SCHEMA,
    )
    return write_table(
        frame,
        path,
        table=f"{game}/claims",
        inputs=inputs,
        config=config,
        schema=CLAIM_SCHEMA,
    )


class ResultTables:
    """The result tables a claim builder may read, by path under ``results/``; remembers
    which it read, so that a claim's ``tables`` can be checked against what was read.

    Where a table comes from, first match:

    * ``frames`` (name → frame) stands in for files in tests: a builder can be fed small or
      perturbed tables without writing them;
    * ``files`` (name → file): the tables a claims rule declares as its inputs
      (:meth:`from_inputs`). Only those are read; asking for another table is a
      :class:`DataError` naming it, and so is a file that holds another table
      (:func:`~asobi.core.tables.read_as`);
    * ``root``: a results folder (``root / name``), to rebuild claims from a finished run.
    """

    def __init__(
        self,
        root: str | os.PathLike[str] | None = None,
        frames: Mapping[str, pd.DataFrame] | None = None,
        files: Mapping[str, str | os.PathLike[str]] | None = None,
    ) -> None:
        self.root = None if root is None else Path(root)
        self.frames = dict(frames or {})
        self.files = None if files is None else {name: Path(p) for name, p in files.items()}
        for name in self.files or {}:
            if not TABLE_PATH.match(name):
                raise DataError(f"{name!r} is not a results table path")
        self.read_names: list[str] = []
        #: Injected frames as Arrow, converted once and shared by :meth:`fresh` copies.
        self._arrow: dict[str, pa.Table] = {}

    def _frame(self, name: str) -> pa.Table:
        """The injected frame ``name`` as Arrow (converted on first use)."""
        if name not in self._arrow:
            self._arrow[name] = pa.Table.from_pandas(self.frames[name], preserve_index=False)
        return self._arrow[name]

    @classmethod
    def from_inputs(cls, files: Mapping[str, str | os.PathLike[str]]) -> ResultTables:
        """The tables a claims rule declares: their names under ``results/`` (what claims
        cite, e.g. ``chopsticks/variants.parquet``) → the files the rule gives, wherever
        they lie.

        >>> tables = ResultTables.from_inputs({"g/a.parquet": "elsewhere/a.parquet"})
        >>> tables.read("g/b.parquet")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        asobi.core.errors.DataError: claims need the table results/g/b.parquet, which the ...
        """
        return cls(files=files)

    def source(self, name: str) -> Source:
        """Where table ``name`` comes from (an injected frame, or its file), for a recheck
        query to read the very table a builder reads; not recorded as read."""
        if name in self.frames:
            return self._frame(name)
        return self._path(name)

    def _path(self, name: str) -> Path:
        """The file of table ``name``, or a :class:`DataError` saying why there is none."""
        if self.files is not None:
            if name not in self.files:
                declared = ", ".join(sorted(self.files)) or "none"
                raise DataError(
                    f"claims need the table results/{name}, which the claims rule does not "
                    f"declare as an input (it declares {declared})"
                )
            path = self.files[name]
        elif self.root is not None:
            path = self.root / name
        else:
            raise DataError(f"claims need the table results/{name}, which is missing")
        if not path.is_file():
            raise DataError(f"claims need the table results/{name}, which is missing ({path})")
        return path

    def read_arrow(
        self,
        name: str,
        columns: Sequence[str] | None = None,
        filters: list[tuple[str, str, Any]] | None = None,
    ) -> pa.Table:
        """The table ``name`` (e.g. ``chopsticks/variants.parquet``) as Arrow, only
        ``columns`` and the rows passing ``filters`` (pyarrow's DNF tuples); recorded as
        read. Big tables are read this way, without pandas."""
        if not TABLE_PATH.match(name):
            raise DataError(f"{name!r} is not a results table path")
        if name not in self.read_names:
            self.read_names.append(name)
        if name in self.frames:
            table = self._frame(name)
            if filters:
                table = table.filter(pq.filters_to_expression(filters))
            return table.select(list(columns)) if columns is not None else table
        return read_as(self._path(name), name.removesuffix(".parquet"), columns, filters)

    def read(
        self,
        name: str,
        columns: Sequence[str] | None = None,
        filters: list[tuple[str, str, Any]] | None = None,
    ) -> pd.DataFrame:
        """:meth:`read_arrow` as a pandas frame."""
        return self.read_arrow(name, columns, filters).to_pandas()

    def fresh(self) -> ResultTables:
        """The same tables with an empty read record (one per builder)."""
        copy = ResultTables(self.root, self.frames, self.files)
        copy._arrow = self._arrow
        return copy


#: A claim builder: reads what it needs from the tables, returns its claims.
ClaimBuilder = Callable[[ResultTables], "Claim | list[Claim]"]


#: How many differences a recheck failure names before "and N more".
_SHOWN_DIFFERENCES = 3


def recheck_claim(claim: Claim, tables: ResultTables) -> None:
    """Run ``claim``'s recheck query with DuckDB on the tables it names (all cited by the
    claim), as ``tables`` gives them (the files a builder read, or the frames a test
    injects, under their names); it can read nothing else.

    The builder states the figures it computed with pandas; the query re-derives them on
    its own. A :class:`DataError` names the claim and each figure that differs, or why the
    query failed (it may read no table the claim does not cite). A claim without a
    recheck passes.
    """
    for check in claim.rechecks():
        sources = {name: tables.source(name) for name in check.tables}
        try:
            problems = check.differences(sources)
        except DataError as error:
            raise DataError(f"claim {claim.claim_id!r}: recheck query: {error}") from error
        _raise_differences(claim, problems)


def _raise_differences(claim: Claim, problems: list[str]) -> None:
    if problems:
        more = len(problems) - _SHOWN_DIFFERENCES
        shown = "; ".join(problems[:_SHOWN_DIFFERENCES])
        shown += f"; and {more} more" if more > 0 else ""
        raise DataError(
            f"claim {claim.claim_id!r}: its recheck query disagrees with its builder: {shown}"
        )


def run_builders(
    builders: Iterable[ClaimBuilder],
    tables: ResultTables,
    declared: Collection[str] | None = None,
) -> list[Claim]:
    """Run each builder on its own read record; a claim must cite exactly what it read,
    and its recheck query (if any) must return the figures it states (:func:`recheck_claim`).

    Raises :class:`DataError` naming the claim when its ``tables`` differ from the tables
    its builder read (a citation that does not hold), when its query disagrees with its
    builder, and, given the game's ``declared`` claim ids, when the claims built are not
    exactly those (a claim is never dropped).
    """
    claims: list[Claim] = []
    for builder in builders:
        record = tables.fresh()
        built = builder(record)
        for claim in [built] if isinstance(built, Claim) else list(built):
            if sorted(claim.tables) != sorted(record.read_names):
                raise DataError(
                    f"claim {claim.claim_id!r} cites {sorted(claim.tables)} but its builder "
                    f"read {sorted(record.read_names)}"
                )
            recheck_claim(claim, record)
            claims.append(claim)
    if declared is not None:
        built_ids = {claim.claim_id for claim in claims}
        missing, extra = set(declared) - built_ids, built_ids - set(declared)
        if missing or extra:
            raise DataError(
                f"claims built differ from the declared ids: missing {sorted(missing)}, "
                f"undeclared {sorted(extra)}"
            )
    return claims


def claims_from_inputs(
    builders: Iterable[ClaimBuilder],
    files: Mapping[str, str | os.PathLike[str]],
    declared: Collection[str] | None = None,
) -> list[Claim]:
    """:func:`run_builders` on exactly the tables a claims rule declares (``files``: name
    under ``results/`` → file, see :meth:`ResultTables.from_inputs`).

    A claim that asks for a table the rule does not declare fails naming it; a declared
    table that no claim reads fails too (``the claims read X but the rule gives Y``), so
    that the rule's inputs and the ``tables`` the claims cite always agree.
    """
    claims = run_builders(builders, ResultTables.from_inputs(files), declared)
    read = {name for claim in claims for name in claim.tables}
    if read != set(files):
        raise DataError(f"the claims read {sorted(read)} but the rule gives {sorted(files)}")
    return claims
