from asobi.contraposition.pipeline import write_ratings
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_ratings,
    parts=list(snakemake.input),
    games_out=snakemake.output.games,
    out=snakemake.output.summary,
    config=snakemake.params.config,
)
