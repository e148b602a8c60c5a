from asobi.contraposition.pipeline import write_selfplay_batch
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_selfplay_batch,
    out=snakemake.output[0],
    **snakemake.params.batch,
)
