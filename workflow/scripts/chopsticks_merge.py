from asobi.chopsticks.pipeline import merge_shards
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    merge_shards,
    variants=list(snakemake.input.variants),
    positions=list(snakemake.input.positions),
    out_variants=snakemake.output.variants,
    out_positions=snakemake.output.positions,
    config=dict(snakemake.params.settings),
)
