"""Readings in a published results folder: `asobi claims recheck` runs each reading's own
query and holds every claim to the headline rule (a claim's verdict is its readings')."""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest

from asobi.core.claims import Claim, Reading, ResultTables, run_builders, write_claims
from asobi.core.recheck import Recheck
from asobi.core.recheck_run import recheck_results
from asobi.core.sources import Citation
from asobi.core.summary import merge_claims
from asobi.core.tables import write_table

TABLE = "g/tally.parquet"


def balance_builder(tables: ResultTables) -> Claim:
    """A vague claim judged two ways: White's rate below 0.6 (holds), and within
    0.45..0.55 (fails), each reading with its own query."""
    games = tables.read(TABLE)
    rate = float(games["white_wins"].sum() / games["games"].sum())
    sql = f"SELECT sum(white_wins) / sum(games) AS rate FROM '{TABLE}'"
    readings = [
        Reading("below", "White's rate below 0.6 (ours)", f"{rate:.3f}", "confirmed"),
        Reading(
            "balanced",
            "White's rate within 0.45..0.55, two-sided (ours)",
            f"{rate:.3f}",
            "refuted",
            Recheck(sql, {"rate": rate}),
        ),
    ]
    return Claim.cited(
        "g.balance",
        "g",
        Citation("article, section", "a passage", "the article's rules"),
        statement="White's edge is mitigated",
        formal="White's rate over the ladder",
        evidence=f"White {rate:.3f}",
        tables=(TABLE,),
        readings=readings,
    )


@pytest.fixture
def results(tmp_path: Path) -> Path:
    folder = tmp_path / "results"
    write_table(
        pd.DataFrame({"white_wins": [30, 40], "games": [50, 50]}), folder / TABLE, table="g/tally"
    )
    claims = run_builders([balance_builder], ResultTables(folder))
    write_claims(claims, folder / "g/claims.parquet", game="g")
    merge_claims([folder / "g/claims.parquet"], folder / "claims.parquet")
    return folder


def test_a_published_claim_with_readings_rechecks_ok(results):
    report = recheck_results(results, proofs=False)
    assert [(check.claim_id, check.status) for check in report.checks] == [("g.balance", "ok")]
    readings = pd.read_parquet(results / "claim_readings.parquet")
    assert list(readings["verdict"]) == ["confirmed", "refuted"]
    assert pd.read_parquet(results / "claims.parquet")["verdict"].tolist() == ["depends"]


def test_a_reading_figure_edited_in_a_copy_is_a_mismatch_naming_the_reading(results):
    path = results / "claim_readings.parquet"
    readings = pd.read_parquet(path)
    readings.loc[readings["reading_id"] == "balanced", "recheck_expected"] = '{"rate": 0.5}'
    write_table(readings, path, table="claim_readings")
    (check,) = recheck_results(results, proofs=False).checks
    assert check.status == "mismatch"
    assert "reading balanced: figure 'rate': the query gives 0.7" in check.line()


def test_a_verdict_edited_away_from_its_readings_is_a_mismatch(results):
    path = results / "claims.parquet"
    claims = pd.read_parquet(path).assign(verdict="confirmed")
    write_table(claims, path, table="claims")
    (check,) = recheck_results(results, proofs=False).checks
    assert check.status == "mismatch"
    assert "verdict confirmed, its readings give depends" in check.line()
