"""Time the yokai shiritori solver on every start word of one variant.

    .venv/bin/python benchmarks/shiritori_solve.py                    # the article's rules
    .venv/bin/python benchmarks/shiritori_solve.py --dakuten free --node-budget 1000 \\
        --proof-budget 5000
    .venv/bin/python benchmarks/shiritori_solve.py --python   # the searches in Python

Prints counts of winners, total nodes, table size and wall time (not asserted anywhere).
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from pathlib import Path

from asobi.shiritori.data import load_clean
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.shiritori import AXES, Rules, Shiritori
from asobi.shiritori.solver import Solver

TSV = Path(__file__).resolve().parents[1] / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    for axis, values in AXES.items():
        parser.add_argument(f"--{axis.replace('_', '-')}", choices=values, default=values[0])
    budgets = python_budgets()  # the default run's
    parser.add_argument("--node-budget", type=int, default=budgets["node_budget"])
    parser.add_argument("--proof-budget", type=int, default=budgets["proof_budget"])
    parser.add_argument(
        "--python",
        action="store_true",
        help="the budgeted searches in Python (the reference), not the numba kernels",
    )
    args = parser.parse_args()
    rules = Rules(**{axis: getattr(args, axis) for axis in AXES})
    game = Shiritori(load_clean(TSV).lexicon, rules)
    solver = Solver(game, kernels=not args.python)
    started = time.perf_counter()
    winners = Counter(
        solver.solve(w, node_budget=args.node_budget, proof_budget=args.proof_budget).winner
        for w in game.words
    )
    seconds = time.perf_counter() - started
    print(
        f"{rules.variant_id}: {dict(winners)}; nodes {solver.nodes}; "
        f"table {len(solver.table)}; {seconds:.1f} s"
    )


if __name__ == "__main__":
    main()
