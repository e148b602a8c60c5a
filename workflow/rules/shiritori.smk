# ようかいしりとり (yokai shiritori): check the vendored list, (optionally) fetch it from
# Wikipedia, clean it, solve every start word under every variant, audit the article.
from asobi.shiritori.vendored import vendored_check_mem_mb, vendored_inputs
from asobi.shiritori.pipeline import PRIORITY as SHIRITORI_PRIORITY
from asobi.shiritori.pipeline import solve_priority
from asobi.shiritori.shiritori import selected_rules

SHIRITORI = config["shiritori"]
SHIRITORI_TSV = f"{workflow.basedir}/resources/yokai/yokai_names_2024-07-02.tsv"
SHIRITORI_SUMS = f"{workflow.basedir}/resources/yokai/SHA256SUMS"
# The article's own ○/× for every row of its data file (resources/yokai/SOURCE.md).
SHIRITORI_MARKS = (
    f"{workflow.basedir}/resources/yokai/youkai_article_marks_2024-07-02.tsv"
)
SHIRITORI_VARIANTS = [
    rules_.variant_id for rules_ in selected_rules(SHIRITORI["variants"])
]
SHIRITORI_CHUNKS = list(range(SHIRITORI["start_chunks"]))
GAME_OUTPUTS["shiritori"] = lambda: [
    "results/shiritori/data_quality.parquet",
    "results/shiritori/words.parquet",
    "results/shiritori/outcomes.parquet",
    "results/shiritori/variant_summary.parquet",
    "results/shiritori/variant_effect.parquet",
    "results/shiritori/article_marks.parquet",
    "results/shiritori/proofs.parquet",
    "results/shiritori/proofs_verified.txt",
]
GAME_CLAIMS["shiritori"] = "results/shiritori/claims.parquet"
# The yokai list used: the vendored TSV, or the one fetched from Wikipedia.
SHIRITORI_SOURCE = (
    "results/shiritori/fetched/yokai_names.tsv"
    if SHIRITORI["source"] == "wikipedia"
    else SHIRITORI_TSV
)

# The solve shards (variant, start-word chunk), the costliest variants first: one job each
# in the cluster plan, else dealt into SHARD_BUNDLES jobs (rule shiritori_solve_bundle).
SHIRITORI_SHARDS = sorted(
    ((variant, chunk) for variant in SHIRITORI_VARIANTS for chunk in SHIRITORI_CHUNKS),
    key=lambda shard: -solve_priority(shard[0]),
)
SHIRITORI_BUNDLES = shard_bundles(SHIRITORI_SHARDS)
SHIRITORI_BUNDLE_OF = bundle_of(SHIRITORI_BUNDLES)


rule shiritori_check_vendored:
    input:
        tsv=SHIRITORI_TSV,
        sums=SHIRITORI_SUMS,
    output:
        "results/shiritori/vendored_checked.txt",
    log:
        "logs/shiritori/vendored_checked.log",
    benchmark:
        "logs/benchmarks/shiritori/vendored_checked.tsv"
    priority: SHIRITORI_PRIORITY
    resources:
        mem_mb=200,
        runtime=2,
    script:
        "../scripts/shiritori_check.py"


rule shiritori_fetch:
    input:
        vendored=SHIRITORI_TSV,
        checked="results/shiritori/vendored_checked.txt",
    output:
        tsv="results/shiritori/fetched/yokai_names.tsv",
        diff="results/shiritori/fetched/diff.parquet",
        sums="results/shiritori/fetched/SHA256SUMS",
    log:
        "logs/shiritori/fetched/yokai_names.log",
    benchmark:
        "logs/benchmarks/shiritori/fetched/yokai_names.tsv"
    resources:
        mem_mb=500,
        runtime=10,
    params:
        api_url=SHIRITORI["wikipedia"]["api_url"],
        title=SHIRITORI["wikipedia"]["title"],
        timestamp=SHIRITORI["wikipedia"]["timestamp"],
        timeout=SHIRITORI["wikipedia"]["timeout_seconds"],
        retries=SHIRITORI["wikipedia"]["retries"],
        max_bytes=SHIRITORI["wikipedia"]["max_bytes"],
    script:
        "../scripts/shiritori_fetch.py"


rule shiritori_words:
    input:
        tsv=SHIRITORI_SOURCE,
        checked="results/shiritori/vendored_checked.txt",
    output:
        words="results/shiritori/words.parquet",
        quality="results/shiritori/data_quality.parquet",
    log:
        "logs/shiritori/words.log",
    benchmark:
        "logs/benchmarks/shiritori/words.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    params:
        variants=SHIRITORI["variants"],
    script:
        "../scripts/shiritori_words.py"


rule shiritori_solve:
    input:
        tsv=SHIRITORI_SOURCE,
        checked="results/shiritori/vendored_checked.txt",
        # certificates of long searches vendored for the variant (docs/games/shiritori.md,
        # "Vendored certificates"): new ones re-run its jobs
        vendored=lambda wildcards: vendored_inputs(
            wildcards.variant, SHIRITORI["vendored_proofs"]
        ),
    output:
        outcomes=temp("results/shiritori/outcomes/{variant}/{chunk}.parquet"),
        proofs=temp("results/shiritori/proofs/{variant}/{chunk}.parquet"),
    log:
        "logs/shiritori/outcomes/{variant}/{chunk}.log",
    benchmark:
        "logs/benchmarks/shiritori/outcomes/{variant}/{chunk}.tsv"
    wildcard_constraints:
        variant="|".join(SHIRITORI_VARIANTS),
        chunk=r"\d+",
    priority: lambda wildcards: solve_priority(wildcards.variant)
    resources:
        mem_mb=lambda wildcards: shiritori_solve_mem_mb(
            [(wildcards.variant, int(wildcards.chunk))], SHIRITORI["vendored_proofs"]
        ),
        runtime=lambda wildcards: shiritori_solve_minutes([wildcards.variant]),
    params:
        settings=shiritori_solve_settings(),
    script:
        "../scripts/shiritori_solve.py"


# The local plan compiles the search kernels (numba) once, before the solve bundles: bundles
# starting side by side would each compile them (about 10 CPU s each), while one local job
# leaves the other core to other games' steps. (On a cluster each job compiles its own.)
localrules:
    shiritori_kernels,


rule shiritori_kernels:
    output:
        temp("results/shiritori/kernels_compiled.txt"),
    log:
        "logs/shiritori/kernels.log",
    benchmark:
        "logs/benchmarks/shiritori/kernels.tsv"
    priority: SHIRITORI_PRIORITY + 10
    resources:
        mem_mb=500,
        runtime=5,
    params:
        stages={
            "python_stages": True,  # node_budget is at least 1
            "compiled_stage": SHIRITORI["compiled_budget"] > 0,
        },
    script:
        "../scripts/shiritori_kernels.py"


# The local plan (shard_bundles > 0): the same shards, several to a job (asobi.core.bundles).
rule shiritori_solve_bundle:
    input:
        tsv=SHIRITORI_SOURCE,
        checked="results/shiritori/vendored_checked.txt",
        kernels="results/shiritori/kernels_compiled.txt",
        vendored=lambda wildcards: sorted(
            {
                path
                for variant, _ in SHIRITORI_BUNDLES[int(wildcards.bundle)]
                for path in vendored_inputs(variant, SHIRITORI["vendored_proofs"])
            }
        ),
    output:
        temp(directory("results/shiritori/bundles/b{bundle}")),
    log:
        "logs/shiritori/bundles/b{bundle}.log",
    benchmark:
        "logs/benchmarks/shiritori/bundles/b{bundle}.tsv"
    wildcard_constraints:
        bundle=r"\d+",
    priority: lambda wildcards: shiritori_bundle_priority(int(wildcards.bundle))
    resources:
        mem_mb=lambda wildcards: shiritori_solve_mem_mb(
            SHIRITORI_BUNDLES[int(wildcards.bundle)], SHIRITORI["vendored_proofs"]
        ),
        runtime=lambda wildcards: shiritori_solve_minutes(
            SHIRITORI_BUNDLES[int(wildcards.bundle)]
        ),
    params:
        shards=lambda wildcards: [
            {
                "variant": variant,
                "chunk": chunk,
                "out": shiritori_shard_file("outcomes", variant, chunk),
                "proofs_out": shiritori_shard_file("proofs", variant, chunk),
            }
            for variant, chunk in SHIRITORI_BUNDLES[int(wildcards.bundle)]
        ],
        settings=shiritori_solve_settings(),
    script:
        "../scripts/shiritori_solve_bundle.py"


rule shiritori_outcomes:
    input:
        shiritori_shard_inputs("outcomes"),
    output:
        "results/shiritori/outcomes.parquet",
    log:
        "logs/shiritori/outcomes.log",
    benchmark:
        "logs/benchmarks/shiritori/outcomes.tsv"
    priority: SHIRITORI_PRIORITY
    resources:
        mem_mb=1000,
        runtime=5,
    params:
        parts=shiritori_shard_files("outcomes"),
    script:
        "../scripts/shiritori_merge.py"


rule shiritori_proofs:
    input:
        shiritori_shard_inputs("proofs"),
    output:
        "results/shiritori/proofs.parquet",
    log:
        "logs/shiritori/proofs.log",
    benchmark:
        "logs/benchmarks/shiritori/proofs.tsv"
    priority: SHIRITORI_PRIORITY
    resources:
        # every certificate row in memory, its strings unencoded: 1.5 GB peak for the
        # 12 MB of shards of the default run (2026-12-04 23:57 UTC), 9.3 GB for 69 MB before
        # the vendored certificates stored each strategy once (135 times their size)
        mem_mb=lambda wildcards, input: max(2000, int(150 * files_size_mb(input))),
        runtime=10,
    params:
        parts=shiritori_shard_files("proofs"),
    script:
        "../scripts/shiritori_proofs.py"


# Every certificate checked with the rules alone (no solver); a wrong one fails the run.
# One thread: on the default run's certificates one process took 27 s and 1.2 GB, two
# processes 25 s (2026-12-04 23:57 UTC, machine idle; 164 s and 7.5 GB against 222 s and
# 9.1 GB before the vendored certificates stored each strategy once); and a one-core job
# starts as soon as the certificates are merged, while the other games' jobs use the second
# core, where a two-core job waited for both to be free (4 minutes).
# `asobi shiritori verify --jobs N` still checks in N processes.
rule shiritori_verify:
    input:
        tsv=SHIRITORI_SOURCE,
        outcomes="results/shiritori/outcomes.parquet",
        proofs="results/shiritori/proofs.parquet",
    output:
        "results/shiritori/proofs_verified.txt",
    log:
        "logs/shiritori/proofs_verified.log",
    benchmark:
        "logs/benchmarks/shiritori/proofs_verified.tsv"
    priority: SHIRITORI_PRIORITY
    threads: 1
    resources:
        # 1.2 GB peak for the 12 MB proofs.parquet of the default run, 7.5 GB for the 69 MB
        # file before (110 times its size); the word list and outcomes are small
        mem_mb=lambda wildcards, input: max(2000, int(150 * input.size_mb)),
        runtime=15,
    script:
        "../scripts/shiritori_verify.py"


rule shiritori_summaries:
    input:
        "results/shiritori/outcomes.parquet",
    output:
        summary="results/shiritori/variant_summary.parquet",
        effect="results/shiritori/variant_effect.parquet",
    log:
        "logs/shiritori/summaries.log",
    benchmark:
        "logs/benchmarks/shiritori/summaries.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/shiritori_summaries.py"


# Every row of the article's file beside the run's winner under the article's rules; the
# step checks the file against resources/yokai/SHA256SUMS as it reads it.
rule shiritori_article_marks:
    input:
        marks=SHIRITORI_MARKS,
        outcomes="results/shiritori/outcomes.parquet",
    output:
        "results/shiritori/article_marks.parquet",
    log:
        "logs/shiritori/article_marks.log",
    benchmark:
        "logs/benchmarks/shiritori/article_marks.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/shiritori_marks.py"


# The claims wait for the certificate check: a winner they report has had its certificate
# checked with the rules (the file is only an order, the script does not read it).
rule shiritori_claims:
    input:
        code=claims_code("shiritori"),
        words="results/shiritori/words.parquet",
        outcomes="results/shiritori/outcomes.parquet",
        effect="results/shiritori/variant_effect.parquet",
        marks="results/shiritori/article_marks.parquet",
        verified="results/shiritori/proofs_verified.txt",
    output:
        "results/shiritori/claims.parquet",
        readings="results/shiritori/claim_readings.parquet",
    log:
        "logs/shiritori/claims.log",
    benchmark:
        "logs/benchmarks/shiritori/claims.tsv"
    resources:
        mem_mb=1000,
        runtime=5,
    script:
        "../scripts/shiritori_claims.py"
