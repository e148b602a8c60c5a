"""How 素数大富豪 plays are written: card names, numbers and factor expressions.

A card is named ``A``, ``2`` … ``10``, ``J``, ``Q``, ``K``; a joker standing for the digit 0
is ``Joker(0)`` (token 0). A factor expression is terms joined by ``*`` (or ``x``, ``×``,
``·``); a term is a base with an optional exponent tower, read from the right and written
with parentheses when nested: ``2^5*733``, ``2^(2^4)``. Reading never judges (``691^1`` is
read; the rules engine refuses it with a reason).

>>> parse_expression("2^(2^4)*733")
[(2, (2, 4)), (733, ())]
>>> term_text(2, (2, 2, 2))
'2^(2^(2^2))'
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from asobi.core.errors import InputError

CARD_NAMES = {1: "A", 11: "J", 12: "Q", 13: "K"}
JOKER_ZERO = 0  # token: a joker standing for the digit 0
JOKER_ZERO_NAME = "Joker(0)"


def card_name(token: int) -> str:
    """A card's name: ``A``, ``2``…``10``, ``J``, ``Q``, ``K``; token 0 is ``Joker(0)``."""
    if token == JOKER_ZERO:
        return JOKER_ZERO_NAME
    return CARD_NAMES.get(token, str(token))


_TOKENS_BY_NAME = {card_name(t): t for t in range(14)}


def card_token(name: str) -> int:
    """The inverse of :func:`card_name`.

    >>> [card_token(n) for n in ("A", "10", "K", "Joker(0)")]
    [1, 10, 13, 0]
    """
    if name not in _TOKENS_BY_NAME:
        raise InputError(f"not a card: {name!r} (A, 2..10, J, Q, K or Joker(0))")
    return _TOKENS_BY_NAME[name]


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


def term_text(base: int, levels: Sequence[int]) -> str:
    """``base^tower`` (the plain base when the tower is empty)."""
    return str(base) + ("^" + tower_text(levels) if levels else "")


def tower_text(tower: Sequence[int]) -> str:
    """``(2, 4)`` → ``(2^4)``; one level has no parentheses."""
    if len(tower) == 1:
        return str(tower[0])
    return "(" + str(tower[0]) + "^" + tower_text(tower[1:]) + ")"


_TEXT_TOKEN = re.compile(r"\s*(\d+|\*|\^|\(|\)|=|x|×|·)")
_TIMES = {"*", "x", "×", "·"}


def parse_expression(text: str) -> list[tuple[int, tuple[int, ...]]]:
    """Read ``3*7^2*2^(2^4)`` as ``[(base, tower), …]`` without judging it."""
    tokens = _text_tokens(text)
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
        if tokens[position] not in _TIMES:
            raise InputError(f"unexpected {tokens[position]!r} in {text!r}")
        position += 1


def _text_tokens(text: str) -> list[str]:
    tokens = []
    position = 0
    stripped = text.strip()
    while position < len(stripped):
        match = _TEXT_TOKEN.match(stripped, position)
        if not match:
            raise InputError(f"cannot read {stripped[position:]!r} in {text!r}")
        tokens.append(match.group(1))
        position = match.end()
        while position < len(stripped) and stripped[position].isspace():
            position += 1
    if not tokens:
        raise InputError("empty play")
    return tokens
