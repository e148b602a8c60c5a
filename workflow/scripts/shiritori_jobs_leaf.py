from pathlib import Path

from asobi.core.runlog import run_step
from asobi.shiritori.jobsearch import run_leaf

task = snakemake.params.task
run_step(
    snakemake.log[0],
    run_leaf,
    variant=task["variant"],
    line=task["line"],
    budget=task["budget"],
    table_bits=snakemake.params.table_bits,
    out=Path(snakemake.output[0]),
)
