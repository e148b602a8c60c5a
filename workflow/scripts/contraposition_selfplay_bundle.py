from asobi.contraposition.pipeline import write_selfplay_batch
from asobi.core.bundles import run_shards
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    run_shards,
    step=write_selfplay_batch,
    shards=snakemake.params.batches,
    name=f"self-play bundle {snakemake.wildcards.bundle}",
)
