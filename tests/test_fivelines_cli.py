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


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["fivelines", "1", "x"], "'x' is not a whole number"),
        (["fivelines", "1", "-3"], "-3 is negative"),
        (["fivelines"], "Missing argument"),
        (["fivelines", "60", "--method", "search"], "more than --method search handles"),
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
