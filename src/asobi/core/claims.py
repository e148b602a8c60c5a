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

**Readings.** Every claim is judged under one or more readings (:class:`Reading`): a
yardstick in words (what exactly is measured, against what), the figures it gave and the
verdict under it, with its own re-check query. Where the source's words admit one
yardstick, the claim has one reading (``as_stated``, made from the claim itself); where
they are vague ("mitigated", "somewhat", "greatly"), each yardstick a careful reader could
take is a reading. The headline verdict follows from the readings by one rule
(:func:`headline_verdict`): ``confirmed``/``refuted`` when all agree, else ``depends``,
and the caveat then names which reading gives what. Each game writes them beside its claims
(``results/<game>/claim_readings.parquet``, merged into ``results/claim_readings.parquet``).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from enum import StrEnum
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.errors import DataError
from asobi.core.recheck import TABLE_PATH, Recheck, Source
from asobi.core.sources import Citation
from asobi.core.tables import read_as, write_table


class Verdict(StrEnum):
    """What our check found about a claim.

    ``depends``: the claim holds under some readings of the rules and not under others (the
    evidence lists both). A qualification of a verdict (e.g. "checked up to 50 sticks, no
    proof") is not a verdict: it goes into the separate ``caveat`` column.
    """

    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    UNDECIDED = "undecided"
    DEPENDS = "depends"


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

READING_COLUMNS = (
    "claim_id",
    "game",
    "reading_id",
    "yardstick",
    "figures",
    "verdict",
    "recheck_sql",
    "recheck_expected",
)

READING_SCHEMA = pa.schema([(name, pa.string()) for name in READING_COLUMNS])

#: The id of the one reading of a claim whose words admit one yardstick.
AS_STATED = "as_stated"

#: A reading id: lower-case words joined by ``_``.
_READING_ID = re.compile(r"^[a-z0-9]+(_[a-z0-9]+)*$")

#: The verdicts a single reading can have (``depends`` is a verdict over readings).
READING_VERDICTS = frozenset({"confirmed", "refuted", "undecided"})


@dataclass(frozen=True)
class Reading:
    """One yardstick a claim is judged by, and what it gives.

    ``reading_id`` names it within its claim (``two_sided``, ``against_basic``...);
    ``yardstick`` says in words what is measured and against what (marked "(ours)" where
    the source names no measure and the yardstick is our choice); ``figures`` are the
    numbers it gave, every one computed in the run; ``verdict`` is ``confirmed``,
    ``refuted`` or ``undecided`` under this reading alone; ``recheck`` (optional) is the
    query that re-derives its figures from the tables the claim cites.
    """

    reading_id: str
    yardstick: str
    figures: str
    verdict: Verdict
    recheck: Recheck | None = None

    def __post_init__(self) -> None:
        if not _READING_ID.match(self.reading_id):
            raise DataError(f"reading id {self.reading_id!r} is not lower_case_words")
        if not isinstance(self.verdict, Verdict):
            object.__setattr__(self, "verdict", Verdict(self.verdict))
        if self.verdict.value not in READING_VERDICTS:
            raise DataError(
                f"reading {self.reading_id!r}: a reading is confirmed, refuted or undecided, "
                f"not {self.verdict.value} (that is a verdict over readings)"
            )
        for name in ("yardstick", "figures"):
            if not str(getattr(self, name)).strip():
                raise DataError(f"reading {self.reading_id!r}: field {name!r} is empty")
        if self.recheck is not None and not isinstance(self.recheck, Recheck):
            raise DataError(f"reading {self.reading_id!r}: recheck must be a Recheck")


def headline_verdict(verdicts: Iterable[Verdict | str]) -> Verdict:
    """The headline verdict of a claim from its readings' verdicts: the common verdict when
    every reading agrees, ``depends`` when one confirms and another refutes, ``undecided``
    when the decided readings agree but some reading is undecided (it might still
    disagree); ``undecided`` for no reading.

    >>> headline_verdict(["confirmed", "confirmed"]).value
    'confirmed'
    >>> headline_verdict(["confirmed", "refuted"]).value
    'depends'
    >>> headline_verdict(["refuted", "undecided"]).value
    'undecided'
    """
    values = {Verdict(v) for v in verdicts}
    if len(values) == 1:
        return values.pop()
    if {Verdict.CONFIRMED, Verdict.REFUTED} <= values:
        return Verdict.DEPENDS
    return Verdict.UNDECIDED


def readings_caveat(readings: Sequence[Reading]) -> str | None:
    """``confirmed under: a, b; refuted under: c`` when the readings disagree (the caveat
    of a ``depends`` headline), ``None`` when they all agree."""
    if len({reading.verdict for reading in readings}) <= 1:
        return None
    parts = []
    for verdict in Verdict:
        named = [r.reading_id for r in readings if r.verdict is verdict]
        if named:
            parts.append(f"{verdict.value} under: {', '.join(named)}")
    return "; ".join(parts)


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


def reading_slug(name: str) -> str:
    """A reading id made from a reading's name in words.

    >>> reading_slug("11 cards with jokers")
    '11_cards_with_jokers'
    """
    slug = re.sub(r"[^a-z0-9]+", "_", name.lower()).strip("_")
    if not slug:
        raise DataError(f"reading name {name!r} gives no id")
    return slug


def readings_from_holds(
    holds: Mapping[str, bool],
    figures: Mapping[str, str],
    yardstick: str,
    rechecks: Mapping[str, Recheck] | None = None,
) -> tuple[Reading, ...]:
    """One reading per named reading of ``holds`` (name → the claim holds under it):
    confirmed where it holds, refuted where not; ``yardstick`` is what every one of them
    measures, the name says under which reading; ``figures`` and ``rechecks`` are by name.
    """
    return tuple(
        Reading(
            reading_slug(name),
            f"{yardstick} — {name}",
            figures[name],
            verdict_from(ok),
            (rechecks or {}).get(name),
        )
        for name, ok in holds.items()
    )


def verdict_from(holds: bool) -> Verdict:
    """``confirmed`` when the checked statement holds, ``refuted`` otherwise."""
    return Verdict.CONFIRMED if holds else Verdict.REFUTED


def verdict_over_readings(holds_by_reading: Mapping[str, bool]) -> Verdict:
    """``confirmed`` if the claim holds under every reading, ``refuted`` under none,
    ``depends`` otherwise (an empty mapping is ``undecided``).

    >>> verdict_over_readings({"article": True, "from_one": False}).value
    'depends'
    """
    if not holds_by_reading:
        return Verdict.UNDECIDED
    values = set(holds_by_reading.values())
    if values == {True}:
        return Verdict.CONFIRMED
    if values == {False}:
        return Verdict.REFUTED
    return Verdict.DEPENDS


def readings_evidence(holds_by_reading: Mapping[str, bool]) -> str:
    """``holds under: a, b; fails under: c`` (readings in the given order)."""
    holds = [name for name, ok in holds_by_reading.items() if ok]
    fails = [name for name, ok in holds_by_reading.items() if not ok]
    return f"holds under: {', '.join(holds) or 'none'}; fails under: {', '.join(fails) or 'none'}"


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


def readings_path_for(claims_path: str | os.PathLike[str]) -> Path:
    """Where the readings of a claims table go: ``claim_readings.parquet`` beside a
    ``claims.parquet``, ``<stem>_readings.parquet`` beside any other name.

    >>> readings_path_for("results/fivelines/claims.parquet").as_posix()
    'results/fivelines/claim_readings.parquet'
    """
    path = Path(claims_path)
    if path.name == "claims.parquet":
        return path.with_name("claim_readings.parquet")
    return path.with_name(f"{path.stem}_readings.parquet")


def check_headlines(claims: pd.DataFrame, readings: pd.DataFrame) -> list[str]:
    """What breaks the headline rule in published tables: a claim without readings, a
    reading of no claim, a verdict that is not its readings' headline (one line each)."""
    problems = []
    by_claim = readings.groupby("claim_id")["verdict"].apply(list).to_dict()
    for claim_id in sorted(set(by_claim) - set(claims["claim_id"])):
        problems.append(f"reading(s) of {claim_id}, which is not a claim")
    for claim_id, verdict in zip(claims["claim_id"], claims["verdict"], strict=True):
        verdicts = by_claim.get(claim_id)
        if not verdicts:
            problems.append(f"claim {claim_id} has no reading")
            continue
        try:
            headline = headline_verdict(verdicts).value
        except ValueError:
            problems.append(f"claim {claim_id}: a reading's verdict is not a verdict")
            continue
        if headline != verdict:
            problems.append(f"claim {claim_id}: verdict {verdict}, its readings give {headline}")
    return problems


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
