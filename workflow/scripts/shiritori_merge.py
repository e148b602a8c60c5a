from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import merge_outcomes

run_step(snakemake.log[0], merge_outcomes, parts=list(snakemake.input), out=snakemake.output[0])
