"""The state interface shared by every game, and a plain reference solver.

A game is an object with ``legal_moves(position)`` and ``play(position, move)`` over an
immutable, hashable position type, plus ``stuck_mover_wins(position)``: the result for the
player to move when no move is legal (``False`` under normal play, where the player who
cannot move loses). Fast game-specific solvers are cross-checked against
:func:`mover_wins`, which is written once against this interface.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from enum import StrEnum
from typing import Protocol, TypeVar

P = TypeVar("P", bound=Hashable)
M = TypeVar("M")


class Outcome(StrEnum):
    """Who wins with perfect play, the player to move being called ``first``."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


class Game(Protocol[P, M]):
    """What a solver needs of a game."""

    def legal_moves(self, position: P) -> Iterable[M]: ...

    def play(self, position: P, move: M) -> P: ...

    def stuck_mover_wins(self, position: P) -> bool: ...


def mover_wins(game: Game[P, M], position: P, cache: dict[P, bool] | None = None) -> bool:
    """Plain memoised negamax for finite acyclic games without draws.

    True when the player to move can force a win. Recursion depth grows with game length,
    so use it on small positions only (it is the reference for the fast solvers).
    """
    memo: dict[P, bool] = {} if cache is None else cache
    if position in memo:
        return memo[position]
    any_move = False
    result = False
    for move in game.legal_moves(position):
        any_move = True
        if not mover_wins(game, game.play(position, move), memo):
            result = True
            break
    if not any_move:
        result = game.stuck_mover_wins(position)
    memo[position] = result
    return result
