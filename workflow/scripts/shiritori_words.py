from asobi.core.runlog import run_step
from asobi.shiritori.pipeline import write_words

run_step(snakemake.log[0], write_words, tsv=snakemake.input.tsv, words_out=snakemake.output.words,
         quality_out=snakemake.output.quality, variants=snakemake.params.variants)
