"""The Snakemake workflow: a dry run of the default plan, config errors, a real tiny run
(the session's shared run of five lines, conftest.TINY_RUN)."""

from __future__ import annotations

import re
from pathlib import Path

import pandas as pd

from asobi.core.tables import read_metadata

RULES = Path(__file__).resolve().parents[1] / "workflow" / "rules"


def _directive(block: str, name: str) -> str | None:
    found = re.search(rf'\n    {name}:\n        "([^"]+)"', block)
    return found[1] if found else None


def test_every_rule_times_itself_under_logs_benchmarks_beside_its_log():
    # logs/<path>.log and logs/benchmarks/<path>.tsv, the snakemake-workflows layout: the
    # timings stay out of the source folder benchmarks/ (scripts only).
    rules = 0
    for rules_file in sorted(RULES.glob("*.smk")):
        for block in re.split(r"\n(?=rule )", rules_file.read_text(encoding="utf-8")):
            if not block.startswith("rule "):
                continue
            rules += 1
            log, benchmark = _directive(block, "log"), _directive(block, "benchmark")
            assert log and log.startswith("logs/") and log.endswith(".log"), block[:60]
            assert benchmark == f"logs/benchmarks/{log[5:-4]}.tsv", block[:60]
    assert rules > 30


def test_dry_run_plans_every_enabled_game(snakemake_run):
    result, _ = snakemake_run({}, dry_run=True)
    assert result.returncode == 0, result.stderr
    for rule in ("fivelines_positions", "fivelines_proof", "claims", "summary"):
        assert rule in result.stdout


def test_unknown_config_key_stops_before_running(snakemake_run):
    result, workdir = snakemake_run({"fivelines": {"totl_max": 3}}, dry_run=True)
    assert result.returncode != 0
    assert "unknown config key 'fivelines.totl_max'" in result.stderr
    assert not (workdir / "results").exists()


def test_a_chopsticks_rule_set_too_big_to_solve_stops_before_running(snakemake_run):
    # Valid for the schema, but 5 hands a side with dies_at 16 is 6.6e9 positions.
    big = {"chopsticks": {"simple_hands_max": 5, "simple_dies_max": 16}}
    result, workdir = snakemake_run(big, dry_run=True)
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert lines[-1].startswith("asobi: chopsticks: rule set h")
    assert "more than 20000000" in lines[-1] and "Traceback" not in result.stderr
    assert not (workdir / "results").exists()


def test_wrong_type_names_the_key(snakemake_run):
    result, _ = snakemake_run({"fivelines": {"grundy_max": "many"}}, dry_run=True)
    assert result.returncode != 0
    assert "config key 'fivelines.grundy_max'" in result.stderr


def test_tiny_fivelines_run_writes_tables_and_claims(tiny_run):
    workdir = tiny_run
    results = workdir / "results" / "fivelines"
    positions = pd.read_parquet(results / "positions.parquet")
    assert positions["total"].max() == 10
    assert read_metadata(results / "positions.parquet")["config"] == {"total_max": 10}
    proofs = pd.read_parquet(results / "proofs.parquet")
    assert set(proofs["status"]) == {"proved"}
    assert len(proofs) == 4 + 4 * 2 + 4
    claims = pd.read_parquet(results / "claims.parquet")
    assert claims.set_index("claim_id").loc["fivelines.xor_theorem", "verdict"] == "confirmed"
    assert (workdir / "logs" / "fivelines" / "positions.log").exists()
    assert (workdir / "logs" / "benchmarks" / "fivelines" / "positions.tsv").exists()
