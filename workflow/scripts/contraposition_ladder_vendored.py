from pathlib import Path

from asobi.contraposition.vendored import write_vendored
from asobi.core.runlog import run_step

run_step(
    snakemake.log[0],
    write_vendored,
    folder=str(Path(snakemake.input.sums).parent),
    overlay=snakemake.input.overlay,
    default_config=snakemake.input.default_config,
    outs=dict(zip(snakemake.params.names, snakemake.output, strict=True)),
)
