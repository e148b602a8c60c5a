"""What is on the table in 素数大富豪 and what is laid on it: the field (:class:`Field`: the
number on top, its card count and the revolution flag, 革命), a play (:class:`Play`: the
number, its cards, the factors of a composite play and the jokers standing in for cards,
with the notation :meth:`Play.parse` reads) and the rules engine's answer (:class:`Ruling`).
The engine itself is :func:`asobi.daifugo.daifugo.judge`.

>>> str(Field(1729, 4, revolution=True))
'1729 (4 cards), revolution'
>>> Play.parse("1729 [A 7 2 Joker(9)]").stand_ins
(9,)
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, replace
from dataclasses import field as dataclass_field

from asobi.core.errors import InputError
from asobi.daifugo.notation import (
    JOKER_ZERO,
    card_name,
    card_token,
    check_number,
    parse_expression,
    term_text,
)


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

    def __str__(self) -> str:
        top = "empty" if self.top is None else f"{self.top} ({self.n_cards} cards)"
        return top + (", revolution" if self.revolution else "")


Factors = tuple[tuple[int, tuple[int, ...]], ...]


@dataclass(frozen=True)
class Play:
    """A play: the number, its own cards (None: the engine picks a fitting layout) and, for
    a composite play, the factor terms as written (``(base, exponent levels)``).

    ``str`` writes the notation :meth:`parse` reads: the number, ``=`` and the factors for a
    composite play, then the cards in brackets when they are given.

    >>> str(Play(1013, (1, 0, 1, 3)))
    '1013 [A Joker(0) A 3]'
    >>> Play.parse("88=2^3*11")
    Play(number=88, cards=None, factors=((2, (3,)), (11, ())))
    """

    number: int
    cards: tuple[int, ...] | None = None
    factors: Factors | None = None
    #: Values among ``cards`` that jokers stand in for (written ``Joker(9)``), e.g. part of
    #: 1729 (「一部をジョーカー利用で出してもよい」); a joker as 0 is the card ``Joker(0)``.
    stand_ins: tuple[int, ...] = dataclass_field(default=(), repr=False)

    def __str__(self) -> str:
        text = str(self.number)
        if self.factors is not None:
            text += "=" + "*".join(term_text(base, levels) for base, levels in self.factors)
        if self.cards is not None:
            text += " [" + " ".join(self.card_names()) + "]"
        return text

    def card_names(self) -> list[str]:
        """The cards' names, a stand-in joker as ``Joker(v)`` (its last copies).

        >>> Play.parse("1729 [A 7 2 Joker(9)]").card_names()
        ['A', '7', '2', 'Joker(9)']
        """
        left = Counter(self.stand_ins)
        names = []
        for token in reversed(self.cards or ()):
            if left[token]:
                left[token] -= 1
                names.append(f"Joker({card_name(token)})")
            else:
                names.append(card_name(token))
        return names[::-1]

    @classmethod
    def parse(cls, text: str) -> Play:
        """``"1729"``, ``"64 = 2*2*2*2^3"``, ``"5187=3*1729"``, ``"13 [A 3]"`` (digits 0-9)."""
        text, bracket, names = text.partition("[")
        cards = None
        stand_ins: list[int] = []
        if bracket:
            if not names.rstrip().endswith("]"):
                raise InputError(f"unclosed card list in {text + bracket + names!r}")
            tokens = []
            for name in names.rstrip()[:-1].split():
                inner = name.removeprefix("Joker(").removesuffix(")")
                if name.startswith("Joker(") and inner != str(JOKER_ZERO):
                    stand_ins.append(card_token(inner))
                    tokens.append(stand_ins[-1])
                else:
                    tokens.append(card_token(name))
            cards = tuple(tokens)
        left, sep, right = text.partition("=")
        number = check_number(left)
        factors = tuple(parse_expression(right)) if sep else None
        if cards is not None and "".join(str(t) for t in cards) != str(number):
            raise InputError(f"the cards {names.rstrip()[:-1]} do not read {number}")
        return cls(number, cards, factors, tuple(stand_ins))


@dataclass(frozen=True)
class Ruling:
    """The rules engine's answer: legal or not, a foul (反則, penalty) or merely not allowed,
    the reason, and the field after the play (unchanged when not legal)."""

    legal: bool
    foul: bool
    reason: str
    field: Field
    cards: tuple[int, ...] | None = None
