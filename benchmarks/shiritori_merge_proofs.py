"""Merge the certificate files of several deep runs of one variant into the one file vendored.

    .venv/bin/python benchmarks/shiritori_merge_proofs.py OUT RUN1.parquet RUN2.parquet ...

Deep runs of one variant can run side by side (one per core), each writing its own file
(``benchmarks/shiritori_deep.py``); the default run reads one file per variant. The merge
keeps each file's nodes in their order and moves the node ids of every later file past the
earlier ones (``next`` entries that are node ids move with them), so shared nodes stay
shared within their run. The merged file is written beside OUT and every certificate in it
checked with the rules (read and checked as the verifier does, ``asobi.shiritori.verify``)
before it takes the name OUT; the configs of the runs are kept in order in the metadata
(``asobi.config``: ``{"merged": [...]}``).
A start word that begins and ends like one certified before it in the merged file, neither
with aliases, keeps only its root, now pointing to that word's certificate (exchange, README
"Certificates"), and the nodes no certificate reaches any more are dropped, unless a
certificate checked later shares a node with it (``--keep-twins`` keeps every certificate
whole).
One line naming the problem and exit 1 when a file cannot be read as certificates, the files
are of different variants, they share a start word, or a certificate does not check.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.tables import read_metadata, write_table
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.tables import INTERCHANGED, PROOFS_SCHEMA
from asobi.shiritori.verify import (
    CertificateError,
    VariantChecker,
    exchange_class,
    load_nodes,
    plain_words,
)

TSV = Path(__file__).resolve().parents[1] / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"


def merge(paths: list[Path]) -> tuple[dict[str, list], str, list[dict]]:
    """The merged columns, their variant and the runs' configs; SystemExit on a conflict."""
    merged: dict[str, list] = {name: [] for name in PROOFS_SCHEMA.names}
    configs, variants, seen = [], set(), {}
    offset = 0
    for path in paths:
        try:
            columns = pq.read_table(path, schema=PROOFS_SCHEMA).to_pydict()
        except (OSError, pa.ArrowException) as error:
            raise SystemExit(
                f"shiritori_merge_proofs: {path}: not a certificate file ({error})"
            ) from None
        variants |= set(columns["variant_id"])
        if len(variants) > 1:
            raise SystemExit(f"shiritori_merge_proofs: {path}: variants differ: {sorted(variants)}")
        for start, root in zip(columns["start"], columns["root"], strict=True):
            if root and start in seen:
                raise SystemExit(
                    f"shiritori_merge_proofs: {path}: {start} is certified in {seen[start]} too"
                )
            if root:
                seen[start] = path
        columns["node"] = [key + offset for key in columns["node"]]
        columns["next"] = [[n + offset if n >= 0 else n for n in row] for row in columns["next"]]
        offset = max(columns["node"], default=offset - 1) + 1
        for name in merged:
            merged[name].extend(columns[name])
        configs.append(read_metadata(path).get("config", {}))
    if not variants:
        raise SystemExit("shiritori_merge_proofs: the files hold no certificate")
    return merged, variants.pop(), configs


def exchange_twins(columns: dict[str, list], game: Shiritori) -> tuple[list[str], list[str]]:
    """Point each start word that begins and ends like one certified before it (by root
    id), neither with aliases, to that word's certificate, and drop the nodes that no
    certificate reaches any more; ``start`` becomes the certificate that now first needs
    the node. A word whose certificate shares a node with a certificate checked after it
    (and kept whole) is kept whole too: that certificate may rely on the node being
    checked at this word's position first. Returns the start words exchanged and those
    kept whole so."""
    plain = plain_words(game)
    row_of = {key: row for row, key in enumerate(columns["node"])}
    # the start words certified by exchange already come last, so that each class's first
    # word is one with a strategy of its own
    roots = [
        row
        for _, _, row in sorted(
            (columns["next"][row] == [INTERCHANGED], key, row)
            for row, (key, root) in enumerate(zip(columns["node"], columns["root"], strict=True))
            if root
        )
    ]

    def reached(root: int) -> np.ndarray:
        seen, stack = np.zeros(len(row_of), dtype=bool), [root]
        while stack:
            row = stack.pop()
            if not seen[row]:
                seen[row] = True
                stack += [row_of[target] for target in columns["next"][row] if target >= 0]
        return seen

    twins: dict[int, str] = {}  # root index → the first start word of its class
    first_of_class: dict[tuple[str, str], str] = {}
    for k, row in enumerate(roots):
        start = columns["start"][row]
        key = exchange_class(game, plain, game.index[start])
        if key is not None and first_of_class.setdefault(key, start) != start:
            twins[k] = first_of_class[key]
    # from the last certificate back: one that no certificate kept whole after it shares a
    # node with can be exchanged
    reach = [reached(root) for root in roots]
    later = np.zeros(len(row_of), dtype=bool)
    exchanged, shared = [], []
    for k in range(len(roots) - 1, -1, -1):
        row, start = roots[k], columns["start"][roots[k]]
        if k in twins and not (reach[k] & later).any():
            columns["word"][row] = None
            columns["replies"][row], columns["next"][row] = [start], [INTERCHANGED]
            columns["via"][row] = [twins[k]]
            exchanged.append(start)
            reach[k] = np.zeros(len(row_of), dtype=bool)
            reach[k][row] = True
            continue
        if k in twins:
            shared.append(start)
        later |= reach[k]
    owner = np.full(len(row_of), -1, dtype=np.int64)
    for k in range(len(roots) - 1, -1, -1):  # the first certificate that reaches a node
        owner[reach[k]] = k
    kept = np.flatnonzero(owner >= 0).tolist()
    columns_start = columns["start"]
    for name in columns:
        columns[name] = [columns[name][row] for row in kept]
    columns["start"] = [columns_start[roots[owner[row]]] for row in kept]
    return exchanged[::-1], shared[::-1]


def check(proofs: Path, variant: str) -> int:
    """Check every certificate of the file ``proofs`` with the rules, read as the verifier
    reads it (:func:`asobi.shiritori.verify.load_nodes`); the number checked."""
    game = Shiritori(load_clean(TSV).lexicon, Rules.from_variant_id(variant))
    nodes, roots = load_nodes(proofs, variant)
    checker = VariantChecker(game, nodes)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        for start, root in roots.items():  # in the order they were built
            try:
                checker.check(start, root)
            except CertificateError as error:
                raise SystemExit(f"shiritori_merge_proofs: {start}: {error.message}") from None
    finally:
        sys.setrecursionlimit(limit)
    return len(roots)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("runs", type=Path, nargs="+")
    parser.add_argument(
        "--keep-twins",
        action="store_true",
        help="keep the whole certificate of a start word that begins and ends like one "
        "certified before it (default: one root pointing to that word's certificate)",
    )
    args = parser.parse_args()
    columns, variant, configs = merge(args.runs)
    exchanged, shared = [], []
    if not args.keep_twins:
        game = Shiritori(load_clean(TSV).lexicon, Rules.from_variant_id(variant))
        exchanged, shared = exchange_twins(columns, game)
    # written beside OUT first and checked there, so that OUT only ever holds a checked file
    staged = args.out.with_name(f".{args.out.name}.merging")
    write_table(
        pa.table(columns, schema=PROOFS_SCHEMA),
        staged,
        table="shiritori/proofs",
        variant=Rules.from_variant_id(variant).as_dict(),
        inputs=[TSV],
        config={"merged": configs},
        schema=PROOFS_SCHEMA,
    )
    try:
        checked = check(staged, variant)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    staged.replace(args.out)
    print(
        f"{args.out}: {checked} certificates of {variant} from {len(args.runs)} files, checked; "
        f"{len(exchanged)} by exchange ({' '.join(exchanged) or 'none'}), "
        f"{len(shared)} kept whole for nodes shared later ({' '.join(shared) or 'none'}), "
        f"{len(columns['node'])} nodes"
    )


if __name__ == "__main__":
    main()
