"""Check the proof certificates of ``results/shiritori/proofs.parquet`` with the rules only.

A certificate is the winner's strategy for one (variant, start word) pair, written in real
words (README section ようかいしりとり, "Certificates"). This module reads it with nothing but
the rules (:mod:`asobi.shiritori.shiritori`) and the word list (:mod:`asobi.shiritori.data`):
it never imports the solver, so a verdict it accepts does not depend on the search that
produced it.

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

The check walks every node at the positions it is reached at. Two facts of the rules let it
visit a shared node once: a strategy that wins at used words ``S`` also wins at used words
``S'`` when the loser has no reply at ``S'`` it did not have at ``S`` and the winner still
has every word it says. With W, "the winner's words" of a node (its words, the mirror
answers, and the interchanged images of both), and L, "the loser's words" (every word that
could answer a unit the loser answers somewhere in the node's strategy), that is
``S ∩ L ⊆ S'`` and ``W ∩ S' = ∅``; words outside L and W do not matter, which lets one
strategy serve the start words that lead to the same trap. And a loser node stays won at a
unit that accepts fewer words. The mirror entries rest on the same two facts: after reply
``x`` and answer ``y`` the loser faces the same node with more words used, so every other
reply's strategy must avoid ``x``, ``y`` and the words they ban, and no two mirror entries
may share an answer.
"""

from __future__ import annotations

import gc
import multiprocessing
import sys
import time
from collections import Counter
from collections.abc import Collection, Iterable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cached_property, partial
from pathlib import Path
from typing import NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import LOSING_UNIT, Lexicon, Rules, Shiritori, accepted_units
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, MIRROR


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


class _Words(NamedTuple):
    """What a checked strategy needs to stay winning elsewhere: the words the winner says
    (``said``, interchanged images included), the words of its mirror entries
    (``mirrored``, both words of each pair; ``pairs`` maps each to its partner) and the
    words that could answer a unit the loser answers in it (``answering``). (Named tuples,
    as this and :class:`Node` are made once or twice a node checked.)"""

    said: int
    mirrored: int
    pairs: dict[int, int]
    answering: int


class _Anchor(NamedTuple):
    used: int
    words: _Words


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


@dataclass
class VariantChecker:
    """Checks the certificates of one variant against its rules and word list."""

    game: Shiritori
    nodes: Mapping[int, Node]
    checked: int = 0
    proved: dict[str, str] = field(default_factory=dict)  # the start words checked so far
    failed: set[str] = field(default_factory=set)  # and those whose certificate failed
    _anchors: dict[int, list[_Anchor]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        game = self.game
        self._plain = plain_words(game)
        self._accepted = {
            unit: accepted_units(unit, game.rules) for unit in set(game.first) | set(game.last)
        }
        self._pairs: dict[int, int] = {}
        # per mirror matching of an earlier certificate (by id; the anchors keep each
        # alive): merged into this certificate's (True) or at odds with it (False)
        self._met: dict[int, bool] = {}
        self._answers: dict[str, dict[str, int]] = {}  # per unit: the words answering it
        self._answer_bits: dict[str, dict[str, int]] = {}  # the same, each as its bit
        # (reply, answer, unit) of the mirror entries whose checks that do not depend on
        # the position passed: the answer's index and the pair's bits (over half the
        # entries of a deep certificate are mirror entries, most of them alike)
        self._mirror_pairs: dict[tuple[str, str | None, str], tuple[int, int]] = {}
        # a node only one entry points to is met again only through its parent, whose own
        # anchor is tried first: anchors are kept for the nodes several entries point to
        if isinstance(self.nodes, NodeTable):
            self._shared = self.nodes.shared_keys()
        else:
            targets = [t for node in self.nodes.values() for t in node.next if t >= 0]
            self._shared = {t for t, n in Counter(targets).items() if n > 1}

    # -- one certificate ---------------------------------------------------------------------

    def check(self, start: str, root: int) -> str:
        """The winner (``yokai`` or ``human``) the certificate rooted at ``root`` proves for
        ``start``; raises :class:`CertificateError` when it proves nothing."""
        try:
            winner = self._check(start, root)
        except CertificateError:
            self.failed.add(start)
            raise
        self.proved[start] = winner
        return winner

    def _check(self, start: str, root: int) -> str:
        game = self.game
        self._pairs = {}  # the mirror pairs of this certificate: a matching of words
        self._met = {}
        node = self._node(root)
        if start not in game.index:
            raise CertificateError(f"start word {start} is not in the word list")
        i = game.index[start]
        after = game.bans[i]
        if node.word is not None:  # the yokai's own name is its winning move
            if node.word != start:
                raise CertificateError(f"root word {node.word} is not the start word")
            if game.last[i] == LOSING_UNIT:
                raise CertificateError(f"the yokai's name {start} ends in ン: the yokai loses")
            self._loser_turn(root, node, after, game.last[i])
            return "yokai"
        if node.replies != (start,) or len(node.next) != 1:
            raise CertificateError("a human-win root must have the start word as its only reply")
        if node.next[0] == INTERCHANGED:
            return self._exchanged_start(start, node.via[0] if node.via else None)
        if game.last[i] == LOSING_UNIT:
            if node.next[0] != ENDS_IN_N:
                raise CertificateError(f"{start} ends in ン but its entry is {node.next[0]}")
            return "human"
        if node.next[0] < 0:
            raise CertificateError(f"{start} does not end in ン: it needs the human's answer")
        self._winner_node(node.next[0], after, game.last[i])
        return "human"

    def _exchanged_start(self, start: str, twin: str | None) -> str:
        """The winner of ``start`` read off the certificate of ``twin``, checked before: the
        two words begin and end alike and neither bans or is banned by another word, so
        exchanging them maps the game after one onto the game after the other."""
        game = self.game
        if twin in self.failed:
            error = CertificateError(f"exchanged with {twin}, whose certificate fails")
            error.rests_on = twin
            raise error
        if twin is None or twin not in self.proved:
            raise CertificateError(f"{start} points to {twin}, whose certificate is not checked")
        if not self._interchangeable(game.index[start], game.index[twin]):
            raise CertificateError(f"{start} and {twin} are not interchangeable")
        return self.proved[twin]

    def _node(self, key: int) -> Node:
        try:
            return self.nodes[key]
        except KeyError:
            raise CertificateError(f"node {key} is missing") from None

    # -- the two kinds of turn ---------------------------------------------------------------

    def _winner_node(self, key: int, used: int, unit: str) -> _Words:
        """Check node ``key`` where the winner answers ``unit`` with ``used`` gone."""
        node = self._node(key)
        word = node.word
        if word is None:
            raise CertificateError(f"node {key} gives no word for the winner")
        game = self.game
        i = game.index.get(word)
        if i is None:
            raise CertificateError(f"the winner's word {word} is not in the word list")
        if used >> i & 1:
            raise CertificateError(f"the winner's word {word} is already used or banned")
        if game.first[i] not in self._accepted[unit]:
            raise CertificateError(f"the winner's word {word} does not answer {unit}")
        if game.last[i] == LOSING_UNIT:
            raise CertificateError(f"the winner's word {word} ends in ン: its speaker loses")
        for anchor in self._anchors.get(key, ()):
            if anchor.used & anchor.words.answering & ~used == 0 and self._still_wins(
                anchor.words, used
            ):
                return anchor.words  # the strategy checked there also wins here
        try:
            after = self._loser_turn(key, node, used | game.bans[i], game.last[i])
        except CertificateError as error:
            error.path.append(word)
            raise
        words = _Words(after.said | 1 << i, after.mirrored, after.pairs, after.answering)
        if key in self._shared:
            self._anchors.setdefault(key, []).append(_Anchor(used, words))
        return words

    def _still_wins(self, words: _Words, used: int) -> bool:
        """A strategy checked at fewer used words still wins at ``used``: none of the
        winner's words is gone, each mirror pair is gone whole or not at all, and its pairs
        agree with this certificate's."""
        if words.said & used:
            return False
        pairs = words.pairs
        met = pairs is self._pairs or self._met.get(id(pairs))
        if met is False:
            return False
        if met is None:
            # this certificate's pairs only ever grow, so a conflict found stays one and a
            # matching merged stays agreeing: each earlier matching is compared once
            for x, y in pairs.items():
                if self._pairs.get(x, y) != y or self._pairs.get(y, x) != x:
                    self._met[id(pairs)] = False
                    return False
        touched = words.mirrored & used
        while touched:
            low = touched & -touched
            if not used >> words.pairs[low.bit_length() - 1] & 1:
                return False
            touched ^= low
        if met is None:
            self._pairs.update(pairs)
            self._met[id(pairs)] = True
        return True

    def _loser_turn(self, key: int, node: Node, used: int, unit: str) -> _Words:
        """Check that ``node`` covers every legal reply to ``unit`` with ``used`` gone."""
        self.checked += 1
        game = self.game
        entries = len(node.replies)
        if len(node.next) != entries or len(node.via) != entries:
            raise CertificateError(f"node {key}: replies, next and via differ in length")
        answer_bits = self._answer_bits.get(unit)
        if answer_bits is None:
            answers = {game.words[j]: j for j in game.candidates(unit)}
            self._answers[unit] = answers
            answer_bits = self._answer_bits[unit] = {w: 1 << j for w, j in answers.items()}
        answers = self._answers[unit]
        answering = game.candidate_bits(unit)
        given = extra = 0  # the replies listed that answer the unit (a bit set), the others
        for reply in node.replies:
            bit = answer_bits.get(reply)  # type: ignore[arg-type]
            if bit is None:
                extra += 1
            else:
                given |= bit
        if given.bit_count() != entries - extra or extra and len(set(node.replies)) != entries:
            raise CertificateError(f"node {key}: a reply is listed twice")
        missing = answering & ~used & ~given
        if missing:
            first = min(word for word, j in answers.items() if missing >> j & 1)
            raise CertificateError(f"after {unit}: reply {first} is not covered")
        if extra:
            first = min((reply for reply in node.replies if reply not in answers), key=str)
            raise CertificateError(f"after {unit}: {first} is no reply")
        # replies the node lists that are used or banned here (legal where it was built, for
        # another start word): the loser cannot say them, so they are not followed
        index, last = game.index, game.last
        said = mirrored = paired = 0  # paired: the words of this node's mirror entries
        twins: dict[str, _Words] = {}  # the strategies after the replies with an answer node
        exchanges: list[tuple[str, str | None]] = []
        known_pairs, pairs = self._mirror_pairs, self._pairs
        for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
            r = index[reply]
            if used >> r & 1:
                continue
            if target == MIRROR:  # a mirror entry met before: what depends on the position
                known = known_pairs.get((reply, via, unit))  # type: ignore[arg-type]
                if known is not None:
                    y, bits = known
                    # the matching holds both directions of each pair: r paired with y,
                    # or neither paired yet
                    partner = pairs.get(r)
                    if not used >> y & 1 and (partner == y or partner is None and y not in pairs):
                        if partner is None:
                            pairs[r], pairs[y] = y, r
                        paired |= bits
                        continue
            try:
                if target == ENDS_IN_N:
                    if last[r] != LOSING_UNIT:
                        raise CertificateError(f"{reply} is marked as ending in ン")
                elif last[r] == LOSING_UNIT:
                    raise CertificateError(f"{reply} ends in ン: it needs no answer")
                elif target >= 0:
                    if via is not None:
                        raise CertificateError(f"{reply}: an answer node with a via word")
                    words = self._winner_node(target, used | game.bans[r], last[r])
                    twins[reply] = words
                    said |= words.said
                    mirrored |= words.mirrored
                    answering |= words.answering
                elif target == MIRROR:
                    y = self._mirror(reply, via, used, unit)
                    known_pairs[reply, via, unit] = (y, 1 << r | 1 << y)  # type: ignore[index]
                    paired |= 1 << r | 1 << y
                elif target == INTERCHANGED:
                    exchanges.append((reply, via))
                else:
                    raise CertificateError(f"{reply}: unknown entry {target}")
            except CertificateError as error:
                error.path.append(reply)
                raise
        for reply, via in exchanges:
            try:
                said |= self._interchanged(twins, reply, via)
            except CertificateError as error:
                error.path.append(reply)
                raise
        if said & paired:  # the first mirror entry at fault, for the message
            for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
                x = index[reply]
                if target == MIRROR and not used >> x & 1 and said & (1 << x | 1 << pairs[x]):
                    raise CertificateError(
                        f"mirror {reply} → {via}: the winner says one of these words "
                        "elsewhere at this node"
                    )
        return _Words(said, mirrored | paired, self._pairs, answering)

    def _mirror(self, reply: str, answer: str | None, used: int, unit: str) -> int:
        """Check that the winner may answer ``reply`` with ``answer`` and so hand the loser a
        unit that accepts no more words than ``unit``; returns the answer's index."""
        game = self.game
        x = game.index[reply]
        y = game.index.get(answer) if answer is not None else None
        if y is None:
            raise CertificateError(f"mirror answer {answer} is not in the word list")
        if not (self._plain[x] and self._plain[y]) or x == y:
            raise CertificateError(f"{reply} and {answer} cannot be a mirror pair (aliases)")
        if used >> y & 1:
            raise CertificateError(f"mirror answer {answer} is already used or banned")
        if game.first[y] not in self._accepted[game.last[x]]:
            raise CertificateError(f"mirror answer {answer} does not answer {game.last[x]}")
        if game.last[y] == LOSING_UNIT or not self._accepted[game.last[y]] <= self._accepted[unit]:
            raise CertificateError(f"mirror answer {answer} does not give back {unit}")
        pairs = self._pairs
        if pairs.get(x, y) != y or pairs.get(y, x) != x:
            raise CertificateError(f"{reply} → {answer}: the words are paired otherwise")
        pairs[x], pairs[y] = y, x
        return y

    def _interchangeable(self, a: int, b: int) -> bool:
        """Words ``a`` and ``b`` may be exchanged: two words that begin and end alike and
        neither bans nor is banned by another word."""
        game = self.game
        return (
            a != b
            and self._plain[a]
            and self._plain[b]
            and game.first[a] == game.first[b]
            and game.last[a] == game.last[b]
        )

    def _interchanged(self, twins: Mapping[str, _Words], reply: str, twin: str | None) -> int:
        """Check that ``reply`` and ``twin`` may be exchanged; returns the words the winner
        says after the twin, with the two words exchanged."""
        game = self.game
        if twin is None or twin not in twins:
            raise CertificateError(f"{reply} points to {twin}, which has no answer node here")
        r, t = game.index[reply], game.index[twin]
        if not self._interchangeable(r, t):
            raise CertificateError(f"{reply} and {twin} are not interchangeable")
        words = twins[twin]
        if words.mirrored >> r & 1 or words.mirrored >> t & 1:
            raise CertificateError(f"{reply} and {twin}: interchanged words in a mirror pair")
        return exchanged(words.said, r, t)


def exchanged(word_bits: int, a: int, b: int) -> int:
    """The bit set ``word_bits`` with words ``a`` and ``b`` exchanged."""
    swapped = word_bits & ~(1 << a | 1 << b)
    if word_bits >> a & 1:
        swapped |= 1 << b
    if word_bits >> b & 1:
        swapped |= 1 << a
    return swapped


@dataclass(frozen=True)
class Report:
    """What :func:`verify_results` found."""

    failures: tuple[str, ...]
    pairs: int
    nodes: int
    seconds: float

    @property
    def summary(self) -> str:
        return (
            f"verified {self.pairs} certificates (every decided pair), "
            f"{self.nodes} nodes checked, {self.seconds:.1f} s"
        )


_NO_ENTRY = -(2**62)

#: Variants with at most this many nodes in all are read and checked as one task.
BATCH_NODES = 2_000_000


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
    def _entry_lists(self) -> _EntryLists:
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
        lists = self._entry_lists
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
    return _nodes_of(_read_certificates(proofs, [variant]).drop_columns(["variant_id"]))


def _read_certificates(proofs: str | Path, variants: Collection[str]) -> pa.Table:
    """The rows of ``variants`` in ``proofs``, in file order (the strings as dictionaries)."""
    return pq.read_table(
        proofs,
        columns=["variant_id", "start", "node", "root", "word", "replies", "next", "via"],
        filters=[("variant_id", "in", sorted(variants))],
        read_dictionary=["variant_id", "start", "word", "replies.list.element", "via.list.element"],
    )


def _nodes_of(table: pa.Table) -> tuple[NodeTable, dict[str, int]]:
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


def verify_results(
    outcomes: str | Path,
    proofs: str | Path,
    tsv: str | Path,
    variants: Iterable[str] | None = None,
    jobs: int = 1,
    batch_nodes: int = BATCH_NODES,
) -> Report:
    """Check every certificate of ``proofs`` and that every decided pair of ``outcomes`` has
    one that proves its winner (all variants of ``outcomes``, or only ``variants``).

    Variants of at most ``batch_nodes`` nodes in all are read and checked together (a read
    of one variant decodes most of the file: 1.5 s each, more than checking most of them).
    With ``jobs`` > 1 the work is shared by that many processes: each batch or larger
    variant is one task, except that a variant holding a large share of the nodes is cut
    into parts along :func:`sharing_groups` (certificates that share no node and no
    exchange are checked apart, so no node is walked twice). The report is the same
    whatever ``jobs`` is. The processes start by spawn, so a script that calls this with
    ``jobs`` > 1 needs the ``if __name__ == "__main__":`` guard.
    """
    began = time.perf_counter()
    claimed = pq.read_table(outcomes, columns=["variant_id"], read_dictionary=["variant_id"])
    names = sorted(set(pc.unique(claimed.column("variant_id")).to_pylist()))
    if variants is not None:
        names = [name for name in names if name in set(variants)]
    sizes = _node_counts(proofs)
    total = sum(sizes[name] for name in names) or 1
    tasks: list[tuple[tuple[str, ...], int, int]] = []  # (variants, part, parts)
    batch: list[str] = []
    for name in names:
        parts = min(jobs, max(1, round(sizes[name] * jobs / total)))
        if parts > 1 or sizes[name] > batch_nodes:
            tasks += [((name,), part, parts) for part in range(parts)]
            continue
        if batch and sum(sizes[other] for other in batch) + sizes[name] > batch_nodes:
            tasks.append((tuple(batch), 0, 1))
            batch = []
        batch.append(name)
    if batch:
        tasks.append((tuple(batch), 0, 1))
    # the largest first, so that the small ones fill in at the end
    tasks.sort(key=lambda task: -sum(sizes[name] for name in task[0]) / task[2])
    if jobs > 1 and len(tasks) > 1:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(min(jobs, len(tasks)), mp_context=context) as pool:
            checked = list(
                pool.map(partial(_check_task, outcomes, proofs, tsv), *zip(*tasks, strict=True))
            )
    else:
        checked = [_check_task(outcomes, proofs, tsv, *task) for task in tasks]
    done = {
        (name, part, parts): result
        for (batched, part, parts), results in zip(tasks, checked, strict=True)
        for name, result in zip(batched, results, strict=True)
    }
    failures: list[str] = []
    pairs = nodes = 0
    for name in names:
        parts = [result for (variant, _, _), result in sorted(done.items()) if variant == name]
        failures += [line for _, line in sorted(item for part in parts for item in part[0])]
        pairs += sum(part[1] for part in parts)
        nodes += sum(part[2] for part in parts)
    return Report(tuple(failures), pairs, nodes, time.perf_counter() - began)


def _node_counts(proofs: str | Path) -> Counter[str]:
    """Rows (nodes) per variant of ``proofs``."""
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


def _parts(nodes: NodeTable, roots: Mapping[str, int], parts: int) -> list[int]:
    """Per start word of ``roots``, which of ``parts`` parts checks it: the sharing groups
    dealt out largest first to the part with the fewest nodes so far (all in part 0 when a
    root or an entry points to no node: the check reports it)."""
    if any(key not in nodes for key in roots.values()) or nodes.dangling() is not None:
        return [0] * len(roots)
    groups, owned = sharing_groups(nodes, roots)
    weight: Counter[int] = Counter()
    for group, size in zip(groups, owned, strict=True):
        weight[group] += size + 1
    load = [0] * parts
    part_of: dict[int, int] = {}
    for group, size in sorted(weight.items(), key=lambda item: (-item[1], item[0])):
        lightest = min(range(parts), key=lambda p: (load[p], p))
        part_of[group] = lightest
        load[lightest] += size
    return [part_of[group] for group in groups]


def _check_task(
    outcomes: str | Path,
    proofs: str | Path,
    tsv: str | Path,
    variants: tuple[str, ...],
    part: int = 0,
    parts: int = 1,
) -> list[tuple[list[tuple[int, str]], int, int]]:
    """:func:`_variant_check` of each of ``variants``, their outcomes and certificates read
    at once."""
    rows = pq.read_table(
        outcomes,
        columns=["variant_id", "start", "winner"],
        filters=[("variant_id", "in", list(variants))],
    )
    certificates = _read_certificates(proofs, variants)
    lexicon = load_clean(tsv).lexicon
    results = []
    for variant in variants:
        mine = rows.filter(pc.equal(rows.column("variant_id").cast(pa.string()), variant))
        starts, winners = mine.column("start").to_pylist(), mine.column("winner").to_pylist()
        of_variant = pc.equal(certificates.column("variant_id").cast(pa.string()), variant)
        table = certificates.filter(of_variant).drop_columns(["variant_id"])
        claimed = dict(zip(starts, winners, strict=True))
        results.append(_variant_check(claimed, table, lexicon, variant, part, parts))
    return results


def _variant_check(
    claimed: dict[str, str],
    certificates: pa.Table,
    lexicon: Lexicon,
    variant: str,
    part: int = 0,
    parts: int = 1,
) -> tuple[list[tuple[int, str]], int, int]:
    """One variant's failure lines (each with its place: the start word's position in the
    build order, the lines for missing certificates after them), certificates checked and
    nodes walked, from its outcomes (``claimed``: winner by start word) and certificate
    rows; with ``parts`` > 1, only the start words of part ``part`` (:func:`_parts`), and
    part 0 also reports the decided pairs without a certificate."""
    try:
        graph, roots = _nodes_of(certificates)
    except CertificateError as error:
        return ([(0, f"{variant}: {error.message}")] if part == 0 else []), 0, 0
    mine = _parts(graph, roots, parts) if parts > 1 else [0] * len(roots)
    checker = VariantChecker(Shiritori(lexicon, Rules.from_variant_id(variant)), graph)
    failures: list[tuple[int, str]] = []
    exchanged_with: dict[int, list[str]] = {}  # failure line → start words resting on it
    failure_of: dict[str, int] = {}
    pairs = 0
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 50_000))
    # the node table's lists hold millions of strings that form no cycle: frozen, the
    # cyclic garbage collector stops searching them at each full collection (6 % of a
    # deep variant's check)
    graph._entry_lists  # noqa: B018 (made now, to be frozen)
    gc.freeze()
    try:
        for place, (start, root) in enumerate(roots.items()):  # in the order they were built
            if mine[place] != part:
                continue
            winner = claimed.get(start)
            if winner is None:
                failures.append(
                    (place, f"{variant} {start}: a certificate for a pair not in outcomes")
                )
                continue
            if winner == "unknown":
                failures.append((place, f"{variant} {start}: a certificate for an unknown pair"))
                continue
            pairs += 1
            try:
                proved = checker.check(start, root)
            except CertificateError as error:
                if error.rests_on in failure_of:  # one line per failed certificate
                    exchanged_with.setdefault(failure_of[error.rests_on], []).append(start)
                    continue
                line = " → ".join([start, *reversed(error.path)])
                failure_of[start] = len(failures)
                failures.append((place, f"{variant} {start}: {error.message} (line {line})"))
                continue
            if proved != winner:
                failures.append(
                    (
                        place,
                        f"{variant} {start}: the certificate proves a {proved} win, "
                        f"the outcomes say {winner}",
                    )
                )
    finally:
        gc.unfreeze()
        sys.setrecursionlimit(limit)
    if part == 0:
        missing = [(s, w) for s, w in claimed.items() if w != "unknown" and s not in roots]
        for k, (start, winner) in enumerate(missing, start=len(roots)):
            failures.append((k, f"{variant} {start}: no certificate for a {winner} win"))
    for k, exchanged in exchanged_with.items():
        place, line = failures[k]
        failures[k] = (
            place,
            f"{line}; {', '.join(exchanged)} (certified by exchange with it) fail with it",
        )
    return failures, pairs, checker.checked
