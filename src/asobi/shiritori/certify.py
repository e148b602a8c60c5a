"""Write the winner's strategy of each decided start word as a certificate in real words.

The solver decides a start word on a *reduced* game (interchangeable words counted per
class, mirror pairs removed; :mod:`asobi.shiritori.solver`). A certificate (format:
docs/games/shiritori.md, "Certificates", and :mod:`asobi.shiritori.certificates`) must speak
of real words and real legal replies, so the builder walks the solved position again, playing
real words alongside the reduced game:

* at the winner's turns, the first word (in list order) of the class the search proved
  winning that is neither used nor set aside as a mirror word;
* at the loser's turns, every legal reply: a word ending in ン (the loser loses at once);
  a word set aside as a mirror word, answered by its partner (whoever wins without the pair
  wins with it: the mirror argument); the first free word of each class, followed further;
  and every other free word of that class, answered as that first word is (interchangeable).

A start word that begins and ends like one certified before it, neither with aliases, gets
one row pointing to that word's certificate (exchange: the two games are the same up to the
two words). The mirror words of a start are the ones the solver sets aside when it loads the
position, taken in list order. Which class wins at a winner's turn comes from the search's tables
(the Python table; the compiled table read without writing); when a proof was overwritten
the builder searches again, in a scratch table for the Python search or between a snapshot
and a restore of the compiled table, so the searches of later start words, and thus the
outcomes table, are the same with or without certificates (deep runs with tables too large to
copy may turn that off: ``isolate_research``).
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pyarrow as pa

from asobi.core.errors import IllegalMoveError
from asobi.shiritori.certificates import exchange_class, exchanged, plain_words
from asobi.shiritori.search import LOSS, BudgetExceeded, StartResult
from asobi.shiritori.shiritori import LOSING_UNIT, bits
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, MIRROR, PROOFS_SCHEMA
from asobi.shiritori.vendored import Vendored, principal_line, renumbered


class CertificateFailure(Exception):
    """The search's tables and re-searches could not give a winning move where one must
    exist (a bug, or a re-search budget too small): the run stops rather than guess."""


class _Overlay(dict):
    """A scratch transposition table: reads fall back to the solver's table, writes stay here."""

    def __init__(self, base: dict) -> None:
        super().__init__()
        self.base = base

    def get(self, key: Any, default: Any = None) -> Any:
        value = dict.get(self, key)
        return self.base.get(key, default) if value is None else value


class CertificateBuilder:
    """Certificates of the start words one :class:`StagedSolver` decides (one variant chunk).

    Node ids are ``local * chunks + chunk`` so that the chunks of a variant never collide.

    The walk is open to subclasses (the transfer tool's
    :class:`~asobi.shiritori.transfer.HintedBuilder` follows a hint certificate with it):
    :meth:`winner_turn`, :meth:`loser_turn`, :meth:`winning_class` and :meth:`reserve` may be
    overridden, :meth:`known_class` asked, and the builder's state read and reset:
    ``local_count`` (the next local node number), ``memo`` (node built per position),
    ``shared`` (nodes reusable per unit and mirror words), ``certified`` (the first start word
    per exchange class), ``said`` and ``answering`` (per winner node, the verifier's W and
    L), ``reserved`` and ``partner`` (the mirror words set aside, and their partners) and
    ``state_hash`` (the compiled table's hash of the solver's state).
    """

    def __init__(
        self,
        staged: StagedSolver,
        variant: str,
        *,
        chunk: int = 0,
        chunks: int = 1,
        research_budget: int = 2_000_000,
        share_min_nodes: int = 64,
        share_capacity: int = 128,
        isolate_research: bool = True,
    ) -> None:
        """``isolate_research=False`` lets the compiled re-searches write into the search's
        table instead of working between a snapshot and a restore: the snapshot is a copy of
        the table and the proof store, which a deep run's large table may not have room for;
        later start words may then take other node counts (never other winners)."""
        self.staged = staged
        self.solver = staged.solver
        self.game = staged.solver.game
        self.variant = variant
        self.chunk = chunk
        self.chunks = chunks
        self.research_budget = research_budget
        self.share_min_nodes = share_min_nodes
        self.share_capacity = share_capacity
        self.isolate_research = isolate_research
        self.rows: list[dict[str, Any]] = []
        self.copied: list[pa.Table] = []  # vendored certificates, renumbered
        self.researched = 0
        self.local_count = 0
        self.memo: dict[tuple[int, str, int], int] = {}
        # per winner node: the words the winner says in it and the words that could answer
        # a unit the loser answers in it (the verifier's W and L), and per (unit, mirror
        # words) the larger nodes built so far, reused wherever those two sets allow
        self.said: dict[int, int] = {}
        self.answering: dict[int, int] = {}
        self.shared: dict[tuple[str, int], list[tuple[int, int]]] = {}
        self.shared_hits = 0
        self._start = ""
        self._stage = "python"
        self._snapshot: tuple | None = None
        self.state_hash = (0, 0)
        self._untouched: tuple[dict[int, int], int] | None = None
        self._paired_words: set[int] | None = None
        # per (first unit, last unit): the first start word certified, and its winner
        self.certified: dict[tuple[str, str], tuple[str, str]] = {}
        self._plain = plain_words(self.game)

    # -- public ------------------------------------------------------------------------------

    def add(self, result: StartResult) -> None:
        """Write the certificate of a decided start word (nothing for ``unknown``)."""
        if result.winner == "unknown":
            return
        game, solver = self.game, self.solver
        start = result.start
        self._start, self._stage = start, result.stage
        i = game.word_index(start)
        twin = self._twin(start, result.winner)
        if twin is not None:  # answered by exchange with a start word certified before
            self._row(self._new_id(), None, [(start, INTERCHANGED, twin)], root=True)
            return
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 50_000))
        try:
            if game.last[i] == LOSING_UNIT:
                if result.winner != "human":
                    raise CertificateFailure(f"{start} ends in ン but the yokai is said to win")
                self._row(self._new_id(), None, [(start, ENDS_IN_N, None)], root=True)
                return
            solver.load_start(start)
            self.reserve(game.bans[i])
            self._reset_hash()
            after, unit = game.bans[i], game.last[i]
            root = self._new_id()
            if result.winner == "yokai":
                entries = self.loser_turn(after, unit)[0]
                self._row(root, start, entries, root=True)
            else:
                child = self.winner_turn(after, unit)
                self._row(root, None, [(start, child, None)], root=True)
        finally:
            sys.setrecursionlimit(limit)
            if self._snapshot is not None:
                self.staged.compiled.restore(self._snapshot)
                self._snapshot = None

    def _twin(self, start: str, winner: str) -> str | None:
        """The start word certified before that ``start`` may be exchanged with (the same
        first and last unit, neither with aliases), if any; it remembers ``start``
        otherwise."""
        key = exchange_class(self.game, self._plain, self.game.word_index(start))
        if key is None:
            return None
        twin = self.certified.setdefault(key, (start, winner))
        if twin[0] == start:
            return None
        if twin[1] != winner:
            raise CertificateFailure(
                f"{start} is said to be a {winner} win, but {twin[0]}, which begins and ends "
                f"alike, a {twin[1]} win"
            )
        return twin[0]

    def add_vendored(self, vendored: Vendored) -> list[StartResult]:
        """Take a variant's vendored certificates instead of searching their start words:
        each start word's winner is read off its root (the yokai's name as the root's word:
        the yokai; the start word as its only reply: the human; an exchange: its twin's) and
        a line off the certificate, and the nodes are copied under new node ids in build
        order; returns each start word's winner and line.

        The certificates are not checked here: the ``shiritori_verify`` step checks every
        certificate of the run, these copies included, and fails the run on one that does
        not prove its winner (checking them here too took chunk 0 as long as that step).
        """
        results = []
        winners: dict[str, str] = {}
        lines: dict[str, tuple[str, ...]] = {}
        for start, root in vendored.roots.items():
            try:
                node = vendored.nodes[root]
                if node.next == (INTERCHANGED,):  # the twin's line, the two words exchanged
                    twin = node.via[0]
                    winner = winners[twin]
                    swap = {start: twin, twin: start}
                    line = tuple(swap.get(word, word) for word in lines[twin])
                else:
                    winner = "human" if node.word is None else "yokai"
                    line = principal_line(self.game, vendored.nodes, root, start)
            except (KeyError, IndexError, IllegalMoveError) as error:
                raise CertificateFailure(
                    f"vendored certificate of {self.variant} {start} is malformed: "
                    f"{type(error).__name__} {error}"
                ) from None
            winners[start], lines[start] = winner, line
            self._twin(start, winner)  # start words searched later may be exchanged with it
            results.append(StartResult(start, winner, line, 0, "vendored"))
        copied = renumbered(vendored, self.variant, self.local_count, self.chunk, self.chunks)
        self.local_count += copied.num_rows
        self.copied.append(copied)
        return results

    def table(self) -> pa.Table:
        """Every certificate node written so far, as rows of ``proofs.parquet``."""
        built = pa.Table.from_pylist(self.rows, schema=PROOFS_SCHEMA)
        return pa.concat_tables([*self.copied, built]) if self.copied else built

    @property
    def node_count(self) -> int:
        return len(self.rows) + sum(table.num_rows for table in self.copied)

    # -- real words beside the reduced game --------------------------------------------------

    def reserve(self, used: int) -> None:
        """The mirror words the solver set aside after the start, as real words in pairs
        (the same for every start that touches no mirror pair's class)."""
        solver = self.solver
        if self._paired_words is None:
            self._paired_words = {
                w for pair in solver.mirror_pairs for c in pair for w in solver.class_words[c]
            }
        touched = not self._paired_words.isdisjoint(bits(used))
        if not touched and self._untouched is not None:
            self.partner, self.reserved = self._untouched
            return
        free = {
            c: [w for w in solver.class_words[c] if not used >> w & 1]
            for pair in solver.mirror_pairs
            for c in pair
        }
        partner: dict[int, int] = {}
        for x, y in solver.mirror_pairs:
            fx, fy = free[x], free[y]
            k = len(fx) // 2 if x == y else min(len(fx), len(fy))
            if x == y:
                pairs = zip(fx[0 : 2 * k : 2], fx[1 : 2 * k : 2], strict=True)
            else:
                pairs = zip(fx[:k], fy[:k], strict=True)
            for a, b in pairs:
                partner[a], partner[b] = b, a
        self.partner = partner
        self.reserved = sum(1 << w for w in partner)
        if not touched:
            self._untouched = (partner, self.reserved)

    def _first_free(self, c: int, used: int) -> int:
        gone = used | self.reserved
        return next(w for w in self.solver.class_words[c] if not gone >> w & 1)

    def _new_id(self) -> int:
        local = self.local_count
        self.local_count += 1
        return local * self.chunks + self.chunk

    def _row(self, node: int, word: str | None, entries: list, *, root: bool = False) -> None:
        self.rows.append(
            {
                "variant_id": self.variant,
                "start": self._start,
                "node": node,
                "root": root,
                "word": word,
                "replies": [reply for reply, _, _ in entries],
                "next": [target for _, target, _ in entries],
                "via": [via for _, _, via in entries],
            }
        )

    # -- the walk ----------------------------------------------------------------------------

    def winner_turn(self, used: int, unit: str) -> int:
        """The node where the winner answers ``unit`` (solver state: that position).

        A node built at used words ``S`` is reused at ``used`` when the loser has no reply
        there it lacked at ``S`` and the winner still has all its words (the verifier's
        rule, :mod:`asobi.shiritori.verify`): the same strategy serves every start word that
        leads to the same trap."""
        key = (used, unit, self.reserved)
        known = self.memo.get(key)
        if known is not None:
            return known
        shared = self.shared.get((unit, self.reserved), ())
        for built_at, node in reversed(shared):
            if not self.said[node] & used and not built_at & self.answering[node] & ~used:
                self.shared_hits += 1
                return node
        game, solver = self.game, self.solver
        c = self.winning_class(solver.unit_id[unit])
        word = self._first_free(c, used)
        node = self._new_id()
        first_row = len(self.rows)
        self.memo[key] = node
        before = solver.used
        banned = solver.play(c)
        self._update_hash(before ^ solver.used)
        entries, said, answering = self.loser_turn(used | game.bans[word], game.last[word])
        before = solver.used
        solver.unplay(c, banned)
        self._update_hash(before ^ solver.used)
        self._row(node, game.words[word], entries)
        self.said[node] = said | 1 << word
        self.answering[node] = answering
        if len(self.rows) - first_row >= self.share_min_nodes:
            shared = self.shared.setdefault((unit, self.reserved), [])
            shared.append((used, node))
            if len(shared) > self.share_capacity:
                del shared[0]
        return node

    def loser_turn(
        self, used: int, unit: str
    ) -> tuple[list[tuple[str, int, str | None]], int, int]:
        """Every legal reply to ``unit`` and how it is answered (solver state: that
        position); with the winner's words and the loser's possible words below it."""
        game, solver = self.game, self.solver
        entries: list[tuple[str, int, str | None]] = []
        said = 0
        answering = game.candidate_bits(unit)
        children: dict[int, int] = {}
        interchanged: list[tuple[int, int]] = []
        for r in game.candidates(unit):
            if used >> r & 1:
                continue
            reply = game.words[r]
            if game.last[r] == LOSING_UNIT:
                entries.append((reply, ENDS_IN_N, None))
            elif self.reserved >> r & 1:
                entries.append((reply, MIRROR, game.words[self.partner[r]]))
            else:
                c = solver.class_of_word[r]
                first = self._first_free(c, used)
                if first != r:
                    entries.append((reply, INTERCHANGED, game.words[first]))
                    interchanged.append((r, first))
                    continue
                before = solver.used
                banned = solver.play(c)
                self._update_hash(before ^ solver.used)
                child = self.winner_turn(used | game.bans[r], game.last[r])
                before = solver.used
                solver.unplay(c, banned)
                self._update_hash(before ^ solver.used)
                entries.append((reply, child, None))
                children[r] = child
                said |= self.said[child]
                answering |= self.answering[child]
        for r, first in interchanged:  # the winner's words after r: those after first
            said |= exchanged(self.said[children[first]], r, first)
        return entries, said, answering

    # -- which class wins --------------------------------------------------------------------

    def winning_class(self, u: int) -> int:
        """A class that wins for the player answering unit ``u`` at the solver's state."""
        known = self.known_class(u)
        if known is not None:
            return known
        self.researched += 1
        if self._stage == "compiled" and self.staged.compiled is not None:
            return self._compiled_search(u)
        return self._python_search(u)

    def known_class(self, u: int) -> int | None:
        """A winning class for unit ``u`` that needs no search: the tables' move, or one
        the loser cannot answer or answers only into a known loss; None if there is none."""
        solver = self.solver
        known = solver.table.get((solver.used, u))
        if known is not None and known != LOSS and solver.remaining[known]:
            return known
        if known == LOSS:
            raise CertificateFailure(f"{self._start}: the table says the winner loses here")
        for c in solver.playable_at[u]:
            if not solver.remaining[c]:
                continue
            child_used, replies = solver.peek(c)
            if not replies or solver.table.get((child_used, solver.end[c])) == LOSS:
                return c
        return self._compiled_move(u)

    def _compiled_move(self, u: int) -> int | None:
        """The move the compiled table stored with a proof at this position, else the move
        of a stored proof that holds here (the proof store), if any."""
        compiled = self.staged.compiled
        if compiled is None:
            return None
        solver = self.solver
        keys = self._unit_keys[u]
        pn, _, move = compiled.stored(self.state_hash[0] ^ keys[0], self.state_hash[1] ^ keys[1])
        if pn != 0:
            move = compiled.store_move(u)
            if move is None:
                return None
        playable = 0 <= move < len(solver.remaining) and solver.remaining[move]
        return move if playable and u in solver.answers[move] else None

    def _compiled_search(self, u: int) -> int:
        compiled = self.staged.compiled
        if self._snapshot is None and self.isolate_research:
            self._snapshot = compiled.snapshot()
        try:
            move = compiled.winning_class(u, self.research_budget)
        except BudgetExceeded:
            raise CertificateFailure(f"{self._start}: re-search ran out of budget") from None
        if move is None:
            raise CertificateFailure(f"{self._start}: the compiled search says the winner loses")
        return move

    def _python_search(self, u: int) -> int:
        """Search again in a scratch table; the solver's own table, counters and killer moves
        are left as they were."""
        solver = self.solver
        saved = (solver.table, solver.nodes, solver.budget_end, list(solver.killer))
        # what the scratch table stores must not reach the kernels' mirror of the table
        pending = solver.pending
        logged = None if pending is None else len(pending)
        solver.table = _Overlay(saved[0])
        solver.budget_end = solver.nodes + self.research_budget
        try:
            with self._state_kept():
                move = solver.winning_move(u)
        except BudgetExceeded:
            raise CertificateFailure(f"{self._start}: re-search ran out of budget") from None
        finally:
            solver.table, solver.nodes, solver.budget_end = saved[:3]
            solver.killer[:] = saved[3]
            if pending is not None:
                del pending[logged:]
        if move is None:
            raise CertificateFailure(f"{self._start}: the search says the winner loses here")
        return move

    @contextmanager
    def _state_kept(self) -> Iterator[None]:
        solver = self.solver
        state = (list(solver.remaining), solver.used, list(solver.avail))
        try:
            yield
        finally:
            solver.remaining[:], solver.used, solver.avail[:] = state[0], state[1], state[2]

    # -- the compiled table's hash of the solver's state -------------------------------------

    def _reset_hash(self) -> None:
        compiled = self.staged.compiled
        if compiled is None:
            return
        if not hasattr(self, "_zobrist"):
            self._zobrist = [(int(a), int(b)) for a, b in compiled.zobrist]
            self._unit_keys = [(int(a), int(b)) for a, b in compiled.unit_keys]
        h0 = h1 = 0
        used = self.solver.used
        while used:
            low = used & -used
            a, b = self._zobrist[low.bit_length() - 1]
            h0, h1 = h0 ^ a, h1 ^ b
            used ^= low
        self.state_hash = (h0, h1)

    def _update_hash(self, changed: int) -> None:
        if self.staged.compiled is None:
            return
        if not hasattr(self, "_zobrist"):
            self._reset_hash()
            return
        h0, h1 = self.state_hash
        while changed:
            low = changed & -changed
            a, b = self._zobrist[low.bit_length() - 1]
            h0, h1 = h0 ^ a, h1 ^ b
            changed ^= low
        self.state_hash = (h0, h1)


def write_certificates(staged: StagedSolver, results: list[StartResult], out: str | Path) -> int:
    """Write the certificates of ``results`` (decided by ``staged``, just now) to ``out``;
    returns the number of nodes."""
    from asobi.core.tables import write_table

    variant = staged.solver.game.rules.variant_id
    builder = CertificateBuilder(staged, variant)
    for result in results:
        builder.add(result)
    write_table(builder.table(), out, table="shiritori/proofs", schema=PROOFS_SCHEMA)
    return builder.node_count
