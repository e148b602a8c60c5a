from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_z3_shard

shard = f"{snakemake.wildcards.lo}-{snakemake.wildcards.hi}"
run_step(
    snakemake.log[0],
    write_z3_shard,
    out=snakemake.output[0],
    lo=int(snakemake.wildcards.lo),
    hi=int(snakemake.wildcards.hi),
    rules=dict(snakemake.params.rules),
    examples=shard == snakemake.params.first_shard,
)
