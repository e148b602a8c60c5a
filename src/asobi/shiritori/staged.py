"""The search as the pipeline runs it: the Python stages of :mod:`asobi.shiritori.solver`
(depth-first search, then df-pn, as the numba kernels of :mod:`asobi.shiritori.exactpn`),
then the compiled df-pn of :mod:`asobi.shiritori.compiled` for the start words both leave
open (imported only when a word needs it). :func:`compile_kernels` compiles the kernels a
run uses before its solve jobs start.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from asobi.shiritori.search import DEFAULT_TABLE_BITS, StartResult
from asobi.shiritori.shiritori import LOSING_UNIT, Lexicon, Rules, Shiritori, line_winner
from asobi.shiritori.solver import Solver

if TYPE_CHECKING:
    from asobi.shiritori.compiled import CompiledSearch


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
        compiled_table_ways: int = 1,
        proof_store: bool = False,
        store_sets_bits: int | None = None,
        store_capacity: int | None = None,
        store_archive: int | None = None,
        archive_depth: int | None = None,
        report: Callable[[str], None] | None = None,
    ) -> None:
        self.solver = Solver(game)
        self.proof_store = proof_store
        #: the proof store's sizes when not the compiled search's defaults (deep runs)
        self.store_sizes = {
            key: value
            for key, value in (
                ("sets_bits", store_sets_bits),
                ("store_capacity", store_capacity),
                ("store_archive", store_archive),
                ("archive_depth", archive_depth),
            )
            if value is not None
        }
        self.node_budget = node_budget
        self.proof_budget = proof_budget
        self.compiled_budget = compiled_budget
        self.compiled_table_bits = compiled_table_bits
        self.compiled_table_ways = compiled_table_ways
        self.report = report
        self.compiled: CompiledSearch | None = None  # built for the first open word

    def solve(self, start: str) -> StartResult:
        """Winner, principal line and nodes (all stages) for the yokai's start word.

        For a word the compiled stage leaves ``unknown`` the line is its open line
        (:meth:`CompiledSearch.open_line`): where the search stands, not a result.
        """
        solver = self.solver
        result = solver.solve(
            start, node_budget=self.node_budget, proof_budget=self.proof_budget or None
        )
        if result.winner != "unknown" or not self.compiled_budget:
            return result
        compiled = self.compiled_search()
        budget = self.compiled_budget
        decided = solve_open_start(solver, compiled, start, budget, self.progress(start))
        if decided is None:
            line = (start, *compiled.open_line(start))
            return StartResult(start, "unknown", line, result.nodes + budget)
        nodes = result.nodes + decided.nodes
        return StartResult(start, decided.winner, decided.line, nodes, "compiled")

    def compiled_search(self) -> CompiledSearch:
        """The compiled stage's search (built on first use; its table and proof store serve
        every later start word)."""
        if self.compiled is None:
            from asobi.shiritori.compiled import CompiledSearch

            self.compiled = CompiledSearch(
                self.solver,
                table_bits=self.compiled_table_bits,
                table_ways=self.compiled_table_ways,
                proof_store=self.proof_store,
                **self.store_sizes,
            )
        return self.compiled

    def progress(self, position: str, budget: int | None = None) -> Callable[[int], None] | None:
        """The compiled search's progress callback for ``position`` (a start word or a line)
        searched with ``budget`` nodes, the compiled budget unless given (None without
        ``report``)."""
        say = self.report
        if say is None:
            return None
        total = self.compiled_budget if budget is None else budget

        def progress(spent: int) -> None:
            search = self.compiled
            proof, disproof = search.root_numbers
            answers, refuted, still_open = search.root_answers
            named = [self.solver.game.words[self.solver.class_words[c][0]] for c in still_open]
            say(
                f"{position}: {spent:,} of {total:,} compiled nodes, not decided yet "
                f"(at the root: proof number {proof:,}, disproof number {disproof:,}; "
                f"{refuted} of {answers} answers refuted, open: "
                f"{', '.join(named[:5])}{', …' if len(named) > 5 else ''})"
            )

        return progress


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
    solver.load_start(start)
    human_wins = search.mover_wins(u, budget, report)
    if human_wins is None:
        return None
    nodes = search.nodes - before

    def choose(unit: int) -> int | None:
        move = search.winning_class(unit, budget)
        if move is None:
            move = next((c for c in solver.playable_at[unit] if solver.remaining[c]), None)
        return move

    solver.load_start(start)
    line = solver.line_from(start, choose)
    winner = "human" if human_wins else "yokai"
    if line_winner(game, line) != winner:  # a line cut short by the budget: stay unknown
        return None
    return StartResult(start, winner, line, nodes, "compiled")


#: Seven words on three kana, two of them aliases: a game small enough to solve at once that
#: still takes every path of the search kernels (bans, killers, df-pn, the compiled stage).
_WARM_UP_WORDS = ("アカア", "アキイ", "イカア", "アクウ", "ウカイ", "イキウ", "アケア")


def compile_kernels(out: str, *, python_stages: bool, compiled_stage: bool) -> str:
    """Compile the search kernels the run uses into numba's cache (beside the sources) by
    solving a tiny game with them, and write what was compiled to ``out``.

    Solve jobs that start side by side would each compile them (about 5–7 CPU s for the
    Python stages' kernels, 2.5–3 for the compiled stage's); the workflow runs this once
    before them.
    """
    started = time.process_time()
    lexicon = Lexicon.from_pairs((w, ("アクウ",) if w == "アカア" else ()) for w in _WARM_UP_WORDS)
    game = Shiritori(lexicon, Rules(aliases="ban"))
    compiled = []
    if python_stages:
        solver = Solver(game)
        for start in _WARM_UP_WORDS:
            solver.solve(start, node_budget=1, proof_budget=100)
        compiled.append("the Python stages' kernels (asobi.shiritori.exactpn)")
    if compiled_stage:
        staged = StagedSolver(game, node_budget=1, compiled_budget=1000, compiled_table_bits=10)
        for start in _WARM_UP_WORDS:
            staged.solve(start)
        compiled.append("the compiled stage's (asobi.shiritori.dfpn)")
    said = (", ".join(compiled) or "nothing") + f": {time.process_time() - started:.1f} CPU s"
    logging.getLogger("asobi.shiritori").info("compiled %s", said)
    Path(out).write_text(said + "\n", encoding="utf-8")
    return said
