from asobi.contraposition.pipeline import write_claims
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_claims,
    out=snakemake.output[0],
    solutions=snakemake.input.solutions,
    selfplay=snakemake.input.selfplay,
    audit=snakemake.input.audit,
    eyes=snakemake.input.eyes,
    mirror=snakemake.input.mirror,
    protocol_facts=snakemake.input.protocol_facts,
    single_stone=snakemake.input.single_stone,
    ladder={
        kind: snakemake.input[kind]
        for kind in ("ladder", "calibration", "ratings", "rating_games")
    },
    vendored=snakemake.params.vendored,
)
