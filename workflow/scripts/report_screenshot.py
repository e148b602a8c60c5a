from asobi.core.runlog import run_step
from asobi.report.browser import screenshot

run_step(
    snakemake.log[0],
    screenshot,
    page=snakemake.input.page,
    out=snakemake.output[0],
    width=snakemake.params.width,
    height=snakemake.params.height,
)
