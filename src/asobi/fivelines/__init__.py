"""五線 (five lines): erase a run of sticks from one row; a Nim-like game.

The rooms: :mod:`~asobi.fivelines.fivelines` (the rules), :mod:`~asobi.fivelines.solver`
(exhaustive solving and the XOR formula), :mod:`~asobi.fivelines.proofs` (the z3 lemmas),
:mod:`~asobi.fivelines.tables` (rows and schemas), :mod:`~asobi.fivelines.citations` (the
claims' ids, citations and tables), :mod:`~asobi.fivelines.claims`,
:mod:`~asobi.fivelines.misere_claims` (the misère claim), :mod:`~asobi.fivelines.pipeline`
(the workflow steps) and :mod:`~asobi.fivelines.cli`.
"""

from __future__ import annotations

from asobi.core.game import ConformanceCase

SMALL_STARTS = ((1, 2, 3), (1, 1, 2), (4,), (2, 2, 3), (1, 2, 3, 4, 5))
"""Start positions of the conformance cases (the last is the usual pyramid)."""


def conformance_cases() -> list[ConformanceCase]:
    """Small positions under normal and misère play; ``solve`` is the exhaustive solver
    (:func:`~asobi.fivelines.solver.solve_positions`, up to the largest start's sticks)."""
    from asobi.fivelines.fivelines import FiveLines, Position, Rules
    from asobi.fivelines.solver import solve_positions

    solved = solve_positions(max(sum(rows) for rows in SMALL_STARTS))
    cases = []
    for misere in (False, True):
        rules = Rules(misere=misere)
        for rows in SMALL_STARTS:
            start = Position(rows)
            cases.append(
                ConformanceCase(
                    label=f"{rules.label}_{start.key()}",
                    game=FiveLines(rules),
                    start=start,
                    solve=lambda position, misere=misere: solved.outcome(position, misere=misere),
                )
            )
    return cases
