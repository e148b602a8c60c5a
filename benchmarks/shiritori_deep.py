"""Deep searches of shiritori start words the default budgets leave open, with certificates.

    .venv/bin/python benchmarks/shiritori_deep.py VARIANT WORD [WORD ...] \\
        --budget 300000000 --table-bits 27 --store --out proofs.parquet

Solves the words one after the other with one :class:`StagedSolver` (the pipeline's Python
stages, then the compiled stage with ``--budget`` nodes per word on one table of
2**``--table-bits`` entries, with the proof store when ``--store``), writes the certificates
of the decided words to ``--out`` (the format of ``results/shiritori/proofs.parquet``, with
the config that produced them in the Parquet metadata) after each word, and prints one JSON
line per word (winner, nodes, seconds, store hits). To vendor the certificates, merge the file
(``shiritori_merge_proofs.py``: checked, and written compact) into
``src/asobi/data/shiritori/proofs/VARIANT.parquet`` (README, "Certificates"): the default
run then checks them with the rules instead of searching. Times are not asserted anywhere.

``--warm "START W1 W2 ..."`` (repeatable) first searches the position after that line with
``--budget`` nodes on the same table and proof store, and prints its verdict: a way to spend
the budget on the one sub-position a trap hinges on (found by splitting the trap reply by
reply). It only fills the table and the store; the start words are then solved, and their
certificates built and checked, exactly as without it.

``--split "START W1 ..."`` (repeatable, after the warm-ups, before the words) plays every
reply after the line and searches the position after each with ``--split-budget`` nodes:
one JSON line per reply with the verdict for the player who says it. That is how a trap is
split down to its hinge (docs/PERFORMANCE.md); with only ``--warm`` and ``--split`` lines no
start word and no ``--out`` are needed.

``--answers "START W1 ..."`` (repeatable, first of all, with ``--stored-proofs``) lists every
answer after the line with what the stored proofs already decide of it (won, lost or open)
and searches nothing: between sittings, it shows which answers of a hinge are still open, so
that each can be given its own search (``--warm`` with the answer added to the line).

``--open-words OUTCOMES`` adds the start words an ``outcomes.parquet`` leaves ``unknown`` in
the variant, grouped by their last character (words ending alike lead to the same trap, so
each one's search leaves proofs in the table and the store for the next): the sweep of every
open word in docs/PERFORMANCE.md ("Every open word swept") is
``VARIANT --open-words results/shiritori/outcomes.parquet --budget 2000000 --table-bits 24
--table-ways 4 --store --out RUN.parquet``.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pandas as pd
import pyarrow as pa

from asobi.core.tables import write_table
from asobi.shiritori.certify import CertificateBuilder
from asobi.shiritori.data import load_clean
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.solver import MAX_TABLE_BITS, TABLE_WAYS, StagedSolver
from asobi.shiritori.tables import PROOFS_SCHEMA

TSV = Path(__file__).resolve().parents[1] / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant", help="a variant id, as in results/shiritori/outcomes.parquet")
    parser.add_argument("words", nargs="*", help="start words to solve, one after the other")
    parser.add_argument(
        "--open-words",
        type=Path,
        metavar="OUTCOMES",
        help="also solve the start words this outcomes.parquet leaves unknown in the variant, "
        "grouped by last character (after the words given)",
    )
    parser.add_argument(
        "--budget",
        type=int,
        default=300_000_000,
        help="compiled nodes per start word and per --warm line (default: %(default)s)",
    )
    parser.add_argument(
        "--table-bits",
        type=int,
        default=27,
        help="2**N entries in the search's table, shared by every word (default: %(default)s; "
        "28 takes about 11.7 GB with the store)",
    )
    parser.add_argument(
        "--table-ways",
        type=int,
        choices=TABLE_WAYS,
        default=1,
        help="rows per bucket of the table: 1 replaces a position's one slot always; more "
        "evict the row with the least work below it, which keeps what a long search paid "
        "most for (default: %(default)s)",
    )
    parser.add_argument("--store", action="store_true", help="use the proof store")
    parser.add_argument(
        "--research-budget",
        type=int,
        default=50_000_000,
        help="nodes per re-search while a certificate is built (default: %(default)s)",
    )
    parser.add_argument(
        "--out", type=Path, help="the certificates of the decided words (Parquet), after each"
    )
    parser.add_argument(
        "--warm",
        action="append",
        default=[],
        metavar="LINE",
        help='search the position after "START W1 W2 ..." first (words space-separated; '
        "repeatable)",
    )
    parser.add_argument(
        "--split",
        action="append",
        default=[],
        metavar="LINE",
        help='search the position after each reply to "START W1 ..." (repeatable)',
    )
    parser.add_argument(
        "--answers",
        action="append",
        default=[],
        metavar="LINE",
        help='before any search, list every answer after "START W1 ..." with what the '
        "--stored-proofs file already decides of it, searching nothing (repeatable)",
    )
    parser.add_argument(
        "--split-budget",
        type=int,
        default=2_000_000,
        help="nodes per reply searched by --split (default: %(default)s)",
    )
    parser.add_argument(
        "--store-sets-bits",
        type=int,
        default=None,
        help="2**N slots for the proof store's sets table (default: the compiled search's 20; "
        "24 took 30 %% fewer nodes on a 64 M-node hinge, docs/PERFORMANCE.md)",
    )
    parser.add_argument(
        "--store-capacity",
        type=int,
        default=None,
        help="proofs kept per unit by the proof store (default: the compiled search's 256)",
    )
    parser.add_argument(
        "--store-archive",
        type=int,
        default=None,
        metavar="N",
        help="keep, per unit, the last N proofs of nodes at most --archive-depth plies below "
        "the searched position in an archive the search looks up too (default: none); saved "
        "with --stored-proofs",
    )
    parser.add_argument(
        "--archive-depth",
        type=int,
        default=None,
        help="how far below the searched position a proof is archived (default: 6 plies)",
    )
    parser.add_argument(
        "--share-research-table",
        action="store_true",
        help="let the certificates' re-searches write into the search's table instead of a "
        "snapshot of it (the snapshot copies the table and proof store: with --table-bits 28 "
        "that is 11 GB more); later words may then take other node counts, never other winners",
    )
    parser.add_argument(
        "--stored-proofs",
        type=Path,
        metavar="FILE",
        help="start the proof store from FILE (.npz) when it exists, and write the store's "
        "proofs there after every slice of 10 M nodes and at the end: a search too long for "
        "one sitting goes on where the last one stopped (needs --store and the same "
        "--store-capacity and --store-archive; docs/PERFORMANCE.md has what it keeps)",
    )
    args = parser.parse_args()
    if args.open_words is not None:
        found = open_words(args.open_words, args.variant)
        args.words += [word for word in found if word not in args.words]
    if args.words and args.out is None:
        parser.error("--out is required to certify start words")
    if not (args.words or args.warm or args.split or args.answers):
        if args.open_words is not None:
            print(f"{args.open_words} leaves no start word of {args.variant} unknown")
            return
        parser.error("nothing to do: give start words, --warm, --split or --answers")
    if args.answers and args.stored_proofs is None:
        parser.error("--answers reads the --stored-proofs file: give it")
    if args.store_sets_bits is not None and not 1 <= args.store_sets_bits <= MAX_TABLE_BITS:
        parser.error(f"--store-sets-bits must be between 1 and {MAX_TABLE_BITS}")
    if args.store_capacity is not None and args.store_capacity < 1:
        parser.error("--store-capacity must be at least 1")
    if args.store_archive is not None and args.store_archive < 1:
        parser.error("--store-archive must be at least 1")
    if args.archive_depth is not None and args.archive_depth < 0:
        parser.error("--archive-depth must be at least 0")
    if args.stored_proofs is not None and not args.store:
        parser.error("--stored-proofs needs --store")
    rules = Rules.from_variant_id(args.variant)
    game = Shiritori(load_clean(TSV).lexicon, rules)
    budgets = python_budgets()
    staged = StagedSolver(
        game,
        **budgets,
        compiled_budget=args.budget,
        compiled_table_bits=args.table_bits,
        compiled_table_ways=args.table_ways,
        proof_store=args.store,
        store_sets_bits=args.store_sets_bits,
        store_capacity=args.store_capacity,
        store_archive=args.store_archive,
        archive_depth=args.archive_depth,
        report=lambda message: print(message, flush=True),
    )
    builder = CertificateBuilder(
        staged,
        args.variant,
        research_budget=args.research_budget,
        isolate_research=not args.share_research_table,
    )
    if args.stored_proofs is not None:
        search = staged.compiled_search()
        if args.stored_proofs.exists():
            try:
                search.load_proofs(args.stored_proofs)
            except (OSError, ValueError) as error:
                raise SystemExit(f"shiritori_deep: --stored-proofs: {error}") from None
            print(f"loaded the stored proofs of {args.stored_proofs}", flush=True)
        staged.report = saving_after(staged.report, search, args.stored_proofs)
    config = {
        **budgets,
        "compiled_budget": args.budget,
        "compiled_table_bits": args.table_bits,
        "compiled_table_ways": args.table_ways,
        "compiled_store": args.store,
        "store_sets_bits": args.store_sets_bits,
        "store_capacity": args.store_capacity,
        "store_archive": args.store_archive,
        "archive_depth": args.archive_depth,
        "research_budget": args.research_budget,
        "share_research_table": args.share_research_table,
        "starts": args.words,
        "warm": args.warm,
        "stored_proofs": None if args.stored_proofs is None else args.stored_proofs.name,
        "chunk": 0,
        "chunks": 1,
    }
    for line in args.answers:
        for record in answers(staged, line.split()):
            print(json.dumps(record, ensure_ascii=False), flush=True)
    for line in args.warm:
        print(json.dumps(warm(staged, line.split(), args.budget), ensure_ascii=False), flush=True)
        if args.stored_proofs is not None:
            staged.compiled_search().save_proofs(args.stored_proofs)
    for line in args.split:
        for record in split(staged, line.split(), args.split_budget):
            print(json.dumps(record, ensure_ascii=False), flush=True)
    for word in args.words:
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
            "variant": args.variant,
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
        print(json.dumps(record, ensure_ascii=False), flush=True)
        write_table(
            pd.DataFrame(builder.rows, columns=PROOFS_SCHEMA.names),
            args.out,
            table="shiritori/proofs",
            variant=rules.as_dict(),
            inputs=[TSV],
            config=config,
            schema=PROOFS_SCHEMA,
        )
        if args.stored_proofs is not None:
            staged.compiled_search().save_proofs(args.stored_proofs)


def open_words(outcomes: Path, variant: str) -> list[str]:
    """The start words ``outcomes`` (an ``outcomes.parquet``) leaves ``unknown`` in
    ``variant``, grouped by last character, in word order within a group. Exits with one line
    when the file cannot be read as outcomes or has no row of the variant."""
    try:
        table = pd.read_parquet(outcomes, columns=["variant_id", "start", "winner"])
    except (OSError, ValueError, KeyError, pa.ArrowException) as error:
        raise SystemExit(
            f"shiritori_deep: --open-words: {outcomes} cannot be read as outcomes ({error})"
        ) from None
    rows = table[table["variant_id"] == variant]
    if rows.empty:
        raise SystemExit(f"shiritori_deep: --open-words: {outcomes} has no row of {variant}")
    starts = rows.loc[rows["winner"] == "unknown", "start"]
    return sorted(starts, key=lambda word: (word[-1], word))


def saving_after(report, search, path: Path):
    """``report``, then the proof store's proofs written to ``path``: every progress line of
    a long search (one per slice) is also a point to go on from."""

    def report_and_save(message: str) -> None:
        report(message)
        search.save_proofs(path)

    return report_and_save


def play_line(staged: StagedSolver, line: list[str], option: str) -> tuple[int, int]:
    """Load the yokai's start word and play the words said after it; return the unit to
    answer and the real words gone (to name the next words). Exits with one line naming the
    first word that cannot be said."""
    solver, game = staged.solver, staged.solver.game
    unknown = [word for word in line if word not in game.index]
    if unknown:
        raise SystemExit(
            f"shiritori_deep: {option}: {unknown[0]} is not a word of the yokai list "
            "(give the line's words separated by spaces)"
        )
    start, *said = line
    solver.load_start(start)
    unit = solver.unit_id[game.last[game.word_index(start)]]
    gone = game.bans[game.word_index(start)]
    for k, word in enumerate(said, start=1):
        cls = solver.class_of_word[game.word_index(word)]
        if cls not in solver.playable_at[unit] or not solver.remaining[cls]:
            raise SystemExit(
                f"shiritori_deep: {option}: {word} cannot be said after {' → '.join(line[:k])} "
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


if __name__ == "__main__":
    main()
