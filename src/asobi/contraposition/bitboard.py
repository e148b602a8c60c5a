"""A Contraposition board as two bit masks (white stones, black stones; bit i = cell i), for
the exact solver of sides 1 to 3.

:func:`board_tables` precomputes the arrays of one side: each cell's neighbours as a mask,
a padded layout in which a flood fill is a few shifts (one padding column, so that shifts
never wrap onto a board cell), and the image of every 8-bit chunk of a mask under the
board's 12 symmetries. The numba kernels count each colour's groups by size, decide a full
board (:func:`decide`) and give a position's canonical key (:func:`canonical_key`). The
kernels that score boards held as arrays, for the players, are in
:mod:`asobi.contraposition.kernels`.

>>> tables = board_tables(2)
>>> white, black = to_masks((1, 2, 2, 1, 2, 1, 1))
>>> balance = np.zeros(tables.cells + 1, dtype=np.int64)
>>> decide(white, black, tables.cells, tables.stride, tables.padded_chunks, balance)
(1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import numba as nb
import numpy as np

from asobi.contraposition.board import cell_count, cells, neighbours, symmetries
from asobi.contraposition.contraposition import Colour
from asobi.core.errors import InputError

MAX_SOLVER_SIDE = 3
"""Boards up to this side fit the packed 64-bit keys (two masks + two flags)."""

CHUNK_BITS = 8


@dataclass(frozen=True)
class Tables:
    """Precomputed arrays for one board side."""

    cells: int
    neighbour_masks: np.ndarray  # int64[cells]: bit mask of each cell's neighbours
    stride: int  # row stride of the padded layout used for flood fills
    padded_chunks: np.ndarray  # int64[chunks, 256]: compact 8-bit chunk -> padded layout
    symmetry_chunks: np.ndarray  # int64[12, chunks, 256]: image of an 8-bit chunk


def board_tables(side: int) -> Tables:
    if not 1 <= side <= MAX_SOLVER_SIDE:
        raise InputError(f"the exact solver handles sides 1..{MAX_SOLVER_SIDE}, got {side}")
    n = cell_count(side)
    radius = side - 1
    stride = 2 * side  # one padding column: shifts never wrap onto a board cell
    padded_bit = [(q + radius) + (r + radius) * stride for q, r in cells(side)]
    chunks = (n + CHUNK_BITS - 1) // CHUNK_BITS
    padded = np.zeros((chunks, 1 << CHUNK_BITS), dtype=np.int64)
    for chunk in range(chunks):
        for value in range(1 << CHUNK_BITS):
            for bit in range(CHUNK_BITS):
                cell = chunk * CHUNK_BITS + bit
                if value >> bit & 1 and cell < n:
                    padded[chunk, value] |= 1 << padded_bit[cell]
    images = np.zeros((12, chunks, 1 << CHUNK_BITS), dtype=np.int64)
    for s, perm in enumerate(symmetries(side)):
        for chunk in range(chunks):
            for value in range(1 << CHUNK_BITS):
                image = 0
                for bit in range(CHUNK_BITS):
                    cell = chunk * CHUNK_BITS + bit
                    if value >> bit & 1 and cell < n:
                        image |= 1 << perm[cell]
                images[s, chunk, value] = image
    masks = np.zeros(n, dtype=np.int64)
    for cell, around in enumerate(neighbours(side)):
        for other in around:
            masks[cell] |= 1 << other
    return Tables(
        cells=n, neighbour_masks=masks, stride=stride, padded_chunks=padded, symmetry_chunks=images
    )


# --- numba core ------------------------------------------------------------------------


@nb.njit(cache=True)
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@nb.njit(cache=True)
def to_padded(mask: int, padded_chunks: np.ndarray) -> int:
    image = 0
    chunk = 0
    while mask:
        image |= padded_chunks[chunk, mask & 255]
        mask >>= 8
        chunk += 1
    return image


@nb.njit(cache=True)
def add_groups(stones: int, stride: int, sign: int, balance: np.ndarray) -> None:
    """Add ``sign`` to ``balance[size]`` for every group of ``stones`` (padded layout)."""
    remaining = stones
    while remaining:
        group = remaining & -remaining
        while True:
            grown = group | (
                (
                    (group << 1)
                    | (group >> 1)
                    | (group << stride)
                    | (group >> stride)
                    | (group << (stride - 1))
                    | (group >> (stride - 1))
                )
                & remaining
            )
            if grown == group:
                break
            group = grown
        balance[popcount(group)] += sign
        remaining &= ~group


@nb.njit(cache=True)
def decide(
    white: int, black: int, n: int, stride: int, padded_chunks: np.ndarray, balance: np.ndarray
) -> tuple[int, int]:
    """``(winner, deciding size)`` of a board: winner 1 white, 2 black, 0 draw.

    The article's first statement: the smallest size where the counts differ; fewer wins.
    ``balance`` is a zeroed scratch array of ``n + 1`` entries (left zeroed).
    """
    add_groups(to_padded(white, padded_chunks), stride, 1, balance)
    add_groups(to_padded(black, padded_chunks), stride, -1, balance)
    winner, size = 0, 0
    for k in range(1, n + 1):
        if balance[k] != 0:
            if winner == 0:
                winner = 2 if balance[k] > 0 else 1
                size = k
            balance[k] = 0
    return winner, size


@nb.njit(cache=True)
def permute(mask: int, s: int, chunks: np.ndarray) -> int:
    image = 0
    chunk = 0
    while mask:
        image |= chunks[s, chunk, mask & 255]
        mask >>= 8
        chunk += 1
    return image


@nb.njit(cache=True)
def canonical_key(white: int, black: int, n: int, chunks: np.ndarray) -> int:
    best = -1
    for s in range(12):
        key = permute(white, s, chunks) | (permute(black, s, chunks) << n)
        if best < 0 or key < best:
            best = key
    return best


def to_masks(board: tuple[int, ...]) -> tuple[int, int]:
    """``(white mask, black mask)`` of a board (bit i = cell i)."""
    white = sum(1 << i for i, v in enumerate(board) if v == Colour.WHITE)
    black = sum(1 << i for i, v in enumerate(board) if v == Colour.BLACK)
    return white, black
