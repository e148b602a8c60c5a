"""Time the compiled df-pn of yokai shiritori on start words the Python stages leave open.

    .venv/bin/python benchmarks/shiritori_compiled.py        # 12 open words, 500 000 nodes each
    .venv/bin/python benchmarks/shiritori_compiled.py --words 4 --table-bits 16

The variant (default: previous_kana/written/ban, one of those where the default run spends
the whole compiled budget on each open word) is solved as the pipeline does: depth-first
search and Python df-pn with the default budgets, in list order, until ``--words`` words are
left open; then the compiled stage searches each of them with ``--budget`` nodes on one
table, as a shard does. Prints the nodes, the verdicts and the rate (not asserted anywhere);
the same verdicts and node counts on two code versions mean the same search.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from asobi.shiritori.compiled import CompiledSearch
from asobi.shiritori.data import load_clean
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.staged import StagedSolver

TSV = Path(__file__).resolve().parents[1] / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"
VARIANT = "long_vowel-previous_kana__small_kana-enlarge__final_u-written__dakuten-free__aliases-ban"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--variant", default=VARIANT, help="variant id (default: %(default)s)")
    parser.add_argument("--words", type=int, default=12, help="open words (default: 12)")
    parser.add_argument("--budget", type=int, default=500_000, help="compiled nodes a word")
    parser.add_argument("--table-bits", type=int, default=22, help="2**N table slots")
    args = parser.parse_args()
    game = Shiritori(load_clean(TSV).lexicon, Rules.from_variant_id(args.variant))
    budgets = python_budgets()
    staged = StagedSolver(
        game,
        **budgets,
        compiled_budget=args.budget,
        compiled_table_bits=args.table_bits,
    )
    solver = staged.solver
    found: list[str] = []
    for word in game.words:
        if len(found) == args.words:
            break
        if solver.solve(word, **budgets).winner == "unknown":
            found.append(word)
    if not found:
        raise SystemExit(f"{args.variant}: the Python stages leave no start word open")
    solver.load_start(found[0])
    CompiledSearch(solver, table_bits=10).mover_wins(0, 10)  # load numba's compiled code
    search = staged.compiled_search()
    verdicts = []
    started = time.perf_counter()
    before = search.nodes
    for word in found:
        solver.load_start(word)
        unit = solver.unit_id[game.last[game.word_index(word)]]
        wins = search.mover_wins(unit, args.budget)
        verdicts.append("unknown" if wins is None else "human" if wins else "yokai")
    seconds = time.perf_counter() - started
    nodes = search.nodes - before
    print(f"{args.variant}: {len(found)} open words, {nodes:,} compiled nodes, {seconds:.2f} s, "
          f"{nodes / seconds / 1000:.0f} k nodes/s")  # fmt: skip
    print(" ".join(f"{w}:{v}" for w, v in zip(found, verdicts, strict=True)))


if __name__ == "__main__":
    main()
