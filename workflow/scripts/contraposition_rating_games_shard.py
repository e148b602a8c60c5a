from asobi.contraposition.pipeline import write_rating_games_shard
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_rating_games_shard,
    out=snakemake.output[0],
    shard=int(snakemake.wildcards.shard),
    shards=snakemake.params.shards,
    side=snakemake.params.side,
    protocol=snakemake.params.protocol,
    kinds=snakemake.params.kinds,
    budgets=snakemake.params.budgets,
    games_per_pair=snakemake.params.games_per_pair,
    seed=snakemake.params.seed,
    agents=snakemake.params.agents,
)
