from asobi.contraposition.pipeline import write_eyes
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_eyes,
    out=snakemake.output[0],
    sides=snakemake.params.sides,
    positions=snakemake.params.positions,
    seed=snakemake.params.seed,
)
