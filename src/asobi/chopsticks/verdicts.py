"""The result tables the chopsticks claims read, and the small decision functions that turn
what they find into a verdict (``undecided`` where a rule set was not solved in the run)."""

from __future__ import annotations

from collections.abc import Iterable

import pandas as pd

from asobi.core.claims import Verdict, verdict_from

VARIANTS_TABLE = "chopsticks/variants.parquet"
POSITIONS_TABLE = "chopsticks/positions.parquet"
POSITION_COLUMNS = ["variant_id", "mover", "other", "outcome", "plies"]

#: A rule set's holding: True / False, or None when it was not solved in the run.
Holding = bool | None


def decide(holds: Holding) -> Verdict:
    """A claim at one rule set: undecided when that rule set was not solved."""
    return Verdict.UNDECIDED if holds is None else verdict_from(holds)


def decide_start(outcome: str | None, holds: Iterable[str]) -> Verdict:
    """A start-outcome claim at one rule set: undecided when it was not solved."""
    return decide(None if outcome is None else outcome in set(holds))


def decide_exists(found: int, solved: int, expected: int) -> Verdict:
    """An existence claim over some rule sets: confirmed by one, refuted when every rule set
    was solved and none has it, undecided otherwise."""
    if found:
        return Verdict.CONFIRMED
    return Verdict.REFUTED if solved == expected else Verdict.UNDECIDED


def start_rows(variants: pd.DataFrame) -> dict[str, pd.Series]:
    """The rows of ``variants.parquet`` by variant id."""
    return {row.variant_id: row for _, row in variants.iterrows()}


def describe_start(row: pd.Series) -> str:
    """``variant_id=outcome in k plies`` (no plies for a draw)."""
    plies = "" if row.start_outcome == "draw" else f" in {int(row.start_plies)} plies"
    return f"{row.variant_id}={row.start_outcome}{plies}"
