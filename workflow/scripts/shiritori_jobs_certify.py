from pathlib import Path

from asobi.core.runlog import run_step
from asobi.shiritori.jobsearch import run_certify

task = snakemake.params.task
run_step(
    snakemake.log[0],
    run_certify,
    variant=task["variant"],
    start=task["start"],
    warm_lines=task["warm"],
    budget=task["budget"],
    table_bits=snakemake.params.table_bits,
    record=Path(snakemake.output.record),
    proofs=Path(snakemake.output.proofs),
)
