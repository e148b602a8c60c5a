"""A compiled (numba) win/loss search for the start words the Python solver leaves open.

It searches the same reduced game as :class:`asobi.shiritori.solver.Solver` (interchangeable
words counted per class, mirror pairs removed, alias bans), so it only decides who wins; the
principal line is then built move by move with :meth:`CompiledSearch.winning_class` and the
Python solver's bookkeeping, and replayed with the rules by
:func:`asobi.shiritori.solver.solve_open_start`.

* State: words left per class, replies left per unit (kept incrementally), and a 128-bit
  Zobrist hash (two independent 64-bit halves) of the used-word set (bit
  ``base[c] + size[c] - left`` of a class is the next word of the class, as in the Python
  solver) xor a key for the unit to answer.
* Transposition table: a fixed-size numpy array of one row per slot (both hash halves,
  proof number, disproof number: one cache line per look-up) and one of the winning
  classes. The first half picks the slot and both halves must match, so a false hit needs
  two positions in one slot to agree on the other 42 + 64 random bits (2**-106 per look-up
  at 2**22 slots; the first half alone left 2**-42). By default each position has one slot,
  always replaced; with ``table_ways`` > 1 the slots form buckets and a new position
  evicts the row of its bucket with the least *work* (nodes searched below it, kept in
  the proof number's unused high bits), so that the rows a long search paid most for
  survive the flood of cheap ones (the "small tree" replacement of df-pn solvers).
* Depth-first proof-number search (df-pn, with the 1+ε trick) as in
  :meth:`asobi.shiritori.solver.Solver._proof_search`: an unseen child counts as (1, its
  number of replies), the article's fewest-replies ordering (「工夫」) turned into numbers; a
  class after which the opponent has no reply, or a child the table knows lost, wins at
  once. Words ending in ン are not moves (saying one loses at once, like having no move).
* A node budget per call; when it runs out the answer is "unknown" (never guessed).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cached_property
from pathlib import Path

import numpy as np
from numba import njit

from asobi.shiritori import proofstore
from asobi.shiritori.solver import (
    DEFAULT_TABLE_BITS,
    TABLE_WAYS,
    BudgetExceeded,
    Solver,
    check_table_memory,
)


def _csr(lists: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    pointers = np.zeros(len(lists) + 1, dtype=np.int64)
    for k, items in enumerate(lists):
        pointers[k + 1] = pointers[k] + len(items)
    flat = np.array([x for items in lists for x in items], dtype=np.int32)
    return pointers, flat


@njit(cache=True)
def _toggle(bit, zobrist, hsh):
    """Flip word bit ``bit``: both hash halves and the used-word bits ``hsh[2:]``."""
    hsh[0] ^= zobrist[bit, 0]
    hsh[1] ^= zobrist[bit, 1]
    hsh[2 + (bit >> 6)] ^= np.uint64(1) << np.uint64(bit & 63)


@njit(cache=True)
def _take(c, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh):
    left = remaining[c]
    _toggle(base[c] + size[c] - left, zobrist, hsh)
    remaining[c] = left - 1
    for k in range(ans_ptr[c], ans_ptr[c + 1]):
        avail[ans_idx[k]] -= 1


@njit(cache=True)
def _untake(c, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh):
    left = remaining[c] + 1
    remaining[c] = left
    _toggle(base[c] + size[c] - left, zobrist, hsh)
    for k in range(ans_ptr[c], ans_ptr[c + 1]):
        avail[ans_idx[k]] += 1


@njit(cache=True)
def _play(c, g, remaining, avail, undo, state, hsh):
    """Play class c and its alias bans; banned classes pushed on ``undo``; returns count."""
    base, size, ans_ptr, ans_idx, zobrist, ban_ptr, ban_idx = g
    _take(c, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)
    count = 0
    for k in range(ban_ptr[c], ban_ptr[c + 1]):
        b = ban_idx[k]
        if remaining[b] > 0:
            _take(b, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)
            undo[state[2] + count] = b
            count += 1
    state[2] += count
    return count


@njit(cache=True)
def _unplay(c, count, g, remaining, avail, undo, state, hsh):
    base, size, ans_ptr, ans_idx, zobrist, ban_ptr, ban_idx = g
    state[2] -= count
    for k in range(count - 1, -1, -1):
        _untake(undo[state[2] + k], remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)
    _untake(c, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)


_INF = 1 << 40


#: Bits of a row's proof-number column that hold the number (at most ``_INF``); the bits
#: above hold the row's *work* (nodes searched below it, saturating), which decides what a
#: bucket of several rows evicts.
_NUMBER_BITS = 41
_NUMBER_MASK = (1 << _NUMBER_BITS) - 1
_MAX_WORK = (1 << (64 - _NUMBER_BITS)) - 1


@njit(cache=True)
def _row(key, check, tt):
    """(bucket, way) of the row holding the hash ``(key, check)``, or (bucket, -1) when
    absent. ``tt`` is (buckets, ways, 4): the first half picks the bucket."""
    bucket = key & np.uint64(tt.shape[0] - 1)
    for way in range(tt.shape[1]):
        if tt[bucket, way, 0] == key and tt[bucket, way, 1] == check:
            return bucket, way
    return bucket, -1


@njit(cache=True)
def _numbers(bucket, way, tt):
    """(proof, disproof, work) held by row ``way`` of ``bucket``."""
    word = tt[bucket, way, 2]
    return (
        np.int64(word & np.uint64(_NUMBER_MASK)),
        np.int64(tt[bucket, way, 3]),
        np.int64(word >> np.uint64(_NUMBER_BITS)),
    )


@njit(cache=True)
def _entry(key, check, tt):
    """(proof, disproof, work) stored for the hash ``(key, check)``, or (-1, -1, 0) when
    absent."""
    bucket, way = _row(key, check, tt)
    if way < 0:
        return -1, -1, 0
    return _numbers(bucket, way, tt)


@njit(cache=True)
def _put(key, check, pn, dn, move, work, tt, tt_move):
    """Store (pn, dn, move) with ``work`` nodes searched below: in the row of the same hash
    if the bucket holds one, else in place of the row with the least work (with one way,
    the slot is always replaced)."""
    bucket = key & np.uint64(tt.shape[0] - 1)
    way = 0
    least = np.uint64(_MAX_WORK + 1)
    for w in range(tt.shape[1]):
        if tt[bucket, w, 0] == key and tt[bucket, w, 1] == check:
            way = w
            break
        held = tt[bucket, w, 2] >> np.uint64(_NUMBER_BITS)
        if held < least:
            least = held
            way = w
    tt[bucket, way, 0] = key
    tt[bucket, way, 1] = check
    spent = np.uint64(min(work, _MAX_WORK)) << np.uint64(_NUMBER_BITS)
    tt[bucket, way, 2] = np.uint64(pn) | spent
    tt[bucket, way, 3] = np.uint64(dn)
    tt_move[bucket, way] = move


@njit(cache=True)
def _won(u, key, check, c, child, child_check, entered, state, hsh, ps):
    """The sets of a node won by class ``c`` (the child's, plus ``c``); stored when its
    search took ``ps[12][1]`` nodes or more."""
    slot = proofstore.begin_sets(key, check, ps)
    if not proofstore.add_child(slot, child, child_check, ps):
        return
    proofstore.add_class(slot, c, ps)
    _keep(u, slot, c, state[1] - entered, state, hsh, ps)


@njit(cache=True)
def _keep(u, slot, value, cost, state, hsh, ps):
    """Store a proven node whose (last) search took ``cost`` nodes: in the ring from
    ``ps[12][1]`` nodes, and in the archive too when it is on and the node lies at most
    ``ps[12][3]`` plies below the searched position (``state[8]``)."""
    if cost >= ps[12][1]:
        state[6] += 1
        proofstore.insert(u, slot, value, hsh, ps)
        if ps[12][2] and state[8] <= ps[12][3]:
            proofstore.archive(u, slot, value, hsh, ps)


@njit(cache=True)
def _lost(u, key, check, kbuf, start, n, entered, state, hsh, ps):
    """The sets of a lost node (its unit, and every child's sets); stored likewise."""
    slot = proofstore.begin_sets(key, check, ps)
    proofstore.add_unit(slot, u, ps)
    for j in range(n):
        if not proofstore.add_child(slot, kbuf[start + j, 0], kbuf[start + j, 1], ps):
            return
    _keep(u, slot, -1, state[1] - entered, state, hsh, ps)


@njit(cache=True)
def _dfpn(u, thpn, thdn, g, ends, self_answer, pa_ptr, pa_idx, unit_keys, remaining, avail,
          undo, buf, kbuf, tt, tt_move, state, hsh, budget, epsilon, ps):  # fmt: skip
    """df-pn for "the player to answer ``u`` wins"; returns (proof, disproof) numbers.

    Port of :meth:`asobi.shiritori.solver.Solver._proof_search` (with 1+ε), with the proof
    store of :mod:`asobi.shiritori.proofstore` when ``ps[12][0]`` is set. Sets
    ``state[4] = 1`` and returns early when the node budget runs out.
    """
    state[1] += 1
    if state[1] > budget:
        state[4] = 1
        return 1, 1
    key = hsh[0] ^ unit_keys[u, 0]
    check = hsh[1] ^ unit_keys[u, 1]
    pn, dn, prior = _entry(key, check, tt)
    if pn == 0 or dn == 0:
        return pn, dn
    if pn > 0 and (pn >= thpn or dn >= thdn):
        return pn, dn
    storing = ps[12][0] != 0
    if storing and pn < 0:
        state[7] += 1
        k = proofstore.lookup(u, hsh, ps)
        if k >= 0:
            state[5] += 1
            slot = proofstore.begin_sets(key, check, ps)
            value = proofstore.apply_hit(u, k, slot, ps)
            if value >= 0:
                _put(key, check, 0, _INF, value, prior + 1, tt, tt_move)
                return 0, _INF
            _put(key, check, _INF, 0, -1, prior + 1, tt, tt_move)
            return _INF, 0
    entered = state[1]
    work = prior + 1 - entered  # + state[1]: this node's work when it is stored
    ban_ptr = g[5]
    start = state[3]
    if start + 1024 + pa_ptr[u + 1] - pa_ptr[u] >= kbuf.shape[0]:
        state[4] = 1
        return 1, 1
    n = 0
    for k in range(pa_ptr[u], pa_ptr[u + 1]):
        c = pa_idx[k]
        if remaining[c] == 0:
            continue
        if ban_ptr[c] == ban_ptr[c + 1]:
            replies = avail[ends[c]] - self_answer[c]
            bit = g[0][c] + g[1][c] - remaining[c]
            child = hsh[0] ^ g[4][bit, 0] ^ unit_keys[ends[c], 0]
            child_check = hsh[1] ^ g[4][bit, 1] ^ unit_keys[ends[c], 1]
        else:
            count = _play(c, g, remaining, avail, undo, state, hsh)
            replies = avail[ends[c]]
            child = hsh[0] ^ unit_keys[ends[c], 0]
            child_check = hsh[1] ^ unit_keys[ends[c], 1]
            _unplay(c, count, g, remaining, avail, undo, state, hsh)
        if replies == 0 or _entry(child, child_check, tt)[1] == 0:
            _put(key, check, 0, _INF, c, work + state[1], tt, tt_move)
            if storing:
                if replies == 0:
                    slot = proofstore.begin_sets(key, check, ps)
                    proofstore.add_unit(slot, ends[c], ps)
                    proofstore.add_class(slot, c, ps)
                else:
                    _won(u, key, check, c, child, child_check, entered, state, hsh, ps)
            return 0, _INF
        buf[2 * (start + n)] = c
        buf[2 * (start + n) + 1] = replies
        kbuf[start + n, 0] = child
        kbuf[start + n, 1] = child_check
        n += 1
    if n == 0:
        _put(key, check, _INF, 0, -1, work + state[1], tt, tt_move)
        if storing:
            slot = proofstore.begin_sets(key, check, ps)
            proofstore.add_unit(slot, u, ps)
        return _INF, 0
    state[3] = start + n
    while True:
        best = -1
        best_pn = 0
        min_dn = _INF
        second_dn = _INF
        sum_pn = 0
        for j in range(n):
            cpn, cdn, _ = _entry(kbuf[start + j, 0], kbuf[start + j, 1], tt)
            if cpn < 0:
                cpn = 1
                cdn = buf[2 * (start + j) + 1]
            if cdn < min_dn:
                second_dn = min_dn
                min_dn = cdn
                best = j
                best_pn = cpn
            elif cdn < second_dn:
                second_dn = cdn
            sum_pn = min(_INF, sum_pn + cpn)
        if min_dn == 0:
            state[3] = start
            c = buf[2 * (start + best)]
            _put(key, check, 0, _INF, c, work + state[1], tt, tt_move)
            if storing:
                child, child_check = kbuf[start + best, 0], kbuf[start + best, 1]
                _won(u, key, check, c, child, child_check, entered, state, hsh, ps)
            return 0, _INF
        if sum_pn == 0:
            state[3] = start
            _put(key, check, _INF, 0, -1, work + state[1], tt, tt_move)
            if storing:
                _lost(u, key, check, kbuf, start, n, entered, state, hsh, ps)
            return _INF, 0
        if min_dn >= thpn or sum_pn >= thdn:
            state[3] = start
            _put(key, check, min_dn, sum_pn, -1, work + state[1], tt, tt_move)
            return min_dn, sum_pn
        c = buf[2 * (start + best)]
        child_thpn = min(_INF, thdn - sum_pn + best_pn)
        child_thdn = min(thpn, second_dn + 1 + second_dn * epsilon // 100)
        count = _play(c, g, remaining, avail, undo, state, hsh)
        state[8] += 1
        _dfpn(ends[c], child_thpn, child_thdn, g, ends, self_answer, pa_ptr, pa_idx,
              unit_keys, remaining, avail, undo, buf, kbuf, tt, tt_move, state, hsh, budget,
              epsilon, ps)  # fmt: skip
        state[8] -= 1
        _unplay(c, count, g, remaining, avail, undo, state, hsh)
        if state[4]:
            state[3] = start
            return 1, 1


def _aligned_zeros(shape: tuple[int, ...]) -> np.ndarray:
    """A zeroed uint64 array of ``shape`` starting on a 64-byte (cache line) boundary."""
    count = int(np.prod(shape))
    raw = np.zeros(count + 8, dtype=np.uint64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip : skip + count].reshape(shape)


@njit(cache=True)
def _used_hash(remaining, base, size, zobrist, bit_words):
    """The hash halves and used-word bits of the state with ``remaining`` words per class
    (a class's used words are its lowest bits)."""
    h = np.zeros(2 + bit_words, dtype=np.uint64)
    for c in range(remaining.shape[0]):
        for k in range(size[c] - remaining[c]):
            bit = base[c] + k
            h[0] ^= zobrist[bit, 0]
            h[1] ^= zobrist[bit, 1]
            h[2 + (bit >> 6)] ^= np.uint64(1) << np.uint64(bit & 63)
    return h


class CompiledSearch:
    """Compiled win/loss search on the reduced game of a Python :class:`Solver`.

    Call :meth:`mover_wins` right after the solver's state was loaded (``_apply_start`` or
    ``_load``): it reads the solver's words-left counts and does not change them. The
    transposition table persists across calls (``table_bits``: 2**bits entries of 36 bytes,
    in buckets of ``table_ways``).
    With ``proof_store`` the proofs are also kept in the store of :mod:`asobi.shiritori.
    proofstore` (``store_archive`` > 0 adds its archive of the proofs at most
    ``archive_depth`` plies below the searched position).
    """

    slice_nodes = 10_000_000

    def __init__(
        self,
        solver: Solver,
        *,
        table_bits: int = DEFAULT_TABLE_BITS,
        epsilon_percent: int = 25,
        seed: int = 20240702,
        proof_store: bool = False,
        store_capacity: int = 256,
        store_min_nodes: int = 64,
        sets_bits: int = 20,
        store_archive: int = 0,
        archive_depth: int = 6,
        table_ways: int = 1,
    ) -> None:
        check_table_memory(table_bits)
        self.solver = solver
        classes = len(solver.class_words)
        units = len(solver.units)
        bits = sum(solver.size)
        rng = np.random.default_rng(seed)
        self.zobrist = rng.integers(0, 2**64, size=(max(bits, 1), 2), dtype=np.uint64)
        self.unit_keys = rng.integers(0, 2**64, size=(units, 2), dtype=np.uint64)
        self.base = np.array(solver.base, dtype=np.int64)
        self.size = np.array(solver.size, dtype=np.int64)
        self.ans_ptr, self.ans_idx = _csr(solver.answers)
        self.ban_ptr, self.ban_idx = _csr(solver.bans)
        self.pa_ptr, self.pa_idx = _csr(solver.playable_at)
        self.ends = np.array(solver.end, dtype=np.int64)
        self.self_answer = np.array(solver.self_answer, dtype=np.int64)
        self.epsilon_percent = epsilon_percent
        # one row of 32 bytes per slot (hash halves, proof and disproof numbers), rows in
        # buckets of ``table_ways`` (aligned: a bucket of one or two rows is one cache
        # line); the winning classes apart, only read back for certificates
        if table_ways not in TABLE_WAYS or table_ways > 1 << table_bits:
            raise ValueError(f"table_ways must be one of {TABLE_WAYS}, not {table_ways}")
        buckets = (1 << table_bits) // table_ways
        self.table = (
            _aligned_zeros((buckets, table_ways, 4)),
            np.zeros((buckets, table_ways), dtype=np.int32),
        )
        self.undo = np.zeros(bits + 16, dtype=np.int64)  # at most one push per word
        self.kbuf = np.zeros((classes * 64 + 4096, 2), dtype=np.uint64)
        self.buf = np.zeros(2 * self.kbuf.shape[0], dtype=np.int64)
        self.nodes = 0
        # Of the searched position at the last progress report (numbers: also once decided):
        # its (proof, disproof) numbers, as its answers in the table give them while it is
        # open; and its answers (classes): how many, how many are refuted (the opponent wins
        # after them), the open ones.
        self.root_numbers = (1, 1)
        self.root_answers: tuple[int, int, list[int]] = (0, 0, [])
        self.bit_words = max(1, (bits + 63) // 64)
        class_bits = proofstore.word_bits(
            bits, [list(range(b, b + n)) for b, n in zip(solver.base, solver.size, strict=True)]
        )
        unit_bits = proofstore.word_bits(
            bits,
            [
                [b for c in at for b in range(solver.base[c], solver.base[c] + solver.size[c])]
                for at in solver.playable_at
            ],
        )
        self.store = proofstore.build_arrays(
            units,
            classes,
            bits,
            unit_bits,
            class_bits,
            sets_bits=sets_bits,
            capacity=store_capacity,
            min_nodes=store_min_nodes,
            enabled=proof_store,
            archive=store_archive,
            archive_depth=archive_depth,
        )
        #: proof store counters: look-ups, hits, proofs stored
        self.lookups = self.hits = self.stored_proofs = 0

    def _arrays(self) -> tuple:
        return (
            self.base,
            self.size,
            self.ans_ptr,
            self.ans_idx,
            self.zobrist,
            self.ban_ptr,
            self.ban_idx,
        )

    def _hash(self, remaining: np.ndarray) -> np.ndarray:
        """Both 64-bit halves of the hash of the used words for ``remaining``, then the
        used-word bits (64 per entry)."""
        return _used_hash(remaining, self.base, self.size, self.zobrist, self.bit_words)

    def store_move(self, u: int) -> int | None:
        """The winning class a stored proof gives the player to answer unit ``u`` at the
        solver's current state (None when the store is off or holds no proof of a win
        that applies here)."""
        if not self.store[12][0]:
            return None
        remaining = np.array(self.solver.remaining, dtype=np.int64)
        k = proofstore.lookup(u, self._hash(remaining), self.store)
        value = proofstore.value_of(u, k, self.store) if k >= 0 else -1
        return int(value) if value >= 0 else None

    def stored(self, key: int, check: int) -> tuple[int, int, int]:
        """(proof, disproof, move) the table holds for the hash halves ``key``, ``check`` (the
        used words' hash xor the unit's key), or (-1, -1, -1) when it holds nothing."""
        tt, tt_move = self.table
        bucket, way = _row(np.uint64(key), np.uint64(check), tt)
        if way < 0:
            return -1, -1, -1
        pn, dn, _ = _numbers(bucket, way, tt)
        return int(pn), int(dn), int(tt_move[bucket, way])

    @cached_property
    def fingerprint(self) -> str:
        """A digest of the reduced game (variant, units, the words of each class in order):
        stored proofs are bit sets over it, so they only serve a search of the same one."""
        solver = self.solver
        described = json.dumps(
            [
                solver.game.rules.variant_id,
                list(solver.units),
                [[solver.game.words[w] for w in words] for words in solver.class_words],
                list(solver.end),
            ],
            ensure_ascii=False,
        )
        return hashlib.sha256(described.encode()).hexdigest()

    def save_proofs(self, path: Path) -> None:
        """Write the proof store's stored proofs to ``path`` (see :func:`proofstore.save_rings`):
        a later search of the same reduced game can start from them (:meth:`load_proofs`)."""
        proofstore.save_rings(path, self.store, self.fingerprint)

    def load_proofs(self, path: Path) -> None:
        """Start from the stored proofs of an earlier search saved by :meth:`save_proofs`
        (``ValueError`` when they are of another reduced game or store size)."""
        if not self.store[12][0]:
            raise ValueError("stored proofs need the proof store (proof_store=True)")
        proofstore.load_rings(path, self.store, self.fingerprint)

    def _mutable(self) -> tuple[np.ndarray, ...]:
        return (*self.table, *self.store[:10], *self.store[13:])

    def snapshot(self) -> tuple[np.ndarray, ...]:
        """A copy of the tables and the proof store, so that a search made for a
        certificate leaves no trace."""
        return tuple(array.copy() for array in self._mutable())

    def restore(self, copy: tuple[np.ndarray, ...]) -> None:
        for array, saved in zip(self._mutable(), copy, strict=True):
            array[...] = saved

    def mover_wins(
        self, u: int, budget: int, report: Callable[[int], None] | None = None
    ) -> bool | None:
        """Whether the player to answer unit ``u`` wins at the solver's current state.

        ``None`` when ``budget`` nodes were not enough. A budget above ``slice_nodes`` is
        spent in slices (each restarts df-pn at the root; the table keeps the work), and
        ``report(nodes spent so far)`` is called after every slice that did not decide.
        """
        spent = 0
        while spent < budget:
            step = min(self.slice_nodes, budget - spent)
            wins = self._mover_wins_within(u, step)
            if wins is not None:
                return wins
            spent += step
            if report is not None and spent < budget:
                self._look_at_root(u)  # only for the report: nothing else reads it
                report(spent)
        return None

    def _mover_wins_within(self, u: int, budget: int) -> bool | None:
        solver = self.solver
        remaining = np.array(solver.remaining, dtype=np.int64)
        avail = np.array(solver.avail, dtype=np.int64)
        state = np.zeros(9, dtype=np.int64)  # [8]: plies below the searched position
        hsh = self._hash(remaining)
        pn, dn = _dfpn(
            u,
            _INF,
            _INF,
            self._arrays(),
            self.ends,
            self.self_answer,
            self.pa_ptr,
            self.pa_idx,
            self.unit_keys,
            remaining,
            avail,
            self.undo,
            self.buf,
            self.kbuf,
            *self.table,
            state,
            hsh,
            budget,
            self.epsilon_percent,
            self.store,
        )
        self.nodes += int(state[1])
        self.hits += int(state[5])
        self.stored_proofs += int(state[6])
        self.lookups += int(state[7])
        if state[4] or (pn != 0 and pn != _INF):
            return None
        self.root_numbers = (int(pn), int(dn))
        return pn == 0

    def open_line(self, start: str, limit: int = 200) -> list[str]:
        """The words df-pn was following after the yokai's ``start`` (the solver is left at
        that start): always the child with the smallest disproof number in the table
        (df-pn's next choice, the most-proving path; :meth:`answer_numbers`), ending with the
        first child the table holds no open numbers for, at most ``limit`` plies.

        Only meaningful after the search of ``start`` ran out of budget: it shows where an
        undecided search stands, and decides nothing.
        """
        solver = self.solver
        game = solver.game
        i = game.word_index(start)
        solver._apply_start(start)
        u, real_used = solver.unit_id[game.last[i]], game.bans[i]  # real words gone, to name them
        line: list[str] = []
        played: list[tuple[int, list[int]]] = []
        try:
            while len(line) < limit:
                best, best_dn, best_open = -1, _INF, False
                for c, pn, dn, seen in self.answer_numbers(u):
                    if 0 < dn < best_dn and pn > 0:
                        best, best_dn, best_open = c, dn, seen
                if best < 0:
                    break
                word = solver._real_word(best, real_used)  # the class's next unused word
                real_used |= solver.game.bans[word]
                line.append(solver.game.words[word])
                played.append((best, solver._play(best)))
                u = solver.end[best]
                if not best_open:
                    break
        finally:
            for c, banned in reversed(played):
                solver._unplay(c, banned)
        return line

    def answer_numbers(self, u: int) -> list[tuple[int, int, int, bool]]:
        """(class, proof, disproof, seen) of every class playable on unit ``u`` at the
        solver's state, with the numbers of the position after it from the table (for the
        player to answer there; a proof the table no longer holds is taken from the proof
        store), or df-pn's initial ones when neither holds one."""
        solver = self.solver
        children = []
        for c in solver.playable_at[u]:
            if not solver.remaining[c]:
                continue
            banned = solver._play(c)
            hsh = self._hash(np.array(solver.remaining))
            key, check = hsh[:2] ^ self.unit_keys[solver.end[c]]
            replies = solver.avail[solver.end[c]]
            pn, dn, _ = self.stored(int(key), int(check))
            if pn != 0 and dn != 0 and self.store[12][0]:  # a proof the table lost?
                k = proofstore.lookup(solver.end[c], hsh, self.store)
                if k >= 0:
                    won = proofstore.value_of(solver.end[c], k, self.store) >= 0
                    pn, dn = (0, _INF) if won else (_INF, 0)
            solver._unplay(c, banned)
            seen = pn >= 0
            children.append((c, pn, dn, seen) if seen else (c, 1, replies, False))
        return children

    def _look_at_root(self, u: int) -> None:
        """Set :attr:`root_numbers` and :attr:`root_answers` from the answers to unit ``u``
        at the solver's state (after a slice that did not decide)."""
        children = self.answer_numbers(u)
        proof = min((dn for _, _, dn, _ in children), default=_INF)
        disproof = min(_INF, sum(pn for _, pn, _, _ in children))
        self.root_numbers = (proof, disproof)
        self.root_answers = (
            len(children),
            sum(pn == 0 for _, pn, _, _ in children),
            [c for c, pn, dn, _ in children if pn > 0 and dn > 0],
        )

    def winning_class(self, u: int, budget: int) -> int | None:
        """A class whose play leaves the opponent lost (solver state unchanged); None if none.

        Tries the move the table stored with the proof first, then every class in list
        order; raises :class:`BudgetExceeded` when no winning class could be proven.
        """
        solver = self.solver
        wins = self.mover_wins(u, budget)
        if wins is None:
            raise BudgetExceeded
        if not wins:
            return None
        key, check = self._hash(np.array(solver.remaining))[:2] ^ self.unit_keys[u]
        pn, _, move = self.stored(int(key), int(check))
        stored = move if pn == 0 else -1
        if stored < 0:
            from_store = self.store_move(u)
            stored = -1 if from_store is None else from_store
        candidates = [c for c in solver.playable_at[u] if solver.remaining[c]]
        if stored in candidates:
            candidates.insert(0, stored)
        for c in candidates:
            banned = solver._play(c)
            try:
                opponent = (
                    False
                    if solver.avail[solver.end[c]] == 0
                    else self.mover_wins(solver.end[c], budget)
                )
            finally:
                solver._unplay(c, banned)
            if opponent is False:
                return c
        raise BudgetExceeded
