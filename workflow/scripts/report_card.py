from asobi.core.runlog import run_step
from asobi.report.datapackage import write_dataset_card

run_step(snakemake.log[0], write_dataset_card, package_path=snakemake.input[0], out=snakemake.output[0])
