"""The mirror strategy that the basic protocol's centre restriction is there to prevent.

The article (懸念点, 配置システム) calls the ban on White's first stone at the centre
「初手の配置制限(ミラー戦略防止)」: White would open on the centre and then answer every
black stone with a white stone on the point-reflected cell. Each pair of opposite cells
then ends with one stone of each colour, so a final board of that strategy is an
orientation per pair: ``2**pairs`` boards, scored here all at once (or a seeded sample of
them) as a check of the proof below.

**Proof (ours) that the mirror strategy always wins for White, on every side s >= 2.**
Let c be the centre and σ the point reflection, an automorphism of the board's adjacency
fixing only c. The strategy can always be played: after c, the empty cells are whole pairs
{x, σx}, and each black stone lands on an empty pair whose other cell White takes. On the
final board colour(σx) is the opposite of colour(x) for every x ≠ c, and c is white.

1. For a black group B, σB is a connected set of white cells (σ keeps adjacency). Let W be
   the white group containing it. If c ∉ W, then σW is black, connected and contains B,
   so σW ⊆ B, i.e. W ⊆ σB: σB = W. So the black groups B_1 … B_k whose images lie in the
   centre's white group W_c are the only ones without a white group of the same size, and
   every white group other than W_c is σB for exactly one black group B.
2. W_c \\ {c} is the union of σB_1 … σB_k: a white x ≠ c in W_c has σx black, in some B
   whose image σB ∋ x is connected to c. So |W_c| = 1 + b_1 + … + b_k (b_i = |B_i|).
3. k >= 1: c has six neighbours (s >= 2), three opposite pairs, each pair one white and
   one black stone; a white neighbour x lies in W_c and σx is black.
4. The size lists are therefore M + [1 + b_1 + … + b_k] (White) and M + [b_1, …, b_k]
   (Black) for a common list M, which cancels in the article's rule (counts per size are
   compared). At the size b = min b_i < 1 + Σ b_i Black has more groups, and at every
   smaller size the counts are equal (M's): Black, with more groups at the deciding size,
   loses. White wins every game, on every side s >= 2 (side 1 has no second cell).

With the centre banned (:func:`adapted_mirror_counters`): White's first stone x has its
image σx empty, and c is empty too. The natural adaptation (ours) mirrors every other black
stone and answers a black stone on σx by the centre (a board of the proof above) or one on
the centre by σx. Black chooses which of the two to take, and the cell of each pair; so the
adaptation is beaten when some final board with c black, x and σx white and one stone of
each colour on every other pair is a White loss. The rules engine finds one for each
opening class on the sides it is asked about.
"""

from __future__ import annotations

import numpy as np

from asobi.contraposition.board import (
    BLACK,
    WHITE,
    board_key,
    cell_classes,
    cell_count,
    cells,
    centre,
    index_of,
)
from asobi.contraposition.contraposition import Colour, counts_rule, winner_by_counts
from asobi.contraposition.kernels import (
    neighbour_table,
    size_profiles,
    sizes_from_counts,
    unique_rows,
)


def reflection(side: int) -> tuple[int, ...]:
    """The point reflection through the centre, cell by cell."""
    where = index_of(side)
    return tuple(where[(-q, -r)] for q, r in cells(side))


def mirror_pairs(side: int) -> list[tuple[int, int]]:
    """The pairs of point-reflected cells (the centre excluded), each ascending, sorted."""
    image = reflection(side)
    middle = centre(side)
    return sorted({(min(i, j), max(i, j)) for i, j in enumerate(image) if i != middle})


ADAPTED_SEARCH_LIMIT = 1 << 12
"""How many final boards of the adapted mirror strategy are tried per opening class (in
orientation order) before the search gives up; every board when there are fewer."""


def adapted_mirror_counter(
    side: int, opening: int, limit: int = ADAPTED_SEARCH_LIMIT
) -> tuple[str | None, bool]:
    """A final board of the adapted mirror strategy (White opened on ``opening`` ≠ the
    centre; Black took the centre, White the image of ``opening``; one stone of each colour
    on every other pair) that White loses, as text, the first in orientation order (the
    k-th pair's lower cell black when bit k is 0); and whether the search covered every such
    board. ``(None, True)``: White wins them all, the adaptation holds.
    """
    image = reflection(side)
    middle = centre(side)
    others = [pair for pair in mirror_pairs(side) if opening not in pair]
    total = 1 << len(others)
    for orientation in range(min(total, limit)):
        board = [0] * cell_count(side)
        board[middle] = BLACK
        board[opening] = board[image[opening]] = WHITE
        for k, (low, high) in enumerate(others):
            white_low = (orientation >> k) & 1
            board[low], board[high] = (WHITE, BLACK) if white_low else (BLACK, WHITE)
        if winner_by_counts(board) is Colour.BLACK:
            return board_key(board), True
    return None, total <= limit


def adapted_mirror_counters(side: int) -> dict[int, tuple[str | None, bool]]:
    """:func:`adapted_mirror_counter` for one opening of each symmetry class (the class's
    smallest cell), every cell but the centre."""
    middle = centre(side)
    classes = cell_classes(side, [i for i in range(cell_count(side)) if i != middle])
    return {group[0]: adapted_mirror_counter(side, group[0]) for group in classes}


def mirror_boards(side: int, limit: int, generator: np.random.Generator) -> tuple[np.ndarray, str]:
    """Final boards of "White opens on the centre, then answers every black stone with a
    white stone on the point-reflected cell" (every such board, or a sample of ``limit``),
    and the method (``exhaustive`` or ``random_sample``).
    """
    pairs = mirror_pairs(side)
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
    unique, _, multiplicity = unique_rows(profiles.reshape(len(boards), -1))
    n = cell_count(side)
    wins = 0
    for row, weight in zip(unique, multiplicity, strict=True):
        counts = row.reshape(2, n + 1)
        if counts_rule(sizes_from_counts(counts[0]), sizes_from_counts(counts[1])) is Colour.WHITE:
            wins += int(weight)
    return wins
