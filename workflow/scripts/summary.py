from asobi.core.runlog import run_step
from asobi.core.summary import write_summary

run_step(
    snakemake.log[0],
    write_summary,
    claims_path=snakemake.input.claims,
    readings_path=snakemake.input.readings,
    out=snakemake.output[0],
)
