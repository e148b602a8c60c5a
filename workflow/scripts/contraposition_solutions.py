from asobi.contraposition.pipeline import merge_solutions
from asobi.core.runlog import run_step

run_step(snakemake.log[0], merge_solutions, parts=list(snakemake.input), out=snakemake.output[0])
