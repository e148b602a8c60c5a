from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import check_vendored

run_step(snakemake.log[0], check_vendored, tsv=snakemake.input.tsv, sums=snakemake.input.sums,
         out=snakemake.output[0])
