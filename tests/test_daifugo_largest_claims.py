"""The largest prime of one deck: the players' 71-digit bound for a number one can play (at
most 53 cards), the circulating number compared whole, and our whole-deck 72-digit prime,
each pushed to every verdict from a small synthetic table (one row per card count) and edits
of it; and the real search for the whole deck's row."""

from __future__ import annotations

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.daifugo.claims import with_rules
from asobi.daifugo.claims.citations import LARGEST_PRIMES
from asobi.daifugo.claims.largest_prime import (
    CIRCULATING,
    largest_prime_71_digits,
    largest_prime_circulating_number,
    largest_whole_deck_prime_72_digits,
    longest_number,
)
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.largest_table import largest_primes_frame

WHOLE = "999988887777666655554444333322221313131313121212121211111111101110110101"


def _row(cards: int, prime: str) -> dict[str, object]:
    return {
        "cards": cards,
        "prime": prime,
        "digits": len(prime),
        "certificate_kind": "ecpp",
        "layout": "…",
    }


@pytest.fixture
def table() -> pd.DataFrame:
    """Rows for 1…54 cards: small primes, then the circulating number at 53, the whole
    deck's prime at 54 (the shape of the real table, cheap to build)."""
    rows = [_row(n, str(10**n + 7)[: n + 1]) for n in range(1, 53)]
    return pd.DataFrame([*rows, _row(53, CIRCULATING), _row(54, WHOLE)])


def _claim(builder, frame: pd.DataFrame):
    tables = ResultTables(frames={LARGEST_PRIMES: frame})
    (claim,) = run_builders([with_rules(builder, Rules())], tables)
    return claim


def _with(frame: pd.DataFrame, cards: int, prime: str) -> pd.DataFrame:
    changed = frame.copy()
    changed.loc[changed["cards"] == cards, ["prime", "digits"]] = [prime, len(prime)]
    return changed


def test_the_longest_numbers_of_the_deck():
    assert longest_number(53, Rules()) == 71 and longest_number(54, Rules()) == 72
    assert longest_number(13, Rules(suits=1, jokers=0)) == 17


@checks_claim("daifugo.largest_prime_71_digits", "confirmed")
def test_71_digit_bound_confirmed_by_the_53_card_row(table):
    claim = _claim(largest_prime_71_digits, table)
    assert claim.verdict is Verdict.CONFIRMED
    assert f"lay at most {CIRCULATING} (71 digits, 53 cards" in claim.evidence
    assert "it equals the circulating number" in claim.evidence
    assert "53 cards can read has 71 digits, the whole deck's 72" in claim.evidence
    assert claim.tables == (LARGEST_PRIMES,) and "53 cards" in claim.conditions


@checks_claim("daifugo.largest_prime_71_digits", "refuted")
def test_71_digit_bound_refuted_by_a_72_digit_prime_of_53_cards(table):
    claim = _claim(largest_prime_71_digits, _with(table, 53, WHOLE))
    assert claim.verdict is Verdict.REFUTED and "differs from the circulating" in claim.evidence


@checks_claim("daifugo.largest_prime_71_digits", "undecided")
def test_71_digit_bound_undecided_without_every_card_count(table):
    claim = _claim(largest_prime_71_digits, table[table["cards"] != 30])
    assert claim.verdict is Verdict.UNDECIDED and "1…53" in claim.evidence


@checks_claim("daifugo.largest_prime_circulating_number", "confirmed")
def test_circulating_number_confirmed_digit_for_digit(table):
    claim = _claim(largest_prime_circulating_number, table)
    assert claim.verdict is Verdict.CONFIRMED and f"quoted: {CIRCULATING}" in claim.evidence


@checks_claim("daifugo.largest_prime_circulating_number", "refuted")
def test_circulating_number_refuted_by_one_digit(table):
    other = CIRCULATING[:-2] + "33"
    claim = _claim(largest_prime_circulating_number, _with(table, 53, other))
    assert claim.verdict is Verdict.REFUTED and "they part at digit 70" in claim.evidence


@checks_claim("daifugo.largest_prime_circulating_number", "undecided")
def test_circulating_number_undecided_without_the_53_card_row(table):
    claim = _claim(largest_prime_circulating_number, table[table["cards"] != 53])
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("daifugo.largest_whole_deck_prime_72_digits", "confirmed")
def test_whole_deck_prime_confirmed(table):
    claim = _claim(largest_whole_deck_prime_72_digits, table)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith(f"{WHOLE} (72 digits, 54 cards")
    assert "(ours)" in claim.statement and claim.source.startswith("asobi's finding (ours)")


@checks_claim("daifugo.largest_whole_deck_prime_72_digits", "refuted")
def test_whole_deck_prime_refuted_when_the_whole_deck_tops_out_at_71_digits(table):
    claim = _claim(largest_whole_deck_prime_72_digits, _with(table, 54, WHOLE[:71]))
    assert claim.verdict is Verdict.REFUTED and "not the largest" in claim.evidence


@checks_claim("daifugo.largest_whole_deck_prime_72_digits", "undecided")
def test_whole_deck_prime_undecided_without_its_row(table):
    claim = _claim(largest_whole_deck_prime_72_digits, table[table["cards"] != 54])
    assert claim.verdict is Verdict.UNDECIDED and "no row for 54 cards" in claim.evidence


def test_the_search_finds_the_whole_decks_72_digit_prime():
    (row,) = largest_primes_frame(Rules(), [54]).to_dict("records")
    assert row["prime"] == WHOLE and row["digits"] == 72
