"""素数大富豪: a real Snakemake run of the game's targets on tiny bounds."""

from __future__ import annotations

from asobi.core.tables import read_metadata, read_table

TINY = {
    "fivelines": {"enabled": False},
    "daifugo": {
        "n_max": 3000,
        "shard_size": 1000,
        "layouts_max": 400,
        "z3_max": 40,
        "z3_shard_size": 20,
        "genocchi_max": 60,
    },
}


def test_snakemake_daifugo(snakemake_run):
    result, workdir = snakemake_run(TINY, ["results/daifugo/claims.parquet"], cores=2)
    assert result.returncode == 0, result.stderr[-3000:]
    numbers = read_table(workdir / "results/daifugo/numbers.parquet")
    assert numbers["n"].tolist() == list(range(2, 3001))
    assert read_metadata(workdir / "results/daifugo/numbers.parquet")["table"] == "daifugo/numbers"
    z3 = read_table(workdir / "results/daifugo/z3_crosscheck.parquet")
    assert z3["agree"].all() and (z3["origin"] == "article_example").sum() == 9
    claims = read_table(workdir / "results/daifugo/claims.parquet").set_index("claim_id")
    assert claims.loc["daifugo.smallest_unplayable_composite_without_exponent", "verdict"] == (
        "confirmed"
    )
    # 40009 is beyond n_max here, so the Eden prime claim cannot be decided
    assert claims.loc["daifugo.smallest_eden_prime", "verdict"] == "undecided"
    assert (workdir / "logs/daifugo/numbers/2-1000.log").exists()
