"""Rules of Contraposition: geometry, groups, both winning-rule statements, Ludii's score,
moves and their text form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.contraposition.board import (
    board_key,
    cell_count,
    cells,
    centre,
    neighbours,
    parse_board,
    render,
    symmetries,
    transform,
)
from asobi.contraposition.contraposition import (
    LUDII_INFINITY,
    Colour,
    Contraposition,
    Move,
    Position,
    Protocol,
    Rules,
    all_rules,
    deciding_size,
    group_sizes,
    groups,
    initial_position,
    ludii_scores,
    winner_by_counts,
    winner_by_ludii_score,
    winner_by_sorted_sizes,
)
from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.game import Outcome

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
    basic = Contraposition(Rules(3))
    onetwo = Contraposition(Rules(3, Protocol.ONE_TWO))
    start = initial_position(basic.rules)
    assert Move(centre(3)) not in set(basic.legal_moves(start))
    assert len(list(basic.legal_moves(start))) == 18
    assert Move(centre(3)) in set(onetwo.legal_moves(start))
    assert all(m.second is None for m in onetwo.legal_moves(start))  # first turn: one stone
    with pytest.raises(IllegalMoveError, match="centre"):
        basic.play(start, Move(centre(3)))


def test_12q_turns_place_one_or_two_stones():
    game = Contraposition(Rules(2, Protocol.ONE_TWO))
    position = game.play(initial_position(game.rules), Move(3))
    moves = list(game.legal_moves(position))
    assert len(moves) == 6 + 15
    after = game.play(position, Move(0, 6))
    assert after.board.count(Colour.BLACK) == 2 and after.to_move is Colour.WHITE
    basic = Contraposition(Rules(2))
    with pytest.raises(IllegalMoveError, match="one stone"):
        basic.play(basic.play(initial_position(basic.rules), Move(0)), Move(1, 2))


def test_illegal_moves_are_reported():
    game = Contraposition(Rules(2))
    position = game.play(initial_position(game.rules), Move(0))
    with pytest.raises(IllegalMoveError, match="not an empty cell"):
        game.play(position, Move(0))
    with pytest.raises(IllegalMoveError, match="not an empty cell"):
        game.play(position, Move(9))
    with pytest.raises(IllegalMoveError, match="distinct"):
        Move(1, 1)
    with pytest.raises(IllegalMoveError, match="a Move"):
        game.play(position, (1,))


def test_moves_print_in_the_readme_numbering_and_parse_back():
    game = Contraposition(Rules(3, Protocol.ONE_TWO))
    assert str(Move(12)) == "12" and str(Move(7, 3)) == "3,7"
    assert Move(7, 3) == Move(3, 7) and Move(7, 3).cells == (3, 7)
    assert game.parse_move("3,7") == game.parse_move(" 7 , 3 ") == Move(3, 7)
    assert game.parse_move("18") == Move(18)


@pytest.mark.parametrize(
    ("rules", "text", "message"),
    [
        (Rules(2), "7", "not on a side-2 board"),
        (Rules(2), "1,2", "one stone per turn"),
        (Rules(2, "onetwo"), "1;2", "a cell number or two"),
        (Rules(2, "onetwo"), "", "a cell number or two"),
        (Rules(2, "onetwo"), "-1", "a cell number or two"),
        (Rules(2, "onetwo"), "2,2", "distinct"),
    ],
)
def test_bad_move_text_gets_a_clear_error(rules, text, message):
    with pytest.raises(InputError if message != "distinct" else IllegalMoveError, match=message):
        Contraposition(rules).parse_move(text)


def test_a_full_board_ends_the_game_and_names_the_winner_from_the_mover():
    game = Contraposition(Rules(2))
    board = parse_board("WB/BWB/WB")  # White wins (Black has a size-1 group)
    assert game.is_over(Position(board, Colour.BLACK))
    assert game.winner(Position(board, Colour.BLACK)) is Outcome.SECOND
    assert game.winner(Position(board, Colour.WHITE)) is Outcome.FIRST
    assert list(game.legal_moves(Position(board, Colour.BLACK))) == []
    with pytest.raises(ValueError, match="not over"):
        game.winner(initial_position(game.rules))


def test_side_1_has_only_the_12q_game():
    with pytest.raises(InputError, match="no legal opening"):
        Rules(1)
    assert [(r.side, r.protocol) for r in all_rules([1, 2])] == [
        (1, Protocol.ONE_TWO),
        (2, Protocol.BASIC),
        (2, Protocol.ONE_TWO),
    ]


@settings(max_examples=40, deadline=None)
@given(st.sampled_from(list(Protocol)), st.integers(2, 4), st.randoms(use_true_random=False))
def test_random_games_fill_the_board_with_protocol_counts(protocol, side, rng):
    rules = Rules(side, protocol)
    game = Contraposition(rules)
    position = initial_position(rules)
    turns = 0
    while not game.is_over(position):
        moves = list(game.legal_moves(position))
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
