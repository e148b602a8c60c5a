from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_layouts

run_step(
    snakemake.log[0],
    write_layouts,
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    layouts_max=min(snakemake.params.layouts_max, snakemake.params.n_max),
    rules=dict(snakemake.params.rules),
)
