"""数字を増やす遊び (chopsticks): rules, retrograde solver, article audit.

Rooms: ``chopsticks.py`` (the rules: :class:`~asobi.chopsticks.chopsticks.Chopsticks`),
``rule_sets.py`` (which rule sets a run solves), ``solver.py`` with ``kernels.py`` (retrograde
analysis), ``tables.py`` (rows, schemas and the strategy table), ``lines.py`` (the article's
lines of play, replayed), ``pipeline.py`` (the workflow steps), ``cli.py``
(``asobi chopsticks``). The audit: ``claims.py`` (the start-outcome claims and
``BUILDERS``), ``citations.py`` (claim ids, sources, passages: ``CITATIONS``),
``line_claims.py`` (the printed lines, side remarks, case analyses and the endless-game
argument), ``public_claims.py`` (Wikipedia), ``verdicts.py`` (the tables read, the
decisions) and ``rechecks.py`` (the recheck queries).
"""

from __future__ import annotations

from collections.abc import Callable

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.core.game import ConformanceCase, Outcome


def _retrograde_outcome(rules: Rules) -> Callable[[Position], Outcome]:
    """The retrograde solver's outcome of a position (the rule set is solved on first use)."""
    solved = []

    def outcome(position: Position) -> Outcome:
        if not solved:
            from asobi.chopsticks.solver import solve

            solved.append(solve(rules))
        solution = solved[0]
        return solution.outcome(solution.index(position))

    return outcome


def conformance_cases() -> list[ConformanceCase]:
    """Small rule sets for the protocol test; chopsticks can cycle, so ``acyclic=False``."""
    chosen = [
        Rules(split=True, fusion=True, reaction=True),  # the article's 「クソルール」
        Rules(dies_at=4, split=True, revive=True, fusion=True, swap=True, reaction=True),
        Rules(dies_at=3, overflow="rollover", split=True, revive=True),
        Rules(dies_at=6, split=True, revive=True, fusion=True, from_one=True),
        Rules(hands_first=1, hands_second=3, dies_at=4),
    ]
    return [
        ConformanceCase(
            label=rules.variant_id,
            game=Chopsticks(rules),
            start=Chopsticks(rules).start,
            solve=_retrograde_outcome(rules),
            acyclic=False,
            max_plies=60,
        )
        for rules in chosen
    ]
