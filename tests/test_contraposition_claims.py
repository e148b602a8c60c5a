"""The Contraposition claims, each pushed to every verdict it can take by small tables.

The tables are hand-made, shaped like the real ones (the tiny workflow run in
``test_contraposition_pipeline.py`` builds the claims from real tables); one value is
changed where a claim should flip.
"""

from __future__ import annotations

import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from claim_checks import checks_claim
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.contraposition import claims, last_stone, mirror, rule_claims
from asobi.contraposition.board import centre, parse_board
from asobi.contraposition.contraposition import Colour, Rules, both_sizes, winner_by_counts
from asobi.contraposition.pipeline import write_claims
from asobi.contraposition.stats import ALPHA, binomial_tail, clopper_pearson
from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.sources import check_passages

AUDIT, SELFPLAY, SOLUTIONS = claims.AUDIT_TABLE, claims.SELFPLAY_TABLE, claims.SOLUTIONS_TABLE
EYES, MIRROR = claims.EYES_TABLE, claims.MIRROR_TABLE
FACTS, STONE = rule_claims.PROTOCOL_FACTS_TABLE, rule_claims.SINGLE_STONE_TABLE
LADDER, CALIBRATION, RATINGS, RATING_GAMES = (
    claims.LADDER_TABLES[kind][0] for kind in ("ladder", "calibration", "ratings", "rating_games")
)
ARTICLE_DIRS = [Path(__file__).resolve().parents[n] / "shared" / "articles" for n in (2, 3)]


def _audit(side: int, method: str, boards: int, **bad: int) -> dict:
    return {
        "side": side,
        "protocol": "basic",
        "method": method,
        "boards": boards,
        "statements_disagree": bad.get("disagree", 0),
        "ludii_disagrees": bad.get("ludii", 0),
        "draws": bad.get("draws", 0),
        "white_wins": boards // 2,
        "example_disagreement": bad.get("example", ""),
    }


def _pairing(protocol: str, white: str, black: str, games: int, white_wins: int) -> dict:
    return {
        "side": 4,
        "protocol": protocol,
        "white_agent": white,
        "black_agent": black,
        "games": games,
        "white_wins": white_wins,
        "white_win_rate_low95": 0.0,
        "white_win_rate_high95": 1.0,
    }


def _solution(side: int, protocol: str, winner: str, first: list[int]) -> dict:
    return {
        "side": side,
        "protocol": protocol,
        "solved": True,
        "reason": "",
        "winner": winner,
        "best_first_moves": first,
        "first_move_cells": [0, 1, 3],
        "first_move_white_wins": [False, False, 3 in first],
        "nodes": 51,
    }


def _rung(
    protocol: str, agent: str, playouts: int, games: int, white_wins: int, side: int = 5
) -> dict:
    return {
        "agent": agent,
        "playouts": playouts,
        "side": side,
        "protocol": protocol,
        "games": games,
        "white_wins": white_wins,
    }


def _rating(agent: str, playouts: int, mu: float, sigma: float, rank: int) -> dict:
    return {
        "player": f"{agent}{playouts}",
        "agent": agent,
        "playouts": playouts,
        "mu": mu,
        "sigma": sigma,
        "rank": rank,
    }


def _eye(owner: str, eyes: int, forced: int, holds: bool = True, protocol: str = "basic"):
    return {
        "side": 3,
        "protocol": protocol,
        "owner": owner,
        "eyes": eyes,
        "opponent_forced_fills": forced,
        "prediction_holds": holds,
    }


def _facts(side: int, protocol: str, cells: int, most: tuple[int, int], last: str, breaking):
    return {
        "side": side,
        "protocol": protocol,
        "cells": cells,
        "white_most_stones": most[0],
        "black_most_stones": most[1],
        "white_can_place_last": "white" in last,
        "black_can_place_last": "black" in last,
        "forces_other_last": "black",
        "mirror_breaking_turn": breaking,
    }


def _endgame(side: int, method: str, board: str, wins: list[str], single_only: bool = False):
    return {
        "side": side,
        "method": method,
        "board": board,
        "to_move": "white",
        "empty_cells": board.count("."),
        "two_stone_turns_legal": True,
        "mover_wins": bool(wins),
        "winning_turns": wins,
        "one_stone_wins_only": single_only,
    }


@pytest.fixture
def frames() -> dict[str, pd.DataFrame]:
    return {
        AUDIT: pd.DataFrame([_audit(2, "exhaustive", 35), _audit(5, "random_sample", 200)]),
        SELFPLAY: pd.DataFrame(
            [
                _pairing("basic", "uct300", "uct300", 400, 200),
                _pairing("12?", "grave300", "grave300", 400, 190),
                _pairing("basic", "grave300", "uct300", 50, 45),
                _pairing("basic", "uct300", "grave300", 50, 8),
            ]
        ),
        SOLUTIONS: pd.DataFrame(
            [_solution(2, "basic", "black", []), _solution(2, "12?", "white", [3])]
        ),
        LADDER: pd.DataFrame(
            [
                # the top points: GRAVE (rated highest at 3000) on sides 5 and 4 (rows 0-3)
                _rung("basic", "grave", 3000, 100, 50),
                _rung("12?", "grave", 3000, 100, 50),
                _rung("basic", "grave", 3000, 100, 50, side=4),
                _rung("12?", "grave", 3000, 100, 50, side=4),
                # the trend: a lower rung and the other agent (rows 4-7)
                _rung("basic", "grave", 300, 400, 200),
                _rung("12?", "grave", 300, 400, 200),
                _rung("basic", "uct", 3000, 100, 45),
                _rung("12?", "uct", 3000, 100, 50),
            ]
        ),
        CALIBRATION: pd.DataFrame(
            [
                {
                    "agent": "uct",
                    "playouts": p,
                    "side": 3,
                    "protocol": "basic",
                    "games": 100,
                    "perfect_play_winner": "white",
                    "perfect_play_winner_wins": w,
                    "low": lo,
                    "high": hi,
                }
                for p, w, lo, hi in [(300, 60, 0.50, 0.69), (3000, 80, 0.71, 0.87)]
            ]
        ),
        RATINGS: pd.DataFrame(
            [
                _rating("grave", 300, 30.0, 1.0, 2),
                _rating("uct", 300, 20.0, 1.0, 4),
                _rating("grave", 3000, 40.0, 1.0, 1),
                _rating("uct", 3000, 25.0, 1.0, 3),
            ]
        ),
        RATING_GAMES: pd.DataFrame(
            {
                "side": 5,
                "protocol": "basic",
                "white_agent": ["grave300", "uct300"],
                "black_agent": ["uct300", "grave300"],
                "winner": ["white", "black"],
            }
        ),
        EYES: pd.DataFrame(
            [
                _eye("white", 2, 1),
                _eye("black", 2, 1, protocol="12?"),
                _eye("black", 1, 1),
                _eye("white", 1, 0),
                _eye("white", 1, 1, protocol="12?"),
            ]
        ),
        MIRROR: pd.DataFrame(
            {
                "side": [2, 5],
                "method": ["exhaustive", "random_sample"],
                "boards": [8, 1000],
                "white_wins": [8, 1000],
            }
        ),
        FACTS: pd.DataFrame(
            [
                _facts(2, "basic", 7, (4, 3), "white", None),
                _facts(2, "12?", 7, (5, 4), "white black", "0,6"),
                _facts(5, "basic", 61, (31, 30), "white", None),
                _facts(5, "12?", 61, (41, 40), "white black", "0,60"),
            ]
        ),
        STONE: pd.DataFrame(
            [
                _endgame(2, "exhaustive", "../.../..", ["3"]),
                _endgame(2, "exhaustive", "WB/BWB/W.", []),
                _endgame(2, "exhaustive", "../..B/BW", ["3", "0,3"]),
                _endgame(3, "random_sample", "BWW/WWBW/.BBB./WB.B/B..", ["7"], single_only=True),
                _endgame(3, "random_sample", "BWW/WW.W/.BBB./WBWB/B..", []),
                _endgame(3, "random_sample", "BW./WWBW/.BBB./WB.B/BW.", ["7", "7,18"]),
            ]
        ),
    }


def _claim(builder, frames, changed: dict | None = None):
    (claim,) = run_builders([builder], ResultTables(frames={**frames, **(changed or {})}))
    return claim


def _edit(frames, name: str, row: int, **values) -> dict[str, pd.DataFrame]:
    table = frames[name].copy()
    for column, value in values.items():
        table.loc[row, column] = value
    return {name: table}


# --- the winning rule -----------------------------------------------------------------------


@checks_claim("contraposition.winning_rule_statements_agree", "confirmed")
def test_winning_rule_statements_agree_confirmed_with_the_sampled_sides_as_caveat(frames):
    claim = _claim(claims.winning_rule_statements_agree, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "35 boards exhaustively" in claim.evidence and "0 disagreements" in claim.evidence
    assert claim.caveat == (
        "exhaustive only on sides [2]; sides [5]: 200 random boards, not all; "
        "no proof for other sides"
    )


@checks_claim("contraposition.winning_rule_statements_agree", "refuted")
def test_winning_rule_statements_agree_refuted_by_one_disagreeing_board(frames):
    changed = _edit(frames, AUDIT, 0, statements_disagree=1, example_disagreement="WB/BWB/WB")
    claim = _claim(claims.winning_rule_statements_agree, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "e.g. WB/BWB/WB" in claim.evidence
    assert claim.caveat is None


@checks_claim("contraposition.winning_rule_statements_agree", "undecided")
def test_winning_rule_statements_agree_undecided_without_boards(frames):
    changed = {AUDIT: frames[AUDIT].iloc[:0]}
    claim = _claim(claims.winning_rule_statements_agree, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("contraposition.ludii_score_agrees", "confirmed")
def test_ludii_score_agrees_confirmed(frames):
    assert _claim(claims.ludii_score_agrees, frames).verdict is Verdict.CONFIRMED


@checks_claim("contraposition.ludii_score_agrees", "refuted")
def test_ludii_score_agrees_refuted_when_ludii_picks_another_winner(frames):
    changed = _edit(frames, AUDIT, 1, ludii_disagrees=3)
    claim = _claim(claims.ludii_score_agrees, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "3 disagreements" in claim.evidence


@checks_claim("contraposition.no_draws", "confirmed")
def test_no_draws_confirmed(frames):
    claim = _claim(claims.no_draws, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "0 draws; 3s(s-1)+1 is odd for s = 1..100" in claim.evidence


@checks_claim("contraposition.no_draws", "refuted")
def test_no_draws_refuted_by_a_drawn_board(frames):
    changed = _edit(frames, AUDIT, 0, draws=1)
    claim = _claim(claims.no_draws, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "1 draws" in claim.evidence


@checks_claim("contraposition.final_board_example", "confirmed")
def test_final_board_example_confirmed_on_every_caption_pair(frames):
    claim = _claim(claims.final_board_example, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.tables == ()
    assert claim.evidence.endswith(
        "pairs of size lists fit the caption; 0 where a rule does not name Black"
    )
    cases, wrong = rule_claims.example_cases(6)
    # sizes >= 2 up to 6 stones with a 3 for White only and equal 2-counts, e.g. [3] vs []
    assert cases == 10 and wrong == []


@pytest.fixture
def fresh_cases():
    rule_claims.example_cases.cache_clear()
    yield
    rule_claims.example_cases.cache_clear()


@checks_claim("contraposition.final_board_example", "refuted")
def test_final_board_example_refuted_under_a_rule_where_more_groups_win(
    frames, monkeypatch, fresh_cases
):
    def more_wins(white, black):
        loser = rule_claims.rules.counts_rule(white, black)
        return None if loser is None else Colour(3 - loser.value)

    monkeypatch.setattr(rule_claims, "EXAMPLE_MAX_STONES", 6)
    monkeypatch.setattr(rule_claims.rules, "ludii_rule", more_wins)
    claim = _claim(claims.final_board_example, frames)
    assert claim.verdict is Verdict.REFUTED
    assert (
        "10 pairs of size lists fit the caption; 10 where a rule does not name Black, e.g. "
        "[3] vs []" in claim.evidence
    )


# --- balance --------------------------------------------------------------------------------


def _readings(claim) -> dict[str, Verdict]:
    return {reading.reading_id: reading.verdict for reading in claim.readings}


def _top(frames, **white_wins: int) -> dict[str, pd.DataFrame]:
    """The ladder with the top points' White wins changed: ``basic5=70`` sets GRAVE's
    basic side-5 point at 3000 playouts to 70 of 100."""
    rows = {"basic5": 0, "onetwo5": 1, "basic4": 2, "onetwo4": 3}
    table = frames[LADDER].copy()
    for name, wins in white_wins.items():
        table.loc[rows[name], "white_wins"] = wins
    return {LADDER: table}


@checks_claim("contraposition.basic_first_player_advantage_offset", "confirmed")
def test_basic_offset_confirmed_when_every_reading_holds_on_both_sides(frames):
    claim = _claim(claims.basic_first_player_advantage_offset, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert list(_readings(claim)) == [
        "greatly_mitigated_side_5",
        "balanced_side_5",
        "not_improved_by_12_side_5",
        "greatly_mitigated_side_4",
        "balanced_side_4",
        "not_improved_by_12_side_4",
    ]
    assert set(_readings(claim).values()) == {Verdict.CONFIRMED}
    assert "greatly mitigated" in claim.statement and "no further balancing" in claim.statement
    first = claim.readings[0]
    assert first.figures.startswith(
        "GRAVE 3000 side 5 basic: White 50/100 (0.500) [0.40, 0.60], p = 1; no White edge shown"
    )
    assert "mirror boards of side 5 (random_sample): White wins 1000/1000" in first.figures
    assert "(the article's recommended board)" in first.yardstick
    assert claim.evidence.startswith("verdicts on GRAVE at 3000 playouts per move")
    assert "basic side 5: GRAVE 300 0.500 [0.45, 0.55], 3000 0.500 [0.40, 0.60]; UCT 3000" in (
        claim.evidence
    )
    assert claim.caveat.startswith(
        "judged on GRAVE self-play at 3000 playouts per move, not perfect play; the top rung's "
        "intervals still allow side 5: 100 games, White 0.40–0.60"
    )
    assert "uct at 3000 playouts 80/100 [0.71, 0.87]" in claim.caveat


@checks_claim("contraposition.basic_first_player_advantage_offset", "refuted")
def test_basic_offset_refuted_when_white_keeps_an_edge_that_12_removes(frames):
    changed = _top(frames, basic5=75, basic4=75)
    claim = _claim(claims.basic_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert set(_readings(claim).values()) == {Verdict.REFUTED}
    against = claim.readings[2].figures
    assert "against GRAVE 3000 side 5 12?: White 50/100" in against
    assert "White's rate significantly higher under basic" in against


@checks_claim("contraposition.basic_first_player_advantage_offset", "depends")
def test_basic_offset_depends_when_black_is_favoured_no_white_edge_but_not_balanced(frames):
    # 30/100: White's edge is gone (greatly mitigated), but Black is favoured: balancing needed
    claim = _claim(claims.basic_first_player_advantage_offset, frames, _top(frames, basic5=30))
    assert claim.verdict is Verdict.DEPENDS
    verdicts = _readings(claim)
    assert verdicts["greatly_mitigated_side_5"] is Verdict.CONFIRMED
    assert verdicts["balanced_side_5"] is Verdict.REFUTED
    assert verdicts["not_improved_by_12_side_5"] is Verdict.CONFIRMED
    assert "Black significantly favoured" in claim.readings[1].figures
    assert claim.caveat.startswith("confirmed under: greatly_mitigated_side_5")
    assert "refuted under: balanced_side_5. judged on GRAVE" in claim.caveat


def test_basic_offset_depends_on_the_side_when_only_side_4_favours_white(frames):
    claim = _claim(claims.basic_first_player_advantage_offset, frames, _top(frames, basic4=75))
    assert claim.verdict is Verdict.DEPENDS
    verdicts = _readings(claim)
    assert {v for k, v in verdicts.items() if k.endswith("side_5")} == {Verdict.CONFIRMED}
    assert {v for k, v in verdicts.items() if k.endswith("side_4")} == {Verdict.REFUTED}


def test_balance_never_pools_sides(frames):
    # 58/100 on each side: neither alone is significant, 116/200 pooled would be [0.51, 0.65]
    changed = _top(frames, basic5=58, basic4=58)
    claim = _claim(claims.basic_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED
    assert "White 58/100 (0.580) [0.48, 0.68]" in claim.readings[1].figures


def test_balance_rests_on_the_strongest_agent_the_other_is_the_trend(frames):
    # UCT's point at the top budget favours Black; it is named in the caveat, not voted
    ladder = frames[LADDER].copy()
    ladder.loc[6, "white_wins"] = 20
    claim = _claim(claims.basic_first_player_advantage_offset, frames, {LADDER: ladder})
    assert claim.verdict is Verdict.CONFIRMED
    assert "would decide otherwise (the trend): balanced side 5: UCT 3000 refuted (20/100)" in (
        claim.caveat
    )
    # rated above GRAVE at 3000, UCT's points carry the verdict
    ratings = frames[RATINGS].assign(mu=[30.0, 20.0, 25.0, 40.0])
    claim = _claim(
        claims.basic_first_player_advantage_offset, frames, {LADDER: ladder, RATINGS: ratings}
    )
    assert claim.verdict is Verdict.DEPENDS
    assert claim.readings[1].figures.startswith("UCT 3000 side 5 basic: White 20/100")
    assert claim.evidence.startswith("verdicts on UCT at 3000 playouts per move")


@checks_claim("contraposition.basic_first_player_advantage_offset", "undecided")
def test_basic_offset_undecided_without_a_rated_agent_at_the_top_budget(frames):
    ratings = frames[RATINGS][frames[RATINGS]["playouts"] != 3000]
    claim = _claim(claims.basic_first_player_advantage_offset, frames, {RATINGS: ratings})
    assert claim.verdict is Verdict.UNDECIDED
    assert set(_readings(claim).values()) == {Verdict.UNDECIDED}
    assert claim.evidence.startswith("no rated agent at the top budget") and claim.caveat is None
    changed = {LADDER: frames[LADDER][frames[LADDER]["protocol"] != "basic"]}
    claim = _claim(claims.basic_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert [r.reading_id for r in claim.readings] == ["no_ladder_games"]


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "confirmed")
def test_onetwo_offset_confirmed(frames):
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert list(_readings(claim))[:3] == [
        "mitigated_side_5",
        "balanced_side_5",
        "no_less_balanced_than_basic_side_5",
    ]
    assert "winning first stones [3]" in claim.evidence
    assert "White's rate is at most 0.60, below a certain win" in claim.readings[0].figures
    assert claim.caveat.endswith("(side 2: white)")


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "refuted")
def test_onetwo_offset_refuted_when_white_always_wins(frames):
    changed = _top(frames, onetwo5=100, onetwo4=100)
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "White's rate not shown below a certain win" in claim.readings[0].figures


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "depends")
def test_onetwo_offset_depends_when_white_is_favoured_but_not_certain(frames):
    changed = _top(frames, onetwo5=70, onetwo4=70)
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    verdicts = _readings(claim)
    assert verdicts["mitigated_side_5"] is Verdict.CONFIRMED
    assert verdicts["balanced_side_5"] is Verdict.REFUTED
    assert verdicts["no_less_balanced_than_basic_side_5"] is Verdict.REFUTED


def test_onetwo_against_basic_is_judged_at_the_same_point(frames):
    # 12? at 62/100 is balanced-ish on its own but significantly above basic at 40/100
    changed = _top(frames, onetwo5=62, basic5=40)
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    verdicts = _readings(claim)
    assert verdicts["no_less_balanced_than_basic_side_5"] is Verdict.REFUTED
    assert verdicts["no_less_balanced_than_basic_side_4"] is Verdict.CONFIRMED
    assert "against GRAVE 3000 side 5 basic: White 40/100" in claim.readings[2].figures


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "undecided")
def test_onetwo_offset_undecided_without_ladder_games(frames):
    changed = {LADDER: frames[LADDER][frames[LADDER]["protocol"] != "12?"]}
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED and "no ladder games" in claim.readings[0].figures


def test_the_claims_read_the_runs_own_ladder_without_the_vendored_one(frames):
    own = {
        claims.LADDER_TABLES[k][1]: frames[claims.LADDER_TABLES[k][0]] for k in claims.LADDER_TABLES
    }
    rest = {
        k: v for k, v in frames.items() if k not in {LADDER, CALIBRATION, RATINGS, RATING_GAMES}
    }
    claim = _claim(claims.basic_first_player_advantage_offset, {**rest, **own})
    assert claim.verdict is Verdict.CONFIRMED
    assert "contraposition/ladder.parquet" in claim.tables
    assert "contraposition/ladder.parquet" in claim.readings[0].recheck.sql


# --- stones and the last stone --------------------------------------------------------------


def test_supply_is_the_share_rounded_up():
    assert rule_claims.supply(61, (1, 2)) == 31 and rule_claims.supply(61, (2, 3)) == 41
    assert rule_claims.decide_supply([0, -1]) is Verdict.CONFIRMED
    assert rule_claims.decide_supply([0, 1]) is Verdict.REFUTED
    assert rule_claims.decide_supply([]) is Verdict.UNDECIDED


@checks_claim("contraposition.stones_per_colour", "confirmed")
def test_stones_per_colour_confirmed_by_the_protocol_facts(frames):
    claim = _claim(claims.stones_per_colour, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.tables == (FACTS,)
    assert "basic: a colour places up to 31 of 61 stones (0.508), supply 31" in claim.evidence
    assert "12?: a colour places up to 41 of 61 stones (0.672), supply 41" in claim.evidence
    assert claim.evidence.endswith("half the cells would fall short on sides [2, 5]")
    assert claim.recheck.expected == {"cases": 4, "largest_excess": 0}


@checks_claim("contraposition.stones_per_colour", "refuted")
def test_stones_per_colour_refuted_when_a_colour_needs_more(frames):
    # a 12? game in which Black places 42 of 61 stones would need more than 2/3
    changed = _edit(frames, FACTS, 3, black_most_stones=42)
    claim = _claim(claims.stones_per_colour, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.recheck.expected == {"cases": 4, "largest_excess": 1}


@checks_claim("contraposition.stones_per_colour", "undecided")
def test_stones_per_colour_undecided_without_facts(frames):
    claim = _claim(claims.stones_per_colour, frames, {FACTS: frames[FACTS].iloc[:0]})
    assert claim.verdict is Verdict.UNDECIDED
    assert claim.recheck.expected == {"cases": 0, "largest_excess": None}


@checks_claim("contraposition.basic_white_places_last", "confirmed")
def test_basic_white_places_last_confirmed(frames):
    claim = _claim(claims.basic_white_places_last, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.tables == (FACTS,)
    assert claim.evidence == (
        "White places the last stone of every game on sides [2, 5]; for contrast, under 12? "
        "the last stone can be placed by black or white (side 5)"
    )
    assert claim.recheck.expected == {"sides": 2, "black_last": 0}


@checks_claim("contraposition.basic_white_places_last", "refuted")
def test_basic_white_places_last_refuted_when_black_can_be_last(frames):
    changed = _edit(frames, FACTS, 2, black_can_place_last=True)
    claim = _claim(claims.basic_white_places_last, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.startswith("Black can place the last stone on sides [5]")


@checks_claim("contraposition.onetwo_last_placer_count_game", "confirmed")
def test_onetwo_last_placer_count_game_confirmed(frames):
    claim = _claim(claims.onetwo_last_placer_count_game, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence == (
        "on every side checked (sides [2, 5]) either colour can place the last stone, and "
        "black can force the other to place it"
    )
    assert claim.recheck.expected == {"sides": 2, "failing": 0, "forcers": ["black"]}


@checks_claim("contraposition.onetwo_last_placer_count_game", "refuted")
def test_onetwo_last_placer_count_game_refuted_when_the_last_placer_is_fixed(frames):
    changed = _edit(frames, FACTS, 1, black_can_place_last=False)
    claim = _claim(claims.onetwo_last_placer_count_game, frames, changed)
    assert claim.verdict is Verdict.REFUTED and claim.evidence == "fails on sides [2]"


def test_onetwo_last_placer_count_game_refuted_when_nobody_forces_the_count_game(frames):
    changed = _edit(frames, FACTS, 3, forces_other_last=None)
    claim = _claim(claims.onetwo_last_placer_count_game, frames, changed)
    assert claim.verdict is Verdict.REFUTED and claim.evidence == "fails on sides [5]"


@checks_claim("contraposition.onetwo_single_stone_matters", "confirmed")
def test_onetwo_single_stone_matters_confirmed_by_an_example(frames):
    claim = _claim(claims.onetwo_single_stone_matters, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.tables == (STONE,)
    assert claim.evidence == (
        "side 2 (every reachable position): 2 won by the mover, 0 only by one-stone turns; "
        "side 3 (3 endgames of seeded random play): 2 won by the mover, 1 only by one-stone "
        "turns, e.g. BWW/WWBW/.BBB./WB.B/B.. with white to move, winning only by 7"
    )
    assert claim.caveat == "an existence shown by example; how often: 1 of 2 won sampled endgames"
    assert "every reachable position of sides [2]; endgames with [5] empty cells" in claim.formal
    assert claim.recheck.expected == [
        {"side": 2, "method": "exhaustive", "positions": 3, "won": 2, "examples": 0},
        {"side": 3, "method": "random_sample", "positions": 3, "won": 2, "examples": 1},
    ]


@checks_claim("contraposition.onetwo_single_stone_matters", "refuted")
def test_onetwo_single_stone_matters_refuted_when_exhaustive_boards_have_none(frames):
    exhaustive = frames[STONE][frames[STONE]["method"] == "exhaustive"]
    claim = _claim(claims.onetwo_single_stone_matters, frames, {STONE: exhaustive})
    assert claim.verdict is Verdict.REFUTED and claim.caveat is None


@checks_claim("contraposition.onetwo_single_stone_matters", "undecided")
def test_onetwo_single_stone_matters_undecided_when_a_sample_has_none(frames):
    changed = _edit(frames, STONE, 3, one_stone_wins_only=False)
    claim = _claim(claims.onetwo_single_stone_matters, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED and "0 only by one-stone turns" in claim.evidence
    assert (
        _claim(claims.onetwo_single_stone_matters, frames, {STONE: frames[STONE].iloc[:0]}).verdict
        is Verdict.UNDECIDED
    )


def test_the_count_game_is_played_on_the_rules_engines_turns():
    assert last_stone.turn_sizes(Rules(3, "onetwo")) == ((1,), (1, 2))
    assert last_stone.last_placers(Rules(4)) == {Colour.WHITE}
    # 12? on side 1: White's one stone fills the board, nobody can be made to place it
    assert last_stone.forces_other_last(Rules(1, "onetwo")) is None


# --- eyes -----------------------------------------------------------------------------------


@checks_claim("contraposition.several_eyes_force_a_fill", "confirmed")
def test_several_eyes_force_a_fill_confirmed(frames):
    claim = _claim(claims.several_eyes_force_a_fill, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.caveat == "checked on 2 constructed positions of sides [3], no proof"


@checks_claim("contraposition.several_eyes_force_a_fill", "refuted")
def test_several_eyes_force_a_fill_refuted_when_a_prediction_fails(frames):
    changed = _edit(frames, EYES, 1, opponent_forced_fills=0, prediction_holds=False)
    claim = _claim(claims.several_eyes_force_a_fill, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "prediction held in 1" in claim.evidence


@checks_claim("contraposition.several_eyes_force_a_fill", "undecided")
def test_several_eyes_force_a_fill_undecided_without_cases(frames):
    changed = {EYES: frames[EYES][frames[EYES]["eyes"] < 2]}
    assert _claim(claims.several_eyes_force_a_fill, frames, changed).verdict is Verdict.UNDECIDED


@checks_claim("contraposition.single_eye_parity", "confirmed")
def test_single_eye_parity_confirmed(frames):
    claim = _claim(claims.single_eye_parity, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "White fills at least 1" in claim.evidence and "Black fills at most 0" in claim.evidence
    assert claim.evidence.endswith(
        "Two White eyes force Black in 1 of 1 cases; under 12? (not judged) the single eye "
        "is forced in 1 of 1 cases"
    )


@checks_claim("contraposition.single_eye_parity", "refuted")
def test_single_eye_parity_refuted_when_a_white_eye_forces_black(frames):
    changed = _edit(frames, EYES, 3, opponent_forced_fills=1)
    claim = _claim(claims.single_eye_parity, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "Black fills at most 1" in claim.evidence


def test_single_eye_parity_refuted_when_two_white_eyes_do_not_force_black(frames):
    changed = _edit(frames, EYES, 0, opponent_forced_fills=0)
    claim = _claim(claims.single_eye_parity, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "Two White eyes force Black in 0 of 1" in (
        claim.evidence
    )


def test_single_eye_parity_refuted_when_a_black_eye_does_not_force_white(frames):
    changed = _edit(frames, EYES, 2, opponent_forced_fills=0)
    assert _claim(claims.single_eye_parity, frames, changed).verdict is Verdict.REFUTED


@checks_claim("contraposition.single_eye_parity", "undecided")
def test_single_eye_parity_undecided_without_a_black_single_eye(frames):
    changed = {EYES: frames[EYES].drop(index=2).reset_index(drop=True)}
    claim = _claim(claims.single_eye_parity, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED and "0 Black-owned" in claim.evidence


# --- the centre restriction -----------------------------------------------------------------


@checks_claim("contraposition.centre_restriction_blocks_mirroring", "confirmed")
def test_centre_restriction_blocks_mirroring_confirmed(frames):
    claim = _claim(claims.centre_restriction_blocks_mirroring, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "12?" not in claim.statement + claim.formal  # the unchecked half is not claimed
    assert [r.reading_id for r in claim.readings] == ["needed", "effective"]
    assert all(r.yardstick.startswith("(ours)") for r in claim.readings)
    assert claim.readings[0].figures.endswith(
        "side 5 (random_sample): White wins 1000/1000: 0 White losses"
    )
    assert claim.readings[1].figures.startswith("sides 2..10: a White loss for every one of the")
    assert "every board of sides [2], 1000 random boards of sides [5]" in claim.caveat
    assert "no proof" not in claim.caveat


def _unbeaten(side: int) -> dict[int, tuple[str | None, bool]]:
    """Adapted mirroring that White wins on every board of side 3, opening 0."""
    return {0: (None, True)} if side == 3 else {0: ("WB/BBW/WW", True)}


@checks_claim("contraposition.centre_restriction_blocks_mirroring", "refuted")
def test_centre_restriction_refuted_when_mirroring_loses_and_the_adaptation_wins(
    frames, monkeypatch
):
    monkeypatch.setattr(claims, "adapted_mirror_counters", _unbeaten)
    changed = _edit(frames, MIRROR, 0, white_wins=7)
    claim = _claim(claims.centre_restriction_blocks_mirroring, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "White wins 7/8" in claim.evidence
    assert "White wins every final board on ['side 3 opening 0']" in claim.readings[1].figures


@checks_claim("contraposition.centre_restriction_blocks_mirroring", "depends")
def test_centre_restriction_depends_when_only_the_proof_check_fails(frames):
    changed = _edit(frames, MIRROR, 0, white_wins=7)
    claim = _claim(claims.centre_restriction_blocks_mirroring, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat.startswith("confirmed under: effective; refuted under: needed")
    assert claim.readings[0].recheck.expected == {"boards": 1008, "white_losses": 1}


@checks_claim("contraposition.centre_restriction_blocks_mirroring", "undecided")
def test_centre_restriction_undecided_when_the_search_finds_no_loss(frames, monkeypatch):
    monkeypatch.setattr(claims, "adapted_mirror_counters", lambda side: {0: (None, False)})
    claim = _claim(claims.centre_restriction_blocks_mirroring, frames)
    assert claim.verdict is Verdict.UNDECIDED
    assert "no White loss found within the search" in claim.readings[1].figures


@pytest.mark.parametrize("side", [2, 3, 4, 5, 6])
def test_the_mirror_proof_holds_board_by_board(side):
    """The proof's size lists: White's are Black's with the centre's mirrored groups
    b_1..b_k replaced by one group 1 + sum(b_i), k >= 1; so White wins (sampled boards)."""
    generator = np.random.default_rng(side)
    boards, _ = mirror.mirror_boards(side, 200, generator)
    for board in boards:
        white, black = both_sizes(board)
        extra_black = Counter(black) - Counter(white)
        extra_white = Counter(white) - Counter(black)
        assert sum(extra_white.values()) == 1 and sum(extra_black.values()) >= 1
        (centre_group,) = extra_white
        assert centre_group == 1 + sum(size * n for size, n in extra_black.items())
        assert winner_by_counts(board) is Colour.WHITE


def test_the_adapted_mirror_is_beaten_by_a_board_the_rules_engine_scores():
    board, decided = mirror.adapted_mirror_counter(3, 4)
    assert decided and winner_by_counts(parse_board(board)) is Colour.BLACK
    assert parse_board(board)[centre(3)] == 2  # Black took the centre
    image = mirror.reflection(3)
    assert sorted(image[c] for c in range(19)) == list(range(19)) and image[centre(3)] == 9
    assert len(mirror.mirror_pairs(5)) == 30
    # side 2: the six ring cells are one opening class
    assert mirror.adapted_mirror_counters(2).keys() == {0}


@checks_claim("contraposition.onetwo_needs_no_centre_rule", "confirmed")
def test_onetwo_needs_no_centre_rule_confirmed(frames):
    claim = _claim(claims.onetwo_needs_no_centre_rule, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert sorted(claim.tables) == [FACTS, SOLUTIONS]
    assert claim.evidence == (
        "a breaking turn exists on every side checked (side 2: 0,6); "
        "under the basic protocol (one stone a turn) none"
    )
    assert claim.caveat == (
        "the mirror strategy only; perfect play on the solved boards: side 2: the centre "
        "opening wins for White (0 other winning opening classes)"
    )
    assert claim.recheck.expected == {"sides": 2, "unbroken": 0, "basic_breaks": 0}


@checks_claim("contraposition.onetwo_needs_no_centre_rule", "refuted")
def test_onetwo_needs_no_centre_rule_refuted_without_a_breaking_turn(frames):
    changed = _edit(frames, FACTS, 3, mirror_breaking_turn=None)
    claim = _claim(claims.onetwo_needs_no_centre_rule, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.startswith("no breaking turn on sides [5]")
    assert claim.recheck.expected == {"sides": 2, "unbroken": 1, "basic_breaks": 0}


def test_onetwo_needs_no_centre_rule_reports_a_basic_breaking_turn(frames):
    changed = _edit(frames, FACTS, 0, mirror_breaking_turn="0,6")
    claim = _claim(claims.onetwo_needs_no_centre_rule, frames, changed)
    assert claim.evidence.endswith("under the basic protocol too, on sides [2]")


def test_a_mirror_pair_can_be_taken_in_one_turn_only_under_12():
    assert str(last_stone.mirror_breaking_turn(Rules(3, "onetwo"))) == "0,18"
    assert last_stone.mirror_breaking_turn(Rules(3)) is None


# --- the agents -----------------------------------------------------------------------------


@checks_claim("contraposition.grave_strong", "confirmed")
def test_grave_strong_confirmed_when_grave_is_rated_above_uct_at_every_budget(frames):
    claim = _claim(claims.grave_strong, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith(
        "300 playouts: GRAVE 30.0±2.0, UCT 20.0±2.0, gap 10.0 [7.2, 12.8], head to head GRAVE "
        "2/2 -> confirmed; 3000 playouts:"
    )
    assert "ranking grave3000 > grave300 > uct3000 > uct300" in claim.evidence
    assert "GRAVE won 87/100 (0.870)" in claim.evidence
    assert claim.caveat.startswith(
        "our GRAVE and UCT (not Ludii's AIs), UCT the only other agent, round-robin on side "
        "[5] under ['basic'], 300, 3000 playouts per move"
    )


@checks_claim("contraposition.grave_strong", "refuted")
def test_grave_strong_refuted_when_uct_is_rated_above(frames):
    changed = {RATINGS: frames[RATINGS].assign(mu=[20.0, 30.0, 25.0, 40.0])}
    claim = _claim(claims.grave_strong, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "gap -10.0" in claim.evidence


@checks_claim("contraposition.grave_strong", "depends")
def test_grave_strong_depends_when_the_order_flips_with_strength(frames):
    changed = {RATINGS: frames[RATINGS].assign(mu=[30.0, 20.0, 25.0, 40.0])}
    claim = _claim(claims.grave_strong, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    assert "holds from 3000 playouts per move" in claim.evidence
    assert [(r.reading_id, r.verdict) for r in claim.readings] == [
        ("below_3000", Verdict.CONFIRMED),
        ("from_3000", Verdict.REFUTED),
    ]


@checks_claim("contraposition.grave_strong", "undecided")
def test_grave_strong_undecided_when_the_ratings_overlap(frames):
    changed = {RATINGS: frames[RATINGS].assign(sigma=10.0)}
    assert _claim(claims.grave_strong, frames, changed).verdict is Verdict.UNDECIDED


# --- the whole step -------------------------------------------------------------------------


def test_every_contraposition_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert list(claims.CITATIONS) == list(claims.CLAIM_IDS)
    for claim in built:
        assert claim.citation == claims.CITATIONS[claim.claim_id]
        assert claim.citation.article is not None  # every claim here is the article's
    offset = built[claims.CLAIM_IDS.index("contraposition.basic_first_player_advantage_offset")]
    assert sorted(offset.tables) == sorted([LADDER, RATINGS, CALIBRATION, SOLUTIONS, MIRROR])


def test_every_contraposition_passage_is_in_the_article():
    folder = next((p for p in ARTICLE_DIRS if p.is_dir()), None)
    if folder is None:
        pytest.skip("the article texts (../shared/articles) are not here")
    checks = check_passages(claims.CITATIONS, folder)
    assert [c.claim_id for c in checks if not c.found] == []


def test_claims_step_reads_the_tables_the_rule_declares(tmp_path: Path, frames):
    # The tables come from the files the rule gives, wherever they lie, not from a folder
    # next to ``out``; the claims cite them by their names under results/.
    paths = {name: str(tmp_path / f"in{i}.parquet") for i, name in enumerate(frames)}
    for name, frame in frames.items():
        frame.to_parquet(paths[name])
    out = write_claims(
        str(tmp_path / "out" / "claims.parquet"),
        paths[SOLUTIONS],
        paths[SELFPLAY],
        paths[AUDIT],
        paths[EYES],
        paths[MIRROR],
        paths[FACTS],
        paths[STONE],
        {
            kind: paths[claims.LADDER_TABLES[kind][0]]
            for kind in ("ladder", "calibration", "ratings", "rating_games")
        },
        vendored=True,
    )
    written = pd.read_parquet(out)
    assert list(written["claim_id"]) == list(claims.CLAIM_IDS)
    assert set(written["verdict"]) == {"confirmed"}
    offset = claims.CLAIM_IDS.index("contraposition.basic_first_player_advantage_offset")
    assert sorted(written["tables"].iloc[offset]) == sorted(
        [LADDER, RATINGS, CALIBRATION, SOLUTIONS, MIRROR]
    )


def test_every_claim_on_a_table_has_a_recheck(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames))
    # the final-board example is computed by the rules engine alone: no table to query
    assert [c.claim_id for c in built if not c.rechecks()] == ["contraposition.final_board_example"]
    assert [c.claim_id for c in built if not c.tables] == ["contraposition.final_board_example"]
    # every reading on a table re-derives its figures; "effective" is the rules engine's
    unchecked = [(c.claim_id, r.reading_id) for c in built for r in c.readings if not r.recheck]
    assert unchecked == [
        ("contraposition.final_board_example", "as_stated"),
        ("contraposition.centre_restriction_blocks_mirroring", "effective"),
    ]
    checked = {c.claim_id: c.recheck.expected for c in built if c.recheck is not None}
    assert checked["contraposition.winning_rule_statements_agree"] == {
        "boards": 235,
        "disagree": 0,
    }


def test_the_balance_readings_queries_find_the_top_point_again(frames):
    built = {c.claim_id: c for c in run_builders(claims.BUILDERS, ResultTables(frames=frames))}
    basic = built["contraposition.basic_first_player_advantage_offset"]
    checks = {r.reading_id: r.recheck for r in basic.readings}
    assert checks["balanced_side_5"].expected == {
        "agent": "grave",
        "playouts": 3000,
        "white_wins": 50,
        "games": 100,
    }
    assert checks["not_improved_by_12_side_4"].expected["other_games"] == 100
    assert checks["greatly_mitigated_side_5"].expected["mirror_white_wins"] == 1000
    # one White win more at the top point of side 5: the query no longer agrees
    ladder = frames[LADDER].copy()
    ladder.loc[0, "white_wins"] += 1
    sources = {RATINGS: frames[RATINGS], MIRROR: frames[MIRROR], LADDER: ladder}
    problems = checks["balanced_side_5"].differences(sources)
    assert problems and "white_wins" in problems[0]
    assert checks["balanced_side_4"].differences(sources) == []
    # UCT rated highest at the top budget: the query finds another agent
    ratings = frames[RATINGS].assign(mu=[30.0, 20.0, 25.0, 40.0])
    problems = checks["balanced_side_5"].differences({**sources, RATINGS: ratings})
    assert any("agent" in problem for problem in problems)
    grave = built["contraposition.grave_strong"].recheck
    assert {"grave_mu", "uct_mu", "grave_sigma", "uct_sigma"} <= set(grave.expected[0])


# --- the exact tests the balance verdicts rest on ------------------------------------------


@settings(max_examples=60, deadline=None)
@given(
    st.integers(min_value=0, max_value=60),
    st.data(),
    st.floats(min_value=0.01, max_value=0.99),
    st.booleans(),
)
def test_binomial_tail_is_the_exact_sum_of_its_terms(n, data, p, upper):
    k = data.draw(st.integers(min_value=-1, max_value=n + 1))
    terms = range(max(k, 0), n + 1) if upper else range(0, min(k, n) + 1)
    chance = Fraction(p)
    exact = sum((math.comb(n, i) * chance**i * (1 - chance) ** (n - i) for i in terms), Fraction(0))
    assert binomial_tail(k, n, p, upper) == pytest.approx(float(min(exact, 1)), rel=1e-9)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=1, max_value=400), st.data())
def test_clopper_pearson_bounds_leave_half_the_level_in_each_tail(trials, data):
    wins = data.draw(st.integers(min_value=0, max_value=trials))
    low, high = clopper_pearson(wins, trials)
    assert 0 <= low <= wins / trials <= high <= 1
    if wins > 0:
        assert binomial_tail(wins, trials, low, upper=True) == pytest.approx(ALPHA / 2, rel=1e-6)
    if wins < trials:
        assert binomial_tail(wins, trials, high, upper=False) == pytest.approx(ALPHA / 2, rel=1e-6)
