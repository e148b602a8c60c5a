"""``asobi fivelines``: output and error handling."""

from __future__ import annotations

import pytest

from asobi.cli import main


def test_pyramid_prints_first_and_the_winning_moves(capsys):
    assert main(["fivelines", "1", "2", "3", "4", "5"]) == 0
    out = capsys.readouterr().out
    assert "winner with perfect play: first" in out
    assert "-> 2-3-4-5" in out and "-> 1-2-2-4-5" in out and "-> 1-2-3-4-4" in out


def test_misere_two_single_sticks_is_a_first_player_win(capsys):
    assert main(["fivelines", "1", "1", "--misere"]) == 0
    assert "winner with perfect play: first" in capsys.readouterr().out


def test_theorem_method_handles_large_rows(capsys):
    assert main(["fivelines", "100", "200", "172", "--method", "theorem"]) == 0
    assert "winner with perfect play: second" in capsys.readouterr().out


def test_a_row_of_a_million_sticks_lists_fifty_winning_moves_and_counts_the_rest(capsys):
    # The big row must be answered: every split of it leaving the XOR 3 wins.
    assert main(["fivelines", "999997", "3", "--method", "theorem"]) == 0
    out = capsys.readouterr().out
    assert "winner with perfect play: first" in out
    shown = [line for line in out.splitlines() if line.startswith("  row of")]
    assert len(shown) == 50
    assert "more winning moves" in out.splitlines()[-1]


@pytest.mark.parametrize("misere", [False, True])
def test_formula_winning_moves_are_the_legal_moves_to_a_formula_loss(misere):
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from asobi.fivelines.fivelines import FiveLines, Position, Rules
    from asobi.fivelines.solver import theorem_mover_wins, theorem_winning_moves

    game = FiveLines(Rules(misere=misere))

    @settings(max_examples=300, deadline=None)
    @given(st.lists(st.integers(0, 12), max_size=5))
    def check(rows):
        position = Position(tuple(rows))
        plain = [
            move
            for move in game.legal_moves(position)
            if not theorem_mover_wins(game.play(position, move), misere=misere)
        ]
        assert sorted(theorem_winning_moves(position, misere=misere)) == sorted(plain)

    check()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fivelines", "1", "x"], "'x' is not a whole number"),
        (["fivelines", "1", "-3"], "-3 is negative"),
        (["fivelines"], "Missing argument"),
        (["fivelines", "60", "--method", "search"], "more than --method search handles"),
        (["fivelines", "１２"], "'１２' is not a whole number written with the digits 0-9"),
        (["fivelines", "10000000000"], "row length 10000000000 is more than 1000000 sticks"),
        (["fivelines", "600000", "600000"], "1200000 sticks in all is more than 1000000"),
        (["nosuchgame"], "No such command"),
    ],
)
def test_bad_input_gives_one_line_and_exit_2(capsys, args, message):
    assert main(args) == 2
    err = capsys.readouterr().err
    assert message in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_help_lists_the_games(capsys):
    assert main(["--help"]) == 0
    assert "fivelines" in capsys.readouterr().out
