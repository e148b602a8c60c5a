"""``asobi report ...``: build the report page, the data package, the dataset card, a
screenshot, and the release (archive and Hugging Face Hub folder); and ``asobi validate
results/`` (a top-level command, registered in :data:`asobi.cli.COMMANDS`): exit 0 when every
table matches ``datapackage.json``.

The page (matplotlib) and the screenshot (a browser) are imported by their commands only, so
that ``asobi validate`` and ``asobi report datapackage`` start quickly.
"""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.errors import DataError
from asobi.core.tables import sha256_file
from asobi.report.datapackage import PACKAGE_FILE, write_dataset_card, write_package
from asobi.report.hub import write_hub
from asobi.report.release import release_files, write_release
from asobi.report.validate import (
    REFERENCE_ROWS,
    reference_validator_installed,
    validate_results,
)

RESULTS = click.Path(exists=True, file_okay=False, path_type=Path)


@click.group("report")
def command() -> None:
    """Publish the results: audit report (HTML), data package, dataset card."""


@command.command("datapackage")
@click.argument("results", type=RESULTS, default="results")
def datapackage_command(results: Path) -> None:
    """Describe every table under RESULTS in RESULTS/datapackage.json."""
    path = write_package(results)
    click.echo(f"wrote {path}")


@command.command("card")
@click.argument("results", type=RESULTS, default="results")
@click.option("--out", type=click.Path(path_type=Path), help="Default: RESULTS/DATASET.md.")
def card_command(results: Path, out: Path | None) -> None:
    """Write the dataset card from RESULTS/datapackage.json."""
    path = write_dataset_card(results / PACKAGE_FILE, out or results / "DATASET.md")
    click.echo(f"wrote {path}")


@command.command("build")
@click.argument("results", type=RESULTS, default="results")
@click.option(
    "--out",
    type=click.Path(path_type=Path),
    help="Page to write. Default: RESULTS/report/index.html.",
)
def build_command(results: Path, out: Path | None) -> None:
    """Write the audit report page (and its figures) from the tables under RESULTS."""
    from asobi.report.report import build_report

    package = results / PACKAGE_FILE
    path = build_report(
        results, out or results / "report" / "index.html", package if package.is_file() else None
    )
    click.echo(f"wrote {path}")


@command.command("screenshot")
@click.argument("page", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--width", type=click.IntRange(200, 4000), default=1280, show_default=True)
@click.option("--height", type=click.IntRange(200, 20000), default=2000, show_default=True)
def screenshot_command(page: Path, out: Path, width: int, height: int) -> None:
    """Screenshot PAGE (a local HTML file) into OUT (PNG) with headless Chromium."""
    from asobi.report.browser import screenshot as take_screenshot

    path = take_screenshot(page, out, width=width, height=height)
    click.echo(f"wrote {path}")


@command.command("release")
@click.argument("results", type=RESULTS, default="results")
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=Path("dist"),
    show_default=True,
    help="Folder for the archive and the Hub folder.",
)
@click.option(
    "--hub/--no-hub",
    default=True,
    show_default=True,
    help="Also write the Hugging Face Hub dataset folder OUT/asobi-results-<version>-hub/.",
)
def release_command(results: Path, out: Path, hub: bool) -> None:
    """Write OUT/asobi-results-<version>.tar.gz: the tables of RESULTS, datapackage.json,
    croissant.json, DATASET.md, CITATION.cff, the licences and SHA256SUMS; and beside it the
    same files as a Hugging Face Hub dataset repository (README.md with the Hub's header in
    place of DATASET.md). The same tables give the same bytes; tables that do not match the
    package stop it (exit 2)."""
    files = release_files(results)
    path = write_release(results, out, files)
    click.echo(f"wrote {path} (sha256 {sha256_file(path)})")
    if hub:
        click.echo(f"wrote {write_hub(results, out, files)}/")


@click.command("validate")
@click.argument("results", type=RESULTS, default="results")
@click.option(
    "--frictionless/--no-frictionless",
    "reference",
    default=True,
    show_default=True,
    help="Also run the reference validator (frictionless) when it is installed.",
)
@click.option(
    "--frictionless-rows",
    "reference_rows",
    type=click.IntRange(0),
    default=REFERENCE_ROWS,
    show_default=True,
    help="Rows of each table frictionless checks; 0: every row (about an hour on a default "
    "run: it checks some 20 000 cells a second). asobi's own checks read every row.",
)
def validate_command(results: Path, reference: bool, reference_rows: int) -> None:
    """Re-read every table under RESULTS; compare size, sha256, rows and schema with
    RESULTS/datapackage.json, then run frictionless on it (when installed). Prints each
    mismatch (naming the file) and exits 2 on any."""
    problems = validate_results(results, reference=reference, reference_rows=reference_rows or None)
    for problem in problems:
        click.echo(f"asobi: invalid: {problem}", err=True)
    if problems:
        raise DataError(
            f"{len(problems)} table(s) or check(s) in {results} do not match "
            "the data package (listed above)"
        )
    if not reference:
        checked = "frictionless not run"
    elif reference_validator_installed():
        rows = f"first {reference_rows} rows of each table" if reference_rows else "every row"
        checked = f"frictionless: valid, {rows}"
    else:
        checked = "frictionless not installed, not run"
    click.echo(f"{results}: every table matches the data package ({checked})")
