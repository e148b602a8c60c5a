from asobi.contraposition.pipeline import write_mirror
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_mirror,
    out=snakemake.output[0],
    sides=snakemake.params.sides,
    limit=snakemake.params.limit,
    seed=snakemake.params.seed,
)
