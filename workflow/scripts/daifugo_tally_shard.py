from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_tally_shard

run_step(
    snakemake.log[0],
    write_tally_shard,
    out=snakemake.output[0],
    lo=int(snakemake.wildcards.lo),
    hi=int(snakemake.wildcards.hi),
    rules=dict(snakemake.params.rules),
)
