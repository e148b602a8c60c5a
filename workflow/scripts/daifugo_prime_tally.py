from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_prime_tally

run_step(
    snakemake.log[0],
    write_prime_tally,
    out=snakemake.output[0],
    shards=list(snakemake.input.shards),
    primes=snakemake.input.primes,
    tally_max=snakemake.params.tally_max,
    primes_max=snakemake.params.primes_max,
)
