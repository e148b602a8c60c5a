"""Interrupted runs: `make results` recovers by itself (and, cut by SIGINT or SIGKILL at a
few points and rerun, ends with the very tables of an uninterrupted run), stale temporaries
are removed, provenance names inputs relatively, failed steps leave their traceback in the
log."""

from __future__ import annotations

import fcntl
import hashlib
import json
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
import yaml

from asobi.core.runlog import run_step
from asobi.core.tables import (
    provenance_path,
    read_metadata,
    remove_stale_temporaries,
    write_table,
)

REPO = Path(__file__).resolve().parents[1]
VENV = Path(sys.prefix)
TINY_FIVELINES = {
    "fivelines": {"grundy_max": 40, "total_max": 10, "proof_max_width": 4, "proof_max_rows": 2}
}
TARGET = "results/fivelines/claims.parquet"


def test_stale_temporaries_are_removed_and_tables_kept(tmp_path: Path):
    table = write_table(pd.DataFrame({"a": [1]}), tmp_path / "g" / "t.parquet", table="g/t")
    stale = tmp_path / "g" / ".t.parquet.k2j3h4.tmp"
    stale.write_bytes(b"half a table")
    assert remove_stale_temporaries(tmp_path) == [stale]
    assert not stale.exists() and table.exists()


def test_provenance_names_inputs_relative_to_the_working_directory(tmp_path: Path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    source = tmp_path / "resources" / "input.tsv"
    source.parent.mkdir()
    source.write_text("x\n")
    assert provenance_path(source) == "resources/input.tsv"
    out = write_table(pd.DataFrame({"a": [1]}), "t.parquet", table="t", inputs=[source])
    assert list(read_metadata(out)["inputs"]) == ["resources/input.tsv"]


def test_a_failing_step_writes_its_traceback_to_the_log(tmp_path: Path):
    def broken_step() -> None:
        raise ZeroDivisionError("the bug")

    log = tmp_path / "step.log"
    with pytest.raises(ZeroDivisionError):
        run_step(log, broken_step)
    text = log.read_text()
    assert "step broken_step failed" in text and "ZeroDivisionError: the bug" in text
    logging.getLogger("asobi").handlers.clear()


def _wait_for_the_run_lock_to_be_released(seconds: float = 30) -> None:
    """Until the killed run's ``flock`` (in the group the SIGKILL went to, but not waited for)
    has exited and so released the Makefile's lock; on a loaded machine that can lag."""
    deadline = time.monotonic() + seconds
    with open(REPO / ".snakemake-make-results.lock", "a") as lock:
        while True:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                assert time.monotonic() < deadline, "the killed run still holds the lock"
                time.sleep(0.1)
            else:
                fcntl.flock(lock, fcntl.LOCK_UN)
                return


def _make_results(workdir: Path) -> subprocess.Popen[str]:
    args = f"{TARGET} --directory {workdir} --configfile {workdir / 'tiny.yaml'}"
    return subprocess.Popen(
        ["make", "-C", str(REPO), "results", f"VENV={VENV}", "CORES=1", f"SNAKEMAKE_ARGS={args}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
        env={**os.environ, "PYTHONHASHSEED": "0"},
    )


@pytest.mark.skipif(
    not (VENV / ".installed-run").exists(), reason="needs the Makefile's venv (make test)"
)
def test_make_results_recovers_after_kill_9(tmp_path: Path):
    (tmp_path / "tiny.yaml").write_text(yaml.safe_dump(TINY_FIVELINES))
    first = _make_results(tmp_path)
    deadline = time.monotonic() + 120
    logs = tmp_path / "logs" / "fivelines"
    while not (logs.exists() and any(logs.iterdir())) and time.monotonic() < deadline:
        assert first.poll() is None, first.communicate()[0][-2000:]
        time.sleep(0.2)
    os.killpg(first.pid, signal.SIGKILL)  # snakemake, make and the running job at once
    first.wait()
    _wait_for_the_run_lock_to_be_released()  # make is gone; its flock may still be exiting
    locks = tmp_path / ".snakemake" / "locks"
    assert locks.exists() and any(locks.iterdir()), "the killed run should leave its lock"
    stale = tmp_path / "results" / "fivelines" / ".grundy.parquet.x1y2z3.tmp"
    stale.parent.mkdir(parents=True, exist_ok=True)
    stale.write_bytes(b"cut off")

    second = _make_results(tmp_path)
    output, _ = second.communicate(timeout=600)
    assert second.returncode == 0, output[-3000:]
    assert (tmp_path / TARGET).exists()
    assert not stale.exists()
    assert "removed the stale temporary" in output


def _table_digests(workdir: Path) -> dict[str, str]:
    """Every table under ``workdir/results`` → sha256 of its rows (Arrow IPC, schema without
    Parquet metadata) and its asobi provenance metadata."""
    digests = {}
    for path in sorted((workdir / "results").rglob("*.parquet")):
        table = pq.read_table(path)
        sink = pa.BufferOutputStream()
        with pa.ipc.new_stream(sink, table.schema.remove_metadata()) as writer:
            writer.write_table(table.replace_schema_metadata(None))
        provenance = json.dumps(read_metadata(path), sort_keys=True, default=str)
        digest = hashlib.sha256(sink.getvalue().to_pybytes() + provenance.encode("utf-8"))
        digests[str(path.relative_to(workdir))] = digest.hexdigest()
    return digests


def _logs_written(workdir: Path) -> int:
    logs = workdir / "logs" / "fivelines"
    return sum(1 for _ in logs.glob("*.log")) if logs.exists() else 0


def _interrupt_after(workdir: Path, logs: int, first: signal.Signals) -> bool:
    """Start ``make results``, wait until ``logs`` rule logs exist, send ``first`` to the
    whole run (SIGINT: Snakemake stops its jobs; SIGKILL: everything dies at once), and
    SIGKILL what is left after a grace period. ``False`` when the run ended first."""
    run = _make_results(workdir)
    deadline = time.monotonic() + 300
    while _logs_written(workdir) < logs:
        if run.poll() is not None:  # finished before the point: nothing to interrupt
            return False
        assert time.monotonic() < deadline, "the run never reached the interruption point"
        time.sleep(0.1)
    os.killpg(run.pid, first)
    try:
        run.wait(timeout=30)
    except subprocess.TimeoutExpired:
        os.killpg(run.pid, signal.SIGKILL)
        run.wait()
    _wait_for_the_run_lock_to_be_released()
    return True


@pytest.mark.slow  # three tiny runs of five lines, about a minute on 2 busy cores
@pytest.mark.skipif(
    not (VENV / ".installed-run").exists(), reason="needs the Makefile's venv (make test)"
)
def test_interrupted_runs_end_with_the_tables_of_an_uninterrupted_run(tmp_path: Path):
    whole, cut = tmp_path / "whole", tmp_path / "cut"
    for workdir in (whole, cut):
        workdir.mkdir()
        (workdir / "tiny.yaml").write_text(yaml.safe_dump(TINY_FIVELINES))
    done = _make_results(whole)
    output, _ = done.communicate(timeout=600)
    assert done.returncode == 0, output[-3000:]
    # Cut the run at a few points, each rerun going further: SIGINT after the first job's
    # log, SIGKILL two jobs later, SIGINT again further on; then let it finish.
    assert _interrupt_after(cut, 1, signal.SIGINT)
    assert _interrupt_after(cut, _logs_written(cut) + 2, signal.SIGKILL)
    _interrupt_after(cut, _logs_written(cut) + 2, signal.SIGINT)  # may come too late
    last = _make_results(cut)
    output, _ = last.communicate(timeout=600)
    assert last.returncode == 0, output[-3000:]
    expected = _table_digests(whole)
    assert expected and _table_digests(cut) == expected
