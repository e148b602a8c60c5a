"""Result tables of chopsticks: one row per rule set, one row per reachable position.

Also the strategy table a player prints (``asobi chopsticks table``): every position of one
rule set with its outcome, distance and optimal moves, as TSV.
"""

from __future__ import annotations

import numpy as np
import pandas as pd
import pyarrow as pa

from asobi.chopsticks.chopsticks import Rules
from asobi.chopsticks.kernels import GAME_OVER, LOSS, UNKNOWN, WIN
from asobi.chopsticks.solver import Solution, solve

VARIANTS_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        ("hands_first", pa.int8()),
        ("hands_second", pa.int8()),
        ("dies_at", pa.int8()),
        ("overflow", pa.string()),
        ("split", pa.bool_()),
        ("revive", pa.bool_()),
        ("fusion", pa.bool_()),
        ("swap", pa.bool_()),
        ("reaction", pa.bool_()),
        ("from_one", pa.bool_()),
        ("start_outcome", pa.string()),
        ("start_plies", pa.int32()),
        ("n_positions", pa.int64()),
        ("n_first", pa.int64()),
        ("n_second", pa.int64()),
        ("n_draw", pa.int64()),
    ]
)

POSITIONS_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        ("mover", pa.list_(pa.int8())),
        ("other", pa.list_(pa.int8())),
        ("outcome", pa.string()),
        ("plies", pa.int32()),
        ("best_moves", pa.list_(pa.string())),
    ]
)

OUTCOME_NAMES = np.array(["draw", "first", "second"], dtype=object)  # by solver value


def variant_row(solution: Solution) -> dict[str, object]:
    """The variants-table row of one solved rule set."""
    values = solution.value[solution.reachable]
    start = solution.start
    return {
        **solution.rules.as_dict(),
        "start_outcome": solution.outcome(start).value,
        "start_plies": solution.distance(start),
        "n_positions": int(values.size),
        "n_first": int((values == WIN).sum()),
        "n_second": int((values == LOSS).sum()),
        "n_draw": int((values == UNKNOWN).sum()),
    }


def _hand_lists(hands: np.ndarray, ids: np.ndarray) -> pa.ListArray:
    rows = hands[ids]
    keep = rows >= 0
    offsets = np.concatenate([[0], np.cumsum(keep.sum(axis=1))]).astype(np.int32)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(rows[keep], pa.int8()))


def positions_table(solution: Solution, selected: np.ndarray | None = None) -> pa.Table:
    """The selected positions (default: every reachable one) of one solved rule set.

    Rows come in dense-number order; ``selected`` must not hold a ``GAME_OVER`` position.
    """
    selected = solution.reachable if selected is None else np.asarray(selected)
    tables = solution.tables
    o = np.searchsorted(solution.offsets, selected, side="right") - 1
    rest = selected - solution.offsets[o]
    mover_base = np.array([tables.base[m] for m, _ in solution.orientations])[o]
    other_base = np.array([tables.base[x] for _, x in solution.orientations])[o]
    other_size = np.array([tables.size[x] for _, x in solution.orientations])[o]
    mover_ids = mover_base + rest // other_size
    other_ids = other_base + rest % other_size
    values = solution.value[selected]
    plies = solution.plies[selected]
    flat, offsets = solution.best_codes(selected)
    codes, inverse = np.unique(flat, return_inverse=True)
    texts = np.array([solution.move_text(int(c)) for c in codes], dtype=object)
    moves = pa.ListArray.from_arrays(
        pa.array(offsets.astype(np.int32)), pa.array(texts[inverse], pa.string())
    )
    columns = [
        pa.array(np.full(selected.size, solution.rules.variant_id, dtype=object), pa.string()),
        _hand_lists(solution.hands, mover_ids),
        _hand_lists(solution.hands, other_ids),
        pa.array(OUTCOME_NAMES[values], pa.string()),
        pa.array(plies, pa.int32(), mask=values == UNKNOWN),
        moves,
    ]
    return pa.Table.from_arrays(columns, schema=POSITIONS_SCHEMA)


def solve_tables(rules: Rules) -> tuple[dict[str, object], pa.Table]:
    """Solve one rule set; return its variants row and its positions table."""
    solution = solve(rules)
    return variant_row(solution), positions_table(solution)


STRATEGY_COLUMNS = ("mover", "other", "outcome", "plies", "best_moves")


def strategy_table(solution: Solution, *, every: bool = False) -> pd.DataFrame:
    """The positions a player meets, with both players alive, sorted by mover then other.

    Default: the positions reachable from the start; ``every``: every legal position, reachable
    or not. Hands are written ``a,b`` ascending, ``plies`` is empty for a draw and
    ``best_moves`` lists the optimal moves in move notation, separated by spaces.
    """
    candidates = np.arange(solution.value.size) if every else solution.reachable
    alive = solution.value[candidates] != GAME_OVER  # the other player has a live hand
    alive &= (solution.value[candidates] != LOSS) | (solution.plies[candidates] != 0)
    frame = positions_table(solution, candidates[alive]).to_pandas()
    frame["order"] = list(zip(frame["mover"].map(tuple), frame["other"].map(tuple), strict=True))
    frame = frame.sort_values("order", kind="stable")
    return pd.DataFrame(
        {
            "mover": frame["mover"].map(_hands_text),
            "other": frame["other"].map(_hands_text),
            "outcome": frame["outcome"],
            "plies": frame["plies"].map(lambda v: "" if pd.isna(v) else str(int(v))),
            "best_moves": frame["best_moves"].map(" ".join),
        },
        columns=list(STRATEGY_COLUMNS),
    ).reset_index(drop=True)


def _hands_text(hands: np.ndarray) -> str:
    return ",".join(str(int(v)) for v in hands)
