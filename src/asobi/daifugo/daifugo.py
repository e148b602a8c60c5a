"""The rules of 素数大富豪 (prime daifugō): cards, the field, and which plays are legal.

Source: 「[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し」 (integers, Advent
Calendar 2016, day 22), sections 「ラマヌジャン革命」 and 「合成数出しに関する指数表記出し」;
restated in docs/games/daifugo.md, "Rules and readings" and "The Ramanujan revolution and the
two-player game".

Cards
    A deck has ``suits`` copies of each card 1 (A) … 13 (K) plus ``jokers`` jokers. A number
    is laid as a sequence of cards read as the decimal concatenation of their values, so a
    *layout* of a number is a split of its decimal digits into tokens ``1``…``13``. A digit 0
    that is not the 0 of a ``10`` card needs a joker standing for 0 (token ``0``; never the
    leading digit, allowed only when ``joker_zero`` is on). When a play needs more than
    ``suits`` copies of a value, jokers stand in for the extra copies. A play fits the deck
    when the jokers it needs (zeros plus extra copies, over *everything* discarded in one
    play) are at most ``jokers``. Jokers are used only where needed.

Plays
    A prime is played as it is; 57 (グロタンディーク素数) is played as if prime and cuts the
    field (グロタンカット); 1729 (ラマヌジャン革命) is played as if prime with four cards and
    toggles the revolution (革命: a play must then be *smaller* than the field). A composite
    is played with a factorisation (合成数出し), where a term may carry an exponent tower
    (指数表記出し, every level at least 2); 57 and 1729 are never factors and 1729 is never
    played as a composite (fouls, 反則). An n-card play answers only an n-card play.

The two-player game (:class:`Daifugo`) lets each player hold a hand of cards (no jokers in
hand, no deck to draw from) and lay prime-like plays from it; composite plays are judged by
:func:`judge` but not played from hands. The field, a play and a ruling (:class:`Field`,
:class:`Play`, :class:`Ruling`) are :mod:`asobi.daifugo.plays`; the enumerator of composite
plays is :mod:`asobi.daifugo.layouts`; how plays are written is
:mod:`asobi.daifugo.notation`. (The module is about 500 lines: cards, rules engine
and game are one set of rules.)

>>> rules = Rules()
>>> [card_name(t) for t in cheapest_tokens(88, rules)]
['8', '8']
>>> str(judge(Field(1409, 4), Play.parse("1729")).field)
'1729 (4 cards), revolution'
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome, not_over_error
from asobi.daifugo.notation import JOKER_ZERO, card_name
from asobi.daifugo.numbers import is_prime
from asobi.daifugo.plays import Factors, Field, Play, Ruling

GROTHENDIECK = 57
RAMANUJAN = 1729


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

    @classmethod
    def from_config(cls, config: Mapping[str, Any]) -> Rules:
        """The rules from the ``daifugo`` config block (other keys are ignored)."""
        return cls(**{f.name: config[f.name] for f in fields(cls) if f.name in config})

    @property
    def variant(self) -> dict[str, int | bool]:
        """The rules as a plain mapping (stored as the tables' variant metadata)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def special_name(n: int) -> str | None:
    """``grothendieck`` for 57 (played as if prime, cuts the field), ``ramanujan`` for 1729."""
    return {GROTHENDIECK: "grothendieck", RAMANUJAN: "ramanujan"}.get(n)


def is_prime_like(n: int) -> bool:
    """A number that may be played on its own: a prime, 57 or 1729."""
    return is_prime(n) or special_name(n) is not None


# --- the cards of one number, and of one play ----------------------------------------------


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


def lay_numbers(numbers: Sequence[int], rules: Rules) -> dict[tuple[int, ...], tuple[int, ...]]:
    """The ways to discard ``numbers`` in one play within the deck's limits.

    Keys are card multisets (sorted tokens); each value is one play order (the numbers
    left to right, each split into cards). Empty when the deck cannot lay them together.

    >>> sorted(lay_numbers([88, 2, 3, 11], Rules()))
    [(1, 1, 2, 3, 8, 8), (2, 3, 8, 8, 11)]
    """
    partial: dict[tuple[int, ...], tuple[int, ...]] = {(): ()}
    for number in numbers:
        grown: dict[tuple[int, ...], tuple[int, ...]] = {}
        for cards in partial.values():
            for option in tokenisations(number, rules):
                combined = cards + option
                if fits_deck(combined, rules):
                    grown.setdefault(tuple(sorted(combined)), combined)
        partial = grown
        if not partial:
            return {}
    return partial


def tower_value(tower: Sequence[int]) -> int:
    """``t1^(t2^(…))``, read from the right; the empty tower is 1."""
    value = 1
    for level in reversed(tower):
        value = level**value
    return value


# --- the rules engine (the field and plays are in asobi.daifugo.plays) ----------------------


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
        if not is_prime_like(n):
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


def _judge_factors(field: Field, n: int, factors: Factors, rules: Rules) -> Ruling | None:
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
    product = factor_product(factors, n)
    if product is None:
        return _refuse(field, f"the factors multiply to more than {n}")
    if product != n:
        return _refuse(field, f"the factors multiply to {product}, not {n}")
    return None


def factor_product(factors: Factors, limit: int) -> int | None:
    """The product of the terms, or None as soon as it exceeds ``limit``: no power larger
    than ``limit`` is ever computed (``16=2^99999999999`` costs nothing).

    >>> factor_product(((2, (99999999999,)),), 16) is None, factor_product(((2, (2, 2)),), 16)
    (True, 16)
    """
    product = 1
    for base, levels in factors:
        exponent = 1
        for level in reversed(levels):  # the tower, read from the right
            if level >= 2 and exponent > limit.bit_length():
                return None  # level^exponent ≥ 2^exponent > limit
            exponent = level**exponent
        if base >= 2 and (base.bit_length() - 1) * exponent > limit.bit_length():
            return None  # base^exponent ≥ 2^((bits - 1)·exponent) > limit
        product *= base**exponent
        if product > limit:
            return None
    return product


def _choose_cards(n: int, play: Play, field: Field, rules: Rules) -> tuple[int, ...] | Ruling:
    """The number's cards: as given, or a layout that matches the field, cheapest first.

    For a composite play the whole discard (number and factors) must fit the deck together.
    """
    if play.factors is None:
        options = {tokens: True for tokens in tokenisations(n, rules) if fits_deck(tokens, rules)}
    else:
        laid = [n, *(x for base, levels in play.factors for x in (base, *levels))]
        options = {}
        for cards in lay_numbers(laid, rules).values():
            options.setdefault(_own_part(n, cards), True)
    if play.cards is not None:
        if play.cards not in tokenisations(n, rules):
            return _refuse(field, f"those cards do not read {n}")
        if play.stand_ins:
            return _with_stand_ins(n, play, field, rules)
        candidates = [play.cards]
    else:
        candidates = sorted(tokenisations(n, rules), key=lambda t: (len(t), t))
        if field.top is not None:
            candidates = [t for t in candidates if len(t) == field.n_cards] or candidates
    for cards in candidates:
        if cards in options:
            return cards
    return _refuse(field, f"the deck cannot lay {n} (not enough cards or jokers)")


def _with_stand_ins(n: int, play: Play, field: Field, rules: Rules) -> tuple[int, ...] | Ruling:
    """The cards of a play of ``n`` on its own some of whose cards are jokers standing in:
    the jokers it uses (its stand-ins, its zeros, copies beyond the deck's) must be at most
    the deck's."""
    cards = play.cards or ()
    if play.factors is not None:
        return _refuse(field, "jokers standing in are modelled for a number laid on its own")
    real = Counter(cards)
    real.subtract(Counter(play.stand_ins))
    if min(real.values(), default=0) < 0:
        return _refuse(field, f"the jokers stand in for cards that {n} does not have")
    used = len(play.stand_ins) + jokers_needed(real.elements(), rules)
    if used > rules.jokers:
        return _refuse(
            field, f"the deck cannot lay {n} (it needs {used} jokers, it has {rules.jokers})"
        )
    return cards


def _own_part(n: int, cards: tuple[int, ...]) -> tuple[int, ...]:
    """The leading cards of a composite layout that spell ``n`` itself."""
    text, target = "", str(n)
    for index, token in enumerate(cards):
        text += str(token)
        if text == target:
            return cards[: index + 1]
    raise InputError(f"cards {cards} do not start with {n}")


# --- the two-player game --------------------------------------------------------------------


@dataclass(frozen=True)
class Pass:
    """Passing (パス). On a field with a play on it, the other player's last play stands,
    the field flows and that player leads; on an empty field a player may pass only when no
    play is possible (there is no deck to draw from in this model)."""

    def __str__(self) -> str:
        return "pass"


PASS = Pass()
Move = Play | Pass


@dataclass(frozen=True)
class Position:
    """A turn of the two-player game: the field, the hand of the player to move and the
    other player's hand (sorted card values 1…13), and ``cut``: the other player has just
    cut the field with 57, so the player to move must pass and the cutter leads again."""

    field: Field
    hand: tuple[int, ...]
    other: tuple[int, ...]
    cut: bool = False

    def __post_init__(self) -> None:
        for cards in (self.hand, self.other):
            if list(cards) != sorted(cards) or not all(1 <= c <= 13 for c in cards):
                raise InputError(f"a hand is a sorted tuple of card values 1..13, got {cards}")


@dataclass(frozen=True)
class Daifugo:
    """Two players lay prime-like plays (primes, 57, 1729) from their hands; the first to
    empty their hand wins. The :class:`asobi.core.game.Game` interface for one rule set.

    The game is finite and cannot cycle: every pass is followed by a play or by the end.
    If on an empty field neither player can lay anything, the game ends in a draw.

    >>> game = Daifugo(Rules())
    >>> start = Position(Field(), (1, 3, 7), (2, 9))
    >>> [str(m) for m in game.legal_moves(start)][:4]
    ['3 [3]', '7 [7]', '13 [A 3]', '17 [A 7]']
    >>> game.play(start, Play(37, (3, 7)))
    Position(field=Field(top=37, n_cards=2, revolution=False), hand=(2, 9), other=(1,), cut=False)
    """

    rules: Rules

    def plays(self, field: Field, hand: tuple[int, ...]) -> list[Play]:
        """Every prime-like play ``hand`` can lay on ``field``, by number then cards."""
        sizes = range(1, len(hand) + 1) if field.top is None else [field.n_cards]
        seen: set[tuple[int, ...]] = set()
        moves: list[Play] = []
        for size in sizes:
            for cards in itertools.permutations(hand, size):
                if cards in seen:
                    continue
                seen.add(cards)
                number = int("".join(str(c) for c in cards))
                if is_prime_like(number) and judge(field, Play(number, cards), self.rules).legal:
                    moves.append(Play(number, cards))
        return sorted(moves, key=lambda p: (p.number, p.cards))

    def can_lead(self, field: Field, hand: tuple[int, ...]) -> bool:
        """True when ``hand`` can lay some play on the cleared ``field``."""
        return bool(self.plays(field.cleared(), hand))

    def legal_moves(self, position: Position) -> list[Move]:
        if self.is_over(position):
            return []
        if position.cut:
            return [PASS]
        moves: list[Move] = list(self.plays(position.field, position.hand))
        if position.field.top is not None or not moves:
            moves.append(PASS)
        return moves

    def play(self, position: Position, move: Move) -> Position:
        """The position after ``move``; :class:`IllegalMoveError` with the reason otherwise."""
        if self.is_over(position):
            raise IllegalMoveError("the game is over")
        field = position.field
        if isinstance(move, Pass):
            if field.top is None and not position.cut and self.can_lead(field, position.hand):
                raise IllegalMoveError("a player who can lead on an empty field must play")
            return Position(field.cleared(), position.other, position.hand)
        if position.cut:
            raise IllegalMoveError("the field was cut by 57: pass")
        if move.factors is not None:
            raise IllegalMoveError("composite plays from a hand are not modelled")
        if move.stand_ins:
            raise IllegalMoveError("hands hold no jokers in this model")
        ruling = judge(field, move, self.rules)
        if not ruling.legal:
            raise IllegalMoveError(ruling.reason)
        hand = Counter(position.hand)
        for card in ruling.cards or ():
            if hand[card] == 0:
                raise IllegalMoveError(f"the hand does not hold {card_name(card)}")
            hand[card] -= 1
        rest = tuple(sorted(hand.elements()))
        cut = move.number == GROTHENDIECK
        return Position(ruling.field, position.other, rest, cut=cut and bool(rest))

    def is_over(self, position: Position) -> bool:
        """A hand is empty, or the field is empty and neither player can lay anything."""
        if not position.hand or not position.other:
            return True
        field = position.field
        return (
            field.top is None
            and not position.cut
            and not self.can_lead(field, position.hand)
            and not self.can_lead(field, position.other)
        )

    def winner(self, position: Position) -> Outcome:
        """Whoever emptied their hand has won; a blocked game is a draw."""
        if not self.is_over(position):
            raise not_over_error(position)
        if not position.other:
            return Outcome.SECOND
        if not position.hand:
            return Outcome.FIRST
        return Outcome.DRAW

    def parse_move(self, text: str) -> Move:
        """``pass`` or a play in :class:`Play` notation (``13 [A 3]``)."""
        return PASS if text.strip() == "pass" else Play.parse(text)
