"""One conformance test for every registered game (``asobi.core.game``).

For each game package's ``conformance_cases()``: seeded random playouts in which every move
prints and parses back, ``play`` never mutates its position, an ended game has no legal
move and a winner, a game that cannot cycle ends, and at ended and small positions the
game's own ``winner`` agrees with its exact solver (or with the plain negamax).
"""

from __future__ import annotations

import copy
import importlib
import random

import pytest

from asobi.core.game import ConformanceCase, Outcome, outcome
from asobi.core.games import GAMES

PLAYOUTS_PER_CASE = 12


def _cases() -> list[tuple[str, ConformanceCase]]:
    found = []
    for name in GAMES:
        package = importlib.import_module(f"asobi.{name}")
        found += [(name, case) for case in package.conformance_cases()]
    return found


CASES = _cases()


def test_every_registered_game_has_cases():
    assert {name for name, _ in CASES} == set(GAMES)


def _reference(case: ConformanceCase, memo: dict) -> object:
    if case.solve is not None:
        return case.solve
    assert case.acyclic, f"{case.label}: a cyclic game needs its exact solver as `solve`"
    return lambda position: outcome(case.game, position, memo)


@pytest.mark.parametrize(("package", "case"), CASES, ids=[f"{n}:{c.label}" for n, c in CASES])
def test_random_playouts_follow_the_protocol(package: str, case: ConformanceCase):
    game = case.game
    rng = random.Random(f"{package}:{case.label}")
    solve = _reference(case, {})
    for _ in range(PLAYOUTS_PER_CASE):
        position = case.start
        for _ply in range(case.max_plies):
            moves = list(game.legal_moves(position))
            if game.is_over(position):
                assert moves == [], f"{case.label}: moves after the end at {position}"
                result = game.winner(position)
                assert isinstance(result, Outcome)
                assert result == solve(position), f"{case.label}: winner disagrees at {position}"
                break
            assert moves, f"{case.label}: not over but no legal move at {position}"
            for move in moves:
                text = str(move)
                assert game.parse_move(text) == move, f"{case.label}: {text!r} does not parse back"
            snapshot = copy.deepcopy(position)
            move = rng.choice(moves)
            after = game.play(position, move)
            assert position == snapshot and hash(position) == hash(snapshot), "play mutated"
            assert after != position or not case.acyclic
            position = after
        else:
            assert not case.acyclic, f"{case.label}: no end within {case.max_plies} plies"


@pytest.mark.parametrize(("package", "case"), CASES, ids=[f"{n}:{c.label}" for n, c in CASES])
def test_winner_raises_before_the_end(package: str, case: ConformanceCase):
    if not case.game.is_over(case.start):
        with pytest.raises(ValueError):
            case.game.winner(case.start)


@pytest.mark.parametrize(
    ("package", "case"),
    [(n, c) for n, c in CASES if c.solve is not None and c.acyclic],
    ids=[f"{n}:{c.label}" for n, c in CASES if c.solve is not None and c.acyclic],
)
def test_exact_solver_agrees_with_plain_negamax_at_the_start(package: str, case: ConformanceCase):
    assert case.solve(case.start) == outcome(case.game, case.start)
