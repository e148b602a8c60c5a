"""The rules of 五線 (five lines), after the article 「五線の必勝法」.

Sticks are drawn in rows. A move (the article's operation F) picks one row of ``b`` sticks
and erases a run of consecutive sticks from it, which leaves two rows of ``c`` and ``d``
sticks with ``c + d < b`` (either may be empty; empty rows vanish). Under normal play the
player who erases the last stick wins; under misère play (``misere=True``) that player
loses. The usual start is the pyramid 1, 2, 3, 4, 5.

>>> start = FiveLines((1, 2, 3, 4, 5))
>>> len(legal_moves(start))
22
>>> play(FiveLines((3, 5)), Erase(row=5, left=1, right=2)).rows
(1, 2, 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import xor

from asobi.core.errors import IllegalMoveError, InputError

PYRAMID = (1, 2, 3, 4, 5)


@dataclass(frozen=True)
class FiveLines:
    """A position: the multiset of row lengths, kept sorted ascending without empty rows.

    Rows are interchangeable, so ``FiveLines((3, 1))`` equals ``FiveLines((1, 3))``.
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
    def from_key(cls, key: str) -> FiveLines:
        """Inverse of :meth:`key`."""
        return cls(tuple(int(part) for part in key.split("-") if part))


@dataclass(frozen=True, order=True)
class Erase:
    """Erase sticks from a row of ``row`` sticks, keeping ``left`` and ``right`` of them."""

    row: int
    left: int
    right: int

    def result(self) -> tuple[int, ...]:
        """The non-empty rows this move leaves in place of the erased-from row."""
        return tuple(part for part in (self.left, self.right) if part)


def legal_moves(position: FiveLines) -> list[Erase]:
    """Every move with a distinct result: for each distinct row b, keep c ≤ d, c + d < b."""
    moves = []
    for row in sorted(set(position.rows)):
        for left in range(row):
            for right in range(left, row - left):
                moves.append(Erase(row, left, right))
    return moves


def play(position: FiveLines, move: Erase) -> FiveLines:
    """Apply ``move``; raise :class:`IllegalMoveError` if the rules forbid it."""
    if move.row not in position.rows:
        raise IllegalMoveError(f"there is no row of {move.row} sticks in {position.rows}")
    if move.left < 0 or move.right < 0 or move.left + move.right >= move.row:
        raise IllegalMoveError(
            f"keeping {move.left} and {move.right} of {move.row} sticks erases nothing"
        )
    rows = list(position.rows)
    rows.remove(move.row)
    return FiveLines((*rows, *move.result()))


@dataclass(frozen=True)
class FiveLinesGame:
    """The game object used by generic solvers (:mod:`asobi.core.game`)."""

    misere: bool = False

    def legal_moves(self, position: FiveLines) -> Iterable[Erase]:
        return legal_moves(position)

    def play(self, position: FiveLines, move: Erase) -> FiveLines:
        return play(position, move)

    def stuck_mover_wins(self, position: FiveLines) -> bool:
        """No move means the board is empty: the opponent erased the last stick."""
        return self.misere


def misere_nim_rule(position: FiveLines) -> bool:
    """The misère-Nim prediction (Bouton): True when the player to move should win.

    With every row of length ≤ 1 the mover wins iff the number of rows is even; otherwise
    iff the XOR of the row lengths is non-zero.
    """
    if all(row <= 1 for row in position.rows):
        return len(position.rows) % 2 == 0
    return position.nim_sum != 0
