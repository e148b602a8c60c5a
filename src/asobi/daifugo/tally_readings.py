"""Readings of "a playable prime" for checking a players' count against ours.

The players' blog (「素数大富豪素数問題に挑む」) counts the primes of each digit count that
can be laid from one deck by reasoning on the digits: a 0 needs a joker unless it is the 0 of
a 10 card (「0が含まれていたら+1、10が含まれていたら-1」, at most two such zeros), and a
digit used more than four times needs jokers for the extra copies. A :class:`CountReading`
names which of these the count uses; :func:`count_playable` counts the primes of an array
that are playable under it. ``game`` is the rules engine's reading (every split of the digits
into cards A…K, jokers for zeros and extra copies), the one :mod:`asobi.daifugo.tally` uses.

>>> import numpy as np
>>> primes = np.array([11113, 10007, 40009, 1111151], dtype=np.int64)
>>> {r.name: count_playable(primes, r) for r in READINGS}["game"]
3
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
from numba import njit

from asobi.daifugo.daifugo import Rules


@dataclass(frozen=True)
class CountReading:
    """Which cards and jokers a count allows: ``ten`` the 10 card for "10", ``jqk`` the
    J, Q, K cards for "11"…"13", ``joker_copies`` jokers for copies beyond the suits,
    ``copies_limited`` whether copies beyond the suits count at all (the zero-only count)."""

    name: str
    description: str
    ten: bool = True
    jqk: bool = True
    joker_copies: bool = True
    copies_limited: bool = True


READINGS = (
    CountReading("game", "every split into cards A…K; jokers for zeros and extra copies"),
    CountReading(
        "digits_and_tens",
        "single-digit cards and the 10 card only (no J, Q, K); jokers for zeros and copies",
        jqk=False,
    ),
    CountReading(
        "zeros_only",
        "the zero count alone (+1 per 0, −1 per 10; at most two), copies beyond four ignored",
        jqk=False,
        copies_limited=False,
    ),
    CountReading("no_ten_card", "no 10 card: every 0 needs a joker", ten=False),
    CountReading(
        "jokers_only_zero", "jokers stand only for 0, never for a fifth copy", joker_copies=False
    ),
)


@njit(cache=True)
def _fits(number, suits, jokers, joker_zero, ten, jqk, joker_copies, copies_limited):  # type: ignore[no-untyped-def]
    digits = np.zeros(20, np.int64)
    length = 0
    x = number
    while x > 0:
        digits[length] = x % 10
        x //= 10
        length += 1
    # digits[0] is the last digit; a 1 at p may pair with the digit at p - 1
    pairs = 0
    for p in range(1, length):
        follower = digits[p - 1]
        if digits[p] == 1 and ((follower == 0 and ten) or (1 <= follower <= 3 and jqk)):
            pairs |= 1 << p
    chosen = pairs
    counts = np.zeros(14, np.int64)
    while True:
        if chosen & (chosen >> 1) == 0:
            counts[:] = 0
            zeros = 0
            p = length - 1
            while p >= 0:
                if (chosen >> p) & 1:
                    counts[10 + digits[p - 1]] += 1
                    p -= 2
                    continue
                if digits[p] == 0:
                    zeros += 1
                else:
                    counts[digits[p]] += 1
                p -= 1
            if zeros == 0 or joker_zero:
                extra = 0
                allowed = True
                if copies_limited:
                    for value in range(1, 14):
                        if counts[value] > suits:
                            if joker_copies:
                                extra += counts[value] - suits
                            else:
                                allowed = False
                if allowed and zeros + extra <= jokers:
                    return True
        if chosen == 0:
            break
        chosen = (chosen - 1) & pairs
    return False


@njit(cache=True)
def _count(primes, suits, jokers, joker_zero, ten, jqk, joker_copies, copies_limited):  # type: ignore[no-untyped-def]
    found = 0
    for number in primes:
        if _fits(number, suits, jokers, joker_zero, ten, jqk, joker_copies, copies_limited):
            found += 1
    return found


def count_playable(primes: np.ndarray, reading: CountReading, rules: Rules | None = None) -> int:
    """How many of ``primes`` are playable from the deck ``rules`` under ``reading``."""
    deck = rules or Rules()
    return int(
        _count(
            np.asarray(primes, dtype=np.int64),
            deck.suits,
            deck.jokers,
            deck.joker_zero,
            reading.ten,
            reading.jqk,
            reading.joker_copies,
            reading.copies_limited,
        )
    )
