from asobi.contraposition.pipeline import write_calibration
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_calibration,
    parts=list(snakemake.params.parts),
    solutions=snakemake.input.solutions,
    games_out=snakemake.output.games,
    out=snakemake.output.summary,
    config=snakemake.params.config,
)
