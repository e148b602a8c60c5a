"""The rules of 数字を増やす遊び ("the number-raising game", chopsticks, 割り箸).

Each player has some hands (two in the article), every hand starting at 1. A hand at 0 is
dead (戦闘不能). On a turn the player to move either

* attacks (攻撃): one live hand of value m taps a live opposing hand of value v, which
  becomes v + m; with ``overflow="cutoff"`` it dies when v + m >= ``dies_at``, with
  ``overflow="rollover"`` it dies at exactly ``dies_at`` and wraps to v + m - ``dies_at``
  above it; or
* splits (分身, option ``split``): moves k >= 1 points from one own hand of value >= 2 to
  another own hand. Every hand stays below ``dies_at``; the giver stays >= 1 and the
  receiver must be live, unless ``revive`` (復活: the receiver may be dead) or ``fusion``
  (融合: the giver may drop to 0). Without ``swap`` (交換) a split must change the multiset
  of the player's hand values; with it a mere exchange (in effect a pass) is allowed.
  With ``reaction`` (再行動) a split may be followed by an attack in the same turn.

A player whose hands are all dead has lost. Hands of one player are interchangeable, so a
position is the sorted tuple of the mover's hands and the sorted tuple of the other
player's hands; the tuple lengths tell the players apart when their hand counts differ.

>>> rules = Rules(split=True, fusion=True, reaction=True)
>>> start = start_position(rules)
>>> start
Position(mover=(1, 1), other=(1, 1))
>>> [str(move) for move in legal_moves(start, rules)]
['1>1']
>>> play(start, Move(attacker=1, target=1), rules)
Position(mover=(1, 2), other=(1, 1))
>>> [str(m) for m in legal_moves(Position((1, 2), (1, 1)), rules)][:4]
['1>1', '2>1', '=0,3', '=0,3+3>1']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from itertools import product
from typing import Literal, NamedTuple

from asobi.core.errors import ConfigError, IllegalMoveError, InputError

Overflow = Literal["cutoff", "rollover"]
SWITCHES = ("split", "revive", "fusion", "swap", "reaction")


@dataclass(frozen=True)
class Rules:
    """One rule set. ``hands_first``/``hands_second``: hands of the first and second player."""

    hands_first: int = 2
    hands_second: int = 2
    dies_at: int = 5
    overflow: Overflow = "cutoff"
    split: bool = False
    revive: bool = False
    fusion: bool = False
    swap: bool = False
    reaction: bool = False

    def __post_init__(self) -> None:
        if not (1 <= self.hands_first <= 8 and 1 <= self.hands_second <= 8):
            raise ConfigError("chopsticks: each player needs between 1 and 8 hands")
        if not 2 <= self.dies_at <= 16:
            raise ConfigError(f"chopsticks: dies_at must be 2..16, got {self.dies_at}")
        if self.overflow not in ("cutoff", "rollover"):
            raise ConfigError(
                f"chopsticks: overflow must be cutoff or rollover, got {self.overflow!r}"
            )
        if not self.split and (self.revive or self.fusion or self.swap or self.reaction):
            raise ConfigError("chopsticks: revive, fusion, swap and reaction need split")

    @property
    def variant_id(self) -> str:
        """``dies5_cutoff`` plus ``_split`` ... ``_reaction`` for each switch that is on.

        Generalised hand counts get an ``h{first}v{second}_`` prefix (2 against 2 has none).

        >>> Rules(split=True, fusion=True, reaction=True).variant_id
        'dies5_cutoff_split_fusion_reaction'
        >>> Rules(hands_first=3, hands_second=1, dies_at=7, overflow="rollover").variant_id
        'h3v1_dies7_rollover'
        """
        prefix = ""
        if (self.hands_first, self.hands_second) != (2, 2):
            prefix = f"h{self.hands_first}v{self.hands_second}_"
        switches = "".join(f"_{name}" for name in SWITCHES if getattr(self, name))
        return f"{prefix}dies{self.dies_at}_{self.overflow}{switches}"

    def as_dict(self) -> dict[str, object]:
        """The rule set as plain values (for table rows and provenance)."""
        return {
            "variant_id": self.variant_id,
            "hands_first": self.hands_first,
            "hands_second": self.hands_second,
            "dies_at": self.dies_at,
            "overflow": self.overflow,
            **{name: getattr(self, name) for name in SWITCHES},
        }


def article_rule_sets() -> list[Rules]:
    """The 68 rule sets of the article: dies_at 5/6, cutoff/rollover, the five switches.

    >>> len(article_rule_sets())
    68
    """
    found: list[Rules] = []
    for dies_at, overflow in product((5, 6), ("cutoff", "rollover")):
        found.append(Rules(dies_at=dies_at, overflow=overflow))
        for revive, fusion, swap, reaction in product((False, True), repeat=4):
            found.append(
                Rules(
                    dies_at=dies_at,
                    overflow=overflow,
                    split=True,
                    revive=revive,
                    fusion=fusion,
                    swap=swap,
                    reaction=reaction,
                )
            )
    return found


def simple_rule_sets(
    hands: range | list[int], dies_at: range | list[int], overflows: list[str]
) -> list[Rules]:
    """Generalised simple chopsticks (attacks only) for every pair of hand counts."""
    return [
        Rules(hands_first=a, hands_second=b, dies_at=d, overflow=o)  # type: ignore[arg-type]
        for a, b, d, o in product(hands, hands, dies_at, overflows)
    ]


class Position(NamedTuple):
    """The mover's hands and the other player's hands, each sorted ascending."""

    mover: tuple[int, ...]
    other: tuple[int, ...]

    def __str__(self) -> str:
        return f"{','.join(map(str, self.mover))} {','.join(map(str, self.other))}"


@dataclass(frozen=True)
class Move:
    """A turn: an optional split (the mover's new hands) then an optional attack.

    Notation: ``m>v`` (my hand m taps your hand v); ``=a,b`` (after splitting my hands are
    a,b; equal to before means the swap/pass); ``=a,b+m>v`` (split, then re-action attack).
    """

    split: tuple[int, ...] | None = None
    attacker: int | None = None
    target: int | None = None

    def __str__(self) -> str:
        parts = []
        if self.split is not None:
            parts.append("=" + ",".join(map(str, self.split)))
        if self.attacker is not None:
            parts.append(f"{self.attacker}>{self.target}")
        return "+".join(parts)


def start_position(rules: Rules) -> Position:
    """Every hand at 1, the first player to move."""
    return Position((1,) * rules.hands_first, (1,) * rules.hands_second)


def hit(value: int, attacker: int, rules: Rules) -> int:
    """The new value of a hand of ``value`` tapped by a hand of ``attacker``.

    >>> rollover = Rules(overflow="rollover")
    >>> hit(3, 2, Rules()), hit(3, 2, rollover), hit(4, 3, rollover)
    (0, 0, 2)
    """
    total = value + attacker
    if total < rules.dies_at:
        return total
    if rules.overflow == "cutoff" or total == rules.dies_at:
        return 0
    return total - rules.dies_at


def attack_results(
    target_hands: tuple[int, ...], attacker: int, rules: Rules
) -> list[tuple[int, tuple[int, ...]]]:
    """(tapped value, new sorted hands) for every distinct live value the attacker may tap."""
    results = []
    for value in sorted(set(target_hands) - {0}):
        index = target_hands.index(value)
        changed = list(target_hands)
        changed[index] = hit(value, attacker, rules)
        results.append((value, tuple(sorted(changed))))
    return results


def split_results(hands: tuple[int, ...], rules: Rules) -> list[tuple[int, ...]]:
    """Every distinct multiset of own hands one split can reach (sorted tuples, ascending)."""
    if not rules.split:
        return []
    found: set[tuple[int, ...]] = set()
    for giver, receiver in product(range(len(hands)), repeat=2):
        have, get = hands[giver], hands[receiver]
        if giver == receiver or have < 2 or (get == 0 and not rules.revive):
            continue
        for amount in range(1, have + 1):
            left, right = have - amount, get + amount
            if right >= rules.dies_at or (left == 0 and not rules.fusion):
                continue
            changed = list(hands)
            changed[giver], changed[receiver] = left, right
            result = tuple(sorted(changed))
            if result != hands or rules.swap:
                found.add(result)
    return sorted(found)


def check_position(position: Position, rules: Rules) -> Position:
    """Validate hand counts and values; return the position with sorted hands."""
    mover, other = tuple(sorted(position.mover)), tuple(sorted(position.other))
    pair = (len(mover), len(other))
    if pair not in {
        (rules.hands_first, rules.hands_second),
        (rules.hands_second, rules.hands_first),
    }:
        expected = f"{rules.hands_first} and {rules.hands_second}"
        if rules.hands_first != rules.hands_second:
            expected += f" (or {rules.hands_second} and {rules.hands_first})"
        raise InputError(f"wrong number of hands: got {pair[0]} and {pair[1]}, expected {expected}")
    for value in mover + other:
        if not 0 <= value < rules.dies_at:
            raise InputError(f"hand value {value} is out of range 0..{rules.dies_at - 1}")
    return Position(mover, other)


def is_over(position: Position) -> bool:
    """True when the player to move has no live hand (and so has lost)."""
    return not any(position.mover)


def legal_moves(position: Position, rules: Rules) -> Iterator[Move]:
    """Every distinct move (attacks first, then splits, each split followed by its attacks)."""
    if is_over(position) or not any(position.other):
        return
    mover, other = position
    for attacker in sorted(set(mover) - {0}):
        for target, _ in attack_results(other, attacker, rules):
            yield Move(attacker=attacker, target=target)
    for new_hands in split_results(mover, rules):
        yield Move(split=new_hands)
        if rules.reaction:
            for attacker in sorted(set(new_hands) - {0}):
                for target, _ in attack_results(other, attacker, rules):
                    yield Move(split=new_hands, attacker=attacker, target=target)


def play(position: Position, move: Move, rules: Rules) -> Position:
    """The position after ``move``; the other player is then to move."""
    mover, other = position
    if is_over(position):
        raise IllegalMoveError(
            f"the game is over in {position}: the player to move has no live hand"
        )
    if move.split is not None:
        new_hands = tuple(sorted(move.split))
        if new_hands not in split_results(mover, rules):
            raise IllegalMoveError(f"split {mover} -> {new_hands} is not allowed here")
        mover = new_hands
        if move.attacker is not None and not rules.reaction:
            raise IllegalMoveError("an attack after a split needs the reaction (再行動) option")
    if move.attacker is not None:
        if move.attacker == 0 or move.attacker not in mover:
            raise IllegalMoveError(f"no live hand of value {move.attacker} to attack with")
        if move.target == 0 or move.target not in other:
            raise IllegalMoveError(f"no live opposing hand of value {move.target} to tap")
        other = dict(attack_results(other, move.attacker, rules))[move.target]
    elif move.split is None:
        raise IllegalMoveError("a move must attack or split")
    return Position(other, mover)


@dataclass(frozen=True)
class Chopsticks:
    """The :class:`asobi.core.game.Game` interface for one rule set."""

    rules: Rules

    def legal_moves(self, position: Position) -> Iterator[Move]:
        return legal_moves(position, self.rules)

    def play(self, position: Position, move: Move) -> Position:
        return play(position, move, self.rules)

    def stuck_mover_wins(self, position: Position) -> bool:
        return False


_GROUP = re.compile(r"^\d+(,\d+)*$")


def parse_position(text: str, rules: Rules) -> Position:
    """Read ``"1,1 2,1"``: the mover's hands, a space, the other player's hands.

    >>> parse_position("2,1 1,1", Rules())
    Position(mover=(1, 2), other=(1, 1))
    """
    groups = text.replace("/", " ").split()
    if len(groups) != 2 or not all(_GROUP.match(group) for group in groups):
        raise InputError(
            f"position {text!r} must be two groups of comma-separated numbers, e.g. '1,1 2,1'"
        )
    mover, other = (tuple(int(value) for value in group.split(",")) for group in groups)
    return check_position(Position(mover, other), rules)


def with_switches(rules: Rules, **switches: bool) -> Rules:
    """A copy of ``rules`` with some switches changed."""
    return replace(rules, **switches)
