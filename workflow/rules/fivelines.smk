# 五線 (five lines): Grundy values, every position up to total_max, z3 lemmas, claims.
FIVELINES_LEMMAS = ["move_breaks_zero", "zero_reachable", "row_grundy"]

GAME_OUTPUTS["fivelines"] = lambda: [
    "results/fivelines/grundy.parquet",
    "results/fivelines/positions.parquet",
    "results/fivelines/proofs.parquet",
]
GAME_CLAIMS["fivelines"] = "results/fivelines/claims.parquet"


rule fivelines_grundy:
    output:
        "results/fivelines/grundy.parquet",
    log:
        "logs/fivelines/grundy.log",
    benchmark:
        "logs/benchmarks/fivelines/grundy.tsv"
    resources:
        mem_mb=1000,
        runtime=10,
    params:
        grundy_max=config["fivelines"]["grundy_max"],
    script:
        "../scripts/fivelines_grundy.py"


# Every position and then the claims read from them are the run's longest chain of single
# jobs after shiritori's (about 20 + 15 s): started early, so that they do not run alone at
# the end of a run on two cores while the other core waits.
rule fivelines_positions:
    output:
        "results/fivelines/positions.parquet",
    log:
        "logs/fivelines/positions.log",
    benchmark:
        "logs/benchmarks/fivelines/positions.tsv"
    priority: 5
    resources:
        mem_mb=8000,
        runtime=30,
    params:
        total_max=config["fivelines"]["total_max"],
    script:
        "../scripts/fivelines_positions.py"


rule fivelines_proof:
    output:
        temp("results/fivelines/proofs/{lemma}.parquet"),
    log:
        "logs/fivelines/proofs/{lemma}.log",
    benchmark:
        "logs/benchmarks/fivelines/proofs/{lemma}.tsv"
    wildcard_constraints:
        lemma="|".join(FIVELINES_LEMMAS),
    resources:
        mem_mb=2000,
        runtime=30,
    params:
        max_width=config["fivelines"]["proof_max_width"],
        # lemma (b) is proved for 1..proof_max_rows rows; the others have no row count
        max_rows=lambda w: (
            config["fivelines"]["proof_max_rows"]
            if w.lemma == "zero_reachable"
            else None
        ),
    script:
        "../scripts/fivelines_proof.py"


rule fivelines_proofs:
    input:
        expand("results/fivelines/proofs/{lemma}.parquet", lemma=FIVELINES_LEMMAS),
    output:
        "results/fivelines/proofs.parquet",
    log:
        "logs/fivelines/proofs.log",
    benchmark:
        "logs/benchmarks/fivelines/proofs.tsv"
    script:
        "../scripts/fivelines_merge_proofs.py"


rule fivelines_claims:
    input:
        code=claims_code("fivelines"),
        grundy="results/fivelines/grundy.parquet",
        positions="results/fivelines/positions.parquet",
        proofs="results/fivelines/proofs.parquet",
    output:
        "results/fivelines/claims.parquet",
        readings="results/fivelines/claim_readings.parquet",
    log:
        "logs/fivelines/claims.log",
    benchmark:
        "logs/benchmarks/fivelines/claims.tsv"
    priority: 5
    script:
        "../scripts/fivelines_claims.py"
