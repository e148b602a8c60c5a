"""The numba retrograde solver against plain searches on small rule sets."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.chopsticks.rule_sets import article_rule_sets
from asobi.chopsticks.solver import (
    GAME_OVER,
    UNKNOWN,
    depth_limited_values,
    reachable_positions,
    solve,
)
from asobi.chopsticks.tables import positions_table, variant_row
from asobi.core.errors import InputError
from asobi.core.game import mover_wins

SMALL_SIMPLE = [
    Rules(hands_first=a, hands_second=b, dies_at=d, overflow=o)
    for a in (1, 2, 3)
    for b in (1, 2, 3)
    for d in (2, 3, 4, 5)
    for o in ("cutoff", "rollover")
    if a + b <= 5
]


def solver_values(rules: Rules) -> dict[Position, tuple[str, int] | None]:
    solution = solve(rules)
    values = {}
    for p in solution.reachable:
        outcome = solution.outcome(int(p))
        values[solution.position(int(p))] = (
            None if outcome == "draw" else (outcome.value, solution.distance(int(p)))
        )
    return values


@pytest.mark.parametrize("rules", article_rule_sets() + SMALL_SIMPLE, ids=lambda r: r.variant_id)
def test_retrograde_agrees_with_depth_limited_search(rules: Rules):
    mine = solver_values(rules)
    longest = max((v[1] for v in mine.values() if v is not None), default=0)
    plain = depth_limited_values(rules, longest + 3)
    assert set(mine) == set(plain) == set(reachable_positions(rules))
    assert mine == plain
    # one ply less and the longest wins/losses are no longer decided: the depth mattered
    if longest:
        shallow = depth_limited_values(rules, longest - 1)
        assert shallow != plain


@pytest.mark.parametrize(
    "rules", [r for r in SMALL_SIMPLE if r.overflow == "cutoff"], ids=lambda r: r.variant_id
)
def test_acyclic_simple_cutoff_agrees_with_core_negamax(rules: Rules):
    solution = solve(rules)
    game = Chopsticks(rules)
    cache: dict = {}
    for p in solution.reachable:
        position = solution.position(int(p))
        assert (solution.outcome(int(p)) == "first") == mover_wins(game, position, cache)


def test_index_and_position_round_trip_over_every_position():
    for rules in (Rules(split=True, revive=True), Rules(hands_first=3, hands_second=1, dies_at=4)):
        solution = solve(rules)
        for p in range(len(solution.value)):
            assert solution.index(solution.position(p)) == p


def test_best_moves_lead_to_the_promised_result():
    rules = Rules(split=True, fusion=True, reaction=True)
    game = Chopsticks(rules)
    solution = solve(rules)
    for p in solution.reachable:
        position = solution.position(int(p))
        outcome, plies = solution.outcome(int(p)), solution.distance(int(p))
        by_text = {str(m): game.play(position, m) for m in game.legal_moves(position)}
        for text in solution.best_moves(position):
            child = solution.index(by_text[text])
            if outcome == "draw":
                assert solution.outcome(child) == "draw"
            else:
                assert solution.outcome(child) != outcome and solution.distance(child) == plies - 1


def test_game_over_positions_are_rejected():
    solution = solve(Rules())
    p = solution.index(Position((1, 1), (0, 0)))
    assert solution.value[p] == GAME_OVER
    with pytest.raises(InputError, match="already over"):
        solution.outcome(p)


def test_tables_count_reachable_positions():
    rules = Rules(split=True, revive=True, swap=True)
    solution = solve(rules)
    row = variant_row(solution)
    table = positions_table(solution).to_pandas()
    assert row["n_positions"] == len(table) == len(reachable_positions(rules))
    assert row["n_first"] + row["n_second"] + row["n_draw"] == row["n_positions"]
    assert row["n_draw"] == int((solution.value[solution.reachable] == UNKNOWN).sum())
    assert table.plies.isna().sum() == row["n_draw"]
    start = table[(table.mover.map(tuple) == (1, 1)) & (table.other.map(tuple) == (1, 1))]
    assert start.outcome.item() == row["start_outcome"]
    assert all(len(m) for m in table.best_moves[table.plies.fillna(1) > 0])


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 3), st.integers(1, 3), st.integers(2, 7), st.sampled_from(["cutoff", "rollover"])
)
def test_start_value_matches_plain_search(first: int, second: int, dies_at: int, overflow: str):
    rules = Rules(hands_first=first, hands_second=second, dies_at=dies_at, overflow=overflow)  # type: ignore[arg-type]
    solution = solve(rules)
    start = Chopsticks(rules).start
    longest = int(np.max(solution.plies[solution.reachable]))
    plain = depth_limited_values(rules, longest + 2)[start]
    outcome = solution.outcome(solution.start)
    assert plain == (
        None if outcome == "draw" else (outcome.value, solution.distance(solution.start))
    )
