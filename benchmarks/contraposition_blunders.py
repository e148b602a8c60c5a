"""Contraposition: the agents' blunders on the real boards, scored by the exact endgame solver.

Run: ``.venv/bin/python benchmarks/contraposition_blunders.py [--sides 4 5]
[--agents uct grave mcsolver] [--budgets 300] [--games 3] [--horizon 14]
[--max-nodes 2e6] [--out DIR]`` (one core; the defaults take about 2 CPU minutes).

For each side, protocol, agent kind and budget, ``--games`` same-agent games (seeded as
the ladder's, seed 2023) are recorded decision by decision, and every decision with at most
``--horizon`` empty cells is scored exactly (:func:`asobi.contraposition.blunders.
scored_decisions`; node budget ``--max-nodes`` per search): was the mover's position won,
and did its action keep it won? Writes two tables with the core writer
(:func:`asobi.core.tables.write_table`) into ``--out`` (default
``results/contraposition/``): ``blunder_decisions.parquet`` (one row per scored decision)
and ``blunders.parquet`` (per agent, playouts, side, protocol and empty cells: decisions,
solved, won, blunders, rate with its 95% Wilson interval), and prints the pooled blunder
rate per (agent, playouts, side, protocol).
"""

from __future__ import annotations

import argparse
from pathlib import Path

import pandas as pd

from asobi.contraposition.blunders import blunder_rows, scored_decisions
from asobi.contraposition.contraposition import Protocol, Rules
from asobi.contraposition.mcts import AGENT_KINDS, Agent
from asobi.contraposition.stats import wilson_interval
from asobi.contraposition.tables import BLUNDER_DECISION_SCHEMA, BLUNDER_SCHEMA
from asobi.core.tables import write_table

SEED = 2023


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sides", type=int, nargs="+", default=[4, 5])
    parser.add_argument("--agents", nargs="+", default=list(AGENT_KINDS), choices=AGENT_KINDS)
    parser.add_argument("--budgets", type=int, nargs="+", default=[300])
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--horizon", type=int, default=14)
    parser.add_argument("--max-nodes", type=float, default=2e6)
    parser.add_argument("--out", type=Path, default=Path("results/contraposition"))
    args = parser.parse_args()
    agents = [Agent.default(kind, playouts=b) for kind in args.agents for b in args.budgets]
    rows = []
    for side in args.sides:
        for protocol in Protocol:
            rules = Rules(side, protocol)
            rows += scored_decisions(
                rules, agents, args.games, SEED, args.horizon, int(args.max_nodes)
            )
    settings = {key: value for key, value in vars(args).items() if key != "out"}
    decisions = pd.DataFrame(rows, columns=BLUNDER_DECISION_SCHEMA.names)
    write_table(
        decisions,
        args.out / "blunder_decisions.parquet",
        table="contraposition/blunder_decisions",
        config=settings,
        schema=BLUNDER_DECISION_SCHEMA,
    )
    summary = pd.DataFrame(blunder_rows(decisions), columns=BLUNDER_SCHEMA.names)
    write_table(
        summary,
        args.out / "blunders.parquet",
        table="contraposition/blunders",
        config=settings,
        schema=BLUNDER_SCHEMA,
    )
    print("agent\tplayouts\tside\tprotocol\tdecisions\tsolved\twon\tblunders\trate\tlow\thigh")
    keys = ["agent", "playouts", "side", "protocol"]
    for key, group in summary.groupby(keys, sort=True):
        won, blunders = int(group["won"].sum()), int(group["blunders"].sum())
        low, high = wilson_interval(blunders, won)
        rate = f"{blunders / won:.3f}" if won else "-"
        print(
            "\t".join(map(str, key)),
            int(group["decisions"].sum()),
            int(group["solved"].sum()),
            won,
            blunders,
            rate,
            f"{low:.3f}",
            f"{high:.3f}",
            sep="\t",
        )


if __name__ == "__main__":
    main()
