# Merge every enabled game's claims and their readings into results/claims.parquet and
# results/claim_readings.parquet, and a text summary.


rule claims:
    input:
        claims=game_claims(),
        readings=game_readings(),
    output:
        claims="results/claims.parquet",
        readings="results/claim_readings.parquet",
    log:
        "logs/claims.log",
    benchmark:
        "logs/benchmarks/claims.tsv"
    script:
        "../scripts/merge_claims.py"


rule summary:
    input:
        claims="results/claims.parquet",
        readings="results/claim_readings.parquet",
    output:
        "results/summary.txt",
    log:
        "logs/summary.log",
    benchmark:
        "logs/benchmarks/summary.tsv"
    script:
        "../scripts/summary.py"
