"""素数大富豪: exact hand odds against independent counts, brute force and a Monte Carlo run."""

from __future__ import annotations

import itertools
import math
import random
from fractions import Fraction

import numpy as np
import pytest

from asobi.daifugo.claims.decisions import at_most, more_often, rarer
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.numbers import is_prime_exact
from asobi.daifugo.odds import EVENTS, N_SYMBOLS, HandOdds, can_lay_prime
from asobi.daifugo.tables import hand_odds_frame

RULES = Rules()
ODDS = HandOdds(RULES)
MONTE_CARLO_DEALS = 10**6


def without_ranks(ranks: int, size: int) -> Fraction:
    """Inclusion–exclusion: the chance that a hand holds every one of ``ranks`` ranks."""
    return sum(
        (
            Fraction((-1) ** k * math.comb(ranks, k) * math.comb(54 - 4 * k, size))
            for k in range(ranks + 1)
        ),
        Fraction(0),
    ) / math.comb(54, size)


@pytest.mark.parametrize("size", [4, 5, 7, 11])
def test_ramanujan_and_grothendieck_match_inclusion_exclusion(size):
    assert ODDS.probability("ramanujan_as_prime", size, jokers=False) == without_ranks(4, size)
    assert ODDS.probability("grothendieck", size, jokers=False) == without_ranks(2, size)


def test_four_of_a_kind_without_jokers_in_five_cards():
    # 13 ranks, the fifth card any of the other 50
    assert ODDS.probability("four_of_a_kind", 5, jokers=False) == Fraction(
        13 * 50, math.comb(54, 5)
    )


def test_the_composite_1729_needs_eight_cards():
    assert ODDS.probability("ramanujan_composite", 7, jokers=True) == 0
    # exactly the eight cards A A 7 7 2 9 9 K (A 3 instead of K makes nine)
    eight = ODDS.probability("ramanujan_composite", 8, jokers=False)
    assert eight == Fraction(6 * 6 * 4 * 6 * 4, math.comb(54, 8))


def test_hand_weights_cover_every_deal():
    counts, weights = ODDS.hands(6)
    assert int(weights.sum()) == math.comb(54, 6)
    assert (counts.sum(axis=1) == 6).all() and len(np.unique(ODDS.key(counts))) == len(counts)


def brute_force_prime(hand: tuple[int, ...]) -> bool:
    """Some sub-hand of four or more cards, in some order, jokers as any card or 0, is prime."""
    cards = [s for s in range(N_SYMBOLS) for _ in range(hand[s])]
    for size in range(4, len(cards) + 1):
        for chosen in set(itertools.combinations(cards, size)):
            jokers = chosen.count(0)
            real = [c for c in chosen if c != 0]
            for values in itertools.product(range(14), repeat=jokers):
                for order in set(itertools.permutations([*real, *values])):
                    if order[0] != 0 and is_prime_exact(int("".join(map(str, order)))):
                        return True
    return False


def test_prime_of_four_or_more_cards_against_brute_force():
    rng = random.Random(17)
    counts, _ = ODDS.hands(5)
    rows = [counts[i] for i in rng.sample(range(len(counts)), 60)]
    # hands the family of blocked hands must catch: even cards, fives, digit sums of 3
    rows += [
        np.array([0, 0, 2, 0, 2, 1, 0, 0, 0, 0, 0, 0, 0, 0]),
        np.array([0, 0, 0, 2, 0, 0, 1, 0, 0, 2, 0, 0, 0, 0]),
        np.array([0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1]),
        np.array([2, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0, 0]),
    ]
    found = ODDS.events(np.array(rows), jokers=True)["prime_four_or_more"]
    for row, holds in zip(rows, found, strict=True):
        assert holds == brute_force_prime(tuple(int(c) for c in row)), row
    assert not found[-4] and not found[-3]


def test_can_lay_prime_uses_every_card():
    assert can_lay_prime((0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))  # 13
    assert not can_lay_prime((0, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0))  # 2, 2, 4: even
    assert can_lay_prime((1, 0, 2, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0))  # 2, 2, 4 and a joker


def binomial_interval(n: int, p: float, level: float) -> tuple[int, int]:
    """The central ``level`` interval of a Binomial(n, p) count, from its exact pmf."""
    if p in (0.0, 1.0):
        return (round(n * p),) * 2
    tail = (1 - level) / 2
    sd = math.sqrt(n * p * (1 - p))
    ks = range(max(0, int(n * p - 12 * sd) - 10), min(n, int(n * p + 12 * sd) + 10) + 1)
    log_pmf = [
        math.lgamma(n + 1)
        - math.lgamma(k + 1)
        - math.lgamma(n - k + 1)
        + k * math.log(p)
        + (n - k) * math.log1p(-p)
        for k in ks
    ]
    pmf = np.exp(np.array(log_pmf))
    cdf = np.cumsum(pmf)
    low = ks[int(np.searchsorted(cdf, tail))]
    high = ks[int(np.searchsorted(cdf, 1 - tail))]
    return low, high


@pytest.mark.parametrize("size", [5, 7, 11])
def test_monte_carlo_deals_fall_in_the_exact_intervals(size):
    counts, weights = ODDS.hands(size)
    dealt = ODDS.sample(size, MONTE_CARLO_DEALS, seed=size)
    assert dealt.shape == (MONTE_CARLO_DEALS, N_SYMBOLS) and (dealt.sum(axis=1) == size).all()
    for jokers in (False, True):
        exact = ODDS.events(counts, jokers)
        sampled = ODDS.events(dealt, jokers)
        for event in EVENTS:
            p = float(Fraction(int(weights[exact[event]].sum()), math.comb(54, size)))
            low, high = binomial_interval(MONTE_CARLO_DEALS, p, 0.999)
            hits = int(sampled[event].sum())
            assert low <= hits <= high, (size, jokers, event, hits, (low, high), p)


def test_table_rows_and_exact_fractions():
    frame = hand_odds_frame(RULES, [5, 7])
    assert len(frame) == 2 * 2 * len(EVENTS)
    for row in frame.itertuples():
        assert Fraction(row.probability_exact) == Fraction(row.hands, row.total)
        assert row.probability == pytest.approx(row.hands / row.total)
    smaller_deck = hand_odds_frame(Rules(suits=2, jokers=0), [5])
    assert (smaller_deck["total"] == math.comb(26, 5)).all()


# --- the claims' decision functions -------------------------------------------------------


def test_decisions_compare_only_in_the_direction_the_article_commits_to():
    """No band of our own: an order between two chances, and nothing about its size."""
    assert more_often(0.011, 0.01) and not more_often(0.01, 0.01)
    assert rarer(0.009, 0.01) and not rarer(0.01, 0.01)
    assert at_most(0.01, 0.01) and not at_most(0.0101, 0.01)
