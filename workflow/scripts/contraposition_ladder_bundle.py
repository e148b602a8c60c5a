from asobi.contraposition.pipeline import write_ladder_shard
from asobi.core.bundles import run_shards
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    run_shards,
    step=write_ladder_shard,
    shards=snakemake.params.shards,
    name=f"ladder bundle {snakemake.wildcards.bundle}",
)
