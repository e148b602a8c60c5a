"""The chopsticks claims, each pushed to every verdict it can take by perturbed tables.

The tables come from the real solver (the article's rule sets, their from_one readings and
every 2-hand rule set with dies_at 4..7), then one start outcome or one position's outcome
is changed where a claim should flip; a rule set is dropped where a claim must become
``undecided``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from pathlib import Path

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.chopsticks import claims
from asobi.chopsticks.chopsticks import Chopsticks, Rules
from asobi.chopsticks.lines import LINES_FILE, check_line, load_lines
from asobi.chopsticks.pipeline import write_claims, write_shard
from asobi.chopsticks.solver import solve
from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.errors import DataError

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
FUSION_LINES = [i for i in claims.LINE_CLAIM_IDS if "split_fusion" in i]
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
    positions = pd.read_parquet(paths["p"], columns=claims.POSITION_COLUMNS)
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


# --- the three results ----------------------------------------------------------------------

SFR = "dies5_cutoff_split_fusion_reaction"


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "confirmed")
def test_split_fusion_reaction_first_wins_confirmed_under_both_readings(frames):
    claim = _claim(claims.split_fusion_reaction_first_wins, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert f"{SFR}=first in 5 plies" in claim.evidence
    assert f"{SFR}_fromone=first in 5 plies" in claim.evidence
    # dies_at 6, revive or swap break it: 6 of the 32 open-option rule sets keep it
    assert claim.caveat.startswith("fails in 26 of 32 rule sets with the open options")
    assert "dies6_cutoff_split_fusion_reaction=second in 6 plies" in claim.evidence
    assert "neighbouring dies_at 4/7 (evidence only): holds in" in claim.evidence


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "depends")
def test_split_fusion_reaction_first_wins_depends_when_only_from_one_fails(frames):
    changed = _with_start(frames, {f"{SFR}_fromone": "second"})
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.DEPENDS
    assert "holds under: article; fails under: from_one" in claim.evidence


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "refuted")
def test_split_fusion_reaction_first_wins_refuted_when_both_readings_lose(frames):
    changed = _with_start(frames, {SFR: "second", f"{SFR}_fromone": "draw"})
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat.startswith("holds in 4 of 32 rule sets")


@checks_claim("chopsticks.split_fusion_reaction_first_wins", "undecided")
def test_split_fusion_reaction_first_wins_undecided_without_the_from_one_reading(frames):
    changed = _without(frames, VARIANTS, [f"{SFR}_fromone"])
    claim = _claim(claims.split_fusion_reaction_first_wins, frames, changed)
    assert claim.verdict is Verdict.UNDECIDED
    assert f"{SFR}_fromone=not solved in this run" in claim.evidence
    assert "1 of the 32 open-option rule sets not solved" in claim.caveat


@checks_claim("chopsticks.no_split_second_wins", "confirmed")
def test_no_split_second_wins_confirmed(frames):
    claim = _claim(claims.no_split_second_wins, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("article reading: dies5_cutoff=second in 8 plies")
    assert claim.caveat.startswith("fails in 3 of 4")
    assert "dies6_cutoff=first in 9 plies" in claim.evidence


@checks_claim("chopsticks.no_split_second_wins", "refuted")
def test_no_split_second_wins_refuted_when_the_start_is_a_first_player_win(frames):
    changed = _with_start(frames, {"dies5_cutoff": "first"})
    claim = _claim(claims.no_split_second_wins, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert "dies5_cutoff=first in 9 plies" in claim.evidence
    assert claim.caveat is None  # no open-option rule set holds any more


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
    assert "open options, dies_at 5/6: holds in 24/24" in claim.evidence


def test_split_revive_swap_second_never_loses_caveat_names_a_breaking_open_option(frames):
    broken = "dies6_rollover_split_revive_fusion_swap_fromone"
    changed = _with_start(frames, {broken: "first"})
    claim = _claim(claims.split_revive_swap_second_never_loses, frames, changed)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.caveat.startswith("fails in 1 of 24 rule sets with the open options")
    assert f"{broken}=first in 9 plies" in claim.evidence


@checks_claim("chopsticks.split_revive_swap_second_never_loses", "refuted")
def test_split_revive_swap_second_never_loses_refuted_when_the_first_player_wins(frames):
    changed = _with_start(frames, {SRS: "first"})
    claim = _claim(claims.split_revive_swap_second_never_loses, frames, changed)
    assert claim.verdict is Verdict.REFUTED
    assert claim.caveat.startswith("holds in 23 of 24")


# --- the printed lines ----------------------------------------------------------------------


def _line_rules(claim_id: str) -> Rules:
    line = next(x for x in load_lines() if f"chopsticks.line_{x['id']}" == claim_id)
    return Rules(**line["rules"])


@checks_claims(list(claims.LINE_CLAIM_IDS), "confirmed")
@pytest.mark.parametrize("claim_id", claims.LINE_CLAIM_IDS)
def test_line_confirmed(frames, claim_id):
    claim = _claims(claims.printed_lines, frames)[claim_id]
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence
    assert "legal turns; the" in claim.evidence


@checks_claims(list(claims.LINE_CLAIM_IDS), "refuted")
@pytest.mark.parametrize("claim_id", claims.LINE_CLAIM_IDS)
def test_line_refuted_when_the_start_is_a_draw_under_every_reading(frames, claim_id):
    rules = _line_rules(claim_id)
    readings = [r.variant_id for r in claims.split_readings(rules).values()]
    changed = _with_position(frames, readings, START, "draw")
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.REFUTED
    assert "step 1: opponent to move at 1,1 1,1 is draw" in claim.evidence


@checks_claims(FUSION_LINES, "depends")
@pytest.mark.parametrize("claim_id", FUSION_LINES)
def test_line_depends_when_only_the_from_one_reading_breaks_it(frames, claim_id):
    variant_id = _line_rules(claim_id).variant_id + "_fromone"
    changed = _with_position(frames, [variant_id], START, "second")
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.DEPENDS
    assert f"{variant_id} (from_one reading): fails: step 1" in claim.evidence


@checks_claims(FUSION_LINES, "undecided")
@pytest.mark.parametrize("claim_id", FUSION_LINES)
def test_line_undecided_when_the_from_one_reading_was_not_solved(frames, claim_id):
    variant_id = _line_rules(claim_id).variant_id + "_fromone"
    changed = _without(frames, POSITIONS, [variant_id])
    claim = _claims(claims.printed_lines, frames, changed)[claim_id]
    assert claim.verdict is Verdict.UNDECIDED
    assert f"{variant_id} (from_one reading): not solved in this run" in claim.evidence


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


@checks_claim("chopsticks.public_cutoff_first_wins", "refuted")
def test_public_cutoff_first_wins_refuted_by_a_draw(frames):
    claim = _claim(claims.public_cutoff_first_wins, frames)
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.startswith("dies5_cutoff_split_revive=draw")
    assert "dies5_cutoff_split_revive_fusion_swap_fromone=draw" in claim.evidence
    assert "dies4_cutoff_split_revive=first in 17 plies" in claim.evidence


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
def test_public_rollover_endless_confirmed(frames):
    assert _claim(claims.public_rollover_endless, frames).verdict is Verdict.CONFIRMED


@checks_claim("chopsticks.public_rollover_endless", "refuted")
def test_public_rollover_endless_refuted_when_the_start_is_decided(frames):
    changed = _with_start(frames, {"dies5_rollover_split_revive": "second"})
    assert _claim(claims.public_rollover_endless, frames, changed).verdict is Verdict.REFUTED


# --- the whole step -------------------------------------------------------------------------


def test_every_chopsticks_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert {c.verdict for c in built} == {Verdict.CONFIRMED, Verdict.REFUTED}


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
    assert [list(t) for t in written["tables"]][:4] == [[VARIANTS]] * 3 + [[POSITIONS]]
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
