from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_proofs

run_step(snakemake.log[0], write_proofs, parts=list(snakemake.params.parts), out=snakemake.output[0])
