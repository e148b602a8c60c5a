"""The tables of a run, or of two runs compared: a digest of every Parquet table's rows
under a `results/` folder, and the tables whose rows differ (or that only one run has).

    python benchmarks/table_digests.py                               # results/: each digest
    python benchmarks/table_digests.py RESULTS_BEFORE RESULTS_AFTER  # compared

A speed change must leave every table as it was: comparing prints `0 of N tables differ`
and exits 0 then, else lists the differing tables and exits 1. The digest is the sha256 of the
table's rows as an Arrow IPC stream with its schema stripped of metadata: asobi's
provenance (config, versions, times) is left out, since a new config key or a new commit
changes it without changing a row.
"""

from __future__ import annotations

import argparse
import hashlib
import sys
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

ROOT = Path(__file__).resolve().parents[1]


def rows_digest(path: Path) -> str:
    """sha256 of the table's rows (schema without metadata)."""
    table = pq.read_table(path)
    sink = pa.BufferOutputStream()
    with pa.ipc.new_stream(sink, table.schema.remove_metadata()) as writer:
        writer.write_table(table.replace_schema_metadata(None))
    return hashlib.sha256(sink.getvalue().to_pybytes()).hexdigest()


def digests(results: Path) -> dict[str, str]:
    """Every table under ``results`` (relative path) → :func:`rows_digest`."""
    return {
        str(path.relative_to(results)): rows_digest(path)
        for path in sorted(results.rglob("*.parquet"))
    }


def differences(before: dict[str, str], after: dict[str, str]) -> list[str]:
    """The tables whose rows differ, or that only one side has, each with the reason."""
    lines = []
    for name in sorted(set(before) | set(after)):
        if name not in after:
            lines.append(f"{name}: only in the first run")
        elif name not in before:
            lines.append(f"{name}: only in the second run")
        elif before[name] != after[name]:
            lines.append(f"{name}: rows differ")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "before", type=Path, nargs="?", default=ROOT / "results", help="a run's results folder"
    )
    parser.add_argument("after", type=Path, nargs="?", help="a second run's, to compare")
    options = parser.parse_args(argv)
    if options.after is None:
        found = digests(options.before) if options.before.is_dir() else {}
        for name, digest in found.items():
            print(f"{digest}  {name}")
        print(f"{len(found)} tables under {options.before}")
        return 0
    before, after = digests(options.before), digests(options.after)
    lines = differences(before, after)
    print("\n".join(lines + [f"{len(lines)} of {len(set(before) | set(after))} tables differ"]))
    return 1 if lines else 0


if __name__ == "__main__":
    sys.exit(main())
