"""The recheck queries of the chopsticks claims: SQL over ``variants.parquet`` and
``positions.parquet`` with the rows the builder read, so that a reader can rerun them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from asobi.chopsticks.chopsticks import Position, Rules
from asobi.chopsticks.lines import Outcomes
from asobi.chopsticks.verdicts import POSITIONS_TABLE, VARIANTS_TABLE
from asobi.core.recheck import Recheck


def sql_literals(texts: Iterable[str]) -> str:
    """SQL string literals, comma-separated (our ids and positions hold no quote)."""
    return ", ".join(f"'{text}'" for text in texts)


def start_plies(row: pd.Series) -> int | None:
    """A start's plies (``None`` for a draw, stored as null)."""
    return None if pd.isna(row.start_plies) else int(row.start_plies)


def starts_recheck(starts: Mapping[str, pd.Series], variant_ids: Iterable[str]) -> Recheck:
    """The start outcome and plies of these rule sets (those solved), by variant id."""
    wanted = sorted(set(variant_ids))
    where = f"= '{wanted[0]}'" if len(wanted) == 1 else f"IN ({sql_literals(wanted)})"
    sql = (
        f"SELECT variant_id, start_outcome, start_plies FROM '{VARIANTS_TABLE}'\n"
        f"WHERE variant_id {where}\nORDER BY variant_id"
    )
    found = [
        {
            "variant_id": v,
            "start_outcome": starts[v].start_outcome,
            "start_plies": start_plies(starts[v]),
        }
        for v in wanted
        if v in starts
    ]
    return Recheck(sql, found)


#: A stored position as :class:`Position` prints it: the mover's hands, then the other's.
POSITION_SQL = "array_to_string(mover, ',') || ' ' || array_to_string(other, ',')"


def positions_recheck(
    rules: Rules, positions: Iterable[Position], found: Outcomes | None
) -> Recheck | None:
    """The stored outcome and plies (null for a draw) of these positions at ``rules``, as
    ``found`` (the builder's reading of the positions table; ``None``: not solved) gives
    them; ``None`` when there is no position to look up."""
    wanted = sorted({str(position): position for position in positions}.items())
    if not wanted:
        return None
    sql = (
        f"SELECT {POSITION_SQL} AS position, outcome, plies\nFROM '{POSITIONS_TABLE}'\n"
        f"WHERE variant_id = '{rules.variant_id}'\n"
        f"  AND position IN ({sql_literals(text for text, _ in wanted)})\n"
        "ORDER BY plies DESC NULLS LAST, position"
    )
    rows = [
        {"position": text, "outcome": found[position][0], "plies": found[position][1]}
        for text, position in wanted
        if found is not None and position in found
    ]
    rows.sort(key=lambda r: (r["plies"] is None, -(r["plies"] or 0), r["position"]))
    return Recheck(sql, rows)
