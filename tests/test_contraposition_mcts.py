"""UCT and GRAVE players: seeded, reproducible, legal."""

from __future__ import annotations

import numpy as np
import pytest

from asobi.contraposition.board import cell_count, centre
from asobi.contraposition.contraposition import (
    Colour,
    Protocol,
    Rules,
    deciding_size,
    ludii_scores,
    winner_by_counts,
)
from asobi.contraposition.kernels import neighbour_table
from asobi.contraposition.mcts import Agent, choose_action, game_seed, self_play
from asobi.core.errors import ConfigError, InputError

UCT = Agent("uct", 40, exploration=1.4)
GRAVE = Agent.default("grave", playouts=40, ref=10)


@pytest.mark.parametrize("protocol", list(Protocol))
def test_self_play_is_reproducible_with_the_seed(protocol):
    rules = Rules(3, protocol)
    first = self_play(rules, UCT, GRAVE, [11, 12, 13])
    again = self_play(rules, UCT, GRAVE, [11, 12, 13])
    assert first == again
    other = self_play(rules, UCT, GRAVE, [14, 15, 16, 17, 18])
    assert {r.board for r in other} - {r.board for r in first}


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [3, 4])
def test_self_play_ends_on_full_legal_boards_scored_by_the_rules(protocol, side):
    rules = Rules(side, protocol)
    for record in self_play(rules, GRAVE, UCT, [1, 2]):
        board = record.board
        assert 0 not in board and len(board) == cell_count(side)
        if protocol is Protocol.BASIC:
            assert board.count(Colour.WHITE) == (cell_count(side) + 1) // 2
        assert record.winner == int(winner_by_counts(board))
        assert record.deciding_size == deciding_size(board)
        assert (record.white_score, record.black_score) == ludii_scores(board)


def test_basic_opening_never_takes_the_centre():
    side = 3
    board = np.zeros(cell_count(side), dtype=np.int8)
    np.random.seed(3)
    for _ in range(20):
        action = choose_action(
            board, 1, 0, False, centre(side), neighbour_table(side), UCT.as_array()
        )
        assert action != centre(side)


def test_mcts_finds_the_single_winning_move_of_an_endgame():
    import random

    from asobi.contraposition.contraposition import Contraposition, Move, Position
    from asobi.contraposition.solver import mover_wins_fast

    rules = Rules(3)
    game = Contraposition(rules)
    rng = random.Random(8)
    found = 0
    while found < 3:
        stones = [1] * 8 + [2] * 8 + [0] * 3  # White to move, three empty cells
        rng.shuffle(stones)
        position = Position(tuple(stones), Colour.WHITE)
        empty = position.empty_cells
        wins = [c for c in empty if not mover_wins_fast(rules, game.play(position, Move(c)))]
        if len(wins) != 1:
            continue
        found += 1
        np.random.seed(found)
        for agent in (UCT, GRAVE):
            action = choose_action(
                np.array(stones, dtype=np.int8),
                1,
                0,
                False,
                -1,
                neighbour_table(3),
                Agent.default(agent.kind, playouts=300, exploration=agent.exploration).as_array(),
            )
            assert action == wins[0]


def test_agents_are_checked():
    with pytest.raises(InputError, match="unknown agent"):
        Agent("alphazero", 10, 0.0)
    with pytest.raises(InputError, match="at least one playout"):
        Agent("uct", 0, 1.4)
    with pytest.raises(InputError, match="ref and bias"):
        Agent("grave", 10, 0.0)
    with pytest.raises(ConfigError, match="no settings for agent 'grave'"):
        Agent.from_config("grave", {"uct": {"playouts": 5, "exploration": 1.0}})


def test_agent_defaults_come_from_the_config_schema():
    from asobi.core.config import validate_config

    agents = validate_config({})["contraposition"]["agents"]
    grave = Agent.default("grave")
    assert (grave.playouts, grave.exploration, grave.ref, grave.bias) == (
        agents["grave"]["playouts"],
        agents["grave"]["exploration"],
        agents["grave"]["ref"],
        agents["grave"]["bias"],
    )
    assert Agent.default("uct").ref is None
    # a config that names only some GRAVE settings gets the others from the schema
    partial = validate_config({"contraposition": {"agents": {"grave": {"playouts": 7}}}})
    assert Agent.from_config("grave", partial["contraposition"]["agents"]) == Agent.default(
        "grave", playouts=7
    )


def test_game_seeds_are_stable_and_distinct():
    assert game_seed(1, 4, "basic", "uct200", "grave200", 3) == game_seed(
        1, 4, "basic", "uct200", "grave200", 3
    )
    assert game_seed(1, 4, "basic", "uct200", "grave200", 3) != game_seed(
        1, 4, "basic", "uct200", "grave200", 4
    )


def test_grave_beats_uct_at_equal_budget_on_a_seeded_sample():
    """The article (ゲームデータ) names MC-GRAVE as the strong AI; seeded side-4 games."""
    rules = Rules(4)
    uct, grave = Agent.default("uct", playouts=100), Agent.default("grave", playouts=100)
    as_white = self_play(rules, grave, uct, list(range(6)))
    as_black = self_play(rules, uct, grave, list(range(6)))
    grave_wins = sum(r.winner == Colour.WHITE for r in as_white) + sum(
        r.winner == Colour.BLACK for r in as_black
    )
    assert grave_wins >= 9
