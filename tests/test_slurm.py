"""The pipeline on a real Slurm cluster, through snakemake-executor-plugin-slurm.

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
shiritori (`asobi shiritori jobs run --profile profiles/slurm`, three rounds): both runs
mostly wait for the plugin's status polls, so their waits overlap and the second run adds
next to no wall time. Each run's checks look at the Slurm jobs of its own rules only.
docs/cluster.md ("What is tested") tells what this covers.

All these tests run on one pytest-xdist worker (``--dist loadfile``): they share the cluster
and the runs.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

import pyarrow.parquet as pq
import pytest
import yaml
from conftest import REPO, SCHEMA, SNAKEMAKE, TINY_RUN
from slurm_cluster import SlurmCluster, SlurmJob, find_programs, install_slurm

OVERLAY = REPO / "tests/data/slurm-local"
ASOBI = Path(sys.executable).with_name("asobi")
RUN_TIMEOUT = 30 * 60  # seconds: the run took 2.5 min on 2 cores at load 6 (2026-12-06)

# The shared tiny config (conftest.TINY_RUN): five lines and the publishing steps, every other
# game off. It still has every kind of job a cluster run has: shards of one rule (the three
# z3 lemmas, one job each) gathered by another rule, the claims merge and summary, the data
# package and report page as cluster jobs, the dataset card and `all` as local rules. 13
# Snakemake jobs, 11 of them Slurm jobs (12 with the cancelled attempt): each Slurm job costs
# two Snakemake start-ups (about 4 CPU s each), so the count is kept small. Every game's
# own rules run in its own tests (locally).
TINY = TINY_RUN
ON_THE_CLUSTER = {"fivelines", "report"}

# The small case of the job-level search (tests/test_shiritori_jobs.py): one pair, two rounds
# of leaf jobs and a round that certifies. It runs beside the tiny run, on the same cluster.
JOBS_SMALL = REPO / "tests/data/shiritori-jobs"
JOBS_VARIANT = (
    "long_vowel-vowel__small_kana-enlarge__final_u-pronounced__dakuten-free__aliases-independent"
)
JOB_RULES = {"shiritori_jobs_leaf", "shiritori_jobs_certify"}


@dataclass
class SlurmRun:
    """What a Snakemake run on the cluster left behind."""

    returncode: int
    workdir: Path
    log: str
    jobs: list[SlurmJob]  # every Slurm job of the run, from squeue after it ended (not JOB_RULES)
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
    # SIGTERM (a CI timeout, a kill) unwinds the tests like Ctrl-C, so the daemons and the
    # jobs are stopped by the context manager below.
    previous = signal.signal(signal.SIGTERM, _interrupt)
    try:
        with SlurmCluster(tmp_path_factory.mktemp("slurm-cluster"), programs) as running:
            yield running
    finally:
        signal.signal(signal.SIGTERM, previous)


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def kill_one_running_shard(cluster: SlurmCluster, tried: set[str]) -> SlurmJob | None:
    """scancel the first running job of the tiny run that has wildcards (a shard); return it
    once Slurm says CANCELLED (a job that finished before the signal does not count)."""
    for job in cluster.jobs_in(("RUNNING",)):
        if "_wildcards_" not in job.comment or job.job_id in tried or rule_of(job) in JOB_RULES:
            continue
        tried.add(job.job_id)
        cluster.scancel(job.job_id)
        for _ in range(40):
            state = {j.job_id: j for j in cluster.squeue()}[job.job_id]
            if state.state not in ("RUNNING", "COMPLETING"):
                return state if state.state == "CANCELLED" else None
            time.sleep(0.25)
    return None


class Background:
    """A command run in the background in its own process group, its output in a log file."""

    def __init__(self, command: list[str], log_path: Path, *, env: dict[str, str]) -> None:
        self.log_path = log_path
        self.began = time.monotonic()
        self.started = time.time()  # to compare with file times
        with log_path.open("w") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=subprocess.STDOUT,
                env={**env, "PYTHONHASHSEED": "0"},
                cwd=log_path.parent,
                start_new_session=True,  # stopped as a group: a driver and its Snakemake
            )

    def running(self) -> bool:
        if self.process.poll() is None and time.monotonic() - self.began > RUN_TIMEOUT:
            self.stop()  # hung or far too slow: fail the tests instead of blocking
        return self.process.poll() is None

    def wait(self) -> int:
        while self.running():
            time.sleep(0.5)
        return self.process.returncode

    def stop(self) -> None:
        """SIGTERM to the group (Snakemake cancels its cluster jobs), SIGKILL after 30 s."""
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    @property
    def log(self) -> str:
        return self.log_path.read_text()


class Snakemake(Background):
    """One Snakemake run of the tiny config in its own folder, in the background."""

    def __init__(self, workdir: Path, *options: str, env: dict[str, str]) -> None:
        self.workdir = workdir
        config = workdir / "tiny.yaml"
        config.write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
        command = [str(SNAKEMAKE), "--snakefile", str(REPO / "Snakefile")]
        command += ["--directory", str(workdir), "--configfile", str(config), *options]
        super().__init__(command, workdir / "snakemake.log", env=env)


@pytest.fixture(scope="module")
def jobs_search(
    cluster: SlurmCluster, tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Background]:
    """`asobi shiritori jobs run` of the small case on the cluster, in the background: each
    round one Snakemake invocation through the profile. :func:`slurm_run` asks for it, so it
    starts first and the two runs share the cluster (their waits on status polls overlap);
    :func:`jobs_run` waits for its end."""
    state = tmp_path_factory.mktemp("slurm-jobs") / "state"
    command = [str(ASOBI), "shiritori", "jobs", "run", "--state", str(state)]
    command += ["--open", str(JOBS_SMALL / "open.csv")]
    command += ["--configfile", str(JOBS_SMALL / "small.yaml")]
    command += ["--snakefile", str(REPO / "workflow/shiritori-jobs.smk")]
    command += ["--profile", str(REPO / "profiles/slurm"), "--profile", str(OVERLAY)]
    search = Background(command, state.parent / "asobi.log", env=cluster.env)
    try:
        yield search
    finally:
        search.stop()


@pytest.fixture(scope="module")
def slurm_run(
    cluster: SlurmCluster, jobs_search: Background, tmp_path_factory: pytest.TempPathFactory
) -> SlurmRun:
    """The tiny run on the cluster (the job-level search going on beside it), one shard
    cancelled while it runs; its Slurm jobs are the ones of other rules than JOB_RULES."""
    profiles = ["--profile", str(REPO / "profiles/slurm"), "--profile", str(OVERLAY)]
    run = Snakemake(tmp_path_factory.mktemp("slurm-run"), *profiles, env=cluster.env)
    cancelled = None
    tried: set[str] = set()
    try:
        while run.running():
            if cancelled is None:
                cancelled = kill_one_running_shard(cluster, tried)
            time.sleep(0.25)
    finally:
        run.stop()
    seconds = time.monotonic() - run.began
    assert cancelled is not None, "no running shard could be cancelled:\n" + run.log[-3000:]
    jobs = [job for job in cluster.squeue() if rule_of(job) not in JOB_RULES]
    return SlurmRun(run.process.returncode, run.workdir, run.log, jobs, cancelled, seconds)


@pytest.fixture(scope="module")
def local_results(tiny_run: Path) -> Path:
    """The same config run locally with 2 cores: the session's shared run (conftest)."""
    return tiny_run / "results"


# --- tests ---------------------------------------------------------------------------------


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


def test_daemons_listen_on_loopback_only(cluster: SlurmCluster) -> None:
    listening = cluster.listening_addresses()
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


@dataclass
class JobsRun:
    """`asobi shiritori jobs run` of the small case on the cluster (:func:`jobs_search`)."""

    returncode: int
    log: str  # the driver's output
    state: Path
    jobs: list[SlurmJob]  # the Slurm jobs of its rules
    seconds: float  # from its start to its last line of output


@pytest.fixture(scope="module")
def jobs_run(cluster: SlurmCluster, jobs_search: Background) -> JobsRun:
    """The job-level search, once it has ended (it started with the tiny run)."""
    returncode = jobs_search.wait()
    seconds = jobs_search.log_path.stat().st_mtime - jobs_search.started
    jobs = [job for job in cluster.squeue() if rule_of(job) in JOB_RULES]
    state = jobs_search.log_path.parent / "state"
    return JobsRun(returncode, jobs_search.log, state, jobs, seconds)


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
