"""The article's claims and lines of play, checked on freshly solved tables."""

from __future__ import annotations

import copy

import pytest

from asobi.chopsticks.chopsticks import Chopsticks, Rules
from asobi.chopsticks.claims import all_claims, check_line, load_lines
from asobi.chopsticks.pipeline import write_merged, write_shard
from asobi.chopsticks.solver import solve
from asobi.core.errors import DataError

ARTICLE_ONLY = {
    "simple_hands_max": 1,
    "simple_dies_max": 2,
    "simple_overflows": [],
    "shard_size": 100,
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
    config = {**ARTICLE_ONLY, "shard_size": 40}
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
