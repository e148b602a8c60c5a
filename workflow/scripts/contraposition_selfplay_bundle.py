from asobi.contraposition.pipeline import write_selfplay_batch
from asobi.core.bundles import run_shards
from asobi.core.runlog import run_step

folder = snakemake.output[0]
agents = snakemake.params.agents
shards = []
for side, protocol, pairing, batch in snakemake.params.batches:
    white, black = pairing.split("-")
    shards.append(
        {
            "out": f"{folder}/side{side}_{protocol}_{pairing}_b{batch}.parquet",
            "side": side,
            "protocol": protocol,
            "white": white,
            "black": black,
            "batch": batch,
            "games_per_batch": snakemake.params.games_per_batch,
            "seed": snakemake.params.seed,
            # only the settings of this batch's two agents, as the batch's own job has
            "agents": {name: agents[name] for name in sorted({white, black})},
        }
    )
run_step(
    snakemake.log[0],
    run_shards,
    step=write_selfplay_batch,
    shards=shards,
    name=f"self-play bundle {snakemake.wildcards.bundle}",
)
