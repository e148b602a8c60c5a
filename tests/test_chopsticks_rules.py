"""Move generation of chopsticks, checked by hand for each option."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.chopsticks.chopsticks import (
    Chopsticks,
    Move,
    Position,
    Rules,
    article_rule_sets,
    hit,
    legal_moves,
    parse_position,
    play,
    split_results,
    start_position,
)
from asobi.core.errors import ConfigError, IllegalMoveError, InputError

BASE = Rules()
SPLIT = Rules(split=True)


def moves(position: Position, rules: Rules) -> list[str]:
    return [str(move) for move in legal_moves(position, rules)]


def test_attack_cutoff_kills_at_dies_at_or_more():
    assert [hit(2, 2, BASE), hit(2, 3, BASE), hit(4, 4, BASE)] == [4, 0, 0]


def test_attack_rollover_kills_exactly_and_wraps_above():
    rules = Rules(overflow="rollover")
    assert [hit(2, 2, rules), hit(2, 3, rules), hit(4, 4, rules), hit(4, 2, rules)] == [4, 0, 3, 1]


def test_attacks_only_without_split():
    assert moves(Position((1, 2), (0, 3)), BASE) == ["1>3", "2>3"]
    assert play(Position((1, 2), (0, 3)), Move(attacker=2, target=3), BASE) == Position(
        (0, 0), (1, 2)
    )


def test_split_keeps_both_hands_live_and_changes_the_hands():
    assert split_results((1, 3), SPLIT) == [(2, 2)]
    assert split_results((2, 3), SPLIT) == [(1, 4)]
    assert split_results((1, 1), SPLIT) == []
    assert split_results((0, 4), SPLIT) == []
    assert split_results((1, 3), BASE) == []


def test_split_never_makes_a_hand_reach_dies_at():
    assert split_results((3, 4), SPLIT) == []  # every transfer either swaps or reaches 5
    assert split_results((3, 4), Rules(dies_at=6, split=True)) == [(2, 5)]


def test_revive_lets_a_split_reach_a_dead_hand():
    rules = Rules(split=True, revive=True)
    assert split_results((0, 4), rules) == [(1, 3), (2, 2)]
    assert split_results((0, 1), rules) == []  # a 1 cannot be split


def test_fusion_lets_the_giving_hand_go_to_zero():
    rules = Rules(split=True, fusion=True)
    assert split_results((1, 3), rules) == [(0, 4), (2, 2)]
    assert split_results((1, 2), rules) == [(0, 3)]  # the article's 2,1 -> 3,0
    assert split_results((2, 3), rules) == [(1, 4)]  # 0,5 would kill the receiver


def test_swap_allows_a_split_that_only_exchanges_hands():
    rules = Rules(split=True, swap=True)
    assert split_results((1, 3), rules) == [(1, 3), (2, 2)]
    assert split_results((2, 2), rules) == [(1, 3)]  # moving 0 points is no split
    assert split_results((0, 4), Rules(split=True, revive=True, fusion=True, swap=True)) == [
        (0, 4),
        (1, 3),
        (2, 2),
    ]
    assert split_results((0, 4), Rules(split=True, revive=True, swap=True)) == [(1, 3), (2, 2)]


def test_reaction_adds_split_then_attack_turns():
    position = Position((1, 3), (1, 2))
    assert moves(position, SPLIT) == ["1>1", "1>2", "3>1", "3>2", "=2,2"]
    with_reaction = moves(position, Rules(split=True, reaction=True))
    assert with_reaction == ["1>1", "1>2", "3>1", "3>2", "=2,2", "=2,2+2>1", "=2,2+2>2"]
    after = play(
        position, Move(split=(2, 2), attacker=2, target=2), Rules(split=True, reaction=True)
    )
    assert after == Position((1, 4), (2, 2))
    with pytest.raises(IllegalMoveError, match="reaction"):
        play(position, Move(split=(2, 2), attacker=2, target=2), SPLIT)


def test_illegal_moves_are_reported():
    position = Position((0, 2), (0, 1))
    with pytest.raises(IllegalMoveError, match="no live hand of value 3"):
        play(position, Move(attacker=3, target=1), BASE)
    with pytest.raises(IllegalMoveError, match="no live opposing hand"):
        play(position, Move(attacker=2, target=0), BASE)
    with pytest.raises(IllegalMoveError, match="not allowed"):
        play(position, Move(split=(1, 1)), SPLIT)
    with pytest.raises(IllegalMoveError, match="game is over"):
        play(Position((0, 0), (1, 1)), Move(attacker=1, target=1), BASE)


def test_rule_sets_and_variant_ids():
    ids = [rules.variant_id for rules in article_rule_sets()]
    assert len(ids) == len(set(ids)) == 68
    assert "dies5_cutoff_split_fusion_reaction" in ids
    assert "dies6_rollover_split_revive_fusion_swap_reaction" in ids
    with pytest.raises(ConfigError, match="need split"):
        Rules(fusion=True)


def test_parse_position_reports_malformed_input():
    assert parse_position("2,1 / 1,1", BASE) == Position((1, 2), (1, 1))
    with pytest.raises(InputError, match="out of range"):
        parse_position("1,5 1,1", BASE)
    with pytest.raises(InputError, match="wrong number of hands"):
        parse_position("1 1,1", BASE)
    with pytest.raises(InputError, match="comma-separated"):
        parse_position("x,1 1,1", BASE)
    asymmetric = Rules(hands_first=3, hands_second=1)
    assert parse_position("2 1,1,1", asymmetric) == Position((2,), (1, 1, 1))


def test_simple_one_hand_each_is_a_fibonacci_race():
    """With one hand each the moves are forced and the hand values are Fibonacci numbers."""
    for dies_at in range(2, 14):
        rules = Rules(hands_first=1, hands_second=1, dies_at=dies_at)
        position, plies = start_position(rules), 0
        while any(position.mover):
            (move,) = legal_moves(position, rules)
            position = play(position, move, rules)
            plies += 1
        fibonacci = [1, 1]
        while fibonacci[-1] < dies_at:
            fibonacci.append(fibonacci[-1] + fibonacci[-2])
        assert plies == len(fibonacci) - 2


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(article_rule_sets()), st.lists(st.integers(0, 1000), max_size=40))
def test_random_playouts_stay_legal(rules: Rules, choices: list[int]):
    game = Chopsticks(rules)
    position = start_position(rules)
    for choice in choices:
        options = list(game.legal_moves(position))
        if not options:
            assert not any(position.mover)
            break
        move = options[choice % len(options)]
        after = game.play(position, move)
        assert all(0 <= v < rules.dies_at for v in after.mover + after.other)
        assert after.mover == tuple(sorted(after.mover)) and after.other == tuple(
            sorted(after.other)
        )
        assert len(after.mover) == len(position.other) and len(after.other) == len(position.mover)
        if move.split is not None and move.attacker is None:
            assert sum(after.other) == sum(position.mover)  # a split moves points, never makes them
            assert after.mover == position.other
        position = after
