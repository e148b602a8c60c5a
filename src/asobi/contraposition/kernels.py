"""Numba kernels that score boards held as arrays (one ``int8`` per cell).

Shared by the MCTS players (:mod:`asobi.contraposition.mcts`), the winning-rule audit
(:mod:`asobi.contraposition.audit`) and the mirror boards
(:mod:`asobi.contraposition.mirror`): a flood fill that counts each colour's groups by
size, the scores of a full board, and the size profiles of many boards at once. The exact
solver has its own bitboard kernels (:mod:`asobi.contraposition.bitboard`).
"""

from __future__ import annotations

import numba as nb
import numpy as np

from asobi.contraposition.board import neighbours
from asobi.contraposition.contraposition import LUDII_INFINITY


def neighbour_table(side: int) -> np.ndarray:
    """``int64[cells, 6]``: the neighbours of each cell, padded with -1."""
    around = neighbours(side)
    table = -np.ones((len(around), 6), dtype=np.int64)
    for cell, others in enumerate(around):
        table[cell, : len(others)] = others
    return table


@nb.njit(cache=True)
def count_groups(
    board: np.ndarray, nbr: np.ndarray, stack: np.ndarray, seen: np.ndarray, counts: np.ndarray
) -> None:
    """Add each group of ``board`` to ``counts[colour - 1, size]`` (flood fill over ``nbr``).

    ``stack`` and ``seen`` are scratch arrays with one entry per cell.
    """
    seen[:] = 0
    for start in range(board.shape[0]):
        if seen[start] or board[start] == 0:
            continue
        colour = board[start]
        seen[start] = 1
        stack[0] = start
        top = 1
        size = 0
        while top:
            top -= 1
            cell = stack[top]
            size += 1
            for k in range(6):
                other = nbr[cell, k]
                if other >= 0 and not seen[other] and board[other] == colour:
                    seen[other] = 1
                    stack[top] = other
                    top += 1
        counts[colour - 1, size] += 1


@nb.njit(cache=True)
def evaluate(
    board: np.ndarray, nbr: np.ndarray, stack: np.ndarray, seen: np.ndarray, counts: np.ndarray
) -> tuple[int, int, int, int]:
    """``(winner, deciding size, white score, black score)`` of a full board.

    The winner (1 white, 2 black) by the article's first statement of the rule;
    ``counts`` is a scratch ``int64[2, cells+1]``; scores follow Ludii (10^9 = infinity).
    """
    n = board.shape[0]
    counts[:, :] = 0
    count_groups(board, nbr, stack, seen, counts)
    winner, deciding = 0, 0
    white_score, black_score = LUDII_INFINITY, LUDII_INFINITY
    for size in range(1, n + 1):
        w, b = counts[0, size], counts[1, size]
        if w != b and winner == 0:
            winner = 1 if w < b else 2
            deciding = size
        if w > b and white_score == LUDII_INFINITY:
            white_score = size
        if b > w and black_score == LUDII_INFINITY:
            black_score = size
    return winner, deciding, white_score, black_score


@nb.njit(cache=True)
def size_profiles(boards: np.ndarray, nbr: np.ndarray) -> np.ndarray:
    """``int16[m, 2, n+1]``: group counts by size, per colour, for each of ``m`` boards."""
    m, n = boards.shape
    out = np.zeros((m, 2, n + 1), dtype=np.int16)
    stack = np.empty(n, dtype=np.int64)
    seen = np.empty(n, dtype=np.int8)
    for i in range(m):
        count_groups(boards[i], nbr, stack, seen, out[i])
    return out


def sizes_from_counts(counts: np.ndarray) -> list[int]:
    """The ascending size list of one colour's row of a size profile.

    >>> sizes_from_counts(np.array([0, 2, 0, 1]))
    [1, 1, 3]
    """
    return np.repeat(np.arange(len(counts)), counts).tolist()


def unique_rows(rows: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``np.unique(rows, axis=0, return_inverse=True, return_counts=True)`` for a 2-D array
    of non-negative integers (size profiles), in the same order, without sorting every row:
    each row's bytes are looked up in a dict and only the distinct rows are sorted (NumPy
    sorted all rows as records, most of the audit's time).

    >>> unique, inverse, counts = unique_rows(np.array([[1, 2], [0, 5], [1, 2]]))
    >>> unique.tolist(), inverse.tolist(), counts.tolist()
    ([[0, 5], [1, 2]], [1, 0, 1], [1, 2])
    """
    if rows.ndim != 2 or (rows.size and rows.min() < 0):
        raise ValueError("unique_rows needs a 2-D array of non-negative integers")
    # big-endian bytes of non-negative numbers compare as the numbers, row by row
    keyed = np.ascontiguousarray(rows, dtype=rows.dtype.newbyteorder(">"))
    keys = keyed.view(f"V{keyed.shape[1] * keyed.dtype.itemsize}").ravel().tolist()
    number: dict[bytes, int] = {}  # each distinct row's number, in order of appearance
    firsts: list[int] = []  # and the first row where it appears
    seen = []
    for i, key in enumerate(keys):
        k = number.get(key)
        if k is None:
            k = number[key] = len(firsts)
            firsts.append(i)
        seen.append(k)
    distinct = list(number)
    order = sorted(range(len(distinct)), key=distinct.__getitem__)
    rank = np.empty(len(distinct), dtype=np.intp)
    rank[order] = np.arange(len(distinct))
    inverse = rank[np.array(seen, dtype=np.intp)]
    unique = rows[np.array(firsts, dtype=np.intp)[order]]
    return unique, inverse, np.bincount(inverse, minlength=len(distinct))
