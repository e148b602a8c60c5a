"""The MCTS-Solver player: exact within reach, legal, seeded, its tree kept between moves;
and games played decision by decision are the games of mcts.self_play."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from asobi.contraposition.blunders import blunder_rows, score_decision, scored_decisions
from asobi.contraposition.board import cell_count, centre, parse_board
from asobi.contraposition.contraposition import (
    Colour,
    Contraposition,
    Move,
    Position,
    Protocol,
    Rules,
    deciding_size,
    ludii_scores,
    winner_by_counts,
)
from asobi.contraposition.endgame import END_TURN, EndgameSolver, masks_of
from asobi.contraposition.kernels import neighbour_table
from asobi.contraposition.ladder import parse_player
from asobi.contraposition.mcts import Agent, choose_action, self_play
from asobi.contraposition.mcts_solver import (
    SolverPlayer,
    copy_subtree,
    play_games,
    play_recorded,
    seed_random,
)
from asobi.core.config import validate_config
from asobi.core.errors import InputError
from asobi.core.game import mover_wins

QUICK = Agent.default("grave", playouts=30)
SOLVER = Agent.default("mcsolver", playouts=60, horizon=10, solve_nodes=5000)


@pytest.mark.parametrize("protocol", list(Protocol))
def test_recorded_games_are_the_games_of_self_play(protocol):
    rules = Rules(4, protocol)
    uct = Agent.default("uct", playouts=30)
    expected = self_play(rules, QUICK, uct, [3, 4])
    assert [play_recorded(rules, QUICK, uct, seed)[0] for seed in (3, 4)] == expected
    assert play_games(rules, QUICK, uct, [3, 4]) == expected


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
def test_the_solver_agent_plays_legal_games_to_the_end(side, protocol):
    rules = Rules(side, protocol)
    for white, black in ((SOLVER, QUICK), (QUICK, SOLVER)):
        record, decisions = play_recorded(rules, white, black, side, record=True)
        board = record.board
        assert 0 not in board and len(board) == cell_count(side)
        if protocol is Protocol.BASIC:
            assert board.count(Colour.WHITE) == (cell_count(side) + 1) // 2
            assert decisions[0].action != centre(side)
        assert record.winner == int(winner_by_counts(board))
        assert record.deciding_size == deciding_size(board)
        assert (record.white_score, record.black_score) == ludii_scores(board)
        n = cell_count(side)
        for decision in decisions:
            if decision.action == n:  # end of a 12? turn: only after a first stone
                assert protocol is Protocol.ONE_TWO and decision.half == 1
            else:
                assert decision.board[decision.action] == 0
            assert decision.action == n or board[decision.action] == decision.mover


def test_the_solver_agent_is_reproducible_with_the_seed():
    rules = Rules(4, Protocol.ONE_TWO)
    first = play_games(rules, SOLVER, QUICK, [7, 8])
    assert play_games(rules, SOLVER, QUICK, [7, 8]) == first


def _won_states_with_a_losing_move(rules: Rules, seeds: range, solver: EndgameSolver):
    """Decisions of real games (within 10 empty cells) whose mover wins but has a losing
    action too, with their winning actions."""
    found = []
    for seed in seeds:
        _, decisions = play_recorded(rules, QUICK, QUICK, seed, record=True)
        for decision in decisions:
            if not 3 <= decision.board.count(0) <= 10:
                continue
            white, black = masks_of(decision.board, rules.cell_count)
            values = solver.turn_values(white, black, decision.mover, decision.half, 10**6)
            winning = {v.action for v in values if v.wins}
            if winning and any(v.wins is False for v in values):
                found.append((decision, winning))
    return found


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
def test_the_solver_agent_never_gives_up_a_win_within_reach(side, protocol):
    rules = Rules(side, protocol)
    checker = EndgameSolver(rules, 16)
    cases = _won_states_with_a_losing_move(rules, range(8), checker)
    assert len(cases) >= 3
    for decision, winning in cases:
        player = SolverPlayer(rules, SOLVER, tt_bits=12)
        action = player.choose(
            np.array(decision.board, dtype=np.int8), decision.mover, decision.half
        )
        assert (END_TURN if action == rules.cell_count else action) in winning


@pytest.mark.parametrize("protocol", list(Protocol))
def test_at_a_root_proven_lost_the_solver_agent_plays_plain_graves_move(protocol):
    """Every move of a lost position loses against perfect play; the agent then plays the
    move plain GRAVE (its constants, its playouts, the same random stream) prefers, the one
    a fallible opponent may still misplay, not whichever proven-lost child it saw most."""
    rules = Rules(4, protocol)
    forbid = centre(4) if protocol is Protocol.BASIC else -1
    grave = dataclasses.replace(SOLVER, kind="grave").as_array()
    checker = EndgameSolver(rules, 16)
    lost = []
    for seed in range(6):
        for decision in play_recorded(rules, QUICK, QUICK, seed, record=True)[1]:
            if 4 <= decision.board.count(0) <= SOLVER.horizon:
                white, black = masks_of(decision.board, rules.cell_count)
                result = checker.state_wins(white, black, decision.mover, decision.half, 10**6)
                if result.wins is False:
                    lost.append(decision)
    assert len(lost) >= 5
    for decision in lost:
        board = np.array(decision.board, dtype=np.int8)
        seed_random(decision.mover)
        action = SolverPlayer(rules, SOLVER, tt_bits=12).choose(
            board, decision.mover, decision.half
        )
        seed_random(decision.mover)
        onetwo = protocol is Protocol.ONE_TWO
        nbr = neighbour_table(4)
        assert action == choose_action(
            board, decision.mover, decision.half, onetwo, forbid, nbr, grave
        )


def test_blunders_are_won_positions_turned_into_lost_ones():
    """Weak GRAVE (30 playouts) gives up wins on side 4; the plain negamax confirms every
    start-of-turn row within 6 empty cells, and the summary counts them."""
    rules = Rules(4, Protocol.BASIC)
    game = Contraposition(rules)
    rows = scored_decisions(rules, [QUICK], 4, 0, 6, 10**6)
    assert rows and all(r["won_before"] is not None for r in rows)
    for row in rows:
        position = Position(parse_board(row["board"]), Colour[row["mover"].upper()])
        assert row["won_before"] is mover_wins(game, position)
        if row["won_before"]:
            after = game.play(position, Move(row["action"]))
            kept = (
                winner_by_counts(after.board) is position.to_move
                if game.is_over(after)
                else not mover_wins(game, after)
            )
            assert row["won_after"] is kept
    blunders = sum(bool(r["won_before"]) and r["won_after"] is False for r in rows)
    assert blunders > 0
    summary = blunder_rows(rows)
    assert sum(r["blunders"] for r in summary) == blunders
    assert sum(r["decisions"] for r in summary) == len(rows)


def test_the_tree_is_kept_between_moves_and_compacted_faithfully():
    rules = Rules(4)
    player = SolverPlayer(rules, Agent.default("mcsolver", playouts=200, horizon=0))
    board = np.zeros(rules.cell_count, dtype=np.int8)
    action = player.choose(board, 1, 0)
    player.observe(action)
    board[action] = 1
    arrays = player.tree.arrays
    root = player.root
    assert root != 0 and arrays[4][root] > 0  # the child played, with its visits
    nodes, rows = copy_subtree(root, arrays, player.spare.arrays)
    copy = player.spare.arrays
    start, count = arrays[0][root], arrays[1][root]
    assert copy[1][0] == count and copy[4][0] == arrays[4][root]
    for k in range(count):
        assert copy[2][copy[0][0] + k] == arrays[2][start + k]  # actions
        assert copy[4][copy[0][0] + k] == arrays[4][start + k]  # visits
    assert 1 + count <= nodes <= player.node_count and rows >= 1
    # the opponent's reply moves the root again; an unknown action starts a fresh tree
    reply = int(player.tree.arrays[2][arrays[0][root]])
    player.observe(reply)
    assert player.node_count > 0
    player.observe(10**6)
    assert player.node_count == 0


def test_solver_agents_are_checked():
    with pytest.raises(InputError, match="horizon"):
        Agent("mcsolver", 10, 0.0, ref=5, bias=0.0)
    with pytest.raises(InputError, match="mcsolver"):
        SolverPlayer(Rules(4), QUICK)
    assert dataclasses.replace(SOLVER, playouts=5).name == "mcsolver5"
    agents = validate_config({})["contraposition"]["agents"]
    default = Agent.from_config("mcsolver", agents)
    assert default == Agent.default("mcsolver")
    assert (default.horizon, default.solve_nodes, default.root_solve_nodes) == (
        agents["mcsolver"]["horizon"],
        agents["mcsolver"]["solve_nodes"],
        agents["mcsolver"]["root_solve_nodes"],
    )
    assert parse_player("mcsolver3000") == ("mcsolver", 3000)


@pytest.mark.parametrize("protocol", list(Protocol))
def test_every_proof_in_the_tree_is_the_exact_value(protocol):
    """Proofs found in the tree (exact searches below the horizon, full boards, and what the
    children settle) agree with the endgame solver, node by node."""
    rules = Rules(4, protocol)
    n = rules.cell_count
    checker = EndgameSolver(rules, 16)
    agent = Agent.default("mcsolver", playouts=400, horizon=7, solve_nodes=2000)
    _, decisions = play_recorded(rules, QUICK, QUICK, 1, record=True)
    start = next(d for d in decisions if d.half == 0 and d.board.count(0) <= 11)
    player = SolverPlayer(rules, agent, tt_bits=14)
    player.choose(np.array(start.board, dtype=np.int8), start.mover, 0)
    first_child, child_count, action_of, mover_of = player.tree.arrays[:4]
    proof = player.tree.arrays[7]
    checked = 0
    stack = [(player.root, start.board, start.mover, 0)]
    while stack:
        node, board, mover, half = stack.pop()
        if proof[node] != 0 and 0 in board:
            white, black = masks_of(board, n)
            assert checker.state_wins(white, black, mover, half, 10**7).wins is bool(
                proof[node] == 1
            )
            checked += 1
        for child in range(first_child[node], first_child[node] + child_count[node]):
            action = int(action_of[child])
            after = list(board)
            if action < n:
                after[action] = mover
            half_after = int(protocol is Protocol.ONE_TWO and half == 0 and action < n)
            stack.append((child, tuple(after), int(mover_of[child]), half_after))
    assert checked >= 10


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("side", [4, 5])
def test_in_whole_games_the_solver_agent_keeps_every_win_within_reach(side, protocol):
    """With its tree reused from move to move (a root may have failed a smaller budget as a
    tree node), every won position within its horizon stays won after its decision."""
    rules = Rules(side, protocol)
    checker = EndgameSolver(rules, 16)
    judged = 0
    for seed in range(3):
        white, black = (SOLVER, QUICK) if seed % 2 == 0 else (QUICK, SOLVER)
        _, decisions = play_recorded(rules, white, black, seed, record=True)
        for decision in decisions:
            if decision.agent != SOLVER.name or decision.board.count(0) > SOLVER.horizon:
                continue
            won_before, won_after, _ = score_decision(checker, decision, 10**7)
            if won_before:
                assert won_after is True
                judged += 1
    assert judged >= 3


def test_the_blunder_script_writes_both_tables(tmp_path, monkeypatch):
    from benchmark_tools import load_benchmark

    from asobi.contraposition.tables import BLUNDER_DECISION_SCHEMA, BLUNDER_SCHEMA
    from asobi.core.tables import read_metadata, read_table

    script = load_benchmark("contraposition_blunders")
    arguments = ["--sides", "4", "--agents", "grave", "--budgets", "20", "--games", "1"]
    monkeypatch.setattr("sys.argv", ["x", *arguments, "--horizon", "6", "--out", str(tmp_path)])
    script.main()
    decisions = read_table(tmp_path / "blunder_decisions.parquet")
    summary = read_table(tmp_path / "blunders.parquet")
    assert list(decisions.columns) == BLUNDER_DECISION_SCHEMA.names
    assert list(summary.columns) == BLUNDER_SCHEMA.names
    assert set(decisions["protocol"]) == {"basic", "12?"} and decisions["empties"].max() <= 6
    assert summary["decisions"].sum() == len(decisions)
    assert read_metadata(tmp_path / "blunders.parquet")["config"]["horizon"] == 6
