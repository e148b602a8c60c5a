from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_claims_table

run_step(snakemake.log[0], write_claims_table, words=snakemake.input.words,
         outcomes=snakemake.input.outcomes, effect=snakemake.input.effect,
         marks=snakemake.input.marks, out=snakemake.output[0])
