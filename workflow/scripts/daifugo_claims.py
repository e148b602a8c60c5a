from asobi.core.runlog import run_step
from asobi.daifugo.claims import write_daifugo_claims

run_step(
    snakemake.log[0],
    write_daifugo_claims,
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    layouts=snakemake.input.layouts,
    z3=snakemake.input.z3,
    genocchi=snakemake.input.genocchi,
    config=dict(snakemake.params.config),
)
