"""``asobi claims ...``: checks of the claims themselves, apart from any run.

``asobi claims check-sources DIR`` looks every article passage up, verbatim, in the article
texts saved in DIR (``../shared/articles`` in this project: one file per article, named in
:data:`asobi.core.sources.ARTICLES`). It checks the citations the games declare
(``CITATIONS`` in each game's claims module) or, with ``--claims``, the rows of a published
``claims.parquet``. Exit status 1 when a passage is not found, 2 on bad input.

``asobi claims recheck [RESULTS]`` re-derives every verdict's figures from the published
tables alone: each claim's DuckDB query (column ``recheck_sql``) against the files in
RESULTS, compared with the figures the claim states (``recheck_expected``), under time and
memory limits; the proof checks the installed asobi defines for the claims (never a command
read from the data); and whose query each claim has (:mod:`asobi.core.recheck_run`). Exit
status 1 on any mismatch (with ``--strict``, on any difference from the installed asobi),
2 on bad input.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import click

from asobi.core.config import schema_entry
from asobi.core.recheck import QueryLimits
from asobi.core.recheck_run import RecheckLimits, recheck_results
from asobi.core.sources import Citation, check_passages, declared_citations
from asobi.core.tables import read_table

F = TypeVar("F", bound=Callable[..., object])


@click.group("claims")
def command() -> None:
    """Check the claims: every quoted passage is in its source; every verdict's figures
    come out of the published tables again."""


def _citations_of(claims_file: Path) -> list[tuple[str, Citation]]:
    frame = read_table(claims_file)
    missing = {"claim_id", "source", "passage", "conditions"} - set(frame.columns)
    if missing:
        raise click.ClickException(f"{claims_file} has no column {', '.join(sorted(missing))}")
    return [
        (row.claim_id, Citation(row.source, row.passage, row.conditions))
        for row in frame.itertuples(index=False)
    ]


@command.command("check-sources")
@click.argument("articles", type=click.Path(exists=True, file_okay=False, path_type=Path))
@click.option(
    "--claims",
    "claims_file",
    type=click.Path(exists=True, dir_okay=False, path_type=Path),
    help="Check the rows of this claims table instead of the citations the games declare.",
)
def check_sources_command(articles: Path, claims_file: Path | None) -> None:
    """Find every article passage verbatim in the article texts in ARTICLES (a folder).

    Prints each passage that is not found, with its claim and article file, and a summary
    line; exits 1 when one is missing. Passages from public references (Wikipedia, the
    players' blogs) are counted but cannot be checked against a saved text.
    """
    citations = declared_citations() if claims_file is None else _citations_of(claims_file)
    checks = check_passages(citations, articles)
    missing = [check for check in checks if check.found is False]
    for check in missing:
        article = Citation(check.source, check.passage, "-").article
        file = article.file if article else "?"
        click.echo(f"not found in {file}: {check.claim_id}: {check.passage}")
    found = sum(check.found is True for check in checks)
    public = sum(check.found is None for check in checks)
    click.echo(
        f"{found} of {found + len(missing)} article passages found in {articles}; "
        f"{public} passages from public references not checked here"
    )
    if missing:
        raise click.exceptions.Exit(1)


def _sentence(description: str) -> str:
    """A schema description as an option's help (without its "asobi claims recheck: ")."""
    text = " ".join(description.split()).removeprefix("asobi claims recheck: ")
    return text[:1].upper() + text[1:]


def _limit_option(key: str, name: str, kind: type) -> Callable[[F], F]:
    """A ``--NAME`` option whose default, range and help come from the config schema's
    ``report.recheck_KEY``."""
    entry = schema_entry("report", f"recheck_{key}")
    low = entry.get("minimum", entry.get("exclusiveMinimum"))
    kind_type = click.IntRange if kind is int else click.FloatRange
    return click.option(
        f"--{name}",
        key,
        type=kind_type(low, entry.get("maximum"), min_open="exclusiveMinimum" in entry),
        default=entry["default"],
        show_default=True,
        help=_sentence(entry["description"]),
    )


@command.command("recheck")
@click.argument(
    "results",
    default="results",
    type=click.Path(exists=True, file_okay=False, path_type=Path),
)
@click.option(
    "--no-proofs",
    is_flag=True,
    help="Skip the proof checks (certificate checks, which may take minutes).",
)
@click.option(
    "--claim",
    "claim_ids",
    multiple=True,
    metavar="ID",
    help="Re-check only this claim (repeatable).",
)
@click.option(
    "--no-rebuild",
    is_flag=True,
    help="Do not rebuild asobi's definitions on the tables: each claim's query is then "
    "'not compared' with the installed asobi's.",
)
@click.option(
    "--strict",
    is_flag=True,
    help="Fail on any difference from the installed asobi: a claim whose query, figures, "
    "proof command or readings are not asobi's (or not compared), a claim asobi defines "
    "that the dataset lacks.",
)
@_limit_option("query_seconds", "query-seconds", float)
@_limit_option("memory_mb", "memory-mb", int)
@_limit_option("threads", "threads", int)
@_limit_option("proof_seconds", "proof-seconds", float)
@_limit_option("rebuild_seconds", "rebuild-seconds", float)
@_limit_option("total_seconds", "total-seconds", float)
def recheck_command(
    results: Path,
    no_proofs: bool,
    claim_ids: tuple[str, ...],
    no_rebuild: bool,
    strict: bool,
    query_seconds: float,
    memory_mb: int,
    threads: int,
    proof_seconds: float,
    rebuild_seconds: float,
    total_seconds: float,
) -> None:
    """Re-check every claim of RESULTS/claims.parquet from the files in RESULTS alone.

    Runs each claim's query (DuckDB, reading only the tables the claim cites, bounded in
    time and memory) and compares its figures with the ones the claim states; runs the proof
    checks the installed asobi defines for the claims, once each (in RESULTS); a published
    proof command that is not asobi's is a MISMATCH and is never run. Prints one line per
    claim (ok, MISMATCH with the figure, no query; and whose query it is: asobi's, not
    asobi's, not compared) and a summary; exits 1 on any mismatch. A claim without a query
    is counted apart, not as a pass.
    """
    limits = RecheckLimits(
        QueryLimits(seconds=query_seconds, memory_mb=memory_mb, threads=threads),
        proof_seconds=proof_seconds,
        rebuild_seconds=rebuild_seconds,
        total_seconds=total_seconds,
    )
    report = recheck_results(
        results,
        proofs=not no_proofs,
        claim_ids=claim_ids,
        limits=limits,
        rebuild=not no_rebuild,
        strict=strict,
        on_check=lambda check: click.echo(check.line()),
    )
    click.echo(report.summary())
    if report.failed:
        raise click.exceptions.Exit(1)
