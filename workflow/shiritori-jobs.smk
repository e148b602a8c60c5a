# Job-level proof-number search over the open shiritori pairs: one round of
# `asobi shiritori jobs run` (src/asobi/shiritori/jobs.py), which writes the round's plan to
# rounds/NNNN/manifest.json and calls
#
#   snakemake --snakefile workflow/shiritori-jobs.smk --directory STATE \
#       --config manifest=STATE/rounds/NNNN/manifest.json --cores 2   # or --profile profiles/slurm
#
# One job per leaf (a df-pn search with a node budget) and one per proven pair (its
# certificate), a wildcard each; a killed round resumes from the files that are there.
import json
from pathlib import Path

MANIFEST_PATH = Path(config["manifest"])
MANIFEST = json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))
ROUND = str(MANIFEST_PATH.resolve().parent.relative_to(Path.cwd().resolve()))
LEAF_MB = 600 + (36 << MANIFEST["leaf_table_bits"]) // 1_000_000
# the certificate search snapshots the table and the proof store for its re-searches
CERTIFY_MB = 2000 + 2 * (40 << MANIFEST["certify_table_bits"]) // 1_000_000


rule all:
    input:
        expand(f"{ROUND}/leaf/{{job}}.json", job=MANIFEST["leaves"]),
        expand(f"{ROUND}/certify/{{job}}.json", job=MANIFEST["certify"]),


rule shiritori_jobs_leaf:
    output:
        f"{ROUND}/leaf/{{job}}.json",
    log:
        f"{ROUND}/logs/leaf/{{job}}.log",
    benchmark:
        f"{ROUND}/logs/benchmarks/leaf/{{job}}.tsv"
    threads: 1
    resources:
        mem_mb=LEAF_MB,
        runtime=MANIFEST["leaf_runtime"],
    params:
        task=lambda wildcards: MANIFEST["leaves"][wildcards.job],
        table_bits=MANIFEST["leaf_table_bits"],
    script:
        "scripts/shiritori_jobs_leaf.py"


rule shiritori_jobs_certify:
    output:
        record=f"{ROUND}/certify/{{job}}.json",
        proofs=f"{ROUND}/certify/{{job}}.parquet",
    log:
        f"{ROUND}/logs/certify/{{job}}.log",
    benchmark:
        f"{ROUND}/logs/benchmarks/certify/{{job}}.tsv"
    threads: 1
    resources:
        mem_mb=CERTIFY_MB,
        runtime=MANIFEST["certify_runtime"],
    params:
        task=lambda wildcards: MANIFEST["certify"][wildcards.job],
        table_bits=MANIFEST["certify_table_bits"],
    script:
        "scripts/shiritori_jobs_certify.py"
