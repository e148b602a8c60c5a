"""``asobi validate results/``: re-read every table and compare it with the data package.

For each resource of ``datapackage.json``: the file exists, its size and sha256 match, it
reads as Parquet, its row count and its columns (names, order, Arrow types) match. A table
under ``results/`` that the package does not describe is a problem too. Every problem names
the file, so a corrupted or truncated table is found at once.
"""

from __future__ import annotations

import os
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.tables import sha256_file
from asobi.report.datapackage import PACKAGE_FILE, load_package, table_files


def _check_resource(root: Path, resource: dict) -> list[str]:
    relative = resource.get("path")
    if not isinstance(relative, str):
        return [f"resource {resource.get('name', '?')!r} has no path"]
    path = root / relative
    if not path.is_file():
        return [f"{path}: missing (listed in the package)"]
    problems = []
    size = path.stat().st_size
    if size != resource.get("bytes"):
        problems.append(f"{path}: {size} bytes, the package says {resource.get('bytes')}")
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


def validate_results(results_dir: str | os.PathLike[str]) -> list[str]:
    """Every mismatch between the tables under ``results_dir`` and its data package.

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
    return problems
