from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_outcomes_chunk

run_step(
    snakemake.log[0],
    write_outcomes_chunk,
    tsv=snakemake.input.tsv,
    out=snakemake.output.outcomes,
    proofs_out=snakemake.output.proofs,
    variant=snakemake.wildcards.variant,
    chunk=int(snakemake.wildcards.chunk),
    **snakemake.params.settings,
)
