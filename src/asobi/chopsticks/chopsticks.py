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
  ``from_one`` is a reading, not an article option: the article lets only a hand of 2 or
  more split (「片手が2以上の場合」); many players and published solvers also let a hand of 1
  give its point when fusion is on, so (1,1) -> (0,2) is a split. It needs ``fusion``.

A player whose hands are all dead has lost. Hands of one player are interchangeable, so a
position is the sorted tuple of the mover's hands and the sorted tuple of the other
player's hands; the tuple lengths tell the players apart when their hand counts differ.
docs/games/chopsticks.md, section "Move notation", gives the move notation.

>>> game = Chopsticks(Rules(split=True, fusion=True, reaction=True))
>>> game.start
Position(mover=(1, 1), other=(1, 1))
>>> [str(move) for move in game.legal_moves(game.start)]
['1>1']
>>> game.play(game.start, game.parse_move("1>1"))
Position(mover=(1, 2), other=(1, 1))
>>> [str(m) for m in game.legal_moves(Position((1, 2), (1, 1)))][:4]
['1>1', '2>1', '=0,3', '=0,3+3>1']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from itertools import product
from typing import Literal, NamedTuple

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome, not_over_error

Overflow = Literal["cutoff", "rollover"]
#: The article's switches, then the ``from_one`` reading, in variant id order.
SWITCHES = ("split", "revive", "fusion", "swap", "reaction", "from_one")
ARTICLE_SWITCHES = SWITCHES[:5]
_ID_PARTS = {"from_one": "fromone"}


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
    from_one: bool = False

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
        if self.from_one and not self.fusion:
            raise ConfigError(
                "chopsticks: from_one needs fusion (a hand of 1 gives its point only by "
                "dropping to 0)"
            )

    @property
    def variant_id(self) -> str:
        """``dies5_cutoff`` plus ``_split`` ... ``_reaction``, ``_fromone`` for each switch on.

        Generalised hand counts get an ``h{first}v{second}_`` prefix (2 against 2 has none).

        >>> Rules(split=True, fusion=True, reaction=True).variant_id
        'dies5_cutoff_split_fusion_reaction'
        >>> Rules(dies_at=6, split=True, revive=True, fusion=True, from_one=True).variant_id
        'dies6_cutoff_split_revive_fusion_fromone'
        >>> Rules(hands_first=3, hands_second=1, dies_at=7, overflow="rollover").variant_id
        'h3v1_dies7_rollover'
        """
        prefix = ""
        if (self.hands_first, self.hands_second) != (2, 2):
            prefix = f"h{self.hands_first}v{self.hands_second}_"
        switches = "".join(
            f"_{_ID_PARTS.get(name, name)}" for name in SWITCHES if getattr(self, name)
        )
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


class Position(NamedTuple):
    """The mover's hands and the other player's hands, each sorted ascending."""

    mover: tuple[int, ...]
    other: tuple[int, ...]

    def __str__(self) -> str:
        return f"{','.join(map(str, self.mover))} {','.join(map(str, self.other))}"


@dataclass(frozen=True)
class Move:
    """A turn: an optional split (the mover's new hands, sorted) then an optional attack.

    Notation: ``m>v`` (my hand m taps your hand v); ``=a,b`` (after splitting my hands are
    a,b; equal to before means the swap/pass); ``=a,b+m>v`` (split, then re-action attack).

    >>> str(Move(split=(3, 0), attacker=3, target=1))
    '=0,3+3>1'
    """

    split: tuple[int, ...] | None = None
    attacker: int | None = None
    target: int | None = None

    def __post_init__(self) -> None:
        if (self.attacker is None) != (self.target is None):
            raise InputError("an attack needs both the attacking and the tapped hand")
        if self.split is None and self.attacker is None:
            raise InputError("a move must attack or split")
        if self.split is not None:
            object.__setattr__(self, "split", tuple(sorted(self.split)))

    def __str__(self) -> str:
        parts = []
        if self.split is not None:
            parts.append("=" + ",".join(map(str, self.split)))
        if self.attacker is not None:
            parts.append(f"{self.attacker}>{self.target}")
        return "+".join(parts)


# a split "=a,b", then "+" only if an attack follows; or an attack "m>v" alone
_MOVE = re.compile(
    r"(?:=(?P<split>\d+(?:,\d+)*)(?:\+(?=\d)|$))?(?:(?P<attacker>\d+)>(?P<target>\d+))?"
)
_GROUP = re.compile(r"^\d+(,\d+)*$")


@dataclass(frozen=True)
class Chopsticks:
    """The game under one rule set (the :class:`asobi.core.game.Game` protocol)."""

    rules: Rules = field(default_factory=Rules)

    @property
    def start(self) -> Position:
        """Every hand at 1, the first player to move."""
        return Position((1,) * self.rules.hands_first, (1,) * self.rules.hands_second)

    # --- the protocol ---------------------------------------------------------------------

    def is_over(self, position: Position) -> bool:
        """True when a player has no live hand (in play: the player to move has lost)."""
        return not any(position.mover) or not any(position.other)

    def winner(self, position: Position) -> Outcome:
        """``SECOND`` when the player to move has no live hand (戦闘不能 on both hands)."""
        if not any(position.mover):
            return Outcome.SECOND
        if not any(position.other):
            return Outcome.FIRST
        raise not_over_error(position)

    def legal_moves(self, position: Position) -> Iterator[Move]:
        """Every distinct move (attacks first, then splits, each split followed by its attacks)."""
        if self.is_over(position):
            return
        mover, other = position
        for attacker in sorted(set(mover) - {0}):
            for target, _ in self.attacks(other, attacker):
                yield Move(attacker=attacker, target=target)
        for new_hands in self.splits(mover):
            yield Move(split=new_hands)
            if self.rules.reaction:
                for attacker in sorted(set(new_hands) - {0}):
                    for target, _ in self.attacks(other, attacker):
                        yield Move(split=new_hands, attacker=attacker, target=target)

    def play(self, position: Position, move: Move) -> Position:
        """The position after ``move``; the other player is then to move."""
        mover, other = position
        if self.is_over(position):
            raise IllegalMoveError(f"the game is over in {position}: a player has no live hand")
        if move.split is not None:
            if move.split not in self.splits(mover):
                raise IllegalMoveError(f"split {mover} -> {move.split} is not allowed here")
            mover = move.split
            if move.attacker is not None and not self.rules.reaction:
                raise IllegalMoveError("an attack after a split needs the reaction (再行動) option")
        if move.attacker is not None:
            if move.attacker == 0 or move.attacker not in mover:
                raise IllegalMoveError(f"no live hand of value {move.attacker} to attack with")
            if move.target == 0 or move.target not in other:
                raise IllegalMoveError(f"no live opposing hand of value {move.target} to tap")
            other = dict(self.attacks(other, move.attacker))[move.target]
        return Position(other, mover)

    def parse_move(self, text: str) -> Move:
        """Read the move notation back: ``2>1``, ``=1,3``, ``=0,3+3>1``.

        >>> Chopsticks().parse_move("=3,0+3>1")
        Move(split=(0, 3), attacker=3, target=1)
        """
        found = _MOVE.fullmatch(text.strip())
        if not text.strip() or found is None:
            raise InputError(
                f"move {text!r} must be m>v (attack), =a,b (split) or =a,b+m>v (split, attack)"
            )
        split, attacker, target = found.group("split", "attacker", "target")
        return Move(
            split=None if split is None else tuple(int(v) for v in split.split(",")),
            attacker=None if attacker is None else int(attacker),
            target=None if target is None else int(target),
        )

    # --- positions ------------------------------------------------------------------------

    def check_position(self, position: Position) -> Position:
        """Validate hand counts and values; return the position with sorted hands."""
        rules = self.rules
        mover, other = tuple(sorted(position.mover)), tuple(sorted(position.other))
        pair = (len(mover), len(other))
        if pair not in {
            (rules.hands_first, rules.hands_second),
            (rules.hands_second, rules.hands_first),
        }:
            expected = f"{rules.hands_first} and {rules.hands_second}"
            if rules.hands_first != rules.hands_second:
                expected += f" (or {rules.hands_second} and {rules.hands_first})"
            raise InputError(
                f"wrong number of hands: got {pair[0]} and {pair[1]}, expected {expected}"
            )
        for value in mover + other:
            if not 0 <= value < rules.dies_at:
                raise InputError(f"hand value {value} is out of range 0..{rules.dies_at - 1}")
        return Position(mover, other)

    def parse_position(self, text: str) -> Position:
        """Read ``"1,1 2,1"``: the mover's hands, a space, the other player's hands.

        >>> Chopsticks().parse_position("2,1 1,1")
        Position(mover=(1, 2), other=(1, 1))
        """
        groups = text.replace("/", " ").split()
        if len(groups) != 2 or not all(_GROUP.match(group) for group in groups):
            raise InputError(
                f"position {text!r} must be two groups of comma-separated numbers, e.g. '1,1 2,1'"
            )
        mover, other = (tuple(int(value) for value in group.split(",")) for group in groups)
        return self.check_position(Position(mover, other))

    # --- the two kinds of move, per hand multiset (the solver's building blocks) ------------

    def tap(self, value: int, attacker: int) -> int:
        """The new value of a hand of ``value`` tapped by a hand of ``attacker``.

        >>> rollover = Chopsticks(Rules(overflow="rollover"))
        >>> Chopsticks().tap(3, 2), rollover.tap(3, 2), rollover.tap(4, 3)
        (0, 0, 2)
        """
        total = value + attacker
        if total < self.rules.dies_at:
            return total
        if self.rules.overflow == "cutoff" or total == self.rules.dies_at:
            return 0
        return total - self.rules.dies_at

    def attacks(
        self, target_hands: tuple[int, ...], attacker: int
    ) -> list[tuple[int, tuple[int, ...]]]:
        """(tapped value, new sorted hands) for every distinct live value the attacker may tap."""
        results = []
        for value in sorted(set(target_hands) - {0}):
            changed = list(target_hands)
            changed[target_hands.index(value)] = self.tap(value, attacker)
            results.append((value, tuple(sorted(changed))))
        return results

    def splits(self, hands: tuple[int, ...]) -> list[tuple[int, ...]]:
        """Every distinct multiset of own hands one split can reach (sorted tuples, ascending)."""
        rules = self.rules
        if not rules.split:
            return []
        smallest_giver = 1 if rules.from_one else 2
        found: set[tuple[int, ...]] = set()
        for giver, receiver in product(range(len(hands)), repeat=2):
            have, get = hands[giver], hands[receiver]
            if giver == receiver or have < smallest_giver or (get == 0 and not rules.revive):
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
