from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_claims

run_step(
    snakemake.log[0],
    write_claims,
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    layouts=snakemake.input.layouts,
    z3=snakemake.input.z3,
    genocchi=snakemake.input.genocchi,
    rules=dict(snakemake.params.rules),
    z3_max=snakemake.params.z3_max,
)
