from asobi.core.runlog import run_step
from asobi.daifugo.largest_table import write_largest_primes

run_step(
    snakemake.log[0],
    write_largest_primes,
    out=snakemake.output[0],
    rules=dict(snakemake.params.rules),
)
