"""Readings: the yardsticks a claim is judged by, and the rule that makes its headline verdict.

A :class:`Reading` is one yardstick in words (what exactly is measured, against what), the
figures it gave and the verdict under it, with its own re-check query. Where the source's
words admit one yardstick, a claim has one reading (``as_stated``, made from the claim
itself, see :class:`~asobi.core.claims.Claim`); where they are vague ("mitigated",
"somewhat", "greatly"), each yardstick a careful reader could take is a reading. The
headline verdict follows from the readings by one rule (:func:`headline_verdict`):
``confirmed``/``refuted`` when all agree, else ``depends``, and the caveat then names which
reading gives what (:func:`readings_caveat`). The published form is
``claim_readings.parquet`` (:data:`READING_COLUMNS`), checked against the claims by
:func:`check_headlines` when they are merged and when a copy is re-checked.
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.recheck import Recheck


class Verdict(StrEnum):
    """What our check found about a claim.

    ``depends``: the claim holds under some of its readings (of the rules, or of a vague
    word's yardstick) and not under others; its caveat names which reading gives what. A
    qualification of a verdict (e.g. "checked up to 50 sticks, no proof") is not a verdict:
    it goes into the separate ``caveat`` column.
    """

    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    UNDECIDED = "undecided"
    DEPENDS = "depends"


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
    ``depends`` otherwise (an empty mapping is ``undecided``): :func:`headline_verdict` of
    the readings' verdicts.

    >>> verdict_over_readings({"article": True, "from_one": False}).value
    'depends'
    """
    return headline_verdict(verdict_from(holds) for holds in holds_by_reading.values())


def readings_evidence(holds_by_reading: Mapping[str, bool]) -> str:
    """``holds under: a, b; fails under: c`` (readings in the given order)."""
    holds = [name for name, ok in holds_by_reading.items() if ok]
    fails = [name for name, ok in holds_by_reading.items() if not ok]
    return f"holds under: {', '.join(holds) or 'none'}; fails under: {', '.join(fails) or 'none'}"


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
