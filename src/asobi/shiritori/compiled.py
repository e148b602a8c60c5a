"""A compiled (numba) win/loss search for the start words the Python solver leaves open.

It searches the same reduced game as :class:`asobi.shiritori.solver.Solver` (interchangeable
words counted per class, mirror pairs removed, alias bans), so it only decides who wins; the
principal line is then built move by move with :meth:`CompiledSearch.winning_class` and the
Python solver's bookkeeping, and replayed with the rules by
:func:`asobi.shiritori.staged.solve_open_start`.

* The search itself (state, transposition table, df-pn with the 1+ε trick, the proof
  store) is the numba kernels of :mod:`asobi.shiritori.dfpn`; this module holds their
  arrays and answers questions about the solver's current state with them.
* A node budget per call; when it runs out the answer is "unknown" (never guessed).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from functools import cached_property
from pathlib import Path

import numpy as np

from asobi.shiritori import proofstore
from asobi.shiritori.dfpn import (
    INF,
    aligned_zeros,
    dfpn,
    game_arrays,
    hash_keys,
    numbers,
    peek_child,
    row,
    used_hash,
)
from asobi.shiritori.search import (
    DEFAULT_TABLE_BITS,
    TABLE_WAYS,
    BudgetExceeded,
    check_table_memory,
)
from asobi.shiritori.solver import Solver


class CompiledSearch:
    """Compiled win/loss search on the reduced game of a Python :class:`Solver`.

    Call :meth:`mover_wins` right after the solver's state was loaded (``load_start`` or
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
        self.zobrist, self.unit_keys = hash_keys(solver, seed)
        self.g, self.pa_ptr, self.pa_idx, self.ends, self.self_answer = game_arrays(
            solver, self.zobrist
        )
        self.base, self.size = self.g[0], self.g[1]  # each class's first word bit and count
        self.epsilon_percent = epsilon_percent
        # one row of 32 bytes per slot (hash halves, proof and disproof numbers), rows in
        # buckets of ``table_ways`` (aligned: a bucket of one or two rows is one cache
        # line); the winning classes apart, only read back for certificates
        if table_ways not in TABLE_WAYS or table_ways > 1 << table_bits:
            raise ValueError(f"table_ways must be one of {TABLE_WAYS}, not {table_ways}")
        buckets = (1 << table_bits) // table_ways
        self.table = (
            aligned_zeros((buckets, table_ways, 4)),
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

    def _hash(self, remaining: np.ndarray) -> np.ndarray:
        """Both 64-bit halves of the hash of the used words for ``remaining``, then the
        used-word bits (64 per entry)."""
        return used_hash(remaining, self.base, self.size, self.zobrist, self.bit_words)

    def peek(self, c: int) -> tuple[int, int, int]:
        """(replies, hash halves) the kernels give the position after class ``c`` (a word
        of it left) at the solver's current state, computed without playing it."""
        solver = self.solver
        remaining = np.array(solver.remaining, dtype=np.int64)
        avail = np.array(solver.avail, dtype=np.int64)
        replies, key, check = peek_child(
            c, self.g, self.ends, self.self_answer, self.unit_keys, remaining, avail,
            self._hash(remaining),
        )  # fmt: skip
        return int(replies), int(key), int(check)

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
        bucket, way = row(np.uint64(key), np.uint64(check), tt)
        if way < 0:
            return -1, -1, -1
        pn, dn, _ = numbers(bucket, way, tt)
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
        pn, dn = dfpn(
            u,
            INF,
            INF,
            self.g,
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
            self.store if self.store[12][0] else None,  # None: compiled without the store
        )
        self.nodes += int(state[1])
        self.hits += int(state[5])
        self.stored_proofs += int(state[6])
        self.lookups += int(state[7])
        if state[4] or (pn != 0 and pn != INF):
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
        solver.load_start(start)
        u, real_used = solver.unit_id[game.last[i]], game.bans[i]  # real words gone, to name them
        line: list[str] = []
        played: list[tuple[int, list[int]]] = []
        try:
            while len(line) < limit:
                best, best_dn, best_open = -1, INF, False
                for c, pn, dn, seen in self.answer_numbers(u):
                    if 0 < dn < best_dn and pn > 0:
                        best, best_dn, best_open = c, dn, seen
                if best < 0:
                    break
                word = solver.real_word(best, real_used)  # the class's next unused word
                real_used |= solver.game.bans[word]
                line.append(solver.game.words[word])
                played.append((best, solver.play(best)))
                u = solver.end[best]
                if not best_open:
                    break
        finally:
            for c, banned in reversed(played):
                solver.unplay(c, banned)
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
            banned = solver.play(c)
            hsh = self._hash(np.array(solver.remaining))
            key, check = hsh[:2] ^ self.unit_keys[solver.end[c]]
            replies = solver.avail[solver.end[c]]
            pn, dn, _ = self.stored(int(key), int(check))
            if pn != 0 and dn != 0 and self.store[12][0]:  # a proof the table lost?
                k = proofstore.lookup(solver.end[c], hsh, self.store)
                if k >= 0:
                    won = proofstore.value_of(solver.end[c], k, self.store) >= 0
                    pn, dn = (0, INF) if won else (INF, 0)
            solver.unplay(c, banned)
            seen = pn >= 0
            children.append((c, pn, dn, seen) if seen else (c, 1, replies, False))
        return children

    def _look_at_root(self, u: int) -> None:
        """Set :attr:`root_numbers` and :attr:`root_answers` from the answers to unit ``u``
        at the solver's state (after a slice that did not decide)."""
        children = self.answer_numbers(u)
        proof = min((dn for _, _, dn, _ in children), default=INF)
        disproof = min(INF, sum(pn for _, pn, _, _ in children))
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
            banned = solver.play(c)
            try:
                opponent = (
                    False
                    if solver.avail[solver.end[c]] == 0
                    else self.mover_wins(solver.end[c], budget)
                )
            finally:
                solver.unplay(c, banned)
            if opponent is False:
                return c
        raise BudgetExceeded
