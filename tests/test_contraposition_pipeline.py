"""Contraposition tables, claims, eyes, CLI and a tiny real Snakemake run."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from asobi.cli import main
from asobi.contraposition.audit import audit_boards, reachable_white_counts
from asobi.contraposition.board import parse_board
from asobi.contraposition.claims import BUILDERS, CLAIM_IDS
from asobi.contraposition.contraposition import Colour, Position, Protocol, Rules, winner_by_counts
from asobi.contraposition.eyes import eye_cases, eyes, forced_eye_fills
from asobi.contraposition.kernels import sizes_from_counts, unique_rows
from asobi.contraposition.mirror import mirror_boards, white_wins
from asobi.contraposition.pipeline import write_protocol_facts, write_single_stone
from asobi.contraposition.single_stone import EndgameSample, exhaustive_search, sampled_search
from asobi.contraposition.stats import wilson_interval
from asobi.contraposition.tables import protocol_facts_row, single_stone_rows
from asobi.core.claims import ResultTables, run_builders
from asobi.core.tables import read_metadata, read_table

# --- eyes ------------------------------------------------------------------------------------

# White owns two eyes (cells 4 and 14); one more empty cell (7) on the edge.
TWO_WHITE_EYES = "WWB/W.WB/.WWWB/BW.W/BWW"


def test_eyes_are_empty_cells_enclosed_by_one_colour():
    board = parse_board(TWO_WHITE_EYES)
    assert eyes(board, Colour.WHITE) == {4, 14}
    assert eyes(board, Colour.BLACK) == frozenset()


@pytest.mark.parametrize("protocol", list(Protocol))
@pytest.mark.parametrize("mover", list(Colour))
def test_two_eyes_force_the_opponent_into_one(protocol, mover):
    board = parse_board(TWO_WHITE_EYES)
    forced = forced_eye_fills(Rules(3, protocol), Position(board, mover), Colour.WHITE)
    assert forced >= 1


def test_single_eye_parity_under_the_basic_protocol():
    # cases from the seeded generator: Black's lone eye is always filled by White,
    # White's lone eye never has to be filled by Black
    cases = [c for c in eye_cases(Rules(3), 40, 2) if c.eye_count == 1]
    assert {c.owner for c in cases} == {Colour.WHITE, Colour.BLACK}
    for case in cases:
        assert (case.forced >= 1) == (case.owner is Colour.BLACK)


def test_constructed_basic_positions_have_protocol_counts():
    for case in eye_cases(Rules(4), 20, 3):
        board = case.position.board
        placed = sum(1 for v in board if v)
        assert board.count(Colour.WHITE) == (placed + 1) // 2
        assert (case.position.to_move is Colour.WHITE) == (placed % 2 == 0)


# --- audit pieces ------------------------------------------------------------------------------


def test_reachable_stone_counts():
    assert reachable_white_counts(Rules(1, "onetwo")) == [1]
    assert reachable_white_counts(Rules(3, "onetwo")) == list(range(7, 14))
    assert reachable_white_counts(Rules(5)) == [31]


def test_audit_counts_every_board_once():
    rules = Rules(2)
    boards = np.array([[1, 2, 2, 1, 2, 1, 1], [1, 1, 1, 1, 2, 2, 2]], dtype=np.int8)
    row = audit_boards(rules, boards, "exhaustive")
    assert row["boards"] == 2 and row["statements_disagree"] == 0 and row["draws"] == 0
    assert row["white_wins"] == sum(winner_by_counts(tuple(b)) is Colour.WHITE for b in boards)


@given(
    arrays(
        np.int16,
        st.tuples(st.integers(0, 40), st.integers(1, 6)),
        elements=st.integers(0, 3),
    )
)
def test_unique_rows_is_numpys_unique_by_rows(rows):
    # the audit's distinct size profiles, in NumPy's order (the first disagreement it
    # names is the first distinct profile in that order)
    unique, inverse, counts = np.unique(rows, axis=0, return_inverse=True, return_counts=True)
    fast = unique_rows(rows)
    assert fast[0].dtype == rows.dtype and np.array_equal(fast[0], unique)
    assert np.array_equal(fast[1], inverse.ravel()) and np.array_equal(fast[2], counts)


@given(arrays(np.int16, st.integers(0, 8), elements=st.integers(0, 4)))
def test_sizes_from_counts_lists_each_size_as_often_as_counted(counts):
    sizes = sizes_from_counts(counts)
    assert sizes == sorted(sizes) and all(type(size) is int for size in sizes)
    assert [sizes.count(size) for size in range(len(counts))] == counts.tolist()


def test_mirror_boards_are_point_symmetric_with_swapped_colours():
    boards, method = mirror_boards(3, 10_000, np.random.default_rng(0))
    assert method == "exhaustive" and len(boards) == 512
    assert all(winner_by_counts(tuple(int(v) for v in b)) is Colour.WHITE for b in boards[:64])
    mirrored = boards[:, ::-1]  # cell i and cell n-1-i are opposite in our numbering
    assert ((mirrored == 3 - boards)[:, np.arange(19) != 9]).all()
    assert white_wins(3, boards) == len(boards)


# --- the rules engine's tables (protocol_facts, single_stone) ---------------------------------


def test_protocol_facts_rows_read_the_rules_engine():
    basic, onetwo = protocol_facts_row(Rules(5)), protocol_facts_row(Rules(5, "onetwo"))
    assert basic == {
        "side": 5,
        "protocol": "basic",
        "cells": 61,
        "white_most_stones": 31,
        "black_most_stones": 30,
        "white_can_place_last": True,
        "black_can_place_last": False,
        "forces_other_last": "black",
        "mirror_breaking_turn": None,
    }
    # 12?: White places 1 + 2 per turn at most, Black 2 per turn; either can be last
    assert (onetwo["white_most_stones"], onetwo["black_most_stones"]) == (41, 40)
    assert onetwo["white_can_place_last"] and onetwo["black_can_place_last"]
    assert onetwo["mirror_breaking_turn"] == "0,60"  # the centre's two outermost images


def test_single_stone_rows_one_per_position_searched():
    rows = single_stone_rows(exhaustive_search(2))
    assert len(rows) == 1940 and {r["method"] for r in rows} == {"exhaustive"}
    assert sum(r["mover_wins"] for r in rows) == 1459
    assert not any(r["one_stone_wins_only"] for r in rows)
    assert rows[0]["board"] == "../.../.." and rows[0]["winning_turns"] == ["3"]
    sampled = single_stone_rows(sampled_search(EndgameSample(3, (5,), 20, 4)))
    assert len(sampled) == 20 and {r["empty_cells"] for r in sampled} == {5}
    examples = [r for r in sampled if r["one_stone_wins_only"]]
    assert examples and all(r["two_stone_turns_legal"] and r["mover_wins"] for r in examples)
    assert all("," not in turn for r in examples for turn in r["winning_turns"])


def test_protocol_facts_and_single_stone_steps_write_their_tables(tmp_path):
    facts = read_table(write_protocol_facts(str(tmp_path / "facts.parquet"), sides=[2, 3]))
    assert list(zip(facts["side"], facts["protocol"], strict=True)) == [
        (2, "basic"),
        (2, "12?"),
        (3, "basic"),
        (3, "12?"),
    ]
    assert read_metadata(tmp_path / "facts.parquet")["table"] == "contraposition/protocol_facts"
    sample = EndgameSample(3, (5,), 4, 1)
    stones = read_table(write_single_stone(str(tmp_path / "stone.parquet"), (2,), sample))
    assert list(stones["method"].value_counts().sort_index()) == [1940, 4]
    assert read_metadata(tmp_path / "stone.parquet")["table"] == "contraposition/single_stone"


def test_wilson_interval():
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and 0.25 < high < 0.35
    assert wilson_interval(0, 0) == (0.0, 1.0)


# --- CLI ---------------------------------------------------------------------------------------


def test_cli_show_draws_a_hex_board(capsys):
    assert main(["contraposition", "show", "--side", "3"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.count(".") for line in lines] == [3, 4, 5, 4, 3]


def test_cli_winner_scores_a_full_board(capsys):
    assert main(["contraposition", "winner", "WBB/WWWW/BBBBB/WWBW/WBW"]) == 0
    out = capsys.readouterr().out
    assert "winner (smallest-size counts): black (decided at size 3)" in out
    assert "Ludii scores: white 3, black 7 -> black" in out


@pytest.mark.parametrize(
    ("board", "message"),
    [("WB/BWB/W.", "empty cell"), ("WBW", "do not make a hex board"), ("WB/BQB/WB", "symbol")],
)
def test_cli_winner_rejects_malformed_boards(capsys, board, message):
    assert main(["contraposition", "winner", board]) == 2
    assert message in capsys.readouterr().err


def test_cli_solve_and_bad_options(capsys):
    assert main(["contraposition", "solve", "--side", "2", "--protocol", "onetwo"]) == 0
    assert "white wins" in capsys.readouterr().out
    assert main(["contraposition", "solve", "--side", "4"]) == 2
    assert main(["contraposition", "solve", "--side", "1"]) == 2
    assert "no legal opening" in capsys.readouterr().err


# --- workflow ----------------------------------------------------------------------------------

# One bundle per many-shard step: every bundle job pays a Python start-up, and the two
# plans' shard files are compared in tests/test_bundles.py.
TINY = {
    "shard_bundles": 1,
    "fivelines": {"enabled": False},
    "contraposition": {
        "enabled": True,
        "solve_sides": [2],
        "solve_tt_bits": 12,
        "selfplay_sides": [3],
        "selfplay_pairings": ["grave-uct"],
        "selfplay_batches": 2,
        "selfplay_games_per_batch": 2,
        "agents": {
            "uct": {"playouts": 20, "exploration": 1.4},
            "grave": {"playouts": 20, "exploration": 0.0, "ref": 5, "bias": 1.0e-6},
        },
        "audit_exhaustive_sides": [2],
        "audit_sample_sides": [3],
        "audit_sample_size": 200,
        "eye_sides": [3],
        "eye_positions": 6,
        "mirror_sides": [2],
        "ladder": {
            "budgets": [4, 8],
            "sides": [3],
            "protocols": ["basic"],
            "games": [3, 2],
            "games_per_shard": 2,
        },
        "calibration": {"side": 2, "budgets": [4], "games": 2},
        "ratings": {"side": 3, "games_per_pair": 1},
        "ladder_vendored": None,
    },
}


def test_tiny_contraposition_workflow_run(snakemake_run):
    result, workdir = snakemake_run(TINY, ["results/contraposition/claims.parquet"], cores=2)
    assert result.returncode == 0, result.stderr[-3000:]
    out = workdir / "results" / "contraposition"
    solutions = read_table(out / "solutions.parquet")
    assert list(solutions["side"]) == [2, 2]
    winners = dict(zip(solutions["protocol"], solutions["winner"], strict=True))
    assert winners == {"basic": "black", "12?": "white"}
    selfplay = read_table(out / "selfplay.parquet")
    assert len(selfplay) == 2 and (selfplay["games"] == 4).all()  # two protocols
    games = read_table(out / "games.parquet")
    assert len(games) == 8 and games["seed"].is_unique
    assert list(games["game"][:4]) == [0, 1, 2, 3]  # two batches of two, merged in order
    claims = read_table(out / "claims.parquet")
    assert claims["claim_id"].str.startswith("contraposition.").all()
    verdicts = dict(zip(claims["claim_id"], claims["verdict"], strict=True))
    assert verdicts["contraposition.winning_rule_statements_agree"] == "confirmed"
    assert verdicts["contraposition.no_draws"] == "confirmed"
    assert len(read_table(out / "protocol_facts.parquet")) == 18  # sides 2..10, two protocols
    assert verdicts["contraposition.onetwo_single_stone_matters"] == "confirmed"
    cited = dict(zip(claims["claim_id"], claims["tables"], strict=True))
    assert list(cited["contraposition.stones_per_colour"]) == [
        "contraposition/protocol_facts.parquet"
    ]
    assert read_metadata(out / "solutions.parquet")["table"] == "contraposition/solutions"
    # without a vendored full ladder the balance claims read the run's own small ladder
    tables = dict(zip(claims["claim_id"], claims["tables"], strict=True))
    offset = "contraposition.basic_first_player_advantage_offset"
    assert "contraposition/ladder.parquet" in list(tables[offset])
    assert "contraposition/ratings.parquet" in list(tables["contraposition.grave_strong"])
    ladder = read_table(out / "ladder.parquet")
    assert len(ladder) == 4 and list(ladder["games"][:2]) == [3, 2]  # 2 agents x 2 budgets
    calibration = read_table(out / "calibration.parquet")
    assert set(calibration["perfect_play_winner"]) == {"black", "white"}
    ratings = read_table(out / "ratings.parquet")
    assert sorted(ratings["player"]) == ["grave4", "grave8", "uct4", "uct8"]
    assert (ratings["games"] == 6).all()
    # the claims rebuilt from the tables are those of the table, in its order
    rebuilt = run_builders(BUILDERS, ResultTables(workdir / "results"), declared=CLAIM_IDS)
    assert [c.claim_id for c in rebuilt] == list(claims["claim_id"])


def test_cli_solve_node_budget_has_the_config_maximum(capsys):
    assert main(["contraposition", "solve", "--max-nodes", str(10**15)]) == 2
    err = capsys.readouterr().err
    assert "1<=x<=100000000000" in err and err.count("\n") == 1
