"""Which claim verdicts the tests push each claim to (issue: tests both ways).

A per-claim test is decorated with ``@checks_claim("game.claim_id", "refuted")`` for every
verdict it makes the claim take (feeding small or perturbed tables to the claim's builder);
``tests/test_claim_coverage.py`` fails when a declared claim id lacks a test for
``confirmed`` and for ``refuted``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable
from typing import TypeVar

F = TypeVar("F", bound=Callable[..., object])

#: claim id -> the verdicts some test pushes it to.
CHECKED: defaultdict[str, set[str]] = defaultdict(set)


def checks_claim(claim_id: str, *verdicts: str) -> Callable[[F], F]:
    """Record that the decorated test makes ``claim_id`` take each of ``verdicts``."""

    def mark(test: F) -> F:
        CHECKED[claim_id].update(verdicts)
        return test

    return mark
