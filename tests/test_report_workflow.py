"""The publishing rules in a real (tiny) Snakemake run, and the Slurm profile in a dry run."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import Any

from conftest import REPO, SNAKEMAKE, every_game_off
from synthetic_results import write_synthetic_results

from asobi.cli import main
from asobi.report.datapackage import load_package


def only_report_config(**report: Any) -> dict[str, Any]:
    """A config with every game switched off (whatever games the schema knows) and the
    report on, so that the run publishes only the tables already under results/."""
    return every_game_off(report=report)


def test_workflow_publishes_whatever_tables_exist(snakemake_run, tmp_path: Path) -> None:
    write_synthetic_results(tmp_path / "results", ("chopsticks", "shiritori"))
    result, workdir = snakemake_run(only_report_config(screenshot=False))
    assert result.returncode == 0, result.stderr[-3000:]
    results = workdir / "results"
    for name in ("datapackage.json", "DATASET.md", "report/index.html"):
        assert (results / name).is_file(), name
    assert not (results / "report/screenshot.png").exists()
    paths = {r["path"] for r in load_package(results / "datapackage.json")["resources"]}
    assert {"chopsticks/variants.parquet", "shiritori/outcomes.parquet", "claims.parquet"} <= paths
    assert (results / "report/figures/chopsticks_variants.png").is_file()
    assert (workdir / "logs/report/datapackage.log").is_file()
    assert main(["validate", str(results)]) == 0


def test_slurm_profile_dry_run_plans_the_whole_pipeline(tmp_path: Path) -> None:
    command = [
        str(SNAKEMAKE),
        "--snakefile",
        str(REPO / "Snakefile"),
        "--directory",
        str(tmp_path),
        "--configfile",
        str(REPO / "config/config.yaml"),
        "--profile",
        str(REPO / "profiles/slurm"),
        "--dry-run",
    ]
    env = {**os.environ, "PYTHONHASHSEED": "0"}
    result = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path)
    assert result.returncode == 0, result.stderr[-3000:]
    output = result.stdout + result.stderr
    assert "Using profile" in output
    assert "This was a dry-run" in output
    plan = output.split("rule report_page:", 1)[1].split("\n\n", 1)[0]
    # The profile's per-rule override (8000) wins over the rule's own 4000.
    assert "mem_mb=8000" in plan, plan
    assert not (tmp_path / "results").exists()
