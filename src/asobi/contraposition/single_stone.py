"""Endgames of the 12? protocol where only a one-stone turn wins.

The article (12?プロトコル) says that late in the game placing a single stone matters: after
making eyes, a player does not want to fill them. Here an endgame is a position reached by
legal play (seeded random turns of the rules engine) with a few empty cells; it is solved
exactly by the plain negamax of :mod:`asobi.core.game`, and it counts as an example when the
mover wins, two-stone turns are legal, and every winning turn places one stone. On a small
board every reachable position is searched instead.

>>> search = exhaustive_search(2)
>>> search.exhaustive, search.examples
(True, [])
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from asobi.contraposition.board import board_key
from asobi.contraposition.contraposition import Contraposition, Move, Position, Rules
from asobi.contraposition.contraposition import initial_position as empty_board
from asobi.core.game import Outcome, outcome


@dataclass
class EndgameSearch:
    """What one search found: positions searched, those the mover wins, and the examples
    (board as text, the mover, its winning turns) where only one-stone turns win."""

    side: int
    exhaustive: bool
    positions: int = 0
    won: int = 0
    examples: list[tuple[str, str, list[str]]] = field(default_factory=list)


def winning_turns(game: Contraposition, position: Position, cache: dict) -> list[Move]:
    """The mover's winning turns (exact)."""
    wins = []
    for move in game.legal_moves(position):
        child = game.play(position, move)
        if game.is_over(child):
            mover_won = game.winner(child) is Outcome.SECOND
        else:
            mover_won = outcome(game, child, cache) is Outcome.SECOND
        if mover_won:
            wins.append(move)
    return wins


def _record(search: EndgameSearch, game: Contraposition, position: Position, cache: dict) -> None:
    search.positions += 1
    wins = winning_turns(game, position, cache)
    if not wins:
        return
    search.won += 1
    pairs_legal = any(len(m.cells) == 2 for m in game.legal_moves(position))
    if pairs_legal and all(len(m.cells) == 1 for m in wins):
        search.examples.append(
            (board_key(position.board), position.to_move.label, [str(m) for m in wins])
        )


def exhaustive_search(side: int) -> EndgameSearch:
    """Every position reachable under 12? on a (small) board of ``side``."""
    game = Contraposition(Rules(side, "onetwo"))
    search = EndgameSearch(side, exhaustive=True)
    cache: dict = {}
    seen: set[Position] = set()
    stack = [empty_board(game.rules)]
    while stack:
        position = stack.pop()
        if position in seen or game.is_over(position):
            continue
        seen.add(position)
        _record(search, game, position, cache)
        stack.extend(game.play(position, m) for m in game.legal_moves(position))
    return search


@dataclass(frozen=True)
class EndgameSample:
    """``samples`` endgames of a board of ``side`` per count of empty cells in ``empties``,
    reached by random legal turns seeded by ``seed``."""

    side: int
    empties: tuple[int, ...]
    samples: int
    seed: int


def sampled_search(sample: EndgameSample) -> EndgameSearch:
    """The endgames of ``sample``, each reached by seeded random legal 12? turns from the
    empty board, solved exactly."""
    game = Contraposition(Rules(sample.side, "onetwo"))
    search = EndgameSearch(sample.side, exhaustive=False)
    rng = random.Random(sample.seed)
    cache: dict = {}
    for empty in sample.empties:
        for _ in range(sample.samples):
            position = empty_board(game.rules)
            while len(position.empty_cells) > empty:
                left = len(position.empty_cells)
                moves = [m for m in game.legal_moves(position) if left - len(m.cells) >= empty]
                position = game.play(position, rng.choice(moves))
            _record(search, game, position, cache)
    return search
