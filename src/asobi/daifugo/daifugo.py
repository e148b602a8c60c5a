"""The rules of 素数大富豪 (prime daifugō) that decide which numbers can be played.

Source: 「[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し」 (integers, Advent
Calendar 2016, day 22), sections 「ラマヌジャン革命」 and 「合成数出しに関する指数表記出し」, and
DESIGN.md §4.

Cards and layouts
    A deck has ``suits`` copies of each card 1 (A) … 13 (K) plus ``jokers`` jokers. A number is
    laid as a sequence of cards read as the decimal concatenation of their values, so a
    *layout* of a number is a split of its decimal digits into tokens ``1``…``13``. A digit 0
    that is not the 0 of a ``10`` card needs a joker standing for 0 (token ``0`` below; never
    the leading digit, allowed only when ``joker_zero`` is on). When a layout needs more than
    ``suits`` copies of a value, jokers stand in for the extra copies. A layout fits the deck
    when the jokers it needs (zeros plus extra copies, over *everything* discarded in one play)
    are at most ``jokers``. Jokers are used only where needed: a layout never spends a joker
    on a card the deck still has (the player could, but it changes nothing we count).

Composite play (合成数出し)
    A composite ``N`` is laid together with cards for a factorisation into primes whose product
    is ``N``. A term is a prime ``p`` (repeated factors are repeated) or, with exponent
    notation (指数表記出し), ``p^E`` where ``E`` is an exponent *tower* ``t1^t2^…`` read from
    the right (``2^(2^4)``), every level at least 2: exponents 1 and 0 are refused. Exponent
    notation may be partial (``2*2*2*2^3``); we also allow any split of a multiplicity into
    several powers (``2^3*2^3`` for 64) since the article only asks the product to be the
    factorisation. 57 (グロタンディーク素数) and 1729 (ラマヌジャンのタクシー数) are never
    factors (they are not prime), and 1729 may never be played as a composite.

A *layout* of a composite play is an expression together with the multiset of cards it
discards (the number's own cards plus the expression's cards); two layouts differ when the
expression or the card multiset differs (88 = ``2^3*11`` laid with ``J`` or with ``A, A``
gives two layouts).

>>> rules = Rules()
>>> [card_name(t) for t in cheapest_tokens(88, rules)]
['8', '8']
>>> [str(layout) for layout in composite_layouts(88, rules)][:2]
['88 = 2^3*11: 8 8 2 3 J', '88 = 2*2*2*11: 8 8 2 2 2 J']
"""

from __future__ import annotations

import itertools
import math
import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field, replace
from functools import cache

from asobi.core.errors import ConfigError, IllegalMoveError, InputError

GROTHENDIECK = 57
RAMANUJAN = 1729
CARD_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_ZERO = 0  # token: a joker standing for the digit 0


@dataclass(frozen=True)
class Rules:
    """Deck and notation rules (a variant is one record, not a subclass).

    ``max_tower_depth`` bounds the levels of an exponent tower (``2^(2^(2^2))`` has 3).
    """

    suits: int = 4
    jokers: int = 2
    joker_zero: bool = True
    max_tower_depth: int = 3

    def __post_init__(self) -> None:
        if not 1 <= self.suits <= 8:
            raise ConfigError(f"daifugo suits must be 1..8, got {self.suits}")
        if not 0 <= self.jokers <= 4:
            raise ConfigError(f"daifugo jokers must be 0..4, got {self.jokers}")
        if not 1 <= self.max_tower_depth <= 4:
            raise ConfigError(f"daifugo max_tower_depth must be 1..4, got {self.max_tower_depth}")

    @property
    def variant(self) -> dict[str, int | bool]:
        """The rules as a plain mapping (stored as the tables' variant metadata)."""
        return {
            "suits": self.suits,
            "jokers": self.jokers,
            "joker_zero": self.joker_zero,
            "max_tower_depth": self.max_tower_depth,
        }


def card_name(token: int) -> str:
    """A card's name: ``A``, ``2``…``10``, ``J``, ``Q``, ``K``; token 0 is ``Joker(0)``."""
    if token == JOKER_ZERO:
        return "Joker(0)"
    return CARD_NAMES.get(token, str(token))


def check_number(n: object) -> int:
    """``n`` as a positive integer, or :class:`InputError` naming the problem.

    >>> check_number("40009")
    40009
    """
    text = str(n).strip()
    if text.startswith("-") and text[1:].isdigit() and text[1:].isascii():
        raise InputError(f"the number must be positive, got {text}")
    if not text.isdigit() or not text.isascii():
        raise InputError(f"not a number: {text!r} (use decimal digits only)")
    value = int(text)
    if value <= 0:
        raise InputError(f"the number must be positive, got {value}")
    return value


# --- numbers ------------------------------------------------------------------------------


def is_prime(n: int) -> bool:
    """Trial division (small numbers only; the tables use a sieve)."""
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    return all(n % d for d in range(3, math.isqrt(n) + 1, 2))


def factorise(n: int) -> dict[int, int]:
    """Prime factorisation by trial division, ``{prime: multiplicity}``.

    >>> factorise(23456)
    {2: 5, 733: 1}
    """
    result: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            result[d] = result.get(d, 0) + 1
            n //= d
        d += 1
    if n > 1:
        result[n] = result.get(n, 0) + 1
    return result


def special_name(n: int) -> str | None:
    """``grothendieck`` for 57 (played as if prime, cuts the field), ``ramanujan`` for 1729."""
    return {GROTHENDIECK: "grothendieck", RAMANUJAN: "ramanujan"}.get(n)


def is_carmichael(n: int) -> bool:
    """Korselt's criterion: odd composite, square-free, ``p - 1 | n - 1`` for each prime ``p | n``.

    >>> [n for n in range(2, 3000) if is_carmichael(n)]
    [561, 1105, 1729, 2465, 2821]
    """
    if n < 3 or n % 2 == 0 or is_prime(n):
        return False
    factors = factorise(n)
    return all(m == 1 and (n - 1) % (p - 1) == 0 for p, m in factors.items())


# --- card layouts of one number -----------------------------------------------------------


@cache
def _tokenisations(n: int, joker_zero: bool) -> tuple[tuple[int, ...], ...]:
    digits = [int(c) for c in str(n)]
    found: list[tuple[int, ...]] = []

    def walk(i: int, acc: tuple[int, ...]) -> None:
        if i == len(digits):
            found.append(acc)
            return
        d = digits[i]
        if d == 0:
            if joker_zero and i > 0:
                walk(i + 1, (*acc, JOKER_ZERO))
            return
        walk(i + 1, (*acc, d))
        if d == 1 and i + 1 < len(digits) and digits[i + 1] <= 3:
            walk(i + 2, (*acc, 10 + digits[i + 1]))

    walk(0, ())
    return tuple(found)


def tokenisations(n: int, rules: Rules) -> tuple[tuple[int, ...], ...]:
    """Every split of ``n``'s digits into cards (ignoring the deck's limits).

    >>> tokenisations(1105, Rules())
    ((1, 1, 0, 5), (1, 10, 5), (11, 0, 5))
    >>> tokenisations(40009, Rules())
    ((4, 0, 0, 0, 9),)
    """
    if n <= 0:
        raise InputError(f"the number must be positive, got {n}")
    return _tokenisations(n, rules.joker_zero)


def jokers_needed(cards: Iterable[int], rules: Rules) -> int:
    """Jokers a card multiset needs: one per zero token, one per copy beyond ``suits``.

    >>> jokers_needed([2, 2, 2, 2, 2, 0], Rules())
    2
    """
    counts = Counter(cards)
    extra = sum(max(0, c - rules.suits) for v, c in counts.items() if v != JOKER_ZERO)
    return counts.get(JOKER_ZERO, 0) + extra


def fits_deck(cards: Iterable[int], rules: Rules) -> bool:
    """True when the multiset can be taken from the deck (jokers fill the gaps)."""
    return jokers_needed(cards, rules) <= rules.jokers


def card_names(cards: Iterable[int], rules: Rules) -> list[str]:
    """Card names in play order; copies beyond ``suits`` show as ``Joker(v)``."""
    seen: Counter[int] = Counter()
    names = []
    for token in cards:
        seen[token] += 1
        if token != JOKER_ZERO and seen[token] > rules.suits:
            names.append(f"Joker({card_name(token)})")
        else:
            names.append(card_name(token))
    return names


def number_layouts(n: int, rules: Rules) -> list[tuple[int, ...]]:
    """The layouts of ``n`` on its own that fit the deck, fewest cards first."""
    fitting = [t for t in tokenisations(n, rules) if fits_deck(t, rules)]
    return sorted(fitting, key=lambda t: (len(t), jokers_needed(t, rules), t))


def cheapest_tokens(n: int, rules: Rules) -> tuple[int, ...] | None:
    """The layout of ``n`` with the fewest cards (then fewest jokers), or None if none fits.

    >>> cheapest_tokens(40009, Rules()) is None
    True
    """
    layouts = number_layouts(n, rules)
    return layouts[0] if layouts else None


# --- composite plays ----------------------------------------------------------------------


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
        return str(self.prime) + ("^" + tower_text(self.tower) if self.tower else "")

    def numbers(self) -> tuple[int, ...]:
        """The numbers laid for this term, left to right: the prime, then the tower levels."""
        return (self.prime, *self.tower)


def tower_value(tower: tuple[int, ...]) -> int:
    """``t1^(t2^(…))``; the empty tower is 1."""
    value = 1
    for level in reversed(tower):
        value = level**value
    return value


def tower_text(tower: tuple[int, ...]) -> str:
    """``(2, 4)`` → ``(2^4)``; one level has no parentheses."""
    if len(tower) == 1:
        return str(tower[0])
    return "(" + str(tower[0]) + "^" + tower_text(tower[1:]) + ")"


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


def _combine(
    partial: dict[tuple[int, ...], tuple[int, ...]],
    options: tuple[tuple[int, ...], ...],
    rules: Rules,
) -> dict[tuple[int, ...], tuple[int, ...]]:
    """Add one laid number to every partial layout; keep one sequence per card multiset."""
    result: dict[tuple[int, ...], tuple[int, ...]] = {}
    for cards in partial.values():
        for option in options:
            combined = cards + option
            if not fits_deck(combined, rules):
                continue
            key = tuple(sorted(combined))
            result.setdefault(key, combined)
    return result


def expression_layouts(n: int, expression: Expression, rules: Rules) -> list[Layout]:
    """Every card multiset (one play order each) laying ``n`` with ``expression``."""
    partial: dict[tuple[int, ...], tuple[int, ...]] = {(): ()}
    partial = _combine(partial, tokenisations(n, rules), rules)
    for term in expression:
        for number in term.numbers():
            partial = _combine(partial, tokenisations(number, rules), rules)
            if not partial:
                return []
    return [
        Layout(n, expression, cards, jokers_needed(cards, rules), key)
        for key, cards in partial.items()
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


# --- parsing a proposed play --------------------------------------------------------------

_TOKEN_RE = re.compile(r"\s*(\d+|\*|\^|\(|\)|=|x|×|·)")


def parse_expression(text: str) -> list[tuple[int, tuple[int, ...]]]:
    """Parse ``3*7^2*2^(2^4)`` into ``[(base, tower), …]`` without judging it.

    Exponents may be any non-negative integers here (``691^1``, ``2^0``), so that the
    rules engine can refuse them with a reason.

    >>> parse_expression("2^(2^4)*733")
    [(2, (2, 4)), (733, ())]
    """
    tokens = _tokenise_text(text)
    terms: list[tuple[int, tuple[int, ...]]] = []
    position = 0

    def tower(pos: int) -> tuple[tuple[int, ...], int]:
        levels: list[int] = []
        while True:
            if pos < len(tokens) and tokens[pos] == "(":
                inner, pos = tower(pos + 1)
                if pos >= len(tokens) or tokens[pos] != ")":
                    raise InputError(f"unbalanced parentheses in {text!r}")
                levels.extend(inner)
                return tuple(levels), pos + 1
            if pos >= len(tokens) or not tokens[pos].isdigit():
                raise InputError(f"expected a number in {text!r}")
            levels.append(int(tokens[pos]))
            pos += 1
            if pos < len(tokens) and tokens[pos] == "^":
                pos += 1
                continue
            return tuple(levels), pos

    while True:
        if position >= len(tokens) or not tokens[position].isdigit():
            raise InputError(f"expected a prime factor in {text!r}")
        base = int(tokens[position])
        position += 1
        levels: tuple[int, ...] = ()
        if position < len(tokens) and tokens[position] == "^":
            levels, position = tower(position + 1)
        terms.append((base, levels))
        if position == len(tokens):
            return terms
        if tokens[position] not in {"*", "x", "×", "·"}:
            raise InputError(f"unexpected {tokens[position]!r} in {text!r}")
        position += 1


def _tokenise_text(text: str) -> list[str]:
    tokens = []
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        match = _TOKEN_RE.match(stripped, position)
        if not match:
            raise InputError(f"cannot read {stripped[position:]!r} in {text!r}")
        tokens.append(match.group(1))
        position = match.end()
        while position < len(stripped) and stripped[position].isspace():
            position += 1
    if not tokens:
        raise InputError("empty play")
    return tokens


# --- the field: Ramanujan revolution and Grothendieck cut ---------------------------------


@dataclass(frozen=True)
class Field:
    """The field (場): the number on top, its card count, and the revolution flag (革命).

    ``top is None`` means the field has been cleared (流れた); the revolution survives it.
    """

    top: int | None = None
    n_cards: int | None = None
    revolution: bool = False

    def __post_init__(self) -> None:
        if (self.top is None) != (self.n_cards is None):
            raise InputError("a field has both a top number and its card count, or neither")

    def cleared(self) -> Field:
        """Everyone passed: the field flows, the revolution stays."""
        return replace(self, top=None, n_cards=None)


@dataclass(frozen=True)
class Play:
    """A proposed play: the number, its cards (None: choose a fitting layout) and, for a
    composite play, the factor terms as written (``(base, exponent levels)``)."""

    number: int
    cards: tuple[int, ...] | None = None
    factors: tuple[tuple[int, tuple[int, ...]], ...] | None = None

    @classmethod
    def parse(cls, text: str) -> Play:
        """``"1729"``, ``"64 = 2*2*2*2^3"``, ``"5187=3*1729"``.

        >>> Play.parse("88=2^3*11")
        Play(number=88, cards=None, factors=((2, (3,)), (11, ())))
        """
        left, sep, right = text.partition("=")
        number = check_number(left)
        factors = tuple(parse_expression(right)) if sep else None
        return cls(number, None, factors)


@dataclass(frozen=True)
class Ruling:
    """The rules engine's answer: legal or not, a foul (反則, penalty) or merely not allowed,
    the reason, and the field after the play (unchanged when not legal)."""

    legal: bool
    foul: bool
    reason: str
    field: Field
    cards: tuple[int, ...] | None = None


def _refuse(field: Field, reason: str, foul: bool = False) -> Ruling:
    return Ruling(False, foul, reason, field)


def judge(field: Field, play: Play, rules: Rules | None = None) -> Ruling:
    """Say whether ``play`` is legal on ``field`` and what the field becomes.

    Fouls (反則) are the article's penalised plays: 1729 laid as a composite, 57 or 1729
    used as a factor. Exponents 1 and 0 are simply not allowed (禁止, no penalty).

    >>> judge(Field(), Play.parse("1729")).field
    Field(top=1729, n_cards=4, revolution=True)
    >>> judge(Field(), Play.parse("5187=3*1729")).reason
    '1729 may not be used as a factor (foul)'
    """
    rules = rules or Rules()
    n = play.number
    if play.factors is None:
        if not (is_prime(n) or special_name(n)):
            return _refuse(field, f"{n} is not prime: lay it with its factors")
    else:
        refused = _judge_factors(field, n, play.factors, rules)
        if refused is not None:
            return refused
    laid = _choose_cards(n, play, field, rules)
    if isinstance(laid, Ruling):
        return laid
    if field.top is not None:
        if len(laid) != field.n_cards:
            return _refuse(field, f"a {field.n_cards}-card play is on the field, not {len(laid)}")
        if field.revolution and not n < field.top:
            return _refuse(field, f"revolution: {n} must be smaller than {field.top}")
        if not field.revolution and not n > field.top:
            return _refuse(field, f"{n} must be larger than {field.top}")
    if play.factors is None and n == GROTHENDIECK:
        return Ruling(True, False, "Grothendieck cut: the field is cleared", field.cleared(), laid)
    if play.factors is None and n == RAMANUJAN:
        after = Field(n, len(laid), not field.revolution)
        state = "starts" if after.revolution else "ends"
        return Ruling(True, False, f"Ramanujan revolution {state}", after, laid)
    reason = "leads on an empty field" if field.top is None else f"beats {field.top}"
    return Ruling(True, False, reason, Field(n, len(laid), field.revolution), laid)


def _judge_factors(
    field: Field, n: int, factors: tuple[tuple[int, tuple[int, ...]], ...], rules: Rules
) -> Ruling | None:
    if n == RAMANUJAN:
        return _refuse(field, "1729 may not be played as a composite (foul)", foul=True)
    for base, _ in factors:
        if base in (GROTHENDIECK, RAMANUJAN):
            return _refuse(field, f"{base} may not be used as a factor (foul)", foul=True)
    for _, levels in factors:
        for level in levels:
            if level in (0, 1):
                return _refuse(field, f"exponent {level} is not allowed")
        if len(levels) > rules.max_tower_depth:
            return _refuse(field, f"exponent towers have at most {rules.max_tower_depth} levels")
    for base, _ in factors:
        if not is_prime(base):
            return _refuse(field, f"factor {base} is not prime")
    if is_prime(n) or n < 4:
        return _refuse(field, f"{n} is not composite: a composite play needs a composite")
    product = math.prod(base ** tower_value(levels) for base, levels in factors)
    if product != n:
        return _refuse(field, f"the factors multiply to {product}, not {n}")
    return None


def _choose_cards(n: int, play: Play, field: Field, rules: Rules) -> tuple[int, ...] | Ruling:
    """The number's cards: as given, or a layout that matches the field, cheapest first.

    For a composite play the whole discard (number and factors) must fit the deck together.
    """
    if play.factors is None:
        options = {tokens: True for tokens in tokenisations(n, rules) if fits_deck(tokens, rules)}
    else:
        expression = tuple(Term(base, levels) for base, levels in play.factors)
        options = {}
        for layout in expression_layouts(n, expression, rules):
            options.setdefault(_own_part(n, layout.cards), True)
    if play.cards is not None:
        if play.cards not in tokenisations(n, rules):
            return _refuse(field, f"those cards do not read {n}")
        candidates = [play.cards]
    else:
        candidates = sorted(tokenisations(n, rules), key=lambda t: (len(t), t))
        if field.top is not None:
            candidates = [t for t in candidates if len(t) == field.n_cards] or candidates
    for cards in candidates:
        if cards in options:
            return cards
    return _refuse(field, f"the deck cannot lay {n} (not enough cards or jokers)")


def _own_part(n: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The leading cards of a composite layout that spell ``n`` itself."""
    text, target = "", str(n)
    for index, token in enumerate(cards):
        text += str(token)
        if text == target:
            return cards[: index + 1]
    raise InputError(f"cards {cards} do not start with {n}")


@dataclass(frozen=True)
class Position:
    """A player's turn: the field and the cards in hand (a sorted tuple of tokens 1…13)."""

    field: Field
    hand: tuple[int, ...] = ()


def play(position: Position | Field, move: Play, rules: Rules | None = None):  # type: ignore[no-untyped-def]
    """The position after a legal play; :class:`IllegalMoveError` with the reason otherwise.

    Given a :class:`Field`, returns the new field. Given a :class:`Position`, the number's
    cards also leave the hand (prime-like plays only: the hand must hold them; composite
    plays from a hand are not modelled).

    >>> play(Position(Field(), (1, 3, 7)), Play(13, (13,)))
    Traceback (most recent call last):
    ...
    asobi.core.errors.IllegalMoveError: the hand does not hold K
    >>> play(Position(Field(), (1, 3, 7)), Play(13, (1, 3)))
    Position(field=Field(top=13, n_cards=2, revolution=False), hand=(7,))
    """
    field = position.field if isinstance(position, Position) else position
    ruling = judge(field, move, rules)
    if not ruling.legal:
        raise IllegalMoveError(ruling.reason)
    if not isinstance(position, Position):
        return ruling.field
    if move.factors is not None:
        raise IllegalMoveError("composite plays from a hand are not modelled")
    hand = Counter(position.hand)
    for card in ruling.cards or ():
        if hand[card] == 0:
            raise IllegalMoveError(f"the hand does not hold {card_name(card)}")
        hand[card] -= 1
    return Position(ruling.field, tuple(sorted(hand.elements())))


def legal_moves(position: Position, rules: Rules | None = None) -> list[Play]:
    """Every prime-like play (primes, 57, 1729) the hand can lay on the field.

    Composite plays are not listed (use :func:`composite_layouts`); jokers in the hand are
    not modelled. Hands of up to about 8 cards are practical.

    >>> [p.number for p in legal_moves(Position(Field(13, 2), (1, 2, 9, 7)))]
    [17, 19, 29, 71, 79, 97]
    """
    rules = rules or Rules()
    counts = {k: len(position.hand) for k in range(1, len(position.hand) + 1)}
    if position.field.top is not None:
        counts = {position.field.n_cards: position.field.n_cards}
    seen: set[tuple[int, ...]] = set()
    moves: list[Play] = []
    for size in counts:
        for cards in itertools.permutations(position.hand, size):
            if cards in seen:
                continue
            seen.add(cards)
            number = int("".join(str(c) for c in cards))
            if not (is_prime(number) or special_name(number)):
                continue
            if judge(position.field, Play(number, tuple(cards)), rules).legal:
                moves.append(Play(number, tuple(cards)))
    return sorted(moves, key=lambda p: (p.number, p.cards))
