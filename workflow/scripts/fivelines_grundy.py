from asobi.core.runlog import run_step
from asobi.fivelines.pipeline import write_grundy

run_step(snakemake.log[0], write_grundy, out=snakemake.output[0], grundy_max=snakemake.params.grundy_max)
