"""Check the proof certificates of ``results/shiritori/proofs.parquet`` with the rules only.

The format is :mod:`asobi.shiritori.certificates`'s. This module reads the certificates with
nothing but the rules (:mod:`asobi.shiritori.shiritori`), the word list
(:mod:`asobi.shiritori.data`) and that format: it never imports the solver, so a verdict it
accepts does not depend on the search that produced it.

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
from collections.abc import Iterable, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import NamedTuple

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.tables import check_table
from asobi.shiritori.certificates import (
    CertificateError,
    Node,
    NodeTable,
    exchanged,
    node_counts,
    nodes_of,
    plain_words,
    read_certificates,
    sharing_groups,
)
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import LOSING_UNIT, Lexicon, Rules, Shiritori, accepted_units
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, MIRROR


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


@dataclass
class VariantChecker:
    """Checks the certificates of one variant against its rules and word list."""

    game: Shiritori
    nodes: Mapping[int, Node]
    checked: int = 0
    proved: dict[str, str] = field(default_factory=dict)  # the start words checked so far
    failed: set[str] = field(default_factory=set)  # and those whose certificate failed
    _anchors: dict[int, list[_Anchor]] = field(default_factory=dict)
    _anchor_word: dict[int, int] = field(default_factory=dict)  # the word of each anchored node

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
        anchors = self._anchors.get(key)
        if anchors is not None:
            # a shared node checked before (its word is in the list and ends well): the
            # checks that depend on the position, then its strategies, before the node is
            # built again from the table (most visits of a deep certificate end here)
            i = self._anchor_word[key]
            game = self.game
            if not used >> i & 1 and game.first[i] in self._accepted[unit]:
                for anchor in anchors:
                    if anchor.used & anchor.words.answering & ~used == 0 and self._still_wins(
                        anchor.words, used
                    ):
                        return anchor.words  # the strategy checked there also wins here
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
        try:
            after = self._loser_turn(key, node, used | game.bans[i], game.last[i])
        except CertificateError as error:
            error.path.append(word)
            raise
        words = _Words(after.said | 1 << i, after.mirrored, after.pairs, after.answering)
        if key in self._shared:
            self._anchors.setdefault(key, []).append(_Anchor(used, words))
            self._anchor_word[key] = i
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


#: Variants with at most this many nodes in all are read and checked as one task.
BATCH_NODES = 2_000_000


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
    check_table(outcomes, "shiritori/outcomes", ["variant_id", "start", "winner"])
    claimed = pq.read_table(outcomes, columns=["variant_id"], read_dictionary=["variant_id"])
    names = sorted(set(pc.unique(claimed.column("variant_id")).to_pylist()))
    if variants is not None:
        names = [name for name in names if name in set(variants)]
    sizes = node_counts(proofs)
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
    certificates = read_certificates(proofs, variants)
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
        graph, roots = nodes_of(certificates)
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
    graph.entry_lists  # noqa: B018 (made now, to be frozen)
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
    for k, resting in exchanged_with.items():
        place, line = failures[k]
        failures[k] = (
            place,
            f"{line}; {', '.join(resting)} (certified by exchange with it) fail with it",
        )
    return failures, pairs, checker.checked
