"""五線: rules on hand-worked positions, solvers against each other, the article's claims."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.game import mover_wins
from asobi.fivelines.fivelines import (
    PYRAMID,
    Erase,
    FiveLines,
    FiveLinesGame,
    legal_moves,
    misere_nim_rule,
    play,
)
from asobi.fivelines.solve import row_grundy_values, solve_positions

NORMAL = FiveLinesGame()
MISERE = FiveLinesGame(misere=True)


@pytest.fixture(scope="module")
def solved():
    return solve_positions(16)


def test_operation_f_keeps_two_rows_shorter_in_total():
    # Erasing the middle stick of a row of 3 leaves two rows of 1.
    assert play(FiveLines((3,)), Erase(3, 1, 1)).rows == (1, 1)
    # Erasing a whole row removes it.
    assert play(FiveLines((2, 4)), Erase(4, 0, 0)).rows == (2,)


def test_a_move_must_erase_at_least_one_stick():
    with pytest.raises(IllegalMoveError):
        play(FiveLines((3,)), Erase(3, 1, 2))


def test_a_move_needs_an_existing_row():
    with pytest.raises(IllegalMoveError):
        play(FiveLines((1, 2)), Erase(3, 0, 0))


def test_moves_from_a_row_of_four_by_hand():
    results = sorted(play(FiveLines((4,)), m).rows for m in legal_moves(FiveLines((4,))))
    assert results == [(), (1,), (1, 1), (1, 2), (2,), (3,)]


def test_rows_are_a_multiset():
    assert FiveLines((3, 0, 1)) == FiveLines((1, 3))
    assert FiveLines.from_key(FiveLines((5, 2, 2)).key()) == FiveLines((2, 2, 5))


@pytest.mark.parametrize("bad", [(-1,), (1.5,), ("3",), (True,)])
def test_bad_rows_are_rejected(bad):
    with pytest.raises(InputError):
        FiveLines(bad)


def test_theorem_second_player_wins_iff_xor_is_zero(solved):
    for index in range(solved.n_positions):
        rows = solved.rows(index)
        expected = "second" if reduce(xor, rows, 0) == 0 else "first"
        assert solved.normal_outcome_of(rows) == expected, rows


def test_pyramid_is_a_first_player_win_with_three_winning_moves(solved):
    assert solved.normal_outcome_of(PYRAMID) == "first"
    assert sorted(solved.winning_moves(PYRAMID)) == [(1, 2, 2, 4, 5), (1, 2, 3, 4, 4), (2, 3, 4, 5)]


def test_misere_follows_the_misere_nim_rule(solved):
    for index in range(solved.n_positions):
        rows = solved.rows(index)
        expected = "first" if misere_nim_rule(FiveLines(rows)) else "second"
        assert solved.misere_outcome_of(rows) == expected, rows


def test_single_row_grundy_value_is_its_length():
    assert list(row_grundy_values(64)) == list(range(65))


def test_fast_solver_equals_plain_negamax_on_small_positions(solved):
    normal_cache: dict = {}
    misere_cache: dict = {}
    for index in range(solved.n_positions):
        rows = solved.rows(index)
        if sum(rows) > 12:
            continue
        position = FiveLines(rows)
        assert (solved.normal_outcome_of(rows) == "first") == mover_wins(
            NORMAL, position, normal_cache
        )
        assert (solved.misere_outcome_of(rows) == "first") == mover_wins(
            MISERE, position, misere_cache
        )
        winning = sorted(
            play(position, m).rows
            for m in legal_moves(position)
            if not mover_wins(NORMAL, play(position, m), normal_cache)
        )
        assert sorted(solved.winning_moves(rows)) == winning


def test_every_partition_appears_once_and_round_trips(solved):
    seen = set()
    for index in range(solved.n_positions):
        rows = solved.rows(index)
        assert solved.index_of(rows) == index
        seen.add(rows)
    assert (
        len(seen)
        == solved.n_positions
        == 1
        + sum(  # partitions of 0..16
            [1, 1, 2, 3, 5, 7, 11, 15, 22, 30, 42, 56, 77, 101, 135, 176, 231][1:]
        )
    )


rows_strategy = st.lists(st.integers(min_value=0, max_value=9), min_size=0, max_size=5)


@settings(max_examples=200, deadline=None)
@given(rows_strategy)
def test_plain_search_agrees_with_xor_on_random_positions(rows):
    position = FiveLines(tuple(rows))
    assert mover_wins(NORMAL, position) == (position.nim_sum != 0)


@settings(max_examples=200, deadline=None)
@given(rows_strategy, st.data())
def test_moves_lower_the_total_and_never_keep_xor_zero(rows, data):
    position = FiveLines(tuple(rows))
    moves = legal_moves(position)
    if not moves:
        assert position.total == 0
        return
    move = data.draw(st.sampled_from(moves))
    after = play(position, move)
    assert after.total < position.total
    if position.nim_sum == 0:
        assert after.nim_sum != 0


def test_solver_rejects_oversized_lookup(solved):
    with pytest.raises(InputError):
        solved.index_of((10, 10))
