"""Contraposition: the rules (both placement protocols, moves, groups, the winning rule).

Source: the article "Contraposition : 最大グループゲームの「対偶」" (sections ルール,
バリアント : 12?プロトコル, ゲームデータ). Restated in our words
(docs/games/contraposition.md, "Rules and readings"):

* The board is a regular hexagon of hexagonal cells with ``side`` cells on each edge
  (:mod:`asobi.contraposition.board`; the article recommends side 5, 61 cells).
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
  the audit can compare them; the game object plays by the first.

A turn is a :class:`Move`: the one or two cells (numbering of docs/games/contraposition.md,
"Notation") where the mover places stones; it prints as ``12`` or ``3,7`` and
:meth:`Contraposition.parse_move` reads that back.

>>> game = Contraposition(Rules(side=2, protocol="onetwo"))
>>> position = game.play(initial_position(game.rules), Move(3))
>>> moves = list(game.legal_moves(position))
>>> len(moves), str(moves[-1]), game.parse_move("5,6") == moves[-1]
(21, '5,6', True)
>>> from asobi.contraposition.board import parse_board
>>> winner_by_counts(parse_board("WB/BWB/WB")).name
'WHITE'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from enum import IntEnum, StrEnum

from asobi.contraposition.board import (
    EMPTY,
    cell_count,
    centre,
    neighbours,
    side_of,
)
from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.game import Outcome, not_over_error

LUDII_INFINITY = 1_000_000_000
"""The value Ludii uses for an infinite score ("Infinity" in the article's ゲームデータ)."""


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
        """The label of the tables: ``basic`` or ``12?``."""
        return "basic" if self is Protocol.BASIC else "12?"


@dataclass(frozen=True)
class Rules:
    """One variant: board side and placement protocol.

    A side-1 board has only the centre, where the basic protocol forbids White's first
    stone, so that rule set has no game and is refused:

    >>> Rules(1)
    Traceback (most recent call last):
    ...
    asobi.core.errors.InputError: side 1 has no legal opening under the basic protocol (centre only)
    """

    side: int
    protocol: Protocol = Protocol.BASIC

    def __post_init__(self) -> None:
        if not isinstance(self.side, int) or self.side < 1:
            raise InputError(f"board side must be a positive integer, got {self.side!r}")
        object.__setattr__(self, "protocol", Protocol(self.protocol))
        if self.side == 1 and self.protocol is Protocol.BASIC:
            raise InputError("side 1 has no legal opening under the basic protocol (centre only)")

    @property
    def cell_count(self) -> int:
        return cell_count(self.side)


def all_rules(sides: Iterable[int]) -> Iterator[Rules]:
    """Every rule set of these sides, basic before 12? (side 1 has only 12?)."""
    for side in sides:
        for protocol in Protocol:
            if not (side == 1 and protocol is Protocol.BASIC):
                yield Rules(int(side), protocol)


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

    @property
    def is_opening(self) -> bool:
        """No stone on the board yet (White's first turn)."""
        return all(v == EMPTY for v in self.board)


@dataclass(frozen=True)
class Move:
    """One turn: the mover places a stone on ``first`` (and, under 12?, on ``second``).

    The cells are kept in ascending order, so ``Move(7, 3) == Move(3, 7)``; the text form
    is the cell number, or both numbers joined by a comma.

    >>> str(Move(12)), str(Move(7, 3)), Move(7, 3).cells
    ('12', '3,7', (3, 7))
    """

    first: int
    second: int | None = None

    def __post_init__(self) -> None:
        for cell in (self.first, self.second):
            if cell is not None and (isinstance(cell, bool) or not isinstance(cell, int)):
                raise InputError(f"a cell is a whole number, got {cell!r}")
        if self.second is not None:
            if self.second == self.first:
                raise IllegalMoveError(
                    f"a turn places one or two distinct stones, got cell {self.first} twice"
                )
            if self.second < self.first:
                first, second = self.second, self.first
                object.__setattr__(self, "first", first)
                object.__setattr__(self, "second", second)

    @property
    def cells(self) -> tuple[int, ...]:
        """The cells, ascending."""
        return (self.first,) if self.second is None else (self.first, self.second)

    def __str__(self) -> str:
        return ",".join(map(str, self.cells))


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


# --- the game -----------------------------------------------------------------------------


def initial_position(rules: Rules) -> Position:
    """The empty board, White to move."""
    return Position(board=(EMPTY,) * rules.cell_count, to_move=Colour.WHITE)


_MOVE_TEXT = re.compile(r"\s*(\d+)\s*(?:,\s*(\d+)\s*)?")


@dataclass(frozen=True)
class Contraposition:
    """The game (the protocol of :mod:`asobi.core.game`) under one :class:`Rules`.

    >>> from asobi.core.game import mover_wins
    >>> game = Contraposition(Rules(side=1, protocol="onetwo"))
    >>> mover_wins(game, initial_position(game.rules))  # White must make a size-1 group
    False
    """

    rules: Rules

    def legal_moves(self, position: Position) -> Iterator[Move]:
        """Every legal turn: one cell, or (12?, after the first turn) two cells ``a < b``."""
        empty = position.empty_cells
        if position.is_opening:
            forbidden = centre(self.rules.side) if self.rules.protocol is Protocol.BASIC else -1
            yield from (Move(cell) for cell in empty if cell != forbidden)
            return
        yield from (Move(cell) for cell in empty)
        if self.rules.protocol is Protocol.ONE_TWO:
            for i, a in enumerate(empty):
                for b in empty[i + 1 :]:
                    yield Move(a, b)

    def play(self, position: Position, move: Move) -> Position:
        """Place the mover's stones on ``move``'s cells; the other colour moves next."""
        rules = self.rules
        if rules.cell_count != len(position.board):
            raise IllegalMoveError(
                f"position has {len(position.board)} cells, the rules expect {rules.cell_count}"
            )
        if not isinstance(move, Move):
            raise IllegalMoveError(f"a turn is a Move, got {move!r}")
        if move.second is not None and (rules.protocol is Protocol.BASIC or position.is_opening):
            raise IllegalMoveError(f"only one stone may be placed now, got {move}")
        for cell in move.cells:
            if not 0 <= cell < rules.cell_count or position.board[cell] != EMPTY:
                raise IllegalMoveError(f"cell {cell} is not an empty cell of the board")
        if (
            rules.protocol is Protocol.BASIC
            and position.is_opening
            and move.first == centre(rules.side)
        ):
            raise IllegalMoveError("the first white stone may not go on the centre")
        board = list(position.board)
        for cell in move.cells:
            board[cell] = position.to_move
        return Position(board=tuple(board), to_move=position.to_move.opponent)

    def is_over(self, position: Position) -> bool:
        """The game ends when the board is full."""
        return position.is_full

    def winner(self, position: Position) -> Outcome:
        """At a full board, ``FIRST`` when the colour to move has won by
        :func:`winner_by_counts`, else ``SECOND``.

        There are no draws: a tie needs equal group sizes, hence equal stone counts, and
        every board has an odd number of cells (the audit's ``no_draws`` claim).
        """
        if not self.is_over(position):
            raise not_over_error(position)
        won = winner_by_counts(position.board) is position.to_move
        return Outcome.FIRST if won else Outcome.SECOND

    def parse_move(self, text: str) -> Move:
        """Read a turn as printed by ``str(move)``: ``12`` or ``3,7`` (cell numbers).

        >>> Contraposition(Rules(2, "onetwo")).parse_move(" 6, 2")
        Move(first=2, second=6)
        """
        match = _MOVE_TEXT.fullmatch(text)
        if match is None:
            raise InputError(f"a turn is a cell number or two joined by a comma, got {text!r}")
        numbers = [int(group) for group in match.groups() if group is not None]
        for cell in numbers:
            if cell >= self.rules.cell_count:
                raise InputError(
                    f"cell {cell} is not on a side-{self.rules.side} board "
                    f"(cells 0..{self.rules.cell_count - 1})"
                )
        if len(numbers) == 2 and self.rules.protocol is Protocol.BASIC:
            raise InputError(f"the basic protocol places one stone per turn, got {text!r}")
        return Move(*numbers)
