"""Exact solving of small Contraposition boards (side 1 to 3) with a numba core.

A position is two bit masks (white stones, black stones), the colour to move and, under the
``onetwo`` (12?) protocol, whether the mover has already placed one stone this turn. A turn
of two stones is searched as two single placements by the same player ("place a second
stone" or "end the turn"), so the two orders of the same pair meet in the transposition
table instead of being searched twice.

The search is a boolean negamax ("can the player to move force the goal?") with a
transposition table keyed by the position's canonical form under the board's 12 symmetries.
Every stored value is exact (a boolean search needs no bounds). The goal is
"``hero`` wins, and the winning rule is decided at a group size ``<= size_limit``"; with no
size limit it is simply "``hero`` wins". Searching the goal for growing limits gives the
smallest deciding size the winner can force (our "score margin", see :func:`solve`).

The search stops when it has visited ``max_nodes`` nodes; the result is then reported as
not solved, never guessed.

This module is longer than 500 lines on purpose: the numba search and its Python driver
share private layouts (the ``params`` and ``stats`` slots, the packed key) and are one
algorithm; the board-array kernels shared with the players live in
:mod:`asobi.contraposition.kernels`.

>>> from asobi.contraposition.contraposition import Rules
>>> result = solve(Rules(side=2))
>>> result.solved, result.winner.label
(True, 'black')
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any

import numba as nb
import numpy as np

from asobi.contraposition.board import (
    cell_classes,
    cell_count,
    cells,
    centre,
    neighbours,
    symmetries,
)
from asobi.contraposition.contraposition import (
    Colour,
    Position,
    Protocol,
    Rules,
)
from asobi.core.config import validate_config
from asobi.core.errors import InputError
from asobi.core.game import Outcome

log = logging.getLogger("asobi.contraposition")

MAX_SOLVER_SIDE = 3
"""Boards up to this side fit the packed 64-bit keys (two masks + two flags)."""

NO_LIMIT = 1 << 30
CHUNK_BITS = 8

# stats slots
_NODES, _ABORTED, _TT_HITS = 0, 1, 2


@dataclass(frozen=True)
class Tables:
    """Precomputed arrays for one board side."""

    cells: int
    neighbour_masks: np.ndarray  # int64[cells]: bit mask of each cell's neighbours
    stride: int  # row stride of the padded layout used for flood fills
    padded_chunks: np.ndarray  # int64[chunks, 256]: compact 8-bit chunk -> padded layout
    symmetry_chunks: np.ndarray  # int64[12, chunks, 256]: image of an 8-bit chunk


def board_tables(side: int) -> Tables:
    if not 1 <= side <= MAX_SOLVER_SIDE:
        raise InputError(f"the exact solver handles sides 1..{MAX_SOLVER_SIDE}, got {side}")
    n = cell_count(side)
    radius = side - 1
    stride = 2 * side  # one padding column: shifts never wrap onto a board cell
    padded_bit = [(q + radius) + (r + radius) * stride for q, r in cells(side)]
    chunks = (n + CHUNK_BITS - 1) // CHUNK_BITS
    padded = np.zeros((chunks, 1 << CHUNK_BITS), dtype=np.int64)
    for chunk in range(chunks):
        for value in range(1 << CHUNK_BITS):
            for bit in range(CHUNK_BITS):
                cell = chunk * CHUNK_BITS + bit
                if value >> bit & 1 and cell < n:
                    padded[chunk, value] |= 1 << padded_bit[cell]
    images = np.zeros((12, chunks, 1 << CHUNK_BITS), dtype=np.int64)
    for s, perm in enumerate(symmetries(side)):
        for chunk in range(chunks):
            for value in range(1 << CHUNK_BITS):
                image = 0
                for bit in range(CHUNK_BITS):
                    cell = chunk * CHUNK_BITS + bit
                    if value >> bit & 1 and cell < n:
                        image |= 1 << perm[cell]
                images[s, chunk, value] = image
    masks = np.zeros(n, dtype=np.int64)
    for cell, around in enumerate(neighbours(side)):
        for other in around:
            masks[cell] |= 1 << other
    return Tables(
        cells=n, neighbour_masks=masks, stride=stride, padded_chunks=padded, symmetry_chunks=images
    )


# --- numba core ------------------------------------------------------------------------


@nb.njit(cache=True)
def popcount(x: int) -> int:
    count = 0
    while x:
        x &= x - 1
        count += 1
    return count


@nb.njit(cache=True)
def to_padded(mask: int, padded_chunks: np.ndarray) -> int:
    image = 0
    chunk = 0
    while mask:
        image |= padded_chunks[chunk, mask & 255]
        mask >>= 8
        chunk += 1
    return image


@nb.njit(cache=True)
def add_groups(stones: int, stride: int, sign: int, balance: np.ndarray) -> None:
    """Add ``sign`` to ``balance[size]`` for every group of ``stones`` (padded layout)."""
    remaining = stones
    while remaining:
        group = remaining & -remaining
        while True:
            grown = group | (
                (
                    (group << 1)
                    | (group >> 1)
                    | (group << stride)
                    | (group >> stride)
                    | (group << (stride - 1))
                    | (group >> (stride - 1))
                )
                & remaining
            )
            if grown == group:
                break
            group = grown
        balance[popcount(group)] += sign
        remaining &= ~group


@nb.njit(cache=True)
def decide(
    white: int, black: int, n: int, stride: int, padded_chunks: np.ndarray, balance: np.ndarray
) -> tuple[int, int]:
    """``(winner, deciding size)`` of a board: winner 1 white, 2 black, 0 draw.

    The article's first statement: the smallest size where the counts differ; fewer wins.
    ``balance`` is a zeroed scratch array of ``n + 1`` entries (left zeroed).
    """
    add_groups(to_padded(white, padded_chunks), stride, 1, balance)
    add_groups(to_padded(black, padded_chunks), stride, -1, balance)
    winner, size = 0, 0
    for k in range(1, n + 1):
        if balance[k] != 0:
            if winner == 0:
                winner = 2 if balance[k] > 0 else 1
                size = k
            balance[k] = 0
    return winner, size


@nb.njit(cache=True)
def permute(mask: int, s: int, chunks: np.ndarray) -> int:
    image = 0
    chunk = 0
    while mask:
        image |= chunks[s, chunk, mask & 255]
        mask >>= 8
        chunk += 1
    return image


@nb.njit(cache=True)
def canonical_key(white: int, black: int, n: int, chunks: np.ndarray) -> int:
    best = -1
    for s in range(12):
        key = permute(white, s, chunks) | (permute(black, s, chunks) << n)
        if best < 0 or key < best:
            best = key
    return best


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


# --- Python interface ------------------------------------------------------------------


@dataclass(frozen=True)
class SearchBudget:
    """Limits of one solve: node budgets (the win/loss search; then, separately, the
    deciding-size searches) and transposition-table size (2**tt_bits slots).

    The budgets have no defaults here: the config schema holds them
    (``contraposition.solve_max_nodes``, ``solve_tt_bits``, ``solve_margin_max_nodes``),
    read by :meth:`default`. ``move_ordering`` and ``tt_min_empty`` (positions with fewer
    empty cells are not stored) are the search's own settings.
    """

    max_nodes: int
    tt_bits: int
    margin_max_nodes: int
    move_ordering: bool = True
    tt_min_empty: int = 3

    @classmethod
    def default(cls, **changes: Any) -> SearchBudget:
        """The config schema's default budgets, with ``changes``.

        >>> SearchBudget.default(tt_bits=12).tt_bits
        12
        """
        block = validate_config({"contraposition": {}})["contraposition"]
        budget = cls(
            max_nodes=block["solve_max_nodes"],
            tt_bits=block["solve_tt_bits"],
            margin_max_nodes=block["solve_margin_max_nodes"],
        )
        return replace(budget, **changes)


@dataclass
class FirstMoveResult:
    """The value of one opening (one representative per symmetry class)."""

    cell: int
    class_cells: list[int]
    white_wins: bool | None
    nodes: int


@dataclass
class Solution:
    """Perfect-play result of one variant (``winner`` is None when not solved)."""

    rules: Rules
    solved: bool
    winner: Colour | None
    best_first_moves: list[int]
    first_moves: list[FirstMoveResult]
    nodes: int
    deciding_size: int | None = None
    reason: str = ""
    extra_nodes: dict[str, int] = field(default_factory=dict)


class _Searcher:
    def __init__(self, rules: Rules, budget: SearchBudget) -> None:
        tables = board_tables(rules.side)
        self.rules = rules
        self.n = tables.cells
        self.full = (1 << self.n) - 1
        self.tables = tables
        self.budget = budget
        size = 1 << budget.tt_bits
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
                self.budget.tt_min_empty,
                int(self.rules.protocol is Protocol.ONE_TWO),
                int(self.budget.move_ordering),
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


def opening_cells(rules: Rules) -> list[int]:
    """Cells allowed for White's first stone."""
    forbidden = centre(rules.side) if rules.protocol is Protocol.BASIC else -1
    return [c for c in range(rules.cell_count) if c != forbidden]


def solve(rules: Rules, budget: SearchBudget | None = None, *, margin: bool = True) -> Solution:
    """Solve one variant with perfect play.

    Every opening class (White's first stone, up to the 12 symmetries) is searched; White
    wins when one of them wins. With ``margin`` the solver then finds the smallest group
    size ``k`` such that the winner can force a win decided at a size ``<= k`` (the size of
    the first group-count difference; 1 means the win is decided by single stones).
    """
    budget = budget or SearchBudget.default()
    searcher = _Searcher(rules, budget)
    spent = 0
    first_moves: list[FirstMoveResult] = []
    for orbit in cell_classes(rules.side, opening_cells(rules)):
        cell = orbit[0]
        black_wins, nodes = searcher.mover_reaches(
            1 << cell, 0, Colour.BLACK, Colour.BLACK, NO_LIMIT, budget.max_nodes - spent
        )
        spent += nodes
        white_wins = None if black_wins is None else not black_wins
        first_moves.append(FirstMoveResult(cell, orbit, white_wins, nodes))
        log.info(
            "side %d %s: first stone on %d -> white wins %s (%d nodes)",
            rules.side,
            rules.protocol.value,
            cell,
            white_wins,
            nodes,
        )
        if black_wins is None:
            return Solution(
                rules,
                False,
                None,
                [],
                first_moves,
                spent,
                reason=f"node budget of {budget.max_nodes} exhausted",
            )
    winning = [m.cell for m in first_moves if m.white_wins]
    winner = Colour.WHITE if winning else Colour.BLACK
    solution = Solution(rules, True, winner, winning, first_moves, spent)
    if margin:
        solution.deciding_size, extra = _forced_deciding_size(
            searcher, rules, winner, first_moves, budget.margin_max_nodes
        )
        solution.extra_nodes["deciding_size"] = extra
        if solution.deciding_size is None:
            solution.reason = (
                f"deciding size not found: margin node budget of {budget.margin_max_nodes} "
                "exhausted"
            )
    return solution


def _forced_deciding_size(
    searcher: _Searcher,
    rules: Rules,
    winner: Colour,
    first_moves: list[FirstMoveResult],
    nodes_left: int,
) -> tuple[int | None, int]:
    """Smallest size limit under which the winner still forces a win (None if budget ran out).

    "The winner forces a win decided at a size <= k" only gets easier as k grows, and holds
    for k = cell count (a plain win), so the smallest such k is found by bisection.
    """
    spent = 0

    def reaches(limit: int) -> bool | None:
        nonlocal spent
        for move in first_moves:
            if winner is Colour.WHITE and not move.white_wins:
                continue
            black_reaches, nodes = searcher.mover_reaches(
                1 << move.cell, 0, Colour.BLACK, winner, limit, nodes_left - spent
            )
            spent += nodes
            if black_reaches is None:
                return None
            if winner is Colour.WHITE and not black_reaches:
                return True  # this opening forces it
            if winner is Colour.BLACK and not black_reaches:
                return False  # White escapes the limit with this opening
        return winner is Colour.BLACK

    low, high = 1, rules.cell_count
    while low < high:
        middle = (low + high) // 2
        reached = reaches(middle)
        if reached is None:
            return None, spent
        if reached:
            high = middle
        else:
            low = middle + 1
    return low, spent


def to_masks(board: tuple[int, ...]) -> tuple[int, int]:
    """``(white mask, black mask)`` of a board (bit i = cell i)."""
    white = sum(1 << i for i, v in enumerate(board) if v == Colour.WHITE)
    black = sum(1 << i for i, v in enumerate(board) if v == Colour.BLACK)
    return white, black


def mover_wins_fast(
    rules: Rules,
    position: Position,
    budget: SearchBudget | None = None,
    *,
    size_limit: int = NO_LIMIT,
) -> bool:
    """Can the colour to move force a win (decided at a size ``<= size_limit``)?

    ``position`` must not be the empty board (openings are handled by :func:`solve`); under
    12? it is the start of the mover's turn. Raises :class:`InputError` if the node budget
    runs out.

    >>> from asobi.contraposition.board import parse_board
    >>> mover_wins_fast(Rules(2), Position(parse_board("WB/BWB/W."), Colour.BLACK))
    False
    """
    if not any(position.board):
        raise InputError("use solve() for the empty board (the opening rule applies)")
    budget = budget or SearchBudget.default(tt_bits=16)
    searcher = _Searcher(rules, budget)
    white, black = to_masks(position.board)
    mover = position.to_move
    result, _ = searcher.mover_reaches(white, black, mover, mover, size_limit, budget.max_nodes)
    if result is None:
        raise InputError(f"node budget of {budget.max_nodes} exhausted")
    return result


def exact_outcome(rules: Rules, position: Position, budget: SearchBudget | None = None) -> Outcome:
    """Who wins ``position`` with perfect play, seen from the colour to move (the
    :mod:`asobi.core.game` outcome): :func:`solve` for the empty board, else
    :func:`mover_wins_fast`.

    >>> from asobi.contraposition.contraposition import initial_position
    >>> exact_outcome(Rules(2), initial_position(Rules(2))).value
    'second'
    """
    budget = budget or SearchBudget.default(tt_bits=16)
    if not any(position.board):
        solution = solve(rules, budget, margin=False)
        if not solution.solved:
            raise InputError(solution.reason)
        won = solution.winner is position.to_move
    else:
        won = mover_wins_fast(rules, position, budget)
    return Outcome.FIRST if won else Outcome.SECOND
