"""How often a dealt hand can start a revolution: exact odds over rank counts, and a sampler.

The article (section 「ラマヌジャン革命」) weighs rules for starting a revolution (革命) by how
often a hand allows them. A hand of ``h`` cards is dealt from the deck of ``13·suits`` cards
and ``jokers`` jokers (54 by default). For every event below we count the hands exactly: a
hand is a multiset of ranks, so we enumerate the *rank-count vectors* ``(j, c_1, …, c_13)``
(``j`` jokers, ``c_r`` cards of rank r) with ``j + Σ c_r = h``, each standing for
``C(jokers, j) · Π C(suits, c_r)`` hands; the probability is the weighted share of the
vectors where the event holds, an exact fraction of ``C(deck, h)``.

Events (each with jokers unused, and with the hand's jokers standing in for missing cards):

``ramanujan_as_prime``
    1729 played as if prime: the four cards A, 7, 2, 9 (the rule the article adopts).
``ramanujan_composite``
    1729 as a composite play 7·13·19 with its factor cards (A 7 2 9, 7, K or A 3, A 9: eight
    or nine cards; the rule the article rejects as too hard).
``prime_four_or_more``
    Some prime laid with four or more cards (the "four-card revolution" the article first
    considered); a joker may stand for any card or for 0 (never leading).
``grothendieck``
    57 (the cards 5, 7), for comparison.
``four_of_a_kind``
    Four cards of one rank: the revolution of ordinary daifugō (大富豪), for comparison.

Whether a hand can lay a prime of four or more cards is decided through the family of hands
that *cannot*: it is closed under taking sub-hands, so it is built size by size (a hand of
``k + 1`` cards is in it when every ``k``-card sub-hand is and its own cards form no prime in
any order), and it is small (hands of even cards and fives, hands whose digit sums are all
multiples of 3, …). Primality of numbers of up to 22 digits is exact
(:func:`asobi.daifugo.numbers.is_prime_exact`).

>>> odds = HandOdds(Rules())
>>> odds.probability("ramanujan_as_prime", 4, jokers=False)
Fraction(256, 316251)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache, cached_property
from itertools import combinations_with_replacement

import numpy as np

from asobi.daifugo.daifugo import GROTHENDIECK, RAMANUJAN, Rules, lay_numbers
from asobi.daifugo.numbers import is_prime_exact

JOKER = 0  # index of the jokers in a rank-count vector (ranks are 1…13)
N_SYMBOLS = 14
MIN_PRIME_CARDS = 4
EVENTS = (
    "ramanujan_as_prime",
    "ramanujan_composite",
    "prime_four_or_more",
    "grothendieck",
    "four_of_a_kind",
)
#: The factors of 1729 = 7·13·19, for the composite play the article rejects.
RAMANUJAN_FACTORS = (7, 13, 19)
ODD_ENDINGS = frozenset({1, 3, 7, 9, 11, 13})  # a prime of two or more digits ends in 1, 3, 7, 9


def _digit_sum(token: int) -> int:
    return sum(int(d) for d in str(token))


def can_lay_prime(hand: Sequence[int]) -> bool:
    """True when all cards of ``hand`` (a rank-count vector) laid in some order read a prime.

    Jokers stand for any card 1…13 or for 0 (never leading). Only hands of two or more cards
    are asked here, so the last card must end in 1, 3, 7 or 9, and a digit sum divisible by
    3 rules an arrangement out.

    >>> can_lay_prime((0, 1, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))  # A and 3: 13 or 31
    True
    >>> can_lay_prime((0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))  # 3333 = 3·11·101
    False
    """
    cards = Counter({rank: hand[rank] for rank in range(1, N_SYMBOLS) if hand[rank]})
    for stand_ins in combinations_with_replacement(range(N_SYMBOLS), hand[JOKER]):
        tokens = cards + Counter(stand_ins)
        if sum(_digit_sum(t) * k for t, k in tokens.items()) % 3 == 0:
            continue
        for last in sorted(ODD_ENDINGS & tokens.keys()):
            rest = tokens - Counter({last: 1})
            for order in _orders(rest):
                if order and order[0] == 0:
                    continue
                if is_prime_exact(int("".join(map(str, (*order, last))))):
                    return True
    return False


def _orders(tokens: Counter[int]) -> Iterator[tuple[int, ...]]:
    """Every distinct order of a multiset of tokens."""
    if not +tokens:
        yield ()
        return
    for first in sorted(+tokens):
        for rest in _orders(tokens - Counter({first: 1})):
            yield (first, *rest)


@dataclass(frozen=True)
class HandOdds:
    """Exact odds of the events for hands dealt from the deck of ``rules``."""

    rules: Rules

    @cached_property
    def caps(self) -> np.ndarray:
        """Copies of each symbol in the deck: jokers, then ranks 1…13."""
        return np.array([self.rules.jokers] + [self.rules.suits] * 13, dtype=np.int64)

    @property
    def deck(self) -> int:
        """Cards in the deck."""
        return int(self.caps.sum())

    def key(self, counts: np.ndarray) -> np.ndarray:
        """One integer per rank-count vector (rows of ``counts``): the counts as digits in
        base ``max(caps) + 1`` (column by column, so that no int64 copy of ``counts`` is
        made: there are about two million vectors of 11 cards)."""
        base = int(self.caps.max()) + 1
        keys = np.zeros(len(counts), dtype=np.int64)
        for symbol in reversed(range(N_SYMBOLS)):
            keys *= base
            keys += counts[:, symbol]
        return keys

    def hands(self, size: int) -> tuple[np.ndarray, np.ndarray]:
        """Every rank-count vector of ``size`` cards and the number of hands it stands for."""
        return _hand_vectors(self.rules, size)

    @cached_property
    def _ramanujan_plays(self) -> dict[str, list[tuple[int, ...]]]:
        composite = lay_numbers([RAMANUJAN, *RAMANUJAN_FACTORS], self.rules)
        return {
            "ramanujan_as_prime": list(lay_numbers([RAMANUJAN], self.rules)),
            "ramanujan_composite": list(composite),
            "grothendieck": list(lay_numbers([GROTHENDIECK], self.rules)),
        }

    def cannot_lay_prime(self, max_size: int) -> np.ndarray:
        """Sorted keys of the hands of 4…``max_size`` cards that cannot lay any prime of four
        or more cards (see the module docstring)."""
        hands = [h for level in _cannot_lay_prime(self.rules, max_size) for h in level]
        return np.sort(self.key(np.array(hands, dtype=np.int64).reshape(-1, N_SYMBOLS)))

    def events(self, counts: np.ndarray, jokers: bool) -> dict[str, np.ndarray]:
        """For each event, which hands (rows of rank-count vectors) allow it."""
        # small integers and only the ranks a play needs: the vectors of 11 cards are about
        # two million rows, and int64 temporaries of all 14 columns cost seconds
        held = counts.astype(np.int16)
        if not jokers:
            held[:, JOKER] = 0
        wild = held[:, JOKER]
        found = {}
        for name, plays in self._ramanujan_plays.items():
            possible = np.zeros(len(counts), dtype=bool)
            for play in plays:
                need = np.bincount(np.array(play, dtype=np.int64), minlength=N_SYMBOLS)
                missing = np.full(len(counts), need[JOKER], dtype=np.int16)
                for rank in np.flatnonzero(need[1:]) + 1:
                    missing += np.maximum(np.int16(need[rank]) - held[:, rank], 0)
                possible |= missing <= wild
            found[name] = possible
        size = held.sum(axis=1)
        largest = int(counts.sum(axis=1).max()) if len(counts) else MIN_PRIME_CARDS
        cannot = self.cannot_lay_prime(largest)
        found["prime_four_or_more"] = (size >= MIN_PRIME_CARDS) & ~np.isin(self.key(held), cannot)
        found["four_of_a_kind"] = held[:, 1:].max(axis=1) + wild >= 4
        return {name: found[name] for name in EVENTS}

    def probability(self, event: str, size: int, jokers: bool) -> Fraction:
        """The exact probability that a hand of ``size`` cards allows ``event``."""
        counts, weights = self.hands(size)
        holds = self.events(counts, jokers)[event]
        return Fraction(int(weights[holds].sum()), math.comb(self.deck, size))

    def table(self, sizes: Sequence[int]) -> list[dict[str, object]]:
        """One row per hand size, event and joker setting, with exact counts of hands."""
        rows = []
        for size in sizes:
            counts, weights = self.hands(size)
            total = math.comb(self.deck, size)
            for jokers in (False, True):
                for event, holds in self.events(counts, jokers).items():
                    hands = int(weights[holds].sum())
                    fraction = Fraction(hands, total)
                    rows.append(
                        {
                            "hand_size": size,
                            "event": event,
                            "jokers": jokers,
                            "hands": hands,
                            "total": total,
                            "probability_exact": f"{fraction.numerator}/{fraction.denominator}",
                            "probability": float(fraction),
                        }
                    )
        return rows

    def sample(self, size: int, deals: int, seed: int, chunk: int = 100_000) -> np.ndarray:
        """Rank-count vectors of ``deals`` random hands (seeded, vectorised)."""
        rng = np.random.default_rng(seed)
        symbol_of_card = np.repeat(np.arange(N_SYMBOLS), self.caps)
        parts = []
        for start in range(0, deals, chunk):
            rows = min(chunk, deals - start)
            cards = rng.random((rows, self.deck)).argpartition(size, axis=1)[:, :size]
            symbols = symbol_of_card[cards]
            parts.append((symbols[:, :, None] == np.arange(N_SYMBOLS)).sum(axis=1))
        return np.vstack(parts) if parts else np.zeros((0, N_SYMBOLS), dtype=np.int64)


#: Players of ordinary daifugō the yardstick deals to: the whole deck shared by four players.
ORDINARY_PLAYERS = 4
#: Player counts the ordinary-daifugō odds table covers (three to five players are usual).
ORDINARY_PLAYER_COUNTS = (3, 4, 5)


def ordinary_hand_size(rules: Rules, players: int = ORDINARY_PLAYERS) -> int:
    """Cards in the smallest hand when ordinary daifugō deals the whole deck of ``rules``
    (52 cards and the jokers) to ``players``: 13 for the 54-card deck and four players.

    >>> ordinary_hand_size(Rules())
    13
    """
    return (13 * rules.suits + rules.jokers) // players


def four_of_a_kind_probability(rules: Rules, size: int, jokers: bool) -> Fraction:
    """The exact chance that a hand of ``size`` cards from the deck of ``rules`` holds four
    cards of one rank (ordinary daifugō's revolution), the hand's jokers standing in when
    ``jokers`` (as :meth:`HandOdds.probability` for ``four_of_a_kind``, by a generating
    function instead of enumerating hands, so that large hands cost nothing).

    A hand has no four of a kind when, with ``j`` jokers in it and ``w`` of them wild, every
    rank has at most ``3 - w`` cards: the number of such hands is the sum over ``j`` of
    ``C(jokers, j)`` times the coefficient of ``x^(size - j)`` in
    ``(Σ_{c ≤ 3 - w} C(suits, c) x^c)^13``.

    >>> four_of_a_kind_probability(Rules(), 5, jokers=False)
    Fraction(5, 24327)
    """
    no_four = 0
    for held in range(min(rules.jokers, size) + 1):
        most = 3 - (held if jokers else 0)
        if most < 0:
            continue
        rank = [math.comb(rules.suits, c) for c in range(min(most, rules.suits) + 1)]
        poly = [1]
        for _ in range(13):
            poly = [
                sum(poly[k - c] * rank[c] for c in range(len(rank)) if 0 <= k - c < len(poly))
                for k in range(len(poly) + len(rank) - 1)
            ]
        rest = size - held
        ways = poly[rest] if rest < len(poly) else 0
        no_four += math.comb(rules.jokers, held) * ways
    total = math.comb(13 * rules.suits + rules.jokers, size)
    return 1 - Fraction(no_four, total)


@cache
def _hand_vectors(rules: Rules, size: int) -> tuple[np.ndarray, np.ndarray]:
    caps = np.array([rules.jokers] + [rules.suits] * 13, dtype=np.int64)
    counts = np.zeros((1, 0), dtype=np.int8)
    left = np.cumsum(caps[::-1])[::-1]  # cards of this symbol and all later ones
    for symbol, cap in enumerate(caps):
        total = counts.sum(axis=1)
        grown = [
            np.hstack([counts, np.full((len(counts), 1), c, dtype=np.int8)])[
                (total + c <= size) & (total + c + left[symbol] - cap >= size)
            ]
            for c in range(int(cap) + 1)
        ]
        counts = np.vstack(grown)
    weights = np.ones(len(counts), dtype=np.int64)
    for symbol, cap in enumerate(caps):
        table = np.array([math.comb(int(cap), c) for c in range(int(cap) + 1)])
        weights *= table[counts[:, symbol]]
    if int(weights.sum()) != math.comb(int(caps.sum()), size):
        raise AssertionError(f"hand weights do not add up to C({int(caps.sum())}, {size})")
    counts.setflags(write=False)
    weights.setflags(write=False)
    return counts, weights


@cache
def _cannot_lay_prime(rules: Rules, max_size: int) -> tuple[frozenset[tuple[int, ...]], ...]:
    """Per size 4…``max_size``: the rank-count vectors that cannot lay a prime of 4+ cards."""
    caps = [rules.jokers] + [rules.suits] * 13
    smallest = (
        _vector(c) for c in combinations_with_replacement(range(N_SYMBOLS), MIN_PRIME_CARDS)
    )
    level = {
        hand
        for hand in smallest
        if all(k <= cap for k, cap in zip(hand, caps, strict=True)) and not can_lay_prime(hand)
    }
    levels = [level]
    for _ in range(MIN_PRIME_CARDS, max_size):
        grown: set[tuple[int, ...]] = set()
        seen: set[tuple[int, ...]] = set()
        for hand in level:
            for symbol in range(N_SYMBOLS):
                bigger = _plus(hand, symbol, 1)
                if hand[symbol] == caps[symbol] or bigger in seen:
                    continue
                seen.add(bigger)
                subs = (_plus(bigger, s, -1) for s in range(N_SYMBOLS) if bigger[s])
                if all(sub in level for sub in subs) and not can_lay_prime(bigger):
                    grown.add(bigger)
        level = grown
        levels.append(level)
    return tuple(frozenset(level) for level in levels)


def _vector(symbols: Sequence[int]) -> tuple[int, ...]:
    counts = Counter(symbols)
    return tuple(counts.get(s, 0) for s in range(N_SYMBOLS))


def _plus(hand: tuple[int, ...], symbol: int, step: int) -> tuple[int, ...]:
    return hand[:symbol] + (hand[symbol] + step,) + hand[symbol + 1 :]
