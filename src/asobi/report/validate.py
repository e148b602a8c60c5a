"""``asobi validate results/``: re-read every table and compare it with the data package.

For each resource of ``datapackage.json``: the file exists, its size and sha256 match, it
reads as Parquet, its row count and its columns (names, order, Arrow types) match. A table
under ``results/`` that the package does not describe is a problem too. Every problem names
the file, so a corrupted or truncated table is found at once.

When those checks pass and ``frictionless`` is installed (it is in the test extras), the
reference validator runs too (``frictionless validate datapackage.json``): its errors are
problems as well, at most :data:`REFERENCE_ERRORS_SHOWN` per resource.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.tables import sha256_file
from asobi.report.datapackage import PACKAGE_FILE, load_package, table_files

REFERENCE_ERRORS_SHOWN = 5


def reference_validator_installed() -> bool:
    """True when the reference validator (the ``frictionless`` package) can be imported."""
    return importlib.util.find_spec("frictionless") is not None


def reference_problems(package_path: str | os.PathLike[str]) -> list[str]:
    """The errors of frictionless's own validation of the package, one line each, naming the
    table (the first :data:`REFERENCE_ERRORS_SHOWN` of each resource, then a count)."""
    import frictionless

    package_path = Path(package_path)
    report = frictionless.validate(str(package_path))
    problems = [f"{package_path}: frictionless: {error.message}" for error in report.errors]
    for task in report.tasks:
        where = package_path.parent / task.place
        problems += [
            f"{where}: frictionless: {error.message}"
            for error in task.errors[:REFERENCE_ERRORS_SHOWN]
        ]
        if len(task.errors) > REFERENCE_ERRORS_SHOWN:
            hidden = len(task.errors) - REFERENCE_ERRORS_SHOWN
            problems.append(f"{where}: frictionless: {hidden} more error(s)")
    if not report.valid and not problems:
        problems.append(f"{package_path}: frictionless reports the package invalid")
    return problems


def _check_resource(root: Path, resource: dict) -> list[str]:
    relative = resource.get("path")
    if not isinstance(relative, str):
        return [f"resource {resource.get('name', '?')!r} has no path"]
    path = root / relative
    if not path.is_file():
        return [f"{path}: missing (listed in the package)"]
    problems = []
    size = path.stat().st_size
    if size != resource.get("file_bytes"):
        problems.append(f"{path}: {size} bytes, the package says {resource.get('file_bytes')}")
    digest = f"sha256:{sha256_file(path)}"
    if digest != resource.get("hash"):
        problems.append(f"{path}: sha256 differs from the package (corrupted or rewritten)")
    try:
        parquet = pq.ParquetFile(path)
        schema = parquet.schema_arrow
        rows = parquet.metadata.num_rows
        pq.read_table(path)  # decode every page: catches corrupted data, not just headers
    except (OSError, pa.ArrowException, ValueError) as error:
        problems.append(f"{path}: cannot be read as Parquet ({error})")
        return problems
    if rows != resource.get("rows"):
        problems.append(f"{path}: {rows} rows, the package says {resource.get('rows')}")
    expected = [
        (f.get("name"), f.get("arrow_type")) for f in resource.get("schema", {}).get("fields", [])
    ]
    found = [(field.name, str(field.type)) for field in schema]
    if expected != found:
        problems.append(f"{path}: columns {found} differ from the package's {expected}")
    return problems


def validate_results(results_dir: str | os.PathLike[str], *, reference: bool = True) -> list[str]:
    """Every mismatch between the tables under ``results_dir`` and its data package, then
    (``reference`` and frictionless installed) the reference validator's errors.

    An empty list means the folder is exactly what the package describes. A missing or
    malformed ``datapackage.json`` raises :class:`~asobi.core.errors.DataError`.
    """
    root = Path(results_dir)
    package = load_package(root / PACKAGE_FILE)
    problems: list[str] = []
    listed = set()
    for resource in package["resources"]:
        listed.add(resource.get("path"))
        problems += _check_resource(root, resource)
    for path in table_files(root):
        if path.relative_to(root).as_posix() not in listed:
            problems.append(f"{path}: table not described in the package")
    if not problems and reference and reference_validator_installed():
        problems += reference_problems(root / PACKAGE_FILE)
    return problems
