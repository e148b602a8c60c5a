"""The Slurm test cluster's two runs, going on while the rest of the suite runs.

``tests/test_slurm.py`` (the first file the suite schedules) starts them through the
session fixture ``slurm_started`` (tests/conftest.py): the first process of the session that
asks starts the single-node cluster (``tests/slurm_cluster.py``) in its main thread (the
daemons end with the thread that started them) and then, in a thread, the job-level
proof-number search of shiritori and the tiny run of ``conftest.TINY_RUN`` on it, one of
whose running shards it cancels with ``scancel``. That process goes on with other tests
meanwhile: both runs mostly wait for the executor plugin's status polls. What the runs
left (return codes, logs, every Slurm job from ``squeue``, the cancelled job, the daemons'
listening addresses) goes to ``slurm-done.json`` in the session folder, which
``tests/test_slurm_results.py`` (the last file) reads through ``slurm_outcome``, in whichever
process it runs. The owner waits for the thread and stops the cluster at its session's end.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import threading
import time
import traceback
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

import yaml
from conftest import REPO, SNAKEMAKE, TINY_RUN, file_lock
from slurm_cluster import SlurmCluster, SlurmJob, find_programs, install_slurm

OVERLAY = REPO / "tests/data/slurm-local"
ASOBI = Path(SNAKEMAKE).with_name("asobi")
RUN_TIMEOUT = 30 * 60  # seconds: the run took 2.5 min on 2 cores at load 6 (2026-12-06)
PROFILES = ["--profile", str(REPO / "profiles/slurm"), "--profile", str(OVERLAY)]
DONE = "slurm-done.json"

# The shared tiny config (conftest.TINY_RUN): five lines and the publishing steps, every other
# game off. It still has every kind of job a cluster run has: shards of one rule (the three
# z3 lemmas, one job each) gathered by another rule, the claims merge and summary, the data
# package and report page as cluster jobs, the dataset card and `all` as local rules. 13
# Snakemake jobs, 11 of them Slurm jobs (12 with the cancelled attempt): each Slurm job costs
# two Snakemake start-ups (about 2 CPU s each), so the count is kept small. Every game's
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


def rule_of(job: SlurmJob) -> str:
    """The Snakemake rule of a Slurm job: the plugin's comment is rule_<name>[_wildcards_…]."""
    assert job.comment.startswith("rule_"), job
    return job.comment.removeprefix("rule_").split("_wildcards_", 1)[0]


@dataclass
class SlurmRun:
    """What the tiny run on the cluster left behind."""

    returncode: int
    workdir: Path
    log: str
    jobs: list[SlurmJob]  # every Slurm job of the run, from squeue after it ended (not JOB_RULES)
    cancelled: SlurmJob | None  # the running shard killed with scancel
    seconds: float

    @property
    def results(self) -> Path:
        return self.workdir / "results"

    @classmethod
    def read(cls, outcome: dict[str, Any]) -> SlurmRun:
        cancelled = outcome["cancelled"]
        return cls(
            outcome["returncode"],
            Path(outcome["workdir"]),
            Path(outcome["log"]).read_text(),
            [SlurmJob(**job) for job in outcome["jobs"]],
            SlurmJob(**cancelled) if cancelled else None,
            outcome["seconds"],
        )


@dataclass
class JobsRun:
    """`asobi shiritori jobs run` of the small case on the cluster."""

    returncode: int
    log: str  # the driver's output
    state: Path
    jobs: list[SlurmJob]  # the Slurm jobs of its rules
    seconds: float  # from its start to its last line of output

    @classmethod
    def read(cls, outcome: dict[str, Any]) -> JobsRun:
        return cls(
            outcome["returncode"],
            Path(outcome["log"]).read_text(),
            Path(outcome["state"]),
            [SlurmJob(**job) for job in outcome["jobs"]],
            outcome["seconds"],
        )


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
        workdir.mkdir(parents=True, exist_ok=True)
        config = workdir / "tiny.yaml"
        config.write_text(yaml.safe_dump(TINY, allow_unicode=True), encoding="utf-8")
        command = [str(SNAKEMAKE), "--snakefile", str(REPO / "Snakefile")]
        command += ["--directory", str(workdir), "--configfile", str(config), *options]
        super().__init__(command, workdir / "snakemake.log", env=env)


def jobs_search(cluster: SlurmCluster, folder: Path) -> Background:
    """`asobi shiritori jobs run` of the small case on the cluster, in the background: each
    round one Snakemake invocation through the profile."""
    state = folder / "state"
    folder.mkdir(parents=True, exist_ok=True)
    command = [str(ASOBI), "shiritori", "jobs", "run", "--state", str(state)]
    command += ["--open", str(JOBS_SMALL / "open.csv")]
    command += ["--configfile", str(JOBS_SMALL / "small.yaml")]
    command += ["--snakefile", str(REPO / "workflow/shiritori-jobs.smk"), *PROFILES]
    return Background(command, folder / "asobi.log", env=cluster.env)


def run_both(cluster: SlurmCluster, folder: Path, stop: threading.Event) -> dict[str, Any]:
    """The job-level search, then the tiny run beside it (one running shard cancelled); what
    both left, once both have ended (``stop`` ends them early)."""
    listening = {name: sorted(found) for name, found in cluster.listening_addresses().items()}
    search = jobs_search(cluster, folder / "slurm-jobs")
    run = Snakemake(folder / "slurm-run", *PROFILES, env=cluster.env)
    cancelled = None
    tried: set[str] = set()
    try:
        while run.running() and not stop.is_set():
            if cancelled is None:
                cancelled = kill_one_running_shard(cluster, tried)
            time.sleep(0.25)
    finally:
        run.stop()
    seconds = time.monotonic() - run.began
    jobs = [asdict(job) for job in cluster.squeue() if rule_of(job) not in JOB_RULES]
    tiny = {
        "returncode": run.process.returncode,
        "workdir": str(run.workdir),
        "log": str(run.log_path),
        "jobs": jobs,
        "cancelled": asdict(cancelled) if cancelled else None,
        "seconds": seconds,
    }
    try:
        while search.running() and not stop.is_set():
            time.sleep(0.5)
    finally:
        search.stop()
    searched = {
        "returncode": search.process.returncode,
        "log": str(search.log_path),
        "state": str(search.log_path.parent / "state"),
        "jobs": [asdict(job) for job in cluster.squeue() if rule_of(job) in JOB_RULES],
        "seconds": search.log_path.stat().st_mtime - search.started,
    }
    return {"listening": listening, "tiny": tiny, "jobs_level": searched}


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


class ClusterRuns:
    """The cluster and the thread running both runs, in the process that started them."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.cluster: SlurmCluster | None = None
        self.thread: threading.Thread | None = None
        self.stop = threading.Event()
        self.previous_handler: Any = None

    @classmethod
    def start_once(cls, folder: Path) -> ClusterRuns | None:
        """Start the cluster and the runs, unless a process of this session did (None)."""
        with file_lock(folder / "slurm.lock"):
            marker = folder / "slurm-started"
            if marker.exists():
                return None
            marker.write_text(str(os.getpid()), encoding="utf-8")
        runs = cls(folder)
        runs.start()
        return runs

    def start(self) -> None:
        programs = find_programs()
        if programs is None:
            failure = install_slurm()
            if failure is not None:
                self.write({"skip": failure})
                return
            programs = find_programs()
            assert programs is not None
        # SIGTERM (a CI timeout, a kill) unwinds the session like Ctrl-C, so that the daemons
        # and the jobs are stopped by finish()
        self.previous_handler = signal.signal(signal.SIGTERM, _interrupt)
        cluster = SlurmCluster(self.folder / "slurm-cluster", programs)
        try:
            cluster.start()
        except BaseException:
            self.write({"error": "the test cluster did not start:\n" + traceback.format_exc()})
            cluster.stop()
            raise
        self.cluster = cluster
        self.thread = threading.Thread(target=self.run, name="slurm-runs", daemon=True)
        self.thread.start()

    def run(self) -> None:
        try:
            assert self.cluster is not None
            outcome = run_both(self.cluster, self.folder, self.stop)
        except BaseException:
            outcome = {"error": traceback.format_exc()}
        self.write(outcome)

    def write(self, outcome: dict[str, Any]) -> None:
        partial = self.folder / (DONE + ".part")
        partial.write_text(json.dumps(outcome), encoding="utf-8")
        partial.replace(self.folder / DONE)

    def finish(self) -> None:
        """Wait for the runs (another process may be waiting for what they leave), then stop
        the cluster (and with it every process that still carries its SLURM_CONF)."""
        try:
            if self.thread is not None:
                self.thread.join(RUN_TIMEOUT + 60)
        finally:
            self.stop.set()
            if self.cluster is not None:
                self.cluster.stop()
            if self.previous_handler is not None:
                signal.signal(signal.SIGTERM, self.previous_handler)


def wait_for_outcome(folder: Path) -> dict[str, Any]:
    """What the runs left (``slurm-done.json``), once they have ended."""
    done = folder / DONE
    deadline = time.monotonic() + RUN_TIMEOUT + 120
    while not done.exists():
        if time.monotonic() > deadline:
            return {"error": f"no {DONE} after {RUN_TIMEOUT + 120} s"}
        time.sleep(0.5)
    return json.loads(done.read_text(encoding="utf-8"))
