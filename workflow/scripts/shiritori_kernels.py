from asobi.core.runlog import run_step
from asobi.shiritori.staged import compile_kernels

run_step(snakemake.log[0], compile_kernels, out=snakemake.output[0], **snakemake.params.stages)
