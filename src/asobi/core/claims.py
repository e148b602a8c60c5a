"""Claim rows: one place that defines what a checked claim looks like.

Each game writes ``results/<game>/claims.parquet``; the workflow merges them into
``results/claims.parquet``. Statements restate the articles in our own words; ``source``
cites the article by title and section.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import asdict, dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.tables import write_table


class Verdict(StrEnum):
    """What our check found about a claim."""

    CONFIRMED = "confirmed"
    REFUTED = "refuted"
    CONFIRMED_WITH_CAVEAT = "confirmed_with_caveat"
    UNDECIDED = "undecided"


CLAIM_COLUMNS = ("claim_id", "game", "source", "statement", "formal", "verdict", "evidence", "table")

CLAIM_SCHEMA = pa.schema([(name, pa.string()) for name in CLAIM_COLUMNS])


@dataclass(frozen=True)
class Claim:
    """One checked claim.

    ``formal`` says exactly what was checked (in English); ``evidence`` is short text: a
    counterexample, a line of play, a proof method; ``table`` names the backing result table.
    """

    claim_id: str
    game: str
    source: str
    statement: str
    formal: str
    verdict: Verdict
    evidence: str
    table: str

    def __post_init__(self) -> None:
        if not isinstance(self.verdict, Verdict):
            object.__setattr__(self, "verdict", Verdict(self.verdict))
        for name in CLAIM_COLUMNS:
            if not str(getattr(self, name)).strip():
                raise DataError(f"claim {self.claim_id!r}: field {name!r} is empty")


def verdict_from(holds: bool) -> Verdict:
    """``confirmed`` when the checked statement holds, ``refuted`` otherwise."""
    return Verdict.CONFIRMED if holds else Verdict.REFUTED


def claims_frame(claims: Iterable[Claim]) -> pd.DataFrame:
    """Claims as a frame with the fixed column order; ids must be unique."""
    rows = [{**asdict(c), "verdict": c.verdict.value} for c in claims]
    frame = pd.DataFrame(rows, columns=list(CLAIM_COLUMNS))
    duplicated = frame["claim_id"][frame["claim_id"].duplicated()].tolist()
    if duplicated:
        raise DataError(f"duplicate claim ids: {', '.join(duplicated)}")
    return frame


def write_claims(
    claims: Iterable[Claim],
    path: str | os.PathLike[str],
    *,
    game: str,
    inputs: Iterable[str | os.PathLike[str]] = (),
    config: Mapping[str, Any] | None = None,
) -> Path:
    """Write one game's claims table."""
    return write_table(
        claims_frame(claims),
        path,
        table=f"{game}/claims",
        inputs=inputs,
        config=config,
        schema=CLAIM_SCHEMA,
    )
