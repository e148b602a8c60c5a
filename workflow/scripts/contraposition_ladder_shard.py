from asobi.contraposition.pipeline import write_ladder_shard
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_ladder_shard,
    out=snakemake.output[0],
    table=snakemake.params.table,
    agent=snakemake.wildcards.agent,
    budget=int(snakemake.wildcards.budget),
    side=int(snakemake.wildcards.side),
    protocol=snakemake.wildcards.protocol,
    shard=int(snakemake.wildcards.shard),
    games=snakemake.params.games,
    games_per_shard=snakemake.params.games_per_shard,
    seed=snakemake.params.seed,
    agents=snakemake.params.agents,
)
