# 素数大富豪 (prime daifugō): numbers table (sharded by range), layouts, z3 cross-check,
# playable-prime catalogue (sharded by range), prime tally (counted in shards past the
# catalogue), largest primes, hand odds, the engine's rulings on the article's plays, sums
# of two cubes, claims.
# Each rule gets only the config keys it reads; DAIFUGO_RULES is the deck part of the block.
from asobi.core.config import require_at_least

DAIFUGO = config["daifugo"]
DAIFUGO_RULES = {
    key: DAIFUGO[key] for key in ("suits", "jokers", "joker_zero", "max_tower_depth")
}

DAIFUGO_NUMBER_SHARDS = number_shards("daifugo", "n_max", "shard_size")
DAIFUGO_Z3_SHARDS = number_shards("daifugo", "z3_max", "z3_shard_size")
DAIFUGO_PRIME_SHARDS = number_shards(
    "daifugo", "primes_max", "primes_shard_size", offset=1
)
# the tally reaches at least as far as the catalogue (its rows are checked against it)
refuse_config_unless(require_at_least, DAIFUGO, "tally_max", "primes_max", "daifugo")
DAIFUGO_TALLY_SHARDS = number_shards(
    "daifugo", "tally_max", "tally_shard_size", offset=1
)

GAME_OUTPUTS["daifugo"] = lambda: [
    "results/daifugo/numbers.parquet",
    "results/daifugo/layouts.parquet",
    "results/daifugo/z3_crosscheck.parquet",
    "results/daifugo/genocchi.parquet",
    "results/daifugo/primes.parquet",
    "results/daifugo/prime_tally.parquet",
    "results/daifugo/hand_odds.parquet",
    "results/daifugo/ordinary_odds.parquet",
    "results/daifugo/largest_primes.parquet",
    "results/daifugo/largest_primes_verified.txt",
    "results/daifugo/rulings.parquet",
    "results/daifugo/cube_sums.parquet",
]
GAME_CLAIMS["daifugo"] = "results/daifugo/claims.parquet"


rule daifugo_numbers_shard:
    output:
        temp("results/daifugo/numbers/{lo}-{hi}.parquet"),
    log:
        "logs/daifugo/numbers/{lo}-{hi}.log",
    benchmark:
        "logs/benchmarks/daifugo/numbers/{lo}-{hi}.tsv"
    wildcard_constraints:
        lo=r"\d+",
        hi=r"\d+",
    resources:
        mem_mb=2000,
        runtime=20,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_numbers_shard.py"


rule daifugo_numbers:
    input:
        expand("results/daifugo/numbers/{shard}.parquet", shard=DAIFUGO_NUMBER_SHARDS),
    output:
        "results/daifugo/numbers.parquet",
    log:
        "logs/daifugo/numbers.log",
    benchmark:
        "logs/benchmarks/daifugo/numbers.tsv"
    resources:
        mem_mb=2000,
        runtime=10,
    params:
        n_max=DAIFUGO["n_max"],
    script:
        "../scripts/daifugo_merge_numbers.py"


rule daifugo_layouts:
    input:
        numbers="results/daifugo/numbers.parquet",
    output:
        "results/daifugo/layouts.parquet",
    log:
        "logs/daifugo/layouts.log",
    benchmark:
        "logs/benchmarks/daifugo/layouts.tsv"
    resources:
        mem_mb=2000,
        runtime=20,
    params:
        layouts_max=DAIFUGO["layouts_max"],
        n_max=DAIFUGO["n_max"],
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_layouts.py"


rule daifugo_z3_shard:
    output:
        temp("results/daifugo/z3/{lo}-{hi}.parquet"),
    log:
        "logs/daifugo/z3/{lo}-{hi}.log",
    benchmark:
        "logs/benchmarks/daifugo/z3/{lo}-{hi}.tsv"
    wildcard_constraints:
        lo=r"\d+",
        hi=r"\d+",
    resources:
        mem_mb=1000,
        runtime=30,
    params:
        rules=DAIFUGO_RULES,
        first_shard=DAIFUGO_Z3_SHARDS[0],
    script:
        "../scripts/daifugo_z3_shard.py"


rule daifugo_z3:
    input:
        expand("results/daifugo/z3/{shard}.parquet", shard=DAIFUGO_Z3_SHARDS),
    output:
        "results/daifugo/z3_crosscheck.parquet",
    log:
        "logs/daifugo/z3_crosscheck.log",
    benchmark:
        "logs/benchmarks/daifugo/z3_crosscheck.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    params:
        z3_max=DAIFUGO["z3_max"],
    script:
        "../scripts/daifugo_merge_z3.py"


rule daifugo_genocchi:
    output:
        "results/daifugo/genocchi.parquet",
    log:
        "logs/daifugo/genocchi.log",
    benchmark:
        "logs/benchmarks/daifugo/genocchi.tsv"
    resources:
        mem_mb=1000,
        runtime=10,
    params:
        genocchi_max=DAIFUGO["genocchi_max"],
    script:
        "../scripts/daifugo_genocchi.py"


rule daifugo_primes_shard:
    output:
        temp("results/daifugo/primes/{lo}-{hi}.parquet"),
    log:
        "logs/daifugo/primes/{lo}-{hi}.log",
    benchmark:
        "logs/benchmarks/daifugo/primes/{lo}-{hi}.tsv"
    wildcard_constraints:
        lo=r"\d+",
        hi=r"\d+",
    resources:
        # a byte per number of the shard (sieve) plus about 50 bytes per prime (table)
        mem_mb=lambda wildcards: 500
        + (int(wildcards.hi) - int(wildcards.lo)) // 250_000,
        runtime=20,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_primes_shard.py"


rule daifugo_primes:
    input:
        shards=expand(
            "results/daifugo/primes/{shard}.parquet", shard=DAIFUGO_PRIME_SHARDS
        ),
        numbers="results/daifugo/numbers.parquet",
    output:
        "results/daifugo/primes.parquet",
    log:
        "logs/daifugo/primes.log",
    benchmark:
        "logs/benchmarks/daifugo/primes.tsv"
    resources:
        mem_mb=500 + DAIFUGO["primes_max"] // 50_000,
        runtime=20,
    params:
        primes_max=DAIFUGO["primes_max"],
    script:
        "../scripts/daifugo_merge_primes.py"


rule daifugo_tally_shard:
    output:
        temp("results/daifugo/tally/{lo}-{hi}.parquet"),
    log:
        "logs/daifugo/tally/{lo}-{hi}.log",
    benchmark:
        "logs/benchmarks/daifugo/tally/{lo}-{hi}.tsv"
    wildcard_constraints:
        lo=r"\d+",
        hi=r"\d+",
    resources:
        # one sieve segment and the primes below the square root of hi: small at any size
        mem_mb=500,
        runtime=lambda wildcards: 5
        + (int(wildcards.hi) - int(wildcards.lo)) // 100_000_000,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_tally_shard.py"


rule daifugo_prime_tally:
    input:
        shards=expand(
            "results/daifugo/tally/{shard}.parquet", shard=DAIFUGO_TALLY_SHARDS
        ),
        primes="results/daifugo/primes.parquet",
    output:
        "results/daifugo/prime_tally.parquet",
    log:
        "logs/daifugo/prime_tally.log",
    benchmark:
        "logs/benchmarks/daifugo/prime_tally.tsv"
    resources:
        mem_mb=500 + DAIFUGO["primes_max"] // 50_000,
        runtime=10,
    params:
        tally_max=DAIFUGO["tally_max"],
        primes_max=DAIFUGO["primes_max"],
    script:
        "../scripts/daifugo_prime_tally.py"


rule daifugo_hand_odds:
    output:
        "results/daifugo/hand_odds.parquet",
    log:
        "logs/daifugo/hand_odds.log",
    benchmark:
        "logs/benchmarks/daifugo/hand_odds.tsv"
    resources:
        mem_mb=1500,
        runtime=10,
    params:
        hand_sizes=DAIFUGO["hand_sizes"],
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_hand_odds.py"


rule daifugo_ordinary_odds:
    output:
        "results/daifugo/ordinary_odds.parquet",
    log:
        "logs/daifugo/ordinary_odds.log",
    benchmark:
        "logs/benchmarks/daifugo/ordinary_odds.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_ordinary_odds.py"


rule daifugo_rulings:
    output:
        "results/daifugo/rulings.parquet",
    log:
        "logs/daifugo/rulings.log",
    benchmark:
        "logs/benchmarks/daifugo/rulings.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_rulings.py"


rule daifugo_cube_sums:
    output:
        "results/daifugo/cube_sums.parquet",
    log:
        "logs/daifugo/cube_sums.log",
    benchmark:
        "logs/benchmarks/daifugo/cube_sums.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    script:
        "../scripts/daifugo_cube_sums.py"


rule daifugo_claims:
    input:
        code=claims_code("daifugo"),
        numbers="results/daifugo/numbers.parquet",
        z3="results/daifugo/z3_crosscheck.parquet",
        genocchi="results/daifugo/genocchi.parquet",
        hand_odds="results/daifugo/hand_odds.parquet",
        ordinary_odds="results/daifugo/ordinary_odds.parquet",
        largest_primes="results/daifugo/largest_primes.parquet",
        # not read: the claims wait for the largest primes' certificate check
        largest_primes_verified="results/daifugo/largest_primes_verified.txt",
        prime_tally="results/daifugo/prime_tally.parquet",
        primes="results/daifugo/primes.parquet",
        rulings="results/daifugo/rulings.parquet",
        cube_sums="results/daifugo/cube_sums.parquet",
    output:
        "results/daifugo/claims.parquet",
        readings="results/daifugo/claim_readings.parquet",
    log:
        "logs/daifugo/claims.log",
    benchmark:
        "logs/benchmarks/daifugo/claims.tsv"
    resources:
        mem_mb=2000,
        runtime=10,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_claims.py"


rule daifugo_largest_primes:
    output:
        "results/daifugo/largest_primes.parquet",
    log:
        "logs/daifugo/largest_primes.log",
    benchmark:
        "logs/benchmarks/daifugo/largest_primes.tsv"
    resources:
        mem_mb=1500,
        runtime=10,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_largest_primes.py"


rule daifugo_largest_primes_check:
    input:
        table="results/daifugo/largest_primes.parquet",
    output:
        "results/daifugo/largest_primes_verified.txt",
    log:
        "logs/daifugo/largest_primes_verified.log",
    benchmark:
        "logs/benchmarks/daifugo/largest_primes_verified.tsv"
    resources:
        mem_mb=1000,
        runtime=10,
    params:
        rules=DAIFUGO_RULES,
    script:
        "../scripts/daifugo_largest_primes_check.py"
