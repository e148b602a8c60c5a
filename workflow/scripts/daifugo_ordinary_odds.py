from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_ordinary_odds

run_step(
    snakemake.log[0],
    write_ordinary_odds,
    out=snakemake.output[0],
    rules=dict(snakemake.params.rules),
)
