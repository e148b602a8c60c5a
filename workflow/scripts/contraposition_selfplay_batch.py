from asobi.contraposition.pipeline import write_selfplay_batch
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_selfplay_batch,
    out=snakemake.output[0],
    side=int(snakemake.wildcards.side),
    protocol=snakemake.wildcards.protocol,
    white=snakemake.wildcards.white,
    black=snakemake.wildcards.black,
    batch=int(snakemake.wildcards.batch),
    games_per_batch=snakemake.params.games_per_batch,
    seed=snakemake.params.seed,
    agents=snakemake.params.agents,
)
