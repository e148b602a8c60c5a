from asobi.core.runlog import run_step
from asobi.core.summary import merge_claims

run_step(
    snakemake.log[0],
    merge_claims,
    claims_paths=snakemake.input.claims,
    out=snakemake.output.claims,
    readings_paths=snakemake.input.readings,
    readings_out=snakemake.output.readings,
)
