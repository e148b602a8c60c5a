"""Time the chopsticks solver on every rule set of the default config.

Run: .venv/bin/python benchmarks/chopsticks_solve.py [--tables]
Prints one line per group (the 68 article rule sets; simple chopsticks by dies_at; the other
2-hand split rule sets, the from_one readings included, by dies_at) and the slowest rule sets.
With --tables the time to build the positions table is included.
"""

from __future__ import annotations

import sys
import time
from collections import defaultdict

from asobi.chopsticks.chopsticks import Rules
from asobi.chopsticks.rule_sets import article_rule_sets, rule_sets
from asobi.chopsticks.solver import solve
from asobi.chopsticks.tables import solve_tables


def main() -> None:
    with_tables = "--tables" in sys.argv
    solve(Rules())  # compile (or load the cached numba code) before timing
    article = set(article_rule_sets())
    groups: dict[str, list[float]] = defaultdict(list)
    sizes: dict[str, int] = defaultdict(int)
    timed = []
    start = time.perf_counter()
    for rules in rule_sets({}):
        began = time.perf_counter()
        if with_tables:
            row, _ = solve_tables(rules)
            n = int(row["n_positions"])
        else:
            n = len(solve(rules).value)
        seconds = time.perf_counter() - began
        if rules in article:
            group = "article"
        elif rules.split:
            group = f"two-hand dies_at={rules.dies_at}"
        else:
            group = f"simple dies_at={rules.dies_at}"
        groups[group].append(seconds)
        sizes[group] += n
        timed.append((seconds, rules.variant_id, n))
    total = time.perf_counter() - start
    what = "reachable positions" if with_tables else "positions (whole space)"
    for group, times in groups.items():
        print(
            f"{group:24s} {len(times):4d} rule sets {sum(times):7.2f} s  {sizes[group]:9d} {what}"
        )
    print(f"{'all':24s} {len(timed):4d} rule sets {total:7.2f} s")
    for seconds, variant, n in sorted(timed, reverse=True)[:5]:
        print(f"  slowest: {variant:28s} {seconds:6.2f} s  {n} {what}")


if __name__ == "__main__":
    main()
