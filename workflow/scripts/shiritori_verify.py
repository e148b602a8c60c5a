from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_verification

# The checker's worker processes start by spawn, which imports this script again under
# another name: the guard keeps them from running the step themselves.
if __name__ == "__main__":
    run_step(snakemake.log[0], write_verification, outcomes=snakemake.input.outcomes,
             proofs=snakemake.input.proofs, tsv=snakemake.input.tsv, out=snakemake.output[0],
             jobs=snakemake.threads)
