from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_outcomes

run_step(snakemake.log[0], write_outcomes, parts=list(snakemake.params.parts), out=snakemake.output[0])
