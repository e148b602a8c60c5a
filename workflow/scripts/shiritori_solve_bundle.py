from asobi.core.bundles import run_shards
from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_outcomes_chunk

folder = snakemake.output[0]
common = {
    "tsv": snakemake.input.tsv,
    "chunks": snakemake.params.chunks,
    "node_budget": snakemake.params.node_budget,
    "proof_budget": snakemake.params.proof_budget,
    "compiled_budget": snakemake.params.compiled_budget,
    "compiled_table_bits": snakemake.params.compiled_table_bits,
    "compiled_table_ways": snakemake.params.compiled_table_ways,
    "compiled_store": snakemake.params.compiled_store,
    "vendored_proofs": snakemake.params.vendored_proofs,
    "max_starts": snakemake.params.max_starts,
}
run_step(
    snakemake.log[0],
    run_shards,
    step=write_outcomes_chunk,
    shards=[
        {
            **common,
            "variant": variant,
            "chunk": chunk,
            "out": f"{folder}/outcomes/{variant}/{chunk}.parquet",
            "proofs_out": f"{folder}/proofs/{variant}/{chunk}.parquet",
        }
        for variant, chunk in snakemake.params.shards
    ],
    name=f"shiritori solve bundle {snakemake.wildcards.bundle}",
    outputs=("out", "proofs_out"),
)
