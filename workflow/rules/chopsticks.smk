# 数字を増やす遊び (chopsticks): every rule set solved by retrograde analysis, in shards of
# rule sets, merged into one variants table and one positions table; then the claims audit.
from asobi.chopsticks.rule_sets import selection as chopsticks_selection
from asobi.chopsticks.rule_sets import shard_names as chopsticks_shard_names

GAME_OUTPUTS["chopsticks"] = lambda: [
    "results/chopsticks/variants.parquet",
    "results/chopsticks/positions.parquet",
]
GAME_CLAIMS["chopsticks"] = "results/chopsticks/claims.parquet"
if enabled("chopsticks"):
    refuse_config_unless(chopsticks_shard_names, config["chopsticks"])


rule chopsticks_shard:
    output:
        variants=temp("results/chopsticks/shards/{shard}/variants.parquet"),
        positions=temp("results/chopsticks/shards/{shard}/positions.parquet"),
    log:
        "logs/chopsticks/shards/{shard}.log",
    benchmark:
        "logs/benchmarks/chopsticks/shards/{shard}.tsv"
    wildcard_constraints:
        shard=r"part\d+",
    resources:
        mem_mb=3000,
        runtime=20,
    params:
        settings={
            **chopsticks_selection(config["chopsticks"]),
            "shard_positions": config["chopsticks"]["shard_positions"],
        },
    script:
        "../scripts/chopsticks_shard.py"


rule chopsticks_merge:
    input:
        variants=lambda wildcards: expand(
            "results/chopsticks/shards/{shard}/variants.parquet",
            shard=chopsticks_shard_names(config["chopsticks"]),
        ),
        positions=lambda wildcards: expand(
            "results/chopsticks/shards/{shard}/positions.parquet",
            shard=chopsticks_shard_names(config["chopsticks"]),
        ),
    output:
        variants="results/chopsticks/variants.parquet",
        positions="results/chopsticks/positions.parquet",
    log:
        "logs/chopsticks/merge.log",
    benchmark:
        "logs/benchmarks/chopsticks/merge.tsv"
    resources:
        mem_mb=4000,
        runtime=10,
    params:
        settings=chopsticks_selection(config["chopsticks"]),
    script:
        "../scripts/chopsticks_merge.py"


rule chopsticks_claims:
    input:
        code=claims_code("chopsticks"),
        variants="results/chopsticks/variants.parquet",
        positions="results/chopsticks/positions.parquet",
        lines=f"{workflow.basedir}/resources/chopsticks/article_lines.yaml",
    output:
        "results/chopsticks/claims.parquet",
        readings="results/chopsticks/claim_readings.parquet",
    log:
        "logs/chopsticks/claims.log",
    benchmark:
        "logs/benchmarks/chopsticks/claims.tsv"
    resources:
        mem_mb=2000,
        runtime=5,
    script:
        "../scripts/chopsticks_claims.py"
