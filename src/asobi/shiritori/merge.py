"""Merge the certificate files of several deep runs of one variant into the one file vendored
(``asobi shiritori merge-proofs``), and the stored proofs of several deep searches
(``asobi shiritori merge-store``).

    asobi shiritori merge-proofs OUT RUN1.parquet RUN2.parquet ...

Deep runs of one variant can run side by side (one per core), each writing its own file
(``asobi shiritori deep``); the default run reads one file per variant. The merge
keeps each file's nodes in their order and moves the node ids of every later file past the
earlier ones (``next`` entries that are node ids move with them), so shared nodes stay
shared within their run. The merged file is written beside OUT and every certificate in it
checked with the rules (read and checked as the verifier does, ``asobi.shiritori.verify``)
before it takes the name OUT; the configs of the runs are kept in order in the metadata
(``asobi.config``: ``{"merged": [...]}``).
A start word that begins and ends like one certified before it in the merged file, neither
with aliases, keeps only its root, now pointing to that word's certificate (exchange,
docs/games/shiritori.md, "Certificates"), and the nodes no certificate reaches any more are
dropped, unless a certificate checked later shares a node with it (``--keep-twins`` keeps
every certificate whole). Every other start word of such a class, certified in no file,
gets a root of its own pointing to the same certificate (one row each; ``--no-class-roots``
leaves them out), so that the default run decides it whichever chunk it falls in.
The repeated strategies of each certificate are then stored once (``shared_subtrees``: nodes
of one certificate with the same word, replies and entries whose entries lead to nodes merged
alike become one node; 7.96 M -> 0.32 M nodes for the largest vendored file).
The rows are then written in node-id order under the ids 0, 1, 2, ... (the same order, so the
build order and the ids the default run gives the nodes stay as they were), with zstd at its
strongest level and the ids delta-encoded (``VENDORED_PARQUET``): a vendored file is written
once and read by every run.
The rows are held as Arrow tables and the certificates walked as NumPy arrays
(``asobi.shiritori.certificates.NodeTable``): 16 GB and 222 s for the 7.96 M-node file, sharing
included (docs/notes/shiritori-deep-runs.md, "Each strategy stored once").
A :class:`~asobi.core.errors.DataError` naming the problem (``asobi: error: ...``, exit
status 2), and nothing written, when a file cannot be read as certificates, the files
are of different variants, they share a start word, an entry points to a node no file holds,
a certificate has a cycle, or a certificate does not check.

    asobi shiritori merge-store OUT FILE FILE [FILE ...]

Each FILE of :func:`merge_stored_proofs` is a ``--stored-proofs`` file of ``asobi shiritori
deep`` (the proof store's rings and archive) of the same reduced game and store sizes, e.g.
of two searches of one hinge's open answers run side by side, each from a copy of the
hinge's file. OUT holds each distinct proof once per unit; where the rings cannot hold them
all, every file keeps an equal share of its newest. A later ``asobi shiritori deep
--stored-proofs OUT`` starts from all of them. Stored proofs only steer a search: nothing
there is a certificate.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.errors import DataError, InputError
from asobi.core.tables import read_metadata, write_table
from asobi.shiritori.certificates import (
    CertificateError,
    NodeTable,
    exchange_class,
    load_nodes,
    plain_words,
)
from asobi.shiritori.data import VENDORED_LIST, load_clean
from asobi.shiritori.proofstore import merge_ring_files
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.tables import INTERCHANGED, PROOFS_SCHEMA
from asobi.shiritori.verify import VariantChecker


def merge(paths: list[Path]) -> tuple[pa.Table, str, list[dict]]:
    """The merged rows, their variant and the runs' configs; DataError on a conflict."""
    tables, configs, variants, seen = [], [], set(), {}
    offset = 0
    for path in paths:
        try:
            table = pq.read_table(path, schema=PROOFS_SCHEMA)
        except (OSError, pa.ArrowException) as error:
            raise DataError(f"{path}: not a certificate file ({error})") from None
        variants |= set(pc.unique(table.column("variant_id")).to_pylist())
        if len(variants) > 1:
            raise DataError(f"{path}: variants differ: {sorted(variants)}")
        for start in table.filter(table.column("root")).column("start").to_pylist():
            if start in seen:
                raise DataError(f"{path}: {start} is certified in {seen[start]} too")
            seen[start] = path
        tables.append(_shifted(table, offset))
        if table.num_rows:
            offset = pc.max(table.column("node")).as_py() + offset + 1
        configs.append(read_metadata(path).get("config", {}))
    if not variants:
        raise DataError("the files hold no certificate")
    return pa.concat_tables(tables), variants.pop(), configs


def _renumbered(
    table: pa.Table, node_ids: pa.Array, renumber: Callable[[np.ndarray], np.ndarray]
) -> pa.Table:
    """``table`` with the node ids ``node_ids`` and each ``next`` entry that is a node id
    (not a leaf or exchange code, which are negative) mapped by ``renumber``."""
    nexts = table.column("next").combine_chunks()
    missing = nexts.values.is_null().to_numpy(zero_copy_only=False)  # kept, for the check
    values = nexts.values.fill_null(0).to_numpy().copy()
    moved = (values >= 0) & ~missing
    values[moved] = renumber(values[moved])
    entries = pa.array(values, pa.int64(), mask=missing)
    nexts = pa.ListArray.from_arrays(nexts.offsets, entries, mask=nexts.is_null())
    table = table.set_column(table.schema.get_field_index("node"), "node", node_ids)
    return table.set_column(table.schema.get_field_index("next"), "next", nexts)


def _shifted(table: pa.Table, offset: int) -> pa.Table:
    """``table`` with its node ids, and the ``next`` entries that are node ids, ``offset``
    higher."""
    return _renumbered(table, pc.add(table.column("node"), offset), lambda ids: ids + offset)


class ClassFirst(NamedTuple):
    """The first certified start word of an exchange class: one with a strategy of its own
    before one certified by exchange, then the least root id."""

    by_exchange: bool
    root: int
    word: str


def first_of_each_class(
    game: Shiritori,
    plain: list[bool],
    names: Sequence[str],
    roots: Sequence[int],
    by_exchange: Sequence[bool],
) -> dict[tuple[str, str], ClassFirst]:
    """For each exchange class (:func:`asobi.shiritori.certificates.exchange_class`: the start
    words that begin and end alike, none with aliases) of the certified start words
    ``names`` (root ids ``roots``, whether certified by exchange ``by_exchange``), the
    first of them (:class:`ClassFirst`), which the others of the class point to."""
    firsts: dict[tuple[str, str], ClassFirst] = {}
    for name, root, exchanged in zip(names, roots, by_exchange, strict=True):
        word_class = exchange_class(game, plain, game.index[name])
        if word_class is not None:
            candidate = ClassFirst(bool(exchanged), root, name)
            firsts[word_class] = min(firsts.get(word_class, candidate), candidate)
    return firsts


def _refuse_dangling(nodes: NodeTable) -> None:
    """DataError naming the first entry that points to a node ``nodes`` does not hold."""
    broken = nodes.dangling()
    if broken is not None:
        raise DataError(f"node {broken[0]} points to node {broken[1]}, which no file holds")


def _roots_in_check_order(nodes: NodeTable, rooted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The rows of the roots (``rooted``: a flag per row) in the order the verifier checks
    them, by root id with the start words certified by exchange last, and whether each is
    certified by exchange (its only entry INTERCHANGED)."""
    root_rows = np.flatnonzero(rooted)
    first_entry, entries = nodes.offsets["next"][root_rows], np.append(nodes.next, 0)
    by_exchange = (nodes.offsets["next"][root_rows + 1] - first_entry == 1) & (
        entries[first_entry] == INTERCHANGED
    )
    order = np.lexsort((nodes.keys[root_rows], by_exchange))
    return root_rows[order], by_exchange[order]


def exchange_twins(table: pa.Table, game: Shiritori) -> tuple[pa.Table, list[str], list[str]]:
    """Point each start word that begins and ends like one certified before it (by root
    id), neither with aliases, to that word's certificate, and drop the nodes that no
    certificate reaches any more; ``start`` becomes the certificate that now first needs
    the node. A word whose certificate shares a node with a certificate checked after it
    (and kept whole) is kept whole too: that certificate may rely on the node being
    checked at this word's position first; so is one whose root another node points to.
    Returns the rows, the start words exchanged and those kept whole so."""
    # the structure only: the strings are not needed to walk it
    count = table.num_rows
    nodes = NodeTable(
        pa.table(
            {
                "node": table.column("node"),
                "word": pa.nulls(count, pa.string()),
                "replies": pa.nulls(count, pa.list_(pa.string())),
                "next": table.column("next"),
                "via": pa.nulls(count, pa.list_(pa.string())),
            }
        )
    )
    _refuse_dangling(nodes)
    # the start words certified by exchange already come last, so that each class's first
    # word is one with a strategy of its own
    root_rows, by_exchange = _roots_in_check_order(
        nodes, table.column("root").to_numpy(zero_copy_only=False)
    )
    roots = nodes.keys[root_rows].tolist()
    names = table.column("start").take(pa.array(root_rows)).to_pylist()  # of the roots
    pointed = np.zeros(len(nodes), dtype=bool)
    pointed[nodes.rows_of(nodes.next[nodes.next >= 0])] = True

    plain = plain_words(game)
    firsts = first_of_each_class(game, plain, names, roots, by_exchange.tolist())
    twins: dict[int, str] = {}  # root index → the first start word of its class
    for k, name in enumerate(names):
        first = firsts.get(exchange_class(game, plain, game.index[name]))
        if first is not None and first.word != name:
            twins[k] = first.word
    # from the last certificate back: one that no certificate kept whole after it shares a
    # node with can be exchanged
    later = np.zeros(len(nodes), dtype=bool)
    seen = np.full(len(nodes), -1, dtype=np.int64)
    exchanged: dict[int, str] = {}
    shared = []
    for k in range(len(roots) - 1, -1, -1):
        reach = nodes.reached(roots[k], seen, k)
        if k in twins:
            if not later[reach].any() and not pointed[root_rows[k]]:
                exchanged[k] = twins[k]
                continue
            shared.append(names[k])
        later[reach] = True
    owner = nodes.first_reached(roots, leaves={roots[k] for k in exchanged})
    kept = np.flatnonzero(owner >= 0)
    out = table.take(kept)
    out = out.set_column(
        out.schema.get_field_index("start"),
        "start",
        pa.array(names, pa.string()).take(pa.array(owner[kept])),
    )
    if exchanged:  # their roots become one entry each: INTERCHANGED, via the class's first
        at = np.isin(kept, root_rows[list(exchanged)])
        replaced = out.filter(pa.array(at)).to_pylist()
        for row in replaced:
            k = roots.index(row["node"])
            row.update(word=None, replies=[row["start"]], next=[INTERCHANGED], via=[exchanged[k]])
        out = pa.concat_tables(
            [out.filter(pa.array(~at)), pa.Table.from_pylist(replaced, schema=out.schema)]
        )
        out = out.take(pa.array(np.argsort(np.concatenate([kept[~at], kept[at]]))))
    return out, [names[k] for k in sorted(exchanged)], shared[::-1]


def class_roots(table: pa.Table, game: Shiritori) -> tuple[pa.Table, list[str]]:
    """``table`` with an exchange root for every start word of the word list, certified in
    no root of ``table``, that begins and ends like a start word certified there with a
    strategy of its own, neither with aliases; and those start words, in word-list order."""
    rooted = table.filter(table.column("root"))
    names = rooted.column("start").to_pylist()
    exchanged = [entries == [INTERCHANGED] for entries in rooted.column("next").to_pylist()]
    plain = plain_words(game)
    firsts = first_of_each_class(game, plain, names, rooted.column("node").to_pylist(), exchanged)
    certified = set(names)
    added = [
        (word, first.word)
        for i, word in enumerate(game.words)
        if word not in certified
        and (first := firsts.get(exchange_class(game, plain, i))) is not None
        and not first.by_exchange
    ]
    if not added:
        return table, []
    first_id = (pc.max(table.column("node")).as_py() or 0) + 1
    variant = table.column("variant_id")[0].as_py()
    rows = pa.table(
        {
            "variant_id": [variant] * len(added),
            "start": [word for word, _ in added],
            "node": list(range(first_id, first_id + len(added))),
            "root": [True] * len(added),
            "word": [None] * len(added),
            "replies": [[word] for word, _ in added],
            "next": [[INTERCHANGED]] * len(added),
            "via": [[twin] for _, twin in added],
        },
        schema=table.schema,
    )
    return pa.concat_tables([table, rows]), [word for word, _ in added]


def shared_subtrees(table: pa.Table) -> pa.Table:
    """``table`` with every set of nodes that hold the same strategy stored once: nodes with
    the same word, replies and ``via`` entries whose ``next`` entries are the same leaf codes
    or point to nodes merged alike (hash-consing, from the leaves up). Each merged node keeps
    the least node id of its copies and ``start`` the certificate that first reaches it (by
    root id, exchanged roots last); roots are never merged, and nodes no root reaches are
    dropped. Only nodes of one certificate (the same ``start``) are merged: the verifier holds
    one matching of mirror words per certificate, and a node of another certificate brings
    that one's whole matching into the walk. The verifier walks a shared node at every
    position it is reached at (or reuses a walk that covers it), and the file is checked
    before it is written. A deep run's trees repeat the same strategies below different
    replies: the 7.96 M nodes of previous_kana/written/independent become 316 923."""
    nodes = NodeTable(table.select(["node", "word", "replies", "next", "via"]))
    offsets = nodes.offsets["next"]
    same = all(np.array_equal(offsets, nodes.offsets[name]) for name in ("replies", "via"))
    if not same:
        raise DataError("a node's replies, next and via differ in length")
    _refuse_dangling(nodes)
    count = len(nodes.keys)
    rooted = table.column("root").to_numpy(zero_copy_only=False)
    targets = nodes.next.copy()
    pointing = targets >= 0
    targets[pointing] = nodes.rows_of(targets[pointing])  # node ids as rows
    bounds, words, replies, vias = offsets.tolist(), nodes.words.tolist(), nodes.replies, nodes.vias
    owners = pc.dictionary_encode(table.column("start").combine_chunks()).indices.to_numpy()
    label = np.full(count, -1, dtype=np.int64)
    state = np.zeros(count, dtype=np.int8)  # 1: its children being labelled, 2: labelled
    labels: dict[tuple, int] = {}
    representative: list[int] = []  # per label: its first row (least node id)
    for first_row in np.argsort(nodes.keys, kind="stable").tolist():
        if state[first_row]:
            continue
        stack = [first_row]  # each row once, its children first (iterative post-order)
        while stack:
            row = stack[-1]
            if state[row] == 2:
                stack.pop()
                continue
            begin, end = bounds[row], bounds[row + 1]
            children = targets[begin:end]
            if state[row] == 0:  # the rows in state 1 are the ancestors of the stack's top
                state[row] = 1
                for child in children[pointing[begin:end]].tolist():
                    if state[child] == 1:
                        raise DataError(
                            f"node {nodes.keys[row]} leads back to node "
                            f"{nodes.keys[child]}: a certificate has a cycle"
                        )
                    if state[child] == 0:
                        stack.append(child)
                continue
            stack.pop()
            entries = np.where(pointing[begin:end], label[children], children - (1 << 40))
            key = (
                ("root", row) if rooted[row] else (owners[row], words[row]),
                replies[begin:end].tobytes(),
                vias[begin:end].tobytes(),
                entries.tobytes(),
            )
            found = labels.get(key)
            if found is None:
                found = labels[key] = len(representative)
                representative.append(row)
            elif nodes.keys[row] < nodes.keys[representative[found]]:
                representative[found] = row
            label[row], state[row] = found, 2
    kept_rows = np.sort(np.array(representative, dtype=np.int64))
    new_id = nodes.keys[np.array(representative, dtype=np.int64)][label]  # per row

    def renumber(ids: np.ndarray) -> np.ndarray:
        return new_id[nodes.rows_of(ids)]

    out = _renumbered(table, table.column("node"), renumber).take(pa.array(kept_rows))
    # ``start``: the certificate that first reaches each node now (exchanged roots last)
    merged = NodeTable(out.select(["node", "word", "replies", "next", "via"]))
    root_rows, _ = _roots_in_check_order(merged, out.column("root").to_numpy(zero_copy_only=False))
    owner = merged.first_reached(merged.keys[root_rows].tolist())
    reached = np.flatnonzero(owner >= 0)  # a node no certificate reaches is dropped
    starts = out.column("start").take(pa.array(root_rows)).take(pa.array(owner[reached]))
    out = out.take(pa.array(reached))
    return out.set_column(out.schema.get_field_index("start"), "start", starts)


# Vendored files are written once and read by every run: the strongest zstd level, the node ids
# (consecutive once compacted) delta-encoded and the node ids of ``next`` plain, 43.5 -> 23 MB
# for the 6.8 M-node file (docs/notes/shiritori-deep-runs.md, "Compact vendored files"); any
# Parquet reader reads them.
VENDORED_PARQUET = {
    "compression": "zstd",
    "compression_level": 19,
    "use_dictionary": ["variant_id", "start", "word", "replies.list.element", "via.list.element"],
    "column_encoding": {"node": "DELTA_BINARY_PACKED", "next.list.element": "PLAIN"},
}


def compacted(table: pa.Table) -> pa.Table:
    """``table``'s rows in node-id order under the ids 0, 1, 2, ... in that same order (the
    ``next`` entries that are node ids with them): the certificates, their build order
    (by root id) and the ids the default run gives the nodes stay as they were."""
    table = table.sort_by("node")
    keys = table.column("node").to_numpy()

    def row_of(ids: np.ndarray) -> np.ndarray:
        rows = np.searchsorted(keys, ids).clip(max=len(keys) - 1)
        missing = np.flatnonzero(keys[rows] != ids)
        if len(missing):
            raise DataError(f"an entry points to node {ids[missing[0]]}, which no file holds")
        return rows

    return _renumbered(table, pa.array(np.arange(len(keys)), pa.int64()), row_of)


def check(proofs: Path, variant: str, game: Shiritori) -> int:
    """Check every certificate of the file ``proofs`` with the rules, read as the verifier
    reads it (:func:`asobi.shiritori.certificates.load_nodes`); the number checked."""
    nodes, roots = load_nodes(proofs, variant)
    checker = VariantChecker(game, nodes)
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    try:
        for start, root in roots.items():  # in the order they were built
            try:
                checker.check(start, root)
            except CertificateError as error:
                raise DataError(f"{start}: {error.message}") from None
    finally:
        sys.setrecursionlimit(limit)
    return len(roots)


def merge_proofs(
    out: Path,
    runs: Sequence[Path],
    *,
    keep_twins: bool = False,
    no_class_roots: bool = False,
    echo: Callable[[str], None] = print,
) -> None:
    """Merge the certificate files ``runs`` of one variant into ``out``, written only once
    every certificate in it checks (the module docstring; ``asobi shiritori
    merge-proofs``); one summary line to ``echo``."""
    table, variant, configs = merge(list(runs))
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, Rules.from_variant_id(variant))
    exchanged, shared = [], []
    if not keep_twins:
        table, exchanged, shared = exchange_twins(table, game)
    added: list[str] = []
    if not no_class_roots:
        table, added = class_roots(table, game)
    tree_nodes = table.num_rows
    table = compacted(shared_subtrees(table))
    # written beside OUT first and checked there, so that OUT only ever holds a checked file
    staged = out.with_name(f".{out.name}.merging")
    write_table(
        table,
        staged,
        table="shiritori/proofs",
        variant=Rules.from_variant_id(variant).as_dict(),
        inputs=[VENDORED_LIST],
        config={"merged": configs},
        schema=PROOFS_SCHEMA,
        parquet=VENDORED_PARQUET,
    )
    node_count, table = table.num_rows, None  # the rows are read again as the verifier reads them
    try:
        checked = check(staged, variant, game)
    except BaseException:
        staged.unlink(missing_ok=True)
        raise
    staged.replace(out)
    echo(
        f"{out}: {checked} certificates of {variant} from {len(runs)} files, checked; "
        f"{len(exchanged)} by exchange ({' '.join(exchanged) or 'none'}), "
        f"{len(shared)} kept whole for nodes shared later ({' '.join(shared) or 'none'}), "
        f"{len(added)} more start words by exchange ({' '.join(added) or 'none'}), "
        f"{node_count} nodes ({tree_nodes} before the identical strategies were shared)"
    )


def merge_stored_proofs(
    out: Path, files: Sequence[Path], echo: Callable[[str], None] = print
) -> None:
    """Merge the ``--stored-proofs`` files ``files`` (at least two) of one reduced game into
    ``out`` (``asobi shiritori merge-store``); one summary line to ``echo``."""
    if len(files) < 2:
        raise InputError("give at least two files to merge")
    try:
        counts = merge_ring_files(list(files), out)
    except ValueError as error:
        raise DataError(str(error)) from None
    echo(f"{out}: {counts['kept']:,} stored proofs kept, {counts['dropped']:,} dropped")
