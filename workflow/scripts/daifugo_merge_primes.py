from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_primes

run_step(
    snakemake.log[0],
    write_primes,
    parts=list(snakemake.input.shards),
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    primes_max=snakemake.params.primes_max,
)
