"""The pipeline on a real Slurm cluster: what the tiny run and the job-level search left.

``tests/test_slurm.py`` (scheduled first) started the cluster and both runs
(``tests/slurm_runs.py``); this file is scheduled last and waits for their end
(``slurm_outcome``): Slurm ran exactly Snakemake's plan, the cancelled shard was retried,
the tables equal the local run's, ``asobi validate`` passes, the daemons listened on
loopback only, and the job-level search decided its pair with a checked certificate. Each
run's checks look at the Slurm jobs of its own rules only.
"""

from __future__ import annotations

import os
import re
import subprocess
from collections import Counter
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from slurm_runs import (
    ASOBI,
    JOBS_VARIANT,
    ON_THE_CLUSTER,
    JobsRun,
    SlurmRun,
    rule_of,
)


@pytest.fixture(scope="module")
def slurm_run(slurm_outcome: dict) -> SlurmRun:
    """The tiny run on the cluster (the job-level search going on beside it), one shard
    cancelled while it ran."""
    run = SlurmRun.read(slurm_outcome["tiny"])
    assert run.cancelled is not None, "no running shard could be cancelled:\n" + run.log[-3000:]
    return run


@pytest.fixture(scope="module")
def local_results(tiny_run: Path) -> Path:
    """The same config run locally with 2 cores: the session's shared run (conftest)."""
    return tiny_run / "results"


@pytest.fixture(scope="module")
def jobs_run(slurm_outcome: dict) -> JobsRun:
    """The job-level search, once it has ended (it started with the tiny run)."""
    return JobsRun.read(slurm_outcome["jobs_level"])


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
    """A Parquet table without its metadata (which records the run's input paths)."""
    return pq.read_table(path).replace_schema_metadata(None)


@dataclass(frozen=True)
class JobTiming:
    """Where the seconds of one completed Slurm job went."""

    rule: str
    queued: float  # submitted -> started (waiting for a free CPU of the 2)
    in_slurm: float  # started -> ended, as Slurm saw the job
    rule_work: float  # the rule's own wall seconds (its Snakemake benchmark file)
    noticed: float  # ended -> Snakemake logs "Finished jobid" (status polling)

    @property
    def overhead(self) -> float:
        """Job time that is not the rule's work: the batch script's Snakemake and the srun
        step's Snakemake starting, building the DAG, checking files."""
        return self.in_slurm - self.rule_work


def job_timings(run: SlurmRun) -> list[JobTiming]:
    """Timings of every completed Slurm job whose rule writes a benchmark file."""
    benchmark: dict[str, str] = {}  # Snakemake job id -> benchmark file
    for block in re.split(r"\n(?=\[\w{3} \w{3} )", run.log):
        jobid = re.search(r"^\s+jobid: (\d+)$", block, flags=re.M)
        bench = re.search(r"^\s+benchmark: (\S+)$", block, flags=re.M)
        if jobid and bench:
            benchmark[jobid.group(1)] = bench.group(1)
    slurm_to_job = dict(
        (slurm, job)
        for job, slurm in re.findall(
            r"Job (\d+) has been submitted with SLURM jobid (\d+) ", run.log
        )
    )
    finished = {
        job: datetime.strptime(stamp, "%a %b %d %H:%M:%S %Y")
        for stamp, job in re.findall(r"\[(.{24})\]\nFinished jobid: (\d+) ", run.log)
    }
    timings = []
    for job in run.jobs:
        snakemake_job = slurm_to_job.get(job.job_id)
        if job.state != "COMPLETED" or snakemake_job not in benchmark:
            continue
        with (run.workdir / benchmark[snakemake_job]).open() as tsv:
            rule_work = float(tsv.read().splitlines()[1].split("\t")[0])
        submitted, started, ended = (
            datetime.fromisoformat(t) for t in (job.submitted, job.started, job.ended)
        )
        timings.append(
            JobTiming(
                rule_of(job),
                (started - submitted).total_seconds(),
                (ended - started).total_seconds(),
                rule_work,
                (finished[snakemake_job] - ended).total_seconds(),
            )
        )
    return timings


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
    assert games >= ON_THE_CLUSTER - {"report"}, games
    for path in local:
        # Every column, z3's proofs too: they record z3's work count, not wall-clock time.
        expected = table_contents(local_results / path)
        actual = table_contents(slurm_run.results / path)
        assert actual.schema == expected.schema, path
        differing = [
            name for name in expected.column_names if not actual[name].equals(expected[name])
        ]
        assert not differing, f"{path}: columns {differing} differ from the local run"


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


def test_daemons_listen_on_loopback_only(slurm_outcome: dict) -> None:
    listening = slurm_outcome["listening"]
    assert listening["slurmctld"] and listening["slurmd"], listening
    for name, addresses in listening.items():
        assert all(address.startswith("127.0.0.1:") for address in addresses), (name, addresses)


def test_per_job_overhead_is_measured(slurm_run: SlurmRun) -> None:
    """Prints where the time of the cluster jobs went (``pytest -rP`` shows it; the numbers
    in docs/PERFORMANCE.md come from here). No time is asserted: only that it adds up."""
    timings = job_timings(slurm_run)
    assert len(timings) >= len(slurm_run.jobs) // 2, "most rules write a benchmark file"
    for timing in timings:
        assert timing.queued >= 0 and timing.noticed >= -1  # squeue rounds to seconds
        assert timing.in_slurm + 1 >= timing.rule_work, timing
    n = len(timings)
    mean = {
        name: sum(getattr(t, name) for t in timings) / n
        for name in ("in_slurm", "rule_work", "overhead", "noticed", "queued")
    }
    print(
        f"Slurm run: {slurm_run.seconds:.0f} s wall, {len(slurm_run.jobs)} Slurm jobs; "
        f"over the {n} jobs with a benchmark file, mean seconds per job: "
        + ", ".join(f"{name} {value:.1f}" for name, value in mean.items())
    )
    for timing in sorted(timings, key=lambda t: -t.overhead):
        print(
            f"  {timing.rule:32} in Slurm {timing.in_slurm:6.1f}  rule {timing.rule_work:6.1f}"
            f"  overhead {timing.overhead:6.1f}  noticed after {timing.noticed:5.1f}"
            f"  queued {timing.queued:6.1f}"
        )


# --- job-level proof-number search of shiritori on the cluster ------------------------------


# In `make test`: the search runs beside the tiny run (jobs_search), so its 45-100 s of
# Snakemake start-ups and status polls add next to nothing to the module's wall time.
def test_job_level_search_decides_the_small_case_on_slurm(jobs_run: JobsRun) -> None:
    """Every leaf and certificate job went through sbatch and completed; the pair is decided
    by a certificate that the rules-only verifier accepts."""
    from asobi.shiritori.certificates import load_nodes
    from asobi.shiritori.data import VENDORED_LIST, load_clean
    from asobi.shiritori.merge import check
    from asobi.shiritori.shiritori import Rules, Shiritori

    assert jobs_run.returncode == 0, jobs_run.log[-3000:]
    print(f"job-level search on Slurm: {jobs_run.seconds:.0f} s wall, {len(jobs_run.jobs)} jobs")
    assert Counter(rule_of(job) for job in jobs_run.jobs) == {
        "shiritori_jobs_leaf": 3,
        "shiritori_jobs_certify": 1,
    }
    assert {job.state for job in jobs_run.jobs} == {"COMPLETED"}
    state = yaml.safe_load((jobs_run.state / "state.json").read_text("utf-8"))
    (pair,) = state["pairs"]
    assert (pair["status"], pair["winner"]) == ("decided", "yokai")
    proofs = jobs_run.state / "proofs" / f"{JOBS_VARIANT}.parquet"
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, Rules.from_variant_id(JOBS_VARIANT))
    assert check(proofs, JOBS_VARIANT, game) >= 1
    nodes, roots = load_nodes(proofs, JOBS_VARIANT)
    assert nodes[roots["トンボガミ"]].word == "トンボガミ"
