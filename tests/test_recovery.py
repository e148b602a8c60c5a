"""Interrupted runs: `make results` recovers by itself, stale temporaries are removed,
provenance names inputs relatively, failed steps leave their traceback in the log."""

from __future__ import annotations

import fcntl
import logging
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pandas as pd
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
