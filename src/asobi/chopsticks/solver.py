"""Exact solution of a chopsticks rule set by retrograde analysis.

Positions are numbered densely: each player's hands are a sorted tuple (a multiset) with a
number in that hand count's table; a position is (orientation, mover's number, other's
number), the orientation saying whose hand count the mover has. Move generation per hand
multiset comes from the rules module (:mod:`asobi.chopsticks.chopsticks`); numba kernels
combine those small tables into the position graph and run the retrograde analysis:

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
dictionary built with :func:`~asobi.chopsticks.chopsticks.legal_moves`, no numba, used by the
tests to cross-check :func:`solve`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from itertools import combinations_with_replacement

import numba
import numpy as np

from asobi.chopsticks.chopsticks import (
    Move,
    Position,
    Rules,
    attack_results,
    check_position,
    is_over,
    legal_moves,
    play,
    split_results,
    start_position,
)
from asobi.core.errors import InputError
from asobi.core.game import Outcome

UNKNOWN, WIN, LOSS, GAME_OVER = 0, 1, 2, 3
ATTACK_BITS = 8  # move code = (split multiset id + 1) << 8 | attacker << 4 | target


@numba.njit(cache=True)
def _locate(p, offsets):
    orientation = 0
    while p >= offsets[orientation + 1]:
        orientation += 1
    return orientation


@numba.njit(cache=True)
def _build_children(
    offsets,
    mover_base,
    other_base,
    n_other,
    flip,
    live,
    splits,
    attack,
    attack_target,
    dead,
    reaction,
    max_degree,
):
    n_positions = offsets[-1]
    children = np.full((n_positions, max_degree), -1, np.int32)
    codes = np.full((n_positions, max_degree), -1, np.int32)
    for p in range(n_positions):
        o = _locate(p, offsets)
        rest = p - offsets[o]
        mover = mover_base[o] + rest // n_other[o]
        other = other_base[o] + rest % n_other[o]
        if dead[mover] or dead[other]:
            continue
        f = flip[o]
        k = 0
        for split_slot in range(-1, splits.shape[1]):
            if split_slot == -1:
                hands = mover
            else:
                hands = splits[mover, split_slot]
                if hands < 0:
                    break
                children[p, k] = (
                    offsets[f] + (other - mover_base[f]) * n_other[f] + (hands - other_base[f])
                )
                codes[p, k] = (hands + 1) << 8
                k += 1
                if not reaction:
                    continue
            for a in range(live.shape[1]):
                attacker = live[hands, a]
                if attacker == 0:
                    break
                for t in range(attack.shape[2]):
                    hit = attack[other, attacker, t]
                    if hit < 0:
                        break
                    children[p, k] = (
                        offsets[f] + (hit - mover_base[f]) * n_other[f] + (hands - other_base[f])
                    )
                    split_part = 0 if split_slot == -1 else (hands + 1) << 8
                    codes[p, k] = split_part | (attacker << 4) | attack_target[other, attacker, t]
                    k += 1
    return children, codes


@numba.njit(cache=True)
def _retrograde(children, terminal, game_over):
    n_positions, max_degree = children.shape
    degree = np.zeros(n_positions, np.int64)
    counts = np.zeros(n_positions + 1, np.int64)
    for p in range(n_positions):
        for k in range(max_degree):
            c = children[p, k]
            if c < 0:
                break
            degree[p] += 1
            counts[c + 1] += 1
    starts = np.cumsum(counts)
    fill = starts[:-1].copy()
    parents = np.empty(starts[-1], np.int32)
    for p in range(n_positions):
        for k in range(degree[p]):
            c = children[p, k]
            parents[fill[c]] = p
            fill[c] += 1
    value = np.zeros(n_positions, np.int8)
    plies = np.full(n_positions, -1, np.int32)
    queue = np.empty(n_positions, np.int32)
    tail = 0
    for p in range(n_positions):
        if game_over[p]:
            value[p] = GAME_OVER
        elif terminal[p]:
            value[p] = LOSS
            plies[p] = 0
            queue[tail] = p
            tail += 1
    head = 0
    while head < tail:
        c = queue[head]
        head += 1
        for i in range(starts[c], starts[c + 1]):
            p = parents[i]
            if value[p] != UNKNOWN:
                continue
            if value[c] == LOSS:
                value[p] = WIN
            else:
                degree[p] -= 1
                if degree[p] > 0:
                    continue
                value[p] = LOSS
            plies[p] = plies[c] + 1
            queue[tail] = p
            tail += 1
    return value, plies


@numba.njit(cache=True)
def _reachable(children, start):
    seen = np.zeros(children.shape[0], np.bool_)
    queue = np.empty(children.shape[0], np.int32)
    queue[0] = start
    seen[start] = True
    head, tail = 0, 1
    while head < tail:
        p = queue[head]
        head += 1
        for k in range(children.shape[1]):
            c = children[p, k]
            if c < 0:
                break
            if not seen[c]:
                seen[c] = True
                queue[tail] = c
                tail += 1
    return seen


@numba.njit(cache=True)
def _best_codes(children, codes, value, plies, selected):
    """Flat optimal move codes of the selected positions, with CSR offsets."""
    offsets = np.zeros(selected.shape[0] + 1, np.int64)
    flat = np.empty(selected.shape[0] * children.shape[1], np.int32)
    n = 0
    for i in range(selected.shape[0]):
        p = selected[i]
        for k in range(children.shape[1]):
            c = children[p, k]
            if c < 0:
                break
            good = False
            if value[p] == WIN:
                good = value[c] == LOSS and plies[c] == plies[p] - 1
            elif value[p] == LOSS:
                good = value[c] == WIN and plies[c] == plies[p] - 1
            elif value[p] == UNKNOWN:
                good = value[c] == UNKNOWN
            if good:
                flat[n] = codes[p, k]
                n += 1
        offsets[i + 1] = n
    return flat[:n], offsets


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
        d = self.rules.dies_at
        width = max(self.counts)
        n = len(self.multisets)
        split_lists = [[self.ids[s] for s in split_results(m, self.rules)] for m in self.multisets]
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
                for t, (value, result) in enumerate(attack_results(m, attacker, self.rules)):
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
        position = check_position(position, self.rules)
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
        return self.index(start_position(self.rules))

    @cached_property
    def reachable(self) -> np.ndarray:
        """Dense numbers of the positions reachable from the start, ascending."""
        return np.flatnonzero(_reachable(self.children, self.start))

    def best_codes(self, selected: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Optimal move codes of the selected positions: flat codes and CSR offsets."""
        return _best_codes(
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


MAX_POSITIONS = 50_000_000  # about 10 GB of move arrays; larger rule sets are refused


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
            f"({MAX_POSITIONS:,})"
        )
    arrays = tables.arrays()
    flip = [1, 0] if len(orientations) == 2 else [0]
    width = arrays["live"].shape[1]
    n_split = int((arrays["splits"] >= 0).sum(axis=1).max())
    per_hands = width * width
    max_degree = per_hands + n_split * (1 + (per_hands if rules.reaction else 0))
    offsets_array = np.array(offsets, np.int64)
    children, codes = _build_children(
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
    value, plies = _retrograde(children, mover_dead & ~other_dead, other_dead)
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
    start = start_position(rules)
    seen = {start}
    frontier = [start]
    while frontier:
        following = []
        for position in frontier:
            for move in legal_moves(position, rules):
                child = play(position, move, rules)
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
    positions = reachable_positions(rules)
    moves = {p: [play(p, m, rules) for m in legal_moves(p, rules)] for p in positions}
    values: dict[Position, Value] = {p: ("second", 0) if is_over(p) else None for p in positions}
    for _ in range(depth):
        updated: dict[Position, Value] = {}
        for p in positions:
            if is_over(p):
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
