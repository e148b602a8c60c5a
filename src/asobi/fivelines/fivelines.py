"""The rules of 五線 (five lines), after the article 「五線の必勝法」.

Sticks are drawn in rows. A move (the article's operation F) picks one row of ``b`` sticks
and erases a run of consecutive sticks from it, which leaves two rows of ``c`` and ``d``
sticks with ``c + d < b`` (either may be empty; empty rows vanish). Under normal play the
player who erases the last stick wins; under misère play (``Rules(misere=True)``) that
player loses. The usual start is the pyramid 1, 2, 3, 4, 5 (docs/games/fivelines.md, "Rules and
readings").

A move prints as ``b:c+d`` (the row erased from, and the two rows kept) and
:meth:`FiveLines.parse_move` reads it back.

>>> game = FiveLines()
>>> start = Position(PYRAMID)
>>> moves = list(game.legal_moves(start))
>>> len(moves), str(moves[-1])
(22, '5:2+2')
>>> game.play(Position((3, 5)), game.parse_move("5:1+2")).rows
(1, 2, 3)
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import reduce
from operator import xor

from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.game import Outcome, not_over_error

PYRAMID = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class Rules:
    """One variant: normal play (the last stick wins) or misère (the last stick loses)."""

    misere: bool = False

    @property
    def label(self) -> str:
        """``normal`` or ``misere``."""
        return "misere" if self.misere else "normal"


@dataclass(frozen=True)
class Position:
    """The rows left: a multiset of row lengths, kept sorted ascending without empty rows.

    Rows are interchangeable, so ``Position((3, 1))`` equals ``Position((1, 3))``.
    """

    rows: tuple[int, ...]

    def __post_init__(self) -> None:
        checked = []
        for value in self.rows:
            if isinstance(value, bool) or not isinstance(value, int):
                raise InputError(f"row length {value!r} is not an integer")
            if value < 0:
                raise InputError(f"row length {value} is negative")
            if value:
                checked.append(value)
        object.__setattr__(self, "rows", tuple(sorted(checked)))

    @property
    def total(self) -> int:
        """Number of sticks left."""
        return sum(self.rows)

    @property
    def nim_sum(self) -> int:
        """XOR of the row lengths (the article's digit-wise parity condition (*))."""
        return reduce(xor, self.rows, 0)

    def key(self) -> str:
        """A compact text key, e.g. ``'1-2-3'`` (``''`` for the empty board)."""
        return "-".join(map(str, self.rows))

    @classmethod
    def from_key(cls, key: str) -> Position:
        """Inverse of :meth:`key`."""
        return cls(tuple(int(part) for part in key.split("-") if part))


@dataclass(frozen=True, order=True)
class Erase:
    """Erase sticks from a row of ``row`` sticks, keeping ``left`` and ``right`` of them.

    >>> str(Erase(row=5, left=0, right=4))
    '5:0+4'
    """

    row: int
    left: int
    right: int

    def result(self) -> tuple[int, ...]:
        """The non-empty rows this move leaves in place of the erased-from row."""
        return tuple(part for part in (self.left, self.right) if part)

    def __str__(self) -> str:
        return f"{self.row}:{self.left}+{self.right}"


_ERASE_TEXT = re.compile(r"\s*(\d+)\s*:\s*(\d+)\s*\+\s*(\d+)\s*")


@dataclass(frozen=True)
class FiveLines:
    """The game (the protocol of :mod:`asobi.core.game`) under one :class:`Rules`.

    >>> from asobi.core.game import outcome
    >>> outcome(FiveLines(), Position((1, 2, 3))).value
    'second'
    >>> outcome(FiveLines(Rules(misere=True)), Position((1, 1))).value
    'first'
    """

    rules: Rules = field(default_factory=Rules)

    def legal_moves(self, position: Position) -> Iterator[Erase]:
        """Every move with a distinct result: for each distinct row b, keep c ≤ d, c + d < b."""
        for row in sorted(set(position.rows)):
            for left in range(row):
                for right in range(left, row - left):
                    yield Erase(row, left, right)

    def play(self, position: Position, move: Erase) -> Position:
        """Apply ``move``; raise :class:`IllegalMoveError` if the rules forbid it."""
        if move.row not in position.rows:
            raise IllegalMoveError(f"there is no row of {move.row} sticks in {position.rows}")
        if move.left < 0 or move.right < 0 or move.left + move.right >= move.row:
            raise IllegalMoveError(
                f"keeping {move.left} and {move.right} of {move.row} sticks erases nothing"
            )
        rows = list(position.rows)
        rows.remove(move.row)
        return Position((*rows, *move.result()))

    def is_over(self, position: Position) -> bool:
        """The game ends when no stick is left."""
        return position.total == 0

    def winner(self, position: Position) -> Outcome:
        """At the empty board the opponent has erased the last stick: the player to move has
        lost under normal play (``SECOND``) and won under misère play (``FIRST``)."""
        if not self.is_over(position):
            raise not_over_error(position)
        return Outcome.FIRST if self.rules.misere else Outcome.SECOND

    def parse_move(self, text: str) -> Erase:
        """Read a move as printed by ``str(move)``: ``b:c+d``.

        >>> FiveLines().parse_move("4 : 1+2")
        Erase(row=4, left=1, right=2)
        """
        match = _ERASE_TEXT.fullmatch(text)
        if match is None:
            raise InputError(
                f"a move is ROW:KEPT+KEPT (e.g. 5:1+2 erases from a row of 5, keeping 1 and 2), "
                f"got {text!r}"
            )
        return Erase(*(int(group) for group in match.groups()))
