"""The exact solver's search, a numba core and the Python driver that runs it.

A position is two bit masks (:mod:`asobi.contraposition.bitboard`), the colour to move and,
under the ``onetwo`` (12?) protocol, whether the mover has already placed one stone this
turn. A turn of two stones is searched as two single placements by the same player ("place
a second stone" or "end the turn"), so the two orders of the same pair meet in the
transposition table instead of being searched twice.

The search is a boolean negamax ("can the player to move force the goal?") with a
transposition table keyed by the position's canonical form under the board's 12 symmetries.
Every stored value is exact (a boolean search needs no bounds). The goal is
"``hero`` wins, and the winning rule is decided at a group size ``<= size_limit``"; with no
size limit (:data:`NO_LIMIT`) it is simply "``hero`` wins".

The search stops when it has visited the nodes it was given; the result is then reported as
not solved, never guessed. The numba search and its driver, :class:`Searcher`, share private
layouts (the ``params`` and ``stats`` slots, the packed key): they stay in this one module.
"""

from __future__ import annotations

import numba as nb
import numpy as np

from asobi.contraposition.bitboard import board_tables, canonical_key, decide, popcount
from asobi.contraposition.contraposition import Colour, Protocol, Rules

NO_LIMIT = 1 << 30
"""A size limit that limits nothing: the goal is then a plain win."""

# stats slots
_NODES, _ABORTED, _TT_HITS = 0, 1, 2


@nb.njit(cache=True)
def tt_probe(keys: np.ndarray, values: np.ndarray, key: int) -> int:
    """Stored value (0/1) for ``key``, or -1."""
    slot = ((key * 0x7F4A7C159E3779B9) >> 20) & (keys.shape[0] - 2)
    if keys[slot] == key:
        return values[slot]
    if keys[slot + 1] == key:
        return values[slot + 1]
    return -1


@nb.njit(cache=True)
def tt_store(
    keys: np.ndarray, values: np.ndarray, depths: np.ndarray, key: int, value: int, depth: int
) -> None:
    """Two-slot bucket: slot 0 keeps the deepest entry, slot 1 always takes the newest."""
    slot = ((key * 0x7F4A7C159E3779B9) >> 20) & (keys.shape[0] - 2)
    if keys[slot] == 0 or depth >= depths[slot]:
        keys[slot] = key
        values[slot] = value
        depths[slot] = depth
    else:
        keys[slot + 1] = key
        values[slot + 1] = value
        depths[slot + 1] = depth


@nb.njit(cache=True)
def goal_reached(
    white: int,
    black: int,
    n: int,
    stride: int,
    padded_chunks: np.ndarray,
    balance: np.ndarray,
    hero: int,
    size_limit: int,
) -> bool:
    who, size = decide(white, black, n, stride, padded_chunks, balance)
    return who == hero and size <= size_limit


# search parameters (an int64 array, so that the recursive call stays short)
_N, _FULL, _STRIDE, _HERO, _LIMIT, _MAX_NODES, _TT_MIN_EMPTY, _ONETWO, _ORDER = range(9)


_ENTER, _NEXT, _RETURN = 0, 1, 2


@nb.njit(cache=True)
def _leaf_value(
    white: int,
    black: int,
    mover: int,
    half_turn: int,
    empty: int,
    params: np.ndarray,
    padded_chunks: np.ndarray,
    balance: np.ndarray,
) -> int:
    """Value for the mover of a full board or of the last empty cell; -1 otherwise."""
    n, stride = params[_N], params[_STRIDE]
    hero, size_limit = params[_HERO], params[_LIMIT]
    if empty == 0:
        reached = goal_reached(white, black, n, stride, padded_chunks, balance, hero, size_limit)
        return 1 if reached == (mover == hero) else 0
    if empty & (empty - 1):
        return -1
    # the last cell: filled by the mover, or (12?, after a first stone) by either colour
    mine = goal_reached(
        white | empty if mover == 1 else white,
        black | empty if mover == 2 else black,
        n,
        stride,
        padded_chunks,
        balance,
        hero,
        size_limit,
    )
    if mine == (mover == hero):
        return 1
    if params[_ONETWO] == 1 and half_turn == 1:
        theirs = goal_reached(
            white | empty if mover == 2 else white,
            black | empty if mover == 1 else black,
            n,
            stride,
            padded_chunks,
            balance,
            hero,
            size_limit,
        )
        return 1 if theirs == (mover == hero) else 0
    return 0


@nb.njit(cache=True)
def search(
    white: int,
    black: int,
    mover: int,
    params: np.ndarray,
    neighbour_masks: np.ndarray,
    padded_chunks: np.ndarray,
    chunks: np.ndarray,
    balance: np.ndarray,
    keys: np.ndarray,
    values: np.ndarray,
    depths: np.ndarray,
    stats: np.ndarray,
) -> bool:
    """True when ``mover`` (1 white, 2 black) can force its goal (see the module doc).

    An iterative depth-first negamax with an explicit stack. A frame is a position: masks,
    mover, ``half_turn`` (1 when the mover has placed one stone of a 12? turn and may place
    a second one or end the turn) and the index of the next move to try (cells in order,
    then, after a first 12? stone, "end the turn").
    """
    n, full = params[_N], params[_FULL]
    onetwo = params[_ONETWO] == 1
    frames = 2 * n + 2
    fw = np.zeros(frames, dtype=np.int64)
    fb = np.zeros(frames, dtype=np.int64)
    fm = np.zeros(frames, dtype=np.int64)
    fh = np.zeros(frames, dtype=np.int64)
    fnext = np.zeros(frames, dtype=np.int64)
    fkey = np.zeros(frames, dtype=np.int64)
    fempties = np.zeros(frames, dtype=np.int64)
    fopen = np.zeros(frames, dtype=np.bool_)
    fmoves = np.zeros((frames, n), dtype=np.int64)
    fcount = np.zeros(frames, dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    ordered = params[_ORDER] == 1
    d = 0
    fw[0], fb[0], fm[0], fh[0] = white, black, mover, 0
    state = _ENTER
    result = False
    while True:
        if state == _ENTER:
            stats[_NODES] += 1
            if stats[_NODES] > params[_MAX_NODES]:
                stats[_ABORTED] = 1
                return False
            w, b, m, h = fw[d], fb[d], fm[d], fh[d]
            empty = full & ~(w | b)
            fopen[d] = False
            leaf = _leaf_value(w, b, m, h, empty, params, padded_chunks, balance)
            if leaf >= 0:
                result = leaf == 1
                state = _RETURN
                continue
            empties = popcount(empty)
            fkey[d] = 0
            if empties >= params[_TT_MIN_EMPTY]:
                key = (
                    canonical_key(w, b, n, chunks) | ((m - 1) << (2 * n)) | (h << (2 * n + 1))
                ) + 1
                stored = tt_probe(keys, values, key)
                if stored >= 0:
                    stats[_TT_HITS] += 1
                    result = stored == 1
                    state = _RETURN
                    continue
                fkey[d] = key
            fopen[d] = True
            fempties[d] = empties
            # moves: empty cells, those touching more stones (the mover's count twice) first
            own = w if m == 1 else b
            count = 0
            for cell in range(n):
                if (empty >> cell) & 1:
                    score = 0
                    if ordered:
                        around = neighbour_masks[cell]
                        score = 2 * popcount(around & own) + popcount(around & (w | b) & ~own)
                    k = count
                    while k > 0 and scores[k - 1] < score:
                        fmoves[d, k] = fmoves[d, k - 1]
                        scores[k] = scores[k - 1]
                        k -= 1
                    fmoves[d, k] = cell
                    scores[k] = score
                    count += 1
            fcount[d] = count
            fnext[d] = 0
            state = _NEXT
        elif state == _RETURN:
            if fopen[d] and fkey[d] != 0:
                tt_store(keys, values, depths, fkey[d], 1 if result else 0, fempties[d])
            if d == 0:
                return result
            d -= 1
            if fm[d + 1] != fm[d]:
                result = not result
            state = _RETURN if result else _NEXT
        else:  # _NEXT: push the next child of frame d, or finish it as lost
            w, b, m, h = fw[d], fb[d], fm[d], fh[d]
            index = fnext[d]
            if index >= fcount[d]:
                if onetwo and h == 1 and index == fcount[d]:
                    # last option of a 12? turn after one stone: end the turn
                    fnext[d] = index + 1
                    fw[d + 1], fb[d + 1], fm[d + 1], fh[d + 1] = w, b, 3 - m, 0
                    d += 1
                    state = _ENTER
                    continue
                result = False
                state = _RETURN
                continue
            cell = fmoves[d, index]
            fnext[d] = index + 1
            bit = 1 << cell
            fw[d + 1] = w | bit if m == 1 else w
            fb[d + 1] = b | bit if m == 2 else b
            if onetwo and h == 0:
                fm[d + 1], fh[d + 1] = m, 1  # the same player continues
            else:
                fm[d + 1], fh[d + 1] = 3 - m, 0
            d += 1
            state = _ENTER


class Searcher:
    """The search on one board with its transposition table (``2**tt_bits`` slots), which is
    kept from one call to the next while the goal stays the same.

    ``tt_min_empty``: positions with fewer empty cells are not stored; ``move_ordering``:
    try the cells touching more stones first.
    """

    def __init__(
        self, rules: Rules, tt_bits: int, *, tt_min_empty: int, move_ordering: bool
    ) -> None:
        tables = board_tables(rules.side)
        self.rules = rules
        self.n = tables.cells
        self.full = (1 << self.n) - 1
        self.tables = tables
        self.tt_min_empty = tt_min_empty
        self.move_ordering = move_ordering
        size = 1 << tt_bits
        self.keys = np.zeros(size, dtype=np.int64)
        self.values = np.zeros(size, dtype=np.int8)
        self.depths = np.zeros(size, dtype=np.int8)
        self.stats = np.zeros(3, dtype=np.int64)
        self.balance = np.zeros(self.n + 1, dtype=np.int64)
        self.goal: tuple[int, int] | None = None

    def mover_reaches(
        self, white: int, black: int, mover: Colour, hero: Colour, size_limit: int, nodes_left: int
    ) -> tuple[bool | None, int]:
        """(mover reaches hero's goal?, nodes); None when the node budget ran out."""
        if self.goal != (int(hero), size_limit):
            self.keys[:] = 0
            self.goal = (int(hero), size_limit)
        self.stats[:] = 0
        params = np.array(
            [
                self.n,
                self.full,
                self.tables.stride,
                int(hero),
                size_limit,
                nodes_left,
                self.tt_min_empty,
                int(self.rules.protocol is Protocol.ONE_TWO),
                int(self.move_ordering),
            ],
            dtype=np.int64,
        )
        result = search(
            white,
            black,
            int(mover),
            params,
            self.tables.neighbour_masks,
            self.tables.padded_chunks,
            self.tables.symmetry_chunks,
            self.balance,
            self.keys,
            self.values,
            self.depths,
            self.stats,
        )
        nodes = int(self.stats[_NODES])
        if self.stats[_ABORTED]:
            return None, nodes
        return bool(result), nodes
