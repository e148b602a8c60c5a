from asobi.contraposition.pipeline import write_solutions
from asobi.core.runlog import run_step

run_step(snakemake.log[0], write_solutions, parts=list(snakemake.input), out=snakemake.output[0])
