from asobi.contraposition.pipeline import write_ladder
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_ladder,
    parts=list(snakemake.params.parts),
    games_out=snakemake.output.games,
    out=snakemake.output.summary,
    config=snakemake.params.config,
)
