"""The chopsticks claims, each pushed to every verdict it can take by perturbed tables (or,
for the case analyses, a section with one line left out).

The tables come from the real solver (the article's rule sets, their from_one readings and
every 2-hand rule set with dies_at 4..7), then one start outcome or one position's outcome
is changed where a claim should flip; a rule set is dropped where a claim must become
``undecided``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.chopsticks import citations, claims, line_claims, verdicts
from asobi.chopsticks.chopsticks import Chopsticks, Rules
from asobi.chopsticks.lines import (
    LINES_FILE,
    check_line,
    check_remark,
    load_lines,
    load_remarks,
    remark_positions,
)
from asobi.chopsticks.pipeline import write_claims, write_shard
from asobi.chopsticks.solver import solve
from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.errors import DataError
from asobi.core.sources import check_passages

VARIANTS, POSITIONS = claims.VARIANTS_TABLE, claims.POSITIONS_TABLE
ARTICLE_AND_NEIGHBOURS = {  # the article's 68 rule sets, from_one readings, dies_at 4..7
    "article_rule_sets": True,
    "simple_hands_min": 1,
    "simple_hands_max": 1,
    "simple_dies_min": 2,
    "simple_dies_max": 2,
    "simple_overflows": [],
    "split_dies_min": 4,
    "split_dies_max": 7,
    "from_one": True,
    "shard_positions": 10**8,  # the schema maximum: one shard
}
FUSION_LINES = [i for i in citations.LINE_CLAIM_IDS if "split_fusion" in i]
START = ((1, 1), (1, 1))


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pd.DataFrame]:
    root = tmp_path_factory.mktemp("chopsticks")
    paths = {name: root / f"{name}.parquet" for name in ("v", "p")}
    write_shard(
        shard="part000",
        config=ARTICLE_AND_NEIGHBOURS,
        out_variants=paths["v"],
        out_positions=paths["p"],
    )
    positions = pd.read_parquet(paths["p"], columns=verdicts.POSITION_COLUMNS)
    return {VARIANTS: pd.read_parquet(paths["v"]), POSITIONS: positions}


def _claims(builder, frames: dict[str, pd.DataFrame], changed: dict | None = None) -> dict:
    built = run_builders([builder], ResultTables(frames={**frames, **(changed or {})}))
    return {claim.claim_id: claim for claim in built}


def _claim(builder, frames, changed: dict | None = None):
    (claim,) = _claims(builder, frames, changed).values()
    return claim


def _with_start(frames, outcomes: dict[str, str]) -> dict[str, pd.DataFrame]:
    """The variants table with these start outcomes (variant id -> outcome)."""
    variants = frames[VARIANTS].copy()
    for variant_id, outcome in outcomes.items():
        found = variants.variant_id == variant_id
        assert found.sum() == 1, variant_id
        variants.loc[found, ["start_outcome", "start_plies"]] = [outcome, 9]
    return {VARIANTS: variants}


def _without(frames, name: str, variant_ids: list[str]) -> dict[str, pd.DataFrame]:
    table = frames[name]
    return {name: table[~table.variant_id.isin(variant_ids)].reset_index(drop=True)}


def _with_position(frames, variant_ids: list[str], position, outcome: str):
    """The positions table with one position's outcome changed in these rule sets."""
    table = frames[POSITIONS].copy()
    mover = table.mover.map(tuple) == position[0]
    other = table.other.map(tuple) == position[1]
    found = table.variant_id.isin(variant_ids) & mover & other
    assert found.sum() == len(variant_ids)
    table.loc[found, "outcome"] = outcome
    return {POSITIONS: table}


def checks_claims(claim_ids: list[str], *verdicts: str) -> Callable:
    """``checks_claim`` for each of several claims (a test parametrized over them)."""

    def mark(test):
        for claim_id in claim_ids:
            test = checks_claim(claim_id, *verdicts)(test)
        return test

    return mark


# --- the results ----------------------------------------------------------------------------

SFR = "dies5_cutoff_split_fusion_reaction"


def _reading(claim, reading_id: str) -> Verdict:
    return next(r.verdict for r in claim.readings if r.reading_id == reading_id)


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "confirmed")
def test_split_fusion_reaction_first_wins_confirmed_at_the_section_rule_set(frames):
    claim = _claim(claims.split_fusion_reaction_first_wins, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert [r.reading_id for r in claim.readings] == ["section_rules", "fusion_from_one"]
    assert f"section_rules: {SFR}=first in 5 plies" in claim.evidence
    # the section names split, fusion, re-action: revive, swap and 「6で戦闘不能」 are off,
    # not open; what 「6で戦闘不能」 gives is the caveat, the other options evidence
    assert claim.caveat.startswith("with the article's option 「6で戦闘不能」 on")
    assert "dies6_cutoff_split_fusion_reaction=second in 6 plies" in claim.caveat
    assert "rule sets the article leaves open" not in claim.evidence
    assert "not name, turned on (evidence only): holds in 0/3" in claim.evidence


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "depends")
def test_split_fusion_reaction_depends_when_the_from_one_reading_disagrees(frames):
    changed = _with_start(frames, {f"{SFR}_fromone": "second"})
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat.startswith("confirmed under: section_rules; refuted under: fusion_from_one")


def test_split_fusion_reaction_unnamed_options_and_roll_over_at_5_are_evidence_only(frames):
    changed = _with_start(
        frames,
        {
            "dies5_rollover_split_fusion_reaction": "second",
            "dies5_cutoff_split_fusion_swap_reaction": "first",
        },
    )
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED
    assert "dies5_rollover_split_fusion_reaction=second in 9 plies" in claim.evidence
    assert "turned on (evidence only): holds in 1/3" in claim.evidence


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "refuted")
def test_split_fusion_reaction_first_wins_refuted_when_both_readings_lose(frames):
    changed = _with_start(frames, {SFR: "second", f"{SFR}_fromone": "draw"})
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat is None  # 「6で戦闘不能」 fails too: it agrees with the verdict


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "undecided")
def test_split_fusion_reaction_first_wins_undecided_when_not_solved(frames):
    changed = _without(frames, VARIANTS, [SFR])
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert f"{SFR}=not solved in this run" in claim.evidence
    assert _reading(claim, "fusion_from_one") is Verdict.CONFIRMED


@checks_claim("chopsticks.no_split_second_wins", "confirmed")
def test_no_split_second_wins_confirmed(frames):
    claim = _claim(claims.no_split_second_wins, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert [r.reading_id for r in claim.readings] == ["section_rules"]
    assert claim.evidence.startswith("section_rules: dies5_cutoff=second in 8 plies")
    assert claim.caveat.endswith("it fails: dies6_cutoff=first in 9 plies, dies6_rollover=draw")


@checks_claim("chopsticks.no_split_second_wins", "refuted")
def test_no_split_second_wins_refuted_when_the_start_is_a_first_player_win(frames):
    changed = _with_start(frames, {"dies5_cutoff": "first"})
    claim = _claim(claims.no_split_second_wins, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "dies5_cutoff=first in 9 plies" in claim.evidence
    assert claim.caveat is None  # 「6で戦闘不能」 does not hold either


def test_no_split_caveat_says_where_the_six_option_holds_against_a_refutation(frames):
    changed = _with_start(frames, {"dies5_cutoff": "first", "dies6_rollover": "second"})
    claim = _claim(claims.no_split_second_wins, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat.endswith("it holds: dies6_rollover=second in 9 plies")


@checks_claim("chopsticks.no_split_second_wins", "undecided")
def test_no_split_second_wins_undecided_when_not_solved(frames):
    claim = _claim(
        claims.no_split_second_wins, frames, _without(frames, VARIANTS, ["dies5_cutoff"])
    )
    assert claim.verdict is Verdict.UNDECIDED


SRS = "dies5_cutoff_split_revive_swap"


@checks_claim("chopsticks.split_revive_swap_second_never_loses", "confirmed")
def test_split_revive_swap_second_never_loses_confirmed_without_caveat(frames):
    claim = _claim(claims.split_revive_swap_second_never_loses, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.caveat is None
    assert "not named by the section (evidence only): holds in 2/2" in claim.evidence


def test_split_revive_swap_caveat_names_only_the_six_option(frames):
    changed = _with_start(frames, {"dies6_rollover_split_revive_swap": "first"})
    claim = _claim(claims.split_revive_swap_second_never_loses, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.caveat.endswith("it fails: dies6_rollover_split_revive_swap=first in 9 plies")
    # the options the section does not name and roll-over at 5 are off: no caveat from them
    aside = ["dies5_rollover_split_revive_swap", "dies5_cutoff_split_revive_fusion_swap"]
    changed = _with_start(frames, {name: "first" for name in aside})
    claim = _claim(claims.split_revive_swap_second_never_loses, frames, changed)
    assert claim.caveat is None
    assert "dies5_rollover_split_revive_swap=first in 9 plies" in claim.evidence


@checks_claim("chopsticks.split_revive_swap_second_never_loses", "refuted")
def test_split_revive_swap_second_never_loses_refuted_when_the_first_player_wins(frames):
    changed = _with_start(frames, {SRS: "first"})
    claim = _claim(claims.split_revive_swap_second_never_loses, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "it holds: dies6_cutoff_split_revive_swap" in claim.caveat


@checks_claim("chopsticks.split_revive_swap_first_can_prolong", "confirmed")
def test_split_revive_swap_first_can_prolong_confirmed_by_a_draw(frames):
    claim = _claim(claims.split_revive_swap_first_can_prolong, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith(f"section_rules: {SRS}=draw")
    assert claim.caveat.endswith("it fails: dies6_cutoff_split_revive_swap=second in 30 plies")


@checks_claim("chopsticks.split_revive_swap_first_can_prolong", "refuted")
def test_split_revive_swap_first_can_prolong_refuted_when_the_second_player_wins(frames):
    changed = _with_start(frames, {SRS: "second"})
    claim = _claim(claims.split_revive_swap_first_can_prolong, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat.endswith("it holds: dies6_rollover_split_revive_swap=draw")


SPLIT_OPEN = [r.variant_id for r in claims.open_rule_sets({"split": True})]


@checks_claim("chopsticks.split_some_rules_favour_second", "confirmed")
def test_split_some_rules_favour_second_confirmed(frames):
    claim = _claim(claims.split_some_rules_favour_second, frames)
    assert len(SPLIT_OPEN) == 48
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("second-player wins in 29 of 48 solved split rule sets")
    assert "at its base rule (dies_at 5 cut-off) 10 of 16" in claim.evidence


@checks_claim("chopsticks.split_some_rules_favour_second", "refuted")
def test_split_some_rules_favour_second_refuted_when_no_open_rule_set_is_a_second_win(frames):
    # the roll-over rule sets at dies_at 5 keep their second-player wins: they do not count
    changed = _with_start(frames, {variant: "draw" for variant in SPLIT_OPEN})
    claim = _claim(claims.split_some_rules_favour_second, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "roll-over at dies_at 5 (set aside, evidence only): 6 of 16" in claim.evidence


@checks_claim("chopsticks.split_some_rules_favour_second", "undecided")
def test_split_some_rules_favour_second_undecided_when_none_found_and_some_not_solved(frames):
    changed = _with_start(frames, {variant: "draw" for variant in SPLIT_OPEN})
    variants = changed[VARIANTS]
    changed = {VARIANTS: variants[variants.variant_id != SFR].reset_index(drop=True)}
    claim = _claim(claims.split_some_rules_favour_second, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert "(1 not solved)" in claim.evidence


SEALED = "dies5_cutoff_split_fusion"


@checks_claim("chopsticks.sealing_reaction_removes_first_win", "depends")
def test_sealing_reaction_removes_the_first_win_but_the_second_player_then_wins(frames):
    claim = _claim(claims.sealing_reaction_removes_first_win, frames)
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == "confirmed under: first_win_gone; refuted under: no_forced_win"
    assert claim.readings[1].yardstick.startswith("(ours")
    assert claim.evidence.startswith(f"re-action sealed: {SEALED}=second in 10 plies")
    assert f"{SFR}=first in 5 plies" in claim.evidence


@checks_claim("chopsticks.sealing_reaction_removes_first_win", "confirmed")
def test_sealing_reaction_confirmed_when_the_sealed_start_is_a_draw(frames):
    changed = _with_start(frames, {SEALED: "draw"})
    claim = _claim(claims.sealing_reaction_removes_first_win, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED


@checks_claim("chopsticks.sealing_reaction_removes_first_win", "refuted")
def test_sealing_reaction_refuted_when_the_first_player_still_wins(frames):
    changed = _with_start(frames, {SEALED: "first"})
    claim = _claim(claims.sealing_reaction_removes_first_win, frames, changed)
    assert claim.verdict is Verdict.REFUTED


@checks_claim("chopsticks.sealing_reaction_removes_first_win", "undecided")
def test_sealing_reaction_undecided_when_not_solved(frames):
    changed = _without(frames, VARIANTS, [SEALED])
    claim = _claim(claims.sealing_reaction_removes_first_win, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert f"{SEALED}: not solved in this run" in claim.evidence


# --- the printed lines ----------------------------------------------------------------------


def _line_rules(claim_id: str) -> Rules:
    line = next(x for x in load_lines() if f"chopsticks.line_{x['id']}" == claim_id)
    return Rules(**line["rules"])


@checks_claims(list(citations.LINE_CLAIM_IDS), "confirmed")
@pytest.mark.parametrize("claim_id", citations.LINE_CLAIM_IDS)
def test_line_confirmed(frames, claim_id):
    claim = _claims(claims.printed_lines, frames)[claim_id]
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence
    assert "(the article's rules): " in claim.evidence and "legal turns; the" in claim.evidence


@checks_claims(list(citations.LINE_CLAIM_IDS), "refuted")
@pytest.mark.parametrize("claim_id", citations.LINE_CLAIM_IDS)
def test_line_refuted_when_the_start_is_a_draw(frames, claim_id):
    rules = _line_rules(claim_id)
    readings = [rules, *([replace(rules, from_one=True)] if rules.fusion else [])]
    changed = _with_position(frames, [r.variant_id for r in readings], START, "draw")
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.REFUTED
    assert "step 1: opponent to move at 1,1 1,1 is draw" in claim.evidence


@checks_claims(FUSION_LINES, "depends")
@pytest.mark.parametrize("claim_id", FUSION_LINES)
def test_line_depends_when_only_the_from_one_reading_fails(frames, claim_id):
    variant_id = _line_rules(claim_id).variant_id + "_fromone"
    changed = _with_position(frames, [variant_id], START, "second")
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == "confirmed under: section_rules; refuted under: fusion_from_one"
    assert f"{variant_id} (fusion_from_one): fails: step 1" in claim.evidence


@checks_claims(list(citations.LINE_CLAIM_IDS), "undecided")
@pytest.mark.parametrize("claim_id", citations.LINE_CLAIM_IDS)
def test_line_undecided_when_the_article_rule_set_was_not_solved(frames, claim_id):
    variant_id = _line_rules(claim_id).variant_id
    changed = _without(frames, POSITIONS, [variant_id])
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.UNDECIDED
    assert f"{variant_id} (the article's rules): not solved in this run" in claim.evidence


# --- the side remarks and the case analyses -------------------------------------------------

REMARKS = {f"chopsticks.remark_{r['id']}": r for r in load_remarks()}


def _with_plies(frames, variant_id: str, position, outcome: str, plies) -> dict:
    """The positions table with one position's outcome and plies changed."""
    table = frames[POSITIONS].copy()
    found = (
        (table.variant_id == variant_id)
        & (table.mover.map(tuple) == position[0])
        & (table.other.map(tuple) == position[1])
    )
    assert found.sum() == 1
    table.loc[found, ["outcome", "plies"]] = [outcome, plies]
    return {POSITIONS: table}


@checks_claims(list(citations.REMARK_CLAIM_IDS), "confirmed")
@pytest.mark.parametrize("claim_id", citations.REMARK_CLAIM_IDS)
def test_remark_confirmed(frames, claim_id):
    claim = _claims(claims.side_remarks, frames)[claim_id]
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence
    assert ":first1 -> 0,0 " in claim.evidence


@checks_claims(list(citations.REMARK_CLAIM_IDS), "refuted")
@pytest.mark.parametrize("claim_id", citations.REMARK_CLAIM_IDS)
def test_remark_refuted_when_the_winner_does_not_win_at_once(frames, claim_id):
    remark = REMARKS[claim_id]
    _, instead, _ = remark_positions(remark["branches"][-1], remark["winner"])
    rules = Rules(**remark["rules"])
    changed = _with_plies(frames, rules.variant_id, instead, "first", 3)
    if rules.fusion:  # the from_one reading of 融合 must fail too
        free = replace(rules, from_one=True).variant_id
        changed = _with_plies({**frames, **changed}, free, instead, "first", 3)
    claim = _claims(claims.side_remarks, frames, changed)[claim_id]
    assert claim.verdict is Verdict.REFUTED
    assert f"{instead}:first3 -> " in claim.evidence and "does not win at once" in claim.evidence


def test_a_doctored_remark_is_caught():
    remark = copy.deepcopy(load_remarks()[1])
    remark["branches"][0]["reply"] = "0 0 / 4 1"  # the author's hands cannot change
    holds, evidence = check_remark(remark, outcomes_of(Rules()))
    assert not holds and "no legal move of the author ends the game" in evidence


SFR_CASES, NO_SPLIT_CASES = (proof[0] for proof in citations.PROOFS)


def _cases(claim_id: str, frames, changed=None, drop: str | None = None):
    _, prefix, remark_id, _ = next(p for p in citations.PROOFS if p[0] == claim_id)
    lines = [x for x in load_lines() if x["id"].startswith(prefix) and x["id"] != drop]
    remarks = [x for x in load_remarks() if x["id"] == remark_id]
    tables = ResultTables(frames={**frames, **(changed or {})})
    return line_claims.cases_complete(tables, claim_id, lines, remarks)


@checks_claim(SFR_CASES, "depends")
def test_split_fusion_reaction_proof_has_a_gap_its_conclusion_holds(frames):
    claim = _cases(SFR_CASES, frames)
    assert claim.verdict is Verdict.DEPENDS
    assert _reading(claim, "case_split_complete") is Verdict.REFUTED
    assert _reading(claim, "conclusion_holds") is Verdict.CONFIRMED
    assert claim.readings[0].yardstick.startswith("(ours")
    assert "2 replies not printed" in claim.evidence
    assert "left open: 1,2 1,1 =0,3 -> 1,1 0,3:first3" in claim.evidence
    assert claim.caveat.endswith(
        "the proof has a gap (it leaves out 1,2 1,1 =0,3 -> 1,1 0,3:first3); its conclusion "
        "holds; under the from_one reading of 融合 its cases are complete"
    )
    # under the from_one reading the opponent's 1,1 may fuse: =0,3 then loses at once
    assert _reading(claim, "case_split_complete_from_one") is Verdict.CONFIRMED
    assert "1,2 1,1 =0,3 -> 1,1 0,3:first1" in claim.readings[2].figures


@checks_claim(SFR_CASES, "confirmed")
def test_split_fusion_reaction_cases_complete_when_the_fusion_lost_at_once(frames):
    changed = _with_plies(frames, SFR, ((1, 1), (0, 3)), "first", 1)
    claim = _cases(SFR_CASES, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED
    assert "2 of them let the opponent win at once" in claim.evidence


@checks_claim(SFR_CASES, "refuted")
def test_split_fusion_reaction_proof_refuted_when_its_conclusion_fails_too(frames):
    changed = _with_plies(frames, SFR, START, "second", 6)
    claim = _cases(SFR_CASES, frames, changed)
    assert claim.verdict is Verdict.DEPENDS  # the from_one readings still hold
    free = f"{SFR}_fromone"
    changed = _with_plies({**frames, **changed}, free, START, "second", 6)
    changed = _with_plies({**frames, **changed}, free, ((1, 1), (0, 3)), "first", 3)
    claim = _cases(SFR_CASES, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat == "the proof has a gap and its conclusion fails"


@checks_claim(NO_SPLIT_CASES, "confirmed")
def test_no_split_cases_complete(frames):
    claim = _cases(NO_SPLIT_CASES, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "11 positions where" in claim.evidence and "2 of them let the author" in claim.evidence
    assert "conclusion: dies5_cutoff: the start 1,1 1,1:second8" in claim.evidence


@checks_claim(NO_SPLIT_CASES, "depends")
def test_no_split_cases_incomplete_without_case_4_2(frames):
    claim = _cases(NO_SPLIT_CASES, frames, drop="no_split_line4_2")
    assert claim.verdict is Verdict.DEPENDS
    assert _reading(claim, "case_split_complete") is Verdict.REFUTED
    assert "left open: 2,3 2,2 3>2 -> 0,2 2,3:first3" in claim.evidence


@checks_claim(NO_SPLIT_CASES, "refuted")
def test_no_split_proof_refuted_when_its_conclusion_fails_too(frames):
    changed = _with_plies(frames, "dies5_cutoff", START, "first", 9)
    claim = _cases(NO_SPLIT_CASES, frames, changed, drop="no_split_line4_2")
    assert claim.verdict is Verdict.REFUTED


@checks_claim(NO_SPLIT_CASES, "undecided")
def test_no_split_cases_undecided_when_not_solved(frames):
    claim = _cases(NO_SPLIT_CASES, frames, _without(frames, POSITIONS, ["dies5_cutoff"]))
    assert claim.verdict is Verdict.UNDECIDED


# --- the endless-game argument --------------------------------------------------------------


@checks_claim("chopsticks.endless_game_argument_positions", "confirmed")
def test_endless_game_argument_positions_confirmed(frames):
    claim = _claim(claims.endless_game_argument_positions, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "4,4 1,1:first3" in claim.evidence
    assert "dies6_cutoff_split_revive_swap (evidence only): holds" in claim.evidence


@checks_claim("chopsticks.endless_game_argument_positions", "refuted")
def test_endless_game_argument_positions_refuted_when_the_last_is_not_a_win(frames):
    changed = _with_position(frames, [SRS], ((4, 4), (1, 1)), "draw")
    claim = _claim(claims.endless_game_argument_positions, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "4,4 1,1:draw3" in claim.evidence


@checks_claim("chopsticks.endless_game_argument_positions", "undecided")
def test_endless_game_argument_positions_undecided_when_not_solved(frames):
    changed = _without(frames, POSITIONS, [SRS])
    claim = _claim(claims.endless_game_argument_positions, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED


# --- the public statements ------------------------------------------------------------------

ROLLOVER_READINGS = [
    "dies5_rollover_split_revive",
    "dies5_rollover_split_revive_swap",
    "dies5_cutoff_split_revive",
    "dies5_cutoff_split_revive_swap",
]


@checks_claim("chopsticks.public_cutoff_first_wins", "refuted")
def test_public_cutoff_first_wins_refuted_by_a_draw(frames):
    claim = _claim(claims.public_cutoff_first_wins, frames)
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.startswith("page_rules_cutoff: dies5_cutoff_split_revive=draw")
    assert "dies5_cutoff_split_revive_fusion_fromone=second in 26 plies" in claim.evidence
    assert "dies4_cutoff_split_revive=first in 17 plies" in claim.evidence
    assert "w.owiki.org" in claim.source and "revision id" in claim.source


@checks_claim("chopsticks.public_cutoff_first_wins", "confirmed")
def test_public_cutoff_first_wins_confirmed_when_the_start_is_a_first_player_win(frames):
    changed = _with_start(frames, {"dies5_cutoff_split_revive": "first"})
    assert _claim(claims.public_cutoff_first_wins, frames, changed).verdict is Verdict.CONFIRMED


@checks_claim("chopsticks.public_cutoff_first_wins", "undecided")
def test_public_cutoff_first_wins_undecided_when_not_solved(frames):
    changed = _without(frames, VARIANTS, ["dies5_cutoff_split_revive"])
    claim = _claim(claims.public_cutoff_first_wins, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert "dies5_cutoff_split_revive=not solved in this run" in claim.evidence


@checks_claim("chopsticks.public_rollover_endless", "confirmed")
def test_public_rollover_endless_confirmed_under_every_reading(frames):
    claim = _claim(claims.public_rollover_endless, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert [r.reading_id for r in claim.readings] == [
        "rollover",
        "rollover_reversal",
        "cutoff",
        "cutoff_reversal",
    ]
    assert "oldid=1050340146" in claim.source


@checks_claim("chopsticks.public_rollover_endless", "depends")
def test_public_rollover_endless_depends_when_one_reading_is_decided(frames):
    changed = _with_start(frames, {"dies5_cutoff_split_revive_swap": "second"})
    claim = _claim(claims.public_rollover_endless, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == (
        "confirmed under: rollover, rollover_reversal, cutoff; refuted under: cutoff_reversal"
    )


@checks_claim("chopsticks.public_rollover_endless", "refuted")
def test_public_rollover_endless_refuted_when_every_reading_is_decided(frames):
    changed = _with_start(frames, {variant: "second" for variant in ROLLOVER_READINGS})
    assert _claim(claims.public_rollover_endless, frames, changed).verdict is Verdict.REFUTED


# --- citations and the whole step -----------------------------------------------------------

#: The article texts (``../shared/articles`` from the checkout, looked up further up from a
#: worktree); the test that needs them is skipped without them.
ARTICLES_DIR = next(
    (
        p / "shared" / "articles"
        for p in Path(__file__).resolve().parents[1:4]
        if (p / "shared" / "articles").is_dir()
    ),
    Path("../shared/articles"),
)


def test_every_claim_has_its_citation_and_is_built_from_it(frames):
    assert list(claims.CITATIONS) == list(claims.CLAIM_IDS)
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    for claim in built:
        assert claim.citation == claims.CITATIONS[claim.claim_id], claim.claim_id
        article = claim.citation.article
        assert (article is not None) == (not claim.claim_id.startswith("chopsticks.public_"))


@pytest.mark.skipif(not ARTICLES_DIR.is_dir(), reason="the article texts are not next to the repo")
def test_every_article_passage_is_in_the_article_and_each_line_is_located_once():
    checks = check_passages(claims.CITATIONS, ARTICLES_DIR)
    assert [c.claim_id for c in checks if c.found is False] == []
    text = (ARTICLES_DIR / "chopsticks_are-no-kekkan.txt").read_text(encoding="utf-8")
    for claim_id in citations.LINE_CLAIM_IDS:
        assert text.count(claims.CITATIONS[claim_id].passage) == 1, claim_id


def test_every_chopsticks_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert {c.verdict for c in built} == {Verdict.CONFIRMED, Verdict.REFUTED, Verdict.DEPENDS}


def test_every_chopsticks_claim_has_a_recheck_query_that_a_changed_table_contradicts(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    by_id = {claim.claim_id: claim for claim in built}
    assert all(claim.recheck is not None for claim in built)
    own = by_id["chopsticks.no_split_second_wins"].recheck
    assert own.expected[0] == {
        "variant_id": "dies5_cutoff",
        "start_outcome": "second",
        "start_plies": 8,
    }
    changed = {**frames, **_with_start(frames, {"dies6_cutoff": "second"})}
    assert own.differences(changed) == [
        'row 2, figure \'start_outcome\': the query gives "second", the claim states "first"',
    ]
    line = by_id["chopsticks.line_no_split_line1"].recheck
    assert line.expected[0] == {"position": "1,1 1,1", "outcome": "second", "plies": 8}
    # the second position of the line made a first-player win in 9: it is now listed first
    changed = {**frames, **_with_plies(frames, "dies5_cutoff", ((1, 2), (1, 1)), "first", 9)}
    wrong = line.differences(changed)
    assert 'row 1, figure \'position\': the query gives "1,2 1,1", the claim states "1,1 1,1"' in (
        wrong
    )


def test_claims_step_reads_the_tables_the_rule_declares(tmp_path: Path, frames):
    # The tables come from the files the rule gives, not from a folder next to ``out``; the
    # claims still cite them by their names under results/.
    paths = {name: tmp_path / f"input{i}.parquet" for i, name in enumerate(frames)}
    for name, frame in frames.items():
        frame.to_parquet(paths[name])
    step = {"variants": paths[VARIANTS], "positions": paths[POSITIONS], "lines": LINES_FILE}
    out = write_claims(out=tmp_path / "out" / "claims.parquet", **step)
    written = pd.read_parquet(out)
    assert list(written["claim_id"]) == list(claims.CLAIM_IDS)
    assert [list(t) for t in written["tables"]][:7] == [[VARIANTS]] * 6 + [[POSITIONS]]
    assert written["passage"].str.len().gt(0).all() and written["conditions"].str.len().gt(0).all()
    with pytest.raises(DataError, match=r"input0.parquet is not a chopsticks/positions table"):
        write_claims(out=tmp_path / "claims.parquet", **{**step, "positions": paths[VARIANTS]})


# --- the solver on the article's settings and its printed lines -----------------------------


def start_outcome(**switches: bool) -> str:
    rules = Rules(**switches)  # type: ignore[arg-type]
    solution = solve(rules)
    return solution.outcome(solution.index(Chopsticks(rules).start)).value


def outcomes_of(rules: Rules) -> dict:
    solution = solve(rules)
    return {
        solution.position(int(p)): (solution.outcome(int(p)).value, solution.distance(int(p)))
        for p in solution.reachable
    }


def test_solver_split_fusion_reaction_start_is_a_first_player_win_in_5():
    rules = Rules(split=True, fusion=True, reaction=True)
    assert start_outcome(split=True, fusion=True, reaction=True) == "first"
    assert solve(rules).distance(solve(rules).start) == 5


def test_solver_no_split_start_is_a_second_player_win():
    assert start_outcome() == "second"


def test_solver_split_revive_swap_start_is_not_lost_by_the_second_player():
    assert start_outcome(split=True, revive=True, swap=True) in {"second", "draw"}


@pytest.mark.parametrize("line", load_lines(), ids=lambda line: line["id"])
def test_article_line_of_play(line):
    holds, evidence = check_line(line, outcomes_of(Rules(**line["rules"])))
    assert holds, evidence


def test_a_doctored_line_is_caught():
    line = copy.deepcopy(load_lines()[0])
    line["steps"][2] = "3 1 / 2 1"  # the author attacks with 2 instead of 1: still legal
    holds, evidence = check_line(line, outcomes_of(Rules(**line["rules"])))
    assert not holds and "no legal move" in evidence
    line = copy.deepcopy(load_lines()[2])
    line["steps"] = line["steps"][:4] + ["3 1 / 4 1"]  # legal, but the author's 1 hits the 2
    holds, evidence = check_line(line, outcomes_of(Rules()))
    assert not holds and "does not win" in evidence, evidence
