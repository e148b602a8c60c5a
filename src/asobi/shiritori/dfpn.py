"""The numba kernels of the compiled df-pn (:mod:`asobi.shiritori.compiled` drives them).

They work on flat arrays built from the reduced game of :mod:`asobi.shiritori.reduced`
(classes, units, bans and replies in CSR form), so the state is made of numbers only:

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
  :class:`asobi.shiritori.solver.Solver`'s Python df-pn: an unseen child counts as (1, its
  number of replies), the article's fewest-replies ordering (「工夫」) turned into numbers; a
  class after which the opponent has no reply, or a child the table knows lost, wins at
  once. Words ending in ン are not moves (saying one loses at once, like having no move).

The public kernels (:func:`dfpn`, the table's :func:`row`, :func:`numbers`, :func:`entry`,
:func:`put`, :func:`used_hash`) and helpers (:func:`csr`, :func:`aligned_zeros`, :data:`INF`)
are what :class:`~asobi.shiritori.compiled.CompiledSearch` and the tests call; the names with
an underscore are steps of :func:`dfpn` only.
"""

from __future__ import annotations

import numpy as np
from llvmlite import ir
from numba import njit, types
from numba.core import cgutils
from numba.extending import intrinsic

from asobi.shiritori import proofstore


def csr(lists: list[list[int]]) -> tuple[np.ndarray, np.ndarray]:
    pointers = np.zeros(len(lists) + 1, dtype=np.int64)
    for k, items in enumerate(lists):
        pointers[k + 1] = pointers[k] + len(items)
    flat = np.array([x for items in lists for x in items], dtype=np.int32)
    return pointers, flat


def hash_keys(solver, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The Zobrist keys of the reduced game of ``solver``: two random 64-bit halves per word
    bit, then per unit to answer (from ``seed``, in that order)."""
    rng = np.random.default_rng(seed)
    bits = sum(solver.size)
    zobrist = rng.integers(0, 2**64, size=(max(bits, 1), 2), dtype=np.uint64)
    unit_keys = rng.integers(0, 2**64, size=(len(solver.units), 2), dtype=np.uint64)
    return zobrist, unit_keys


def game_arrays(solver, zobrist: np.ndarray) -> tuple:
    """The reduced game of ``solver`` as the kernels read it: ``g`` (base and size of each
    class, the units each answers in CSR form, ``zobrist``, the aliases each bans in CSR
    form, and per ban 1 when the banned class answers the unit the banning class ends on),
    then the classes playable at each unit (CSR), each class's last unit and whether it
    answers itself."""
    ans_ptr, ans_idx = csr(solver.answers)
    ban_ptr, ban_idx = csr(solver.bans)
    ban_end = np.array(
        [answers_end for effects in solver.ban_effects for _, _, answers_end in effects],
        dtype=np.int64,
    )
    g = (
        np.array(solver.base, dtype=np.int64),
        np.array(solver.size, dtype=np.int64),
        ans_ptr,
        ans_idx,
        zobrist,
        ban_ptr,
        ban_idx,
        ban_end,
    )
    pa_ptr, pa_idx = csr(solver.playable_at)
    ends = np.array(solver.end, dtype=np.int64)
    return g, pa_ptr, pa_idx, ends, np.array(solver.self_answer, dtype=np.int64)


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
def play_class(c, g, remaining, avail, undo, state, hsh):
    """Play class c and its alias bans; banned classes pushed on ``undo``; returns count."""
    base, size, ans_ptr, ans_idx, zobrist, ban_ptr, ban_idx, _ = g
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
def unplay_class(c, count, g, remaining, avail, undo, state, hsh):
    base, size, ans_ptr, ans_idx, zobrist, _, _, _ = g
    state[2] -= count
    for k in range(count - 1, -1, -1):
        _untake(undo[state[2] + k], remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)
    _untake(c, remaining, avail, base, size, ans_ptr, ans_idx, zobrist, hsh)


@njit(cache=True, inline="always")
def peek_child(c, g, ends, self_answer, unit_keys, remaining, avail, hsh):
    """(replies, hash halves) of the position after playing class ``c`` (a word left), as
    :func:`play_class` would leave it but without playing: the next word of ``c`` gone, and the
    next word of each alias ``c`` bans, with one reply fewer for each that answers."""
    base, size, _, _, zobrist, ban_ptr, ban_idx, ban_end = g
    replies = avail[ends[c]] - self_answer[c]
    bit = base[c] + size[c] - remaining[c]
    child = hsh[0] ^ zobrist[bit, 0] ^ unit_keys[ends[c], 0]
    child_check = hsh[1] ^ zobrist[bit, 1] ^ unit_keys[ends[c], 1]
    for k in range(ban_ptr[c], ban_ptr[c + 1]):
        b = ban_idx[k]
        left = remaining[b]
        if left > 0:
            bit = base[b] + size[b] - left
            child ^= zobrist[bit, 0]
            child_check ^= zobrist[bit, 1]
            replies -= ban_end[k]
    return replies, child, child_check


INF = 1 << 40


@njit(cache=True, inline="always")
def rank_child(j, child_pn, child_dn, best, best_pn, min_dn, second_dn):
    """One child of df-pn's choice: (best child, its proof number, least and second least
    disproof numbers) after child ``j`` is seen (the first of equal children stays best)."""
    if child_dn < min_dn:
        return j, child_pn, child_dn, min_dn
    if child_dn < second_dn:
        return best, best_pn, min_dn, child_dn
    return best, best_pn, min_dn, second_dn


@njit(cache=True, inline="always")
def child_thresholds(threshold_pn, threshold_dn, sum_pn, best_pn, second_dn, epsilon):
    """The (proof, disproof) thresholds of the child df-pn descends into. 1+ε trick: the
    child runs until its disproof number passes the second best sibling's by ε percent,
    not by one, so that df-pn switches between siblings less often."""
    widened = second_dn + 1 + second_dn * epsilon // 100
    return min(INF, threshold_dn - sum_pn + best_pn), min(threshold_pn, widened)


@intrinsic
def _prefetch_bucket(typingctx, tt, bucket):
    """Start loading bucket ``bucket`` of the table ``tt`` into the CPU's caches (LLVM's
    ``llvm.prefetch``: a hint that changes no value). The table is far larger than the
    caches, so a node's children's rows, asked for all at once, arrive together instead
    of one after another."""
    signature = types.void(tt, bucket)

    def codegen(context, builder, signature, args):
        table_type, bucket_type = signature.args
        table = context.make_array(table_type)(context, builder, args[0])
        index = context.cast(builder, args[1], bucket_type, types.intp)
        zero = context.get_constant(types.intp, 0)
        address = cgutils.get_item_pointer(context, builder, table_type, table, [index, zero, zero])
        byte_pointer = ir.IntType(8).as_pointer()
        i32 = ir.IntType(32)
        prefetch = cgutils.get_or_insert_function(
            builder.module,
            ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32]),
            "llvm.prefetch.p0i8",
        )
        # read (0), keep in all cache levels (3), data cache (1)
        builder.call(prefetch, [builder.bitcast(address, byte_pointer), i32(0), i32(3), i32(1)])
        return context.get_dummy_value()

    return signature, codegen


#: Bits of a row's proof-number column that hold the number (at most ``INF``); the bits
#: above hold the row's *work* (nodes searched below it, saturating), which decides what a
#: bucket of several rows evicts.
_NUMBER_BITS = 41
_NUMBER_MASK = (1 << _NUMBER_BITS) - 1
_MAX_WORK = (1 << (64 - _NUMBER_BITS)) - 1


@njit(cache=True)
def row(key, check, tt):
    """(bucket, way) of the row holding the hash ``(key, check)``, or (bucket, -1) when
    absent. ``tt`` is (buckets, ways, 4): the first half picks the bucket."""
    bucket = key & np.uint64(tt.shape[0] - 1)
    for way in range(tt.shape[1]):
        if tt[bucket, way, 0] == key and tt[bucket, way, 1] == check:
            return bucket, way
    return bucket, -1


@njit(cache=True)
def numbers(bucket, way, tt):
    """(proof, disproof, work) held by row ``way`` of ``bucket``."""
    word = tt[bucket, way, 2]
    return (
        np.int64(word & np.uint64(_NUMBER_MASK)),
        np.int64(tt[bucket, way, 3]),
        np.int64(word >> np.uint64(_NUMBER_BITS)),
    )


@njit(cache=True)
def entry(key, check, tt):
    """(proof, disproof, work) stored for the hash ``(key, check)``, or (-1, -1, 0) when
    absent."""
    bucket, way = row(key, check, tt)
    if way < 0:
        return -1, -1, 0
    return numbers(bucket, way, tt)


@njit(cache=True)
def put(key, check, pn, dn, move, work, tt, tt_move):
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
def dfpn(u, thpn, thdn, g, ends, self_answer, pa_ptr, pa_idx, unit_keys, remaining, avail,
          undo, buf, kbuf, tt, tt_move, state, hsh, budget, epsilon, ps):  # fmt: skip
    """df-pn for "the player to answer ``u`` wins"; returns (proof, disproof) numbers.

    Port of the Python df-pn of :class:`asobi.shiritori.solver.Solver` (with 1+ε), with the proof
    store of :mod:`asobi.shiritori.proofstore` unless ``ps`` is None (numba then leaves
    the store's code out of the compiled search: it compiles in a quarter of the time). Sets
    ``state[4] = 1`` and returns early when the node budget runs out.
    """
    state[1] += 1
    if state[1] > budget:
        state[4] = 1
        return 1, 1
    key = hsh[0] ^ unit_keys[u, 0]
    check = hsh[1] ^ unit_keys[u, 1]
    pn, dn, prior = entry(key, check, tt)
    if pn == 0 or dn == 0:
        return pn, dn
    if pn > 0 and (pn >= thpn or dn >= thdn):
        return pn, dn
    if ps is not None and pn < 0:
        state[7] += 1
        k = proofstore.lookup(u, hsh, ps)
        if k >= 0:
            state[5] += 1
            slot = proofstore.begin_sets(key, check, ps)
            value = proofstore.apply_hit(u, k, slot, ps)
            if value >= 0:
                put(key, check, 0, INF, value, prior + 1, tt, tt_move)
                return 0, INF
            put(key, check, INF, 0, -1, prior + 1, tt, tt_move)
            return INF, 0
    entered = state[1]
    work = prior + 1 - entered  # + state[1]: this node's work when it is stored
    start = state[3]
    if start + 1024 + pa_ptr[u + 1] - pa_ptr[u] >= kbuf.shape[0]:
        state[4] = 1
        return 1, 1
    # The children's hashes first, each row prefetched, then their look-ups in list order
    # (the same order and the same first winning child as one pass: only fewer stalls).
    mask = np.uint64(tt.shape[0] - 1)
    n = 0
    for k in range(pa_ptr[u], pa_ptr[u + 1]):
        c = pa_idx[k]
        if remaining[c] == 0:
            continue
        replies, child, child_check = peek_child(
            c, g, ends, self_answer, unit_keys, remaining, avail, hsh
        )
        buf[2 * (start + n)] = c
        buf[2 * (start + n) + 1] = replies
        kbuf[start + n, 0] = child
        kbuf[start + n, 1] = child_check
        n += 1
        if replies == 0:
            break
        _prefetch_bucket(tt, child & mask)
    for j in range(n):
        c = buf[2 * (start + j)]
        replies = buf[2 * (start + j) + 1]
        child = kbuf[start + j, 0]
        child_check = kbuf[start + j, 1]
        if replies == 0 or entry(child, child_check, tt)[1] == 0:
            put(key, check, 0, INF, c, work + state[1], tt, tt_move)
            if ps is not None:
                if replies == 0:
                    slot = proofstore.begin_sets(key, check, ps)
                    proofstore.add_unit(slot, ends[c], ps)
                    proofstore.add_class(slot, c, ps)
                else:
                    _won(u, key, check, c, child, child_check, entered, state, hsh, ps)
            return 0, INF
    if n == 0:
        put(key, check, INF, 0, -1, work + state[1], tt, tt_move)
        if ps is not None:
            slot = proofstore.begin_sets(key, check, ps)
            proofstore.add_unit(slot, u, ps)
        return INF, 0
    state[3] = start + n
    while True:
        best = -1
        best_pn = 0
        min_dn = INF
        second_dn = INF
        sum_pn = 0
        for j in range(n):
            cpn, cdn, _ = entry(kbuf[start + j, 0], kbuf[start + j, 1], tt)
            if cpn < 0:
                cpn = 1
                cdn = buf[2 * (start + j) + 1]
            best, best_pn, min_dn, second_dn = rank_child(
                j, cpn, cdn, best, best_pn, min_dn, second_dn
            )
            sum_pn = min(INF, sum_pn + cpn)
        if min_dn == 0:
            state[3] = start
            c = buf[2 * (start + best)]
            put(key, check, 0, INF, c, work + state[1], tt, tt_move)
            if ps is not None:
                child, child_check = kbuf[start + best, 0], kbuf[start + best, 1]
                _won(u, key, check, c, child, child_check, entered, state, hsh, ps)
            return 0, INF
        if sum_pn == 0:
            state[3] = start
            put(key, check, INF, 0, -1, work + state[1], tt, tt_move)
            if ps is not None:
                _lost(u, key, check, kbuf, start, n, entered, state, hsh, ps)
            return INF, 0
        if min_dn >= thpn or sum_pn >= thdn:
            state[3] = start
            put(key, check, min_dn, sum_pn, -1, work + state[1], tt, tt_move)
            return min_dn, sum_pn
        c = buf[2 * (start + best)]
        child_thpn, child_thdn = child_thresholds(thpn, thdn, sum_pn, best_pn, second_dn, epsilon)
        count = play_class(c, g, remaining, avail, undo, state, hsh)
        state[8] += 1
        dfpn(ends[c], child_thpn, child_thdn, g, ends, self_answer, pa_ptr, pa_idx,
              unit_keys, remaining, avail, undo, buf, kbuf, tt, tt_move, state, hsh, budget,
              epsilon, ps)  # fmt: skip
        state[8] -= 1
        unplay_class(c, count, g, remaining, avail, undo, state, hsh)
        if state[4]:
            state[3] = start
            return 1, 1


def aligned_zeros(shape: tuple[int, ...]) -> np.ndarray:
    """A zeroed uint64 array of ``shape`` starting on a 64-byte (cache line) boundary."""
    count = int(np.prod(shape))
    raw = np.zeros(count + 8, dtype=np.uint64)
    skip = (-raw.ctypes.data % 64) // 8
    return raw[skip : skip + count].reshape(shape)


@njit(cache=True)
def used_hash(remaining, base, size, zobrist, bit_words):
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
