"""The pipeline on a real Slurm cluster, through snakemake-executor-plugin-slurm: the start.

A single-node cluster (``tests/slurm_cluster.py``: Debian's slurm-wlm and munge, installed
with apt-get when absent; the tests are skipped, with the reason, only when that is
impossible) runs the suite's shared tiny config (``conftest.TINY_RUN``: five lines, its
sharded proofs and their gather, the claims merge, the data package and the report),
submitted with

    snakemake --profile profiles/slurm --profile tests/data/slurm-local --configfile tiny.yaml

While that run goes, one running sharded job is killed with ``scancel``: the profile's
``retries: 1`` must resubmit it. The same config also runs locally (``--cores 2``: the
session's shared run), and the two runs must give the same tables. Beside that run, started
with it on the same cluster, goes the small case of the job-level proof-number search of
shiritori (`asobi shiritori jobs run --profile profiles/slurm`, three rounds).

This file is scheduled first: it starts the cluster and both runs (``tests/slurm_runs.py``)
and returns, so that its worker runs other files while the runs mostly wait for the
plugin's status polls; ``tests/test_slurm_results.py``, scheduled last, checks what they
left. docs/cluster.md ("What is tested") tells what this covers.
"""

from __future__ import annotations

import pytest
import yaml
from conftest import REPO, SCHEMA, session_folder
from slurm_runs import ON_THE_CLUSTER, OVERLAY, TINY


def test_the_cluster_runs_start_beside_the_other_tests(
    slurm_started: None, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """The runs were started by a process of this session (this one or another)."""
    assert (session_folder(tmp_path_factory) / "slurm-started").is_file()


def test_tiny_config_runs_five_lines_and_the_report_only() -> None:
    """Every block of the schema is named (a new game is switched off here, not run with its
    default bounds), and only the blocks the cluster run is sized for are on."""
    schema = yaml.safe_load(SCHEMA.read_text("utf-8"))
    blocks = {name for name, entry in schema["properties"].items() if entry["type"] == "object"}
    assert set(TINY) == blocks
    assert {name for name, block in TINY.items() if block["enabled"]} == ON_THE_CLUSTER
    assert TINY["report"]["screenshot"] is False  # Chromium is not needed on the cluster


def test_overlay_keeps_the_profile_default_resources() -> None:
    """A later --profile replaces the whole default-resources block: the overlay must repeat
    the profile's values and add only the partition."""
    profile = yaml.safe_load((REPO / "profiles/slurm/config.v8+.yaml").read_text("utf-8"))
    overlay = yaml.safe_load((OVERLAY / "config.v8+.yaml").read_text("utf-8"))
    assert overlay["default-resources"] == {
        **profile["default-resources"],
        "slurm_partition": "asobi",
    }
    assert overlay["slurm-status-command"] == "squeue"
