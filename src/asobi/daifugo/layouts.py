"""The composite-play enumerator of 素数大富豪: every way to lay a composite with its factors.

A composite ``N`` is laid together with cards for a factorisation into primes whose product
is ``N`` (合成数出し). A term is a prime ``p`` (repeated factors are repeated) or, with
exponent notation (指数表記出し), ``p^E`` where ``E`` is an exponent *tower* ``t1^t2^…``
read from the right (``2^(2^4)``), every level at least 2: exponents 1 and 0 are refused.
Exponent notation may be partial (``2*2*2*2^3``); we also allow any split of a multiplicity
into several powers (``2^3*2^3`` for 64) since the article only asks the product to be the
factorisation. 57 (グロタンディーク素数) and 1729 (ラマヌジャンのタクシー数) are never
factors (they are not prime), and 1729 may never be played as a composite.

A *layout* of a composite play is an expression together with the multiset of cards it
discards (the number's own cards plus the expression's cards, within the deck's limits, see
:func:`asobi.daifugo.daifugo.lay_numbers`); two layouts differ when the expression or the
card multiset differs (88 = ``2^3*11`` laid with ``J`` or with ``A, A`` gives two layouts).
This plain enumerator is the reference for the numba kernel
(:mod:`asobi.daifugo.kernels`) and the z3 model (:mod:`asobi.daifugo.z3check`).

>>> [str(layout) for layout in composite_layouts(88, Rules())][:2]
['88 = 2^3*11: 8 8 2 3 J', '88 = 2*2*2*11: 8 8 2 2 2 J']
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from asobi.daifugo.daifugo import (
    RAMANUJAN,
    Rules,
    card_names,
    jokers_needed,
    lay_numbers,
    number_layouts,
    special_name,
    tower_value,
)
from asobi.daifugo.notation import term_text
from asobi.daifugo.numbers import factorise, is_prime


@dataclass(frozen=True, order=True)
class Term:
    """One factor of a composite play: a prime ``p`` with exponent tower ``tower``.

    ``tower = ()`` is the plain prime, ``(5,)`` is ``p^5``, ``(2, 4)`` is ``p^(2^4)``.
    """

    prime: int
    tower: tuple[int, ...] = ()

    @property
    def exponent(self) -> int:
        """The value of the tower (1 for a plain prime)."""
        return tower_value(self.tower)

    def __str__(self) -> str:
        return term_text(self.prime, self.tower)

    def numbers(self) -> tuple[int, ...]:
        """The numbers laid for this term, left to right: the prime, then the tower levels."""
        return (self.prime, *self.tower)


@cache
def towers(exponent: int, max_depth: int) -> tuple[tuple[int, ...], ...]:
    """Every way to write ``exponent`` (≥ 2) as a tower of levels ≥ 2 with ≤ ``max_depth`` levels.

    >>> towers(16, 3)
    ((16,), (2, 4), (2, 2, 2), (4, 2))
    """
    if exponent < 2 or max_depth < 1:
        return ()
    found: list[tuple[int, ...]] = [(exponent,)]
    for base in range(2, math.isqrt(exponent) + 1):
        power, value = 1, base
        while value < exponent:
            value *= base
            power += 1
        if value == exponent:
            for upper in towers(power, max_depth - 1):
                found.append((base, *upper))
    return tuple(found)


Expression = tuple[Term, ...]


def expression_text(expression: Expression) -> str:
    """``2^5*733``."""
    return "*".join(str(term) for term in expression)


def expression_value(expression: Expression) -> int:
    """The product of the terms."""
    return math.prod(term.prime**term.exponent for term in expression)


def _term_options(prime: int, multiplicity: int, exponent: bool, rules: Rules) -> list[Term]:
    options = [Term(prime)]
    if exponent:
        for e in range(2, multiplicity + 1):
            options += [Term(prime, t) for t in towers(e, rules.max_tower_depth)]
    return options


def _prime_blocks(
    prime: int, multiplicity: int, exponent: bool, rules: Rules
) -> Iterator[tuple[Term, ...]]:
    """Multisets of terms of one prime whose exponents add up to ``multiplicity``."""
    options = _term_options(prime, multiplicity, exponent, rules)

    def walk(start: int, left: int, acc: tuple[Term, ...]) -> Iterator[tuple[Term, ...]]:
        if left == 0:
            yield acc
            return
        for index in range(start, len(options)):
            term = options[index]
            if term.exponent <= left:
                yield from walk(index, left - term.exponent, (*acc, term))

    yield from walk(0, multiplicity, ())


def expressions(n: int, rules: Rules, exponent: bool = True) -> list[Expression]:
    """Every factorisation expression of ``n`` (terms sorted by prime, then exponent).

    >>> [expression_text(e) for e in expressions(64, Rules()) if len(e) == 4]
    ['2*2*2*2^3', '2*2*2^2*2^2']
    """
    factors = factorise(n)
    blocks = [list(_prime_blocks(p, m, exponent, rules)) for p, m in sorted(factors.items())]
    found = []
    for choice in itertools.product(*blocks):
        terms = tuple(sorted((t for block in choice for t in block), key=_term_key))
        found.append(terms)
    return sorted(found, key=lambda e: (len(e), [_term_key(t) for t in e]))


def _term_key(term: Term) -> tuple[int, int, tuple[int, ...]]:
    return (term.prime, term.exponent, term.tower)


@dataclass(frozen=True)
class Layout:
    """A valid composite play: ``n``, its expression and the cards discarded (play order)."""

    n: int
    expression: Expression
    cards: tuple[int, ...] = field(compare=False)
    jokers: int = field(compare=False)
    multiset: tuple[int, ...] = ()

    @property
    def n_cards(self) -> int:
        """Cards discarded, the number's own cards included."""
        return len(self.cards)

    @property
    def text(self) -> str:
        """The expression as text, e.g. ``2^3*11``."""
        return expression_text(self.expression)

    def names(self, rules: Rules) -> list[str]:
        """Card names in play order."""
        return card_names(self.cards, rules)

    def __str__(self) -> str:
        return f"{self.n} = {self.text}: {' '.join(card_names(self.cards, Rules()))}"


def expression_layouts(n: int, expression: Expression, rules: Rules) -> list[Layout]:
    """Every card multiset (one play order each) laying ``n`` with ``expression``."""
    laid = [n, *(number for term in expression for number in term.numbers())]
    return [
        Layout(n, expression, cards, jokers_needed(cards, rules), key)
        for key, cards in lay_numbers(laid, rules).items()
    ]


def composite_layouts(n: int, rules: Rules, exponent: bool = True) -> list[Layout]:
    """Every valid composite play of ``n``, fewest cards first.

    Empty for primes, 1, and 1729 (never played as a composite).

    >>> [l.text for l in composite_layouts(32, Rules())][:1]
    ['2^5']
    >>> composite_layouts(1729, Rules())
    []
    """
    if n < 4 or n == RAMANUJAN or is_prime(n):
        return []
    layouts = [
        layout
        for expression in expressions(n, rules, exponent)
        for layout in expression_layouts(n, expression, rules)
    ]
    return sorted(layouts, key=lambda lay: (lay.n_cards, lay.jokers, lay.text, lay.cards))


@dataclass(frozen=True)
class NumberSummary:
    """One row of the numbers table (see :func:`summarise`)."""

    n: int
    is_prime: bool
    special: str | None
    min_cards: int | None
    playable_plain: bool
    jokers_needed: int | None
    playable_composite: bool | None
    min_cards_composite: int | None
    playable_with_exponent: bool | None
    min_cards_with_exponent: int | None
    n_layouts_with_exponent: int | None


def summarise(n: int, rules: Rules) -> NumberSummary:
    """The plain (reference) computation of one numbers-table row.

    ``min_cards``/``jokers_needed``/``playable_plain`` describe laying ``n`` on its own;
    composite columns are None for primes and count the number's own cards too.

    >>> summarise(128, Rules()).playable_composite, summarise(128, Rules()).playable_with_exponent
    (False, True)
    """
    own = number_layouts(n, rules)
    prime = is_prime(n)
    composite = n >= 4 and not prime
    plain = composite_layouts(n, rules, exponent=False) if composite else []
    full = composite_layouts(n, rules, exponent=True) if composite else []
    return NumberSummary(
        n=n,
        is_prime=prime,
        special=special_name(n),
        min_cards=min((len(t) for t in own), default=None),
        playable_plain=bool(own),
        jokers_needed=min((jokers_needed(t, rules) for t in own), default=None),
        playable_composite=bool(plain) if composite else None,
        min_cards_composite=min((lay.n_cards for lay in plain), default=None),
        playable_with_exponent=bool(full) if composite else None,
        min_cards_with_exponent=min((lay.n_cards for lay in full), default=None),
        n_layouts_with_exponent=len(full) if composite else None,
    )
