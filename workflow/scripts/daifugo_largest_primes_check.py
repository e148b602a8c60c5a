from asobi.core.runlog import run_step
from asobi.daifugo.largest_table import write_largest_primes_check

run_step(
    snakemake.log[0],
    write_largest_primes_check,
    out=snakemake.output[0],
    table=snakemake.input.table,
    rules=dict(snakemake.params.rules),
)
