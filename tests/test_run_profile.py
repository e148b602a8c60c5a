"""benchmarks/run_profile.py: the per-rule table and the critical path of a run, read off
a Snakemake log and its benchmark files."""

from __future__ import annotations

from pathlib import Path

from benchmark_tools import load_benchmark

profile = load_benchmark("run_profile")

LOG = """\
Building DAG of jobs...
[Mon Dec  7 12:00:00 2026]
localrule solve:
    output: results/a.parquet
    log: logs/a.log
    jobid: 1
    benchmark: logs/benchmarks/a.tsv
    reason: Missing output files: results/a.parquet
Shell command: None
[Mon Dec  7 12:00:00 2026]
localrule fetch:
    output: results/b.parquet
    jobid: 2
    benchmark: logs/benchmarks/b.tsv
Shell command: None
[Mon Dec  7 12:00:05 2026]
Finished jobid: 2 (Rule: fetch)
1 of 3 steps (33%) done
[Mon Dec  7 12:00:30 2026]
Finished jobid: 1 (Rule: solve)
2 of 3 steps (67%) done
[Mon Dec  7 12:00:30 2026]
localrule claims:
    input: results/a.parquet, results/b.parquet
    output: results/claims.parquet
    jobid: 3
    benchmark: logs/benchmarks/claims.tsv
Shell command: None
[Mon Dec  7 12:00:32 2026]
Finished jobid: 3 (Rule: claims)
3 of 3 steps (100%) done
"""


def _bench(root: Path, name: str, seconds: float, cpu: float, rss: float) -> None:
    path = root / "logs" / "benchmarks" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(f"s\th:m:s\tmax_rss\tcpu_time\n{seconds}\t0:00:00\t{rss}\t{cpu}\n")


def test_the_critical_path_follows_the_longest_chain_of_dependent_jobs():
    jobs = profile.parse_log(LOG)
    assert [(job.rule, job.wall) for job in jobs] == [
        ("solve", 30.0),
        ("fetch", 5.0),
        ("claims", 2.0),
    ]
    assert [job.rule for job in profile.critical_path(jobs)] == ["solve", "claims"]


def test_the_rule_table_sums_each_rules_benchmarks(tmp_path):
    _bench(tmp_path, "a.tsv", 29.5, 58.0, 900)
    _bench(tmp_path, "b.tsv", 4.5, 1.0, 100)
    _bench(tmp_path, "claims.tsv", 1.5, 1.2, 300)
    text = profile.report(profile.parse_log(LOG), tmp_path)
    assert "Run: 3 jobs, 32 s from the first start to the last end." in text
    assert "| solve | 1 | 29.5 | 58.0 | 900 |" in text
    assert "| **all** | 3 | 35.5 | 60.2 | 900 |" in text
    assert text.endswith("Critical path (32 s):\nsolve (30 s)\nclaims (2 s)")


def test_a_jobs_own_cpu_line_counts_over_its_benchmark_sample(tmp_path):
    """Snakemake samples a job's CPU every 30 s after its first 15 s; the step's log ends
    with what the process itself used, which is the figure to trust."""
    _bench(tmp_path, "a.tsv", 29.5, 15.0, 900)
    _bench(tmp_path, "b.tsv", 4.5, 1.0, 100)
    _bench(tmp_path, "claims.tsv", 1.5, 1.2, 300)
    (tmp_path / "logs" / "a.log").write_text("work\nstep CPU: 28.50 s (user 28, system 0.5)\n")
    text = profile.report(profile.parse_log(LOG), tmp_path)
    assert "| solve | 1 | 29.5 | 28.5 | 900 |" in text


def test_run_step_ends_its_log_with_the_cpu_line(tmp_path):
    from asobi.core.runlog import run_step

    log = tmp_path / "step.log"
    assert run_step(log, lambda: 7) == 7
    assert profile.read_step_cpu(log) is not None
