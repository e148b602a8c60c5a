from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_cube_sums

run_step(snakemake.log[0], write_cube_sums, out=snakemake.output[0])
