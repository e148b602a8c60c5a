# Contraposition: exact solutions (side 2, 3), MCTS self-play (side 4, 5), rule audit, the
# rules engine's protocol facts and one-stone endgames, claims, the strength ladder
# (same-agent self-play at growing budgets), its side-3 calibration and the round-robin's
# ratings.
import os

from asobi.contraposition.plan import games_at as contraposition_games_at
from asobi.contraposition.plan import shard_count as contraposition_shard_count
from asobi.contraposition.plan import ladder_stamps as contraposition_ladder_stamps

CONTRAPOSITION = config["contraposition"]
CONTRAPOSITION_PROTOCOLS = ["basic", "onetwo"]


# one exact solve per (side, protocol); one batch of games per (side, protocol, pairing, batch)
CONTRAPOSITION_SOLUTION_SHARDS = expand(
    "results/contraposition/solutions/side{side}_{protocol}.parquet",
    side=CONTRAPOSITION["solve_sides"],
    protocol=CONTRAPOSITION_PROTOCOLS,
)
CONTRAPOSITION_BATCHES = [
    (side, protocol, pairing, batch)
    for side in CONTRAPOSITION["selfplay_sides"]
    for protocol in CONTRAPOSITION["selfplay_protocols"]
    for pairing in CONTRAPOSITION["selfplay_pairings"]
    for batch in range(CONTRAPOSITION["selfplay_batches"])
]
# the local plan (shard_bundles > 0): the batches dealt into bundles, one job each
CONTRAPOSITION_BATCH_BUNDLES = shard_bundles(CONTRAPOSITION_BATCHES)
CONTRAPOSITION_BATCH_BUNDLE_OF = bundle_of(CONTRAPOSITION_BATCH_BUNDLES)


CONTRAPOSITION_SELFPLAY_SHARDS = [
    contraposition_batch_file(*batch) for batch in CONTRAPOSITION_BATCHES
]
CONTRAPOSITION_SELFPLAY_INPUTS = (
    expand(
        "results/contraposition/bundles/selfplay_b{bundle}",
        bundle=range(len(CONTRAPOSITION_BATCH_BUNDLES)),
    )
    if CONTRAPOSITION_BATCH_BUNDLES
    else CONTRAPOSITION_SELFPLAY_SHARDS
)

CONTRAPOSITION_LADDER = CONTRAPOSITION["ladder"]
CONTRAPOSITION_CALIBRATION = CONTRAPOSITION["calibration"]
CONTRAPOSITION_RATINGS = CONTRAPOSITION["ratings"]


CONTRAPOSITION_LADDER_POINTS = contraposition_points(
    "ladder_games",
    CONTRAPOSITION_LADDER["sides"],
    CONTRAPOSITION_LADDER["protocols"],
    CONTRAPOSITION_LADDER["budgets"],
    contraposition_ladder_games,
)
CONTRAPOSITION_CALIBRATION_POINTS = contraposition_points(
    "calibration_games",
    [CONTRAPOSITION_CALIBRATION["side"]],
    CONTRAPOSITION_PROTOCOLS,
    CONTRAPOSITION_CALIBRATION["budgets"],
    contraposition_calibration_games,
)
# the local plan: the ladder's and the calibration's shards dealt into bundles together
CONTRAPOSITION_POINT_BUNDLES = shard_bundles(
    CONTRAPOSITION_LADDER_POINTS + CONTRAPOSITION_CALIBRATION_POINTS
)
CONTRAPOSITION_POINT_BUNDLE_OF = bundle_of(CONTRAPOSITION_POINT_BUNDLES)
CONTRAPOSITION_LADDER_SHARDS = [
    contraposition_point_file(point, CONTRAPOSITION_POINT_BUNDLE_OF.get(point))
    for point in CONTRAPOSITION_LADDER_POINTS
]
CONTRAPOSITION_CALIBRATION_SHARDS = [
    contraposition_point_file(point, CONTRAPOSITION_POINT_BUNDLE_OF.get(point))
    for point in CONTRAPOSITION_CALIBRATION_POINTS
]
CONTRAPOSITION_POINT_INPUTS = (
    expand(
        "results/contraposition/bundles/ladder_b{bundle}",
        bundle=range(len(CONTRAPOSITION_POINT_BUNDLES)),
    )
    if CONTRAPOSITION_POINT_BUNDLES
    else None
)
CONTRAPOSITION_RATING_SHARDS = expand(
    "results/contraposition/rating_games/s{shard}.parquet",
    shard=range(CONTRAPOSITION_RATINGS["shards"]),
)
CONTRAPOSITION_LADDER_STAMPS = contraposition_ladder_stamps(CONTRAPOSITION)


CONTRAPOSITION_VENDORED_NAMES = [
    "ladder",
    "ladder_games",
    "calibration",
    "calibration_games",
    "ratings",
    "rating_games",
]
CONTRAPOSITION_VENDORED = CONTRAPOSITION["ladder_vendored"] and os.path.join(
    workflow.basedir, CONTRAPOSITION["ladder_vendored"]
)


GAME_OUTPUTS["contraposition"] = lambda: [
    *contraposition_ladder_outputs(),
    "results/contraposition/solutions.parquet",
    "results/contraposition/games.parquet",
    "results/contraposition/selfplay.parquet",
    "results/contraposition/rule_audit.parquet",
    "results/contraposition/eyes.parquet",
    "results/contraposition/mirror.parquet",
    "results/contraposition/protocol_facts.parquet",
    "results/contraposition/single_stone.parquet",
]
GAME_CLAIMS["contraposition"] = "results/contraposition/claims.parquet"


rule contraposition_solve:
    output:
        temp("results/contraposition/solutions/side{side}_{protocol}.parquet"),
    log:
        "logs/contraposition/solutions/side{side}_{protocol}.log",
    benchmark:
        "logs/benchmarks/contraposition/solutions/side{side}_{protocol}.tsv"
    wildcard_constraints:
        side=r"\d+",
        protocol="|".join(CONTRAPOSITION_PROTOCOLS),
    resources:
        mem_mb=1500,
        runtime=60,
    params:
        max_nodes=CONTRAPOSITION["solve_max_nodes"],
        tt_bits=CONTRAPOSITION["solve_tt_bits"],
        margin=CONTRAPOSITION["solve_margin"],
        margin_max_nodes=CONTRAPOSITION["solve_margin_max_nodes"],
    script:
        "../scripts/contraposition_solve.py"


rule contraposition_solutions:
    input:
        CONTRAPOSITION_SOLUTION_SHARDS,
    output:
        "results/contraposition/solutions.parquet",
    log:
        "logs/contraposition/solutions.log",
    benchmark:
        "logs/benchmarks/contraposition/solutions.tsv"
    script:
        "../scripts/contraposition_solutions.py"


rule contraposition_selfplay_batch:
    output:
        temp(
            "results/contraposition/games/side{side}_{protocol}_{white}-{black}_b{batch}.parquet"
        ),
    log:
        "logs/contraposition/games/side{side}_{protocol}_{white}-{black}_b{batch}.log",
    benchmark:
        "logs/benchmarks/contraposition/games/side{side}_{protocol}_{white}-{black}_b{batch}.tsv"
    wildcard_constraints:
        side=r"\d+",
        protocol="|".join(CONTRAPOSITION_PROTOCOLS),
        white="uct|grave",
        black="uct|grave",
        batch=r"\d+",
    resources:
        mem_mb=500,
        runtime=30,
    params:
        batch=lambda w: contraposition_batch_kwargs(
            int(w.side), w.protocol, f"{w.white}-{w.black}", int(w.batch)
        ),
    script:
        "../scripts/contraposition_selfplay_batch.py"


# The local plan (shard_bundles > 0): the same batches, several to a job.
rule contraposition_selfplay_bundle:
    output:
        temp(directory("results/contraposition/bundles/selfplay_b{bundle}")),
    log:
        "logs/contraposition/bundles/selfplay_b{bundle}.log",
    benchmark:
        "logs/benchmarks/contraposition/bundles/selfplay_b{bundle}.tsv"
    wildcard_constraints:
        bundle=r"\d+",
    resources:
        mem_mb=500,
        runtime=lambda wildcards: 30
        * len(CONTRAPOSITION_BATCH_BUNDLES[int(wildcards.bundle)]),
    params:
        batches=lambda wildcards: [
            {
                **contraposition_batch_kwargs(*batch),
                "out": contraposition_batch_file(*batch),
            }
            for batch in CONTRAPOSITION_BATCH_BUNDLES[int(wildcards.bundle)]
        ],
    script:
        "../scripts/contraposition_selfplay_bundle.py"


rule contraposition_selfplay:
    input:
        CONTRAPOSITION_SELFPLAY_INPUTS,
    output:
        games="results/contraposition/games.parquet",
        summary="results/contraposition/selfplay.parquet",
    log:
        "logs/contraposition/selfplay.log",
    benchmark:
        "logs/benchmarks/contraposition/selfplay.tsv"
    params:
        parts=CONTRAPOSITION_SELFPLAY_SHARDS,
    script:
        "../scripts/contraposition_selfplay.py"


rule contraposition_ladder_shard:
    output:
        temp(
            "results/contraposition/{folder}/side{side}_{protocol}_{agent}{budget}_s{shard}.parquet"
        ),
    log:
        "logs/contraposition/{folder}/side{side}_{protocol}_{agent}{budget}_s{shard}.log",
    benchmark:
        "logs/benchmarks/contraposition/{folder}/side{side}_{protocol}_{agent}{budget}_s{shard}.tsv"
    wildcard_constraints:
        folder="ladder_games|calibration_games",
        side=r"\d+",
        protocol="|".join(CONTRAPOSITION_PROTOCOLS),
        agent="uct|grave",
        budget=r"\d+",
        shard=r"\d+",
    resources:
        mem_mb=800,
        runtime=120,
    params:
        shard=lambda w: contraposition_point_kwargs(
            (w.folder, int(w.side), w.protocol, w.agent, int(w.budget), int(w.shard))
        ),
    script:
        "../scripts/contraposition_ladder_shard.py"


# The local plan (shard_bundles > 0): the ladder's and calibration's shards, several to a job.
rule contraposition_ladder_bundle:
    output:
        temp(directory("results/contraposition/bundles/ladder_b{bundle}")),
    log:
        "logs/contraposition/bundles/ladder_b{bundle}.log",
    benchmark:
        "logs/benchmarks/contraposition/bundles/ladder_b{bundle}.tsv"
    wildcard_constraints:
        bundle=r"\d+",
    resources:
        mem_mb=800,
        runtime=lambda wildcards: 120
        * len(CONTRAPOSITION_POINT_BUNDLES[int(wildcards.bundle)]),
    params:
        shards=lambda wildcards: [
            {
                **contraposition_point_kwargs(point),
                "out": contraposition_point_file(point, int(wildcards.bundle)),
            }
            for point in CONTRAPOSITION_POINT_BUNDLES[int(wildcards.bundle)]
        ],
    script:
        "../scripts/contraposition_ladder_bundle.py"


rule contraposition_ladder:
    input:
        CONTRAPOSITION_POINT_INPUTS or CONTRAPOSITION_LADDER_SHARDS,
    output:
        games="results/contraposition/ladder_games.parquet",
        summary="results/contraposition/ladder.parquet",
    log:
        "logs/contraposition/ladder.log",
    benchmark:
        "logs/benchmarks/contraposition/ladder.tsv"
    params:
        parts=CONTRAPOSITION_LADDER_SHARDS,
        config=CONTRAPOSITION_LADDER_STAMPS["ladder"],
    script:
        "../scripts/contraposition_ladder.py"


rule contraposition_calibration:
    input:
        shards=CONTRAPOSITION_POINT_INPUTS or CONTRAPOSITION_CALIBRATION_SHARDS,
        solutions="results/contraposition/solutions.parquet",
    output:
        games="results/contraposition/calibration_games.parquet",
        summary="results/contraposition/calibration.parquet",
    log:
        "logs/contraposition/calibration.log",
    benchmark:
        "logs/benchmarks/contraposition/calibration.tsv"
    params:
        parts=CONTRAPOSITION_CALIBRATION_SHARDS,
        config=CONTRAPOSITION_LADDER_STAMPS["calibration"],
    script:
        "../scripts/contraposition_calibration.py"


rule contraposition_rating_games_shard:
    output:
        temp("results/contraposition/rating_games/s{shard}.parquet"),
    log:
        "logs/contraposition/rating_games/s{shard}.log",
    benchmark:
        "logs/benchmarks/contraposition/rating_games/s{shard}.tsv"
    wildcard_constraints:
        shard=r"\d+",
    resources:
        mem_mb=800,
        runtime=120,
    params:
        shards=CONTRAPOSITION_RATINGS["shards"],
        side=CONTRAPOSITION_RATINGS["side"],
        protocol=CONTRAPOSITION_RATINGS["protocol"],
        kinds=CONTRAPOSITION_LADDER["agents"],
        budgets=CONTRAPOSITION_LADDER["budgets"],
        games_per_pair=CONTRAPOSITION_RATINGS["games_per_pair"],
        seed=CONTRAPOSITION_LADDER["seed"],
        agents={k: CONTRAPOSITION["agents"][k] for k in CONTRAPOSITION_LADDER["agents"]},
    script:
        "../scripts/contraposition_rating_games_shard.py"


rule contraposition_ratings:
    input:
        CONTRAPOSITION_RATING_SHARDS,
    output:
        games="results/contraposition/rating_games.parquet",
        summary="results/contraposition/ratings.parquet",
    log:
        "logs/contraposition/ratings.log",
    benchmark:
        "logs/benchmarks/contraposition/ratings.tsv"
    params:
        config=CONTRAPOSITION_LADDER_STAMPS["ratings"],
    script:
        "../scripts/contraposition_ratings.py"


rule contraposition_ladder_vendored:
    input:
        tables=expand(
            "{folder}/{name}.parquet",
            folder=CONTRAPOSITION_VENDORED or "",
            name=CONTRAPOSITION_VENDORED_NAMES,
        ),
        sums=f"{CONTRAPOSITION_VENDORED}/SHA256SUMS",
        config=f"{CONTRAPOSITION_VENDORED}/config.yaml",
        overlay=f"{workflow.basedir}/config/overlays/contraposition-ladder.yaml",
        default_config=f"{workflow.basedir}/config/config.yaml",
    output:
        expand(
            "results/contraposition/{name}_vendored.parquet",
            name=CONTRAPOSITION_VENDORED_NAMES,
        ),
    log:
        "logs/contraposition/ladder_vendored.log",
    benchmark:
        "logs/benchmarks/contraposition/ladder_vendored.tsv"
    params:
        names=CONTRAPOSITION_VENDORED_NAMES,
    script:
        "../scripts/contraposition_ladder_vendored.py"


rule contraposition_rule_audit:
    output:
        "results/contraposition/rule_audit.parquet",
    log:
        "logs/contraposition/rule_audit.log",
    benchmark:
        "logs/benchmarks/contraposition/rule_audit.tsv"
    resources:
        mem_mb=2000,
        runtime=20,
    params:
        exhaustive_sides=CONTRAPOSITION["audit_exhaustive_sides"],
        sample_sides=CONTRAPOSITION["audit_sample_sides"],
        sample_size=CONTRAPOSITION["audit_sample_size"],
        seed=CONTRAPOSITION["audit_seed"],
    script:
        "../scripts/contraposition_rule_audit.py"


rule contraposition_eyes:
    output:
        "results/contraposition/eyes.parquet",
    log:
        "logs/contraposition/eyes.log",
    benchmark:
        "logs/benchmarks/contraposition/eyes.tsv"
    resources:
        mem_mb=1000,
        runtime=20,
    params:
        sides=CONTRAPOSITION["eye_sides"],
        positions=CONTRAPOSITION["eye_positions"],
        seed=CONTRAPOSITION["eye_seed"],
    script:
        "../scripts/contraposition_eyes.py"


rule contraposition_mirror:
    output:
        "results/contraposition/mirror.parquet",
    log:
        "logs/contraposition/mirror.log",
    benchmark:
        "logs/benchmarks/contraposition/mirror.tsv"
    resources:
        mem_mb=1000,
        runtime=10,
    params:
        sides=CONTRAPOSITION["mirror_sides"],
        limit=CONTRAPOSITION["mirror_limit"],
        seed=CONTRAPOSITION["mirror_seed"],
    script:
        "../scripts/contraposition_mirror.py"


# the sides and samples these two tables cover are constants of
# asobi.contraposition.rule_claims (RULES_SIDES, SINGLE_STONE_*)
rule contraposition_protocol_facts:
    output:
        "results/contraposition/protocol_facts.parquet",
    log:
        "logs/contraposition/protocol_facts.log",
    benchmark:
        "logs/benchmarks/contraposition/protocol_facts.tsv"
    script:
        "../scripts/contraposition_protocol_facts.py"


rule contraposition_single_stone:
    output:
        "results/contraposition/single_stone.parquet",
    log:
        "logs/contraposition/single_stone.log",
    benchmark:
        "logs/benchmarks/contraposition/single_stone.tsv"
    resources:
        mem_mb=500,
        runtime=10,
    script:
        "../scripts/contraposition_single_stone.py"


rule contraposition_claims:
    input:
        code=claims_code("contraposition"),
        solutions="results/contraposition/solutions.parquet",
        selfplay="results/contraposition/selfplay.parquet",
        audit="results/contraposition/rule_audit.parquet",
        eyes="results/contraposition/eyes.parquet",
        mirror="results/contraposition/mirror.parquet",
        protocol_facts="results/contraposition/protocol_facts.parquet",
        single_stone="results/contraposition/single_stone.parquet",
        ladder=contraposition_claims_ladder("ladder"),
        calibration=contraposition_claims_ladder("calibration"),
        ratings=contraposition_claims_ladder("ratings"),
        rating_games=contraposition_claims_ladder("rating_games"),
    output:
        "results/contraposition/claims.parquet",
        readings="results/contraposition/claim_readings.parquet",
    log:
        "logs/contraposition/claims.log",
    benchmark:
        "logs/benchmarks/contraposition/claims.tsv"
    params:
        vendored=bool(CONTRAPOSITION_VENDORED),
    script:
        "../scripts/contraposition_claims.py"
