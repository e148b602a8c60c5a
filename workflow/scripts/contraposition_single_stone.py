from asobi.contraposition.pipeline import write_single_stone
from asobi.core.runlog import run_step

run_step(snakemake.log[0], write_single_stone, out=snakemake.output[0])
