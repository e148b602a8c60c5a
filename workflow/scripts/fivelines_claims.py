from asobi.core.runlog import run_step
from asobi.fivelines.pipeline import write_claims

run_step(
    snakemake.log[0],
    write_claims,
    out=snakemake.output[0],
    grundy=snakemake.input.grundy,
    positions=snakemake.input.positions,
    proofs=snakemake.input.proofs,
)
