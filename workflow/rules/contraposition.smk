# Contraposition: exact solutions (side 2, 3), MCTS self-play (side 4, 5), rule audit, the
# rules engine's protocol facts and one-stone endgames, claims.
CONTRAPOSITION = config["contraposition"]
CONTRAPOSITION_PROTOCOLS = ["basic", "onetwo"]


# one exact solve per (side, protocol); one batch of games per (side, protocol, pairing, batch)
CONTRAPOSITION_SOLUTION_SHARDS = expand(
    "results/contraposition/solutions/side{side}_{protocol}.parquet",
    side=CONTRAPOSITION["solve_sides"],
    protocol=CONTRAPOSITION_PROTOCOLS,
)
CONTRAPOSITION_SELFPLAY_SHARDS = [
    f"results/contraposition/games/side{side}_{protocol}_{pairing}_b{batch}.parquet"
    for side in CONTRAPOSITION["selfplay_sides"]
    for protocol in CONTRAPOSITION["selfplay_protocols"]
    for pairing in CONTRAPOSITION["selfplay_pairings"]
    for batch in range(CONTRAPOSITION["selfplay_batches"])
]

GAME_OUTPUTS["contraposition"] = lambda: [
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
        games_per_batch=CONTRAPOSITION["selfplay_games_per_batch"],
        seed=CONTRAPOSITION["selfplay_seed"],
        # only the settings of this batch's two agents
        agents=lambda w: {
            k: CONTRAPOSITION["agents"][k] for k in sorted({w.white, w.black})
        },
    script:
        "../scripts/contraposition_selfplay_batch.py"


rule contraposition_selfplay:
    input:
        CONTRAPOSITION_SELFPLAY_SHARDS,
    output:
        games="results/contraposition/games.parquet",
        summary="results/contraposition/selfplay.parquet",
    log:
        "logs/contraposition/selfplay.log",
    benchmark:
        "logs/benchmarks/contraposition/selfplay.tsv"
    script:
        "../scripts/contraposition_selfplay.py"


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
    output:
        "results/contraposition/claims.parquet",
    log:
        "logs/contraposition/claims.log",
    benchmark:
        "logs/benchmarks/contraposition/claims.tsv"
    script:
        "../scripts/contraposition_claims.py"
