from asobi.contraposition.pipeline import write_selfplay
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_selfplay,
    parts=list(snakemake.params.parts),
    games_out=snakemake.output.games,
    out=snakemake.output.summary,
)
