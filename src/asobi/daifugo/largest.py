"""The largest prime a given number of cards can lay, found by a descending search.

A play of ``n`` cards is a sequence of ``n`` tokens (cards 1…13, or ``0`` for a joker
standing for 0, never first) that fits the deck as :func:`asobi.daifugo.daifugo.fits_deck`
decides: jokers stand for zeros and for copies beyond ``suits``. The number it lays is the
decimal concatenation of the tokens. The *candidates* for ``n`` cards are the numbers some
``n``-card play lays; several plays may lay the same number (``A J`` and ``J A`` both lay
111), and a candidate is counted once.

The search walks the candidates in descending order: longest digit strings first (a play
of ``n`` cards has between ``n`` and ``2n`` digits), then digit strings in lexicographically
descending order. It goes digit by digit, keeping every way the prefix can be split into
cards (the *states*: the tokens used, and whether a ``1`` waits for its second digit to
become 10…13), and enters a digit only when some state can still be completed to ``n``
cards and the length in hand. The first candidate that is prime is the largest.

Every larger candidate is ruled out by one of these arguments, counted separately:

``digit_sum``
    a whole subtree, pruned before it is entered: in every state of the prefix every joker
    is already placed (a free joker could take any value, so it would allow every residue),
    so the rest of the play comes from the real cards left, and every way to finish it
    gives a digit sum divisible by 3; then every candidate under the prefix is a multiple
    of 3 above 3. The subtree is recorded as ``(prefix, length)``; the candidates in it are
    counted (distinct numbers, by a count over the sets of states).
``last_digit``
    a candidate of two or more digits ending in 0, 2, 4, 5, 6 or 8 (divisible by 2 or 5).
``factor`` / ``fermat``
    a prime factor below :data:`TRIAL_PRIMES_BELOW`, or a base ``a`` with
    ``a^(N-1) mod N != 1`` (Fermat: a prime satisfies ``a^(N-1) ≡ 1``).

The search only *finds*: the prime it stops on is proven prime by a certificate
(:mod:`asobi.daifugo.primality`), and the witnesses it records are rechecked there.

>>> from asobi.daifugo.daifugo import card_names
>>> found = largest_prime(3, Rules())
>>> found.prime, card_names(found.tokens, Rules())
(131311, ['K', 'K', 'J'])
>>> largest_prime(1, Rules()).prime, largest_prime(54, Rules()).digits
(13, 72)
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from asobi.core.errors import DataError, InputError
from asobi.daifugo.daifugo import Rules, fits_deck
from asobi.daifugo.notation import JOKER_ZERO

#: Trial division of a candidate by the primes below this before a Fermat test.
TRIAL_PRIMES_BELOW = 1000
_TRIAL_PRIMES = tuple(
    p for p in range(2, TRIAL_PRIMES_BELOW) if all(p % d for d in range(2, math.isqrt(p) + 1))
)
#: Fermat bases tried in turn (one of them rules out any composite met in practice).
FERMAT_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
ARGUMENTS = ("digit_sum", "last_digit", "factor", "fermat")

_ONE_DIGIT = range(1, 10)
_TWO_DIGIT = range(10, 14)


def deck_size(rules: Rules) -> int:
    """Cards in the deck: ``suits`` copies of 1…13 plus the jokers (54 for the standard deck)."""
    return 13 * rules.suits + rules.jokers


def check_cards(cards: int, rules: Rules) -> int:
    """``cards`` if a play of that many cards exists, else :class:`InputError`."""
    if not 1 <= cards <= deck_size(rules):
        raise InputError(f"the number of cards must be 1..{deck_size(rules)}, got {cards}")
    return cards


@dataclass(frozen=True)
class _State:
    """One way to split the prefix into cards: token counts (index 0 is the joker-zero),
    jokers used, tokens begun, and whether a ``1`` awaits its second digit (10…13)."""

    counts: tuple[int, ...]
    jokers: int
    tokens: int
    pending: bool


@dataclass
class Search:
    """The outcome of one search: the prime, one play that lays it, the count of ruled-out
    candidates per argument (``digit_sum``: the candidates inside the classes), the pruned
    classes and the witnesses, larger first."""

    cards: int
    rules: Rules
    prime: int | None = None
    tokens: tuple[int, ...] = ()
    ruled_out: Counter[str] = field(default_factory=Counter)
    classes: list[tuple[str, int]] = field(default_factory=list)
    witnesses: list[tuple[int, str, int]] = field(default_factory=list)
    nodes: int = 0

    @property
    def digits(self) -> int:
        return len(str(self.prime)) if self.prime is not None else 0


def _add(state: _State, token: int, suits: int) -> tuple[tuple[int, ...], int]:
    counts = list(state.counts)
    counts[token] += 1
    extra = 1 if token == JOKER_ZERO or counts[token] > suits else 0
    return tuple(counts), state.jokers + extra


def _available(counts: tuple[int, ...], suits: int) -> tuple[int, int]:
    one = sum(max(0, suits - counts[v]) for v in _ONE_DIGIT)
    two = sum(max(0, suits - counts[v]) for v in _TWO_DIGIT)
    return one, two


def _split(cards: int, digits: int) -> tuple[int, int] | None:
    """One- and two-digit tokens making ``cards`` tokens of ``digits`` digits in all."""
    two, one = digits - cards, 2 * cards - digits
    return (one, two) if one >= 0 and two >= 0 else None


class _Walker:
    def __init__(self, cards: int, rules: Rules) -> None:
        self.n = cards
        self.suits = rules.suits
        self.jokers = rules.jokers
        self.joker_zero = rules.joker_zero

    def completes(self, counts: tuple[int, ...], jokers: int, tokens: int, rest: int) -> bool:
        """Can ``n - tokens`` more tokens of ``rest`` digits in all be taken from the deck?"""
        split = _split(self.n - tokens, rest)
        if split is None:
            return False
        one, two = _available(counts, self.suits)
        short = max(0, split[0] - one) + max(0, split[1] - two)
        return short <= self.jokers - jokers

    def finishes(self, state: _State, rest: int) -> list[tuple[tuple[int, ...], int]]:
        """The states that complete the pending ``1`` (as 10…13) and can still be finished."""
        out = []
        for token in _TWO_DIGIT:
            counts, jokers = _add(state, token, self.suits)
            if jokers <= self.jokers and self.completes(counts, jokers, state.tokens, rest - 1):
                out.append((counts, jokers))
        return out

    def alive(self, state: _State, rest: int) -> bool:
        if state.pending:
            return bool(self.finishes(state, rest))
        return self.completes(state.counts, state.jokers, state.tokens, rest)

    def step(self, states: frozenset[_State], digit: int, pos: int) -> set[_State]:
        out: set[_State] = set()
        for state in states:
            if state.pending:
                if digit <= 3:
                    counts, jokers = _add(state, 10 + digit, self.suits)
                    if jokers <= self.jokers:
                        out.add(_State(counts, jokers, state.tokens, False))
                continue
            if digit == 0 and not (self.joker_zero and pos > 0):
                continue
            counts, jokers = _add(state, digit, self.suits)
            if jokers <= self.jokers:
                out.add(_State(counts, jokers, state.tokens + 1, False))
            if digit == 1 and state.tokens < self.n:
                out.add(_State(state.counts, state.jokers, state.tokens + 1, True))
        return {s for s in out if s.tokens <= self.n}

    def residues(self, state: _State, rest: int) -> frozenset[int]:
        """Digit sums mod 3 of the completions of ``state`` (``rest`` digits to go)."""
        if state.pending:
            found: set[int] = set()
            for counts, jokers in self.finishes(state, rest):
                second = counts_delta(state.counts, counts) - 10
                after = _State(counts, jokers, state.tokens, False)
                found |= {(second + r) % 3 for r in self.residues(after, rest - 1)}
            return frozenset(found)
        split = _split(self.n - state.tokens, rest)
        if split is None:
            return frozenset()
        if split == (0, 0):
            return frozenset({0})
        if state.jokers < self.jokers:
            return frozenset({0, 1, 2})  # a joker may take any value: every residue
        groups = tuple(
            tuple(
                sum(max(0, self.suits - state.counts[v]) for v in values) for values in by_residue
            )
            for by_residue in _BY_RESIDUE
        )
        return _real_residues(groups, split)


def counts_delta(before: tuple[int, ...], after: tuple[int, ...]) -> int:
    """The token added between two count vectors."""
    return next(t for t, (a, b) in enumerate(zip(before, after, strict=True)) if a != b)


def _digit_sum(token: int) -> int:
    return sum(int(c) for c in str(token))


#: The one- and two-digit card values by the residue of their digit sum mod 3.
_BY_RESIDUE = tuple(
    tuple(tuple(v for v in values if _digit_sum(v) % 3 == r) for r in range(3))
    for values in (_ONE_DIGIT, _TWO_DIGIT)
)


@cache
def _real_residues(groups: tuple[tuple[int, ...], ...], split: tuple[int, int]) -> frozenset[int]:
    """Residues mod 3 of the digit sums of ``split[i]`` cards drawn from ``groups[i]`` (cards
    by residue of their digit sum), one- and two-digit cards."""
    sums = []
    for (g0, g1, g2), take in zip(groups, split, strict=True):
        found = set()
        for n1 in range(min(g1, take) + 1):
            for n2 in range(min(g2, take - n1) + 1):
                if take - n1 - n2 <= g0:
                    found.add((n1 + 2 * n2) % 3)
        sums.append(found)
    return frozenset((a + b) % 3 for a in sums[0] for b in sums[1])


def composite_witness(n: int) -> tuple[str, int] | None:
    """Why ``n`` is composite: ``("last_digit", d)``, ``("factor", p)`` or ``("fermat", a)``;
    None when ``n`` passes every test (a probable prime).

    >>> composite_witness(1313131313), composite_witness(1333), composite_witness(1009)
    (('factor', 13), ('factor', 31), None)
    """
    if n < 2:
        raise InputError(f"no witness for {n}")
    if n > 10 and n % 10 in (0, 2, 4, 5, 6, 8):
        return ("last_digit", n % 10)
    for p in _TRIAL_PRIMES:
        if p * p > n:
            return None
        if n % p == 0:
            return None if n == p else ("factor", p)
    for a in FERMAT_BASES:
        if pow(a, n - 1, n) != 1:
            return ("fermat", a)
    return None


def largest_prime(cards: int, rules: Rules, keep_witnesses: bool = True) -> Search:
    """The largest prime ``cards`` cards can lay, and how every larger candidate was ruled
    out (:class:`Search`); :class:`DataError` if no candidate is prime."""
    check_cards(cards, rules)
    walker = _Walker(cards, rules)
    search = Search(cards, rules)
    start = frozenset({_State((0,) * 14, 0, 0, False)})
    for length in range(2 * cards, cards - 1, -1):
        if walker.alive(next(iter(start)), length) and _descend(
            walker, search, start, "", 0, length, keep_witnesses
        ):
            return search
    raise DataError(f"no {cards}-card play lays a prime")


def candidates(cards: int, rules: Rules) -> Iterator[int]:
    """Every number some ``cards``-card play lays, largest first, each once (the search's
    walk without its pruning; for tests and small card counts).

    >>> list(candidates(1, Rules(suits=1, jokers=0)))[:5]
    [13, 12, 11, 10, 9]
    """
    check_cards(cards, rules)
    walker = _Walker(cards, rules)
    start = frozenset({_State((0,) * 14, 0, 0, False)})

    def walk(states: frozenset[_State], prefix: str, length: int) -> Iterator[int]:
        if len(prefix) == length:
            yield int(prefix)
            return
        rest = length - len(prefix)
        for digit in range(9, -1, -1):
            grown = walker.step(states, digit, len(prefix))
            alive = frozenset(s for s in grown if walker.alive(s, rest - 1))
            if alive:
                yield from walk(alive, prefix + str(digit), length)

    for length in range(2 * cards, cards - 1, -1):
        if walker.alive(next(iter(start)), length):
            yield from walk(start, "", length)


def _descend(
    walker: _Walker,
    search: Search,
    states: frozenset[_State],
    prefix: str,
    residue: int,
    length: int,
    keep: bool,
) -> bool:
    search.nodes += 1
    pos = len(prefix)
    if pos == length:
        return _leaf(search, states, int(prefix), keep)
    rest = length - pos
    if pos > 0 and all(
        all((residue + r) % 3 == 0 for r in walker.residues(s, rest)) for s in states
    ):
        search.ruled_out["digit_sum"] += _count(walker, states, pos, length, {})
        search.classes.append((prefix, length))
        return False
    for digit in range(9, -1, -1):
        grown = walker.step(states, digit, pos)
        alive = frozenset(s for s in grown if walker.alive(s, rest - 1))
        if alive and _descend(
            walker, search, alive, prefix + str(digit), (residue + digit) % 3, length, keep
        ):
            return True
    return False


def _count(
    walker: _Walker,
    states: frozenset[_State],
    pos: int,
    length: int,
    memo: dict[tuple[frozenset[_State], int], int],
) -> int:
    """How many distinct candidates lie under a prefix whose states are ``states`` (a count
    over sets of states, so numbers laid in several ways count once)."""
    if pos == length:
        return 1
    key = (states, pos)
    if key not in memo:
        total = 0
        for digit in range(10):
            grown = walker.step(states, digit, pos)
            alive = frozenset(s for s in grown if walker.alive(s, length - pos - 1))
            if alive:
                total += _count(walker, alive, pos + 1, length, memo)
        memo[key] = total
    return memo[key]


def _leaf(search: Search, states: frozenset[_State], n: int, keep: bool) -> bool:
    witness = composite_witness(n)
    if witness is None:
        from sympy import isprime  # imported here: sympy takes a second to load

        if n == 1 or not isprime(n):
            raise DataError(f"{n} passes the Fermat tests but is not prime: no witness recorded")
        search.prime = n
        search.tokens = play_of(n, search.cards, search.rules)
        return True
    search.ruled_out[witness[0]] += 1
    if keep:
        search.witnesses.append((n, *witness))
    return False


def play_of(n: int, cards: int, rules: Rules) -> tuple[int, ...]:
    """A play of exactly ``cards`` cards laying ``n`` (the first in descending card order)."""
    text = str(n)

    def walk(i: int, acc: tuple[int, ...]) -> tuple[int, ...] | None:
        if i == len(text):
            return acc if len(acc) == cards else None
        left, rest = cards - len(acc), len(text) - i
        if not left <= rest <= 2 * left or not fits_deck(acc, rules):
            return None
        options = []
        if text[i] == "1" and i + 1 < len(text) and text[i + 1] <= "3":
            options.append((int(text[i : i + 2]), 2))
        if text[i] != "0":
            options.append((int(text[i]), 1))
        elif rules.joker_zero and i > 0:
            options.append((JOKER_ZERO, 1))
        for token, width in options:
            found = walk(i + width, (*acc, token))
            if found is not None and fits_deck(found, rules):
                return found
        return None

    found = walk(0, ())
    if found is None:
        raise DataError(f"{n} cannot be laid with {cards} cards")
    return found
