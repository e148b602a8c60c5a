"""A small real Snakemake run of the shiritori targets (two variants, a few start words)."""

from __future__ import annotations

from pathlib import Path

from asobi.core.config import load_config
from asobi.core.tables import read_metadata, read_table
from asobi.shiritori.pipeline import PRIORITY, python_budgets, solve_priority
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, selected_rules

VARIANTS = [DEFAULT_RULES.variant_id, Rules(dakuten="free").variant_id]
TARGETS = [
    "results/shiritori/claims.parquet",
    "results/shiritori/variant_summary.parquet",
    "results/shiritori/words.parquet",
    "results/shiritori/data_quality.parquet",
    "results/shiritori/proofs_verified.txt",
]


def test_tiny_shiritori_run(snakemake_run):
    config = {
        "shard_bundles": 1,  # one solve job: the plans are compared in tests/test_bundles.py
        "shiritori": {
            "variants": VARIANTS,
            "max_starts": 50,
            "start_chunks": 2,
            "node_budget": 400,
            "proof_budget": 500,
        },
    }
    result, workdir = snakemake_run(config, TARGETS)
    assert result.returncode == 0, result.stderr[-3000:]
    outcomes = read_table(workdir / "results/shiritori/outcomes.parquet")
    assert len(outcomes) == 100
    assert set(outcomes["winner"]) <= {"yokai", "human", "unknown"}
    default = outcomes[outcomes["variant_id"] == DEFAULT_RULES.variant_id]
    azuki = default.set_index("start")["winner"]
    assert (azuki["アズキアライ"], azuki["アズキトギ"]) == ("human", "yokai")
    summary = read_table(workdir / "results/shiritori/variant_summary.parquet")
    assert summary["start_words"].tolist() == [50, 50]
    claims = read_table(workdir / "results/shiritori/claims.parquet")
    verdicts = claims.set_index("claim_id")["verdict"]
    assert verdicts["shiritori.azukiarai_human_win"] == "confirmed"
    assert verdicts["shiritori.rokurokubi_yokai_win"] == "undecided"  # not among the 50 starts
    assert verdicts["shiritori.bouzu_combo"] in {"confirmed", "refuted"}
    quality = read_table(workdir / "results/shiritori/data_quality.parquet")
    assert "whitespace_removed" in set(quality["kind"])
    assert read_metadata(workdir / "results/shiritori/outcomes.parquet")["table"] == (
        "shiritori/outcomes"
    )
    assert (workdir / "logs/shiritori/vendored_checked.log").exists()
    # the local plan compiled the search kernels once, before the solve bundles
    compiled = (workdir / "logs/shiritori/kernels.log").read_text()
    assert "asobi.shiritori.exactpn" in compiled and "asobi.shiritori.dfpn" in compiled
    decided = int((outcomes["winner"] != "unknown").sum())
    verified = (workdir / "results/shiritori/proofs_verified.txt").read_text()
    assert verified.startswith(f"verified {decided} certificates"), verified
    proofs = read_table(workdir / "results/shiritori/proofs.parquet")
    assert int(proofs["root"].sum()) == decided
    assert (workdir / "logs/benchmarks/shiritori/proofs_verified.tsv").exists()


def test_dry_run_with_wikipedia_source_plans_the_fetch(snakemake_run):
    config = {"shiritori": {"source": "wikipedia", "variants": VARIANTS[:1], "max_starts": 2}}
    result, _ = snakemake_run(config, ["results/shiritori/outcomes.parquet"], dry_run=True)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "shiritori_fetch" in result.stdout


def test_bad_config_value_stops_the_run(snakemake_run):
    result, _ = snakemake_run({"shiritori": {"node_budget": 0}}, TARGETS, dry_run=True)
    assert result.returncode != 0
    assert "shiritori.node_budget" in result.stderr


def test_the_long_solve_shards_are_scheduled_first():
    # The shards of the variants whose open words spend the whole compiled budget (dakuten
    # free, small kana enlarged) go before the other shiritori shards, which go before the
    # other games' jobs (priority 0).
    priorities = {
        rules.variant_id: solve_priority(rules.variant_id) for rules in selected_rules([])
    }
    long = {
        rules.variant_id
        for rules in selected_rules([])
        if rules.dakuten == "free" and rules.small_kana == "enlarge"
    }
    assert len(priorities) == 32 and len(long) == 8
    assert {priorities[v] for v in long} == {PRIORITY + 10}
    assert {p for v, p in priorities.items() if v not in long} == {PRIORITY}
    assert PRIORITY > 0


def test_the_scripts_python_budgets_are_the_default_runs():
    # benchmarks/shiritori_*.py search "as the pipeline does": their depth-first and Python
    # df-pn budgets are those of the default config.
    shiritori = load_config(Path(__file__).resolve().parents[1] / "config" / "config.yaml")[
        "shiritori"
    ]
    assert python_budgets() == {
        "node_budget": shiritori["node_budget"],
        "proof_budget": shiritori["proof_budget"],
    }
