"""The mirror strategy that the basic protocol's centre restriction is there to prevent.

The article (懸念点, 配置システム) forbids White's first stone on the centre so that White
cannot open there and then answer every black stone with a white stone on the
point-reflected cell. Each pair of opposite cells then ends with one stone of each
colour, so a final board of that strategy is an orientation per pair: ``2**pairs`` boards,
scored here all at once (or a seeded sample of them).
"""

from __future__ import annotations

import numpy as np

from asobi.contraposition.board import cell_count, cells, centre, index_of
from asobi.contraposition.contraposition import Colour, counts_rule
from asobi.contraposition.kernels import neighbour_table, size_profiles, sizes_from_counts


def mirror_boards(side: int, limit: int, generator: np.random.Generator) -> tuple[np.ndarray, str]:
    """Final boards of "White opens on the centre, then answers every black stone with a
    white stone on the point-reflected cell" (every such board, or a sample of ``limit``),
    and the method (``exhaustive`` or ``random_sample``).
    """
    where = index_of(side)
    pairs = sorted(
        {
            tuple(sorted((i, where[(-q, -r)])))
            for i, (q, r) in enumerate(cells(side))
            if (q, r) != (0, 0)
        }
    )
    count = len(pairs)
    if count <= 24 and (1 << count) <= limit:
        orientations = (np.arange(1 << count)[:, None] >> np.arange(count)) & 1
        method = "exhaustive"
    else:
        orientations = generator.integers(0, 2, size=(limit, count))
        method = "random_sample"
    boards = np.zeros((len(orientations), cell_count(side)), dtype=np.int8)
    boards[:, centre(side)] = 1
    for k, (a, b) in enumerate(pairs):
        boards[:, a] = np.where(orientations[:, k] == 1, 1, 2)
        boards[:, b] = np.where(orientations[:, k] == 1, 2, 1)
    return boards, method


def white_wins(side: int, boards: np.ndarray) -> int:
    """How many of ``boards`` White wins (by the article's first statement of the rule)."""
    profiles = size_profiles(boards, neighbour_table(side))
    unique, multiplicity = np.unique(profiles.reshape(len(boards), -1), axis=0, return_counts=True)
    n = cell_count(side)
    wins = 0
    for row, weight in zip(unique, multiplicity, strict=True):
        counts = row.reshape(2, n + 1)
        if counts_rule(sizes_from_counts(counts[0]), sizes_from_counts(counts[1])) is Colour.WHITE:
            wins += int(weight)
    return wins
