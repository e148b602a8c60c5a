"""``asobi shiritori jobs``: job-level proof-number search over the open shiritori pairs,
locally or on Slurm (:mod:`asobi.shiritori.jobs`; docs/cluster.md, "Job-level
proof-number search"). The search modules are imported only when a command runs."""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.errors import InputError


@click.group(name="jobs")
def jobs() -> None:
    """Job-level proof-number search over the open pairs, locally or on Slurm.

    The driver keeps a small proof tree per open (variant, start word) pair in a folder
    (--state); each round one Snakemake invocation searches the most-proving leaves (one job
    each) and certifies the pairs proven; a pair counts once its certificate passes the
    rules-only verifier. docs/cluster.md, "Job-level proof-number search".
    """


_STATE = click.option(
    "--state",
    "state_dir",
    type=click.Path(file_okay=False, path_type=Path),
    required=True,
    help="The run's folder (created on the first run; a later run resumes it).",
)


@jobs.command(name="run")
@_STATE
@click.option(
    "--rounds", type=click.IntRange(min=1), help="Rounds to run (default: config rounds)."
)
@click.option(
    "--open",
    "open_source",
    type=click.Path(dir_okay=False, path_type=Path),
    default=Path("docs/shiritori-open-words.csv"),
    show_default=True,
    help="The open pairs, when the folder is new: a CSV with variant_id and start, or an "
    "outcomes.parquet (its unknown rows).",
)
@click.option("--variant", "variants", multiple=True, help="Only these variants (repeatable).")
@click.option("--word", "words", multiple=True, help="Only these start words (repeatable).")
@click.option(
    "--configfile",
    type=click.Path(dir_okay=False, path_type=Path),
    help="Settings (config/shiritori-jobs.yaml); kept in the folder, replaced when given again.",
)
@click.option(
    "--profile",
    "profiles",
    multiple=True,
    help="Snakemake profile(s) for the jobs, e.g. profiles/slurm (default: local, --cores).",
)
@click.option(
    "--cores",
    type=click.IntRange(min=1),
    default=2,
    show_default=True,
    help="Jobs at a time when run locally.",
)
@click.option(
    "--snakefile",
    type=click.Path(dir_okay=False, path_type=Path),
    help="workflow/shiritori-jobs.smk (default: the checkout's).",
)
def jobs_run(
    state_dir: Path,
    rounds: int | None,
    open_source: Path,
    variants: tuple[str, ...],
    words: tuple[str, ...],
    configfile: Path | None,
    profiles: tuple[str, ...],
    cores: int,
    snakefile: Path | None,
) -> None:
    """Run (or resume) the job-level search in --state for --rounds rounds."""
    from asobi.shiritori.jobs import Driver, find_snakefile, load_settings, open_pairs

    driver = Driver(state_dir, echo=click.echo)
    settings = load_settings(configfile) if configfile is not None else None
    if not driver.exists():
        pairs = open_pairs(open_source, variants, words)
        driver.create(pairs, settings or load_settings(None))
        click.echo(f"{state_dir}: {len(pairs)} open pairs")
    elif variants or words:
        raise InputError("--variant and --word choose the pairs of a new folder only")
    smk = find_snakefile(snakefile)
    count = rounds if rounds is not None else (settings or driver.settings())["rounds"]
    driver.run(count, snakefile=smk, profiles=profiles, cores=cores, settings=settings)


@jobs.command(name="status")
@_STATE
def jobs_status(state_dir: Path) -> None:
    """The pairs of --state by status, and the decided ones with their winners."""
    from asobi.shiritori.jobs import Driver

    driver = Driver(state_dir, echo=click.echo)
    state = driver.load()
    click.echo(f"next round {state.round}: {driver.counts_line(state)}")
    for pair in state.pairs:
        if pair.status != "open":
            click.echo(f"{pair.tree.key}: {pair.status} {pair.winner or ''}".rstrip())


@jobs.command(name="cost")
@_STATE
@click.option(
    "--cores",
    "core_counts",
    type=int,
    multiple=True,
    default=(2, 64, 1024),
    show_default=True,
    help="Cluster sizes to price a day of (repeatable).",
)
@click.option(
    "--overhead",
    type=float,
    default=9.0,
    show_default=True,
    help="Seconds of start-up per job (Snakemake, twice per Slurm job).",
)
@click.option(
    "--leaf-budget",
    "leaf_budgets",
    type=int,
    multiple=True,
    help="Also price jobs of this many nodes at the measured rate (repeatable).",
)
def jobs_cost(
    state_dir: Path, core_counts: tuple[int, ...], overhead: float, leaf_budgets: tuple[int, ...]
) -> None:
    """The cost model from the finished jobs of --state: nodes per core second, nodes per
    round, and a day of N cores."""
    from asobi.shiritori.jobs import cost

    spent = cost(state_dir)
    click.echo(
        f"{spent.rounds} rounds, {spent.leaf_jobs} leaf jobs, {spent.certify_jobs} certificate "
        f"jobs: {spent.nodes:,} nodes in {spent.cpu_seconds:,.1f} CPU s "
        f"({spent.nodes_per_core_second:,.0f} nodes per core second), "
        f"{spent.nodes_per_round:,.0f} nodes per round, "
        f"{spent.wall_seconds:,.1f} s of job wall time here"
    )
    for budget in (None, *leaf_budgets):
        for cores in core_counts:
            day = spent.day_on(cores, overhead, budget)
            click.echo(
                f"a day of {cores} cores, jobs of {day['nodes_per_job']:,.0f} nodes: "
                f"{day['jobs']:,.0f} jobs of {day['seconds_per_job']:.1f} s "
                f"({day['overhead_share']:.0%} start-up), {day['nodes']:,.0f} nodes"
            )
