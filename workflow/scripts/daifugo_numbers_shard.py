from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_numbers_shard

run_step(
    snakemake.log[0],
    write_numbers_shard,
    out=snakemake.output[0],
    lo=int(snakemake.wildcards.lo),
    hi=int(snakemake.wildcards.hi),
    rules=dict(snakemake.params.rules),
)
