from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_article_marks

run_step(snakemake.log[0], write_article_marks, marks=snakemake.input.marks,
         outcomes=snakemake.input.outcomes, out=snakemake.output[0])
