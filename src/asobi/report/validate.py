"""``asobi validate results/``: re-read every table and compare it with the data package.

For each resource of ``datapackage.json``: its path stays inside the results folder, the
file exists, its size and sha256 match, it reads as Parquet, its row count, its columns
(names, order, Table Schema and Arrow types), its name, format and licence are what
asobi assigns to that file (a yokai-derived table relabelled CC0 is a problem). A table under
``results/`` that the package does not describe, or describes twice, is a problem too. Every
problem is one line naming the file, so a corrupted or truncated table is found at once.

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

from asobi.core.errors import DataError
from asobi.core.tables import sha256_file
from asobi.report.datapackage import PACKAGE_FILE, describe_table, load_package, table_files

REFERENCE_ERRORS_SHOWN = 5
#: Rows of each table frictionless reads by default. It checks about 13 000 cells a CPU
#: second (fewer in list columns), so every row of a default run (98 M cells) took 2 h 6 min
#: of CPU (docs/PERFORMANCE.md, "Publishing"); asobi's own checks read every row anyway.
REFERENCE_ROWS = 10_000


def reference_validator_installed() -> bool:
    """True when the reference validator (the ``frictionless`` package) can be imported."""
    return importlib.util.find_spec("frictionless") is not None


def reference_problems(
    package_path: str | os.PathLike[str], *, rows: int | None = REFERENCE_ROWS
) -> list[str]:
    """The errors of frictionless's own validation of the package (the first ``rows`` rows of
    each table; ``None``: every row), one line each, naming the table (the first
    :data:`REFERENCE_ERRORS_SHOWN` of each resource, then a count)."""
    import frictionless

    package_path = Path(package_path)
    report = frictionless.validate(str(package_path), limit_rows=rows)
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


#: What a resource must state exactly as ``asobi report datapackage`` states it for the same
#: file: where it is, what it is, its licence, its size and content, its columns.
CHECKED_KEYS = ("name", "profile", "format", "mediatype", "licenses")
CHECKED_FIELD_KEYS = ("name", "type", "arrow_type")


def _resource_path(root: Path, resource: object, index: int) -> tuple[Path | None, list[str]]:
    """The file of resource number ``index`` (from 1), or the one-line reasons it has none
    that may be read: not an object, no path, a path outside the results folder."""
    if not isinstance(resource, dict):
        return None, [f"resource {index} is a {type(resource).__name__}, not an object"]
    label = f"resource {index} ({resource.get('name')!r})"
    relative = resource.get("path")
    if not isinstance(relative, str) or not relative.strip():
        return None, [f"{label} has no path"]
    inside = root.resolve()
    path = (root / relative).resolve()
    if Path(relative).is_absolute() or ".." in Path(relative).parts or inside not in path.parents:
        return None, [f"{label}: path {relative!r} is outside the results folder {root}"]
    return root / relative, []


def _schema_problems(path: Path, stated: object, expected: list[dict]) -> list[str]:
    """The package's fields against the fields asobi derives from the file."""
    fields = stated.get("fields") if isinstance(stated, dict) else None
    if not isinstance(fields, list) or not all(isinstance(f, dict) for f in fields):
        return [f"{path}: the package's schema has no list of field objects"]
    found = [tuple(f.get(key) for key in CHECKED_FIELD_KEYS) for f in fields]
    wanted = [tuple(f[key] for key in CHECKED_FIELD_KEYS) for f in expected]
    names_found, names_wanted = [f[0] for f in found], [f[0] for f in wanted]
    if names_found != names_wanted:
        return [f"{path}: columns {names_wanted} differ from the package's {names_found}"]
    return [
        f"{path}: column {want[0]!r} is {have[1]!r} (Arrow {have[2]}) in the package, "
        f"{want[1]!r} (Arrow {want[2]}) in the file"
        for have, want in zip(found, wanted, strict=True)
        if have != want
    ]


def _check_resource(root: Path, path: Path, resource: dict) -> list[str]:
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
        rows = parquet.metadata.num_rows
        pq.read_table(path)  # decode every page: catches corrupted data, not just headers
        expected = describe_table(path, root)
    except (OSError, pa.ArrowException, ValueError, DataError) as error:
        problems.append(f"{path}: cannot be read as Parquet ({error})")
        return problems
    if rows != resource.get("rows"):
        problems.append(f"{path}: {rows} rows, the package says {resource.get('rows')}")
    for key in CHECKED_KEYS:
        if resource.get(key) != expected[key]:
            problems.append(
                f"{path}: {key} is {resource.get(key)!r} in the package, asobi assigns "
                f"{expected[key]!r}"
            )
    problems += _schema_problems(path, resource.get("schema"), expected["schema"]["fields"])
    return problems


def validate_results(
    results_dir: str | os.PathLike[str],
    *,
    reference: bool = True,
    reference_rows: int | None = REFERENCE_ROWS,
) -> list[str]:
    """Every mismatch between the tables under ``results_dir`` and its data package, then
    (``reference`` and frictionless installed) the reference validator's errors on the first
    ``reference_rows`` rows of each table (``None``: every row).

    An empty list means the folder is exactly what the package describes. A missing or
    malformed ``datapackage.json`` raises :class:`~asobi.core.errors.DataError`.
    """
    root = Path(results_dir)
    package = load_package(root / PACKAGE_FILE)
    problems: list[str] = []
    listed = set()
    for index, resource in enumerate(package["resources"], start=1):
        path, refused = _resource_path(root, resource, index)
        problems += refused
        if path is None:
            continue
        relative = path.relative_to(root).as_posix()
        if relative in listed:
            problems.append(f"{path}: described twice in the package (resource {index})")
            continue
        listed.add(relative)
        problems += _check_resource(root, path, resource)
    for path in table_files(root):
        if path.relative_to(root).as_posix() not in listed:
            problems.append(f"{path}: table not described in the package")
    if not problems and reference and reference_validator_installed():
        problems += reference_problems(root / PACKAGE_FILE, rows=reference_rows)
    return problems
