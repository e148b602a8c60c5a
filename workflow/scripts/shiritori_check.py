from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_vendored_check

run_step(snakemake.log[0], write_vendored_check, tsv=snakemake.input.tsv, sums=snakemake.input.sums,
         out=snakemake.output[0])
