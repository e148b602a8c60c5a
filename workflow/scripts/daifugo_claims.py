from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_claims

run_step(
    snakemake.log[0],
    write_claims,
    out=snakemake.output[0],
    numbers=snakemake.input.numbers,
    z3=snakemake.input.z3,
    genocchi=snakemake.input.genocchi,
    hand_odds=snakemake.input.hand_odds,
    ordinary_odds=snakemake.input.ordinary_odds,
    largest_primes=snakemake.input.largest_primes,
    prime_tally=snakemake.input.prime_tally,
    primes=snakemake.input.primes,
    rulings=snakemake.input.rulings,
    cube_sums=snakemake.input.cube_sums,
    rules=dict(snakemake.params.rules),
)
