"""The players' 71-digit figure for the largest prime of one deck, pushed to every verdict
from the real table of three card counts (1, 18 and the whole deck) and edits of it."""

from __future__ import annotations

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.daifugo.claims.citations import LARGEST_PRIMES
from asobi.daifugo.claims.largest_prime import largest_prime_71_digits
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.largest_table import largest_primes_frame

PRIME = "999988887777666655554444333322221313131313121212121211111111101110110101"


@pytest.fixture(scope="module")
def table() -> pd.DataFrame:
    return largest_primes_frame(Rules(), [1, 18, 54])


def _claim(frame: pd.DataFrame):
    (claim,) = run_builders([largest_prime_71_digits], ResultTables(frames={LARGEST_PRIMES: frame}))
    return claim


@checks_claim("daifugo.largest_prime_71_digits", "refuted")
def test_claim_refuted_by_the_72_digit_prime(table):
    claim = _claim(table)
    assert claim.verdict is Verdict.REFUTED
    assert f"54 cards lay at most {PRIME} (72 digits, ecpp" in claim.evidence
    assert "it is the largest" in claim.evidence
    assert claim.tables == (LARGEST_PRIMES,)


@checks_claim("daifugo.largest_prime_71_digits", "confirmed")
def test_claim_confirmed_when_the_whole_deck_tops_out_at_71_digits(table):
    changed = table.copy()
    changed.loc[2, ["prime", "digits"]] = [PRIME[:71], 71]
    assert _claim(changed).verdict is Verdict.CONFIRMED


@checks_claim("daifugo.largest_prime_71_digits", "undecided")
def test_claim_undecided_without_rows(table):
    assert _claim(table.iloc[:0]).verdict is Verdict.UNDECIDED
