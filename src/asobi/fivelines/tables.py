"""Arrow tables of the five-lines results (built vectorised from the solver's arrays)."""

from __future__ import annotations

import numpy as np
import pyarrow as pa

from asobi.fivelines.proofs import ProofResult
from asobi.fivelines.solver import SolvedPositions

GRUNDY_SCHEMA = pa.schema([("n", pa.int64()), ("grundy", pa.int64())])

ROWS = pa.list_(pa.int32())
POSITIONS_SCHEMA = pa.schema(
    [
        ("rows", ROWS),
        ("total", pa.int32()),
        ("xor", pa.int32()),
        ("normal_outcome", pa.string()),
        ("misere_outcome", pa.string()),
        ("normal_winning_moves", pa.list_(ROWS)),
        ("misere_winning_moves", pa.list_(ROWS)),
    ]
)

PROOFS_SCHEMA = pa.schema(
    [
        ("lemma", pa.string()),
        ("width", pa.int32()),
        ("rows", pa.int32()),
        ("status", pa.string()),
        ("z3_rlimit", pa.int64()),
        ("counterexample", pa.string()),
    ]
)


def grundy_table(values: np.ndarray) -> pa.Table:
    """``n``, ``grundy`` for n = 0..len(values)-1."""
    return pa.table({"n": np.arange(len(values), dtype=np.int64), "grundy": values}, GRUNDY_SCHEMA)


def _segments(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Indices ``starts[i] .. starts[i]+lengths[i]-1`` for every i, concatenated."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    shift = np.repeat(starts - np.concatenate(([0], np.cumsum(lengths)[:-1])), lengths)
    return shift + np.arange(total, dtype=np.int64)


def _offsets(lengths: np.ndarray) -> np.ndarray:
    return np.concatenate(([0], np.cumsum(lengths))).astype(np.int32)


def positions_table(solved: SolvedPositions) -> pa.Table:
    """One row per position, rows ascending, with outcomes and winning moves."""
    n = solved.n_positions
    offsets = solved.part_offsets
    lengths = np.diff(offsets)
    # parts are stored descending per position: read each segment backwards
    segment = np.repeat(np.arange(n), lengths)
    flat_index = np.arange(offsets[-1], dtype=np.int64)
    ascending = solved.parts[offsets[segment] + offsets[segment + 1] - 1 - flat_index]
    nim_sum = np.zeros(n, dtype=np.int64)
    nonempty = lengths > 0
    if nonempty.any():
        nim_sum[nonempty] = np.bitwise_xor.reduceat(solved.parts, offsets[:-1][nonempty])
    rows = pa.ListArray.from_arrays(_offsets(lengths), pa.array(ascending, pa.int32()))

    def moves_column(count: np.ndarray, successors: np.ndarray) -> pa.Array:
        inner_lengths = lengths[successors]
        values = ascending[_segments(offsets[successors], inner_lengths)]
        inner = pa.ListArray.from_arrays(_offsets(inner_lengths), pa.array(values, pa.int32()))
        return pa.ListArray.from_arrays(_offsets(count), inner)

    def outcome(win: np.ndarray) -> pa.Array:
        return pa.array(np.where(win, "first", "second"), pa.string())

    return pa.Table.from_arrays(
        [
            rows,
            pa.array(solved.totals, pa.int32()),
            pa.array(nim_sum, pa.int32()),
            outcome(solved.normal_win),
            outcome(solved.misere_win),
            moves_column(solved.normal_move_count, solved.normal_moves),
            moves_column(solved.misere_move_count, solved.misere_moves),
        ],
        schema=POSITIONS_SCHEMA,
    )


def proofs_table(results: list[ProofResult]) -> pa.Table:
    """``lemma``, ``width``, ``rows`` (null when the lemma has no row count), ``status``…"""
    return pa.Table.from_pylist(
        [
            {
                "lemma": r.lemma,
                "width": r.width,
                "rows": r.rows,
                "status": r.status,
                "z3_rlimit": r.z3_rlimit,
                "counterexample": r.counterexample,
            }
            for r in results
        ],
        schema=PROOFS_SCHEMA,
    )
