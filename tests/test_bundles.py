"""The local plan of the many-shard steps (asobi.core.bundles): shards dealt into bundles,
a bundle's job writing each shard's file as the shard's own job would, and the two plans:
bundles by default, one job per shard through the Slurm profile."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pyarrow.parquet as pq
from benchmark_tools import load_benchmark
from conftest import REPO, SNAKEMAKE, every_game_off, run_snakemake
from hypothesis import given
from hypothesis import strategies as st

from asobi.core.bundles import deal, run_shards

digests = load_benchmark("table_digests")
TSV = REPO / "resources/yokai/yokai_names_2024-07-02.tsv"
VARIANT = "long_vowel-vowel__small_kana-enlarge__final_u-pronounced__dakuten-free__aliases-ban"


@given(st.lists(st.integers(), max_size=40), st.integers(min_value=1, max_value=9))
def test_every_shard_goes_to_one_bundle_and_bundles_differ_by_at_most_one(shards, bundles):
    dealt = deal(shards, bundles)
    assert sorted(s for bundle in dealt for s in bundle) == sorted(shards)
    assert all(dealt) and len(dealt) == min(bundles, len(shards))
    sizes = [len(bundle) for bundle in dealt]
    assert not sizes or max(sizes) - min(sizes) <= 1


def _in_a_fresh_process(step: str, kwargs: dict) -> None:
    """``step(**kwargs)`` (``module:function``) in its own Python, as a shard's own job."""
    module, function = step.split(":")
    code = f"import json, sys\nfrom {module} import {function}\n{function}(**json.load(sys.stdin))"
    subprocess.run([sys.executable, "-c", code], input=json.dumps(kwargs), text=True, check=True)


def test_a_shiritori_bundle_writes_each_chunk_as_its_own_job_would(tmp_path: Path) -> None:
    """Chunk 1 solved after chunk 0 in one process gives the very rows (outcomes and
    certificates) of chunk 1 solved alone in a fresh one."""
    from asobi.shiritori.pipeline import write_outcomes_chunk

    def shard(folder: Path, chunk: int) -> dict:
        return {
            "tsv": str(TSV),
            "out": str(folder / f"outcomes/{chunk}.parquet"),
            "proofs_out": str(folder / f"proofs/{chunk}.parquet"),
            "variant": VARIANT,
            "chunk": chunk,
            "chunks": 2,
            "node_budget": 300,
            "proof_budget": 600,
            "compiled_budget": 3000,
            "compiled_table_bits": 14,
            "max_starts": 60,
        }

    bundle = tmp_path / "bundle"
    assert run_shards(write_outcomes_chunk, [shard(bundle, 0), shard(bundle, 1)], name="t") == 2
    (tmp_path / "alone/outcomes").mkdir(parents=True)
    (tmp_path / "alone/proofs").mkdir(parents=True)
    _in_a_fresh_process(
        "asobi.shiritori.pipeline:write_outcomes_chunk", shard(tmp_path / "alone", 1)
    )
    # the chunk decides words with certificates, so there is something to differ
    assert pq.read_metadata(bundle / "proofs/1.parquet").num_rows > 0
    for kind in ("outcomes", "proofs"):
        alone = digests.digests(tmp_path / "alone" / kind)
        assert digests.digests(bundle / kind)["1.parquet"] == alone["1.parquet"]


def test_a_self_play_bundle_writes_each_batch_as_its_own_job_would(tmp_path: Path) -> None:
    from asobi.contraposition.pipeline import write_selfplay_batch

    def batch(folder: Path, number: int) -> dict:
        return {
            "out": str(folder / f"b{number}.parquet"),
            "side": 4,
            "protocol": "onetwo",
            "white": "grave",
            "black": "uct",
            "batch": number,
            "games_per_batch": 3,
            "seed": 2023,
            "agents": {
                "grave": {"playouts": 40, "exploration": 0.0, "ref": 5, "bias": 1.0e-6},
                "uct": {"playouts": 40, "exploration": 1.41},
            },
        }

    run_shards(write_selfplay_batch, [batch(tmp_path / "bundle", n) for n in (0, 1)], name="t")
    (tmp_path / "alone").mkdir()
    _in_a_fresh_process(
        "asobi.contraposition.pipeline:write_selfplay_batch", batch(tmp_path / "alone", 1)
    )
    alone = digests.digests(tmp_path / "alone")
    assert digests.digests(tmp_path / "bundle")["b1.parquet"] == alone["b1.parquet"]


def _planned_jobs(*options: str) -> str:
    done = subprocess.run(
        [str(SNAKEMAKE), "-n", "--forceall", "--quiet", "rules", *options],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    return done.stdout


def test_the_default_plan_bundles_the_shards_and_the_slurm_profile_does_not() -> None:
    local = _planned_jobs()
    cluster = _planned_jobs("--profile", str(REPO / "profiles/slurm"))
    for bundled, sharded in (
        ("shiritori_solve_bundle", "shiritori_solve "),
        ("contraposition_selfplay_bundle", "contraposition_selfplay_batch"),
        ("contraposition_ladder_bundle", "contraposition_ladder_shard"),
    ):
        assert bundled in local and sharded not in local
        assert sharded in cluster and bundled not in cluster


# Both plans of a small config, each run until its shards are written (--until): the
# shard jobs' scripts (the cluster plan) and the bundles' scripts (the local plan) get their
# arguments from the same helpers of workflow/rules/common.smk, so every shard file is the
# same in both.
TWO_PLANS = every_game_off(
    contraposition={
        "solve_sides": [2],
        "selfplay_sides": [3],
        "selfplay_pairings": ["grave-uct"],
        "selfplay_batches": 2,
        "selfplay_games_per_batch": 1,
        "agents": {
            "uct": {"playouts": 10, "exploration": 1.4},
            "grave": {"playouts": 10, "exploration": 0.0, "ref": 5, "bias": 1.0e-6},
        },
        "ladder": {"budgets": [4], "sides": [3], "protocols": ["basic"], "games": 2},
        "calibration": {"side": 2, "budgets": [4], "games": 2},
        "ladder_vendored": None,
    },
    shiritori={"variants": [VARIANT], "max_starts": 12, "start_chunks": 2},
)
SHARD_RULES = {
    0: ["contraposition_selfplay_batch", "contraposition_ladder_shard", "shiritori_solve"],
    2: ["contraposition_selfplay_bundle", "contraposition_ladder_bundle", "shiritori_solve_bundle"],
}


def shard_key(path: Path) -> str | None:
    """A shard file's name in either plan (the bundle's own folder left out), or None for a
    file that is no shard."""
    parts = path.parts
    if parts[-3] in ("outcomes", "proofs"):  # shiritori: kind / variant / chunk
        return "/".join(parts[-3:])
    if parts[-2] in ("ladder_games", "calibration_games"):
        return "/".join(parts[-2:])
    if parts[-2] == "games" or parts[-2].startswith("selfplay_b"):  # a self-play batch
        return parts[-1]
    return None


def test_both_plans_write_the_same_shard_files(tmp_path: Path) -> None:
    found = {}
    for bundles, rules in SHARD_RULES.items():
        workdir = tmp_path / f"plan{bundles}"
        options = ["--until", *rules, "--notemp"]
        result = run_snakemake(workdir, {**TWO_PLANS, "shard_bundles": bundles}, options, cores=2)
        assert result.returncode == 0, result.stderr[-3000:]
        found[bundles] = {
            shard_key(path): digests.digests(path.parent)[path.name]
            for path in (workdir / "results").rglob("*.parquet")
            if shard_key(path) is not None
        }
    # 2 protocols x 2 self-play batches, 2 ladder agents, 2 protocols x 2 calibration agents,
    # 2 chunks x (outcomes, proofs)
    assert len(found[0]) == 4 + 2 + 4 + 4
    assert found[0] == found[2]


def test_the_digests_script_tells_equal_runs_from_different_ones(tmp_path: Path) -> None:
    import pandas as pd

    for run, value in (("a", 1), ("b", 1), ("c", 2)):
        (tmp_path / run / "game").mkdir(parents=True)
        pd.DataFrame({"x": [value]}).to_parquet(tmp_path / run / "game" / "t.parquet")
    assert digests.main([str(tmp_path / "a"), str(tmp_path / "b")]) == 0
    assert digests.main([str(tmp_path / "a"), str(tmp_path / "c")]) == 1
    assert digests.differences({"t": "1"}, {"t": "2", "u": "3"}) == [
        "t: rows differ",
        "u: only in the second run",
    ]
