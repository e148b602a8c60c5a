from asobi.chopsticks.pipeline import write_merged
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_merged,
    variants=list(snakemake.input.variants),
    positions=list(snakemake.input.positions),
    out_variants=snakemake.output.variants,
    out_positions=snakemake.output.positions,
    config=dict(snakemake.params.settings),
)
