"""A strong exact solver for yokai shiritori (who wins from each start word).

The article (section 「工夫」) solves the default rules with plain depth-first search,
trying first the words that leave the opponent the fewest replies. Denser variants (for
example ``dakuten=free``) need more. This solver keeps that ordering and adds:

* **Interchangeable words counted, not enumerated.** Words with the same first and last
  unit that neither ban nor are banned by an alias form one *class*; a position only needs
  how many words of each class are left. Words of a class are always taken in list order,
  so the used-word bitset is canonical and doubles as the transposition key.
* **Transposition table** over ``(used words bitset, unit to answer)``, shared by all start
  words of a variant (the outcome of a position does not depend on how it was reached).
* **Immediate wins**: a word after which the opponent has no reply (other than words ending
  in ン, which lose at once) is played without search; so is a word leading to a position
  the table already knows to be lost for the opponent.
* **Mirror pairs removed** (a strategy-stealing argument): if two interchangeable words x and
  y are such that x can only ever be played when the unit to answer is the last unit of y,
  and y only after x (a self-loop word such as ウ…ウ paired with a second one, or ア…イ with
  イ…ア), then removing one x and one y does not change the winner: whoever wins the smaller
  game answers every x the opponent plays with a y (and vice versa), which restores the unit
  to answer. Under ``dakuten=free`` the answer may also leave a unit that accepts a subset
  of the words the opponent could answer before (タ instead of ダ): the opponent is then no
  better off, so ア…タ with タ…ア pair up although タ…ア can also answer ダ. The principal
  lines are completed with these mirror answers.
* Words ending in ン are never searched: saying one loses at once, exactly like having no
  move; a losing player with nothing else to say is shown saying one in the line.
* A killer move per unit (the last word that won there) is tried first.
* **Proof-number search.** When the depth-first search exceeds its node budget, depth-first
  proof-number search (df-pn, Nagai 2002) gets its own budget, on the same table. An unseen
  child counts as (proof 1, disproof = its number of replies), which is the article's
  ordering turned into numbers; df-pn then follows the narrowest open lines first. It uses
  the 1+ε trick (Pawlewicz and Lew 2007, ``epsilon_percent``): a child is searched until
  its number exceeds the second best sibling's by ε, not by one, which cuts thrashing.

A search that exceeds its budgets raises :class:`BudgetExceeded`; the caller reports the
start word as ``unknown``. :class:`StagedSolver` chains the stages as the pipeline runs them
(depth-first, df-pn, then the compiled df-pn of :mod:`asobi.shiritori.compiled`, imported
only when a word needs it). The reference the solver is tested against is the plain negamax
:func:`asobi.core.game.outcome` over the rules' ``legal_moves`` / ``play``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from asobi.core.game import Outcome
from asobi.shiritori.shiritori import (
    LOSING_UNIT,
    Position,
    Shiritori,
    accepted_units,
    bits,
    line_winner,
)

if TYPE_CHECKING:
    from asobi.shiritori.compiled import CompiledSearch

#: Table bits of the compiled stage unless the config says otherwise (2**22 entries of
#: 36 bytes, 150 MB per job).
DEFAULT_TABLE_BITS = 22

_LOSS = -1
_INF = 1 << 40


class BudgetExceeded(Exception):
    """The node budget of one search ran out before the start word was decided."""


@dataclass(frozen=True)
class StartResult:
    """The solved outcome of one start word (``winner`` is ``yokai``, ``human`` or ``unknown``;
    ``stage``: ``python`` or ``compiled``, the search that decided it)."""

    start: str
    winner: str
    line: tuple[str, ...]
    nodes: int
    stage: str = "python"


class Solver:
    """Solve start words of one game (lexicon + rules); the table persists across calls."""

    def __init__(
        self,
        game: Shiritori,
        *,
        reduce_mirror_pairs: bool = True,
        table_limit: int = 4_000_000,
        epsilon_percent: int = 25,
    ) -> None:
        self.game = game
        self.reduce_mirror_pairs = reduce_mirror_pairs
        self.table_limit = table_limit
        self.epsilon_percent = epsilon_percent
        self.table: dict[tuple[int, int], int] = {}
        self.proof_table: dict[tuple[int, int], tuple[int, int]] = {}
        self.nodes = 0
        self._budget_end = 0
        rules = game.rules
        words = game.words
        playable = [i for i in range(len(words)) if game.last[i] != LOSING_UNIT]
        units = sorted(set(game.first) | set(game.last))
        self.units = units
        unit_id = {u: k for k, u in enumerate(units)}
        banned_by_other = {j for i in range(len(words)) for j in bits(game.bans[i] & ~(1 << i))}
        groups: dict[tuple[str, str], list[int]] = {}
        singles: list[list[int]] = []
        for i in playable:
            if game.bans[i] == 1 << i and i not in banned_by_other:
                groups.setdefault((game.first[i], game.last[i]), []).append(i)
            else:
                singles.append([i])
        classes = sorted([*groups.values(), *singles])
        self.class_words = classes
        self.class_of_word = {w: c for c, members in enumerate(classes) for w in members}
        self.size = [len(m) for m in classes]
        self.free = [
            len(m) > 1 or (game.bans[m[0]] == 1 << m[0] and m[0] not in banned_by_other)
            for m in classes
        ]
        self.base = []
        bit = 0
        for members in classes:
            self.base.append(bit)
            bit += len(members)
        self.end = [unit_id[game.last[m[0]]] for m in classes]
        first = [game.first[m[0]] for m in classes]
        # playable_at[u]: classes that may answer unit u; answers[c]: units c may answer.
        self.playable_at: list[list[int]] = [[] for _ in units]
        self.answers: list[list[int]] = [[] for _ in classes]
        for u, unit in enumerate(units):
            accepted = accepted_units(unit, rules)
            for c in range(len(classes)):
                if first[c] in accepted:
                    self.playable_at[u].append(c)
                    self.answers[c].append(u)
        self.bans: list[list[int]] = []
        for members in classes:
            i = members[0]
            banned = [
                self.class_of_word[j]
                for j in bits(game.bans[i] & ~(1 << i))
                if j in self.class_of_word
            ]
            self.bans.append(sorted(set(banned)))
        self.losing_words_at: list[list[int]] = [
            [i for i in game.candidates(unit) if game.last[i] == LOSING_UNIT] for unit in units
        ]
        self.unit_id = unit_id
        self.self_answer = [int(self.end[c] in self.answers[c]) for c in range(len(classes))]
        self.killer = [-1] * len(units)
        self.mirror_pairs = self._mirror_pairs() if reduce_mirror_pairs else []
        self._paired = {c for pair in self.mirror_pairs for c in pair}
        self._unpaired: tuple[list[int], int, list[int]] | None = None
        self.partner = {}
        for x, y in self.mirror_pairs:
            self.partner[x] = y
            self.partner[y] = x

    # -- static analysis ---------------------------------------------------------------------

    def _mirror_pairs(self) -> list[tuple[int, int]]:
        """Pairs (x, y) of free classes that the winner of the smaller game can mirror.

        The winner answers the opponent's x with y (and y with x), so y must be playable
        where x ends and x where y ends. The answer need not give back the unit t the
        opponent answered: it is enough that every word allowed after the answer's last
        unit is allowed after t (under ``dakuten=free`` タ accepts fewer words than ダ), so
        the opponent is no better off than at t. Checked for every unit t where x (or y)
        can ever be played: the last units of the words (``x == y`` is a self-loop pair).
        """
        reachable = {self.end[c] for c in range(len(self.class_words))}
        rules = self.game.rules
        accepted = [accepted_units(unit, rules) for unit in self.units]
        legal = [
            frozenset(u for u in self.answers[c] if u in reachable)
            for c in range(len(self.class_words))
        ]

        def mirrors(x: int, y: int) -> bool:
            """After the opponent plays x anywhere, answering y leaves it no better off."""
            return self.end[x] in self.answers[y] and all(
                accepted[self.end[y]] <= accepted[t] for t in legal[x]
            )

        pairs = []
        paired: set[int] = set()
        for x in range(len(self.class_words)):
            if not self.free[x] or x in paired:
                continue
            for y in range(x, len(self.class_words)):
                if y in paired or not self.free[y]:
                    continue
                if mirrors(x, y) and mirrors(y, x):
                    pairs.append((x, y))
                    paired.update((x, y))
                    break
        return pairs

    # -- state ---------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.remaining = list(self.size)
        self.used = 0
        self.avail = [
            sum(self.size[c] for c in self.playable_at[u]) for u in range(len(self.units))
        ]

    def _take(self, c: int) -> None:
        """Use one word of class ``c`` (no bans)."""
        left = self.remaining[c]
        self.used |= 1 << (self.base[c] + self.size[c] - left)
        self.remaining[c] = left - 1
        for u in self.answers[c]:
            self.avail[u] -= 1

    def _untake(self, c: int) -> None:
        left = self.remaining[c] + 1
        self.remaining[c] = left
        self.used ^= 1 << (self.base[c] + self.size[c] - left)
        for u in self.answers[c]:
            self.avail[u] += 1

    def _peek(self, c: int) -> tuple[int, int]:
        """(used bitset, replies of the opponent) after playing class ``c``, state unchanged."""
        if self.bans[c]:
            banned = self._play(c)
            result = (self.used, self.avail[self.end[c]])
            self._unplay(c, banned)
            return result
        bit = 1 << (self.base[c] + self.size[c] - self.remaining[c])
        return self.used | bit, self.avail[self.end[c]] - self.self_answer[c]

    def _play(self, c: int) -> list[int]:
        """Play class ``c`` and ban its aliases; return the banned classes (for undo)."""
        self._take(c)
        banned = [b for b in self.bans[c] if self.remaining[b]]
        for b in banned:
            self._take(b)
        return banned

    def _unplay(self, c: int, banned: list[int]) -> None:
        for b in reversed(banned):
            self._untake(b)
        self._untake(c)

    def _apply_start(self, start: str) -> None:
        self._load(self.game.bans[self.game.word_index(start)])

    def _load(self, real_used: int) -> None:
        """Set the state to the words of ``real_used`` gone, then remove mirror pairs.

        When no gone word is in a mirror pair's class, removing the pairs first gives the
        same counts, so the state after removing them from the full list is kept and reused.
        """
        taken = [self.class_of_word[j] for j in bits(real_used) if j in self.class_of_word]
        if self._paired.isdisjoint(taken):
            if self._unpaired is None:
                self._load_pairs_removed([])
                self._unpaired = (list(self.remaining), self.used, list(self.avail))
            remaining, used, avail = self._unpaired
            self.remaining, self.used, self.avail = list(remaining), used, list(avail)
            for c in taken:
                self._take(c)
            return
        self._load_pairs_removed(taken)

    def _load_pairs_removed(self, taken: list[int]) -> None:
        self._reset()
        for c in taken:
            self._take(c)
        for x, y in self.mirror_pairs:
            if x == y:
                while self.remaining[x] >= 2:
                    self._take(x)
                    self._take(x)
            else:
                while self.remaining[x] and self.remaining[y]:
                    self._take(x)
                    self._take(y)

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
                        u, lambda: self._load(real_used), node_budget, proof_budget
                    )
                    unlimited = node_budget is None
                    spare = 1 << 62 if unlimited else max(node_budget, proof_budget or 0)
                    self._budget_end = self.nodes + spare
                    self._load(real_used)
                    move = self._winning_move(u) if wins else self._delaying_move(u)
                    status = "win" if wins else ("loss" if move is not None else "stuck")
                except BudgetExceeded:
                    self._load(real_used)
                    move = next((c for c in self.playable_at[u] if self.remaining[c]), None)
                    status = "unknown" if move is not None else "stuck"
        finally:
            sys.setrecursionlimit(limit)
        if move is None:
            real = self._real_unused(u, real_used) if u is not None else None
            if real is not None:  # only mirror-pair words are left: play one
                return game.words[real], "loss"
            losing = [w for w in game.candidates(position.letter) if not real_used >> w & 1]
            return (game.words[losing[0]] if losing else None), "stuck"
        return game.words[self._real_word(move, real_used)], status

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
        if self.nodes > self._budget_end:
            raise BudgetExceeded
        table = self.table
        key = (self.used, u)
        known = table.get(key)
        if known is not None:
            return known != _LOSS
        remaining = self.remaining
        end = self.end
        ordered = []
        for c in self.playable_at[u]:
            if not remaining[c]:
                continue
            child_used, replies = self._peek(c)
            reply_known = table.get((child_used, end[c])) if replies else _LOSS
            if reply_known == _LOSS:
                self._store(key, c)
                return True
            ordered.append((replies, c))
        ordered.sort()
        killer = self.killer[u]
        if killer >= 0 and remaining[killer] and ordered[0][1] != killer:
            ordered.insert(0, (-1, killer))
        for _, c in ordered:
            banned = self._play(c)
            opponent_wins = self._search(end[c])
            self._unplay(c, banned)
            if not opponent_wins:
                self._store(key, c)
                self.killer[u] = c
                return True
        self._store(key, _LOSS)
        return False

    def _proof_search(self, u: int, threshold_pn: int, threshold_dn: int) -> tuple[int, int]:
        """Depth-first proof-number search (df-pn) for "the player to answer ``u`` wins".

        Returns the node's (proof, disproof) numbers once one reaches its threshold. Solved
        nodes go to the shared table (as wins with their winning class, or losses);
        unsolved ones keep their numbers in ``proof_table``. A child not yet seen counts
        as (1, its number of replies), which mirrors the fewest-replies-first ordering.
        """
        self.nodes += 1
        if self.nodes > self._budget_end:
            raise BudgetExceeded
        table = self.table
        key = (self.used, u)
        known = table.get(key)
        if known is not None:
            return (0, _INF) if known != _LOSS else (_INF, 0)
        numbers = self.proof_table.get(key)
        if numbers is not None and (numbers[0] >= threshold_pn or numbers[1] >= threshold_dn):
            return numbers
        children = []
        end = self.end
        for c in self.playable_at[u]:
            if not self.remaining[c]:
                continue
            child_used, replies = self._peek(c)
            child = (child_used, end[c])
            if not replies or table.get(child) == _LOSS:
                self._store(key, c)
                return 0, _INF
            children.append((c, child, replies))
        if not children:
            self._store(key, _LOSS)
            return _INF, 0
        proof_table = self.proof_table
        while True:
            best = -1
            best_pn = 0
            min_dn = second_dn = _INF
            sum_pn = 0
            for index, (_, child, replies) in enumerate(children):
                state = table.get(child)
                if state is not None:
                    child_pn, child_dn = (0, _INF) if state != _LOSS else (_INF, 0)
                else:
                    child_pn, child_dn = proof_table.get(child, (1, replies))
                if child_dn < min_dn:
                    second_dn = min_dn
                    min_dn = child_dn
                    best = index
                    best_pn = child_pn
                elif child_dn < second_dn:
                    second_dn = child_dn
                sum_pn = min(_INF, sum_pn + child_pn)
            if min_dn == 0:
                proof_table.pop(key, None)
                self._store(key, children[best][0])
                return 0, _INF
            if sum_pn == 0:
                proof_table.pop(key, None)
                self._store(key, _LOSS)
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
            banned = self._play(c)
            self._proof_search(end[c], child_threshold_pn, child_threshold_dn)
            self._unplay(c, banned)

    def _store(self, key: tuple[int, int], value: int) -> None:
        if len(self.table) >= self.table_limit:
            self.table.clear()
        self.table[key] = value

    def _winning_move(self, u: int) -> int | None:
        """The stored winning class at the current state (searching again if needed)."""
        if self._search(u):
            value = self.table.get((self.used, u))
            if value is None or value == _LOSS:  # table was cleared meanwhile
                self.table.pop((self.used, u), None)
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
            self._budget_end = self.nodes + (node_budget or 1 << 62)
            reset()
            return self._search(unit)
        except BudgetExceeded:
            if not proof_budget:
                raise
            self._budget_end = self.nodes + proof_budget
            reset()
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
                u, lambda: self._apply_start(start), node_budget, proof_budget
            )
            nodes = self.nodes - before
            self._budget_end = self.nodes + max(node_budget or 0, proof_budget or 0, 100_000)
            self._apply_start(start)
            line = self._line(start)
        except BudgetExceeded:
            return StartResult(start, "unknown", (start,), self.nodes - before)
        finally:
            sys.setrecursionlimit(limit)
        return StartResult(start, "human" if human_wins else "yokai", line, nodes)

    def _line(
        self, start: str, choose: Callable[[int], int | None] | None = None
    ) -> tuple[str, ...]:
        """A principal line from the start word (state: right after ``_apply_start``).

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
                    move = self._winning_move(u)
                    if move is None:
                        move = self._delaying_move(u)
            except BudgetExceeded:  # only if the table was cleared: the line stops early
                return tuple(line)
            if move is None:
                break
            self._play(move)
            word = self._real_word(move, real_used)
            real_used |= game.bans[word]
            line.append(game.words[word])
            u = self.end[move]
        # The loser is stuck in the reduced game; mirror pairs removed at the start may still
        # give it moves: each is answered by its partner, which gives the unit back (or one
        # that accepts no more words), so the loser stays stuck in the reduced game.
        while True:
            extra = self._real_unused(u, real_used)
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

    def _real_word(self, c: int, real_used: int) -> int:
        return next(w for w in self.class_words[c] if not real_used >> w & 1)

    def _real_unused(self, u: int, real_used: int) -> int | None:
        for c in self.playable_at[u]:
            for w in self.class_words[c]:
                if not real_used >> w & 1:
                    return w
        return None

    def _delaying_move(self, u: int) -> int | None:
        """The losing side's move whose greedy continuation is longest (ties: list order)."""
        best: tuple[int, int] | None = None
        for c in self.playable_at[u]:
            if not self.remaining[c]:
                continue
            banned = self._play(c)
            length = self._greedy_length(self.end[c], 0)
            self._unplay(c, banned)
            if best is None or length > best[0]:
                best = (length, c)
        return None if best is None else best[1]

    def _greedy_length(self, u: int, depth: int) -> int:
        """Plies until the end following stored winning moves and the loser's first move."""
        move = self._winning_move(u)
        if move is None:
            move = next((c for c in self.playable_at[u] if self.remaining[c]), None)
        if move is None:
            return depth
        banned = self._play(move)
        try:
            return self._greedy_length(self.end[move], depth + 1)
        finally:
            self._unplay(move, banned)


class StagedSolver:
    """Decide start words as the pipeline does: depth-first search (``node_budget``), then
    Python df-pn (``proof_budget``, 0 = skip), then the compiled df-pn (``compiled_budget``,
    0 = skip) only for words both leave open; ``unknown`` beyond all three, never a guess.

    One :class:`Solver` and one compiled table serve every start word given to :meth:`solve`.
    """

    def __init__(
        self,
        game: Shiritori,
        *,
        node_budget: int | None,
        proof_budget: int = 0,
        compiled_budget: int = 0,
        compiled_table_bits: int = DEFAULT_TABLE_BITS,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.solver = Solver(game)
        self.node_budget = node_budget
        self.proof_budget = proof_budget
        self.compiled_budget = compiled_budget
        self.compiled_table_bits = compiled_table_bits
        self.report = report
        self.compiled: CompiledSearch | None = None  # built for the first open word

    def solve(self, start: str) -> StartResult:
        """Winner, principal line and nodes (all stages) for the yokai's start word."""
        solver = self.solver
        result = solver.solve(
            start, node_budget=self.node_budget, proof_budget=self.proof_budget or None
        )
        if result.winner != "unknown" or not self.compiled_budget:
            return result
        if self.compiled is None:
            from asobi.shiritori.compiled import CompiledSearch

            self.compiled = CompiledSearch(solver, table_bits=self.compiled_table_bits)
        budget = self.compiled_budget
        decided = solve_open_start(solver, self.compiled, start, budget, self._progress(start))
        if decided is None:
            return StartResult(start, "unknown", (start,), result.nodes + budget)
        nodes = result.nodes + decided.nodes
        return StartResult(start, decided.winner, decided.line, nodes, "compiled")

    def _progress(self, start: str) -> Callable[[int], None] | None:
        """The compiled search's progress callback for ``start`` (None without ``report``)."""
        say = self.report
        if say is None:
            return None
        total = self.compiled_budget
        return lambda spent: say(f"{start}: {spent:,} of {total:,} compiled nodes, not decided yet")


def solve_open_start(
    solver: Solver,
    search: CompiledSearch,
    start: str,
    budget: int,
    report: Callable[[int], None] | None = None,
) -> StartResult | None:
    """Decide ``start`` with the compiled search (None when ``budget`` nodes are not enough).

    The line: the winner plays a class the compiled search proves winning, the loser the
    first class left in list order; mirror pairs removed at the start are completed by the
    Python solver exactly as for its own lines.
    """
    game = solver.game
    i = game.word_index(start)
    if game.last[i] == LOSING_UNIT:
        return StartResult(start, "human", (start,), 0)
    u = solver.unit_id[game.last[i]]
    before = search.nodes
    solver._apply_start(start)
    human_wins = search.mover_wins(u, budget, report)
    if human_wins is None:
        return None
    nodes = search.nodes - before

    def choose(unit: int) -> int | None:
        move = search.winning_class(unit, budget)
        if move is None:
            move = next((c for c in solver.playable_at[unit] if solver.remaining[c]), None)
        return move

    solver._apply_start(start)
    line = solver._line(start, choose)
    winner = "human" if human_wins else "yokai"
    if line_winner(game, line) != winner:  # a line cut short by the budget: stay unknown
        return None
    return StartResult(start, winner, line, nodes, "compiled")
