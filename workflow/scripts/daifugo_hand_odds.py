from asobi.core.runlog import run_step
from asobi.daifugo.pipeline import write_hand_odds

run_step(
    snakemake.log[0],
    write_hand_odds,
    out=snakemake.output[0],
    hand_sizes=list(snakemake.params.hand_sizes),
    rules=dict(snakemake.params.rules),
)
