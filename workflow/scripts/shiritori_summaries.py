from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_summaries

run_step(snakemake.log[0], write_summaries, outcomes=snakemake.input[0],
         summary_out=snakemake.output.summary, effect_out=snakemake.output.effect)
