from asobi.chopsticks.pipeline import write_claims
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_claims,
    out=snakemake.output[0],
    variants=snakemake.input.variants,
    positions=snakemake.input.positions,
    lines=snakemake.input.lines,
)
