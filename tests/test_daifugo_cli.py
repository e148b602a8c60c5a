"""素数大富豪 command line: answers in card names, bad numbers exit 2 with one line."""

from __future__ import annotations

import pytest

from asobi.cli import main


def test_layouts_88(capsys):
    assert main(["daifugo", "layouts", "88"]) == 0
    out = capsys.readouterr().out
    assert "2^3*11" in out and "8 8 2 3 J" in out and "8 8 2 3 A A" in out


def test_cards_40009_is_eden(capsys):
    assert main(["daifugo", "cards", "40009"]) == 0
    out = capsys.readouterr().out
    assert "Eden prime" in out and "Joker(0)" in out


def test_check_1729_starts_revolution(capsys):
    assert main(["daifugo", "check", "1729", "--field", "1409:4"]) == 0
    out = capsys.readouterr().out
    assert "revolution on" in out and "A 7 2 9" in out


def test_check_foul(capsys):
    assert main(["daifugo", "check", "5187=3*1729"]) == 0
    assert "FOUL" in capsys.readouterr().out


def test_layouts_plain_and_limit(capsys):
    assert main(["daifugo", "layouts", "128", "--plain"]) == 0
    assert "cannot be played" in capsys.readouterr().out
    assert main(["daifugo", "layouts", "65536", "--limit", "2"]) == 0
    assert "more (use --limit)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["cards", "12a"], "not a number"),
        (["cards", "0"], "must be positive"),
        (["cards", "-7"], "must be positive"),
        (["layouts", "x"], "not a number"),
        (["check", "64=2*"], "expected"),
        (["check", "7", "--field", "abc"], "not a number"),
        (["cards", "13", "--suits", "0"], "suits"),
    ],
)
def test_bad_input_exits_2(capsys, args, message):
    assert main(["daifugo", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asobi: error:") and message in err and err.count("\n") == 1
