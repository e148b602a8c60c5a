"""``asobi validate results/``: exit 0 when every table matches ``datapackage.json``.

Any mismatch is printed (one line per problem, naming the file) and the command then fails
with :class:`~asobi.core.errors.DataError`, which ``asobi`` turns into exit status 2.
"""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.errors import DataError
from asobi.report.validate import (
    REFERENCE_ROWS,
    reference_validator_installed,
    validate_results,
)


@click.command("validate")
@click.argument(
    "results", type=click.Path(exists=True, file_okay=False, path_type=Path), default="results"
)
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
def command(results: Path, reference: bool, reference_rows: int) -> None:
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
