"""The Python stage's budgeted searches, compiled: :meth:`Solver._search` (depth-first)
and :meth:`Solver._proof_search` (df-pn) of :class:`asobi.shiritori.solver.Solver` step for
step in numba, on the solver's own tables.

Those two searches (``node_budget`` and ``proof_budget`` nodes per start word) were where
the default run's Python search spent its time; these kernels make the same searches, so
they expand the same nodes in the same order and leave the same table and killer moves
behind (the tests compare both on the node counts, the verdicts, the lines and every table
entry):

* **The solver's table, mirrored.** The Python table maps ``(used words, unit)`` to the
  winning class or ``LOSS``. The kernel reads a mirror of it keyed by the 128-bit Zobrist
  hash of the same position (the key of :mod:`asobi.shiritori.dfpn`: a false hit needs two
  positions to agree on 128 random bits), brought up to date before each call from the
  entries the solver stored since (:class:`ExactSearch`), and writes every entry it
  stores to a log that the solver then applies to its own table, with the words used, so
  the Python table stays exact and the rest of the solver (the depth-first search, the
  principal lines, the certificates) reads it as before.
* **The proof numbers** of open positions (the Python ``proof_table``) live only here, in
  a table of the same kind; entries are removed once solved, as the Python ``pop`` does.
* **The same limits.** A table holding ``table_limit`` entries is emptied before the next
  is stored, exactly when the Python dict would be (the log records it).

The kernels call those of :mod:`asobi.shiritori.dfpn` (``peek_child``, ``play_class``,
``rank_child``, ``child_thresholds``), so one df-pn rule serves both stages. numba's cache
of a kernel is keyed on its own file only: after editing ``dfpn.py``, delete
``__pycache__/exactpn.*.nbi`` (a fresh clone has none) or these kernels keep the old code.
"""

from __future__ import annotations

import numpy as np
from numba import njit

from asobi.shiritori.dfpn import (
    INF,
    child_thresholds,
    game_arrays,
    hash_keys,
    peek_child,
    play_class,
    rank_child,
    unplay_class,
)
from asobi.shiritori.search import LOSS, REMOVED

#: A log row's unit when the kernel emptied the table before the next entry.
CLEARED = -1
#: What :func:`_known` gives for a position the table holds nothing for.
ABSENT = -2

_EMPTY, _LIVE, _GONE = 0, 1, 2


# -- the hash tables (open addressing, linear probing; removed entries leave a mark) --------


@njit(cache=True)
def _slot(keys, status, k0, k1):
    """The slot holding ``(k0, k1)``, or -1."""
    mask = np.uint64(status.shape[0] - 1)
    i = k0 & mask
    while True:
        s = status[i]
        if s == _EMPTY:
            return -1
        if s == _LIVE and keys[i, 0] == k0 and keys[i, 1] == k1:
            return np.int64(i)
        i = (i + np.uint64(1)) & mask


@njit(cache=True)
def _claim(keys, status, k0, k1, counts):
    """The slot for ``(k0, k1)``: its own if held, else a free one (counted as live)."""
    mask = np.uint64(status.shape[0] - 1)
    i = k0 & mask
    free = np.int64(-1)
    while True:
        s = status[i]
        if s == _EMPTY:
            break
        if s == _GONE:
            if free < 0:
                free = np.int64(i)
        elif keys[i, 0] == k0 and keys[i, 1] == k1:
            return np.int64(i)
        i = (i + np.uint64(1)) & mask
    if free < 0:
        free = np.int64(i)
        counts[1] += 1  # one more slot occupied (live or removed)
    status[free] = _LIVE
    keys[free, 0] = k0
    keys[free, 1] = k1
    counts[0] += 1
    return free


@njit(cache=True)
def _remove(keys, status, k0, k1, counts):
    i = _slot(keys, status, k0, k1)
    if i >= 0:
        status[i] = _GONE
        counts[0] -= 1


@njit(cache=True)
def _clear(status, counts):
    status[:] = _EMPTY
    counts[0] = 0
    counts[1] = 0


@njit(cache=True)
def rehash(keys, status, values, new_keys, new_status, new_values, new_counts):
    """Copy the live entries into larger (empty) arrays."""
    for i in range(status.shape[0]):
        if status[i] == _LIVE:
            j = _claim(new_keys, new_status, keys[i, 0], keys[i, 1], new_counts)
            new_values[j] = values[i]


@njit(cache=True)
def words_hash(words, zobrist):
    """Both hash halves of the used-word set given as 64-bit words."""
    h0 = np.uint64(0)
    h1 = np.uint64(0)
    for w in range(words.shape[0]):
        word = words[w]
        bit = 0
        while word:
            if word & np.uint64(1):
                h0 ^= zobrist[w * 64 + bit, 0]
                h1 ^= zobrist[w * 64 + bit, 1]
            word >>= np.uint64(1)
            bit += 1
    return h0, h1


@njit(cache=True)
def apply_entries(words, units, values, zobrist, unit_keys, keys, status, known, counts):
    """Bring the mirror up to date: row ``r`` stores ``values[r]`` at (``words[r]``,
    ``units[r]``); a unit of :data:`CLEARED` empties the table, a value of ``REMOVED``
    removes the entry."""
    for r in range(units.shape[0]):
        u = units[r]
        if u == CLEARED:
            _clear(status, counts)
            continue
        h0, h1 = words_hash(words[r], zobrist)
        k0 = h0 ^ unit_keys[u, 0]
        k1 = h1 ^ unit_keys[u, 1]
        if values[r] == REMOVED:
            _remove(keys, status, k0, k1, counts)
        else:
            known[_claim(keys, status, k0, k1, counts)] = values[r]


# -- the search ------------------------------------------------------------------------------


@njit(cache=True)
def _store(u, k0, k1, value, hsh, tables, log, state):
    """The solver's ``_store``: empty the table at the limit, then store, and log both."""
    keys, status, known, counts = tables[0], tables[1], tables[2], tables[3]
    log_words, log_meta = log
    if counts[0] >= state[6]:
        _clear(status, counts)
        log_meta[state[5], 0] = CLEARED
        state[5] += 1
    known[_claim(keys, status, k0, k1, counts)] = value
    row = state[5]
    for w in range(log_words.shape[1]):  # a loop: a slice copy would compile a shape check
        log_words[row, w] = hsh[2 + w]
    log_meta[row, 0] = u
    log_meta[row, 1] = value
    state[5] += 1


@njit(cache=True)
def _known(k0, k1, tables):
    """The table's value at the key, or :data:`ABSENT`."""
    i = _slot(tables[0], tables[1], k0, k1)
    return tables[2][i] if i >= 0 else ABSENT


@njit(cache=True)
def proof_search(u, threshold_pn, threshold_dn, g, ends, self_answer, pa_ptr, pa_idx,
                 unit_keys, remaining, avail, undo, hsh, buf, kbuf, tables, log,
                 state):  # fmt: skip
    """:meth:`Solver._proof_search` for "the player to answer ``u`` wins": the node's
    (proof, disproof) numbers once one reaches its threshold.

    ``state``: [0] nodes counted, [1] nodes allowed (more sets [4] and returns at once, as
    the Python search raises), [2] undo stack top, [3] children stack top, [4] out of
    budget, [5] log rows written, [6] the tables' entry limit, [7] ε percent.
    ``tables``: the mirror (keys, status, values, counts), then the proof numbers' (keys,
    status, numbers (pn, dn) per slot, counts).
    """
    state[0] += 1
    if state[0] > state[1]:
        state[4] = 1
        return 1, 1
    k0 = hsh[0] ^ unit_keys[u, 0]
    k1 = hsh[1] ^ unit_keys[u, 1]
    value = _known(k0, k1, tables)
    if value != ABSENT:
        return (0, INF) if value != LOSS else (INF, 0)
    p_keys, p_status, p_numbers, p_counts = tables[4], tables[5], tables[6], tables[7]
    held = _slot(p_keys, p_status, k0, k1)
    if held >= 0 and (p_numbers[held, 0] >= threshold_pn or p_numbers[held, 1] >= threshold_dn):
        return p_numbers[held, 0], p_numbers[held, 1]
    start = state[3]
    n = 0
    for k in range(pa_ptr[u], pa_ptr[u + 1]):
        c = pa_idx[k]
        if remaining[c] == 0:
            continue
        replies, child, child_check = peek_child(
            c, g, ends, self_answer, unit_keys, remaining, avail, hsh
        )
        if replies == 0 or _known(child, child_check, tables) == LOSS:
            _store(u, k0, k1, c, hsh, tables, log, state)
            return 0, INF
        buf[2 * (start + n)] = c
        buf[2 * (start + n) + 1] = replies
        kbuf[start + n, 0] = child
        kbuf[start + n, 1] = child_check
        n += 1
    if n == 0:
        _store(u, k0, k1, LOSS, hsh, tables, log, state)
        return INF, 0
    state[3] = start + n
    while True:
        best = -1
        best_pn = 0
        min_dn = INF
        second_dn = INF
        sum_pn = 0
        for j in range(n):
            child, child_check = kbuf[start + j, 0], kbuf[start + j, 1]
            value = _known(child, child_check, tables)
            if value == ABSENT:
                i = _slot(p_keys, p_status, child, child_check)
                if i >= 0:
                    child_pn, child_dn = p_numbers[i, 0], p_numbers[i, 1]
                else:  # the numbers of a child not seen
                    child_pn, child_dn = 1, buf[2 * (start + j) + 1]
            elif value != LOSS:
                child_pn, child_dn = 0, INF
            else:
                child_pn, child_dn = INF, 0
            best, best_pn, min_dn, second_dn = rank_child(
                j, child_pn, child_dn, best, best_pn, min_dn, second_dn
            )
            sum_pn += child_pn
        sum_pn = min(INF, sum_pn)
        if min_dn == 0:
            state[3] = start
            _remove(p_keys, p_status, k0, k1, p_counts)
            _store(u, k0, k1, buf[2 * (start + best)], hsh, tables, log, state)
            return 0, INF
        if sum_pn == 0:
            state[3] = start
            _remove(p_keys, p_status, k0, k1, p_counts)
            _store(u, k0, k1, LOSS, hsh, tables, log, state)
            return INF, 0
        if min_dn >= threshold_pn or sum_pn >= threshold_dn:
            state[3] = start
            if p_counts[0] >= state[6]:
                _clear(p_status, p_counts)
            i = _claim(p_keys, p_status, k0, k1, p_counts)
            p_numbers[i, 0] = min_dn
            p_numbers[i, 1] = sum_pn
            return min_dn, sum_pn
        c = buf[2 * (start + best)]
        child_threshold_pn, child_threshold_dn = child_thresholds(
            threshold_pn, threshold_dn, sum_pn, best_pn, second_dn, state[7]
        )
        count = play_class(c, g, remaining, avail, undo, state, hsh)
        proof_search(ends[c], child_threshold_pn, child_threshold_dn, g, ends, self_answer,
                     pa_ptr, pa_idx, unit_keys, remaining, avail, undo, hsh, buf, kbuf,
                     tables, log, state)  # fmt: skip
        unplay_class(c, count, g, remaining, avail, undo, state, hsh)
        if state[4]:
            state[3] = start
            return 1, 1


@njit(cache=True)
def depth_first(u, g, ends, self_answer, pa_ptr, pa_idx, unit_keys, remaining, avail, undo,
                hsh, buf, killer, tables, log, state):  # fmt: skip
    """:meth:`Solver._search`: whether the player to answer ``u`` wins (1) or not (0),
    the classes tried fewest replies first (ties: class order), the unit's killer class
    before them, a win stored with its class and made the unit's killer, a loss stored as
    :data:`LOSS`. ``state`` as for :func:`proof_search`."""
    state[0] += 1
    if state[0] > state[1]:
        state[4] = 1
        return 0
    k0 = hsh[0] ^ unit_keys[u, 0]
    k1 = hsh[1] ^ unit_keys[u, 1]
    value = _known(k0, k1, tables)
    if value != ABSENT:
        return 1 if value != LOSS else 0
    start = state[3]
    scale = remaining.shape[0] + 1  # a child's row: replies * scale + class
    n = 1  # row ``start`` is the killer's, when it goes first
    for k in range(pa_ptr[u], pa_ptr[u + 1]):
        c = pa_idx[k]
        if remaining[c] == 0:
            continue
        replies, child, child_check = peek_child(
            c, g, ends, self_answer, unit_keys, remaining, avail, hsh
        )
        if replies == 0 or _known(child, child_check, tables) == LOSS:
            _store(u, k0, k1, c, hsh, tables, log, state)
            return 1
        # insertion sort by (replies, class): the Python list's sort of those pairs
        order = replies * scale + c
        j = n
        while j > 1 and buf[start + j - 1] > order:
            buf[start + j] = buf[start + j - 1]
            j -= 1
        buf[start + j] = order
        n += 1
    first = 1
    best = killer[u]
    if best >= 0 and remaining[best] and n > 1 and buf[start + 1] % scale != best:
        buf[start] = best
        first = 0
    state[3] = start + n
    for j in range(first, n):
        c = buf[start + j] if j == 0 else buf[start + j] % scale
        count = play_class(c, g, remaining, avail, undo, state, hsh)
        opponent_wins = depth_first(ends[c], g, ends, self_answer, pa_ptr, pa_idx, unit_keys,
                                    remaining, avail, undo, hsh, buf, killer, tables, log,
                                    state)  # fmt: skip
        unplay_class(c, count, g, remaining, avail, undo, state, hsh)
        if state[4]:
            state[3] = start
            return 0
        if not opponent_wins:
            state[3] = start
            _store(u, k0, k1, c, hsh, tables, log, state)
            killer[u] = c
            return 1
    state[3] = start
    _store(u, k0, k1, LOSS, hsh, tables, log, state)
    return 0


class ExactSearch:
    """The compiled searches (depth-first and df-pn) of one
    :class:`~asobi.shiritori.solver.Solver`: its arrays, the mirror of the solver's table and
    the proof numbers, kept across calls.

    The solver records what it stores in its table (``pending``: rows ``(used, unit,
    value)``, ``None`` for a cleared table, value ``REMOVED`` for a removed entry); :meth:`run`
    applies them to the mirror, searches, and returns the log of what the search stored.
    """

    def __init__(self, solver, *, seed: int = 20240702) -> None:
        self.solver = solver
        bits = sum(solver.size)
        self.bit_words = max(1, (bits + 63) // 64)
        self.zobrist, self.unit_keys = hash_keys(solver, seed)
        self.g, self.pa_ptr, self.pa_idx, self.ends, self.self_answer = game_arrays(
            solver, self.zobrist
        )
        self.undo = np.zeros(bits + 16, dtype=np.int64)
        # a child row per class playable at each node of the deepest line (a word a ply)
        widest = max((len(at) for at in solver.playable_at), default=0)
        self.kbuf = np.zeros(((bits + 2) * (widest + 1), 2), dtype=np.uint64)
        self.buf = np.zeros(2 * self.kbuf.shape[0], dtype=np.int64)
        self.known = _empty(1 << 12, np.int64)
        self.proofs = _empty(1 << 12, np.int64, 2)

    def run(
        self,
        kind: str,
        u: int,
        pending: list,
        budget: int,
        limit: int,
        epsilon: int,
        killer: list[int],
    ):
        """Bring the mirror up to date with ``pending``, then search from the solver's
        state for the player to answer ``u`` with ``budget`` nodes: ``kind`` ``"dfs"``
        (:func:`depth_first`, which updates ``killer`` in place) or ``"pn"``
        (:func:`proof_search`). Returns (won, nodes counted, out of budget, the log: a list
        of ``(used, unit, value)`` rows, ``None`` rows where the table was emptied)."""
        solver = self.solver
        width = self.bit_words * 8
        self._sync(pending, width)
        self.known = _room(self.known, budget + 2)
        if kind == "pn":
            self.proofs = _room(self.proofs, budget + 2)
        # a row per entry stored (at most one a node) and per emptying of the table
        rows = budget + budget // max(limit, 1) + 4
        log = (
            np.zeros((rows, self.bit_words), dtype=np.uint64),
            np.zeros((rows, 2), dtype=np.int64),
        )
        words = np.frombuffer(solver.used.to_bytes(width, "little"), dtype=np.uint64)
        h0, h1 = words_hash(words, self.zobrist)
        hsh = np.concatenate((np.array([h0, h1], dtype=np.uint64), words))
        state = np.zeros(8, dtype=np.int64)
        state[1] = budget
        state[6] = limit
        state[7] = epsilon
        remaining = np.array(solver.remaining, dtype=np.int64)
        avail = np.array(solver.avail, dtype=np.int64)
        tables = (*self.known, *self.proofs)
        if kind == "pn":
            proof, _ = proof_search(
                u, INF, INF, self.g, self.ends, self.self_answer, self.pa_ptr, self.pa_idx,
                self.unit_keys, remaining, avail, self.undo, hsh, self.buf, self.kbuf, tables,
                log, state,
            )  # fmt: skip
            won = proof == 0
        else:
            killers = np.array(killer, dtype=np.int64)
            won = bool(
                depth_first(
                    u,
                    self.g,
                    self.ends,
                    self.self_answer,
                    self.pa_ptr,
                    self.pa_idx,
                    self.unit_keys,
                    remaining,
                    avail,
                    self.undo,
                    hsh,
                    self.buf,
                    killers,
                    tables,
                    log,
                    state,
                )  # fmt: skip
            )
            killer[:] = killers.tolist()
        written = int(state[5])
        raw = log[0][:written].tobytes()
        stored = [
            None
            if unit == CLEARED
            else (int.from_bytes(raw[r * width : (r + 1) * width], "little"), unit, value)
            for r, (unit, value) in enumerate(log[1][:written].tolist())
        ]
        return won, int(state[0]), bool(state[4]), stored

    def _sync(self, pending: list, width: int) -> None:
        if not pending:
            return
        units = np.fromiter(
            (CLEARED if row is None else row[1] for row in pending), np.int64, len(pending)
        )
        values = np.fromiter((0 if row is None else row[2] for row in pending), np.int64)
        zero = bytes(width)
        words = np.frombuffer(
            b"".join(zero if row is None else row[0].to_bytes(width, "little") for row in pending),
            dtype=np.uint64,
        ).reshape(len(pending), self.bit_words)
        self.known = _room(self.known, len(pending))
        apply_entries(words, units, values, self.zobrist, self.unit_keys, *self.known)
        pending.clear()


def _empty(capacity: int, dtype, columns: int = 0) -> tuple[np.ndarray, ...]:
    shape = (capacity, columns) if columns else capacity
    return (
        np.zeros((capacity, 2), dtype=np.uint64),
        np.zeros(capacity, dtype=np.int8),
        np.zeros(shape, dtype=dtype),
        np.zeros(2, dtype=np.int64),
    )


def _room(table: tuple[np.ndarray, ...], more: int) -> tuple[np.ndarray, ...]:
    """``table``, or a copy twice as large or more, so that ``more`` new entries keep it at
    most half full (open addressing needs empty slots to stay fast)."""
    keys, status, values, counts = table
    capacity = status.shape[0]
    needed = 2 * (int(counts[1]) + more)
    if needed <= capacity:
        return table
    while capacity < needed:
        capacity *= 2
    larger = _empty(capacity, values.dtype, values.shape[1] if values.ndim == 2 else 0)
    rehash(keys, status, values, *larger)
    return larger
