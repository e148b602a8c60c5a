"""The numba solver against the plain memoised negamax of asobi.core.game."""

from __future__ import annotations

import random
from dataclasses import dataclass

import numpy as np
import pytest

from asobi.contraposition.bitboard import board_tables, decide, to_masks, to_padded
from asobi.contraposition.board import cell_count
from asobi.contraposition.contraposition import (
    Colour,
    Contraposition,
    Move,
    Position,
    Protocol,
    Rules,
    deciding_size,
    initial_position,
    winner_by_counts,
)
from asobi.contraposition.solver import (
    SearchBudget,
    exact_outcome,
    mover_wins_fast,
    opening_cells,
    solve,
)
from asobi.core.errors import InputError
from asobi.core.game import Outcome, mover_wins, outcome


@dataclass(frozen=True)
class GoalGame(Contraposition):
    """The plain game whose end is judged by "hero wins, decided at a size <= limit"."""

    hero: Colour = Colour.WHITE
    limit: int = 1 << 30

    def winner(self, position: Position) -> Outcome:
        size = deciding_size(position.board)
        reached = winner_by_counts(position.board) is self.hero and size <= self.limit
        return Outcome.FIRST if reached == (position.to_move is self.hero) else Outcome.SECOND


def plain_solution(rules: Rules) -> tuple[Colour, list[int]]:
    game = Contraposition(rules)
    start = initial_position(rules)
    memo: dict = {}
    winning = [
        c for c in opening_cells(rules) if not mover_wins(game, game.play(start, Move(c)), memo)
    ]
    return (Colour.WHITE if winning else Colour.BLACK), winning


@pytest.mark.parametrize("protocol", list(Protocol))
def test_fast_solver_agrees_with_plain_minimax_on_side_2(protocol):
    rules = Rules(2, protocol)
    fast = solve(rules)
    winner, winning_cells = plain_solution(rules)
    assert fast.solved and fast.winner is winner
    fast_cells = sorted(c for m in fast.first_moves if m.white_wins for c in m.class_cells)
    assert fast_cells == winning_cells


@pytest.mark.parametrize("protocol", list(Protocol))
def test_forced_deciding_size_agrees_with_plain_minimax_on_side_2(protocol):
    rules = Rules(2, protocol)
    fast = solve(rules)
    start = initial_position(rules)
    for limit in range(1, 8):
        game = GoalGame(rules, hero=fast.winner, limit=limit)
        memo: dict = {}
        white_reaches = [
            not mover_wins(game, game.play(start, Move(c)), memo) for c in opening_cells(rules)
        ]
        reached = any(white_reaches) if fast.winner is Colour.WHITE else not any(white_reaches)
        if reached:
            assert fast.deciding_size == limit
            break


def test_side_2_results():
    assert solve(Rules(2)).winner is Colour.BLACK
    onetwo = solve(Rules(2, Protocol.ONE_TWO))
    assert onetwo.winner is Colour.WHITE and onetwo.best_first_moves == [3]  # the centre


def random_near_full(rules: Rules, empties: int, rng: random.Random) -> Position:
    n = cell_count(rules.side)
    placed = n - empties
    if rules.protocol is Protocol.BASIC:
        whites, mover = (placed + 1) // 2, Colour.WHITE if placed % 2 == 0 else Colour.BLACK
    else:
        whites, mover = rng.randint(1, placed - 1), rng.choice(list(Colour))
    stones = [1] * whites + [2] * (placed - whites) + [0] * empties
    rng.shuffle(stones)
    return Position(tuple(stones), mover)


@pytest.mark.parametrize("protocol", list(Protocol))
def test_fast_solver_agrees_with_plain_minimax_on_near_full_side_3(protocol):
    rules = Rules(3, protocol)
    game = Contraposition(rules)
    rng = random.Random(20231207)
    wins = 0
    for _ in range(40):
        position = random_near_full(rules, rng.randint(1, 7), rng)
        expected = mover_wins(game, position)
        assert mover_wins_fast(rules, position) is expected
        wins += expected
    assert 0 < wins < 40  # both outcomes occur


def test_fast_board_evaluation_matches_the_rules():
    tables = board_tables(3)
    balance = np.zeros(20, dtype=np.int64)
    rng = random.Random(5)
    for _ in range(500):
        board = tuple(rng.choice((1, 2)) for _ in range(19))
        white, black = to_masks(board)
        who, size = decide(white, black, 19, tables.stride, tables.padded_chunks, balance)
        assert who == int(winner_by_counts(board)) and size == deciding_size(board)
        assert not balance.any()
    assert to_padded(1, tables.padded_chunks) == 1 << 2  # cell 0 is (0, -2)


def test_node_budget_is_reported_not_guessed():
    result = solve(Rules(3), SearchBudget.default(max_nodes=1000, tt_bits=12))
    assert not result.solved and result.winner is None
    assert "budget of 1000" in result.reason
    with pytest.raises(InputError, match="budget"):
        mover_wins_fast(
            Rules(3),
            random_near_full(Rules(3), 12, random.Random(1)),
            SearchBudget.default(max_nodes=10, tt_bits=12),
        )


def test_budget_defaults_come_from_the_config_schema():
    from asobi.core.config import validate_config

    block = validate_config({})["contraposition"]
    budget = SearchBudget.default()
    assert budget.max_nodes == block["solve_max_nodes"]
    assert budget.tt_bits == block["solve_tt_bits"]
    assert budget.margin_max_nodes == block["solve_margin_max_nodes"]


@pytest.mark.parametrize("protocol", list(Protocol))
def test_exact_outcome_matches_the_plain_negamax(protocol):
    rules = Rules(2, protocol)
    game = Contraposition(rules)
    start = initial_position(rules)
    memo: dict = {}
    assert exact_outcome(rules, start) is outcome(game, start, memo)
    for move in game.legal_moves(start):
        after = game.play(start, move)
        assert exact_outcome(rules, after) is outcome(game, after, memo)


def test_solver_refuses_large_sides_and_the_empty_board():
    with pytest.raises(InputError, match="sides 1..3"):
        solve(Rules(4))
    with pytest.raises(InputError, match="empty board"):
        mover_wins_fast(Rules(2), initial_position(Rules(2)))


@pytest.mark.slow
@pytest.mark.parametrize(
    ("protocol", "winner"), [(Protocol.BASIC, Colour.WHITE), (Protocol.ONE_TWO, Colour.BLACK)]
)
def test_side_3_is_solved(protocol, winner):
    """Regression: the values our first full solve found (about 20 s CPU for 12?)."""
    result = solve(Rules(3, protocol), margin=False)
    assert result.solved and result.winner is winner
