"""Certify a start word by following the certificate of another one (a *hint*;
``asobi shiritori transfer``).

    asobi shiritori transfer VARIANT HINT_FILE HINT_WORD WORD [WORD ...] --out FILE

Start words that end in the same trap lead to nearly the same game: the certificate of
ウシロガミ (a human win in ``previous_kana/written/independent``, 1.99 M nodes from a 736 M-node
search) is a strategy for カカシガミ too, except where the yokai says ウシロガミ (no longer
used) or the human says カカシガミ (now used). This tool builds the new word's certificate
with :class:`asobi.shiritori.certify.CertificateBuilder`, but at every winner's turn it first
tries the hint's word there, and points to a node of the hint's certificate itself wherever
the verifier's rule lets that node serve (the winner says no word used here, and the loser
has no reply here it lacked there: ``W ∩ S' = ∅`` and ``S ∩ L ⊆ S'``, and the new
certificate pairs no mirror word otherwise than the hint's, :mod:`asobi.shiritori.verify`).
Only the positions the hint does not cover (a reply it does not list, a word of it that is
used) are searched, with the compiled df-pn and ``--research-budget`` nodes each.

Nothing here is trusted: a hint's move that is wrong makes the build fail (a position where
the search finds no win), and the file written holds the hint's variant file with the new
certificates after it, so that ``asobi shiritori merge-proofs OUT FILE`` checks
every certificate with the rules alone before anything is vendored. The winner written for
a new word is the hint's; the verifier checks it.

A hint may also come from another variant (``--hint-variant``; e.g. a ``written`` certificate
for the ``pronounced`` variant, where most words end alike): then its moves are followed but
none of its nodes is reused (a file holds one variant), the hint's own word may be certified
too, and the file written holds ``--onto`` (the variant's certificates so far, if any) with
the new certificates after it.

With ``--backtracks N``, a position where the hint's move fails further down (its line is
lost here, or not decided within the budget) is searched for a move of its own instead, up
to N times per word, the nearest such position first; what the failed move built is
forgotten.

A strategy may also come back deeper than its start: ``--book LINE`` (repeatable; a
certified start word of the hint file, or "START W1 W2 ..." for the human's turn after that
line in its certificate) is a hint at every winner's turn that answers a unit like the line's
last word (or one with more replies: a ケ strategy serves at ゲ where dakuten are free), that
no other hint reaches and where the tables know no win. ``--first WORD`` gives the human's
answer to every start word, which may then end unlike HINT_WORD (whose certificate then serves
as a book entry too). ``--yokai`` certifies yokai wins: every answer of the human is refuted,
following HINT_WORD's certificate from its root if that is a yokai win ending alike, else
with HINT_WORD's as a book entry.

One JSON line per word: winner, nodes built, hint nodes reused, hint moves followed,
positions searched, seconds.
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.errors import InputError
from asobi.core.tables import write_table
from asobi.shiritori.certificates import NodeTable, exchanged, load_nodes
from asobi.shiritori.certify import CertificateBuilder, CertificateFailure
from asobi.shiritori.data import VENDORED_LIST, load_clean
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.search import BudgetExceeded, StartResult
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import INTERCHANGED, MIRROR, PROOFS_SCHEMA


class HintedBuilder(CertificateBuilder):
    """A certificate builder that follows a hint certificate and reuses its nodes."""

    def __init__(
        self,
        staged: StagedSolver,
        variant: str,
        hint: NodeTable,
        first_id: int,
        hint_words: dict[int, tuple[int, int]],
        reuse: bool = True,
        **options,
    ) -> None:
        super().__init__(staged, variant, **options)
        self.hint = hint
        self.reuse = reuse  # False for a hint of another variant: its moves only
        self.local_count = first_id  # new node ids after the hint file's
        # the hint's winner node for a position (used, unit) where the winner is to move,
        # with the words gone at the hint's own position there
        self._hint_at: dict[tuple[int, str], tuple[int, int]] = {}
        self._pending: tuple[int, int] | None = None
        self._pending_book = False  # the pending hint is a --book entry's
        self._loser_hint: tuple[int, int] | None = None
        self._hint_words = hint_words  # hint node: (W, L) of the verifier, kept across words
        self.reused = self.followed = self.backtracked = 0
        self.backtracks_left = 0  # per word: hinted positions searched again after a failure
        self._followed_at: set[tuple[int, int]] = set()  # (solver state, unit) hint taken
        # --book: a hint for every winner's turn the hint does not reach, by the replies
        # the unit allows (a ケ strategy serves at ゲ too where dakuten are free)
        self._book: dict[int, tuple[int, int]] = {}
        self._first: int | None = None  # --first: the winner's answer to the start word
        self._followed_roots: tuple[int, ...] = ()  # the hint's node the word follows
        self._pairs_read: dict[tuple[int, ...], dict[int, int]] = {}  # their mirror pairs
        self._pairs_agree = True  # per word: this certificate pairs its words as they do

    def _human_win(self, root_key: int, start: str) -> int:
        """The human's first node in the certificate of ``start``, which must be a human win."""
        root = self.hint[root_key]
        if root.word is not None or root.next[0] < 0:
            raise InputError(f"{start} is not certified as a human win")
        return root.next[0]

    def add_book(self, root_key: int, line: list[str]) -> None:
        """Follow the certificate of ``line[0]`` (a human win) from the human's turn after
        ``line`` (the start word, then the human's and the yokai's words as it says them)
        wherever the winner answers a unit like the last word's and no other hint reaches."""
        game = self.game
        if len(line) % 2 == 0:
            raise InputError("--book: a line ends with the yokai's word")
        key, said = self._human_win(root_key, line[0]), game.bans[game.word_index(line[0])]
        for winner_word, loser_word in zip(line[1::2], line[2::2], strict=False):
            node = self.hint[key]
            if node.word != winner_word:
                raise InputError(
                    f"--book: the certificate says {node.word}, "
                    f"not {winner_word}, in {' '.join(line)}"
                )
            targets = dict(zip(node.replies, node.next, strict=True))
            if targets.get(loser_word, -1) < 0:
                raise InputError(
                    f"--book: {loser_word} has no node of its own after "
                    f"{winner_word} in {' '.join(line)}"
                )
            key = targets[loser_word]
            said |= game.bans[game.word_index(winner_word)] | game.bans[game.word_index(loser_word)]
        self._book[game.candidate_bits(game.last[game.word_index(line[-1])])] = (key, said)

    def _book_hint(self, unit: str) -> tuple[int, int] | None:
        """The book's strategy for the player answering ``unit``: one for the same replies,
        else one whose every word is legal here too (its answers are, and after them the
        game is the same)."""
        allowed = self.game.candidate_bits(unit)
        exact = self._book.get(allowed)
        if exact is not None:
            return exact
        for bits, entry in self._book.items():
            if not bits & ~allowed:
                return entry
        return None

    def certify(
        self,
        start: str,
        hint_root: int,
        hint_start: str,
        first: str | None = None,
        winner: str = "human",
    ) -> None:
        """Build the certificate of ``start`` following the hint's certificate of
        ``hint_start`` (a human win: the root's only reply is the hint's start word); with
        ``first``, the human's answer to ``start`` is that word (the hint then serves only
        where its unit comes back, as a book entry does); with ``winner="yokai"`` every
        answer of the human is refuted, the hint followed from its root if it is a yokai
        win, else serving as a book entry."""
        game = self.game
        i, h = game.word_index(start), game.word_index(hint_start)
        yokai_hint = winner == "yokai" and self.hint[hint_root].word is not None
        human_node = None if yokai_hint else self._human_win(hint_root, hint_start)
        if first is not None:
            f = game.word_index(first)
            if f not in game.candidates(game.last[i]) or game.bans[i] >> f & 1:
                raise InputError(f"{first} does not answer {start}")
            self._first = f
        elif winner == "human" or yokai_hint:  # the hint is followed from its root
            if game.last[i] != game.last[h]:
                raise InputError(f"{start} and {hint_start} end differently")
            if yokai_hint:  # the hint's answers to the human's replies
                self._loser_hint = (hint_root, 0)
            else:
                self._hint_at[(game.bans[i], game.last[i])] = (human_node, game.bans[h])
        # (a yokai win with a human win's hint: every answer, then the book or a search)
        self._followed_roots = (hint_root,)
        try:
            self.add(StartResult(start, winner, (start,), 0, "compiled"))
        finally:
            self._first = self._loser_hint = None

    def _certificate_pairs(self) -> dict[int, int]:
        """The mirror pairs the followed certificates (the hint's from its root, then the
        book entries') use, as a matching: each word with its partner; a book's pair at odds
        with one met before is left out. Read from their nodes, not recomputed: a hint that
        was itself built by a transfer pairs its words otherwise than the builder would."""
        keys = (*self._followed_roots, *(key for key, _ in self._book.values()))
        known = self._pairs_read.get(keys)
        if known is not None:
            return known
        index = self.game.index
        partner: dict[int, int] = {}
        seen: set[int] = set()
        for root in keys:
            stack = [root]
            while stack:
                key = stack.pop()
                if key in seen:
                    continue
                seen.add(key)
                node = self.hint[key]
                for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
                    if target >= 0:
                        stack.append(target)
                    elif target == MIRROR and via is not None:
                        x, y = index[reply], index[via]
                        if partner.get(x, y) == y and partner.get(y, x) == x:
                            partner[x], partner[y] = y, x
        self._pairs_read[keys] = partner
        return partner

    def reserve(self, used: int) -> None:
        """The mirror words set aside, paired as the followed certificates pair them
        wherever both words are free here (the verifier holds a certificate to one
        matching), the rest in list order; as many pairs per class pair as the reduced game
        removes."""
        hinted = self._certificate_pairs()
        partner: dict[int, int] = {}
        solver = self.solver
        for x, y in solver.mirror_pairs:
            fx = [w for w in solver.class_words[x] if not used >> w & 1]
            fy = [w for w in solver.class_words[y] if not used >> w & 1]
            count = len(fx) // 2 if x == y else min(len(fx), len(fy))
            pairs = (
                [(a, hinted[a]) for a in fx if a in hinted and hinted[a] in fy and a < hinted[a]]
                if x == y
                else [(a, hinted[a]) for a in fx if hinted.get(a) in fy]
            )
            pairs = pairs[:count]
            taken = {w for pair in pairs for w in pair}
            rest_x = [w for w in fx if w not in taken]
            rest_y = [w for w in fy if w not in taken]
            if x == y:
                extra = list(zip(rest_x[0::2], rest_x[1::2], strict=False))
            else:
                extra = list(zip(rest_x, rest_y, strict=False))
            for a, b in [*pairs, *extra][:count]:
                partner[a], partner[b] = b, a
        self.partner = partner
        self.reserved = sum(1 << w for w in partner)
        # a node of a followed certificate serves only if that certificate pairs no word
        # otherwise than this one: the verifier takes in its whole matching with the node
        # (_still_wins), and a mirror entry of this certificate met after it would then be
        # paired otherwise; a hint's pair with a word used here (the new start word in the
        # hint word's mirror class) leaves its other word paired anew, and the hint's nodes
        # are then followed but not reused
        self._pairs_agree = all(partner.get(x, y) == y for x, y in hinted.items())

    def checkpoint(self) -> tuple:
        """What a failed word must not leave behind: the rows, and the memories that may
        point to them (positions built, shared nodes, classes certified)."""
        return (
            len(self.rows),
            len(self.memo),
            {key: list(nodes) for key, nodes in self.shared.items()},
            dict(self.certified),
        )

    def rollback(self, saved: tuple) -> None:
        rows, memo, shared, certified = saved
        self._forget_since(rows, memo)
        self.shared, self.certified = shared, certified

    def _forget_since(self, rows: int, memo: int) -> None:
        """Drop the rows and the positions built after the first ``rows`` and ``memo``."""
        del self.rows[rows:]
        for _ in range(len(self.memo) - memo):
            self.memo.popitem()  # positions are added, never replaced: the newest last
        self._pending = self._loser_hint = None

    # -- the verifier's W and L of a hint node ------------------------------------------------

    def _words_of(self, key: int) -> tuple[int, int]:
        """(words the winner says at or below hint node ``key``, words that could answer a
        unit the loser answers there): the verifier's W and L."""
        known = self._hint_words.get(key)
        if known is not None:
            return known
        game = self.game
        node = self.hint[key]
        word = game.index[node.word]
        said, answering = 1 << word, game.candidate_bits(game.last[word])
        answered: dict[str, int] = {}
        for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
            if target >= 0:
                child_said, child_answering = self._words_of(target)
                said |= child_said
                answering |= child_answering
                answered[reply] = child_said
            elif target == MIRROR and via is not None:
                said |= 1 << game.index[via]
        for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
            if target == INTERCHANGED and via in answered:
                said |= exchanged(answered[via], game.index[reply], game.index[via])
        self._hint_words[key] = (said, answering)
        return said, answering

    # -- following the hint ---------------------------------------------------------------------

    def winner_turn(self, used: int, unit: str) -> int:
        try:
            return self._hinted_winner_turn(used, unit)
        except CertificateFailure as failure:
            if not hasattr(failure, "where"):  # the innermost position: where it stopped
                failure.where = (used, unit)
            raise

    def _hinted_winner_turn(self, used: int, unit: str) -> int:
        hint = self._hint_at.pop((used, unit), None)
        book = hint is None and bool(self._book)
        if book:
            hint = self._book_hint(unit)
        if hint is not None and self.reuse and self._pairs_agree:
            key, hint_used = hint
            said, answering = self._words_of(key)
            if not said & used and not hint_used & answering & ~used:
                self.reused += 1
                self.said[key], self.answering[key] = said, answering
                return key  # the hint's own node: the verifier's rule lets it serve here
        solver = self.solver
        here = (solver.used, solver.unit_id[unit])
        saved = self._mark() if hint is not None and self.backtracks_left > 0 else None
        self._pending, self._pending_book = hint, book
        try:
            return super().winner_turn(used, unit)
        except CertificateFailure:
            if saved is None or here not in self._followed_at or self.backtracks_left <= 0:
                raise
            # the hint's move fails below here (its line is lost, or not decided within the
            # budget, in this variant or with this start word): forget what it built, and
            # search this position for a move of its own
            self.backtracks_left -= 1
            self.backtracked += 1
            self._restore(saved)
            return super().winner_turn(used, unit)
        finally:
            self._pending = None  # not taken when the position was built before
            self._followed_at.discard(here)

    def _mark(self) -> tuple:
        solver = self.solver
        return (
            len(self.rows),
            len(self.memo),
            self.local_count,
            (list(solver.remaining), solver.used, list(solver.avail)),
            self.state_hash,
        )

    def _restore(self, saved: tuple) -> None:
        """Back to the builder's and the solver's state at :meth:`_mark`: the rows, the
        positions and the shared nodes built since are forgotten."""
        rows, memo, count, state, hashed = saved
        self._forget_since(rows, memo)
        self.local_count = count
        for key, nodes in self.shared.items():
            self.shared[key] = [(at, node) for at, node in nodes if node < count]
        solver = self.solver
        solver.remaining[:], solver.used, solver.avail[:] = state[0], state[1], state[2]
        self.state_hash = hashed

    def winning_class(self, u: int) -> int:
        hint, self._pending, self._loser_hint = self._pending, None, None
        solver = self.solver
        if self._first is not None:  # the root, with --first
            word, self._first = self._first, None
            c = solver.class_of_word.get(word)
            if c is not None and solver.remaining[c] and u in solver.answers[c]:
                self.followed += 1
                return c
        if hint is not None and self._pending_book:
            # a book's strategy only where the tables know no win already
            known = self.known_class(u)
            if known is not None:
                return known
        if hint is not None:
            word = self.game.index[self.hint[hint[0]].word]
            c = solver.class_of_word.get(word)
            if c is not None and solver.remaining[c] and u in solver.answers[c]:
                self.followed += 1
                self._followed_at.add((solver.used, u))
                self._loser_hint = hint
                return c
        return super().winning_class(u)

    def loser_turn(self, used: int, unit: str):  # type: ignore[no-untyped-def]
        hint, self._loser_hint = self._loser_hint, None
        registered = self._register(hint, used, unit) if hint is not None else []
        try:
            return super().loser_turn(used, unit)
        finally:
            for position in registered:
                self._hint_at.pop(position, None)

    def _register(self, hint: tuple[int, int], used: int, unit: str) -> list[tuple[int, str]]:
        """Hints for the winner's answers to every legal reply: the hint node's answer to
        the same reply, else to a listed reply that begins and ends alike; returns the
        positions given a hint."""
        game = self.game
        key, hint_used = hint
        node = self.hint[key]
        hint_used |= game.bans[game.index[node.word]]
        answered: dict[str, int] = {}
        alike: dict[tuple[str, str], str] = {}
        for reply, target, via in zip(node.replies, node.next, node.via, strict=True):
            r = game.index[reply]
            if target >= 0:
                answered[reply] = target
                alike.setdefault((game.first[r], game.last[r]), reply)
            elif target == INTERCHANGED and via is not None:
                answered.setdefault(reply, -1)
        registered = []
        for r in game.candidates(unit):
            if used >> r & 1:
                continue
            reply = game.words[r]
            target = answered.get(reply, -1)
            source = reply
            if target < 0:  # an exchanged or a new reply: the answer to one alike
                source = alike.get((game.first[r], game.last[r]), "")
                target = answered.get(source, -1)
            if target >= 0:
                position = (used | game.bans[r], game.last[r])
                self._hint_at[position] = (target, hint_used | game.bans[game.index[source]])
                registered.append(position)
        return registered


def run_transfer(
    variant: str,
    hint_file: Path,
    hint_word: str,
    words: Sequence[str],
    *,
    out: Path,
    hint_variant: str | None = None,
    onto: Path | None = None,
    research_budget: int = 20_000_000,
    table_bits: int = 24,
    backtracks: int = 0,
    book: Sequence[str] = (),
    first: str | None = None,
    yokai: bool = False,
    replace: bool = False,
    echo: Callable[[str], None] = print,
) -> None:
    """Certify ``words`` by following the certificate of ``hint_word`` in ``hint_file`` and
    write ``out`` (the options of ``asobi shiritori transfer``, the module docstring); one
    JSON line per word to ``echo``. Bad input raises :class:`InputError` before anything is
    written."""
    words, book = list(words), list(book)
    if yokai and first:
        raise InputError("--first is the human's answer: not with --yokai")
    rules = Rules.from_variant_id(variant)
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, rules)
    hint_variant = hint_variant or variant
    across = hint_variant != variant
    if onto is not None and not across:
        raise InputError("--onto is for a hint of another variant")
    hint, hint_roots = load_nodes(hint_file, hint_variant)
    if hint_word not in hint_roots:
        raise InputError(f"{hint_word} has no certificate in the file")
    if hint_word in words and not across:
        raise InputError(f"{hint_word} cannot be its own hint")
    # the file the new certificates follow: the hint's own, or VARIANT's (--onto) if any
    base = onto if across else hint_file
    roots, first_id = hint_roots, int(hint.keys.max()) + 1  # new ids after the file's
    if across:
        roots, first_id = {}, 0
        if base is not None:
            onto_nodes, roots = load_nodes(base, variant)
            first_id = int(onto_nodes.keys.max()) + 1
    already = [word for word in words if word in roots]
    if already and not replace:
        raise InputError(f"{already[0]} is certified in the file already (--replace)")
    staged = StagedSolver(
        game,
        **python_budgets(),
        compiled_budget=research_budget,
        compiled_table_bits=table_bits,
        proof_store=True,
    )
    staged.compiled_search()
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(100_000)
    try:
        # one builder for all the words: a later word may point to the nodes built for an earlier
        # one where the verifier's rule allows, as to the hint's
        builder = HintedBuilder(
            staged,
            variant,
            hint,
            first_id,
            {},
            reuse=not across,
            research_budget=research_budget,
            isolate_research=False,
        )
        written = []
        hint_is_book = first or (yokai and hint[hint_roots[hint_word]].word is None)
        books = [hint_word, *book] if hint_is_book else book
        for line in (entry.split() for entry in books):
            if line[0] not in hint_roots:
                raise InputError(f"{line[0]} has no certificate in the file")
            builder.add_book(hint_roots[line[0]], line)
        for word in words:
            began, cpu = time.perf_counter(), time.process_time()
            rows, reused, followed, searched = (
                len(builder.rows),
                builder.reused,
                builder.followed,
                builder.researched,
            )
            saved = builder.checkpoint()
            builder.backtracks_left, backtracked = backtracks, builder.backtracked
            try:
                builder.certify(
                    word,
                    hint_roots[hint_word],
                    hint_word,
                    first,
                    "yokai" if yokai else "human",
                )
            except (CertificateFailure, BudgetExceeded) as error:
                builder.rollback(saved)  # nothing of the failed word stays
                winner = f"not certified: {error}"
                where = getattr(error, "where", None)
                if where is not None:  # the position the build stopped at, for a deeper search
                    used, unit = where
                    winner += f" (the winner to answer {unit}, {used.bit_count()} words gone: "
                    winner += " ".join(w for i, w in enumerate(game.words) if used >> i & 1) + ")"
            else:
                winner = "yokai" if yokai else "human"
                written.append(word)
            record = {
                "start": word,
                "hint": hint_word,
                "winner": winner,
                "nodes": len(builder.rows) - rows,
                "hint_nodes_reused": builder.reused - reused,
                "hint_moves_followed": builder.followed - followed,
                "positions_searched": builder.researched - searched,
                "backtracked": builder.backtracked - backtracked,
                "seconds": round(time.perf_counter() - began, 1),
                "cpu_seconds": round(time.process_time() - cpu, 1),
            }
            echo(json.dumps(record, ensure_ascii=False))
    finally:
        sys.setrecursionlimit(limit)
    original = pq.read_table(base) if base else PROOFS_SCHEMA.empty_table()
    if written and replace:  # the old roots of the words certified anew
        old = pc.and_(
            original.column("root"), pc.is_in(original.column("start"), pa.array(written))
        )
        original = original.filter(pc.invert(old))
    hint_meta = pq.read_metadata(base).metadata if base else None
    new = pa.Table.from_pylist(builder.rows, schema=PROOFS_SCHEMA)
    write_table(
        pa.concat_tables([original.select(PROOFS_SCHEMA.names).cast(PROOFS_SCHEMA), new]),
        out,
        table="shiritori/proofs",
        variant=rules.as_dict(),
        inputs=[VENDORED_LIST],
        config={  # the hint file's own history first, as the merge script nests configs
            "merged": [
                json.loads((hint_meta or {}).get(b"asobi.config", b"null")),
                {
                    "transfer": {
                        "hint_file": hint_file.name,
                        **({"hint_variant": hint_variant} if across else {}),
                        "hint": hint_word,
                        **({"book": book} if book else {}),
                        **({"first": first} if first else {}),
                        **({"winner": "yokai"} if yokai else {}),
                        "starts": written,
                        "research_budget": research_budget,
                        "backtracks": backtracks,
                        "table_bits": table_bits,
                    }
                },
            ]
        },
        schema=PROOFS_SCHEMA,
    )
