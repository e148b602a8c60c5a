from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_prime_tally

run_step(
    snakemake.log[0],
    write_prime_tally,
    out=snakemake.output[0],
    primes=snakemake.input.primes,
)
