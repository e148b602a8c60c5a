"""Deep searches of shiritori start words the default budgets leave open, with certificates.

    .venv/bin/python benchmarks/shiritori_deep.py VARIANT WORD [WORD ...] \\
        --budget 300000000 --table-bits 27 --store --out proofs.parquet

Solves the words one after the other with one :class:`StagedSolver` (the pipeline's Python
stages, then the compiled stage with ``--budget`` nodes per word on one table of
2**``--table-bits`` entries, with the proof store when ``--store``), writes the certificates
of the decided words to ``--out`` (the format of ``results/shiritori/proofs.parquet``, with
the config that produced them in the Parquet metadata) after each word, and prints one JSON
line per word (winner, nodes, seconds, store hits). To vendor the certificates, copy the file
to ``src/asobi/data/shiritori/proofs/VARIANT.parquet`` (README, "Certificates"): the default
run then checks them with the rules instead of searching. Times are not asserted anywhere.

``--warm "START W1 W2 ..."`` (repeatable) first searches the position after that line with
``--budget`` nodes on the same table and proof store, and prints its verdict: a way to spend
the budget on the one sub-position a trap hinges on (found by splitting the trap reply by
reply). It only fills the table and the store; the start words are then solved, and their
certificates built and checked, exactly as without it.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import pandas as pd

from asobi.core.tables import write_table
from asobi.shiritori.certify import CertificateBuilder
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.solver import StagedSolver
from asobi.shiritori.tables import PROOFS_SCHEMA

TSV = Path(__file__).resolve().parents[1] / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("variant")
    parser.add_argument("words", nargs="+")
    parser.add_argument("--budget", type=int, default=300_000_000)
    parser.add_argument("--table-bits", type=int, default=27)
    parser.add_argument("--store", action="store_true")
    parser.add_argument("--research-budget", type=int, default=50_000_000)
    parser.add_argument("--out", type=Path, required=True)
    parser.add_argument("--warm", action="append", default=[], metavar="LINE")
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
    args = parser.parse_args()
    rules = Rules.from_variant_id(args.variant)
    game = Shiritori(load_clean(TSV).lexicon, rules)
    staged = StagedSolver(
        game,
        node_budget=1000,
        proof_budget=5000,
        compiled_budget=args.budget,
        compiled_table_bits=args.table_bits,
        proof_store=args.store,
        store_sets_bits=args.store_sets_bits,
        store_capacity=args.store_capacity,
        report=lambda message: print(message, flush=True),
    )
    builder = CertificateBuilder(staged, args.variant, research_budget=args.research_budget)
    config = {
        "node_budget": 1000,
        "proof_budget": 5000,
        "compiled_budget": args.budget,
        "compiled_table_bits": args.table_bits,
        "compiled_store": args.store,
        "store_sets_bits": args.store_sets_bits,
        "store_capacity": args.store_capacity,
        "research_budget": args.research_budget,
        "starts": args.words,
        "warm": args.warm,
        "chunk": 0,
        "chunks": 1,
    }
    for line in args.warm:
        print(json.dumps(warm(staged, line.split(), args.budget), ensure_ascii=False), flush=True)
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


def warm(staged: StagedSolver, line: list[str], budget: int) -> dict:
    """Search the position after ``line`` (the yokai's start word, then the words said) with
    ``budget`` compiled nodes (the next solve loads its own start again)."""
    solver, game = staged.solver, staged.solver.game
    search = staged.compiled_search()
    start, *said = line
    solver._apply_start(start)
    unit = solver.unit_id[game.last[game.word_index(start)]]
    for k, word in enumerate(said, start=1):
        cls = solver.class_of_word[game.word_index(word)]
        if cls not in solver.playable_at[unit] or not solver.remaining[cls]:
            raise SystemExit(
                f"shiritori_deep: --warm: {word} cannot be said after {' → '.join(line[:k])} "
                "(not a legal answer there, or a mirror word the reduced game sets aside)"
            )
        solver._play(cls)
        unit = solver.end[cls]
    began, nodes = time.process_time(), search.nodes
    wins = search.mover_wins(unit, budget)
    to_move = "human" if len(said) % 2 == 0 else "yokai"
    verdict = "open" if wins is None else f"{to_move} {'wins' if wins else 'loses'}"
    return {
        "warm": " → ".join(line),
        "to_move": to_move,
        "verdict": verdict,
        "compiled_nodes": search.nodes - nodes,
        "cpu_seconds": round(time.process_time() - began, 1),
    }


if __name__ == "__main__":
    main()
