"""Contraposition: the rules (board, both placement protocols, winning rule, score).

Source: the article "Contraposition : 最大グループゲームの「対偶」" (sections ルール,
バリアント : 12?プロトコル, ゲームデータ). Restated in our words:

* The board is a regular hexagon of hexagonal cells with ``side`` cells on each edge
  (``3·side·(side-1) + 1`` cells; the article recommends side 5, 61 cells).
* A "グループ" (group) is a maximal set of same-coloured, edge-adjacent stones; its size is
  its number of stones.
* Basic protocol (``basic``): White places one white stone on any empty cell except the
  centre; then the players alternate, one stone of their own colour per turn.
* ``12?`` protocol (``onetwo``; the article's "12?プロトコル"): White first places one stone
  anywhere; then each player in turn places one or two stones of their own colour (one if
  only one cell is left).
* The game ends when the board is full. Who wins is decided by the group sizes; the article
  states the rule twice (:func:`winner_by_counts`, :func:`winner_by_sorted_sizes`) and the
  Ludii implementation uses a score (:func:`ludii_scores`). All three are kept apart so that
  the audit can compare them.

Cells are numbered row by row from the top, left to right; a cell is ``(q, r)`` in axial
coordinates with ``max(|q|, |r|, |q + r|) <= side - 1``. A board is a tuple of cell states
(0 empty, 1 white, 2 black).

>>> rules = Rules(side=2)
>>> len(cells(2)), centre(2)
(7, 3)
>>> print(render(parse_board("WB/BWB/WB")))
 W B
B W B
 W B
>>> winner_by_counts(parse_board("WB/BWB/WB")).name
'WHITE'
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from functools import cache

from asobi.core.errors import IllegalMoveError, InputError

LUDII_INFINITY = 1_000_000_000
"""The value Ludii uses for an infinite score ("Infinity" in the article's ゲームデータ)."""

DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

EMPTY = 0


class Colour(IntEnum):
    """A stone colour; White moves first under both protocols."""

    WHITE = 1
    BLACK = 2

    @property
    def opponent(self) -> Colour:
        return Colour.BLACK if self is Colour.WHITE else Colour.WHITE

    @property
    def label(self) -> str:
        return self.name.lower()


class Protocol(StrEnum):
    """How stones are placed: ``basic`` or ``onetwo`` (the article's 12? protocol)."""

    BASIC = "basic"
    ONE_TWO = "onetwo"

    @property
    def display(self) -> str:
        return "basic" if self is Protocol.BASIC else "12?"


@dataclass(frozen=True)
class Rules:
    """One variant: board side and placement protocol."""

    side: int
    protocol: Protocol = Protocol.BASIC

    def __post_init__(self) -> None:
        if not isinstance(self.side, int) or self.side < 1:
            raise InputError(f"board side must be a positive integer, got {self.side!r}")
        object.__setattr__(self, "protocol", Protocol(self.protocol))

    @property
    def cell_count(self) -> int:
        return cell_count(self.side)


@dataclass(frozen=True)
class Position:
    """A board and the colour to move (a full board is the end of the game)."""

    board: tuple[int, ...]
    to_move: Colour = Colour.WHITE

    @property
    def side(self) -> int:
        return side_of(len(self.board))

    @property
    def empty_cells(self) -> tuple[int, ...]:
        return tuple(i for i, v in enumerate(self.board) if v == EMPTY)

    @property
    def is_full(self) -> bool:
        return EMPTY not in self.board


Move = tuple[int, ...]
"""One turn: the cells (one or two) where the mover places stones of its colour."""


# --- geometry --------------------------------------------------------------------------


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


# --- groups and the winning rule ------------------------------------------------------


def groups(board: Sequence[int], colour: Colour | int) -> list[frozenset[int]]:
    """The groups ("グループ") of ``colour``: maximal edge-connected sets of its stones."""
    adjacency = neighbours(side_of(len(board)))
    seen: set[int] = set()
    found = []
    for start, value in enumerate(board):
        if value != colour or start in seen:
            continue
        group = {start}
        stack = [start]
        while stack:
            cell = stack.pop()
            for other in adjacency[cell]:
                if board[other] == colour and other not in group:
                    group.add(other)
                    stack.append(other)
        seen |= group
        found.append(frozenset(group))
    return found


def group_sizes(board: Sequence[int], colour: Colour | int) -> list[int]:
    """Sizes of ``colour``'s groups in ascending order."""
    return sorted(len(group) for group in groups(board, colour))


def _size_counts(sizes: Sequence[int]) -> dict[int, int]:
    counts: dict[int, int] = {}
    for size in sizes:
        counts[size] = counts.get(size, 0) + 1
    return counts


def winner_by_counts(board: Sequence[int]) -> Colour | None:
    """The article's first statement of the winning rule (勝利条件).

    Look at the smallest group size present on the board; whoever has fewer groups of that
    size (possibly none) wins; on equal counts go to the next smallest size present, and so
    on. ``None`` if every size ties (a draw, which the article says cannot happen).
    """
    return counts_rule(*both_sizes(board))


def winner_by_sorted_sizes(board: Sequence[int]) -> Colour | None:
    """The article's second statement ("これは以下の条件と等価です").

    List each colour's group sizes in ascending order and compare them position by
    position; at the first difference the colour with the smaller size loses; a colour whose
    list runs out first (every group used) wins. ``None`` if the lists are identical.
    """
    return sorted_sizes_rule(*both_sizes(board))


def ludii_scores(board: Sequence[int]) -> tuple[int, int]:
    """Scores as in Ludii (the article's ゲームデータ): ``(white, black)``.

    A player's score is the smallest group size at which that player has more groups than
    the opponent; :data:`LUDII_INFINITY` (10^9) if there is no such size.
    """
    return ludii_scores_of(*both_sizes(board))


def winner_by_ludii_score(board: Sequence[int]) -> Colour | None:
    """The higher Ludii score wins; ``None`` on equal scores."""
    return ludii_rule(*both_sizes(board))


def deciding_size(board: Sequence[int]) -> int | None:
    """The smallest group size at which the two colours' counts differ (None if none)."""
    white, black = (_size_counts(s) for s in both_sizes(board))
    return next(
        (s for s in sorted(set(white) | set(black)) if white.get(s, 0) != black.get(s, 0)),
        None,
    )


def both_sizes(board: Sequence[int]) -> tuple[list[int], list[int]]:
    """``(white sizes, black sizes)``, each ascending."""
    return group_sizes(board, Colour.WHITE), group_sizes(board, Colour.BLACK)


# The three rules on group-size lists (ascending), so that the audit can apply them to
# size profiles computed by the fast kernels.


def counts_rule(white_sizes: Sequence[int], black_sizes: Sequence[int]) -> Colour | None:
    """:func:`winner_by_counts` on size lists.

    >>> counts_rule([1, 2], [1, 1, 3]).name
    'WHITE'
    """
    white, black = _size_counts(white_sizes), _size_counts(black_sizes)
    for size in sorted(set(white) | set(black)):
        w, b = white.get(size, 0), black.get(size, 0)
        if w != b:
            return Colour.WHITE if w < b else Colour.BLACK
    return None


def sorted_sizes_rule(white_sizes: Sequence[int], black_sizes: Sequence[int]) -> Colour | None:
    """:func:`winner_by_sorted_sizes` on ascending size lists.

    >>> sorted_sizes_rule([2, 2], [2, 2, 3]).name
    'WHITE'
    """
    for w, b in zip(white_sizes, black_sizes, strict=False):
        if w != b:
            return Colour.BLACK if w < b else Colour.WHITE
    if len(white_sizes) == len(black_sizes):
        return None
    return Colour.WHITE if len(white_sizes) < len(black_sizes) else Colour.BLACK


def ludii_scores_of(white_sizes: Sequence[int], black_sizes: Sequence[int]) -> tuple[int, int]:
    """:func:`ludii_scores` on size lists.

    >>> ludii_scores_of([1, 3], [1, 2])
    (3, 2)
    """
    white, black = _size_counts(white_sizes), _size_counts(black_sizes)
    sizes = sorted(set(white) | set(black))

    def score(mine: dict[int, int], theirs: dict[int, int]) -> int:
        return next((s for s in sizes if mine.get(s, 0) > theirs.get(s, 0)), LUDII_INFINITY)

    return score(white, black), score(black, white)


def ludii_rule(white_sizes: Sequence[int], black_sizes: Sequence[int]) -> Colour | None:
    """The higher Ludii score wins; ``None`` on equal scores."""
    white, black = ludii_scores_of(white_sizes, black_sizes)
    if white == black:
        return None
    return Colour.WHITE if white > black else Colour.BLACK


winner = winner_by_counts
"""The rule used by the solvers and the players (the article's first statement)."""


# --- moves ----------------------------------------------------------------------------


def initial_position(rules: Rules) -> Position:
    """The empty board, White to move."""
    return Position(board=(EMPTY,) * rules.cell_count, to_move=Colour.WHITE)


def _is_opening(position: Position) -> bool:
    return all(v == EMPTY for v in position.board)


def legal_moves(rules: Rules, position: Position) -> Iterator[Move]:
    """Every legal turn: one cell, or (``onetwo`` after the first turn) two cells ``a < b``."""
    empty = position.empty_cells
    if _is_opening(position):
        forbidden = centre(rules.side) if rules.protocol is Protocol.BASIC else -1
        yield from ((cell,) for cell in empty if cell != forbidden)
        return
    yield from ((cell,) for cell in empty)
    if rules.protocol is Protocol.ONE_TWO:
        for i, a in enumerate(empty):
            for b in empty[i + 1 :]:
                yield (a, b)


def play(rules: Rules, position: Position, move: Move) -> Position:
    """Place the mover's stones on ``move``'s cells; the other colour moves next."""
    if rules.cell_count != len(position.board):
        raise IllegalMoveError(
            f"position has {len(position.board)} cells, the rules expect {rules.cell_count}"
        )
    cells_ = tuple(move)
    if not 1 <= len(cells_) <= 2 or len(set(cells_)) != len(cells_):
        raise IllegalMoveError(f"a turn places one or two distinct stones, got {move!r}")
    if len(cells_) == 2 and (rules.protocol is Protocol.BASIC or _is_opening(position)):
        raise IllegalMoveError(f"only one stone may be placed now, got {move!r}")
    for cell in cells_:
        if not 0 <= cell < rules.cell_count or position.board[cell] != EMPTY:
            raise IllegalMoveError(f"cell {cell} is not an empty cell of the board")
    if (
        rules.protocol is Protocol.BASIC
        and _is_opening(position)
        and cells_[0] == centre(rules.side)
    ):
        raise IllegalMoveError("the first white stone may not go on the centre")
    board = list(position.board)
    for cell in cells_:
        board[cell] = position.to_move
    return Position(board=tuple(board), to_move=position.to_move.opponent)


@dataclass(frozen=True)
class Contraposition:
    """The game object for the generic solvers in :mod:`asobi.core.game`.

    >>> from asobi.core.game import mover_wins
    >>> game = Contraposition(Rules(side=1, protocol="onetwo"))
    >>> mover_wins(game, initial_position(game.rules))  # White must make a size-1 group
    False
    """

    rules: Rules

    def legal_moves(self, position: Position) -> Iterator[Move]:
        return legal_moves(self.rules, position)

    def play(self, position: Position, move: Move) -> Position:
        return play(self.rules, position, move)

    def stuck_mover_wins(self, position: Position) -> bool:
        """The board is full: does the colour that would move next win it?"""
        return winner(position.board) is position.to_move


# --- text boards -----------------------------------------------------------------------

_SYMBOLS = {"w": Colour.WHITE, "o": Colour.WHITE, "b": Colour.BLACK, "x": Colour.BLACK, ".": EMPTY}
_DRAW = {EMPTY: ".", Colour.WHITE: "W", Colour.BLACK: "B"}


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
    return tuple(int(_SYMBOLS[ch.lower()]) for ch in flat)


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
