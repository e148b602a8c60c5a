"""Where a `make results` run spends its time: per rule (jobs, wall, CPU, peak memory) and
the critical path, from Snakemake's log of the run and the `benchmark:` files it wrote.

    python benchmarks/run_profile.py                    # the latest run in .snakemake/log/
    python benchmarks/run_profile.py --log .snakemake/log/<run>.snakemake.log

The log gives each job's rule, inputs, outputs, benchmark file and its start and finish
times; a job depends on the jobs whose outputs it reads. The **critical path** is the chain
of dependent jobs with the longest summed wall time (from the log's start and finish
stamps, one-second resolution): no number of cores makes the run shorter than it. Per-rule
wall seconds and peak resident memory come from the benchmark files (Snakemake's `s`,
`max_rss`); CPU seconds from the last line of each job's log (`step CPU: …`, written by
`asobi.core.runlog.run_step`: the whole process, start-up and imports included), else from
the benchmark's `cpu_time`, which Snakemake samples every 30 s after a job's first 15 s and
so undercounts long jobs. Only jobs the run executed are counted (a run that found
most outputs up to date profiles only what it re-ran). Prints Markdown, for
docs/PERFORMANCE.md.
"""

from __future__ import annotations

import argparse
import csv
import datetime as dt
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

_STAMP = re.compile(r"^\[(\w{3} \w{3} +\d+ \d\d:\d\d:\d\d \d{4})\]$")
_RULE = re.compile(r"^(?:local)?rule (\w+):$")
_FINISHED = re.compile(r"^Finished jobid: (\d+)")
_STEP_CPU = re.compile(r"step CPU: ([\d.]+) s")


@dataclass
class Job:
    """One job of the run as its log shows it."""

    jobid: int
    rule: str
    started: dt.datetime
    inputs: list[str] = field(default_factory=list)
    outputs: list[str] = field(default_factory=list)
    benchmark: str | None = None
    finished: dt.datetime | None = None
    log: str | None = None

    @property
    def wall(self) -> float:
        """Seconds from start to finish (0 for a job that did not finish)."""
        return 0.0 if self.finished is None else (self.finished - self.started).total_seconds()


def _stamp(text: str) -> dt.datetime:
    return dt.datetime.strptime(" ".join(text.split()), "%a %b %d %H:%M:%S %Y")


def _paths(value: str) -> list[str]:
    return [part.strip() for part in value.split(",") if part.strip()]


def parse_log(text: str) -> list[Job]:
    """The jobs of a Snakemake log, with their times, files and benchmark paths."""
    jobs: dict[int, Job] = {}
    stamp: dt.datetime | None = None
    current: dict[str, object] | None = None
    for line in text.splitlines():
        found = _STAMP.match(line.strip())
        if found:
            stamp = _stamp(found.group(1))
            continue
        rule = _RULE.match(line.strip())
        if rule and stamp is not None:
            current = {"rule": rule.group(1), "started": stamp}
            continue
        if current is not None and line.startswith("    "):
            key, _, value = line.strip().partition(": ")
            if key in {"input", "output", "benchmark", "jobid", "log"}:
                current[key] = value
            continue
        if current is not None and "jobid" in current:
            jobid = int(str(current["jobid"]))
            jobs[jobid] = Job(
                jobid,
                str(current["rule"]),
                current["started"],  # type: ignore[arg-type]
                _paths(str(current.get("input", ""))),
                _paths(str(current.get("output", ""))),
                current.get("benchmark"),  # type: ignore[arg-type]
                log=_paths(str(current.get("log", "")))[0] if current.get("log") else None,
            )
        current = None
        finished = _FINISHED.match(line.strip())
        if finished and stamp is not None and int(finished.group(1)) in jobs:
            jobs[int(finished.group(1))].finished = stamp
    return sorted(jobs.values(), key=lambda job: (job.started, job.jobid))


def critical_path(jobs: list[Job]) -> list[Job]:
    """The chain of dependent jobs with the longest summed wall time."""
    producer = {path: job for job in jobs for path in job.outputs}
    best: dict[int, tuple[float, list[Job]]] = {}
    for job in sorted(jobs, key=lambda j: (j.finished or j.started, j.jobid)):
        before = [producer[p] for p in job.inputs if p in producer and producer[p] is not job]
        chains = [best[b.jobid] for b in before if b.jobid in best]
        length, chain = max(chains, key=lambda c: c[0], default=(0.0, []))
        best[job.jobid] = (length + job.wall, [*chain, job])
    return max(best.values(), key=lambda c: c[0], default=(0.0, []))[1]


def read_benchmark(path: Path) -> dict[str, float] | None:
    """Snakemake's benchmark row (``s``, ``cpu_time``, ``max_rss``...) as numbers."""
    if not path.is_file():
        return None
    with path.open(newline="") as handle:
        rows = list(csv.DictReader(handle, delimiter="\t"))
    if not rows:
        return None
    values = {}
    for key, value in rows[-1].items():
        try:
            values[key] = float(value)
        except (TypeError, ValueError):
            continue
    return values


def read_step_cpu(path: Path) -> float | None:
    """The CPU seconds a job's log ends with (``step CPU: <s> s``), if it has that line."""
    if not path.is_file():
        return None
    found = _STEP_CPU.findall(path.read_text(encoding="utf-8", errors="replace"))
    return float(found[-1]) if found else None


@dataclass
class RuleCost:
    """What one rule's jobs cost in a run (summed over its jobs; peak over them)."""

    rule: str
    jobs: int = 0
    wall: float = 0.0
    cpu: float = 0.0
    peak_mb: float = 0.0

    def row(self) -> str:
        return (
            f"| {self.rule} | {self.jobs} | {self.wall:.1f} | {self.cpu:.1f} | {self.peak_mb:.0f} |"
        )


def rule_table(jobs: list[Job], root: Path) -> list[RuleCost]:
    """Per rule: jobs, summed wall and CPU seconds, peak resident MB (benchmark files),
    the costliest first."""
    costs: dict[str, RuleCost] = {}
    for job in jobs:
        bench = None if job.benchmark is None else read_benchmark(root / job.benchmark)
        if bench is None:
            continue
        cost = costs.setdefault(job.rule, RuleCost(job.rule))
        cost.jobs += 1
        cost.wall += bench.get("s", 0.0)
        step_cpu = None if job.log is None else read_step_cpu(root / job.log)
        cost.cpu += bench.get("cpu_time", 0.0) if step_cpu is None else step_cpu
        cost.peak_mb = max(cost.peak_mb, bench.get("max_rss", 0.0))
    return sorted(costs.values(), key=lambda cost: -cost.wall)


def report(jobs: list[Job], root: Path) -> str:
    """The Markdown profile of a run."""
    costs = rule_table(jobs, root)
    done = [job for job in jobs if job.finished is not None]
    lines = []
    if done:
        last = max(job.finished for job in done if job.finished is not None)
        span = (last - min(job.started for job in done)).total_seconds()
        lines += [f"Run: {len(done)} jobs, {span:.0f} s from the first start to the last end.", ""]
    lines += ["| rule | jobs | wall s | CPU s | peak MB |", "|---|---:|---:|---:|---:|"]
    lines += [cost.row() for cost in costs]
    total = RuleCost(
        "**all**",
        sum(cost.jobs for cost in costs),
        sum(cost.wall for cost in costs),
        sum(cost.cpu for cost in costs),
        max((cost.peak_mb for cost in costs), default=0.0),
    )
    lines.append(total.row())
    path = critical_path(done)
    if path:
        lines += ["", f"Critical path ({sum(job.wall for job in path):.0f} s):"]
        lines += [f"{job.rule} ({job.wall:.0f} s)" for job in path]
    return "\n".join(lines)


def latest_log(root: Path) -> Path | None:
    """The newest Snakemake log of the checkout that ran at least one job."""
    logs = sorted((root / ".snakemake" / "log").glob("*.snakemake.log"), reverse=True)
    for log in logs:
        if "Finished jobid" in log.read_text(errors="replace"):
            return log
    return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--log", type=Path, help="a Snakemake log (default: the latest run's)")
    parser.add_argument("--root", type=Path, default=ROOT, help="the checkout that ran")
    options = parser.parse_args(argv)
    log = options.log or latest_log(options.root)
    if log is None:
        print("run_profile: no Snakemake run to profile (run `make results` first)")
        return 0
    jobs = parse_log(log.read_text(errors="replace"))
    print(f"Profile of {log.name}\n")
    print(report(jobs, options.root))
    return 0


if __name__ == "__main__":
    sys.exit(main())
