"""Writing and reading result tables.

Every table asobi produces goes through :func:`write_table`, which

* stamps Parquet key-value metadata: ``asobi.version``, ``asobi.table``,
  ``asobi.variant`` (JSON), ``asobi.inputs`` (JSON ``{path: sha256}``) and
  ``asobi.config`` (JSON of the config slice used);
* writes atomically: to a temporary file in the same folder, then ``os.replace``, so an
  interrupted run never leaves a truncated table that a later run would trust;
* is deterministic: the same frame and metadata give byte-identical files (no timestamps).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi import __version__
from asobi.core.errors import DataError

META_PREFIX = "asobi."


def _current_umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def sha256_file(path: str | os.PathLike[str]) -> str:
    """Return the hex sha256 of a file's bytes."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def canonical_json(value: Any) -> str:
    """JSON with sorted keys and no whitespace variation: stable across runs."""
    return json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def provenance_path(path: str | os.PathLike[str]) -> str:
    """How an input is named in ``asobi.inputs``: relative to the working directory
    (absolute only when it lies outside it).

    The workflow runs in the project root, so inputs read as ``resources/yokai/…``: the
    provenance does not depend on where a checkout lives.
    """
    absolute = Path(os.path.abspath(path))
    try:
        return absolute.relative_to(Path.cwd()).as_posix()
    except ValueError:  # outside the project (a test's temporary input): keep it whole
        return absolute.as_posix()


STALE_TEMPORARY_GLOB = "**/.*.parquet.*.tmp"


def remove_stale_temporaries(folder: str | os.PathLike[str]) -> list[Path]:
    """Delete temporaries that an interrupted :func:`write_table` left under ``folder``.

    Only call it when no job is writing (the workflow does so once, before any job runs).
    Returns the removed paths.
    """
    removed = sorted(Path(folder).glob(STALE_TEMPORARY_GLOB))
    for path in removed:
        path.unlink(missing_ok=True)
    return removed


def provenance(
    *,
    table: str,
    variant: Mapping[str, Any] | None = None,
    inputs: Iterable[str | os.PathLike[str]] = (),
    config: Mapping[str, Any] | None = None,
) -> dict[bytes, bytes]:
    """Build the Parquet key-value metadata that every asobi table carries."""
    hashes = {provenance_path(path): sha256_file(path) for path in inputs}
    fields = {
        "version": __version__,
        "table": table,
        "variant": canonical_json(dict(variant or {})),
        "inputs": canonical_json(hashes),
        "config": canonical_json(dict(config or {})),
    }
    return {f"{META_PREFIX}{key}".encode(): value.encode() for key, value in fields.items()}


def write_table(
    data: pd.DataFrame | pa.Table,
    path: str | os.PathLike[str],
    *,
    table: str,
    variant: Mapping[str, Any] | None = None,
    inputs: Iterable[str | os.PathLike[str]] = (),
    config: Mapping[str, Any] | None = None,
    schema: pa.Schema | None = None,
    parquet: Mapping[str, Any] | None = None,
) -> Path:
    """Write ``data`` to ``path`` as Parquet with provenance metadata, atomically.

    ``schema`` fixes column types (useful for empty frames and list columns); ``parquet``:
    options for :func:`pyarrow.parquet.write_table` (default: zstd compression).
    Returns the final path.
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, pd.DataFrame):
        arrow = pa.Table.from_pandas(data, schema=schema, preserve_index=False)
    else:
        arrow = data if schema is None else data.cast(schema)
    existing = dict(arrow.schema.metadata or {})
    existing.pop(b"pandas", None)
    existing.update(provenance(table=table, variant=variant, inputs=inputs, config=config))
    arrow = arrow.replace_schema_metadata(existing)
    handle, temporary = tempfile.mkstemp(
        prefix=f".{target.name}.", suffix=".tmp", dir=target.parent
    )
    os.close(handle)
    try:
        pq.write_table(arrow, temporary, **(parquet or {"compression": "zstd"}))
        os.chmod(temporary, 0o666 & ~_current_umask())  # mkstemp creates files as 0600
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
    return target


def read_metadata(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Return the ``asobi.*`` metadata of a table, JSON fields decoded."""
    raw = pq.read_schema(path).metadata or {}
    result: dict[str, Any] = {}
    for key, value in raw.items():
        name = key.decode()
        if not name.startswith(META_PREFIX):
            continue
        short = name[len(META_PREFIX) :]
        text = value.decode()
        result[short] = json.loads(text) if short in {"variant", "inputs", "config"} else text
    return result


def read_table(path: str | os.PathLike[str]) -> pd.DataFrame:
    """Read an asobi table into pandas (list columns become Python lists)."""
    return pq.read_table(path).to_pandas(types_mapper=None)


def check_table(
    path: str | os.PathLike[str], table: str, columns: Sequence[str] | None = None
) -> pa.Schema:
    """The schema of ``path``, read from its footer, after checking that it can be read as
    the asobi table ``table`` (e.g. ``chopsticks/variants``) with ``columns``.

    Raises :class:`~asobi.core.errors.DataError`, one line naming the file, when it is
    missing or not Parquet, when its ``asobi.table`` metadata names another table, or when
    it lacks one of ``columns`` (a plain Parquet file without asobi's metadata is accepted
    if it has them).

    >>> check_table(__file__, "chopsticks/variants")  # this module's source  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    asobi.core.errors.DataError: .../tables.py is not a Parquet file (...)
    """
    try:
        schema = pq.read_schema(path)
    except FileNotFoundError:
        raise DataError(f"{path}: no such file (expected the table {table})") from None
    except (pa.ArrowException, OSError) as error:
        reason = str(error).split(". ")[0].strip()
        raise DataError(f"{path} is not a Parquet file ({reason})") from None
    stamped = (schema.metadata or {}).get(f"{META_PREFIX}table".encode())
    if stamped is not None and stamped.decode() != table:
        raise DataError(f"{path} holds the table {stamped.decode()}, not {table}")
    missing = [name for name in columns or () if name not in schema.names]
    if missing:
        raise DataError(f"{path} is not a {table} table: it has no column {', '.join(missing)}")
    return schema


def read_as(
    path: str | os.PathLike[str],
    table: str,
    columns: Sequence[str] | None = None,
    filters: list[tuple[str, str, Any]] | None = None,
) -> pa.Table:
    """Read ``path`` as the asobi table ``table``: only ``columns`` (default: all) and the
    rows passing ``filters`` (pyarrow's DNF tuples), after :func:`check_table`.

    >>> read_as(__file__, "chopsticks/variants")  # this module's source  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    asobi.core.errors.DataError: .../tables.py is not a Parquet file (...)
    """
    check_table(path, table, columns)
    try:
        wanted = None if columns is None else list(columns)
        return pq.read_table(path, columns=wanted, filters=filters)
    except (pa.ArrowException, OSError) as error:
        raise DataError(f"{path}: cannot read it as the table {table}: {error}") from None


def concat_tables(
    paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    *,
    table: str,
    config: Mapping[str, Any] | None = None,
    variant: Mapping[str, Any] | None = None,
    schema: pa.Schema | None = None,
    sort_by: Sequence[str] = (),
    shard_key: Callable[[Path], Any] | None = None,
) -> Path:
    """Merge tables of one shape (shards) into one, recording the shards as inputs.

    The shards are read in the order of ``shard_key`` (default: as given); ``schema`` reads
    every shard with that schema (list columns and empty shards keep their exact types);
    ``sort_by`` sorts the merged rows by those columns (stable, so rows that tie keep the
    shard order). This is the one shard merge of every game.
    """
    ordered = [Path(p) for p in paths]
    if shard_key is not None:
        ordered = sorted(ordered, key=shard_key)
    if schema is None:
        shards = [pq.read_table(p) for p in ordered]
        arrow = pa.concat_tables(shards, promote_options="default")
    else:
        # read as stored, then cast: ``read_table(schema=...)`` takes a slower path (26 s
        # instead of 6 for the 8.8 M rows of shiritori's certificates)
        shards = [pq.read_table(p, columns=schema.names).cast(schema) for p in ordered]
        arrow = pa.concat_tables(shards)
    arrow = arrow.replace_schema_metadata(None)
    if sort_by:
        order = pc.sort_indices(arrow, sort_keys=[(name, "ascending") for name in sort_by])
        arrow = arrow.take(order)
    return write_table(
        arrow, out, table=table, variant=variant, inputs=ordered, config=config, schema=schema
    )
