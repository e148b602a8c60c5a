"""Exact endgames on boards up to side 5 (61 cells): who wins a position with few empty cells.

The solver of :mod:`asobi.contraposition.search` packs two 19-cell masks into one 64-bit
key, so it stops at side 3. Here a position is still two bit masks, one ``int64`` per
colour (61 cells fit), but the transposition table keeps both masks in full ("wide keys":
the white mask with the mover and the half-turn flag in its bits 61 and 62, and the black
mask), so two positions never share an entry; the slot is a multiplicative hash of both.
There is no symmetry reduction: positions from real games are almost never symmetric.

The rules are those of :mod:`asobi.contraposition.contraposition`: the winner of a full
board is the article's first statement (the smallest size where the group counts differ;
fewer wins), and a ``12?`` turn is two decisions of the same player (a first stone; then
a second stone or "end the turn"), as in the side-3 search. The search is a boolean
negamax ("can the player to move win?") whose values are always for the player to move,
so one table serves every query on the board. Moves are tried in the order of a history
table (a cell that refuted a position scores the square of that position's empty cells;
ties: cells touching more stones first, the mover's counted twice), and a node first looks
its children up in the table (an enhanced transposition cutoff). It stops when it has
visited the nodes it was given, and the answer is then "not solved" (``None``), never a
guess.

Groups are found by a flood fill over each cell's neighbour mask (the side-3 padded
layout needs 90 bits on side 5).

>>> from asobi.contraposition.board import parse_board
>>> solver = EndgameSolver(Rules(2))
>>> solver.mover_wins(Position(parse_board("WB/BWB/W."), Colour.BLACK)).wins
False
"""

from __future__ import annotations

from dataclasses import dataclass

import numba as nb
import numpy as np

from asobi.contraposition.bitboard import popcount
from asobi.contraposition.board import cell_count, neighbours
from asobi.contraposition.contraposition import Colour, Position, Protocol, Rules
from asobi.core.errors import InputError

MAX_ENDGAME_SIDE = 5
"""Boards up to this side fit one ``int64`` mask per colour (61 cells of 63 usable bits)."""

MOVER_FLAG_BIT, HALF_FLAG_BIT = 61, 62
"""Bits of the stored white mask that hold the mover (0 white, 1 black) and the half turn."""

END_TURN = -1
"""The action "end the turn" after a first 12? stone."""

# stats slots
NODES, ABORTED, TT_HITS, ETC_CUTS = 0, 1, 2, 3

# odd 64-bit multipliers as signed int64 (numba multiplies int64 modulo 2^64)
_MIX_WHITE = -7046029254386353131
_MIX_BLACK = -4417276706812531889
_MIX_FINAL = 1609587929392839161
_DEBRUIJN = 0x03F79D71B4CB0A89
DEBRUIJN_CELLS = np.zeros(64, dtype=np.int64)
"""The cell of a one-bit mask, indexed by the top 6 bits of its product with ``_DEBRUIJN``."""
for _bit in range(64):
    DEBRUIJN_CELLS[(((1 << _bit) * _DEBRUIJN) & ((1 << 64) - 1)) >> 58] = _bit


def neighbour_masks(side: int) -> np.ndarray:
    """``int64[cells]``: bit mask of each cell's neighbours (sides 1 to 5)."""
    if not 1 <= side <= MAX_ENDGAME_SIDE:
        raise InputError(f"the endgame solver handles sides 1..{MAX_ENDGAME_SIDE}, got {side}")
    masks = np.zeros(cell_count(side), dtype=np.int64)
    for cell, around in enumerate(neighbours(side)):
        for other in around:
            masks[cell] |= 1 << other
    return masks


# --- numba kernels ---------------------------------------------------------------------


@nb.njit(cache=True)
def lowest_cell(bit: int, index: np.ndarray) -> int:
    """The cell of a one-bit mask (de Bruijn multiplication; the product wraps mod 2^64)."""
    return index[((bit * _DEBRUIJN) >> 58) & 63]


@nb.njit(cache=True)
def add_groups(
    stones: int, sign: int, nbr_masks: np.ndarray, index: np.ndarray, balance: np.ndarray
) -> None:
    """Add ``sign`` to ``balance[size]`` for every group of ``stones`` (a flood fill over
    the neighbour masks)."""
    remaining = stones
    while remaining:
        seed = remaining & -remaining
        group = seed
        frontier = seed
        while frontier:
            bit = frontier & -frontier
            frontier ^= bit
            grown = nbr_masks[lowest_cell(bit, index)] & remaining & ~group
            group |= grown
            frontier |= grown
        balance[popcount(group)] += sign
        remaining &= ~group


@nb.njit(cache=True)
def winner_of(
    white: int, black: int, n: int, nbr_masks: np.ndarray, index: np.ndarray, balance: np.ndarray
) -> int:
    """Winner of a full board (1 white, 2 black, 0 draw): at the smallest size where the
    counts differ, the colour with fewer groups wins. ``balance`` (``n + 1`` zeros) is
    left zeroed."""
    add_groups(white, 1, nbr_masks, index, balance)
    add_groups(black, -1, nbr_masks, index, balance)
    winner = 0
    for k in range(1, n + 1):
        if balance[k] != 0:
            if winner == 0:
                winner = 2 if balance[k] > 0 else 1
            balance[k] = 0
    return winner


@nb.njit(cache=True)
def _slot(white_key: int, black: int, size_mask: int) -> int:
    h = white_key * _MIX_WHITE + black * _MIX_BLACK
    h ^= h >> 29
    return ((h * _MIX_FINAL) >> 20) & size_mask


@nb.njit(cache=True)
def tt_probe(tw: np.ndarray, tb: np.ndarray, tv: np.ndarray, white_key: int, black: int) -> int:
    """Stored value (0/1) of the position, or -1. A bucket is two slots."""
    slot = _slot(white_key, black, tw.shape[0] - 2)
    for s in range(slot, slot + 2):
        if tv[s] >= 0 and tw[s] == white_key and tb[s] == black:
            return tv[s]
    return -1


@nb.njit(cache=True)
def tt_store(
    tw: np.ndarray,
    tb: np.ndarray,
    tv: np.ndarray,
    td: np.ndarray,
    white_key: int,
    black: int,
    value: int,
    depth: int,
) -> None:
    """Slot 0 keeps the entry with most empty cells, slot 1 always takes the newest."""
    slot = _slot(white_key, black, tw.shape[0] - 2)
    target = slot if tv[slot] < 0 or depth >= td[slot] else slot + 1
    tw[target] = white_key
    tb[target] = black
    tv[target] = value
    td[target] = depth


@nb.njit(cache=True)
def last_cell_value(
    white: int,
    black: int,
    mover: int,
    half: int,
    onetwo: bool,
    cell: int,
    n: int,
    nbr_masks: np.ndarray,
    index: np.ndarray,
    balance: np.ndarray,
) -> int:
    """1 when the mover wins with one empty cell left (``cell`` is its bit): the mover
    fills it, or, after a first 12? stone, may end the turn and let the opponent fill it."""
    mine = winner_of(
        white | cell if mover == 1 else white,
        black | cell if mover == 2 else black,
        n,
        nbr_masks,
        index,
        balance,
    )
    if mine == mover:
        return 1
    if onetwo and half == 1:
        theirs = winner_of(
            white | cell if mover == 2 else white,
            black | cell if mover == 1 else black,
            n,
            nbr_masks,
            index,
            balance,
        )
        return 1 if theirs == mover else 0
    return 0


@nb.njit(cache=True)
def stored_child_wins(
    white: int,
    black: int,
    mover: int,
    half: int,
    onetwo: bool,
    moves: np.ndarray,
    count: int,
    tw: np.ndarray,
    tb: np.ndarray,
    tv: np.ndarray,
) -> bool:
    """Enhanced transposition cutoff: is some child already stored as a win for ``mover``
    (a placement, or "end the turn" after a first 12? stone)?"""
    for k in range(count):
        bit = 1 << moves[k]
        w = white | bit if mover == 1 else white
        b = black | bit if mover == 2 else black
        if onetwo and half == 0:
            child_mover, child_half = mover, 1
        else:
            child_mover, child_half = 3 - mover, 0
        key = w | ((child_mover - 1) << MOVER_FLAG_BIT) | (child_half << HALF_FLAG_BIT)
        stored = tt_probe(tw, tb, tv, key, b)
        if stored >= 0 and (stored == 1) == (child_mover == mover):
            return True
    if onetwo and half == 1:
        key = white | ((2 - mover) << MOVER_FLAG_BIT)
        if tt_probe(tw, tb, tv, key, black) == 0:
            return True
    return False


_ENTER, _NEXT, _RETURN = 0, 1, 2


@nb.njit(cache=True)
def endgame_search(
    white: int,
    black: int,
    mover: int,
    half: int,
    onetwo: bool,
    n: int,
    max_nodes: int,
    tt_min_empty: int,
    nbr_masks: np.ndarray,
    index: np.ndarray,
    balance: np.ndarray,
    tw: np.ndarray,
    tb: np.ndarray,
    tv: np.ndarray,
    td: np.ndarray,
    history: np.ndarray,
    stats: np.ndarray,
) -> int:
    """1 when ``mover`` (1 white, 2 black) wins, 0 when it loses, -1 when the search has
    visited ``max_nodes`` nodes (``stats[ABORTED]`` is then set).

    ``half`` is 1 when, under 12?, the mover has placed the first stone of its turn and may
    place a second one or end the turn. An iterative depth-first negamax with an explicit
    stack; a frame's children are its empty cells in the order of ``history`` (``int64[2,
    cells]``, per mover and cell, updated here), ties broken by the stones around a cell,
    then, after a first 12? stone, "end the turn". Positions with at least
    ``tt_min_empty`` empty cells go through the transposition table.
    """
    full = (1 << n) - 1
    start_nodes = stats[NODES]
    frames = 2 * n + 3
    fw = np.zeros(frames, dtype=np.int64)
    fb = np.zeros(frames, dtype=np.int64)
    fm = np.zeros(frames, dtype=np.int64)
    fh = np.zeros(frames, dtype=np.int64)
    fnext = np.zeros(frames, dtype=np.int64)
    fkey = np.zeros(frames, dtype=np.int64)
    fstored = np.zeros(frames, dtype=np.bool_)
    fempties = np.zeros(frames, dtype=np.int64)
    fmoves = np.zeros((frames, n), dtype=np.int64)
    fcount = np.zeros(frames, dtype=np.int64)
    scores = np.zeros(n, dtype=np.int64)
    d = 0
    fw[0], fb[0], fm[0], fh[0] = white, black, mover, half
    state = _ENTER
    result = False
    while True:
        if state == _ENTER:
            stats[NODES] += 1
            if stats[NODES] - start_nodes > max_nodes:
                stats[ABORTED] = 1
                return -1
            w, b, m, h = fw[d], fb[d], fm[d], fh[d]
            empty = full & ~(w | b)
            fstored[d] = False
            if empty == 0:
                result = winner_of(w, b, n, nbr_masks, index, balance) == m
                state = _RETURN
                continue
            if empty & (empty - 1) == 0:
                result = last_cell_value(w, b, m, h, onetwo, empty, n, nbr_masks, index, balance)
                result = result == 1
                state = _RETURN
                continue
            empties = popcount(empty)
            fempties[d] = empties
            if empties >= tt_min_empty:
                key = w | ((m - 1) << MOVER_FLAG_BIT) | (h << HALF_FLAG_BIT)
                stored = tt_probe(tw, tb, tv, key, b)
                if stored >= 0:
                    stats[TT_HITS] += 1
                    result = stored == 1
                    state = _RETURN
                    continue
                fkey[d] = key
                fstored[d] = True
            own = w if m == 1 else b
            count = 0
            rest = empty
            while rest:
                bit = rest & -rest
                rest ^= bit
                cell = lowest_cell(bit, index)
                around = nbr_masks[cell]
                score = 32 * history[m - 1, cell] + 2 * popcount(around & own)
                score += popcount(around & (w | b) & ~own)
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
            if empties > tt_min_empty and stored_child_wins(
                w, b, m, h, onetwo, fmoves[d], count, tw, tb, tv
            ):
                stats[ETC_CUTS] += 1
                result = True
                state = _RETURN
        elif state == _RETURN:
            if fstored[d]:
                tt_store(tw, tb, tv, td, fkey[d], fb[d], 1 if result else 0, fempties[d])
            if d == 0:
                return 1 if result else 0
            d -= 1
            if fm[d + 1] != fm[d]:
                result = not result
            if result and fnext[d] <= fcount[d]:
                history[fm[d] - 1, fmoves[d, fnext[d] - 1]] += fempties[d] * fempties[d]
            state = _RETURN if result else _NEXT
        else:  # _NEXT: push the next child of frame d, or finish it as lost
            w, b, m, h = fw[d], fb[d], fm[d], fh[d]
            move = fnext[d]
            if move >= fcount[d]:
                if onetwo and h == 1 and move == fcount[d]:
                    fnext[d] = move + 1
                    fw[d + 1], fb[d + 1], fm[d + 1], fh[d + 1] = w, b, 3 - m, 0
                    d += 1
                    state = _ENTER
                    continue
                result = False
                state = _RETURN
                continue
            bit = 1 << fmoves[d, move]
            fnext[d] = move + 1
            fw[d + 1] = w | bit if m == 1 else w
            fb[d + 1] = b | bit if m == 2 else b
            if onetwo and h == 0:
                fm[d + 1], fh[d + 1] = m, 1
            else:
                fm[d + 1], fh[d + 1] = 3 - m, 0
            d += 1
            state = _ENTER


# --- the driver ------------------------------------------------------------------------


@dataclass(frozen=True)
class EndgameResult:
    """``wins``: the player to move wins (None: the node budget ran out); ``nodes`` visited."""

    wins: bool | None
    nodes: int


@dataclass(frozen=True)
class TurnValue:
    """One decision at a position: a cell (or :data:`END_TURN`) and whether it wins for
    the player who takes it (None: not solved within the budget)."""

    action: int
    wins: bool | None
    nodes: int


class EndgameTable:
    """The working arrays of :func:`endgame_search` for boards of ``cells`` cells: the
    transposition table of ``2**tt_bits`` entries (18 bytes each: the two colours' masks,
    the value, the depth), the balance buffer of group sizes, the history heuristic's
    counters and the search's counters (``stats[NODES]``...)."""

    def __init__(self, cells: int, tt_bits: int) -> None:
        size = 1 << tt_bits
        self.tw = np.zeros(size, dtype=np.int64)
        self.tb = np.zeros(size, dtype=np.int64)
        self.tv = -np.ones(size, dtype=np.int8)
        self.td = np.zeros(size, dtype=np.int8)
        self.balance = np.zeros(cells + 1, dtype=np.int64)
        self.history = np.zeros((2, cells), dtype=np.int64)
        self.stats = np.zeros(4, dtype=np.int64)

    @property
    def arrays(self) -> tuple[np.ndarray, ...]:
        """The arrays in the order the kernels take them (after the neighbour masks)."""
        return (self.balance, self.tw, self.tb, self.tv, self.td, self.history, self.stats)


class EndgameSolver:
    """Exact values of positions of one rule set, with a transposition table of
    ``2**tt_bits`` entries (18 bytes each) kept from one query to the next.

    ``tt_min_empty``: positions with fewer empty cells are not stored.
    """

    def __init__(self, rules: Rules, tt_bits: int = 20, *, tt_min_empty: int = 3) -> None:
        self.rules = rules
        self.nbr_masks = neighbour_masks(rules.side)
        self.n = rules.cell_count
        self.onetwo = rules.protocol is Protocol.ONE_TWO
        self.tt_min_empty = tt_min_empty
        self.table = EndgameTable(self.n, tt_bits)

    def clear(self) -> None:
        """Forget every stored position (for timing cold searches)."""
        self.table.tv[:] = -1
        self.table.history[:] = 0

    def state_wins(
        self, white: int, black: int, mover: int, half: int, max_nodes: int
    ) -> EndgameResult:
        """Does ``mover`` (1 white, 2 black) win from these masks? ``half`` = 1 after a first
        12? stone of the turn. The board must not be empty (the opening rule is not
        modelled) and must not be full."""
        full = (1 << self.n) - 1
        if white | black == 0 or white | black == full or white & black:
            raise InputError("an endgame position has stones, empty cells and no shared cell")
        if half and not self.onetwo:
            raise InputError("a half turn exists only under the 12? protocol")
        self.table.stats[:] = 0
        value = endgame_search(
            white,
            black,
            mover,
            half,
            self.onetwo,
            self.n,
            max_nodes,
            self.tt_min_empty,
            self.nbr_masks,
            DEBRUIJN_CELLS,
            *self.table.arrays,
        )
        nodes = int(self.table.stats[NODES])
        return EndgameResult(None if value < 0 else value == 1, nodes)

    def mover_wins(self, position: Position, max_nodes: int = 10**8) -> EndgameResult:
        """Does the colour to move win ``position`` (the start of its turn) with perfect play?"""
        white, black = masks_of(position.board, self.n)
        return self.state_wins(white, black, int(position.to_move), 0, max_nodes)

    def action_wins(
        self, white: int, black: int, mover: int, half: int, action: int, max_nodes: int
    ) -> EndgameResult:
        """Does ``mover`` still win after taking ``action`` (a cell, or :data:`END_TURN`
        after a first 12? stone) at this state?"""
        full = (1 << self.n) - 1
        if action == END_TURN:
            if not (self.onetwo and half == 1):
                raise InputError("only a 12? turn with one stone placed can end")
            after = self.state_wins(white, black, 3 - mover, 0, max_nodes)
            return EndgameResult(None if after.wins is None else not after.wins, after.nodes)
        bit = 1 << action
        if (white | black) & bit or not 0 <= action < self.n:
            raise InputError(f"cell {action} is not an empty cell of the board")
        w = white | bit if mover == 1 else white
        b = black | bit if mover == 2 else black
        if w | b == full:
            return EndgameResult(self.full_board_winner(w, b) == mover, 0)
        same_player = self.onetwo and half == 0
        after = self.state_wins(
            w, b, mover if same_player else 3 - mover, int(same_player), max_nodes
        )
        return EndgameResult(None if after.wins is None else after.wins == same_player, after.nodes)

    def turn_values(
        self, white: int, black: int, mover: int, half: int, max_nodes: int
    ) -> list[TurnValue]:
        """The value of every decision at a state, for the player who takes it: each empty
        cell (a stone), and "end the turn" after a first 12? stone. ``max_nodes`` is the
        budget of each decision's search."""
        empty = ((1 << self.n) - 1) & ~(white | black)
        actions = [cell for cell in range(self.n) if empty >> cell & 1]
        if self.onetwo and half == 1:
            actions.append(END_TURN)
        values = []
        for action in actions:
            result = self.action_wins(white, black, mover, half, action, max_nodes)
            values.append(TurnValue(action, result.wins, result.nodes))
        return values

    def full_board_winner(self, white: int, black: int) -> int:
        """Winner of a full board (1 white, 2 black)."""
        balance = self.table.balance
        return int(winner_of(white, black, self.n, self.nbr_masks, DEBRUIJN_CELLS, balance))


def masks_of(board: tuple[int, ...], n: int) -> tuple[int, int]:
    """``(white mask, black mask)`` of a board (bit i = cell i)."""
    if len(board) != n:
        raise InputError(f"a board of {len(board)} cells, the rules expect {n}")
    white = sum(1 << i for i, v in enumerate(board) if v == Colour.WHITE)
    black = sum(1 << i for i, v in enumerate(board) if v == Colour.BLACK)
    return white, black
