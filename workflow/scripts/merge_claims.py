from asobi.core.runlog import run_step
from asobi.core.summary import merge_claims

run_step(snakemake.log[0], merge_claims, claims_paths=snakemake.input, out=snakemake.output[0])
