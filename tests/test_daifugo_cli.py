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
        # issue 13: sizes an argument can set are bounded, each with its reason
        (["cards", "2305843009213693951"], "numbers above 10^18 are not supported"),
        (["layouts", "1" + "0" * 99], "numbers above 10^18 are not supported"),
        (["cards", "7" * 5000], "(got a 5000-digit number)"),
        (["check", "64=2^" + "9" * 400], "numbers above 10^18 are not supported"),
        (["layouts", "1000000000000000000"], "36 prime factors"),
        (["layouts", "576460752303423488"], "at most 16"),
        (["layouts", "64", "--limit", "-1"], "-1 is not in the range x>=0"),
        (["cards", "１２ａ"], "not a number"),
    ],
)
def test_bad_input_exits_2(capsys, args, message):
    assert main(["daifugo", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asobi: error:") and message in err and err.count("\n") == 1


def test_a_huge_exponent_is_refused_without_computing_the_power(capsys):
    assert main(["daifugo", "check", "16=2^99999999999"]) == 0
    assert "multiply to more than 16" in capsys.readouterr().out
    assert main(["daifugo", "check", "65536=2^(2^(2^99999999999))"]) == 0
    assert "multiply to more than 65536" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args", [["cards", "４０００９"], ["layouts", "６４"], ["check", "64=２^6"], ["check", "６４"]]
)
def test_full_width_digits_are_refused_as_in_every_asobi_command(capsys, args):
    # issue 13: one rule for every game (fivelines refuses "１２" too)
    assert main(["daifugo", *args]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asobi: error:") and err.count("\n") == 1


def test_big_numbers_up_to_10_18_are_answered(capsys):
    assert main(["daifugo", "layouts", "999999999999999989"]) == 0  # a prime
    assert "is not composite" in capsys.readouterr().out
    assert main(["daifugo", "cards", "1000000000000000000"]) == 0
    assert "does not fit the deck" in capsys.readouterr().out
    assert main(["daifugo", "layouts", "1944810000", "--limit", "0"]) == 0  # 16 factors
    assert "cannot be played as a composite" in capsys.readouterr().out
