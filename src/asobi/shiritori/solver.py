"""A strong exact solver for yokai shiritori (who wins from each start word).

The article (section 「工夫」) solves the default rules with plain depth-first search,
trying first the words that leave the opponent the fewest replies. Denser variants (for
example ``dakuten=free``) need more. This solver keeps that ordering and adds:

* **The reduced game** (:mod:`asobi.shiritori.reduced`): interchangeable words counted per
  class, not enumerated, and mirror pairs set aside.
* **Transposition table** over ``(used words bitset, unit to answer)``, shared by all start
  words of a variant (the outcome of a position does not depend on how it was reached).
* **Immediate wins**: a word after which the opponent has no reply (other than words ending
  in ン, which lose at once) is played without search; so is a word leading to a position
  the table already knows to be lost for the opponent.
* The principal lines are completed with the mirror answers the reduced game set aside.
* Words ending in ン are never searched: saying one loses at once, exactly like having no
  move; a losing player with nothing else to say is shown saying one in the line.
* A killer move per unit (the last word that won there) is tried first.
* **Proof-number search.** When the depth-first search exceeds its node budget, depth-first
  proof-number search (df-pn, Nagai 2002) gets its own budget, on the same table. An unseen
  child counts as (proof 1, disproof = its number of replies), which is the article's
  ordering turned into numbers; df-pn then follows the narrowest open lines first. It uses
  the 1+ε trick (Pawlewicz and Lew 2007, ``epsilon_percent``): a child is searched until
  its number exceeds the second best sibling's by ε, not by one, which cuts thrashing.

The budgeted searches of a start word (depth-first, then df-pn) run by default as the numba
kernels of :mod:`asobi.shiritori.exactpn`, which make the same searches on this solver's
table (``kernels=False``: the Python methods below, the reference they are tested against).

A search that exceeds its budgets raises :class:`~asobi.shiritori.search.BudgetExceeded`;
the caller reports the start word as ``unknown``. This is the Python stage:
:class:`~asobi.shiritori.staged.StagedSolver` chains it with the compiled df-pn of
:mod:`asobi.shiritori.compiled` as the pipeline runs them. The reference the solver is
tested against is the plain negamax :func:`asobi.core.game.outcome` over the rules'
``legal_moves`` / ``play``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from asobi.core.game import Outcome
from asobi.shiritori.reduced import ReducedGame
from asobi.shiritori.search import LOSS, REMOVED, BudgetExceeded, StartResult
from asobi.shiritori.shiritori import LOSING_UNIT, Position, Shiritori

if TYPE_CHECKING:
    from asobi.shiritori.exactpn import ExactSearch

_INF = 1 << 40
#: The largest budget a kernel search is given (its tables and log are sized for the whole
#: budget before it starts: about 200 bytes a node); larger budgets search in Python.
KERNEL_BUDGET = 1_000_000


class Solver(ReducedGame):
    """Solve start words of one game (lexicon + rules); the table persists across calls."""

    def __init__(
        self,
        game: Shiritori,
        *,
        reduce_mirror_pairs: bool = True,
        table_limit: int = 4_000_000,
        epsilon_percent: int = 25,
        kernels: bool = True,
    ) -> None:
        super().__init__(game, reduce_mirror_pairs=reduce_mirror_pairs)
        self.table_limit = table_limit
        self.epsilon_percent = epsilon_percent
        self.table: dict[tuple[int, int], int] = {}
        self.proof_table: dict[tuple[int, int], tuple[int, int]] = {}
        #: the budgeted searches of a start word (depth-first, then df-pn) by the numba
        #: kernels of :mod:`asobi.shiritori.exactpn`, which make the same search; False: in
        #: Python (:meth:`_search`, :meth:`_proof_search`), the reference the tests compare
        self.kernels = kernels
        #: what was stored in (None: emptied) or removed from (``REMOVED``) ``table`` since the
        #: kernel's mirror of it was last brought up to date; None until the kernel first runs
        self.pending: list[tuple[int, int, int] | None] | None = None
        self._kernel: ExactSearch | None = None
        self.nodes = 0
        self.budget_end = 0
        self.killer = [-1] * len(self.units)

    def choose(
        self,
        position: Position,
        *,
        node_budget: int | None = 20_000,
        proof_budget: int | None = 200_000,
    ) -> tuple[str | None, str]:
        """A move for the player to move at ``position`` and whether it wins.

        Returns ``(word, status)`` where status is ``win`` (a proven winning move), ``loss``
        (every move loses; the word delays the end the longest found), ``unknown`` (budgets
        exhausted; the word is the first in the search order) or ``stuck`` (no word to say
        other than words ending in ン; ``word`` is one of those, or None). The budgets are
        those of :meth:`solve`.
        """
        game = self.game
        if position.letter == LOSING_UNIT:
            return None, "stuck"
        u = self.unit_id.get(position.letter)
        real_used = position.used
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        try:
            if u is None:
                move = None
                status = "stuck"
            else:
                try:
                    wins = self._mover_wins(
                        u, lambda: self.load(real_used), node_budget, proof_budget
                    )
                    unlimited = node_budget is None
                    spare = 1 << 62 if unlimited else max(node_budget, proof_budget or 0)
                    self.budget_end = self.nodes + spare
                    self.load(real_used)
                    move = self.winning_move(u) if wins else self._delaying_move(u)
                    status = "win" if wins else ("loss" if move is not None else "stuck")
                except BudgetExceeded:
                    self.load(real_used)
                    move = next((c for c in self.playable_at[u] if self.remaining[c]), None)
                    status = "unknown" if move is not None else "stuck"
        finally:
            sys.setrecursionlimit(limit)
        if move is None:
            real = self.real_unused(u, real_used) if u is not None else None
            if real is not None:  # only mirror-pair words are left: play one
                return game.words[real], "loss"
            losing = [w for w in game.candidates(position.letter) if not real_used >> w & 1]
            return (game.words[losing[0]] if losing else None), "stuck"
        return game.words[self.real_word(move, real_used)], status

    def outcome(self, position: Position) -> Outcome:
        """Who wins at ``position`` with perfect play, seen from the player to move (exact:
        no budget; for small games and the conformance test)."""
        if self.game.is_over(position):
            return self.game.winner(position)
        _, status = self.choose(position, node_budget=None, proof_budget=None)
        assert status != "unknown", "an unlimited search always decides"
        return Outcome.FIRST if status == "win" else Outcome.SECOND

    # -- search --------------------------------------------------------------------------------

    def _search(self, u: int) -> bool:
        """True when the player to answer unit ``u`` wins (records the proof in the table)."""
        self.nodes += 1
        if self.nodes > self.budget_end:
            raise BudgetExceeded
        table = self.table
        key = (self.used, u)
        known = table.get(key)
        if known is not None:
            return known != LOSS
        end, remaining, bans, top = self.end, self.remaining, self.bans, self.top
        used, avail, self_answer = self.used, self.avail, self.self_answer
        ordered = []
        for c in self.playable_at[u]:
            left = remaining[c]
            if not left:
                continue
            if bans[c]:
                child_used, replies = self.peek(c)
            else:  # peek() without the call: the next word of c taken
                child_used = used | 1 << (top[c] - left)
                replies = avail[end[c]] - self_answer[c]
            reply_known = table.get((child_used, end[c])) if replies else LOSS
            if reply_known == LOSS:
                self._store(key, c)
                return True
            ordered.append((replies, c))
        ordered.sort()
        killer = self.killer[u]
        if killer >= 0 and remaining[killer] and ordered[0][1] != killer:
            ordered.insert(0, (-1, killer))
        for _, c in ordered:
            banned = self.play(c)
            opponent_wins = self._search(end[c])
            self.unplay(c, banned)
            if not opponent_wins:
                self._store(key, c)
                self.killer[u] = c
                return True
        self._store(key, LOSS)
        return False

    def _proof_search(self, u: int, threshold_pn: int, threshold_dn: int) -> tuple[int, int]:
        """Depth-first proof-number search (df-pn) for "the player to answer ``u`` wins".

        Returns the node's (proof, disproof) numbers once one reaches its threshold. Solved
        nodes go to the shared table (as wins with their winning class, or losses);
        unsolved ones keep their numbers in ``proof_table``. A child not yet seen counts
        as (1, its number of replies), which mirrors the fewest-replies-first ordering.
        """
        self.nodes += 1
        if self.nodes > self.budget_end:
            raise BudgetExceeded
        table = self.table
        key = (self.used, u)
        known = table.get(key)
        if known is not None:
            return (0, _INF) if known != LOSS else (_INF, 0)
        numbers = self.proof_table.get(key)
        if numbers is not None and (numbers[0] >= threshold_pn or numbers[1] >= threshold_dn):
            return numbers
        children = []
        end, remaining, bans, top = self.end, self.remaining, self.bans, self.top
        used, avail, self_answer = self.used, self.avail, self.self_answer
        for c in self.playable_at[u]:
            left = remaining[c]
            if not left:
                continue
            if bans[c]:
                child_used, replies = self.peek(c)
            else:  # peek() without the call: the next word of c taken
                child_used = used | 1 << (top[c] - left)
                replies = avail[end[c]] - self_answer[c]
            child = (child_used, end[c])
            if not replies or table.get(child) == LOSS:
                self._store(key, c)
                return 0, _INF
            children.append((c, child, (1, replies)))  # the numbers of a child not seen
        if not children:
            self._store(key, LOSS)
            return _INF, 0
        proof_table = self.proof_table
        state_of, numbers_of = table.get, proof_table.get
        while True:
            best = -1
            best_pn = 0
            min_dn = second_dn = _INF
            sum_pn = 0
            for index, (_, child, unseen) in enumerate(children):
                state = state_of(child)
                if state is None:
                    child_pn, child_dn = numbers_of(child, unseen)
                elif state != LOSS:
                    child_pn, child_dn = 0, _INF
                else:
                    child_pn, child_dn = _INF, 0
                if child_dn < min_dn:
                    second_dn = min_dn
                    min_dn = child_dn
                    best = index
                    best_pn = child_pn
                elif child_dn < second_dn:
                    second_dn = child_dn
                sum_pn += child_pn  # numbers are never negative: capped once, below
            sum_pn = min(_INF, sum_pn)
            if min_dn == 0:
                proof_table.pop(key, None)
                self._store(key, children[best][0])
                return 0, _INF
            if sum_pn == 0:
                proof_table.pop(key, None)
                self._store(key, LOSS)
                return _INF, 0
            if min_dn >= threshold_pn or sum_pn >= threshold_dn:
                if len(proof_table) >= self.table_limit:
                    proof_table.clear()
                proof_table[key] = (min_dn, sum_pn)
                return min_dn, sum_pn
            c = children[best][0]
            child_threshold_pn = min(_INF, threshold_dn - sum_pn + best_pn)
            # 1+ε trick: let the child run until its disproof number passes the second
            # best sibling's by ε, so df-pn switches between siblings less often.
            widened = second_dn + 1 + second_dn * self.epsilon_percent // 100
            child_threshold_dn = min(threshold_pn, widened)
            banned = self.play(c)
            self._proof_search(end[c], child_threshold_pn, child_threshold_dn)
            self.unplay(c, banned)

    def _store(self, key: tuple[int, int], value: int) -> None:
        pending = self.pending
        if len(self.table) >= self.table_limit:
            self.table.clear()
            if pending is not None:
                pending.append(None)
        self.table[key] = value
        if pending is not None:
            pending.append((key[0], key[1], value))

    def _compiled_search(self, kind: str, u: int) -> bool:
        """:meth:`_search` (``kind`` ``"dfs"``) or :meth:`_proof_search` (``"pn"``) from the
        root by the compiled kernels of :mod:`asobi.shiritori.exactpn`, on this solver's
        table, killers and counters: whether the player to answer ``u`` wins
        (:class:`BudgetExceeded` past ``budget_end``)."""
        if self._kernel is None:
            from asobi.shiritori.exactpn import ExactSearch

            self._kernel = ExactSearch(self)
            self.pending = [(used, unit, value) for (used, unit), value in self.table.items()]
        won, counted, out_of_budget, stored = self._kernel.run(
            kind,
            u,
            self.pending,
            self.budget_end - self.nodes,
            self.table_limit,
            self.epsilon_percent,
            self.killer,
        )
        table = self.table
        for row in stored:
            if row is None:
                table.clear()
            else:
                table[row[0], row[1]] = row[2]
        self.nodes += counted
        if out_of_budget:
            raise BudgetExceeded
        return won

    def winning_move(self, u: int) -> int | None:
        """The stored winning class at the current state (searching again if needed)."""
        if self._search(u):
            value = self.table.get((self.used, u))
            if value is None or value == LOSS:  # table was cleared meanwhile
                if self.table.pop((self.used, u), None) is not None and self.pending is not None:
                    self.pending.append((self.used, u, REMOVED))
                self._search(u)
                value = self.table[(self.used, u)]
            return value
        return None

    # -- public --------------------------------------------------------------------------------

    def _mover_wins(
        self,
        unit: int,
        reset: Callable[[], None],
        node_budget: int | None,
        proof_budget: int | None,
    ) -> bool:
        """Whether the player answering ``unit`` wins: depth-first search within
        ``node_budget`` nodes (None: unlimited), then proof-number search within
        ``proof_budget`` more. ``reset()`` restores the position before each attempt;
        :class:`BudgetExceeded` when both run out."""
        try:
            self.budget_end = self.nodes + (node_budget or 1 << 62)
            reset()
            if self.kernels and node_budget and node_budget <= KERNEL_BUDGET:
                return self._compiled_search("dfs", unit)
            return self._search(unit)
        except BudgetExceeded:
            if not proof_budget:
                raise
            self.budget_end = self.nodes + proof_budget
            reset()
            if self.kernels and proof_budget <= KERNEL_BUDGET:
                return self._compiled_search("pn", unit)
            return self._proof_search(unit, _INF, _INF)[0] == 0

    def solve(
        self, start: str, *, node_budget: int | None = None, proof_budget: int | None = None
    ) -> StartResult:
        """Winner and principal line for the yokai's start word ``start``.

        First the depth-first search with ``node_budget`` nodes (None: unlimited); if that
        runs out and ``proof_budget`` is given, proof-number search with that many more
        nodes. ``unknown`` when both run out.
        """
        game = self.game
        i = game.word_index(start)
        if game.last[i] == LOSING_UNIT:
            return StartResult(start, "human", (start,), 0)
        limit = sys.getrecursionlimit()
        sys.setrecursionlimit(max(limit, 20_000))
        before = self.nodes
        u = self.unit_id[game.last[i]]
        try:
            human_wins = self._mover_wins(
                u, lambda: self.load_start(start), node_budget, proof_budget
            )
            nodes = self.nodes - before
            self.budget_end = self.nodes + max(node_budget or 0, proof_budget or 0, 100_000)
            self.load_start(start)
            line = self.line_from(start)
        except BudgetExceeded:
            return StartResult(start, "unknown", (start,), self.nodes - before)
        finally:
            sys.setrecursionlimit(limit)
        return StartResult(start, "human" if human_wins else "yokai", line, nodes)

    def line_from(
        self, start: str, choose: Callable[[int], int | None] | None = None
    ) -> tuple[str, ...]:
        """A principal line from the start word (state: right after ``load_start``).

        ``choose(u)`` picks the class to play at unit ``u`` in the reduced game (None: no
        move); by default the winner's stored winning move, else the longest delaying move.
        """
        game = self.game
        real_used = game.bans[game.word_index(start)]
        line = [start]
        u = self.unit_id[game.last[game.word_index(start)]]
        while True:
            try:
                if choose is not None:
                    move = choose(u)
                else:
                    move = self.winning_move(u)
                    if move is None:
                        move = self._delaying_move(u)
            except BudgetExceeded:  # only if the table was cleared: the line stops early
                return tuple(line)
            if move is None:
                break
            self.play(move)
            word = self.real_word(move, real_used)
            real_used |= game.bans[word]
            line.append(game.words[word])
            u = self.end[move]
        # The loser is stuck in the reduced game; mirror pairs removed at the start may still
        # give it moves: each is answered by its partner, which gives the unit back (or one
        # that accepts no more words), so the loser stays stuck in the reduced game.
        while True:
            extra = self.real_unused(u, real_used)
            if extra is None:
                break
            c = self.class_of_word[extra]
            real_used |= game.bans[extra]
            line.append(game.words[extra])
            partner = self.partner[c]
            answer = next(w for w in self.class_words[partner] if not real_used >> w & 1)
            real_used |= game.bans[answer]
            line.append(game.words[answer])
            u = self.end[partner]
        losing = [w for w in self.losing_words_at[u] if not real_used >> w & 1]
        if losing:
            line.append(game.words[losing[0]])
        return tuple(line)

    def _delaying_move(self, u: int) -> int | None:
        """The losing side's move whose greedy continuation is longest (ties: list order)."""
        best: tuple[int, int] | None = None
        for c in self.playable_at[u]:
            if not self.remaining[c]:
                continue
            banned = self.play(c)
            length = self._greedy_length(self.end[c], 0)
            self.unplay(c, banned)
            if best is None or length > best[0]:
                best = (length, c)
        return None if best is None else best[1]

    def _greedy_length(self, u: int, depth: int) -> int:
        """Plies until the end following stored winning moves and the loser's first move."""
        move = self.winning_move(u)
        if move is None:
            move = next((c for c in self.playable_at[u] if self.remaining[c]), None)
        if move is None:
            return depth
        banned = self.play(move)
        try:
            return self._greedy_length(self.end[move], depth + 1)
        finally:
            self.unplay(move, banned)
