from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import merge_z3

run_step(
    snakemake.log[0],
    merge_z3,
    parts=list(snakemake.input),
    out=snakemake.output[0],
    config=dict(snakemake.params.config),
)
