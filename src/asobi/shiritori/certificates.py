"""The certificate format of ``results/shiritori/proofs.parquet``, and reading it.

A certificate is the winner's strategy for one (variant, start word) pair, written in real
words (docs/games/shiritori.md, "Certificates"). :mod:`asobi.shiritori.certify`
writes certificates, :mod:`asobi.shiritori.verify` checks them with the rules only; this
module, which both use, imports neither the search nor the checker.

Each row of the table is a *node*: a position where the winner says ``word`` (or, when
``word`` is null, a position where the loser is to move), followed by **every** legal reply
of the loser (``replies``), each covered by its entry of ``next`` and ``via``. A node may
also list words that answer the unit but are used or banned where it is walked (it serves
several positions); the loser cannot say them, so they are skipped:

* ``next = -1``: the reply ends in ン, so the loser loses at once;
* ``next = k >= 0``: node ``k`` is the winner's answer to the reply;
* ``next = -2``, ``via = y`` (*mirror*): the winner answers ``y``; the loser is then back at
  this node's replies, at a unit that accepts no word the reply's unit did not accept;
* ``next = -3``, ``via = r0`` (*interchangeable*): the reply and the reply ``r0`` of the same
  node begin and end alike and neither bans or is banned by another word, so exchanging
  the two words maps the game onto itself; the reply is answered as ``r0`` is, with the two
  words exchanged.

A leaf is a node whose loser has no reply, or only replies ending in ン. The root of each
certificate (``root`` true) is the empty game, where the yokai's only move is its name: for
a yokai win the root's ``word`` is the start word, for a human win its ``word`` is null and
its only reply is the start word. A start word that begins and ends like another start word
of the variant, neither with aliases, may be certified by exchange: the root's ``word`` is
null, its only reply is the start word, with ``next = -3`` and ``via`` the other start word,
whose certificate (checked first) then proves the same winner for it.

The entry codes are :data:`~asobi.shiritori.tables.ENDS_IN_N`,
:data:`~asobi.shiritori.tables.MIRROR` and :data:`~asobi.shiritori.tables.INTERCHANGED`, and
the table's schema :data:`~asobi.shiritori.tables.PROOFS_SCHEMA`. Reading: :func:`load_nodes`
gives one variant's nodes as a :class:`NodeTable` (flat arrays, a :class:`Node` built per
look-up) and each start word's root; :func:`plain_words`, :func:`exchange_class` and
:func:`exchanged` state when two words may be exchanged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.tables import check_table
from asobi.shiritori.shiritori import LOSING_UNIT, Shiritori
from asobi.shiritori.tables import INTERCHANGED


class Node(NamedTuple):
    """One row of a certificate (see the module docstring)."""

    word: str | None
    replies: tuple[str, ...]
    next: tuple[int, ...]
    via: tuple[str | None, ...]


class CertificateError(Exception):
    """A certificate that does not prove what it claims; ``path`` is the line to the fault."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message
        self.path: list[str] = []
        self.rests_on: str | None = None  # the start word whose failed certificate this uses


def plain_words(game: Shiritori) -> list[bool]:
    """Per word: it bans no word but itself and no other word bans it (no aliases), the
    condition for exchanging two words that begin and end alike."""
    banned_by_other = 0
    for i, bans in enumerate(game.bans):
        banned_by_other |= bans & ~(1 << i)
    return [game.bans[i] == 1 << i and not banned_by_other >> i & 1 for i in range(len(game.words))]


def exchange_class(game: Shiritori, plain: list[bool], i: int) -> tuple[str, str] | None:
    """The (first unit, last unit) that start word ``i`` shares with the start words it may
    be certified by exchange with; None for a word with aliases (``plain``:
    :func:`plain_words`) or one ending in ン (its certificate is one row anyway)."""
    if not plain[i] or game.last[i] == LOSING_UNIT:
        return None
    return game.first[i], game.last[i]


def exchanged(word_bits: int, a: int, b: int) -> int:
    """The bit set ``word_bits`` with words ``a`` and ``b`` exchanged."""
    swapped = word_bits & ~(1 << a | 1 << b)
    if word_bits >> a & 1:
        swapped |= 1 << b
    if word_bits >> b & 1:
        swapped |= 1 << a
    return swapped


_NO_ENTRY = -(2**62)


class _EntryLists(NamedTuple):
    words: list[str | None]
    replies: list[str | None]
    vias: list[str | None]
    offsets: list[int] | None  # shared by the three list columns, None where they differ


class NodeTable(Mapping[int, Node]):
    """One variant's certificate nodes, read as flat arrays: a few bytes a reply instead of a
    Python object per reply (a deep variant holds millions of nodes); each :class:`Node` is
    built when it is looked up."""

    def __init__(self, table: pa.Table) -> None:
        """``table``: the columns ``node``, ``word``, ``replies``, ``next`` and ``via`` (the
        strings best read as dictionaries: :func:`load_nodes`)."""
        if table.column("node").null_count:
            raise CertificateError("a node has no id")
        self.keys = table.column("node").to_numpy()
        self._order = np.argsort(self.keys, kind="stable")
        self._sorted = self.keys[self._order]
        if len(self._sorted) > 1 and not np.all(np.diff(self._sorted) > 0):
            twice = self._sorted[1:][np.diff(self._sorted) == 0][0]
            raise CertificateError(f"node {twice} is listed twice")
        self._first = int(self._sorted[0]) if len(self._sorted) else 0
        self._dense = len(self._sorted) > 0 and int(self._sorted[-1]) - self._first + 1 == len(
            self._sorted
        )
        # ids spread over a few times their count (chunk c of n numbers its nodes
        # local * n + c): a row per id in one array, as a search per look-up was a fifth of
        # the check's time
        span = int(self._sorted[-1]) - self._first + 1 if len(self._sorted) else 0
        self._row_at: np.ndarray | None = None
        if not self._dense and span <= 4 * len(self._sorted):
            self._row_at = np.full(span, -1, dtype=np.int64)
            self._row_at[self._sorted - self._first] = self._order
        # each list column keeps its own offsets, so that a node whose lists differ in
        # length is reported when it is checked, as any other fault
        self.offsets = {name: _offsets(table.column(name)) for name in ("replies", "next", "via")}
        numbers: dict[str, int] = {}
        self.words = _codes(table.column("word"), numbers)
        self.replies = _codes(table.column("replies"), numbers)
        self.vias = _codes(table.column("via"), numbers)
        self.vocabulary: tuple[str, ...] = tuple(numbers)
        # a missing entry becomes one no rule knows, reported where it is checked
        flat = [chunk.flatten().fill_null(_NO_ENTRY) for chunk in table.column("next").chunks]
        self.next = np.concatenate([chunk.to_numpy() for chunk in flat] or [np.zeros(0, "i8")])

    def rows_of(self, keys: np.ndarray) -> np.ndarray:
        """The rows of node ids ``keys`` (all present)."""
        if self._dense:
            return self._order[keys - self._first]
        return self._order[np.searchsorted(self._sorted, keys)]

    def entries(self, rows: np.ndarray, name: str) -> tuple[np.ndarray, np.ndarray]:
        """The lists of column ``name`` (``replies``, ``next`` or ``via``) of ``rows``, in
        that order: their offsets and the flat positions of their entries."""
        offsets = self.offsets[name]
        begins, lengths = offsets[rows], offsets[rows + 1] - offsets[rows]
        out = np.zeros(len(rows) + 1, dtype=np.int64)
        np.cumsum(lengths, out=out[1:])
        positions = np.repeat(begins - out[:-1], lengths) + np.arange(out[-1], dtype=np.int64)
        return out, positions

    def first_reached(self, roots: list[int], leaves: Collection[int] = ()) -> np.ndarray:
        """Per row: the index in ``roots`` of the first root that reaches it, -1 if none; the
        entries of the roots in ``leaves`` are not followed (every entry a node id here)."""
        owner = np.full(len(self.keys), -1, dtype=np.int64)
        for k, root in enumerate(roots):
            frontier = np.array([self._row(root)], dtype=np.int64)
            if root in leaves:
                owner[frontier[owner[frontier] < 0]] = k
                continue
            while len(frontier):
                frontier = np.unique(frontier[owner[frontier] < 0])
                owner[frontier] = k
                frontier = self._targets(frontier)
        return owner

    def reached(self, key: int, seen: np.ndarray, mark: int) -> np.ndarray:
        """The rows that node ``key`` reaches (itself included; every entry a node id here),
        found with ``seen`` (one number a row, left holding ``mark`` at each row found): a
        caller walking from many nodes keeps one array for them all."""
        frontier, found = np.array([self._row(key)], dtype=np.int64), []
        while len(frontier):
            frontier = np.unique(frontier[seen[frontier] != mark])
            seen[frontier] = mark
            found.append(frontier)
            frontier = self._targets(frontier)
        return np.concatenate(found)

    def dangling(self) -> tuple[int, int] | None:
        """A node and an entry of it that is not a node here (the first by row), or None."""
        pointed = self.next >= 0
        missing = pointed.copy()
        missing[pointed] = ~np.isin(self.next[pointed], self.keys)
        if not missing.any():
            return None
        position = int(np.argmax(missing))
        row = int(np.searchsorted(self.offsets["next"], position, side="right")) - 1
        return int(self.keys[row]), int(self.next[position])

    def _targets(self, rows: np.ndarray) -> np.ndarray:
        """The rows that the entries of ``rows`` point to."""
        _, positions = self.entries(rows, "next")
        targets = self.next[positions]
        return self.rows_of(targets[targets >= 0])

    def shared_keys(self) -> set[int]:
        """The nodes that more than one entry points to."""
        targets, counts = np.unique(self.next[self.next >= 0], return_counts=True)
        return set(targets[counts > 1].tolist())

    def _row(self, key: int) -> int:
        if self._dense:
            position = key - self._first
            if 0 <= position < len(self._sorted):
                return int(self._order[position])
            raise KeyError(key)
        if self._row_at is not None:
            position = key - self._first
            if 0 <= position < len(self._row_at):
                row = int(self._row_at[position])
                if row >= 0:
                    return row
            raise KeyError(key)
        position = int(np.searchsorted(self._sorted, key))
        if position < len(self._sorted) and self._sorted[position] == key:
            return int(self._order[position])
        raise KeyError(key)

    @cached_property
    def entry_lists(self) -> _EntryLists:
        """The strings of the rows and entries as Python lists (shared string objects, 8
        bytes an entry) and the offsets as one list where the three list columns agree (the
        usual case): a node is then built with slices, not NumPy calls (a third of the
        check's time). Made at the first look-up: a walk of the structure alone never needs
        them."""
        strings = np.array([*self.vocabulary, None], dtype=object)  # None last, for code -1
        nexts = self.offsets["next"]
        same = all(np.array_equal(nexts, self.offsets[name]) for name in ("replies", "via"))
        return _EntryLists(
            strings[self.words].tolist(),
            strings[self.replies].tolist(),
            strings[self.vias].tolist(),
            nexts.tolist() if same else None,
        )

    def __getitem__(self, key: int) -> Node:
        row = self._row(key)
        lists = self.entry_lists
        if lists.offsets is not None:
            replies = nexts = vias = (lists.offsets[row], lists.offsets[row + 1])
        else:
            replies, nexts, vias = (
                self.offsets[name][row : row + 2].tolist() for name in ("replies", "next", "via")
            )
        # tuple.__new__ builds the named tuple without its Python-level __new__
        return tuple.__new__(
            Node,
            (
                lists.words[row],
                tuple(lists.replies[replies[0] : replies[1]]),
                tuple(self.next[nexts[0] : nexts[1]].tolist()),
                tuple(lists.vias[vias[0] : vias[1]]),
            ),
        )

    def __contains__(self, key: object) -> bool:
        try:
            self._row(key)  # type: ignore[arg-type]
        except (KeyError, TypeError):
            return False
        return True

    def __iter__(self) -> Iterator[int]:
        return iter(self.keys.tolist())

    def __len__(self) -> int:
        return len(self.keys)


def _codes(column: pa.ChunkedArray, numbers: dict[str, int]) -> np.ndarray:
    """The strings of a column (its elements, for a list column) as their numbers in
    ``numbers``, which grows with every new string; -1 for a null."""
    parts = [np.zeros(0, dtype=np.int32)]
    for chunk in column.chunks:
        if pa.types.is_list(chunk.type):
            chunk = chunk.flatten()
        if not pa.types.is_dictionary(chunk.type):
            chunk = pc.dictionary_encode(chunk)
        strings = chunk.dictionary.to_pylist()
        lookup = np.array([numbers.setdefault(w, len(numbers)) for w in strings] + [-1], np.int32)
        parts.append(lookup[chunk.indices.fill_null(len(strings)).to_numpy()])
    return np.concatenate(parts)


def _offsets(column: pa.ChunkedArray) -> np.ndarray:
    """Where each row's list begins in the flattened column, and where the last one ends."""
    lengths = pc.list_value_length(column).fill_null(0).to_numpy(zero_copy_only=False)
    offsets = np.zeros(len(lengths) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return offsets


def load_nodes(proofs: str | Path, variant: str) -> tuple[NodeTable, dict[str, int]]:
    """The nodes of one variant's certificates in ``proofs`` and each start word's root, in
    the order the certificates were built (by root id): a node two certificates share is
    first checked at the position it was built for; the start words certified by exchange
    with another start word come last."""
    return nodes_of(read_certificates(proofs, [variant]).drop_columns(["variant_id"]))


#: The columns of a certificates table the checker reads.
CERTIFICATE_COLUMNS = ("variant_id", "start", "node", "root", "word", "replies", "next", "via")


def read_certificates(proofs: str | Path, variants: Collection[str]) -> pa.Table:
    """The rows of ``variants`` in ``proofs``, in file order (the strings as dictionaries);
    one :class:`~asobi.core.errors.DataError` line when ``proofs`` is not a certificates
    table."""
    check_table(proofs, "shiritori/proofs", CERTIFICATE_COLUMNS)
    return pq.read_table(
        proofs,
        columns=list(CERTIFICATE_COLUMNS),
        filters=[("variant_id", "in", sorted(variants))],
        read_dictionary=["variant_id", "start", "word", "replies.list.element", "via.list.element"],
    )


def node_counts(proofs: str | Path) -> Counter[str]:
    """Rows (nodes) per variant of ``proofs`` (one :class:`~asobi.core.errors.DataError`
    line when it is not a certificates table)."""
    check_table(proofs, "shiritori/proofs", CERTIFICATE_COLUMNS)
    column = pq.read_table(proofs, columns=["variant_id"], read_dictionary=["variant_id"])
    counts = column.column("variant_id").value_counts()
    return Counter(
        dict(
            zip(
                counts.field("values").to_pylist(),
                counts.field("counts").to_pylist(),
                strict=True,
            )
        )
    )


def nodes_of(table: pa.Table) -> tuple[NodeTable, dict[str, int]]:
    """:func:`load_nodes` of one variant's rows."""
    rooted = table.filter(table.column("root"))
    exchanged_roots = {
        start
        for start, entries in zip(
            rooted.column("start").to_pylist(), rooted.column("next").to_pylist(), strict=True
        )
        if entries == [INTERCHANGED]
    }
    roots = dict(
        zip(rooted.column("start").to_pylist(), rooted.column("node").to_pylist(), strict=True)
    )
    nodes = NodeTable(table.select(["node", "word", "replies", "next", "via"]))
    # the start words answered by exchange with another one come after all the others
    in_order = sorted(roots.items(), key=lambda item: (item[0] in exchanged_roots, item[1]))
    return nodes, dict(in_order)


def sharing_groups(nodes: NodeTable, roots: Mapping[str, int]) -> tuple[list[int], list[int]]:
    """Per start word of ``roots`` (in its order), a group number, and the number of nodes
    its certificate reaches that no earlier one does: two start words whose certificates
    reach a common node, or one of which is certified by exchange with the other, are in one
    group, so that groups can be checked apart, each in the order of ``roots``, and walk
    exactly what one check of them all walks."""
    keys = list(roots.values())
    parent = list(range(len(keys)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    owner = nodes.first_reached(keys)  # a root's walk stops at the nodes an earlier one took
    rows = np.flatnonzero(owner >= 0)
    _, positions = nodes.entries(rows, "next")
    sources = np.repeat(rows, np.diff(nodes.offsets["next"])[rows])
    targets = nodes.next[positions]
    pointed = targets >= 0
    pairs = [
        np.stack([owner[sources[pointed]], owner[nodes.rows_of(targets[pointed])]], axis=1),
        # a root an earlier certificate reached first
        np.stack([np.arange(len(keys)), owner[nodes.rows_of(np.array(keys, dtype=np.int64))]], 1),
    ]
    index = {start: k for k, start in enumerate(roots)}
    for k, key in enumerate(keys):
        node = nodes[key]
        if node.next == (INTERCHANGED,) and node.via and node.via[0] in index:
            pairs.append(np.array([[k, index[node.via[0]]]]))
    crossing = np.concatenate(pairs)
    crossing = crossing[crossing[:, 0] != crossing[:, 1]]
    # each pair once, as one number (a unique over rows sorts far more slowly)
    encoded = np.unique(crossing[:, 0] * len(keys) + crossing[:, 1])
    for a, b in zip((encoded // len(keys)).tolist(), (encoded % len(keys)).tolist(), strict=True):
        parent[find(a)] = find(b)
    number: dict[int, int] = {}  # groups numbered in the order of their first start word
    groups = [number.setdefault(find(k), len(number)) for k in range(len(keys))]
    return groups, np.bincount(owner[rows], minlength=len(keys)).tolist()
