"""How each 素数大富豪 claim gets its verdict: the article's facts and the thresholds of its
words as what they commit to (a direction, an order, the source's own yardstick: never a
cut-off of ours), and one small decision function per kind of claim, over the facts a
builder computed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from asobi.core.claims import Verdict, verdict_from
from asobi.daifugo.daifugo import RAMANUJAN

#: The article's smallest composite that cannot be laid without exponent notation.
FIRST_UNPLAYABLE_COMPOSITE = 128
#: The article's smallest Eden prime (no deal can lay it).
FIRST_EDEN_PRIME = 40009
#: Cards 1729 needs, the count of ordinary daifugō's revolution.
REVOLUTION_CARDS = 4
#: The Carmichael numbers the article names below 1729.
SMALLER_CARMICHAEL = (561, 1105)
#: Carmichael numbers are looked for up to this (and ``n_max``).
CARMICHAEL_SEARCH_MAX = 100_000
#: Factors a player sees at a glance (last digit, digit sum): 2, 3 and 5.
VISIBLE_FACTORS = (2, 3, 5)
#: The Genocchi index of 17, the one positive Genocchi prime the article names.
GENOCCHI_17_INDEX = 8
#: Primes below this are asked whether they need a joker.
JOKER_PRIMES_BELOW = 10**6
#: The plays of primes and square-free numbers are enumerated both ways up to this (seconds).
SQUARE_FREE_PLAYS_MAX = 10_000


def decide_all_hold(checks: Mapping[str, bool]) -> Verdict:
    """A worked example: confirmed when every step of it holds in the engine, else refuted."""
    return verdict_from(bool(checks) and all(checks.values()))


def decide_least(found: int | None, expected: int, searched_to: int) -> Verdict:
    """ "The least n with a property is ``expected``": confirmed when the table's least is it;
    undecided when the table stops below ``expected`` and has none; refuted otherwise."""
    if found == expected:
        return Verdict.CONFIRMED
    if found is None and searched_to < expected:
        return Verdict.UNDECIDED
    return Verdict.REFUTED


def decide_carmichael(cards: Mapping[int, int | None], n_max: int) -> Verdict:
    """1729 the third Carmichael number (561 and 1105 the only ones below it, as the article
    lists them) and the least needing ``REVOLUTION_CARDS`` cards, 561 and 1105 fewer:
    undecided when the table stops below 1729."""
    if n_max < RAMANUJAN:
        return Verdict.UNDECIDED
    first = next((n for n, c in sorted(cards.items()) if c is not None and c >= 4), None)
    smaller = all(
        cards.get(n) is not None and cards[n] < REVOLUTION_CARDS for n in SMALLER_CARMICHAEL
    )
    third = sorted(n for n in cards if n < RAMANUJAN) == list(SMALLER_CARMICHAEL)
    return verdict_from(
        first == RAMANUJAN and cards[RAMANUJAN] == REVOLUTION_CARDS and smaller and third
    )


def decide_looks_prime(smallest: Mapping[int, int | None]) -> Verdict:
    """1729's least prime factor is 7 (not one seen at a glance); 561 and 1105 have one of
    ``VISIBLE_FACTORS`` (undecided when a factor is unknown: the table is too short)."""
    if any(p is None for p in smallest.values()):
        return Verdict.UNDECIDED
    visible = all(smallest[n] in VISIBLE_FACTORS for n in SMALLER_CARMICHAEL)
    return verdict_from(smallest[RAMANUJAN] == 7 and visible)


def decide_genocchi(positive_primes: Sequence[int], top: int) -> tuple[Verdict, str | None]:
    """17 (G_8) the only positive Genocchi prime: refuted by any other positive prime (or by
    G_8 not prime); confirmed up to the index checked (the caveat), undecided below 8."""
    if top < GENOCCHI_17_INDEX and not positive_primes:
        return Verdict.UNDECIDED, f"the table stops at index {top}, below G_8 = 17"
    if list(positive_primes) != [GENOCCHI_17_INDEX]:
        return Verdict.REFUTED, None
    return Verdict.CONFIRMED, f"checked for even indices up to {top}; no proof beyond"


def decide_exists(count: int) -> Verdict:
    """ "Some n has the property": confirmed by one, refuted by none in the table."""
    return verdict_from(count > 0)


def decide_for_all(failures: int, checked: int, bound: str) -> tuple[Verdict, str | None]:
    """A statement about every n, checked on a finite table: refuted by one failure;
    undecided with nothing checked; else confirmed with the bound as caveat."""
    if failures:
        return Verdict.REFUTED, None
    if not checked:
        return Verdict.UNDECIDED, f"nothing to check {bound}"
    return Verdict.CONFIRMED, f"checked {bound}, no proof beyond"


def more_often(p: float, reference: float) -> bool:
    """``p`` is higher than the reference odds (the article's "more often than")."""
    return p > reference


def rarer(p: float, reference: float) -> bool:
    """``p`` is lower than the reference odds ("harder", "not as frequent")."""
    return p < reference


def at_most(p: float, reference: float) -> bool:
    """``p`` is no higher than the reference odds (not more frequent)."""
    return p <= reference
