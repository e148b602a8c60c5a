"""Move generation of chopsticks, checked by hand for each option."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.chopsticks.chopsticks import Chopsticks, Move, Position, Rules
from asobi.chopsticks.rule_sets import article_rule_sets
from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome

BASE = Rules()
SPLIT = Rules(split=True)


def moves(position: Position, rules: Rules) -> list[str]:
    return [str(move) for move in Chopsticks(rules).legal_moves(position)]


def hit(value: int, attacker: int, rules: Rules) -> int:
    return Chopsticks(rules).tap(value, attacker)


def split_results(hands: tuple[int, ...], rules: Rules) -> list[tuple[int, ...]]:
    return Chopsticks(rules).splits(hands)


def play(position: Position, move: Move, rules: Rules) -> Position:
    return Chopsticks(rules).play(position, move)


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
    game = Chopsticks(BASE)
    assert game.parse_position("2,1 / 1,1") == Position((1, 2), (1, 1))
    with pytest.raises(InputError, match="out of range"):
        game.parse_position("1,5 1,1")
    with pytest.raises(InputError, match="wrong number of hands"):
        game.parse_position("1 1,1")
    with pytest.raises(InputError, match="comma-separated"):
        game.parse_position("x,1 1,1")
    asymmetric = Chopsticks(Rules(hands_first=3, hands_second=1))
    assert asymmetric.parse_position("2 1,1,1") == Position((2,), (1, 1, 1))


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("2>1", Move(attacker=2, target=1)),
        ("=1,3", Move(split=(1, 3))),
        ("=3,1", Move(split=(1, 3))),  # hands are a multiset: the split is stored sorted
        ("=0,3+3>1", Move(split=(0, 3), attacker=3, target=1)),
        (" 10>12 ", Move(attacker=10, target=12)),
    ],
)
def test_move_notation_reads_back(text: str, move: Move):
    game = Chopsticks()
    assert game.parse_move(text) == move
    assert game.parse_move(str(move)) == move
    assert str(move) == text.strip().replace("=3,1", "=1,3")


@pytest.mark.parametrize(
    "text", ["", "2>", ">1", "2<1", "=1,3+", "+2>1", "=1,32>1", "=1,3 2>1", "2>1+=1,3", "=,1"]
)
def test_malformed_moves_are_refused(text: str):
    with pytest.raises(InputError, match="must be m>v"):
        Chopsticks().parse_move(text)


def test_a_move_needs_an_attack_or_a_split():
    with pytest.raises(InputError, match="attack or split"):
        Move()
    with pytest.raises(InputError, match="both"):
        Move(attacker=1)


def test_winner_only_at_the_end():
    game = Chopsticks()
    assert game.is_over(Position((0, 0), (1, 3)))
    assert game.winner(Position((0, 0), (1, 3))) == Outcome.SECOND
    assert list(game.legal_moves(Position((0, 0), (1, 3)))) == []
    with pytest.raises(ValueError, match="not over"):
        game.winner(game.start)


def test_simple_one_hand_each_is_a_fibonacci_race():
    """With one hand each the moves are forced and the hand values are Fibonacci numbers."""
    for dies_at in range(2, 14):
        rules = Rules(hands_first=1, hands_second=1, dies_at=dies_at)
        game = Chopsticks(rules)
        position, plies = game.start, 0
        while not game.is_over(position):
            (move,) = game.legal_moves(position)
            position = game.play(position, move)
            plies += 1
        fibonacci = [1, 1]
        while fibonacci[-1] < dies_at:
            fibonacci.append(fibonacci[-1] + fibonacci[-2])
        assert plies == len(fibonacci) - 2


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(article_rule_sets()), st.lists(st.integers(0, 1000), max_size=40))
def test_random_playouts_stay_legal(rules: Rules, choices: list[int]):
    game = Chopsticks(rules)
    position = game.start
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
