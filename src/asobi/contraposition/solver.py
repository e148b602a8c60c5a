"""Exact solving of small Contraposition boards (side 1 to 3): every opening, the winner,
and the smallest deciding size the winner can force.

White's first stone is tried in each of its symmetry classes (:func:`solve`); each is
searched by the numba search of :mod:`asobi.contraposition.search` on the bit-board of
:mod:`asobi.contraposition.bitboard`. Searching the goal "the winner wins, decided at a
group size ``<= k``" for growing ``k`` gives the smallest deciding size the winner can force
(our "score margin", see :func:`solve`). The limits of a solve are a :class:`SearchBudget`;
when a node budget runs out, the result is reported as not solved, never guessed.

>>> from asobi.contraposition.contraposition import Rules
>>> result = solve(Rules(side=2))
>>> result.solved, result.winner.label
(True, 'black')
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from typing import Any

from asobi.contraposition.bitboard import to_masks
from asobi.contraposition.board import cell_classes, centre
from asobi.contraposition.contraposition import Colour, Position, Protocol, Rules
from asobi.contraposition.search import NO_LIMIT, Searcher
from asobi.core.config import validate_config
from asobi.core.errors import InputError
from asobi.core.game import Outcome

log = logging.getLogger("asobi.contraposition")


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


def _searcher(rules: Rules, budget: SearchBudget) -> Searcher:
    return Searcher(
        rules,
        budget.tt_bits,
        tt_min_empty=budget.tt_min_empty,
        move_ordering=budget.move_ordering,
    )


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
    searcher = _searcher(rules, budget)
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
    searcher: Searcher,
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
    searcher = _searcher(rules, budget)
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
