"""The Frictionless Data Package (``results/datapackage.json``) and its dataset card.

Every Parquet table under ``results/`` becomes one resource: its path (relative to the
package), what one row is (``description``), format, size, ``sha256`` hash, row count, the
rule variants it covers, licence, sources, and a Table Schema whose fields carry the
Frictionless type, a description (from :mod:`asobi.report.catalog`) and the exact Arrow type
(``arrow_type``, used by ``asobi validate``). The table's ``asobi.*`` provenance metadata is
copied under ``asobi``. Nothing time-dependent is written, so the same tables give the same
package byte for byte.

The package must pass the reference validator, ``frictionless validate datapackage.json``
(frictionless 5), which reads Parquet through pyarrow and pandas. Three consequences:

- list columns are declared ``any``: pandas hands a list cell over as a numpy array, which
  frictionless's ``array`` type rejects (it takes Python lists or JSON text only);
- a null in an integer or string column reaches frictionless as NaN, so the schema declares
  ``nan`` (with the empty string) as a missing value;
- frictionless never sees a Parquet file's bytes, so a standard ``bytes`` property would be
  reported as a mismatch ("actual is None"): the size goes in ``file_bytes`` instead (the
  ``sha256`` ``hash`` it silently skips). ``asobi validate`` checks both, and the exact
  Arrow types.

``rows`` (the row count), ``file_bytes`` and ``variants`` are extensions: the Data Package
standard has none of them (frictionless does check ``rows``).
"""

from __future__ import annotations

import json
import logging
import os
import re
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from asobi import __version__
from asobi.core.errors import DataError
from asobi.core.games import GAMES
from asobi.core.runlog import progress
from asobi.core.sources import ARTICLES
from asobi.core.tables import read_metadata, sha256_file
from asobi.report.catalog import (
    DAIFUGO_DECK_NOTE,
    PROJECT_LICENCE,
    UNDESCRIBED_ROW,
    UNDOCUMENTED,
    WIKIPEDIA_SOURCE,
    YOKAI_LICENCE,
    describe_column,
    describe_row,
    game_of,
    licence_for,
    rules_covered,
    sources_for,
    variant_columns,
)

log = logging.getLogger("asobi.report")

PACKAGE_FILE = "datapackage.json"
PACKAGE_NAME = "asobi-results"
PARQUET_MEDIATYPE = "application/vnd.apache.parquet"
# How frictionless sees a null read through pandas: "" (the Table Schema default) and NaN.
MISSING_VALUES = ["", "nan"]
# Variants listed by name in a resource's ``variants``; beyond this, the first few and a count.
VARIANTS_LISTED = 12


def table_files(results_dir: str | os.PathLike[str]) -> list[Path]:
    """Every Parquet table under ``results_dir``, sorted; hidden files and folders skipped.

    Hidden names are the temporary files of an interrupted :func:`write_table`.
    """
    root = Path(results_dir)
    found = []
    for path in root.rglob("*.parquet"):
        relative = path.relative_to(root)
        if any(part.startswith(".") for part in relative.parts):
            continue
        found.append(path)
    return sorted(found, key=lambda p: p.relative_to(root).as_posix())


def frictionless_type(arrow_type: pa.DataType) -> str:
    """The Table Schema field type for an Arrow type.

    Lists (and maps) are ``any``: frictionless reads Parquet through pandas, whose list cells
    are numpy arrays that its ``array`` type rejects. The exact type is in ``arrow_type``.

    >>> frictionless_type(pa.int64()), frictionless_type(pa.list_(pa.string()))
    ('integer', 'any')
    """
    checks = [
        (pa.types.is_boolean, "boolean"),
        (pa.types.is_integer, "integer"),
        (pa.types.is_floating, "number"),
        (pa.types.is_decimal, "number"),
        (pa.types.is_string, "string"),
        (pa.types.is_large_string, "string"),
        (pa.types.is_dictionary, "string"),
        (pa.types.is_struct, "object"),
        (pa.types.is_date, "date"),
        (pa.types.is_timestamp, "datetime"),
        (pa.types.is_time, "time"),
        (pa.types.is_duration, "duration"),
    ]
    for check, name in checks:
        if check(arrow_type):
            return name
    return "any"


def resource_name(relative_path: str) -> str:
    """A Data Package resource name from a table's path: ``chopsticks/variants.parquet`` ->
    ``chopsticks.variants`` (lower case, ``.``, ``_`` and ``-`` only).

    >>> resource_name("shiritori/words/long_vowel-vowel.parquet")
    'shiritori.words.long_vowel-vowel'
    """
    stem = relative_path.removesuffix(".parquet").replace("/", ".").lower()
    return re.sub(r"[^a-z0-9._-]", "-", stem)


def variants_covered(table: str, path: Path, schema: pa.Schema) -> str:
    """The rule variants a table covers: the distinct values of its variant columns (see
    :func:`~asobi.report.catalog.variant_columns`), or the catalog's text for tables whose
    rules are not a column."""
    columns = [c for c in variant_columns(table) if c in schema.names]
    if not columns:
        return rules_covered(table)
    frame = pq.read_table(path, columns=columns).group_by(columns).aggregate([])
    rows = sorted(frame.to_pylist(), key=lambda row: [str(row[c]) for c in columns])
    if len(columns) == 1:
        values = [str(row[columns[0]]) for row in rows]
    else:
        values = ["(" + ", ".join(str(row[c]) for c in columns) + ")" for row in rows]
    named = " × ".join(f"`{c}`" for c in columns)
    shown = values if len(values) <= VARIANTS_LISTED else values[:5]
    listed = ", ".join(shown) + ("" if shown == values else f", … ({len(values)} in all)")
    return f"{len(values)} distinct {named}: {listed}" if values else f"none ({named} empty)"


def describe_table(path: str | os.PathLike[str], results_dir: str | os.PathLike[str]) -> dict:
    """One Data Package resource for the table at ``path``."""
    path = Path(path)
    relative = path.relative_to(results_dir).as_posix()
    try:
        metadata = read_metadata(path)
        parquet = pq.ParquetFile(path)
    except (OSError, pa.ArrowException, ValueError) as error:
        raise DataError(f"table {path} cannot be read as Parquet: {error}") from error
    table = str(metadata.get("table") or relative.removesuffix(".parquet"))
    schema = parquet.schema_arrow.remove_metadata()
    games: tuple[str, ...] = ()
    yokai_rows = False
    if "game" in schema.names and game_of(table) not in ARTICLES:
        values = pq.read_table(path, columns=["game"]).column("game").unique().to_pylist()
        games = tuple(sorted(str(v) for v in values if v is not None))
        yokai_rows = "shiritori" in games
    fields = []
    undocumented = []
    for field in schema:
        description = describe_column(table, field.name)
        if description == UNDOCUMENTED:
            undocumented.append(field.name)
        fields.append(
            {
                "name": field.name,
                "type": frictionless_type(field.type),
                "description": description,
                "arrow_type": str(field.type),
            }
        )
    if undocumented:
        log.warning(
            "%s: columns without a registered description: %s", relative, ", ".join(undocumented)
        )
    if describe_row(table) == UNDESCRIBED_ROW:
        log.warning("%s: no row description registered for table %s", relative, table)
    return {
        "name": resource_name(relative),
        "path": relative,
        "title": table,
        "description": describe_row(table),
        "profile": "tabular-data-resource",
        "format": "parquet",
        "mediatype": PARQUET_MEDIATYPE,
        "file_bytes": path.stat().st_size,
        "hash": f"sha256:{sha256_file(path)}",
        "rows": parquet.metadata.num_rows,
        "variants": variants_covered(table, path, schema),
        "licenses": [licence_for(table, contains_yokai_rows=yokai_rows)],
        "sources": sources_for(table, games),
        "schema": {"fields": fields, "missingValues": list(MISSING_VALUES)},
        "asobi": metadata,
    }


def build_package(results_dir: str | os.PathLike[str]) -> dict[str, Any]:
    """The data package describing every table under ``results_dir``."""
    files = table_files(results_dir)
    resources = [
        describe_table(path, results_dir)
        for path in progress(files, total=len(files), desc="describing tables", logger=log)
    ]
    games = sorted({game_of(r["title"]) for r in resources} & set(ARTICLES), key=GAMES.index)
    sources = [{"title": f"{ARTICLES[g].title} (article on {ARTICLES[g].heading})"} for g in games]
    if any(r["licenses"][0]["name"] == YOKAI_LICENCE["name"] for r in resources):
        sources.append(dict(WIKIPEDIA_SOURCE))
    return {
        "name": PACKAGE_NAME,
        "title": "asobi: exact results and claim audits for five Japanese games",
        "description": (
            "Tables generated by the asobi pipeline (`make results`): solved positions and "
            "variants, enumerations, proofs and the verdict on every checked claim of five "
            "Japanese articles. Tables derived from the yokai list (Japanese Wikipedia) are "
            "CC BY-SA 4.0, as marked on each resource; all others are under the project's "
            "MIT licence."
        ),
        "version": __version__,
        "profile": "data-package",
        "licenses": [dict(PROJECT_LICENCE)],
        "sources": sources,
        "resources": resources,
    }


def _write_text_atomically(text: str, out: Path) -> Path:
    out.parent.mkdir(parents=True, exist_ok=True)
    temporary = out.with_name(f".{out.name}.tmp")
    temporary.write_text(text, encoding="utf-8")
    os.replace(temporary, out)
    return out


def write_package(
    results_dir: str | os.PathLike[str], out: str | os.PathLike[str] | None = None
) -> Path:
    """Write ``datapackage.json`` (by default into ``results_dir``)."""
    package = build_package(results_dir)
    target = Path(out) if out is not None else Path(results_dir) / PACKAGE_FILE
    text = json.dumps(package, indent=2, ensure_ascii=False) + "\n"
    log.info("data package: %d resources -> %s", len(package["resources"]), target)
    return _write_text_atomically(text, target)


def load_package(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read a ``datapackage.json``; a missing or malformed file is a :class:`DataError`."""
    try:
        with open(path, encoding="utf-8") as handle:
            package = json.load(handle)
    except FileNotFoundError as error:
        raise DataError(f"data package not found: {path}") from error
    except json.JSONDecodeError as error:
        raise DataError(f"data package {path} is not valid JSON: {error}") from error
    if not isinstance(package, dict) or not isinstance(package.get("resources"), list):
        raise DataError(f"data package {path} has no list of resources")
    return package


def _markdown_cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ")


def load_lines(path: str) -> dict[str, str]:
    """One line each that loads the table at ``path`` (relative to the package folder) with
    pandas, polars and DuckDB.

    >>> print(load_lines("claims.parquet")["duckdb"])
    import duckdb; df = duckdb.sql("SELECT * FROM 'claims.parquet'").df()
    """
    return {
        "pandas": f'import pandas as pd; df = pd.read_parquet("{path}")',
        "polars": f'import polars as pl; df = pl.read_parquet("{path}")',
        "duckdb": f"import duckdb; df = duckdb.sql(\"SELECT * FROM '{path}'\").df()",
    }


VALIDATION_NOTE = """\
`asobi validate .` (in this folder) re-reads every table and checks its size (`file_bytes`),
sha256 (`hash`), row count (`rows`) and exact Arrow column types (`arrow_type`) against
`datapackage.json`; it also runs the reference validator when that is installed.

The reference validator, `frictionless validate datapackage.json` (frictionless 5 with its
`parquet` and `pandas` extras), checks every resource's columns, cell types and row count.
It reads Parquet through pandas, and the package is declared so that it can:

- list columns have the Table Schema type `any` (pandas gives a list cell as a numpy array,
  which frictionless's `array` type does not accept); `arrow_type` gives the exact type;
- `missingValues` is `["", "nan"]`, because a null in an integer or string column reaches
  frictionless as NaN;
- frictionless cannot count the bytes of a Parquet file nor hash it, so the file size is the
  extension property `file_bytes` (a standard `bytes` would be reported as a mismatch) and
  the `hash` is not checked by frictionless: `asobi validate` (or `sha256sum`) checks both."""


VERDICTS_NOTE = """\
`claims.parquet` gives every claim one of four verdicts, each computed from the tables that
the claim's `tables` list names (paths in this package):
- `confirmed`: the claim holds as we formalised it (`formal` says exactly what was checked);
- `refuted`: it does not hold (the evidence gives the counterexample);
- `undecided`: the run's bounds or budgets did not settle it (the evidence says why);
- `depends`: it holds under some readings and not under others (the caveat says which
  reading gives what).
Every claim has one or more readings in `claim_readings.parquet`: the yardstick in words,
its figures, the verdict under it and its own re-check query. A claim whose words admit one
yardstick has one reading (`as_stated`); the claim's verdict is `confirmed` or `refuted`
when all its readings agree, otherwise `depends`.
`caveat` (null when there is none) is a computed qualification of the verdict, e.g. how far
a statement was checked."""


def dataset_card(package: dict[str, Any], more: str = "") -> str:
    """The dataset card (Markdown) generated from the package's metadata: licences, sources,
    how the package is validated, and per table what a row is, the variants it covers, a
    one-line load example for pandas, polars and DuckDB, and its columns. ``more``: Markdown
    sections placed before the licences (the Hub card's loading and citation)."""
    resources = package["resources"]
    lines = [
        f"# {package['title']}",
        "",
        "This card is generated by the asobi pipeline from `datapackage.json`; do not edit it.",
        "Check the tables against the package with `asobi validate results/`.",
        "",
        package["description"],
        "",
        f"Package `{package['name']}`, asobi {package['version']}, "
        f"{len(resources)} tables, {sum(r['rows'] for r in resources):,} rows.",
        "",
        *([more.rstrip("\n"), ""] if more else []),
        "## Licences",
        "",
    ]
    by_licence: dict[str, list[str]] = {}
    for resource in resources:
        by_licence.setdefault(resource["licenses"][0]["title"], []).append(resource["path"])
    for title, paths in by_licence.items():
        lines.append(f"- {title}: {len(paths)} tables ({', '.join(f'`{p}`' for p in paths)})")
    if any(r["licenses"][0]["name"] == YOKAI_LICENCE["name"] for r in resources):
        lines += [
            "",
            "The yokai readings come from the Japanese Wikipedia list 「日本の妖怪一覧」 "
            "(revision of 2024-07-02 15:49 JST); tables derived from them are shared under "
            "the same licence, CC BY-SA 4.0, with this attribution.",
        ]
    lines += ["", "## Sources", ""]
    lines += [
        f"- {s['title']}" + (f" <{s['path']}>" if "path" in s else "") for s in package["sources"]
    ]
    lines += ["", "## Validation", "", VALIDATION_NOTE]
    if any(r["path"] == "claims.parquet" for r in resources):
        lines += ["", "## Verdicts", "", VERDICTS_NOTE]
    if any(r["path"].startswith("daifugo/") for r in resources):
        lines += ["", "## 素数大富豪: the deck and playable primes", "", DAIFUGO_DECK_NOTE]
    lines += [
        "",
        "## Tables",
        "",
        "Paths are relative to the folder holding `datapackage.json`; run the load lines there.",
        "",
        "| table | path | rows | bytes | licence |",
        "|---|---|---:|---:|---|",
    ]
    for r in resources:
        lines.append(
            f"| {r['title']} | `{r['path']}` | {r['rows']:,} | {r['file_bytes']:,} | "
            f"{r['licenses'][0]['name']} |"
        )
    for r in resources:
        loaders = load_lines(r["path"])
        lines += [
            "",
            f"### `{r['path']}`",
            "",
            f"Table `{r['title']}`, {r['rows']:,} rows, {r['file_bytes']:,} bytes, {r['hash']}.",
            "",
            f"- One row: {_markdown_cell(r.get('description', ''))}",
            f"- Rule variants: {_markdown_cell(r.get('variants', ''))}",
            "",
            "```python",
            *(loaders[library] for library in ("pandas", "polars", "duckdb")),
            "```",
            "",
            "| column | type | description |",
            "|---|---|---|",
        ]
        for field in r["schema"]["fields"]:
            lines.append(
                f"| `{field['name']}` | {field['type']} (`{field['arrow_type']}`) | "
                f"{_markdown_cell(field['description'])} |"
            )
    return "\n".join(lines) + "\n"


def write_dataset_card(package_path: str | os.PathLike[str], out: str | os.PathLike[str]) -> Path:
    """Write the dataset card for the package at ``package_path``."""
    return _write_text_atomically(dataset_card(load_package(package_path)), Path(out))
