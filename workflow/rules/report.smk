# Publishing: the data package, the dataset card, the audit report (and its screenshot).
# Everything here waits for the final outputs of every enabled game, then describes
# whatever tables exist under results/.
# Light steps, and the screenshot needs Chromium: run them where Snakemake runs, never as
# cluster jobs.
localrules:
    report_card,
    report_screenshot,


GAME_OUTPUTS["report"] = lambda: [
    "results/datapackage.json",
    "results/DATASET.md",
    "results/report/index.html",
] + (["results/report/screenshot.png"] if report_screenshot_wanted() else [])


rule report_datapackage:
    input:
        published_tables,
    output:
        "results/datapackage.json",
    log:
        "logs/report/datapackage.log",
    benchmark:
        "logs/benchmarks/report/datapackage.tsv"
    resources:
        mem_mb=2000,
        runtime=20,
    script:
        "../scripts/report_datapackage.py"


rule report_card:
    input:
        "results/datapackage.json",
    output:
        "results/DATASET.md",
    log:
        "logs/report/card.log",
    benchmark:
        "logs/benchmarks/report/card.tsv"
    resources:
        mem_mb=500,
        runtime=5,
    script:
        "../scripts/report_card.py"


rule report_page:
    input:
        package="results/datapackage.json",
        tables=published_tables,
    output:
        page="results/report/index.html",
        figures=directory("results/report/figures"),
    log:
        "logs/report/index.log",
    benchmark:
        "logs/benchmarks/report/index.tsv"
    resources:
        mem_mb=4000,
        runtime=20,
    script:
        "../scripts/report_page.py"


rule report_screenshot:
    input:
        page="results/report/index.html",
        figures="results/report/figures",
    output:
        "results/report/screenshot.png",
    log:
        "logs/report/screenshot.log",
    benchmark:
        "logs/benchmarks/report/screenshot.tsv"
    resources:
        mem_mb=2000,
        runtime=10,
    params:
        width=config["report"]["screenshot_width"],
        height=config["report"]["screenshot_height"],
    script:
        "../scripts/report_screenshot.py"
