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
    chunks=snakemake.params.chunks,
    node_budget=snakemake.params.node_budget,
    proof_budget=snakemake.params.proof_budget,
    compiled_budget=snakemake.params.compiled_budget,
    compiled_table_bits=snakemake.params.compiled_table_bits,
    compiled_table_ways=snakemake.params.compiled_table_ways,
    compiled_store=snakemake.params.compiled_store,
    vendored_proofs=snakemake.params.vendored_proofs,
    max_starts=snakemake.params.max_starts,
)
