from asobi.contraposition.pipeline import write_rule_audit
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_rule_audit,
    out=snakemake.output[0],
    exhaustive_sides=snakemake.params.exhaustive_sides,
    sample_sides=snakemake.params.sample_sides,
    sample_size=snakemake.params.sample_size,
    seed=snakemake.params.seed,
)
