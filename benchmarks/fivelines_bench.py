"""How the five-lines solve grows with the bounds: `python benchmarks/fivelines_bench.py`.

Prints a Markdown table (positions, winning moves stored, solve seconds, table seconds,
Parquet size) for several `total_max`, and the Grundy brute force for several `grundy_max`.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

from asobi.core.tables import write_table
from asobi.fivelines.solver import row_grundy_values, solve_positions
from asobi.fivelines.tables import POSITIONS_SCHEMA, positions_table


def main(totals: list[int], grundy_maxes: list[int]) -> None:
    solve_positions(5)  # compile first
    row_grundy_values(5)
    print(
        "| total_max | positions | winning moves (normal + misère) | solve s | table+write s | MB |"
    )
    print("|---|---|---|---|---|---|")
    for total_max in totals:
        start = time.perf_counter()
        solved = solve_positions(total_max)
        solved_at = time.perf_counter()
        with tempfile.TemporaryDirectory() as folder:
            path = os.path.join(folder, "positions.parquet")
            write_table(positions_table(solved), path, table="bench", schema=POSITIONS_SCHEMA)
            written_at = time.perf_counter()
            size = os.path.getsize(path) / 1e6
        moves = len(solved.normal_moves) + len(solved.misere_moves)
        print(
            f"| {total_max} | {solved.n_positions:,} | {moves:,} | {solved_at - start:.2f} | "
            f"{written_at - solved_at:.2f} | {size:.1f} |"
        )
    print()
    print("| grundy_max | seconds |")
    print("|---|---|")
    for grundy_max in grundy_maxes:
        start = time.perf_counter()
        row_grundy_values(grundy_max)
        print(f"| {grundy_max} | {time.perf_counter() - start:.2f} |")


if __name__ == "__main__":
    args = [int(a) for a in sys.argv[1:]] or [30, 40, 45, 50, 55]
    main(args, [512, 1024, 2048, 4096])
