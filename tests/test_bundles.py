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
from conftest import REPO, SNAKEMAKE
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
