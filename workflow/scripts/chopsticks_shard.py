from asobi.chopsticks.pipeline import write_shard
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_shard,
    shard=snakemake.wildcards.shard,
    config=dict(snakemake.params.settings),
    out_variants=snakemake.output.variants,
    out_positions=snakemake.output.positions,
)
