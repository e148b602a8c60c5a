"""Numba kernels of the chopsticks solver: the position graph and the retrograde analysis.

Positions are dense numbers (see :mod:`asobi.chopsticks.solver`); these kernels work on plain
arrays only. :func:`build_children` combines the per-hand-multiset move tables into every
position's children and move codes, :func:`retrograde` labels positions won / lost / draw
with their distances, :func:`reachable` marks what the start reaches and :func:`best_codes`
picks the optimal moves.
"""

from __future__ import annotations

import numba
import numpy as np

UNKNOWN, WIN, LOSS, GAME_OVER = 0, 1, 2, 3
ATTACK_BITS = 8  # move code = (split multiset id + 1) << 8 | attacker << 4 | target


@numba.njit(cache=True)
def locate(p, offsets):
    """The orientation (block of ``offsets``) that position number ``p`` falls in."""
    orientation = 0
    while p >= offsets[orientation + 1]:
        orientation += 1
    return orientation


@numba.njit(cache=True)
def build_children(
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
    """Children and move codes of every position (``-1`` pads the rows).

    A position is (orientation, mover's multiset, other's multiset); ``splits``, ``live``,
    ``attack`` and ``attack_target`` are the per-multiset move tables; ``flip`` gives the
    orientation after a move (the players change roles).
    """
    n_positions = offsets[-1]
    children = np.full((n_positions, max_degree), -1, np.int32)
    codes = np.full((n_positions, max_degree), -1, np.int32)
    for p in range(n_positions):
        o = locate(p, offsets)
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
def retrograde(children, terminal, game_over):
    """Value (``WIN`` / ``LOSS`` / ``UNKNOWN`` = draw / ``GAME_OVER``) and plies per position.

    From the lost ``terminal`` positions backwards in order of distance: a parent of a lost
    position is won (the first time reached = the shortest win); a parent all of whose
    children are won is lost (reached last = the longest delay).
    """
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
def reachable(children, start):
    """Which positions the start reaches (breadth-first search over ``children``)."""
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
def best_codes(children, codes, value, plies, selected):
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
