from asobi.contraposition.pipeline import write_solution
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_solution,
    out=snakemake.output[0],
    side=int(snakemake.wildcards.side),
    protocol=snakemake.wildcards.protocol,
    max_nodes=snakemake.params.max_nodes,
    tt_bits=snakemake.params.tt_bits,
    margin=snakemake.params.margin,
    margin_max_nodes=snakemake.params.margin_max_nodes,
)
