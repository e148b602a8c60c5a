"""The Contraposition claims, each pushed to every verdict it can take by small tables.

The tables are hand-made, shaped like the real ones (the tiny workflow run in
``test_contraposition_pipeline.py`` builds the claims from real tables); one value is
changed where a claim should flip.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.contraposition import claims
from asobi.contraposition.pipeline import write_claims
from asobi.core.claims import ResultTables, Verdict, run_builders

AUDIT, SELFPLAY, SOLUTIONS = claims.AUDIT_TABLE, claims.SELFPLAY_TABLE, claims.SOLUTIONS_TABLE
EYES, MIRROR = claims.EYES_TABLE, claims.MIRROR_TABLE


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
        "nodes": 51,
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


# --- balance --------------------------------------------------------------------------------


@checks_claim("contraposition.basic_first_player_advantage_offset", "confirmed")
def test_basic_first_player_advantage_offset_confirmed_by_even_same_agent_games(frames):
    claim = _claim(claims.basic_first_player_advantage_offset, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("pooled White 200/400 [0.45, 0.55]")
    assert "Exact: side 2: black wins (51 nodes)" in claim.evidence
    assert claim.caveat == (
        "self-play of uct300 on sides [4], not perfect play; with perfect play the solved "
        "boards are won (side 2: black)"
    )


@checks_claim("contraposition.basic_first_player_advantage_offset", "refuted")
def test_basic_first_player_advantage_offset_refuted_when_white_wins_most(frames):
    changed = _edit(frames, SELFPLAY, 0, white_wins=300)
    claim = _claim(claims.basic_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.REFUTED and claim.caveat is None


@checks_claim("contraposition.basic_first_player_advantage_offset", "undecided")
def test_basic_first_player_advantage_offset_undecided_with_few_games(frames):
    changed = _edit(frames, SELFPLAY, 0, games=4, white_wins=2)
    claim = _claim(claims.basic_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "confirmed")
def test_onetwo_first_player_advantage_offset_confirmed(frames):
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "winning first stones [3]" in claim.evidence
    assert claim.caveat.endswith("(side 2: white)")


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "refuted")
def test_onetwo_first_player_advantage_offset_refuted_when_black_wins_most(frames):
    changed = _edit(frames, SELFPLAY, 1, white_wins=100)
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.REFUTED


@checks_claim("contraposition.onetwo_first_player_advantage_offset", "undecided")
def test_onetwo_first_player_advantage_offset_undecided_without_same_agent_games(frames):
    changed = {SELFPLAY: frames[SELFPLAY].drop(index=1).reset_index(drop=True)}
    claim = _claim(claims.onetwo_first_player_advantage_offset, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED and "no same-agent games" in claim.evidence


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
    assert "Under 12? (not judged) the single eye is forced in 1 of 1 cases" in claim.evidence


@checks_claim("contraposition.single_eye_parity", "refuted")
def test_single_eye_parity_refuted_when_a_white_eye_forces_black(frames):
    changed = _edit(frames, EYES, 3, opponent_forced_fills=1)
    claim = _claim(claims.single_eye_parity, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "Black fills at most 1" in claim.evidence


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
    assert claim.caveat.startswith("exhaustive only on sides [2]; sides [5]: 1000 random")


@checks_claim("contraposition.centre_restriction_blocks_mirroring", "refuted")
def test_centre_restriction_blocks_mirroring_refuted_by_a_mirror_board_white_loses(frames):
    changed = _edit(frames, MIRROR, 0, white_wins=7)
    claim = _claim(claims.centre_restriction_blocks_mirroring, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "White wins 7/8" in claim.evidence


# --- the agents -----------------------------------------------------------------------------


@checks_claim("contraposition.grave_strong", "confirmed")
def test_grave_strong_confirmed_when_grave_beats_uct(frames):
    claim = _claim(claims.grave_strong, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("GRAVE won 87/100")
    assert claim.caveat == "against UCT only, agents grave300, uct300, sides [4]"


@checks_claim("contraposition.grave_strong", "refuted")
def test_grave_strong_refuted_when_uct_wins_most(frames):
    changed = _edit(frames, SELFPLAY, 2, white_wins=5)
    changed = _edit({**frames, **changed}, SELFPLAY, 3, white_wins=45)
    claim = _claim(claims.grave_strong, frames, changed)
    assert claim.verdict is Verdict.REFUTED and "GRAVE won 10/100" in claim.evidence


@checks_claim("contraposition.grave_strong", "undecided")
def test_grave_strong_undecided_without_grave_uct_games(frames):
    changed = {SELFPLAY: frames[SELFPLAY].iloc[:2]}
    assert _claim(claims.grave_strong, frames, changed).verdict is Verdict.UNDECIDED


# --- the whole step -------------------------------------------------------------------------


def test_every_contraposition_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    balance = built[3]
    assert sorted(balance.tables) == [SELFPLAY, SOLUTIONS]


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
    )
    written = pd.read_parquet(out)
    assert list(written["claim_id"]) == list(claims.CLAIM_IDS)
    assert set(written["verdict"]) == {"confirmed"}
    assert sorted(written["tables"].iloc[3]) == [SELFPLAY, SOLUTIONS]
