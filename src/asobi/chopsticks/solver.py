"""Exact solution of a chopsticks rule set by retrograde analysis.

Positions are numbered densely: each player's hands are a sorted tuple (a multiset) with a
number in that hand count's table; a position is (orientation, mover's number, other's
number), the orientation saying whose hand count the mover has. Move generation per hand
multiset comes from the rules (:class:`~asobi.chopsticks.chopsticks.Chopsticks`); the numba
kernels of :mod:`asobi.chopsticks.kernels` combine those small tables into the position graph
and run the retrograde analysis:

* a position whose mover has no live hand is lost in 0 plies;
* a position with a move to a lost position is won; its distance is one more than the
  *smallest* such child (the winner hurries);
* a position all of whose moves lead to won positions is lost; its distance is one more than
  the *largest* child (the loser delays);
* whatever is left once the queue is empty is a draw (the graph has cycles).

Processing the queue in order of distance makes both rules hold. A position whose *other*
player has no live hand cannot arise in play (the game ended a ply earlier); it is marked
``GAME_OVER`` and has no moves.

:func:`depth_limited_values` is the plain reference: value iteration over the position
dictionary built with the game's ``legal_moves``/``play``, no numba, used by the tests to
cross-check :func:`solve`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement

import numpy as np

from asobi.chopsticks import kernels
from asobi.chopsticks.chopsticks import Chopsticks, Move, Position, Rules
from asobi.chopsticks.kernels import ATTACK_BITS, GAME_OVER, LOSS, UNKNOWN, WIN
from asobi.chopsticks.rule_sets import MAX_RULE_SET_POSITIONS
from asobi.core.errors import InputError
from asobi.core.game import Outcome


@dataclass(frozen=True)
class HandTables:
    """Per hand count: every multiset and its moves, with global ids across hand counts."""

    rules: Rules
    counts: tuple[int, ...]  # distinct hand counts, first player's first

    @cached_property
    def multisets(self) -> list[tuple[int, ...]]:
        return [
            m
            for h in self.counts
            for m in combinations_with_replacement(range(self.rules.dies_at), h)
        ]

    @cached_property
    def base(self) -> dict[int, int]:
        bases, at = {}, 0
        for h in self.counts:
            bases[h] = at
            at += sum(1 for m in self.multisets if len(m) == h)
        return bases

    @cached_property
    def size(self) -> dict[int, int]:
        return {h: sum(1 for m in self.multisets if len(m) == h) for h in self.counts}

    @cached_property
    def ids(self) -> dict[tuple[int, ...], int]:
        return {m: i for i, m in enumerate(self.multisets)}

    def arrays(self) -> dict[str, np.ndarray]:
        """The per-multiset move tables the kernels read (live values, splits, attacks)."""
        game = Chopsticks(self.rules)
        d = self.rules.dies_at
        width = max(self.counts)
        n = len(self.multisets)
        split_lists = [[self.ids[s] for s in game.splits(m)] for m in self.multisets]
        live = np.zeros((n, width), np.int32)
        splits = np.full((n, max(1, max(map(len, split_lists)))), -1, np.int32)
        attack = np.full((n, d, width), -1, np.int32)
        target = np.zeros((n, d, width), np.int32)
        dead = np.zeros(n, np.bool_)
        hands = np.full((n, width), -1, np.int8)
        for i, m in enumerate(self.multisets):
            hands[i, : len(m)] = m
            dead[i] = not any(m)
            values = sorted(set(m) - {0})
            live[i, : len(values)] = values
            splits[i, : len(split_lists[i])] = split_lists[i]
            for attacker in range(1, d):
                for t, (value, result) in enumerate(game.attacks(m, attacker)):
                    attack[i, attacker, t] = self.ids[result]
                    target[i, attacker, t] = value
        return {
            "live": live,
            "splits": splits,
            "attack": attack,
            "target": target,
            "dead": dead,
            "hands": hands,
        }


@dataclass(frozen=True)
class Solution:
    """Every position of one rule set with its value, distance and moves."""

    rules: Rules
    tables: HandTables
    orientations: list[tuple[int, int]]  # (mover's hand count, other's hand count)
    offsets: np.ndarray
    hands: np.ndarray  # multiset id -> hand values (padded with -1)
    children: np.ndarray
    codes: np.ndarray
    value: np.ndarray
    plies: np.ndarray

    def index(self, position: Position) -> int:
        """The dense number of a position."""
        position = Chopsticks(self.rules).check_position(position)
        o = self.orientations.index((len(position.mover), len(position.other)))
        other_count = self.orientations[o][1]
        mover_local = self.tables.ids[position.mover] - self.tables.base[len(position.mover)]
        other_local = self.tables.ids[position.other] - self.tables.base[other_count]
        return int(self.offsets[o] + mover_local * self.tables.size[other_count] + other_local)

    def position(self, p: int) -> Position:
        """The position with dense number ``p``."""
        o = int(np.searchsorted(self.offsets, p, side="right") - 1)
        mover_count, other_count = self.orientations[o]
        rest = p - int(self.offsets[o])
        mover = self.tables.base[mover_count] + rest // self.tables.size[other_count]
        other = self.tables.base[other_count] + rest % self.tables.size[other_count]
        return Position(self.tables.multisets[mover], self.tables.multisets[other])

    def outcome(self, p: int) -> Outcome:
        """Who wins from position number ``p`` (the player to move is ``first``)."""
        v = int(self.value[p])
        if v == GAME_OVER:
            raise InputError(
                f"{self.position(p)}: the game is already over (no live opposing hand)"
            )
        return {WIN: Outcome.FIRST, LOSS: Outcome.SECOND, UNKNOWN: Outcome.DRAW}[v]

    def distance(self, p: int) -> int | None:
        """Plies to the end under optimal play; ``None`` for a draw."""
        return None if self.value[p] == UNKNOWN else int(self.plies[p])

    @cached_property
    def start(self) -> int:
        return self.index(Chopsticks(self.rules).start)

    @cached_property
    def reachable(self) -> np.ndarray:
        """Dense numbers of the positions reachable from the start, ascending."""
        return np.flatnonzero(kernels.reachable(self.children, self.start))

    def best_codes(self, selected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Optimal move codes of the selected positions: flat codes and CSR offsets."""
        return kernels.best_codes(
            self.children, self.codes, self.value, self.plies, np.asarray(selected, np.int32)
        )

    def move_text(self, code: int) -> str:
        """Decode a move code into the notation of :class:`~asobi.chopsticks.chopsticks.Move`."""
        split_id = (code >> ATTACK_BITS) - 1
        attacker, target = (code >> 4) & 15, code & 15
        move = Move(
            split=self.tables.multisets[split_id] if split_id >= 0 else None,
            attacker=attacker or None,
            target=target if attacker else None,
        )
        return str(move)

    def best_moves(self, position: Position) -> list[str]:
        """The optimal moves from ``position`` in move notation."""
        p = self.index(position)
        self.outcome(p)
        flat, _ = self.best_codes(np.array([p]))
        return [self.move_text(int(c)) for c in flat]


#: Larger rule sets are refused (the reason is with the constant in ``rule_sets``).
MAX_POSITIONS = MAX_RULE_SET_POSITIONS


def solve(rules: Rules) -> Solution:
    """Build the position graph of ``rules`` and solve it by retrograde analysis."""
    counts = tuple(dict.fromkeys((rules.hands_first, rules.hands_second)))
    tables = HandTables(rules, counts)
    orientations = [(rules.hands_first, rules.hands_second)]
    if rules.hands_first != rules.hands_second:
        orientations.append((rules.hands_second, rules.hands_first))
    offsets = [0]
    for mover_count, other_count in orientations:
        offsets.append(offsets[-1] + tables.size[mover_count] * tables.size[other_count])
    if offsets[-1] > MAX_POSITIONS:
        raise InputError(
            f"{rules.variant_id} has {offsets[-1]:,} positions, more than this solver handles "
            f"({MAX_POSITIONS:,}, about 500 bytes each while solving)"
        )
    arrays = tables.arrays()
    flip = [1, 0] if len(orientations) == 2 else [0]
    width = arrays["live"].shape[1]
    n_split = int((arrays["splits"] >= 0).sum(axis=1).max())
    per_hands = width * width
    max_degree = per_hands + n_split * (1 + (per_hands if rules.reaction else 0))
    offsets_array = np.array(offsets, np.int64)
    children, codes = kernels.build_children(
        offsets_array,
        np.array([tables.base[m] for m, _ in orientations], np.int64),
        np.array([tables.base[o] for _, o in orientations], np.int64),
        np.array([tables.size[o] for _, o in orientations], np.int64),
        np.array(flip, np.int64),
        arrays["live"],
        arrays["splits"],
        arrays["attack"],
        arrays["target"],
        arrays["dead"],
        rules.reaction,
        max_degree,
    )
    mover_dead, other_dead = _dead_sides(tables, orientations, arrays["dead"])
    value, plies = kernels.retrograde(children, mover_dead & ~other_dead, other_dead)
    return Solution(
        rules, tables, orientations, offsets_array, arrays["hands"], children, codes, value, plies
    )


def _dead_sides(
    tables: HandTables, orientations: list[tuple[int, int]], dead: np.ndarray
) -> tuple[np.ndarray, np.ndarray]:
    """For every position: does the mover / the other player have no live hand?"""
    movers, others = [], []
    for mover_count, other_count in orientations:
        mover_dead = dead[tables.base[mover_count] :][: tables.size[mover_count]]
        other_dead = dead[tables.base[other_count] :][: tables.size[other_count]]
        movers.append(np.repeat(mover_dead, tables.size[other_count]))
        others.append(np.tile(other_dead, tables.size[mover_count]))
    return np.concatenate(movers), np.concatenate(others)


# --- plain reference ----------------------------------------------------------------------

Value = tuple[str, int] | None  # ("first", plies) / ("second", plies) / None (undecided)


def reachable_positions(rules: Rules) -> list[Position]:
    """Every position reachable from the start, by plain breadth-first search."""
    game = Chopsticks(rules)
    seen = {game.start}
    frontier = [game.start]
    while frontier:
        following = []
        for position in frontier:
            for move in game.legal_moves(position):
                child = game.play(position, move)
                if child not in seen:
                    seen.add(child)
                    following.append(child)
        frontier = following
    return sorted(seen)


def depth_limited_values(rules: Rules, depth: int) -> dict[Position, Value]:
    """Values of the reachable positions that are decided within ``depth`` plies.

    Plain value iteration: at depth 0 only finished games are decided (lost for the mover);
    at depth k+1 a position is won in 1 + min if some move reaches a position lost at depth k,
    lost in 1 + max if every move reaches a position won at depth k, else undecided.
    Positions still undecided at a depth beyond every finite distance are draws.
    """
    game = Chopsticks(rules)
    positions = reachable_positions(rules)
    moves = {p: [game.play(p, m) for m in game.legal_moves(p)] for p in positions}
    values: dict[Position, Value] = {
        p: ("second", 0) if game.is_over(p) else None for p in positions
    }
    for _ in range(depth):
        updated: dict[Position, Value] = {}
        for p in positions:
            if game.is_over(p):
                updated[p] = values[p]
                continue
            children = [values[c] for c in moves[p]]
            lost = [v[1] for v in children if v is not None and v[0] == "second"]
            if lost:
                updated[p] = ("first", 1 + min(lost))
            elif all(v is not None and v[0] == "first" for v in children):
                updated[p] = ("second", 1 + max(v[1] for v in children))  # type: ignore[index]
            else:
                updated[p] = None
        values = updated
    return values
