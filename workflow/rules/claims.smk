# Merge every enabled game's claims into results/claims.parquet and a text summary.


rule claims:
    input:
        game_claims(),
    output:
        "results/claims.parquet",
    log:
        "logs/claims.log",
    benchmark:
        "logs/benchmarks/claims.tsv"
    script:
        "../scripts/merge_claims.py"


rule summary:
    input:
        "results/claims.parquet",
    output:
        "results/summary.txt",
    log:
        "logs/summary.log",
    benchmark:
        "logs/benchmarks/summary.tsv"
    script:
        "../scripts/summary.py"
