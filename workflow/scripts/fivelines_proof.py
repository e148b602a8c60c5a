from asobi.core.runlog import run_step
from asobi.fivelines.pipeline import write_proof

run_step(
    snakemake.log[0],
    write_proof,
    out=snakemake.output[0],
    lemma=snakemake.wildcards.lemma,
    max_width=snakemake.params.max_width,
    max_rows=snakemake.params.max_rows,
)
