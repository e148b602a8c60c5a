from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_z3_crosscheck

run_step(
    snakemake.log[0],
    write_z3_crosscheck,
    parts=list(snakemake.input),
    out=snakemake.output[0],
    z3_max=snakemake.params.z3_max,
)
