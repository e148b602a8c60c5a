from asobi.contraposition.pipeline import write_protocol_facts
from asobi.core.runlog import run_step

run_step(snakemake.log[0], write_protocol_facts, out=snakemake.output[0])
