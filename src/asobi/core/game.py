"""The one game protocol every asobi game implements, and a plain reference solver.

Modelled on OpenSpiel's Python games and python-chess: a game object holds the rules (a
frozen record) and offers, over an immutable, hashable position type,

* ``legal_moves(position)``: the moves of the player to move (empty once the game is over);
* ``play(position, move)``: the position after ``move`` (``position`` is never mutated;
  an illegal move raises :class:`~asobi.core.errors.IllegalMoveError`);
* ``is_over(position)``: the game has ended (no move is legal, or a rule ended it);
* ``winner(position)``: at an ended position, who has won, as an :class:`Outcome` seen from
  the player to move (``FIRST``: the player to move has won, ``SECOND``: has lost,
  ``DRAW``); calling it on a position that is not over raises ``ValueError``;
* ``parse_move(text)``: the inverse of ``str(move)``, so that every move prints in a
  notation that reads back (``parse_move(str(m)) == m``).

Fast game-specific solvers are cross-checked against :func:`outcome`, which is written once
against this interface. Each game package lists a few small cases for the conformance test
(``tests/test_conformance.py``) through ``conformance_cases()`` in its ``__init__``; the
registry :data:`asobi.core.games.GAMES` names the packages, :func:`conformance_cases`
collects them.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Protocol, TypeVar

from asobi.core.games import GAMES

P = TypeVar("P", bound=Hashable)
M = TypeVar("M")


class Outcome(StrEnum):
    """Who wins with perfect play, the player to move being called ``first``."""

    FIRST = "first"
    SECOND = "second"
    DRAW = "draw"


class Game(Protocol[P, M]):
    """What every asobi game offers (see the module docstring for the contract)."""

    def legal_moves(self, position: P) -> Iterable[M]: ...

    def play(self, position: P, move: M) -> P: ...

    def is_over(self, position: P) -> bool: ...

    def winner(self, position: P) -> Outcome: ...

    def parse_move(self, text: str) -> M: ...


def not_over_error(position: object) -> ValueError:
    """The error ``winner`` raises on a position whose game has not ended."""
    return ValueError(f"the game is not over at {position}: no winner yet")


def outcome(game: Game[P, M], position: P, cache: dict[P, Outcome] | None = None) -> Outcome:
    """Plain memoised negamax for finite acyclic games (the reference for fast solvers).

    Returns the outcome for the player to move. Recursion depth grows with game length, so
    use it on small positions only. Games that can cycle (chopsticks) need a retrograde
    solver instead; this one would not terminate on them.
    """
    memo: dict[P, Outcome] = {} if cache is None else cache
    if position in memo:
        return memo[position]
    if game.is_over(position):
        result = game.winner(position)
    else:
        # A move to a lost position wins: the remaining moves need not be searched.
        result = Outcome.SECOND
        for move in game.legal_moves(position):
            child = outcome(game, game.play(position, move), memo)
            if child is Outcome.SECOND:
                result = Outcome.FIRST
                break
            if child is Outcome.DRAW:
                result = Outcome.DRAW
    memo[position] = result
    return result


def mover_wins(game: Game[P, M], position: P, cache: dict[P, Outcome] | None = None) -> bool:
    """True when the player to move can force a win (:func:`outcome` is ``FIRST``)."""
    return outcome(game, position, cache) is Outcome.FIRST


@dataclass(frozen=True)
class ConformanceCase:
    """A small game and start position for the conformance test.

    ``solve(position)`` is the game's exact solver for positions reachable from ``start``
    (``None``: the test uses :func:`outcome`, which needs ``acyclic``); ``max_plies`` bounds
    a random playout (a game that can cycle may not end within it).
    """

    label: str
    game: Any
    start: Hashable
    solve: Callable[[Any], Outcome] | None = None
    acyclic: bool = True
    max_plies: int = 400


def conformance_cases() -> list[ConformanceCase]:
    """Every registered game's conformance cases (imports each package on demand)."""
    cases: list[ConformanceCase] = []
    for name in GAMES:
        package = importlib.import_module(f"asobi.{name}")
        cases += package.conformance_cases()
    return cases
