"""The hex-hex board of Contraposition: cell numbering, neighbours, symmetries, text boards.

The board is a regular hexagon of hexagonal cells with ``side`` cells on each edge
(``3·side·(side-1) + 1`` cells). Cells are numbered row by row from the top, left to
right (the numbering of every table and of the moves, docs/games/contraposition.md,
"Notation"); a cell is ``(q, r)`` in axial coordinates with
``max(|q|, |r|, |q + r|) <= side - 1``. A board is a tuple of cell states (0 empty,
1 white, 2 black).

>>> len(cells(2)), centre(2)
(7, 3)
>>> print(render(parse_board("WB/BWB/WB")))
 W B
B W B
 W B
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache

from asobi.core.errors import InputError

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

EMPTY, WHITE, BLACK = 0, 1, 2
"""Cell states (the values of :class:`asobi.contraposition.contraposition.Colour`)."""


def cell_count(side: int) -> int:
    """Number of cells of the hex-hex board: ``3·side·(side-1) + 1``.

    >>> [cell_count(s) for s in range(1, 6)]
    [1, 7, 19, 37, 61]
    """
    return 3 * side * (side - 1) + 1


def side_of(count: int) -> int:
    """The side whose board has ``count`` cells (``InputError`` if there is none)."""
    side = 1
    while cell_count(side) < count:
        side += 1
    if cell_count(side) != count:
        raise InputError(f"{count} cells do not make a hex board (sizes are 1, 7, 19, 37, 61, ...)")
    return side


@cache
def cells(side: int) -> tuple[tuple[int, int], ...]:
    """Axial coordinates ``(q, r)`` of the cells, row by row (``r`` up), ``q`` ascending."""
    radius = side - 1
    return tuple(
        (q, r)
        for r in range(-radius, radius + 1)
        for q in range(-radius, radius + 1)
        if abs(q + r) <= radius
    )


@cache
def row_lengths(side: int) -> tuple[int, ...]:
    """Cells per row from the top: ``side, side+1, ..., 2·side-1, ..., side``."""
    return tuple(side + side - 1 - abs(r) for r in range(-(side - 1), side))


@cache
def index_of(side: int) -> dict[tuple[int, int], int]:
    """Cell number of each axial coordinate."""
    return {cell: i for i, cell in enumerate(cells(side))}


def centre(side: int) -> int:
    """Index of the centre cell."""
    return index_of(side)[(0, 0)]


@cache
def neighbours(side: int) -> tuple[tuple[int, ...], ...]:
    """Edge-adjacent cells of every cell (up to six)."""
    where = index_of(side)
    return tuple(
        tuple(where[(q + dq, r + dr)] for dq, dr in DIRECTIONS if (q + dq, r + dr) in where)
        for q, r in cells(side)
    )


@cache
def symmetries(side: int) -> tuple[tuple[int, ...], ...]:
    """The 12 symmetries of the board as cell permutations (``perm[i]`` = image of cell i).

    Rotations by 60° and their compositions with one reflection; the identity comes first.

    >>> len(set(symmetries(3)))
    12
    """
    where = index_of(side)

    def rotate(q: int, r: int) -> tuple[int, int]:
        return -r, q + r

    def reflect(q: int, r: int) -> tuple[int, int]:
        return r, q

    result = []
    for mirrored in (False, True):
        for turns in range(6):
            perm = []
            for q, r in cells(side):
                a, b = reflect(q, r) if mirrored else (q, r)
                for _ in range(turns):
                    a, b = rotate(a, b)
                perm.append(where[(a, b)])
            result.append(tuple(perm))
    return tuple(result)


def transform(board: Sequence[int], perm: Sequence[int]) -> tuple[int, ...]:
    """The board moved by a symmetry ``perm`` (cell i goes to ``perm[i]``)."""
    moved = [EMPTY] * len(board)
    for i, value in enumerate(board):
        moved[perm[i]] = value
    return tuple(moved)


def cell_classes(side: int, candidates: Sequence[int] | None = None) -> list[list[int]]:
    """Cells grouped into symmetry classes (each class sorted, classes by smallest index)."""
    pool = range(cell_count(side)) if candidates is None else candidates
    seen: set[int] = set()
    classes = []
    for cell in sorted(pool):
        if cell in seen:
            continue
        orbit = sorted({perm[cell] for perm in symmetries(side)})
        seen.update(orbit)
        classes.append(orbit)
    return classes


# --- text boards -----------------------------------------------------------------------

_SYMBOLS = {"w": WHITE, "o": WHITE, "b": BLACK, "x": BLACK, ".": EMPTY}
_DRAW = {EMPTY: ".", WHITE: "W", BLACK: "B"}


def parse_board(text: str) -> tuple[int, ...]:
    """Read a board: ``W``/``O`` white, ``B``/``X`` black, ``.`` empty, row by row.

    Rows are separated by ``/`` or new lines (then their lengths are checked) or the cells
    are given in one run; spaces are ignored.

    >>> parse_board("W")
    (1,)
    >>> parse_board("WB/BWBW/.")
    Traceback (most recent call last):
    ...
    asobi.core.errors.InputError: board row 2 has 4 cells, a side-2 board needs 3
    """
    rows = [re.sub(r"\s", "", row) for row in re.split(r"[/\n]", text.strip())]
    rows = [row for row in rows if row]
    flat = "".join(rows)
    if not flat:
        raise InputError("the board is empty text")
    bad = sorted({ch for ch in flat if ch.lower() not in _SYMBOLS})
    if bad:
        raise InputError(f"board text has unknown symbol(s) {''.join(bad)!r}; use W/O, B/X and '.'")
    side = side_of(len(flat))
    if len(rows) > 1:
        expected = row_lengths(side)
        if len(rows) != len(expected):
            raise InputError(f"a side-{side} board has {len(expected)} rows, got {len(rows)}")
        for number, (row, length) in enumerate(zip(rows, expected, strict=True), start=1):
            if len(row) != length:
                raise InputError(
                    f"board row {number} has {len(row)} cells, a side-{side} board needs {length}"
                )
    return tuple(_SYMBOLS[ch.lower()] for ch in flat)


def render(board: Sequence[int]) -> str:
    """ASCII drawing of a board, one row per line, rows indented into a hexagon."""
    side = side_of(len(board))
    lines = []
    start = 0
    widest = 2 * side - 1
    for length in row_lengths(side):
        row = board[start : start + length]
        start += length
        lines.append(" " * (widest - length) + " ".join(_DRAW[v] for v in row))
    return "\n".join(lines)


def board_key(board: Sequence[int]) -> str:
    """Compact text of a board, rows joined by ``/`` (readable back by :func:`parse_board`)."""
    side = side_of(len(board))
    parts = []
    start = 0
    for length in row_lengths(side):
        parts.append("".join(_DRAW[v] for v in board[start : start + length]))
        start += length
    return "/".join(parts)


def render_indices(side: int) -> str:
    """The board with each cell's index, to read moves in tables."""
    lines = []
    start = 0
    widest = 2 * side - 1
    for length in row_lengths(side):
        labels = " ".join(f"{i:>2}" for i in range(start, start + length))
        start += length
        lines.append(" " * (3 * (widest - length) // 2) + labels)
    return "\n".join(lines)
