from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_genocchi

run_step(
    snakemake.log[0],
    write_genocchi,
    out=snakemake.output[0],
    max_index=snakemake.params.genocchi_max,
)
