from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_layouts

config = dict(snakemake.params.config)
run_step(
    snakemake.log[0],
    write_layouts,
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    layouts_max=min(config["layouts_max"], config["n_max"]),
    config=config,
)
