"""Deep searches of shiritori start words the default budgets leave open, with certificates
(``asobi shiritori deep``).

    asobi shiritori deep VARIANT WORD [WORD ...] \\
        --budget 300000000 --table-bits 27 --store --out proofs.parquet

:func:`run_deep` solves the words one after the other with one
:class:`~asobi.shiritori.staged.StagedSolver` (the pipeline's Python stages, then the
compiled stage with ``budget`` nodes per word on one table of 2**``table_bits`` entries, with
the proof store when ``store``), writes the certificates of the decided words to ``out`` (the
format of ``results/shiritori/proofs.parquet``, with the config that produced them in the
Parquet metadata) after each word, and prints one JSON line per word (winner, nodes,
seconds, store hits). To vendor the certificates, merge the file (``asobi shiritori
merge-proofs``: checked, and written compact) into
``src/asobi/data/shiritori/proofs/VARIANT.parquet`` (docs/games/shiritori.md, "Vendored
certificates"): the default run then checks them with the rules instead of searching. Times
are not asserted anywhere.

``warm`` lines (``--warm "START W1 W2 ..."``) are searched first, with ``budget`` nodes on
the same table and proof store, and their verdicts printed: a way to spend the budget on the
one sub-position a trap hinges on (found by splitting the trap reply by reply). They only
fill the table and the store; the start words are then solved, and their certificates built
and checked, exactly as without them.

``split`` lines (after the warm-ups, before the words) play every reply after the line and
search the position after each with ``split_budget`` nodes: one JSON line per reply with the
verdict for the player who says it. That is how a trap is split down to its hinge
(docs/notes/shiritori-deep-runs.md, "Where the two traps hinge"); with only warm and split
lines no start word and no ``out`` are needed.

``answers`` lines (first of all, with ``stored_proofs``) list every answer after the line
with what the stored proofs already decide of it (won, lost or open) and search nothing:
between sittings, they show which answers of a hinge are still open, so that each can be
given its own search (a warm line with the answer added).

``open_words`` (an ``outcomes.parquet``) adds the start words it leaves ``unknown`` in the
variant, grouped by their last character (words ending alike lead to the same trap, so each
one's search leaves proofs in the table and the store for the next): the sweep of every open
word in docs/notes/shiritori-deep-runs.md ("Every open word swept") is ``asobi shiritori deep
VARIANT --open-words results/shiritori/outcomes.parquet --budget 2000000 --table-bits 24
--table-ways 4 --store --out RUN.parquet``.

Bad input (a line that cannot be played, a file that is not outcomes, sizes out of range)
raises :class:`~asobi.core.errors.InputError` before anything is written.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import pandas as pd
import pyarrow as pa

from asobi.core.errors import InputError
from asobi.core.tables import write_table
from asobi.shiritori.certify import CertificateBuilder
from asobi.shiritori.data import VENDORED_LIST, load_clean
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.search import MAX_TABLE_BITS
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import PROOFS_SCHEMA

if TYPE_CHECKING:
    from asobi.shiritori.compiled import CompiledSearch


def run_deep(
    variant: str,
    words: list[str],
    *,
    out: Path | None = None,
    open_words_from: Path | None = None,
    budget: int = 300_000_000,
    table_bits: int = 27,
    table_ways: int = 1,
    store: bool = False,
    research_budget: int = 50_000_000,
    warm_lines: Sequence[str] = (),
    split_lines: Sequence[str] = (),
    answers_lines: Sequence[str] = (),
    split_budget: int = 2_000_000,
    store_sets_bits: int | None = None,
    store_capacity: int | None = None,
    store_archive: int | None = None,
    archive_depth: int | None = None,
    share_research_table: bool = False,
    stored_proofs: Path | None = None,
    echo: Callable[[str], None] = print,
) -> None:
    """The deep search of the module docstring (the options of ``asobi shiritori deep``);
    every line it prints goes to ``echo``."""
    words = list(words)
    if open_words_from is not None:
        found = open_words(open_words_from, variant)
        words += [word for word in found if word not in words]
    if words and out is None:
        raise InputError("--out is required to certify start words")
    if not (words or warm_lines or split_lines or answers_lines):
        if open_words_from is not None:
            echo(f"{open_words_from} leaves no start word of {variant} unknown")
            return
        raise InputError("nothing to do: give start words, --warm, --split or --answers")
    if answers_lines and stored_proofs is None:
        raise InputError("--answers reads the --stored-proofs file: give it")
    if store_sets_bits is not None and not 1 <= store_sets_bits <= MAX_TABLE_BITS:
        raise InputError(f"--store-sets-bits must be between 1 and {MAX_TABLE_BITS}")
    if store_capacity is not None and store_capacity < 1:
        raise InputError("--store-capacity must be at least 1")
    if store_archive is not None and store_archive < 1:
        raise InputError("--store-archive must be at least 1")
    if archive_depth is not None and archive_depth < 0:
        raise InputError("--archive-depth must be at least 0")
    if stored_proofs is not None and not store:
        raise InputError("--stored-proofs needs --store")
    rules = Rules.from_variant_id(variant)
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, rules)
    budgets = python_budgets()
    staged = StagedSolver(
        game,
        **budgets,
        compiled_budget=budget,
        compiled_table_bits=table_bits,
        compiled_table_ways=table_ways,
        proof_store=store,
        store_sets_bits=store_sets_bits,
        store_capacity=store_capacity,
        store_archive=store_archive,
        archive_depth=archive_depth,
        report=echo,
    )
    builder = CertificateBuilder(
        staged,
        variant,
        research_budget=research_budget,
        isolate_research=not share_research_table,
    )
    if stored_proofs is not None:
        search = staged.compiled_search()
        if stored_proofs.exists():
            try:
                search.load_proofs(stored_proofs)
            except (OSError, ValueError) as error:
                raise InputError(f"--stored-proofs: {error}") from None
            echo(f"loaded the stored proofs of {stored_proofs}")
        staged.report = saving_after(echo, search, stored_proofs)
    config = {
        **budgets,
        "compiled_budget": budget,
        "compiled_table_bits": table_bits,
        "compiled_table_ways": table_ways,
        "compiled_store": store,
        "store_sets_bits": store_sets_bits,
        "store_capacity": store_capacity,
        "store_archive": store_archive,
        "archive_depth": archive_depth,
        "research_budget": research_budget,
        "share_research_table": share_research_table,
        "starts": words,
        "warm": list(warm_lines),
        "stored_proofs": None if stored_proofs is None else stored_proofs.name,
        "chunk": 0,
        "chunks": 1,
    }
    for line in answers_lines:
        for record in answers(staged, line.split()):
            echo(json.dumps(record, ensure_ascii=False))
    for line in warm_lines:
        echo(json.dumps(warm(staged, line.split(), budget), ensure_ascii=False))
        if stored_proofs is not None:
            staged.compiled_search().save_proofs(stored_proofs)
    for line in split_lines:
        for record in split(staged, line.split(), split_budget):
            echo(json.dumps(record, ensure_ascii=False))
    for word in words:
        began, cpu = time.perf_counter(), time.process_time()
        compiled = staged.compiled
        nodes_before = compiled.nodes if compiled else 0
        hits_before = compiled.hits if compiled else 0
        result = staged.solve(word)
        solved = time.perf_counter()
        rows_before = len(builder.rows)
        builder.add(result)
        compiled = staged.compiled
        record = {
            "variant": variant,
            "start": word,
            "winner": result.winner,
            "nodes": result.nodes,
            "compiled_nodes": compiled.nodes - nodes_before if compiled else 0,
            "store_hits": compiled.hits - hits_before if compiled else 0,
            "solve_seconds": round(solved - began, 1),
            "certificate_seconds": round(time.perf_counter() - solved, 1),
            "cpu_seconds": round(time.process_time() - cpu, 1),
            "certificate_nodes": len(builder.rows) - rows_before,
            "shared_nodes_reused": builder.shared_hits,
            "line": " → ".join(result.line),
        }
        echo(json.dumps(record, ensure_ascii=False))
        write_table(
            pd.DataFrame(builder.rows, columns=PROOFS_SCHEMA.names),
            out,  # type: ignore[arg-type]
            table="shiritori/proofs",
            variant=rules.as_dict(),
            inputs=[VENDORED_LIST],
            config=config,
            schema=PROOFS_SCHEMA,
        )
        if stored_proofs is not None:
            staged.compiled_search().save_proofs(stored_proofs)


def open_words(outcomes: Path, variant: str) -> list[str]:
    """The start words ``outcomes`` (an ``outcomes.parquet``) leaves ``unknown`` in
    ``variant``, grouped by last character, in word order within a group. Raises :class:`InputError`
    (one line) when the file cannot be read as outcomes or has no row of the variant."""
    try:
        table = pd.read_parquet(outcomes, columns=["variant_id", "start", "winner"])
    except (OSError, ValueError, KeyError, pa.ArrowException) as error:
        raise InputError(f"--open-words: {outcomes} cannot be read as outcomes ({error})") from None
    rows = table[table["variant_id"] == variant]
    if rows.empty:
        raise InputError(f"--open-words: {outcomes} has no row of {variant}")
    starts = rows.loc[rows["winner"] == "unknown", "start"]
    return sorted(starts, key=lambda word: (word[-1], word))


def saving_after(
    report: Callable[[str], None], search: CompiledSearch, path: Path
) -> Callable[[str], None]:
    """``report``, then the proof store's proofs written to ``path``: every progress line of
    a long search (one per slice) is also a point to go on from."""

    def report_and_save(message: str) -> None:
        report(message)
        search.save_proofs(path)

    return report_and_save


def play_line(staged: StagedSolver, line: list[str], option: str) -> tuple[int, int]:
    """Load the yokai's start word and play the words said after it; return the unit to
    answer and the real words gone (to name the next words). Raises :class:`InputError`
    naming the first word that cannot be said."""
    solver, game = staged.solver, staged.solver.game
    unknown = [word for word in line if word not in game.index]
    if unknown:
        raise InputError(
            f"{option}: {unknown[0]} is not a word of the yokai list "
            "(give the line's words separated by spaces)"
        )
    start, *said = line
    solver.load_start(start)
    unit = solver.unit_id[game.last[game.word_index(start)]]
    gone = game.bans[game.word_index(start)]
    for k, word in enumerate(said, start=1):
        cls = solver.class_of_word[game.word_index(word)]
        if cls not in solver.playable_at[unit] or not solver.remaining[cls]:
            raise InputError(
                f"{option}: {word} cannot be said after {' → '.join(line[:k])} "
                "(not a legal answer there, or a mirror word the reduced game sets aside)"
            )
        solver.play(cls)
        gone |= game.bans[game.word_index(word)]
        unit = solver.end[cls]
    return unit, gone


def to_move(line: list[str]) -> str:
    """Who answers after ``line`` (the yokai says the start word, the human answers it)."""
    return "human" if len(line) % 2 == 1 else "yokai"


def warm(staged: StagedSolver, line: list[str], budget: int) -> dict:
    """Search the position after ``line`` (the yokai's start word, then the words said) with
    ``budget`` compiled nodes (the next solve loads its own start again)."""
    search = staged.compiled_search()
    unit, _ = play_line(staged, line, "--warm")
    began, nodes = time.process_time(), search.nodes
    wins = search.mover_wins(unit, budget, staged.progress(" → ".join(line), budget))
    mover = to_move(line)
    verdict = "open" if wins is None else f"{mover} {'wins' if wins else 'loses'}"
    return {
        "warm": " → ".join(line),
        "to_move": mover,
        "verdict": verdict,
        "compiled_nodes": search.nodes - nodes,
        "cpu_seconds": round(time.process_time() - began, 1),
    }


def split(staged: StagedSolver, line: list[str], budget: int) -> list[dict]:
    """Every reply after ``line`` on its own: the position after it searched with ``budget``
    compiled nodes, the verdict for the player who says the reply. Interchangeable replies
    (one class of the reduced game) count once; mirror words are set aside."""
    solver, game = staged.solver, staged.solver.game
    search = staged.compiled_search()
    unit, gone = play_line(staged, line, "--split")
    mover, records = to_move(line), []
    for cls in list(solver.playable_at[unit]):
        if not solver.remaining[cls]:
            continue
        word = game.words[solver.real_word(cls, gone)]
        banned = solver.play(cls)
        end = solver.end[cls]
        began, nodes = time.process_time(), search.nodes
        report = staged.progress(f"{' → '.join(line)} → {word}", budget)
        opponent = False if solver.avail[end] == 0 else search.mover_wins(end, budget, report)
        solver.unplay(cls, banned)
        verdict = "open" if opponent is None else f"{mover} {'loses' if opponent else 'wins'}"
        records.append(
            {
                "split": " → ".join(line),
                "reply": word,
                "to": solver.units[end],
                "verdict": verdict,
                "compiled_nodes": search.nodes - nodes,
                "cpu_seconds": round(time.process_time() - began, 1),
            }
        )
    return records


def answers(staged: StagedSolver, line: list[str]) -> list[dict]:
    """Every answer after ``line`` (one per class of interchangeable words) and what the
    proof store already holds of the position after it, searching nothing: "wins" or
    "loses" for the player who says it, or "open"."""
    solver, game = staged.solver, staged.solver.game
    search = staged.compiled_search()
    unit, gone = play_line(staged, line, "--answers")
    mover, records = to_move(line), []
    for cls, proof, disproof, _ in search.answer_numbers(unit):
        verdict = "loses" if proof == 0 else "wins" if disproof == 0 else None
        records.append(
            {
                "answers": " → ".join(line),
                "answer": game.words[solver.real_word(cls, gone)],
                "words": len(solver.class_words[cls]),
                "to": solver.units[solver.end[cls]],
                "known": f"{mover} {verdict}" if verdict else "open",
            }
        )
    return records
