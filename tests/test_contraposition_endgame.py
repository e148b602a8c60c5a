"""The exact endgame solver of sides 4 and 5 against the plain negamax and the side-3 solver,
on positions from real (seeded, recorded) games."""

from __future__ import annotations

import random
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.contraposition.board import cell_count
from asobi.contraposition.contraposition import (
    Colour,
    Contraposition,
    Move,
    Position,
    Protocol,
    Rules,
    winner_by_counts,
)
from asobi.contraposition.endgame import END_TURN, EndgameSolver, masks_of
from asobi.contraposition.mcts import Agent
from asobi.contraposition.mcts_solver import Decision, play_recorded
from asobi.contraposition.solver import mover_wins_fast
from asobi.core.errors import InputError
from asobi.core.game import mover_wins

QUICK = Agent.default("grave", playouts=30)


@cache
def recorded(side: int, protocol: Protocol, seed: int) -> tuple[Decision, ...]:
    """The decisions of one seeded same-agent GRAVE game (30 playouts a decision)."""
    return tuple(play_recorded(Rules(side, protocol), QUICK, QUICK, seed, record=True)[1])


def real_position(side: int, protocol: Protocol, seed: int, empties: int) -> Position:
    """The first start-of-turn position of a real game with at most ``empties`` empty cells
    (the last one when a 12? game skips below that: its last turn took two stones)."""
    starts = [d for d in recorded(side, protocol, seed) if d.half == 0]
    chosen = next((d for d in starts if d.board.count(0) <= empties), starts[-1])
    return Position(chosen.board, Colour(chosen.mover))


@cache
def solver_for(side: int, protocol: Protocol) -> EndgameSolver:
    return EndgameSolver(Rules(side, protocol), 16)


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), empties=st.integers(1, 7))
def test_endgame_solver_agrees_with_the_plain_negamax_on_real_positions(
    side, protocol, seed, empties
):
    position = real_position(side, protocol, seed, empties)
    game = Contraposition(Rules(side, protocol))
    assert solver_for(side, protocol).mover_wins(position).wins is mover_wins(game, position)


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
def test_both_outcomes_occur_among_the_real_positions(side, protocol):
    """The sample of the test above is not one-sided (seeds 0..19, 8 empty cells)."""
    game = Contraposition(Rules(side, protocol))
    values = {mover_wins(game, real_position(side, protocol, seed, 6)) for seed in range(20)}
    assert values == {True, False}


@pytest.mark.parametrize("protocol", list(Protocol))
def test_endgame_solver_agrees_with_the_side_3_solver(protocol):
    """Side 3, where both apply: positions of real games with up to 12 empty cells."""
    rules = Rules(3, protocol)
    solver = EndgameSolver(rules, 16)
    seen = set()
    for seed in range(12):
        for empties in (5, 9, 12):
            position = real_position(3, protocol, seed, empties)
            wins = solver.mover_wins(position).wins
            assert wins is mover_wins_fast(rules, position)
            seen.add(wins)
    assert seen == {True, False}


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
def test_each_decision_is_valued_as_the_plain_negamax_values_the_turns(side, protocol):
    """A first stone wins when some whole turn starting with it wins (12?: alone or with a
    second stone); under basic the stone is the turn."""
    rules = Rules(side, protocol)
    game = Contraposition(rules)
    solver = solver_for(side, protocol)
    for seed in range(3):
        position = real_position(side, protocol, seed, 5)
        white, black = masks_of(position.board, rules.cell_count)
        values = solver.turn_values(white, black, int(position.to_move), 0, 10**6)
        turn_wins = {
            move: not mover_wins(game, game.play(position, move))
            if not game.is_over(game.play(position, move))
            else winner_by_counts(game.play(position, move).board) is position.to_move
            for move in game.legal_moves(position)
        }
        for value in values:
            expected = any(win for move, win in turn_wins.items() if value.action in move.cells)
            assert value.wins is expected


def test_a_half_turn_can_end_or_take_a_second_stone():
    """After a first 12? stone, "end the turn" is the opponent's turn from the same board."""
    rules = Rules(4, Protocol.ONE_TWO)
    game = Contraposition(rules)
    solver = solver_for(4, Protocol.ONE_TWO)
    for seed in range(4):
        position = real_position(4, Protocol.ONE_TWO, seed, 6)
        white, black = masks_of(position.board, rules.cell_count)
        mover = int(position.to_move)
        cell = position.empty_cells[0]
        after_first = game.play(position, Move(cell))  # the opponent to move
        white_after, black_after = masks_of(after_first.board, rules.cell_count)
        ended = solver.action_wins(white_after, black_after, mover, 1, END_TURN, 10**6)
        assert ended.wins is not mover_wins(game, after_first)
        state = solver.state_wins(white_after, black_after, mover, 1, 10**6)
        with_second = [
            not mover_wins(game, game.play(position, Move(cell, other)))
            if len(position.empty_cells) > 2
            else winner_by_counts(game.play(position, Move(cell, other)).board) is Colour(mover)
            for other in position.empty_cells[1:]
        ]
        assert state.wins is (ended.wins or any(with_second))


def test_full_boards_are_decided_by_the_rules():
    rng = random.Random(4)
    for side in (4, 5):
        solver = solver_for(side, Protocol.BASIC)
        for _ in range(200):
            board = tuple(rng.choice((1, 2)) for _ in range(cell_count(side)))
            assert solver.full_board_winner(*masks_of(board, len(board))) == winner_by_counts(board)


def test_the_node_budget_is_reported_not_guessed():
    solver = EndgameSolver(Rules(5), 12)
    position = real_position(5, Protocol.BASIC, 1, 24)
    result = solver.mover_wins(position, max_nodes=1000)
    assert result.wins is None and result.nodes == 1001


def test_positions_outside_the_endgame_are_refused():
    solver = EndgameSolver(Rules(4), 10)
    with pytest.raises(InputError, match="endgame position"):
        solver.state_wins(0, 0, 1, 0, 10)
    with pytest.raises(InputError, match="half turn"):
        solver.state_wins(1, 2, 1, 1, 10)
    with pytest.raises(InputError, match="sides 1..5"):
        EndgameSolver(Rules(6))
    with pytest.raises(InputError, match="not an empty cell"):
        solver.action_wins(1, 2, 1, 0, 0, 10)
