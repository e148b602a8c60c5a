"""Every claim the games declare has tests that make it come out both ways.

Each game's ``asobi.<game>.claims`` declares its claim ids (``CLAIM_IDS``, the ids a run
writes: the claims step fails when they differ) and per-claim tests register the verdicts
they produce through ``claim_checks.checks_claim``. A claim without a test for `confirmed`
and one for `refuted` fails here. When a default run's ``results/claims.parquet`` is present,
its ids must be declared ones.
"""

from __future__ import annotations

import importlib
from pathlib import Path

import pandas as pd
import pytest
from claim_checks import CHECKED

from asobi.core.games import GAMES

TESTS = Path(__file__).resolve().parent
RESULTS_CLAIMS = TESTS.parent / "results" / "claims.parquet"
BOTH_WAYS = {"confirmed", "refuted"}


def _declared() -> dict[str, str]:
    ids = {}
    for game in GAMES:
        for claim_id in getattr(importlib.import_module(f"asobi.{game}.claims"), "CLAIM_IDS", ()):
            ids[claim_id] = game
    return ids


def _load_claim_tests() -> None:
    """Import every test module that registers claim checks (``@checks_claim``)."""
    for path in sorted(TESTS.glob("test_*.py")):
        if path.stem != Path(__file__).stem and "@checks_claim(" in path.read_text("utf-8"):
            importlib.import_module(path.stem)


DECLARED = _declared()
_load_claim_tests()


@pytest.mark.parametrize("claim_id", sorted(DECLARED))
def test_every_claim_is_tested_both_ways(claim_id: str):
    missing = BOTH_WAYS - CHECKED.get(claim_id, set())
    assert not missing, f"{claim_id}: no test makes it come out {sorted(missing)}"


def test_every_game_declares_its_claims():
    undeclared = [
        game
        for game in GAMES
        if not getattr(importlib.import_module(f"asobi.{game}.claims"), "CLAIM_IDS", ())
    ]
    assert undeclared == []


def test_every_tested_claim_is_declared():
    assert set(CHECKED) <= set(DECLARED), sorted(set(CHECKED) - set(DECLARED))


@pytest.mark.skipif(not RESULTS_CLAIMS.exists(), reason="no default run in results/")
def test_the_claims_of_the_default_run_are_the_declared_ones():
    ran = set(pd.read_parquet(RESULTS_CLAIMS, columns=["claim_id"])["claim_id"])
    assert ran <= set(DECLARED), sorted(ran - set(DECLARED))
