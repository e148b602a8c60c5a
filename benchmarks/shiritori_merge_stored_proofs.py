"""Merge the stored proofs of several deep searches of one variant into one file.

    .venv/bin/python benchmarks/shiritori_merge_stored_proofs.py OUT FILE FILE [FILE ...]

Each FILE is a ``--stored-proofs`` file of ``shiritori_deep.py`` (the proof store's rings and
archive) of the same reduced game and store sizes, e.g. of two searches of one hinge's open
answers run side by side, each from a copy of the hinge's file. OUT holds each distinct
proof once per unit; where the rings cannot hold them all, every file keeps an equal share
of its newest. A later ``shiritori_deep.py --stored-proofs OUT`` starts from all of them.
Stored proofs only steer a search: nothing here is a certificate.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from asobi.shiritori.proofstore import merge_ring_files


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path, help="the merged file to write (.npz)")
    parser.add_argument("files", type=Path, nargs="+", help="stored-proofs files to merge")
    args = parser.parse_args()
    if len(args.files) < 2:
        parser.error("give at least two files to merge")
    try:
        counts = merge_ring_files(args.files, args.out)
    except ValueError as error:
        raise SystemExit(f"shiritori_merge_stored_proofs: {error}") from None
    print(f"{args.out}: {counts['kept']:,} stored proofs kept, {counts['dropped']:,} dropped")


if __name__ == "__main__":
    main()
