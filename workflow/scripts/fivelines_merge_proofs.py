from asobi.core.runlog import run_step
from asobi.fivelines.pipeline import merge_proofs

run_step(snakemake.log[0], merge_proofs, parts=list(snakemake.input), out=snakemake.output[0])
