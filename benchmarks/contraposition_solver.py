"""Time the exact Contraposition solver and the MCTS players (prints one line per run).

Usage: python benchmarks/contraposition_solver.py [side ...]   (default: 2 3)
CPU seconds are process time (the machine is shared); numba compilation is excluded by a
warm-up solve of side 2.
"""

from __future__ import annotations

import sys
import time

from asobi.contraposition.contraposition import Protocol, Rules
from asobi.contraposition.mcts import Agent, self_play
from asobi.contraposition.solver import SearchBudget, solve


def main(sides: list[int]) -> None:
    solve(Rules(2), margin=True)  # compile
    self_play(Rules(3), Agent.default("uct", playouts=10), Agent.default("grave", playouts=10), [0])
    for side in sides:
        for protocol in Protocol:
            start = time.process_time()
            result = solve(Rules(side, protocol), SearchBudget.default(), margin=False)
            seconds = time.process_time() - start
            print(
                f"solve side {side} {protocol.value}: winner "
                f"{result.winner.label if result.winner else None}, {result.nodes} nodes, "
                f"{seconds:.1f} s CPU, {result.nodes / max(seconds, 1e-9) / 1e6:.2f} M nodes/s",
                flush=True,
            )
    for side in (4, 5):
        for protocol in Protocol:
            start = time.process_time()
            grave = Agent.default("grave", playouts=300)
            self_play(Rules(side, protocol), grave, grave, list(range(10)))
            seconds = time.process_time() - start
            print(
                f"self-play side {side} {protocol.value}: GRAVE vs GRAVE, 300 playouts, "
                f"{seconds / 10:.3f} s CPU per game",
                flush=True,
            )


if __name__ == "__main__":
    main([int(a) for a in sys.argv[1:]] or [2, 3])
