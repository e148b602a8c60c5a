"""Counting playable primes without storing them: a segmented sieve feeding the digit split.

The catalogue (``primes.parquet``) stores one row per prime and stops at ``primes_max``
(10^8 by default). The tally of primes past it (``prime_tally.parquet`` to 10 digits) only
needs counts, so this path sieves a range segment by segment (odd numbers only, a few hundred
kilobytes at a time) and classifies each prime as it is found, adding it to per-digit
counters; nothing per prime is kept.

Its classification is written independently of the catalogue's
:func:`~asobi.daifugo.kernels.prime_cards_kernel`: it counts the digits once as
single-digit cards, then walks the sets of non-overlapping "1 followed by 0…3" pairs read as
one 10…13 card (J, Q, K and 10) as submasks of a bit mask of positions, updating the counts
for each pair instead of rebuilding them. Tests hold both to each other on every prime below
10^7, and the workflow holds the two tallies equal on every digit count the catalogue covers.

A prime is *playable* (出せる) when some split of its digits into cards fits one deck: four
of each card A…K and two jokers, a joker standing for any card or for 0 (a lone digit 0
needs a joker; a fifth copy of a card needs one). An *Eden prime* has no such split.

>>> counts = tally_range(2, 100_000)
>>> [int(counts.primes[d]) for d in range(1, 6)], int(counts.smallest_eden[5])
([4, 21, 143, 1061, 8363], 40009)
"""

from __future__ import annotations

import numpy as np
import pandas as pd
from numba import njit

from asobi.core.errors import DataError
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.numbers import SEGMENT_ODDS, base_primes, sieve_odds
from asobi.daifugo.tables import PRIME_TALLY_SCHEMA, TallyCounts

#: The counting path's range ends below this: digit counts are tracked as powers of ten in
#: int64 (10^19 would overflow).
TALLY_LIMIT = 10**18
#: ``classify``'s marker for "no split fits" (more than any card count).
_NO_CARDS = 99


@njit(cache=True)
def classify(number: int, suits: int, jokers: int, joker_zero: bool, scratch: np.ndarray):
    """``(fewest cards, fewest jokers)`` over the splits of ``number`` that fit the deck, or
    ``(-1, -1)`` when none fits (an Eden number). ``scratch`` holds ≥ 30 int64: the digits
    (last first) in 0…19, the count of each digit in 20…29."""
    digits = scratch[:20]
    tally = scratch[20:30]
    tally[:] = 0
    length = 0
    x = number
    while x > 0:
        digits[length] = x % 10
        x //= 10
        length += 1
    # digits[0] is the last digit; a 1 at position p may pair with the 0..3 at p - 1
    pairs = 0
    excess_high = 0  # jokers for a fifth 4..9, which no pair changes
    for p in range(length):
        tally[digits[p]] += 1
        if p >= 1 and digits[p] == 1 and digits[p - 1] <= 3:
            pairs |= 1 << p
    zeros, ones, twos, threes = tally[0], tally[1], tally[2], tally[3]
    for d in range(4, 10):
        if tally[d] > suits:
            excess_high += tally[d] - suits
    best_cards = _NO_CARDS
    best_jokers = _NO_CARDS
    chosen = pairs
    while True:
        if chosen & (chosen >> 1) == 0:  # no digit used by two pairs
            c0, c1, c2, c3 = zeros, ones, twos, threes
            h0 = h1 = h2 = h3 = 0
            bits = chosen
            merged = 0
            while bits:
                lowest = bits & -bits
                p = 0
                while lowest > 1:
                    lowest >>= 1
                    p += 1
                bits &= bits - 1
                merged += 1
                c1 -= 1
                follower = digits[p - 1]
                if follower == 0:
                    c0 -= 1
                    h0 += 1
                elif follower == 1:
                    c1 -= 1
                    h1 += 1
                elif follower == 2:
                    c2 -= 1
                    h2 += 1
                else:
                    c3 -= 1
                    h3 += 1
            if c0 == 0 or joker_zero:
                needed = c0 + excess_high
                for c in (c1, c2, c3, h0, h1, h2, h3):
                    if c > suits:
                        needed += c - suits
                if needed <= jokers:
                    cards = length - merged
                    if cards < best_cards:
                        best_cards = cards
                    if needed < best_jokers:
                        best_jokers = needed
        if chosen == 0:
            break
        chosen = (chosen - 1) & pairs
    if best_cards == _NO_CARDS:
        return -1, -1
    return best_cards, best_jokers


@njit(cache=True)
def _tally_kernel(
    lo: int,
    hi: int,
    base: np.ndarray,
    suits: int,
    jokers: int,
    joker_zero: bool,
    primes: np.ndarray,
    playable: np.ndarray,
    need_joker: np.ndarray,
    smallest_eden: np.ndarray,
    histogram: np.ndarray,
    found: np.ndarray,
    found_cards: np.ndarray,
    found_jokers: np.ndarray,
) -> int:
    """Sieve ``lo ≤ n < hi`` and count its primes into the arrays (indexed by digit count;
    ``histogram[digits, cards]``). When ``found`` is not empty, also record every prime and
    its classification there (for tests); returns how many were recorded."""
    scratch = np.zeros(32, dtype=np.int64)
    composite = np.zeros(SEGMENT_ODDS, dtype=np.bool_)
    recording = len(found) > 0
    recorded = 0
    # the prime 2 is the only even one
    if lo <= 2 < hi:
        cards, needed = classify(2, suits, jokers, joker_zero, scratch)
        _count(2, 1, cards, needed, primes, playable, need_joker, smallest_eden, histogram)
        if recording:
            found[recorded] = 2
            found_cards[recorded] = cards
            found_jokers[recorded] = needed
            recorded += 1
    start = max(lo, 3)
    if start % 2 == 0:
        start += 1
    power = 10
    length = 1
    while power <= start:
        power *= 10
        length += 1
    while start < hi:
        size = min(SEGMENT_ODDS, (hi - start + 1) // 2)
        sieve_odds(start, size, base, composite)
        for k in range(size):
            if composite[k]:
                continue
            n = start + 2 * k
            if n == 1:
                continue
            while n >= power:
                power *= 10
                length += 1
            cards, needed = classify(n, suits, jokers, joker_zero, scratch)
            _count(n, length, cards, needed, primes, playable, need_joker, smallest_eden, histogram)
            if recording:
                found[recorded] = n
                found_cards[recorded] = cards
                found_jokers[recorded] = needed
                recorded += 1
        start += 2 * size
    return recorded


@njit(cache=True)
def _count(n, length, cards, needed, primes, playable, need_joker, smallest_eden, histogram):
    primes[length] += 1
    if cards < 0:
        if smallest_eden[length] < 0 or n < smallest_eden[length]:
            smallest_eden[length] = n
        return
    playable[length] += 1
    if needed > 0:
        need_joker[length] += 1
    histogram[length, cards] += 1


def _run(lo: int, hi: int, rules: Rules, record: bool):
    if hi > TALLY_LIMIT:
        raise ValueError(f"the counting path stops below 10^18, not {hi}")
    counts = TallyCounts.empty()
    capacity = max(hi - lo, 0) // 2 + 2 if record else 0
    found = np.zeros(capacity, dtype=np.int64)
    found_cards = np.zeros(capacity, dtype=np.int64)
    found_jokers = np.zeros(capacity, dtype=np.int64)
    if hi <= lo:
        return counts, found, found_cards, found_jokers
    recorded = _tally_kernel(
        lo,
        hi,
        base_primes(hi),
        rules.suits,
        rules.jokers,
        rules.joker_zero,
        counts.primes,
        counts.playable,
        counts.need_joker,
        counts.smallest_eden,
        counts.histogram,
        found,
        found_cards,
        found_jokers,
    )
    return counts, found[:recorded], found_cards[:recorded], found_jokers[:recorded]


def tally_range(lo: int, hi: int, rules: Rules | None = None) -> TallyCounts:
    """Count the primes ``lo ≤ p < hi`` by digit count: primes, playable, needing a joker,
    the smallest Eden prime and the histogram of fewest cards. Memory does not grow with
    the range (one segment of :data:`SEGMENT_ODDS` bytes and the primes below √hi)."""
    return _run(lo, hi, rules or Rules(), record=False)[0]


def classify_range(lo: int, hi: int, rules: Rules | None = None):
    """Every prime ``lo ≤ p < hi`` with its fewest cards and fewest jokers (-1 for an Eden
    prime), as the counting path sees them: three int64 arrays. For tests; it stores every
    prime, which :func:`tally_range` never does."""
    _, found, cards, needed = _run(lo, hi, rules or Rules(), record=True)
    return found, cards, needed


# --- the tally as a table --------------------------------------------------------------------

#: π(10^k) for k = 0…12 (OEIS A006880): the tally's prime counts must add up to these.
PRIMES_BELOW_POWER_OF_TEN = (
    0,
    4,
    25,
    168,
    1_229,
    9_592,
    78_498,
    664_579,
    5_761_455,
    50_847_534,
    455_052_511,
    4_118_054_813,
    37_607_912_018,
)


def check_prime_counts(frame: pd.DataFrame, below: int) -> list[int]:
    """:class:`DataError` unless the tally of every prime below ``below`` (a power of ten)
    adds up to the published π(10^k) for each k up to it; returns the k checked."""
    primes = dict(zip(frame["digits"].astype(int), frame["primes"].astype(int), strict=True))
    checked = []
    running = 0
    for k in range(1, len(PRIMES_BELOW_POWER_OF_TEN)):
        if 10**k > below:
            break
        running += primes.get(k, 0)
        if running != PRIMES_BELOW_POWER_OF_TEN[k]:
            raise DataError(
                f"the prime tally counts {running} primes below 10^{k}, "
                f"not pi(10^{k}) = {PRIMES_BELOW_POWER_OF_TEN[k]}"
            )
        checked.append(k)
    return checked


def check_against_catalogue(counted: pd.DataFrame, catalogue: pd.DataFrame, primes_max: int):
    """:class:`DataError` unless the counting path and the catalogue's tally have the same
    row for every digit count the catalogue holds in full (``10^digits ≤ primes_max``);
    returns those digit counts."""
    complete = [d for d in catalogue["digits"].astype(int) if 10**d <= primes_max]
    left = counted.set_index("digits")
    right = catalogue.set_index("digits")
    for digits in complete:
        if digits not in left.index:
            raise DataError(f"the counting path has no row for {digits}-digit primes")
        a, b = left.loc[digits].to_dict(), right.loc[digits].to_dict()
        for column in PRIME_TALLY_SCHEMA.names[1:]:
            x, y = a[column], b[column]
            same = (
                [dict(e) for e in x] == [dict(e) for e in y]
                if column == "min_cards_histogram"
                else (pd.isna(x) and pd.isna(y)) or x == y
            )
            if not same:
                raise DataError(
                    f"{digits}-digit primes: the counting path has {column} = {x}, "
                    f"the catalogue {y}"
                )
    return complete
