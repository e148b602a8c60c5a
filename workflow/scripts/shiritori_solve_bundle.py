from asobi.core.bundles import run_shards
from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_outcomes_chunk

common = {"tsv": snakemake.input.tsv, **snakemake.params.settings}
run_step(
    snakemake.log[0],
    run_shards,
    step=write_outcomes_chunk,
    shards=[{**common, **shard} for shard in snakemake.params.shards],
    name=f"shiritori solve bundle {snakemake.wildcards.bundle}",
    outputs=("out", "proofs_out"),
)
