"""Certificates vendored with the package (``asobi/data/shiritori/proofs/VARIANT.parquet``):
where they are, what loading them costs, a line through one, and their nodes renumbered
into a chunk's certificates.

The default run takes a variant's vendored certificates instead of searching their start
words (:meth:`asobi.shiritori.certify.CertificateBuilder.add_vendored`); the verify step
checks them with the rules like every other certificate.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pyarrow as pa

from asobi.core.config import package_data
from asobi.shiritori.certificates import Node, load_nodes
from asobi.shiritori.shiritori import Shiritori
from asobi.shiritori.tables import ENDS_IN_N, MIRROR, PROOFS_SCHEMA


@dataclass(frozen=True)
class Vendored:
    """Certificates shipped with the package for one variant (nodes and each start's root)."""

    nodes: dict[int, Node]
    roots: dict[str, int]


def vendored_path(variant: str) -> Path:
    """Where the certificates of ``variant`` are vendored (the file may not exist)."""
    return package_data("shiritori", "proofs", f"{variant}.parquet")


def vendored_inputs(variant: str, enabled: bool) -> list[str]:
    """The variant's vendored certificates as a workflow input (none when switched off)."""
    path = vendored_path(variant)
    return [str(path)] if enabled and path.exists() else []


# Chunk 0 loads the vendored certificates and copies them under its own node ids: its peak
# memory grows with the file, 1.37 GB for the 4.4 MB file of previous_kana/written/independent
# (0.32 M nodes; 8.4 GB for the 36.1 MB file of 7.96 M nodes before its repeated strategies
# were stored once; docs/notes/shiritori-deep-runs.md, "Each strategy stored once").
VENDORED_CHECK_MB_PER_MB = 250


def vendored_check_mem_mb(paths: list[str]) -> int:
    """Memory (MB) to load and copy the vendored certificates ``paths`` in chunk 0, on top
    of the search's own."""
    return sum(VENDORED_CHECK_MB_PER_MB * Path(path).stat().st_size // 2**20 for path in paths)


def vendored_certificates(variant: str) -> Vendored | None:
    """The certificates vendored under ``asobi/data/shiritori/proofs/<variant>.parquet``
    (None when the variant has none)."""
    path = vendored_path(variant)
    if not path.exists():
        return None
    nodes, roots = load_nodes(path, variant)
    return Vendored(nodes, roots)


def principal_line(
    game: Shiritori, nodes: dict[int, Node], root: int, start: str
) -> tuple[str, ...]:
    """A line through a certificate: the winner's words, and the loser's first legal reply
    that has an answer node, else a mirror word (answered by its partner), else a word
    ending in ン when that is all the loser has left."""
    line = [start]
    node = nodes[root]
    position = game.opening(start)
    if node.word is None:  # a human win: the yokai's name is the root's only reply
        if node.next[0] < 0:
            return tuple(line)
        node = nodes[node.next[0]]
    while True:
        if node.word is not None and node.word != start:
            line.append(node.word)
            position = game.play(position, node.word)
        legal = set(game.legal_moves(position))
        entries = [
            (reply, target, via)
            for reply, target, via in zip(node.replies, node.next, node.via, strict=True)
            if reply in legal
        ]
        answered = [(reply, target) for reply, target, _ in entries if target >= 0]
        mirrors = [(reply, via) for reply, target, via in entries if target == MIRROR]
        if answered:
            line.append(answered[0][0])
            position = game.play(position, answered[0][0])
            node = nodes[answered[0][1]]
        elif mirrors:
            line += mirrors[0]
            position = game.play(game.play(position, mirrors[0][0]), mirrors[0][1])
            node = Node(None, node.replies, node.next, node.via)
        else:
            losing = [reply for reply, target, _ in entries if target == ENDS_IN_N]
            return tuple(line + losing[:1])


def renumbered(vendored: Vendored, variant: str, first: int, chunk: int, chunks: int) -> pa.Table:
    """The vendored nodes the certificates reach, under new node ids in the order of their
    old ones, as rows of ``proofs.parquet`` (``start``: the first certificate in build order
    that reaches the node): the ``k``-th kept node gets ``(first + k) * chunks + chunk``,
    the numbering of chunk ``chunk`` of ``chunks`` (as the certificate builder's)."""
    nodes = vendored.nodes
    starts, roots = list(vendored.roots), list(vendored.roots.values())
    owner = nodes.first_reached(roots)
    kept = nodes.rows_of(np.sort(nodes.keys[owner >= 0]))
    new_ids = (first + np.arange(len(kept), dtype=np.int64)) * chunks + chunk
    renumber = np.full(len(nodes.keys), -1, dtype=np.int64)
    renumber[kept] = new_ids
    vocabulary = pa.array(nodes.vocabulary, pa.string())

    def strings(codes: np.ndarray) -> pa.Array:
        return vocabulary.take(pa.array(codes, mask=codes < 0))

    offsets, positions = nodes.entries(kept, "next")
    targets = nodes.next[positions]
    moved = targets >= 0
    targets[moved] = renumber[nodes.rows_of(targets[moved])]
    lists = {"next": pa.ListArray.from_arrays(offsets, pa.array(targets, pa.int64()))}
    for name, codes in (("replies", nodes.replies), ("via", nodes.vias)):
        offsets, positions = nodes.entries(kept, name)
        lists[name] = pa.ListArray.from_arrays(offsets, strings(codes[positions]))
    root_rows = set(nodes.rows_of(np.array(roots, dtype=np.int64)).tolist())
    columns = {
        "variant_id": pa.array([variant] * len(kept), pa.string()),
        "start": pa.array(starts, pa.string()).take(pa.array(owner[kept])),
        "node": pa.array(new_ids, pa.int64()),
        "root": pa.array([row in root_rows for row in kept.tolist()], pa.bool_()),
        "word": strings(nodes.words[kept]),
        **lists,
    }
    return pa.table({name: columns[name] for name in PROOFS_SCHEMA.names}).cast(PROOFS_SCHEMA)
