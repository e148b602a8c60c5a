"""The article's claims and lines of play, checked on freshly solved tables."""

from __future__ import annotations

import copy

import pandas as pd
import pytest

from asobi.chopsticks.chopsticks import Chopsticks, Rules
from asobi.chopsticks.claims import OUTCOME_CLAIMS, all_claims, outcome_claim
from asobi.chopsticks.lines import check_line, load_lines
from asobi.chopsticks.pipeline import write_merged, write_shard
from asobi.chopsticks.solver import solve
from asobi.core.errors import DataError

ARTICLE_ONLY = {  # the article's 68 rule sets and the from_one reading of their fusion ones
    "simple_hands_max": 1,
    "simple_dies_max": 2,
    "simple_overflows": [],
    "split_dies_min": 3,
    "split_dies_max": 2,
    "shard_positions": 10**9,
}


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


def test_split_fusion_reaction_first_wins():
    assert start_outcome(split=True, fusion=True, reaction=True) == "first"
    assert (
        solve(Rules(split=True, fusion=True, reaction=True)).distance(
            solve(Rules(split=True, fusion=True, reaction=True)).start
        )
        == 5
    )


def test_no_split_second_wins():
    assert start_outcome() == "second"


def test_split_revive_swap_second_never_loses():
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


def test_claims_need_every_article_rule_set(tmp_path):
    config = {**ARTICLE_ONLY, "shard_positions": 10_000}  # 8 rule sets per shard
    paths = {name: tmp_path / f"{name}.parquet" for name in ("v", "p")}
    write_shard(shard="part000", config=config, out_variants=paths["v"], out_positions=paths["p"])
    with pytest.raises(DataError, match="needs 16 article rule sets"):
        all_claims(paths["v"], paths["p"])


def test_claims_table(tmp_path):
    shard = {name: tmp_path / f"{name}.parquet" for name in ("v", "p")}
    write_shard(
        shard="part000", config=ARTICLE_ONLY, out_variants=shard["v"], out_positions=shard["p"]
    )
    merged = {name: tmp_path / f"{name}-all.parquet" for name in ("v", "p")}
    write_merged(
        variants=[shard["v"]],
        positions=[shard["p"]],
        out_variants=merged["v"],
        out_positions=merged["p"],
        config=ARTICLE_ONLY,
    )
    claims = {claim.claim_id: claim for claim in all_claims(merged["v"], merged["p"])}
    assert len(claims) == 13
    assert "neighbouring dies_at 4/7 (evidence only): not solved in this run" in (
        claims["chopsticks.no_split_second_wins"].evidence
    )
    # under the article's own settings each result holds; dies_at 6 breaks the first two
    assert claims["chopsticks.split_fusion_reaction_first_wins"].verdict == "confirmed_with_caveat"
    assert (
        "dies6_cutoff_split_fusion_reaction=second"
        in claims["chopsticks.split_fusion_reaction_first_wins"].evidence
    )
    assert claims["chopsticks.no_split_second_wins"].verdict == "confirmed_with_caveat"
    assert claims["chopsticks.split_revive_swap_second_never_loses"].verdict == "confirmed"
    assert all(c.verdict == "confirmed" for k, c in claims.items() if ".line_" in k)
    assert claims["chopsticks.public_cutoff_first_wins"].evidence.startswith(
        "dies5_cutoff_split_revive=draw"
    )
    assert claims["chopsticks.public_rollover_endless"].verdict == "confirmed"
    assert claims["chopsticks.endless_game_argument_positions"].verdict == "confirmed"


def _claims_of(tmp_path, **settings) -> dict:
    config = {**ARTICLE_ONLY, "shard_positions": 10**9, **settings}
    paths = {name: tmp_path / f"{name}.parquet" for name in ("v", "p")}
    write_shard(shard="part000", config=config, out_variants=paths["v"], out_positions=paths["p"])
    return {claim.claim_id: claim for claim in all_claims(paths["v"], paths["p"])}


def test_claims_list_readings_and_neighbouring_dies_at(tmp_path):
    claims = _claims_of(tmp_path, split_dies_min=4, split_dies_max=7)
    first_wins = claims["chopsticks.split_fusion_reaction_first_wins"].evidence
    # the from_one reading keeps the article's own result, and wins under revive too
    assert "from_one reading, dies_at 5/6: holds in 4/16" in first_wins
    assert "dies5_cutoff_split_revive_fusion_reaction_fromone," in first_wins
    assert "dies7_cutoff_split_revive_fusion_reaction_fromone=draw" in first_wins
    assert "neighbouring dies_at 4/7 (evidence only): holds in 11/32" in first_wins
    never_loses = claims["chopsticks.split_revive_swap_second_never_loses"]
    assert never_loses.verdict == "confirmed"
    assert "from_one reading, dies_at 5/6: holds in 8/8" in never_loses.evidence
    line = claims["chopsticks.line_split_fusion_reaction_line1"]
    assert line.verdict == "confirmed"
    assert "dies5_cutoff_split_fusion_reaction_fromone: holds" in line.evidence
    assert "dies6_cutoff_split_fusion_reaction (evidence only): fails: step 1" in line.evidence
    strategy = claims["chopsticks.endless_game_argument_positions"].evidence
    assert "dies6_cutoff_split_revive_swap (evidence only): holds" in strategy
    public = claims["chopsticks.public_cutoff_first_wins"].evidence
    assert "dies5_cutoff_split_revive_fusion_swap_fromone=draw" in public
    assert "dies4_cutoff_split_revive=first in 17 plies" in public


def test_a_reading_that_breaks_a_claim_makes_a_caveat(tmp_path):
    """Pretend the from_one reading of one revive + swap rule set lets the first player win."""
    paths = {name: tmp_path / f"{name}.parquet" for name in ("v", "p")}
    config = {**ARTICLE_ONLY, "shard_positions": 10**9}
    write_shard(shard="part000", config=config, out_variants=paths["v"], out_positions=paths["p"])
    variants = pd.read_parquet(paths["v"])
    never_loses = OUTCOME_CLAIMS[2]
    assert outcome_claim(never_loses, variants).verdict == "confirmed"
    broken = variants.variant_id == "dies6_rollover_split_revive_fusion_swap_fromone"
    variants.loc[broken, ["start_outcome", "start_plies"]] = ["first", 9]
    claim = outcome_claim(never_loses, variants)
    assert claim.verdict == "confirmed_with_caveat"
    assert "holds in 7/8" in claim.evidence
    assert "dies6_rollover_split_revive_fusion_swap_fromone=first in 9 plies" in claim.evidence


def test_claims_say_when_a_reading_was_not_solved(tmp_path):
    claims = _claims_of(tmp_path, from_one=False)
    evidence = claims["chopsticks.split_fusion_reaction_first_wins"].evidence
    assert "from_one reading, dies_at 5/6: not solved in this run" in evidence
    assert claims["chopsticks.split_revive_swap_second_never_loses"].verdict == "confirmed"
