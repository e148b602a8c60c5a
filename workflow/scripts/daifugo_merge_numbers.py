from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_numbers

run_step(
    snakemake.log[0],
    write_numbers,
    parts=list(snakemake.input),
    out=snakemake.output[0],
    n_max=snakemake.params.n_max,
)
