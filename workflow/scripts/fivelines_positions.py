from asobi.core.runlog import run_step
from asobi.fivelines.pipeline import write_positions

run_step(snakemake.log[0], write_positions, out=snakemake.output[0], total_max=snakemake.params.total_max)
