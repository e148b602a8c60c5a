from pathlib import Path

from asobi.core.runlog import run_step
from asobi.report.datapackage import write_package

out = Path(snakemake.output[0])
run_step(snakemake.log[0], write_package, results_dir=out.parent, out=out)
