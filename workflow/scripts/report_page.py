from pathlib import Path

from asobi.core.runlog import run_step
from asobi.report.report import build_report

package = Path(snakemake.input.package)
run_step(
    snakemake.log[0],
    build_report,
    results_dir=package.parent,
    out=snakemake.output.page,
    package=package,
)
