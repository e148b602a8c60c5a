from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_verification

run_step(snakemake.log[0], write_verification, outcomes=snakemake.input.outcomes,
         proofs=snakemake.input.proofs, tsv=snakemake.input.tsv, out=snakemake.output[0],
         jobs=snakemake.threads)
