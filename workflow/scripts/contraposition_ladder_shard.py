from asobi.contraposition.pipeline import write_ladder_shard
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_ladder_shard,
    out=snakemake.output[0],
    **snakemake.params.shard,
)
