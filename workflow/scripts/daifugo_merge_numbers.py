from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import merge_numbers

run_step(
    snakemake.log[0],
    merge_numbers,
    parts=list(snakemake.input),
    out=snakemake.output[0],
    config=dict(snakemake.params.config),
)
