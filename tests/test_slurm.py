"""The whole pipeline on a real Slurm cluster, through snakemake-executor-plugin-slurm.

A single-node cluster (``tests/slurm_cluster.py``: Debian's slurm-wlm and munge, installed
with apt-get when absent; the tests are skipped, with the reason, only when that is
impossible) runs a tiny config with every game enabled, submitted with

    snakemake --profile profiles/slurm --profile tests/data/slurm-local --configfile tiny.yaml

While that run goes, one running sharded job is killed with ``scancel``: the profile's
``retries: 1`` must resubmit it. The same config also runs locally (``--cores 2``), and the
two runs must give the same tables. The README's "Running on a Slurm cluster" tells what
this covers.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pyarrow.parquet as pq
import pytest
import yaml
from conftest import REPO, SNAKEMAKE, run_snakemake
from slurm_cluster import SlurmCluster, SlurmJob, find_programs, install_slurm

# Marked slow (run with `make test-slow`) until the run with the renamed chopsticks shard key
# has been timed again: with shards of 20,000 positions it made 48 Slurm jobs of chopsticks
# alone and did not fit the 6-minute bound (issue 18 stays open).
pytestmark = pytest.mark.slow

OVERLAY = REPO / "tests/data/slurm-local"
ASOBI = Path(sys.executable).with_name("asobi")
RUN_TIMEOUT = 20 * 60  # seconds; a hung run fails the test instead of blocking CI

# Every game on, with bounds that keep each job a few seconds; shards on purpose (two
# chopsticks shards, two daifugō number ranges, two self-play batches, two shiritori
# variants) so that gather rules merge cluster outputs.
TINY: dict[str, Any] = {
    "fivelines": {"grundy_max": 40, "total_max": 10, "proof_max_width": 4, "proof_max_rows": 2},
    "chopsticks": {
        "simple_hands_max": 2,
        "simple_dies_max": 4,
        "split_dies_min": 5,
        "split_dies_max": 6,
        "shard_positions": 600000,
    },
    "contraposition": {
        "solve_sides": [2],
        "solve_tt_bits": 12,
        "selfplay_sides": [3],
        "selfplay_protocols": ["basic"],
        "selfplay_pairings": ["grave-uct"],
        "selfplay_batches": 2,
        "selfplay_games_per_batch": 2,
        "agents": {
            "uct": {"playouts": 20, "exploration": 1.4},
            "grave": {"playouts": 20, "exploration": 0.0, "ref": 5, "bias": 1.0e-6},
        },
        "audit_exhaustive_sides": [2],
        "audit_sample_sides": [3],
        "audit_sample_size": 200,
        "eye_sides": [3],
        "eye_positions": 6,
        "mirror_sides": [2],
    },
    "daifugo": {
        "n_max": 3000,
        "shard_size": 1500,
        "layouts_max": 400,
        "z3_max": 40,
        "z3_shard_size": 40,
        "genocchi_max": 60,
    },
    "shiritori": {
        "variants": [
            "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-strict__aliases-ban",
            "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-free__aliases-ban",
        ],
        "max_starts": 10,
        "start_chunks": 1,
        "node_budget": 400,
        "proof_budget": 500,
        "compiled_budget": 2000,
        "compiled_table_bits": 12,
    },
    "report": {"enabled": True, "screenshot": False},
}


@dataclass
class SlurmRun:
    """What a Snakemake run on the cluster left behind."""

    returncode: int
    workdir: Path
    log: str
    jobs: list[SlurmJob]  # every Slurm job of the run, from squeue after it ended
    cancelled: SlurmJob  # the running shard killed with scancel
    seconds: float

    @property
    def results(self) -> Path:
        return self.workdir / "results"


def rule_of(job: SlurmJob) -> str:
    """The Snakemake rule of a Slurm job: the plugin's comment is rule_<name>[_wildcards_…]."""
    assert job.comment.startswith("rule_"), job
    return job.comment.removeprefix("rule_").split("_wildcards_", 1)[0]


def snakemake_job_stats(log: str) -> Counter[str]:
    """Snakemake's own plan: the 'Job stats' table it prints before running (rule -> jobs)."""
    table = log.split("Job stats:", 1)[1].split("\n\n", 1)[0]
    counts: Counter[str] = Counter()
    for line in table.splitlines()[3:]:
        name, count = line.split()
        if name != "total":
            counts[name] = int(count)
    return counts


def local_rules(log: str) -> set[str]:
    """Rules Snakemake ran itself, on the submitting node (printed as 'localrule NAME:')."""
    return set(re.findall(r"^localrule (\w+):", log, flags=re.MULTILINE))


def table_contents(path: Path):
    """A Parquet table without its metadata and without measured durations (the columns
    named ``seconds`` or ``*_seconds``: wall-clock times that differ between any two runs)."""
    table = pq.read_table(path).replace_schema_metadata(None)
    timed = [name for name in table.column_names if name == "seconds" or name.endswith("_seconds")]
    return table.drop_columns(timed), timed


# --- fixtures ------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[SlurmCluster]:
    programs = find_programs()
    if programs is None:
        failure = install_slurm()
        if failure is not None:
            pytest.skip(failure)
        programs = find_programs()
        assert programs is not None
    with SlurmCluster(tmp_path_factory.mktemp("slurm-cluster"), programs) as running:
        yield running


def kill_one_running_shard(cluster: SlurmCluster, tried: set[str]) -> SlurmJob | None:
    """scancel the first running job that has wildcards (a shard); return it once Slurm
    says CANCELLED (a job that finished before the signal does not count)."""
    for job in cluster.jobs_in(("RUNNING",)):
        if "_wildcards_" not in job.comment or job.job_id in tried:
            continue
        tried.add(job.job_id)
        cluster.scancel(job.job_id)
        for _ in range(40):
            state = {j.job_id: j for j in cluster.squeue()}[job.job_id]
            if state.state not in ("RUNNING", "COMPLETING"):
                return state if state.state == "CANCELLED" else None
            time.sleep(0.25)
    return None


@pytest.fixture(scope="module")
def slurm_run(cluster: SlurmCluster, tmp_path_factory: pytest.TempPathFactory) -> SlurmRun:
    workdir = tmp_path_factory.mktemp("slurm-run")
    config = workdir / "tiny.yaml"
    config.write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
    command = [
        str(SNAKEMAKE),
        "--snakefile",
        str(REPO / "Snakefile"),
        "--directory",
        str(workdir),
        "--configfile",
        str(config),
        "--profile",
        str(REPO / "profiles/slurm"),
        "--profile",
        str(OVERLAY),
    ]
    env = {**cluster.env, "PYTHONHASHSEED": "0"}
    log_path = workdir / "snakemake.log"
    began = time.monotonic()
    cancelled = None
    tried: set[str] = set()
    with log_path.open("w") as log:
        process = subprocess.Popen(
            command, stdout=log, stderr=subprocess.STDOUT, env=env, cwd=workdir, text=True
        )
        try:
            while process.poll() is None:
                if cancelled is None:
                    cancelled = kill_one_running_shard(cluster, tried)
                if time.monotonic() - began > RUN_TIMEOUT:
                    process.kill()
                time.sleep(0.25)
        finally:
            if process.poll() is None:
                process.kill()
            process.wait()
    seconds = time.monotonic() - began
    text = log_path.read_text()
    assert cancelled is not None, "no running shard could be cancelled:\n" + text[-3000:]
    return SlurmRun(process.returncode, workdir, text, cluster.squeue(), cancelled, seconds)


@pytest.fixture(scope="module")
def local_results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    workdir = tmp_path_factory.mktemp("local-run")
    result = run_snakemake(workdir, TINY, cores=2)
    assert result.returncode == 0, result.stderr[-3000:]
    return workdir / "results"


# --- tests ---------------------------------------------------------------------------------


def test_tiny_config_enables_every_game() -> None:
    schema = yaml.safe_load((REPO / "src/asobi/data/config.schema.yaml").read_text("utf-8"))
    assert set(TINY) == set(schema["properties"])  # a new game needs tiny bounds here
    assert all(block.get("enabled", True) for block in TINY.values())


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


def test_slurm_run_exits_0(slurm_run: SlurmRun) -> None:
    assert slurm_run.returncode == 0, slurm_run.log[-5000:]
    assert re.search(r"(\d+) of \1 steps \(100%\) done", slurm_run.log)


def test_every_job_went_through_sbatch(slurm_run: SlurmRun) -> None:
    """Slurm ran exactly Snakemake's plan: one completed job per Snakemake job of every
    rule that is not a local rule, plus the cancelled attempt."""
    assert slurm_run.returncode == 0, slurm_run.log[-3000:]
    run_id = re.search(r"SLURM run ID: (\S+)", slurm_run.log).group(1)
    assert {job.name for job in slurm_run.jobs} == {run_id}
    planned = snakemake_job_stats(slurm_run.log)
    local = local_rules(slurm_run.log)
    assert "all" in local and local < set(planned)
    remote = Counter({rule: n for rule, n in planned.items() if rule not in local})
    completed = Counter(rule_of(job) for job in slurm_run.jobs if job.state == "COMPLETED")
    assert completed == remote
    others = [job for job in slurm_run.jobs if job.state != "COMPLETED"]
    # anything else than the one cancelled job (a TIMEOUT: a rule's runtime is too short)
    assert [(job.job_id, job.state) for job in others] == [
        (slurm_run.cancelled.job_id, "CANCELLED")
    ], others
    assert len(slurm_run.jobs) == remote.total() + 1
    submitted = re.findall(r"has been submitted with SLURM jobid (\d+) ", slurm_run.log)
    assert sorted(submitted) == sorted(job.job_id for job in slurm_run.jobs)


def test_cancelled_shard_was_retried(slurm_run: SlurmRun) -> None:
    cancelled = slurm_run.cancelled
    assert f"SLURM-job '{cancelled.job_id}' failed, SLURM status is: 'CANCELLED'" in slurm_run.log
    again = [
        job
        for job in slurm_run.jobs
        if job.comment == cancelled.comment and job.job_id != cancelled.job_id
    ]
    assert [job.state for job in again] == ["COMPLETED"]
    assert int(again[0].job_id) > int(cancelled.job_id)


def test_tables_match_the_local_run(slurm_run: SlurmRun, local_results: Path) -> None:
    assert slurm_run.returncode == 0, slurm_run.log[-3000:]
    local = sorted(p.relative_to(local_results) for p in local_results.rglob("*.parquet"))
    remote = sorted(p.relative_to(slurm_run.results) for p in slurm_run.results.rglob("*.parquet"))
    assert remote == local
    games = {path.parts[0] for path in local}
    assert games >= set(TINY) - {"report"}, games
    timed_columns = []
    for path in local:
        expected, timed = table_contents(local_results / path)
        actual, _ = table_contents(slurm_run.results / path)
        assert actual.schema == expected.schema, path
        differing = [
            name for name in expected.column_names if not actual[name].equals(expected[name])
        ]
        assert not differing, f"{path}: columns {differing} differ from the local run"
        timed_columns += [f"{path}:{name}" for name in timed]
    assert len(timed_columns) <= 2, timed_columns  # only measured durations are skipped


def test_asobi_validate_passes_on_the_cluster_results(slurm_run: SlurmRun) -> None:
    assert slurm_run.returncode == 0, slurm_run.log[-3000:]
    result = subprocess.run(
        [str(ASOBI), "validate", str(slurm_run.results)],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
        check=False,
    )
    assert result.returncode == 0, result.stdout[-2000:] + result.stderr[-2000:]
    for name in ("datapackage.json", "DATASET.md", "report/index.html", "summary.txt"):
        assert (slurm_run.results / name).is_file(), name


def test_daemons_listen_on_loopback_only(cluster: SlurmCluster) -> None:
    listening = cluster.listening_addresses()
    assert listening["slurmctld"] and listening["slurmd"], listening
    for name, addresses in listening.items():
        assert all(address.startswith("127.0.0.1:") for address in addresses), (name, addresses)
