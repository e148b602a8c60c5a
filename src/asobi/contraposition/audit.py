"""The winning-rule audit: the article's two statements and Ludii's score on full boards.

Every full board a protocol can produce is enumerated on small sides (the stone counts
come from :func:`reachable_white_counts`), and random full boards with those counts are
drawn on larger sides. The three rules (:func:`~asobi.contraposition.contraposition.counts_rule`,
:func:`~asobi.contraposition.contraposition.sorted_sizes_rule`,
:func:`~asobi.contraposition.contraposition.ludii_rule`) depend only on the two colours'
group sizes, so each distinct size profile (computed by the numba flood fill) is judged
once and weighted by the number of boards that have it.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from asobi.contraposition.board import board_key
from asobi.contraposition.contraposition import (
    Colour,
    Protocol,
    Rules,
    counts_rule,
    ludii_rule,
    sorted_sizes_rule,
)
from asobi.contraposition.kernels import (
    neighbour_table,
    size_profiles,
    sizes_from_counts,
    unique_rows,
)


def reachable_white_counts(rules: Rules) -> list[int]:
    """Numbers of white stones a full board can have under the protocol.

    >>> reachable_white_counts(Rules(3))
    [10]
    >>> reachable_white_counts(Rules(2, "onetwo"))
    [3, 4, 5]
    """
    n = rules.cell_count
    if rules.protocol is Protocol.BASIC:
        return [(n + 1) // 2]
    # states: (stones placed, white stones, colour to move) after White's one-stone opening
    frontier = {(1, 1, Colour.BLACK)}
    finals: set[int] = set()
    seen = set(frontier)
    while frontier:
        nxt = set()
        for placed, whites, mover in frontier:
            if placed == n:
                finals.add(whites)
                continue
            for k in (1, 2):
                if placed + k > n:
                    continue
                state = (placed + k, whites + (k if mover is Colour.WHITE else 0), mover.opponent)
                if state not in seen:
                    seen.add(state)
                    nxt.add(state)
        frontier = nxt
    return sorted(finals)


def all_boards(n: int, white_counts: Sequence[int]) -> np.ndarray:
    """Every full board of ``n`` cells with one of these white-stone counts (``int8[m, n]``)."""
    masks = np.arange(1 << n, dtype=np.int64)
    bits = ((masks[:, None] >> np.arange(n)) & 1).astype(np.int8)
    keep = np.isin(bits.sum(axis=1), list(white_counts))
    bits = bits[keep]
    return np.where(bits == 1, 1, 2).astype(np.int8)


def random_boards(
    n: int, white_counts: Sequence[int], size: int, generator: np.random.Generator
) -> np.ndarray:
    """``size`` random full boards, each with a white-stone count drawn from ``white_counts``."""
    whites = generator.choice(np.asarray(white_counts), size=size)
    keys = generator.random((size, n))
    ranks = keys.argsort(axis=1).argsort(axis=1)
    return np.where(ranks < whites[:, None], 1, 2).astype(np.int8)


def audit_boards(rules: Rules, boards: np.ndarray, method: str) -> dict[str, Any]:
    """Apply the three rule statements to every board (once per distinct size profile).

    Returns one ``rule_audit`` row (:data:`~asobi.contraposition.tables.AUDIT_SCHEMA`).
    """
    profiles = size_profiles(boards, neighbour_table(rules.side))
    flat = profiles.reshape(len(boards), -1)
    unique, inverse, multiplicity = unique_rows(flat)
    n = rules.cell_count
    disagree = ludii_off = draws = white_wins = 0
    example = ""
    for index, row in enumerate(unique):
        counts = row.reshape(2, n + 1)
        white_sizes, black_sizes = sizes_from_counts(counts[0]), sizes_from_counts(counts[1])
        a = counts_rule(white_sizes, black_sizes)
        b = sorted_sizes_rule(white_sizes, black_sizes)
        c = ludii_rule(white_sizes, black_sizes)
        weight = int(multiplicity[index])
        if a != b:
            disagree += weight
        if a != c:
            ludii_off += weight
        if (a != b or a != c) and not example:
            example = board_key(tuple(int(v) for v in boards[int(np.argmax(inverse == index))]))
        if a is None:
            draws += weight
        elif a is Colour.WHITE:
            white_wins += weight
    return {
        "side": rules.side,
        "protocol": rules.protocol.display,
        "method": method,
        "white_stone_counts": reachable_white_counts(rules),
        "boards": len(boards),
        "size_profiles": len(unique),
        "statements_disagree": disagree,
        "ludii_disagrees": ludii_off,
        "draws": draws,
        "white_wins": white_wins,
        "example_disagreement": example,
    }
