"""五線: rules on hand-worked positions, solvers against each other, the article's claims."""

from __future__ import annotations

from functools import reduce
from operator import xor

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.game import Outcome, mover_wins
from asobi.fivelines.fivelines import PYRAMID, Erase, FiveLines, Position, Rules
from asobi.fivelines.solver import row_grundy_values, solve_positions, theorem_mover_wins

NORMAL = FiveLines()
MISERE = FiveLines(Rules(misere=True))


def legal_moves(position: Position) -> list[Erase]:
    return list(NORMAL.legal_moves(position))


def play(position: Position, move: Erase) -> Position:
    return NORMAL.play(position, move)


@pytest.fixture(scope="module")
def solved():
    return solve_positions(16)


def test_operation_f_keeps_two_rows_shorter_in_total():
    # Erasing the middle stick of a row of 3 leaves two rows of 1.
    assert play(Position((3,)), Erase(3, 1, 1)).rows == (1, 1)
    # Erasing a whole row removes it.
    assert play(Position((2, 4)), Erase(4, 0, 0)).rows == (2,)


def test_a_move_must_erase_at_least_one_stick():
    with pytest.raises(IllegalMoveError):
        play(Position((3,)), Erase(3, 1, 2))


def test_a_move_needs_an_existing_row():
    with pytest.raises(IllegalMoveError):
        play(Position((1, 2)), Erase(3, 0, 0))


def test_moves_from_a_row_of_four_by_hand():
    results = sorted(play(Position((4,)), m).rows for m in legal_moves(Position((4,))))
    assert results == [(), (1,), (1, 1), (1, 2), (2,), (3,)]


def test_moves_print_as_row_and_kept_rows_and_parse_back():
    assert str(Erase(5, 1, 2)) == "5:1+2"
    assert NORMAL.parse_move("5:1+2") == NORMAL.parse_move(" 5 : 1 + 2 ") == Erase(5, 1, 2)
    for move in legal_moves(Position(PYRAMID)):
        assert NORMAL.parse_move(str(move)) == move


@pytest.mark.parametrize("text", ["", "5", "5:1", "5:1-2", "5:-1+2", "a:1+2"])
def test_bad_move_text_gets_a_clear_error(text):
    with pytest.raises(InputError, match="ROW:KEPT"):
        NORMAL.parse_move(text)


def test_the_empty_board_ends_the_game_for_either_rule():
    empty = Position(())
    assert NORMAL.is_over(empty) and MISERE.is_over(empty)
    assert legal_moves(empty) == []
    assert NORMAL.winner(empty) is Outcome.SECOND  # the opponent took the last stick
    assert MISERE.winner(empty) is Outcome.FIRST
    with pytest.raises(ValueError, match="not over"):
        NORMAL.winner(Position((1,)))


def test_theorem_matches_the_exhaustive_outcomes(solved):
    for index in range(solved.n_positions):
        position = Position(solved.rows(index))
        for misere in (False, True):
            expected = solved.outcome(position, misere=misere) is Outcome.FIRST
            assert theorem_mover_wins(position, misere=misere) == expected, position


def test_rows_are_a_multiset():
    assert Position((3, 0, 1)) == Position((1, 3))
    assert Position.from_key(Position((5, 2, 2)).key()) == Position((2, 2, 5))


@pytest.mark.parametrize("bad", [(-1,), (1.5,), ("3",), (True,)])
def test_bad_rows_are_rejected(bad):
    with pytest.raises(InputError):
        Position(bad)


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
        expected = "first" if theorem_mover_wins(Position(rows), misere=True) else "second"
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
        position = Position(rows)
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


NORMAL_OUTCOMES: dict = {}
"""One negamax memo for every example: at most C(9 + 5, 5) = 2002 positions in all (the
plain ``outcome`` evaluates every child, so a fresh memo per example costs its whole tree)."""


@settings(max_examples=200, deadline=None)
@given(rows_strategy)
def test_plain_search_agrees_with_xor_on_random_positions(rows):
    position = Position(tuple(rows))
    assert mover_wins(NORMAL, position, NORMAL_OUTCOMES) == (position.nim_sum != 0)


@settings(max_examples=200, deadline=None)
@given(rows_strategy, st.data())
def test_moves_lower_the_total_and_never_keep_xor_zero(rows, data):
    position = Position(tuple(rows))
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
