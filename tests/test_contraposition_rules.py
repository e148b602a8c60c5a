"""Rules of Contraposition: geometry, groups, both winning-rule statements, Ludii's score."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.contraposition.contraposition import (
    LUDII_INFINITY,
    Colour,
    Contraposition,
    Position,
    Protocol,
    Rules,
    board_key,
    cell_count,
    cells,
    centre,
    deciding_size,
    group_sizes,
    groups,
    initial_position,
    legal_moves,
    ludii_scores,
    neighbours,
    parse_board,
    play,
    render,
    symmetries,
    transform,
    winner_by_counts,
    winner_by_ludii_score,
    winner_by_sorted_sizes,
)
from asobi.core.errors import IllegalMoveError, InputError

# A side-3 end position in the spirit of the article's 終局例 (our own board): no group of
# size 1, one group of size 2 each, White also has a group of size 3 and Black does not.
ARTICLE_STYLE_END = "WBB/WWWW/BBBBB/WWBW/WBW"


def test_board_sizes_follow_3s_s_minus_1_plus_1():
    assert [cell_count(s) for s in range(1, 7)] == [1, 7, 19, 37, 61, 91]
    assert all(len(cells(s)) == cell_count(s) for s in range(1, 7))


def test_recommended_board_has_61_cells_and_centre_in_the_middle():
    assert cell_count(5) == 61
    assert cells(5)[centre(5)] == (0, 0)
    assert centre(5) == 30


def test_neighbours_are_symmetric_and_inner_cells_have_six():
    around = neighbours(4)
    for cell, others in enumerate(around):
        for other in others:
            assert cell in around[other]
    assert len(around[centre(4)]) == 6
    assert sorted({len(o) for o in around}) == [3, 4, 6]


def test_twelve_symmetries_preserve_adjacency():
    around = neighbours(3)
    perms = symmetries(3)
    assert len(set(perms)) == 12
    for perm in perms:
        assert sorted(perm) == list(range(19))
        for cell, others in enumerate(around):
            assert {perm[o] for o in others} == set(around[perm[cell]])


def test_groups_on_a_hand_drawn_board():
    board = parse_board("WB/BWB/WB")
    assert sorted(sorted(g) for g in groups(board, Colour.WHITE)) == [[0, 3, 5]]
    assert group_sizes(board, Colour.BLACK) == [1, 3]
    assert winner_by_counts(board) is Colour.WHITE
    assert winner_by_sorted_sizes(board) is Colour.WHITE
    assert ludii_scores(board) == (LUDII_INFINITY, 1)
    assert deciding_size(board) == 1


def test_article_end_example_black_wins_by_the_size_three_group():
    board = parse_board(ARTICLE_STYLE_END)
    white, black = group_sizes(board, Colour.WHITE), group_sizes(board, Colour.BLACK)
    assert 1 not in white and 1 not in black
    assert white.count(2) == black.count(2) == 1
    assert 3 in white and 3 not in black
    assert winner_by_counts(board) is Colour.BLACK
    assert winner_by_sorted_sizes(board) is Colour.BLACK
    assert winner_by_ludii_score(board) is Colour.BLACK
    assert ludii_scores(board) == (3, 7)
    assert deciding_size(board) == 3


def test_running_out_of_groups_first_wins():
    # White [6], Black [6, 7]: equal up to where White's list ends -> White wins (a
    # colouring no protocol produces, 6 white stones, but the rule is stated for any board)
    board = parse_board("WWB/BWBB/BBWBB/BBWB/BWB")
    assert group_sizes(board, Colour.WHITE) == [6]
    assert group_sizes(board, Colour.BLACK) == [6, 7]
    assert winner_by_sorted_sizes(board) is Colour.WHITE
    assert winner_by_counts(board) is Colour.WHITE


full_side3 = st.lists(st.sampled_from([1, 2]), min_size=19, max_size=19).map(tuple)
full_side4 = st.lists(st.sampled_from([1, 2]), min_size=37, max_size=37).map(tuple)


@settings(max_examples=300, deadline=None)
@given(st.one_of(full_side3, full_side4))
def test_both_statements_and_ludii_agree_on_random_full_boards(board):
    expected = winner_by_counts(board)
    assert expected is not None  # odd number of cells: never a draw
    assert winner_by_sorted_sizes(board) is expected
    assert winner_by_ludii_score(board) is expected


@settings(max_examples=100, deadline=None)
@given(full_side3, st.integers(0, 11))
def test_winner_is_invariant_under_board_symmetries(board, which):
    moved = transform(board, symmetries(3)[which])
    assert winner_by_counts(moved) is winner_by_counts(board)
    assert sorted(group_sizes(moved, 1)) == sorted(group_sizes(board, 1))


@settings(max_examples=50, deadline=None)
@given(full_side3)
def test_board_text_round_trip(board):
    assert parse_board(board_key(board)) == board
    assert parse_board(render(board)) == board


def test_basic_opening_excludes_the_centre_and_12q_allows_it():
    basic = Rules(3)
    onetwo = Rules(3, Protocol.ONE_TWO)
    start = initial_position(basic)
    assert (centre(3),) not in set(legal_moves(basic, start))
    assert len(list(legal_moves(basic, start))) == 18
    assert (centre(3),) in set(legal_moves(onetwo, start))
    assert all(len(m) == 1 for m in legal_moves(onetwo, start))  # first turn: one stone
    with pytest.raises(IllegalMoveError, match="centre"):
        play(basic, start, (centre(3),))


def test_12q_turns_place_one_or_two_stones():
    rules = Rules(2, Protocol.ONE_TWO)
    position = play(rules, initial_position(rules), (3,))
    moves = list(legal_moves(rules, position))
    assert len(moves) == 6 + 15
    after = play(rules, position, (0, 6))
    assert after.board.count(Colour.BLACK) == 2 and after.to_move is Colour.WHITE
    with pytest.raises(IllegalMoveError, match="one stone"):
        play(Rules(2), play(Rules(2), initial_position(Rules(2)), (0,)), (1, 2))


def test_illegal_moves_are_reported():
    rules = Rules(2)
    position = play(rules, initial_position(rules), (0,))
    with pytest.raises(IllegalMoveError, match="not an empty cell"):
        play(rules, position, (0,))
    with pytest.raises(IllegalMoveError, match="not an empty cell"):
        play(rules, position, (9,))
    with pytest.raises(IllegalMoveError, match="distinct"):
        play(Rules(2, "onetwo"), position, (1, 1))


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(Protocol)), st.integers(2, 4), st.randoms(use_true_random=False))
def test_random_games_fill_the_board_with_protocol_counts(protocol, side, rng):
    rules = Rules(side, protocol)
    game = Contraposition(rules)
    position = initial_position(rules)
    turns = 0
    while True:
        moves = list(game.legal_moves(position))
        if not moves:
            break
        position = game.play(position, rng.choice(moves))
        turns += 1
    assert position.is_full
    whites = position.board.count(Colour.WHITE)
    if protocol is Protocol.BASIC:
        assert whites == (cell_count(side) + 1) // 2 and turns == cell_count(side)
    assert winner_by_counts(position.board) is not None


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("WBWB", "4 cells do not make a hex board"),
        ("WB/BWBW/.", "row 2 has 4 cells"),
        ("WB/BZB/WB", "unknown symbol"),
        ("WB/BWB/W/B", "has 3 rows"),
    ],
)
def test_malformed_boards_get_a_clear_error(text, message):
    with pytest.raises(InputError, match=message):
        parse_board(text)


def test_rules_reject_bad_side_and_protocol():
    with pytest.raises(InputError, match="positive"):
        Rules(0)
    with pytest.raises(ValueError):
        Rules(2, "12*")


def test_position_side_and_empties():
    position = Position(parse_board("WB/B.B/.B"), Colour.WHITE)
    assert position.side == 2
    assert position.empty_cells == (3, 5)
    assert not position.is_full
