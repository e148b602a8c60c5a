"""Issue 16: the from_one reading, every dies_at with every switch set, strategy tables."""

from __future__ import annotations

import pandas as pd
import pytest

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.chopsticks.rule_sets import article_rule_sets, rule_sets, two_hand_rule_sets
from asobi.chopsticks.solver import depth_limited_values, reachable_positions, solve
from asobi.chopsticks.tables import variant_row
from asobi.core.errors import ConfigError
from asobi.report import figures, summaries

FREE = Rules(split=True, fusion=True, from_one=True)


def test_from_one_lets_a_hand_of_one_give_its_point():
    game = Chopsticks(FREE)
    assert game.splits((1, 1)) == [(0, 2)]
    assert Chopsticks(Rules(split=True, fusion=True)).splits((1, 1)) == []
    assert game.splits((1, 3)) == [(0, 4), (2, 2)]  # the 3 gives 1 or 3, or the 1 gives 1
    assert game.splits((1, 4)) == [(2, 3)]  # the 1 cannot give: 0,5 kills the receiver
    # a 1 may give to a dead hand only with revive, and that is a mere exchange (swap)
    assert game.splits((0, 1)) == []
    assert (
        Chopsticks(Rules(split=True, revive=True, fusion=True, from_one=True)).splits((0, 1)) == []
    )
    swap = Rules(split=True, revive=True, fusion=True, swap=True, from_one=True)
    assert Chopsticks(swap).splits((0, 1)) == [(0, 1)]
    assert [str(m) for m in game.legal_moves(game.start)] == ["1>1", "=0,2"]


def test_from_one_needs_fusion_and_has_its_own_id():
    with pytest.raises(ConfigError, match="from_one needs fusion"):
        Rules(split=True, from_one=True)
    with pytest.raises(ConfigError, match="need split"):
        Rules(from_one=True, fusion=True)
    assert FREE.variant_id == "dies5_cutoff_split_fusion_fromone"
    rules = Rules(dies_at=6, split=True, fusion=True, swap=True, reaction=True, from_one=True)
    assert rules.variant_id == "dies6_cutoff_split_fusion_swap_reaction_fromone"
    assert rules.as_dict()["from_one"] is True


def test_every_two_hand_rule_set_of_the_default_config():
    chosen = rule_sets({})
    ids = [rules.variant_id for rules in chosen]
    assert len(ids) == len(set(ids))
    # the article's 68 come first, in their old order
    assert ids[:68] == [rules.variant_id for rules in article_rule_sets()]
    two_hand = [r for r in chosen if (r.hands_first, r.hands_second) == (2, 2)]
    # per dies_at 2..10 and overflow: no split, 16 switch sets, 8 of them also from_one
    assert len(two_hand) == 9 * 2 * (1 + 16 + 8)
    assert {r.dies_at for r in two_hand} == set(range(2, 11))
    assert sum(r.from_one for r in chosen) == 9 * 2 * 8
    assert all(r.fusion for r in chosen if r.from_one)
    smaller = rule_sets({"split_dies_min": 3, "split_dies_max": 2, "from_one": False})
    assert [r.variant_id for r in smaller] == ids[: len(smaller)] and len(smaller) == 352


SMALL_FREE = [r for r in two_hand_rule_sets(range(2, 6), from_one=True) if r.from_one]


@pytest.mark.parametrize("rules", SMALL_FREE, ids=lambda r: r.variant_id)
def test_free_reading_agrees_with_a_plain_solver(rules: Rules):
    """The retrograde values against value iteration written on legal_moves/play."""
    solution = solve(rules)
    mine = {}
    for p in solution.reachable:
        outcome = solution.outcome(int(p))
        mine[solution.position(int(p))] = (
            None if outcome == "draw" else (outcome.value, solution.distance(int(p)))
        )
    longest = max((v[1] for v in mine.values() if v is not None), default=0)
    assert mine == depth_limited_values(rules, longest + 3)
    assert set(mine) == set(reachable_positions(rules))


def test_the_issue_example_dies6_split_revive_fusion():
    """The article's reading: a second-player win; the from_one reading: a draw."""
    article = Rules(dies_at=6, split=True, revive=True, fusion=True)
    free = Rules(dies_at=6, split=True, revive=True, fusion=True, from_one=True)
    assert variant_row(solve(article))["start_outcome"] == "second"
    assert variant_row(solve(free))["start_outcome"] == "draw"


def test_dies_figure_has_one_panel_per_overflow_and_reading():
    rows = [variant_row(solve(r)) for r in two_hand_rule_sets([3, 4], from_one=True)]
    figure = figures.chopsticks_dies_figure(pd.DataFrame(rows))
    titles = [axes.get_title() for axes in figure.axes if axes.get_visible()]
    assert titles == [
        "cutoff, article's reading",
        "cutoff, from_one reading",
        "rollover, article's reading",
        "rollover, from_one reading",
    ]
    assert len(figure.axes[0].get_yticklabels()) == 17  # no split + 16 switch sets
    assert figures.chopsticks_dies_figure(pd.DataFrame(rows).iloc[:0]) is None


def test_the_article_matrix_leaves_out_the_from_one_reading():
    rows = [variant_row(solve(r)) for r in two_hand_rule_sets([5, 6], from_one=True)]
    matrix = summaries.chopsticks_matrix(pd.DataFrame(rows))
    assert matrix.shape == (17, 4)
    assert matrix.loc["split + fusion + reaction", "dies5 cutoff"] == "first|5"


def test_position_of_the_free_reading_start():
    game = Chopsticks(FREE)
    assert game.play(game.start, game.parse_move("=0,2")) == Position((1, 1), (0, 2))
