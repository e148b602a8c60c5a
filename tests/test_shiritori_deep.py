"""The deep-search tool (benchmarks/shiritori_deep.py): ``--warm`` searches a line's end first,
reports the verdict for the player to move there, and refuses a line that cannot be played."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq

from asobi.shiritori.shiritori import DEFAULT_RULES

SCRIPT = Path(__file__).resolve().parents[1] / "benchmarks" / "shiritori_deep.py"


def run_deep(out: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [
            sys.executable,
            str(SCRIPT),
            DEFAULT_RULES.variant_id,
            "アズキトギ",
            *args,
            "--budget",
            "100000",
            "--table-bits",
            "16",
            "--out",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )


def test_warm_reports_the_article_verdict_and_the_start_word_is_still_certified(tmp_path):
    # the article: アズキトギ is a yokai win, so after it the human (to move) loses
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--warm", "アズキトギ")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records[0]["warm"] == "アズキトギ"
    assert (records[0]["to_move"], records[0]["verdict"]) == ("human", "human loses")
    assert records[1]["start"] == "アズキトギ" and records[1]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert config["warm"] == ["アズキトギ"]


def test_warm_refuses_a_line_that_cannot_be_played_and_writes_nothing(tmp_path):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--warm", "アズキトギ ロクロクビ")  # ギ is not answered by ロ…
    assert result.returncode != 0
    assert "--warm: ロクロクビ cannot be said after アズキトギ" in result.stderr
    assert not out.exists()


def test_the_proof_store_sizes_change_no_verdict_and_are_recorded(tmp_path):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--store", "--store-sets-bits", "12", "--store-capacity", "8")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records[0]["start"] == "アズキトギ" and records[0]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert (config["store_sets_bits"], config["store_capacity"]) == (12, 8)


def test_split_gives_every_human_reply_to_a_yokai_win_as_lost(tmp_path):
    # the article: アズキトギ is a yokai win, so every reply the human has to it loses
    result = subprocess.run(
        [sys.executable, str(SCRIPT), DEFAULT_RULES.variant_id, "--split", "アズキトギ",
         "--split-budget", "100000", "--table-bits", "16"],
        capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records and {r["split"] for r in records} == {"アズキトギ"}
    assert {r["verdict"] for r in records} == {"human loses"}
    assert all(r["reply"].startswith("ギ") or r["reply"].startswith("キ") for r in records)
