"""The largest playable prime per card count: the descending search against brute force, its
layouts, the certificates and their verifier (tampered ones fail), the table check, the CLI
and the players' 71-digit claim pushed both ways."""

from __future__ import annotations

import itertools
import json
from collections import Counter
from functools import cache

import pandas as pd
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sympy import isprime, nextprime

from asobi.cli import main
from asobi.core.errors import DataError
from asobi.core.runlog import run_step
from asobi.core.tables import write_table
from asobi.daifugo.daifugo import Rules, fits_deck
from asobi.daifugo.largest import (
    candidates,
    composite_witness,
    deck_size,
    largest_prime,
    play_of,
)
from asobi.daifugo.largest_table import (
    LARGEST_PRIMES_SCHEMA,
    check_rows,
    largest_primes_frame,
    layout_tokens,
    write_largest_primes_check,
)
from asobi.daifugo.primality import (
    CertificateError,
    certify,
    check_digit_sum_class,
    check_witness,
    verify,
)

DECKS = [
    Rules(),
    Rules(suits=1, jokers=0),
    Rules(suits=1, jokers=1),
    Rules(suits=2, jokers=1, joker_zero=False),
    Rules(suits=1, jokers=2),
]


def _every_play(cards: int, rules: Rules) -> set[int]:
    """The numbers laid by every sequence of ``cards`` tokens that fits the deck (plain)."""
    numbers = set()
    for play in itertools.product(range(14), repeat=cards):
        if play[0] == 0 or (not rules.joker_zero and 0 in play) or not fits_deck(play, rules):
            continue
        numbers.add(int("".join(map(str, play))))
    return numbers


def brute_force(cards: int, rules: Rules) -> int | None:
    return max((n for n in _every_play(cards, rules) if isprime(n)), default=None)


@cache
def _search(cards: int):
    return largest_prime(cards, Rules())


# --- the search -----------------------------------------------------------------------------


@pytest.mark.parametrize("rules", DECKS)
@pytest.mark.parametrize("cards", [1, 2, 3])
def test_search_equals_brute_force_on_small_card_counts(cards, rules):
    assert largest_prime(cards, rules).prime == brute_force(cards, rules)


@pytest.mark.parametrize(
    ("cards", "rules"), [(c, r) for c in (1, 2, 3) for r in DECKS] + [(4, DECKS[2]), (4, DECKS[3])]
)
def test_candidates_walk_every_play_in_descending_order_once(cards, rules):
    walked = list(candidates(cards, rules))
    assert walked == sorted(_every_play(cards, rules), reverse=True)


@pytest.mark.parametrize("rules", [DECKS[2], DECKS[3], DECKS[4]])
def test_search_equals_brute_force_on_four_cards_of_small_decks(rules):
    assert largest_prime(4, rules).prime == brute_force(4, rules)


@pytest.mark.parametrize(
    ("rules", "most"), [(DECKS[2], 14), (DECKS[4], 15), (DECKS[3], 20), (Rules(), 15)]
)
def test_pruned_search_equals_the_unpruned_walk_on_every_card_count_of_small_decks(rules, most):
    classes = 0
    for cards in range(1, min(deck_size(rules), most) + 1):
        found = largest_prime(cards, rules)
        above, prime = next((i, n) for i, n in enumerate(candidates(cards, rules)) if isprime(n))
        assert found.prime == prime
        assert sum(found.ruled_out.values()) == above  # every larger candidate, counted once
        classes += len(found.classes)
    assert classes > 0  # the digit-sum pruning took part


def test_the_whole_deck_lays_a_72_digit_prime_with_both_jokers_as_two_digit_cards():
    found = _search(54)
    assert found.digits == 72  # every card, the jokers as 10…13: the most digits possible
    assert Counter(found.tokens)[1] == 4 and len(found.tokens) == 54
    assert len(found.classes) == 5 and found.ruled_out["digit_sum"] == 9_766_190


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=54))
def test_every_layout_lays_its_prime_within_the_deck(cards):
    found = _search(cards)
    counts = Counter(found.tokens)
    assert "".join(map(str, found.tokens)) == str(found.prime)
    assert len(found.tokens) == cards and found.tokens[0] != 0
    assert fits_deck(found.tokens, Rules())
    extra = counts[0] + sum(max(0, c - 4) for v, c in counts.items() if v)
    assert extra <= 2 and all(c <= 6 for c in counts.values())
    assert found.digits >= cards


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=54))
def test_every_witness_is_larger_and_proves_its_candidate_composite(cards):
    found = _search(cards)
    previous = None
    for n, kind, value in found.witnesses:
        check_witness(n, kind, value, found.prime)
        assert previous is None or n < previous  # descending order, each candidate once
        previous = n
    for prefix, length in found.classes:
        check_digit_sum_class(prefix, length, cards, Rules())


def test_composite_witness_and_play_of():
    assert composite_witness(91) == ("factor", 7)
    assert composite_witness(341 * 1) == ("factor", 11)
    assert composite_witness(2**61 - 1) is None
    assert play_of(131311, 3, Rules()) == (13, 13, 11)
    with pytest.raises(DataError, match="cannot be laid"):
        play_of(131311, 2, Rules())


# --- the certificates -------------------------------------------------------------------------

PRIME = 999988887777666655554444333322221313131313121212121211111111101110110101


@pytest.fixture(scope="module")
def ecpp() -> dict:
    return json.loads(certify(PRIME))


def test_genuine_certificates_are_accepted(ecpp):
    assert verify(ecpp, PRIME) == "ecpp"
    assert verify(certify(131311), 131311) == "miller_rabin"
    assert verify(certify(2**64 + 13), 2**64 + 13) == "ecpp"


def _tampered(cert: dict, step: int, field: int, change) -> dict:
    steps = json.loads(json.dumps(cert["steps"]))
    if field == 4:
        x, y = steps[step][4]
        steps[step][4] = [str(change(int(x))), y]
    else:
        steps[step][field] = str(change(int(steps[step][field])))
    return {**cert, "steps": steps}


@pytest.mark.parametrize(
    ("step", "field", "change", "message"),
    [
        (0, 0, lambda n: n + 2, "expected"),  # another N in the chain
        (0, 4, lambda x: x + 1, "point|infinity|composite|singular"),  # the curve point
        (0, 3, lambda a: a + 1, "infinity|composite|singular"),  # the curve
        (0, 2, lambda s: s * 2, "divide|above|infinity|expected"),  # the cofactor
        (0, 1, lambda t: t + 2, "divide|infinity|expected|composite"),  # the trace
        (-1, 4, lambda x: x + 1, "infinity|composite|singular"),  # the last step's point
    ],
)
def test_tampered_ecpp_certificates_are_rejected(ecpp, step, field, change, message):
    with pytest.raises(CertificateError, match=message):
        verify(_tampered(ecpp, step, field, change), PRIME)


def test_a_certificate_for_another_number_or_of_another_kind_is_rejected(ecpp):
    with pytest.raises(CertificateError, match="not"):
        verify(ecpp, PRIME + 2)
    with pytest.raises(CertificateError, match="Miller"):
        verify({"kind": "miller_rabin", "n": "561", "bases": [2, 3, 5]}, 561)
    with pytest.raises(CertificateError, match="Miller"):
        verify({"kind": "miller_rabin", "n": str(PRIME), "bases": [2, 3]}, PRIME)
    with pytest.raises(CertificateError, match="unknown"):
        verify({"kind": "pratt", "n": "7"}, 7)
    with pytest.raises(CertificateError, match="end"):
        verify({**ecpp, "steps": ecpp["steps"][:1]}, PRIME)


def test_tampered_witnesses_and_classes_are_rejected():
    found = _search(18)
    n, _, _ = found.witnesses[0]
    with pytest.raises(CertificateError, match="does not prove"):
        check_witness(n, "factor", 7 if n % 7 else 11, found.prime)
    with pytest.raises(CertificateError, match="does not prove"):
        check_witness(PRIME, "fermat", 2, 1)  # a prime passes Fermat
    with pytest.raises(CertificateError, match="not larger"):
        check_witness(n, "last_digit", n % 10, n + 1)
    prefix, length = found.classes[0]
    with pytest.raises(CertificateError, match="not divisible by 3|joker free"):
        check_digit_sum_class(prefix[:-1], length, 18, Rules())
    with pytest.raises(CertificateError, match="joker free"):
        check_digit_sum_class("1", 4, 2, Rules())


# --- the table and its check step --------------------------------------------------------------


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return largest_primes_frame(Rules(), [1, 18, 54])


def test_the_table_check_accepts_the_genuine_rows(table):
    assert check_rows(table, Rules()) == {"miller_rabin": 1, "ecpp": 2}
    assert layout_tokens(table["layout"].iloc[-1])[32:37] == (13,) * 5  # Joker(K) is 13


@pytest.mark.parametrize(
    ("column", "change"),
    [
        ("certificate", lambda c: c.replace('"3391094784"', '"3391094785"')),
        ("prime", lambda p: str(int(p) - 2)),
        ("layout", lambda text: text.replace("K K", "Q K", 1)),
        (
            "witnesses",
            lambda w: json.dumps([[json.loads(w)[0][0], "factor", 1], *json.loads(w)[1:]]),
        ),
        (
            "witnesses",
            lambda w: json.dumps([[str(nextprime(PRIME)), "fermat", 2], *json.loads(w)[1:]]),
        ),
        ("witnesses", lambda w: json.dumps(json.loads(w)[1:])),
        ("classes", lambda c: json.dumps([["99", 71], *json.loads(c)[1:]])),
    ],
)
def test_a_tampered_row_fails_the_check(table, column, change):
    changed = table.copy()
    before = changed.loc[2, column]
    changed.loc[2, column] = change(before)
    assert changed.loc[2, column] != before
    with pytest.raises(DataError, match="largest_primes row 54"):
        check_rows(changed, Rules())


def test_a_tampered_certificate_fails_the_run_with_one_line(table, tmp_path, capsys):
    changed = table.copy()
    cert = json.loads(changed.loc[2, "certificate"])
    cert["steps"][1][4][0] = str(int(cert["steps"][1][4][0]) + 1)
    changed.loc[2, "certificate"] = json.dumps(cert)
    path = write_table(changed, tmp_path / "t.parquet", table="t", schema=LARGEST_PRIMES_SCHEMA)
    out = tmp_path / "verified.txt"
    with pytest.raises(SystemExit) as stop:
        run_step(tmp_path / "log", write_largest_primes_check, out=out, table=path, rules={})
    assert stop.value.code == 2 and not out.exists()
    err = [line for line in capsys.readouterr().err.splitlines() if line.startswith("asobi:")]
    assert len(err) == 1 and err[0].startswith("asobi: largest_primes row 54: ECPP")
    write_largest_primes_check(out, write_table(table, path, table="t"), {})
    assert out.read_text().startswith("3 rows verified")


# --- the command line -----------------------------------------------------------------------


def test_cli_largest_prints_the_prime_and_its_layout(capsys):
    assert main(["daifugo", "largest"]) == 0
    out = capsys.readouterr().out
    assert f"54 cards: {PRIME} (72 digits), ecpp certificate" in out
    assert "Joker(K)" in out and "Joker(Q)" in out
    assert main(["daifugo", "largest", "--cards", "3"]) == 0
    assert "131311 (6 digits)" in capsys.readouterr().out
    assert main(["daifugo", "largest", "--help"]) == 0
    assert "--cards" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("value", "message"),
    [("0", "must be 1..54, got 0"), ("55", "must be 1..54, got 55"), ("x", "whole number")],
)
def test_cli_largest_refuses_a_bad_card_count(capsys, value, message):
    assert main(["daifugo", "largest", "--cards", value]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("asobi: error:") and message in err[0]
