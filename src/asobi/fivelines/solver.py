"""Solving 五線: exhaustive solvers independent of the XOR formula, and the formula itself.

* :func:`row_grundy_values` — Grundy value of a single row by brute force:
  ``g(n) = mex{ g(c) XOR g(d) : c + d < n }``.
* :func:`solve_positions` — the outcome (normal and misère) of every position with at most
  ``total_max`` sticks, by backward induction over all moves. Positions are multisets of row
  lengths, i.e. integer partitions; each partition is stored at index
  ``offset[total] + rank`` where ``rank`` orders the partitions of one total by their parts
  (largest first). Every move lowers the total, so one pass in increasing total suffices.
  The Sprague–Grundy theorem is *not* used, so the table is evidence for the XOR theorem,
  not a consequence of it.
* :func:`theorem_mover_wins` — the article's theorem (normal play) and the misère-Nim rule,
  for positions of any size; the claims table checks both against the exhaustive search.

>>> solved = solve_positions(6)
>>> solved.normal_outcome_of((1, 2, 3)), solved.misere_outcome_of((1, 1))
('second', 'first')
"""

from __future__ import annotations

from dataclasses import dataclass

import numba
import numpy as np

from asobi.core.errors import InputError
from asobi.core.game import Outcome
from asobi.fivelines.fivelines import Erase, Position


@numba.njit(cache=True)
def _grundy(grundy_max: int) -> np.ndarray:  # pragma: no cover - compiled
    values = np.zeros(grundy_max + 1, dtype=np.int64)
    seen = np.zeros(2 * grundy_max + 2, dtype=np.int64)  # stamp array for the mex
    for length in range(1, grundy_max + 1):
        for left in range(length):
            for right in range(left, length - left):
                seen[values[left] ^ values[right]] = length
        mex = 0
        while seen[mex] == length:
            mex += 1
        values[length] = mex
    return values


def row_grundy_values(grundy_max: int) -> np.ndarray:
    """Grundy values of rows of 0..grundy_max sticks, by brute force over every move."""
    if grundy_max < 0:
        raise InputError(f"grundy_max must be ≥ 0, got {grundy_max}")
    return _grundy(grundy_max)


@numba.njit(cache=True)
def _partition_counts(total_max: int) -> np.ndarray:  # pragma: no cover - compiled
    """counts[n, k] = number of partitions of n into parts ≤ k."""
    counts = np.zeros((total_max + 1, total_max + 1), dtype=np.int64)
    for k in range(total_max + 1):
        counts[0, k] = 1
    for n in range(1, total_max + 1):
        for k in range(1, total_max + 1):
            counts[n, k] = counts[n, k - 1] + (counts[n - k, k] if k <= n else 0)
    return counts


@numba.njit(cache=True)
def _below(counts: np.ndarray, n: int, first: int) -> int:  # pragma: no cover - compiled
    """Number of partitions of n whose largest part is < first."""
    return counts[n, min(first - 1, n)] if first >= 1 else 0


@numba.njit(cache=True)
def _rank(
    parts: np.ndarray, length: int, total: int, counts: np.ndarray
) -> int:  # pragma: no cover
    """Rank of a partition (parts descending) among partitions of ``total``."""
    rank = 0
    remaining = total
    for i in range(length):
        part = parts[i]
        # partitions of `remaining` whose largest part is smaller than this one come first
        rank += _below(counts, remaining, part)
        remaining -= part
    return rank


@numba.njit(cache=True)
def _append(buffer: np.ndarray, used: int, value: int) -> np.ndarray:  # pragma: no cover
    """Store ``value`` at ``buffer[used]``, doubling the buffer when it is full."""
    if used == buffer.shape[0]:
        grown = np.zeros(2 * used, dtype=buffer.dtype)
        grown[:used] = buffer
        buffer = grown
    buffer[used] = value
    return buffer


@numba.njit(cache=True)
def _solve(total_max: int):  # pragma: no cover - compiled
    counts = _partition_counts(total_max)
    offsets = np.zeros(total_max + 2, dtype=np.int64)
    for n in range(total_max + 1):
        offsets[n + 1] = offsets[n] + counts[n, n]
    n_positions = offsets[total_max + 1]
    # flat storage of every partition, parts descending
    part_offsets = np.zeros(n_positions + 1, dtype=np.int64)
    normal_win = np.zeros(n_positions, dtype=np.bool_)
    misere_win = np.zeros(n_positions, dtype=np.bool_)
    totals = np.zeros(n_positions, dtype=np.int64)
    capacity = 1 << 16
    parts_flat = np.zeros(capacity, dtype=np.int64)
    normal_moves = np.zeros(1024, dtype=np.int64)
    misere_moves = np.zeros(1024, dtype=np.int64)
    normal_count = np.zeros(n_positions, dtype=np.int64)
    misere_count = np.zeros(n_positions, dtype=np.int64)
    n_normal = 0
    n_misere = 0
    parts = np.zeros(total_max + 2, dtype=np.int64)
    base = np.zeros(total_max + 2, dtype=np.int64)
    merged = np.zeros(total_max + 2, dtype=np.int64)
    misere_win[0] = True  # empty board: the opponent erased the last stick
    for total in range(1, total_max + 1):
        for rank in range(counts[total, total]):
            # unrank: choose each part (descending) by counting the partitions before it
            remaining = total
            length = 0
            r = rank
            while remaining > 0:
                first = 1
                while True:
                    # partitions of `remaining` whose largest part is exactly `first`
                    block = counts[remaining - first, min(first, remaining - first)]
                    if r < block:
                        break
                    r -= block
                    first += 1
                parts[length] = first
                length += 1
                remaining -= first
            position = offsets[total] + rank
            totals[position] = total
            start = part_offsets[position]
            if start + length > capacity:
                new_capacity = capacity * 2
                while start + length > new_capacity:
                    new_capacity *= 2
                grown = np.zeros(new_capacity, dtype=np.int64)
                grown[:capacity] = parts_flat[:capacity]
                parts_flat = grown
                capacity = new_capacity
            for i in range(length):
                parts_flat[start + i] = parts[i]
            part_offsets[position + 1] = start + length
            # every move: remove one row of each distinct length, add c ≤ d with c + d < b
            for i in range(length):
                if i > 0 and parts[i] == parts[i - 1]:
                    continue
                row = parts[i]
                base_length = 0
                for j in range(length):
                    if j != i:
                        base[base_length] = parts[j]
                        base_length += 1
                for left in range(row):
                    for right in range(left, row - left):
                        # merge base (descending) with right ≥ left (non-zero only)
                        m = 0
                        placed_right = right == 0
                        placed_left = left == 0
                        for j in range(base_length):
                            value = base[j]
                            if not placed_right and right >= value:
                                merged[m] = right
                                m += 1
                                placed_right = True
                            if placed_right and not placed_left and left >= value:
                                merged[m] = left
                                m += 1
                                placed_left = True
                            merged[m] = value
                            m += 1
                        if not placed_right:
                            merged[m] = right
                            m += 1
                        if not placed_left:
                            merged[m] = left
                            m += 1
                        new_total = total - row + left + right
                        successor = offsets[new_total] + _rank(merged, m, new_total, counts)
                        if not normal_win[successor]:
                            normal_win[position] = True
                            normal_moves = _append(normal_moves, n_normal, successor)
                            n_normal += 1
                            normal_count[position] += 1
                        if not misere_win[successor]:
                            misere_win[position] = True
                            misere_moves = _append(misere_moves, n_misere, successor)
                            n_misere += 1
                            misere_count[position] += 1
    return (
        totals,
        part_offsets,
        parts_flat[: part_offsets[n_positions]],
        normal_win,
        misere_win,
        normal_count,
        normal_moves[:n_normal],
        misere_count,
        misere_moves[:n_misere],
        counts,
        offsets,
    )


def _outcome(mover_wins: bool) -> str:
    return "first" if mover_wins else "second"


@dataclass(frozen=True)
class SolvedPositions:
    """Every position with at most ``total_max`` sticks, solved both ways.

    Arrays are indexed by position index; ``parts`` are stored descending in a flat array
    sliced by ``part_offsets``; winning moves (successor indices) likewise by the
    cumulative ``*_move_count``.
    """

    total_max: int
    totals: np.ndarray
    part_offsets: np.ndarray
    parts: np.ndarray
    normal_win: np.ndarray
    misere_win: np.ndarray
    normal_move_count: np.ndarray
    normal_moves: np.ndarray
    misere_move_count: np.ndarray
    misere_moves: np.ndarray
    counts: np.ndarray
    offsets: np.ndarray

    @property
    def n_positions(self) -> int:
        return int(self.totals.shape[0])

    def rows(self, index: int) -> tuple[int, ...]:
        """Row lengths of a position, ascending."""
        start, stop = self.part_offsets[index], self.part_offsets[index + 1]
        return tuple(int(v) for v in self.parts[start:stop][::-1])

    def index_of(self, rows: tuple[int, ...]) -> int:
        """Position index of a multiset of row lengths (zeros ignored)."""
        parts = np.array(sorted((r for r in rows if r), reverse=True), dtype=np.int64)
        total = int(parts.sum())
        if total > self.total_max:
            raise InputError(f"position has {total} sticks; solved only up to {self.total_max}")
        return int(self.offsets[total] + _rank(parts, len(parts), total, self.counts))

    def normal_outcome_of(self, rows: tuple[int, ...]) -> str:
        return _outcome(bool(self.normal_win[self.index_of(rows)]))

    def misere_outcome_of(self, rows: tuple[int, ...]) -> str:
        return _outcome(bool(self.misere_win[self.index_of(rows)]))

    def outcome(self, position: Position, *, misere: bool = False) -> Outcome:
        """The :mod:`asobi.core.game` outcome of ``position`` (for the player to move)."""
        wins = self.misere_win if misere else self.normal_win
        return Outcome.FIRST if wins[self.index_of(position.rows)] else Outcome.SECOND

    def winning_moves(
        self, rows: tuple[int, ...], *, misere: bool = False
    ) -> list[tuple[int, ...]]:
        """Positions the mover can move to that win (empty when the mover loses)."""
        index = self.index_of(rows)
        count = self.misere_move_count if misere else self.normal_move_count
        moves = self.misere_moves if misere else self.normal_moves
        start = int(count[:index].sum())
        return [self.rows(int(s)) for s in moves[start : start + int(count[index])]]


def solve_positions(total_max: int) -> SolvedPositions:
    """Solve every position with at most ``total_max`` sticks (normal and misère)."""
    if total_max < 0:
        raise InputError(f"total_max must be ≥ 0, got {total_max}")
    return SolvedPositions(total_max, *_solve(total_max))


def theorem_mover_wins(position: Position, *, misere: bool = False) -> bool:
    """The formula: True when the player to move should win.

    Normal play (the article's 定理): the mover wins iff the XOR of the row lengths is not
    0. Misère play (the misère-Nim rule, Bouton): with every row of length ≤ 1 the mover
    wins iff the number of rows is even; otherwise iff the XOR is not 0.

    >>> theorem_mover_wins(Position((1, 2, 3))), theorem_mover_wins(Position((1, 1)), misere=True)
    (False, True)
    """
    if misere and all(row <= 1 for row in position.rows):
        return len(position.rows) % 2 == 0
    return position.nim_sum != 0


def theorem_winning_moves(position: Position, *, misere: bool = False) -> list[Erase]:
    """The moves to a position :func:`theorem_mover_wins` calls lost for the mover, found in
    time linear in the row lengths (listing every move is quadratic: ~n²/4 for a row of n).

    From a row of ``row`` sticks, keeping ``left ≤ right`` leaves the XOR
    ``rest ^ left ^ right`` (``rest``: the XOR of the other rows), so for each ``left`` only
    ``right = left ^ rest`` (and ``left ^ rest ^ 1`` under misère play, where a position of
    rows ≤ 1 is lost with an odd XOR) can win; each candidate is checked with the formula.

    >>> [str(move) for move in theorem_winning_moves(Position((1, 2, 3, 4, 5)))]
    ['1:0+0', '3:0+2', '5:0+4']
    """
    rows = sorted(position.rows)
    moves = []
    for row in sorted(set(rows)):
        rest = position.nim_sum ^ row
        others = list(rows)
        others.remove(row)
        others_at_most_one = not others or others[-1] <= 1
        targets = (rest, rest ^ 1) if misere else (rest,)
        for left in range((row + 1) // 2):
            for right in sorted({left ^ target for target in targets}):
                if not left <= right or left + right >= row:
                    continue
                after_xor = rest ^ left ^ right
                if misere and others_at_most_one and right <= 1:
                    lost_after = after_xor == 1  # every row ≤ 1: an odd number of rows
                else:
                    lost_after = after_xor == 0
                if lost_after:
                    moves.append(Erase(row, left, right))
    return moves
