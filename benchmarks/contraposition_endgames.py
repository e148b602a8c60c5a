"""Contraposition: how far the exact endgame solver reaches on positions from real games.

Run: ``.venv/bin/python benchmarks/contraposition_endgames.py [--games G] [--playouts P]
[--max-nodes N] [--sides 4 5]`` (one core; the defaults take about 5 CPU minutes).

Positions: ``G`` seeded same-agent GRAVE games at ``P`` playouts a decision per (side,
protocol) (:func:`asobi.contraposition.mcts_solver.play_recorded`, real games, not random
fills, which are decided early); from each game, for every level ``e`` of empty cells, the
first position at the start of a turn with at most ``e`` empty cells (exactly ``e`` under
basic; ``e`` or ``e - 1`` under 12?, whose turns place one or two stones). Each position is
solved cold (an empty transposition table of 2^22 entries) with a budget of ``N`` nodes by
:class:`asobi.contraposition.endgame.EndgameSolver`; a level is the last one tried when
fewer than half of its positions are solved.

Prints a TSV row per (side, protocol, empties): positions, solved, the share won by the
player to move, median and 95th-percentile CPU seconds and nodes (over the solved ones;
the 95th percentile is the nearest rank), and nodes per CPU second. Nothing is asserted
about the times.
"""

from __future__ import annotations

import argparse
import math
import time

from asobi.contraposition.board import parse_board
from asobi.contraposition.contraposition import Colour, Position, Protocol, Rules
from asobi.contraposition.endgame import EndgameSolver, masks_of
from asobi.contraposition.mcts import Agent, game_seed
from asobi.contraposition.mcts_solver import Decision, play_recorded

SEED = 2026
LEVELS = range(8, 41, 2)


def nearest_rank(values: list[float], share: float) -> float:
    """The nearest-rank percentile (``share`` in (0, 1]) of non-empty ``values``."""
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)]


def shown(value: float, form: str, bound: float) -> str:
    """A percentile, or ``>bound`` when it falls on a position the budget did not solve
    (``bound``: the budget, or the least time an unsolved search took)."""
    return form.format(value) if math.isfinite(value) else ">" + form.format(bound)


def first_at_most(decisions: list[Decision], empties: int) -> Decision | None:
    """The game's first decision at the start of a turn with at most ``empties`` empty cells."""
    for decision in decisions:
        if decision.half == 0 and decision.board.count(0) <= empties:
            return decision
    return None


def reach(rules: Rules, agent: Agent, games: int, max_nodes: int) -> None:
    played = []
    for game in range(games):
        game_id = game_seed(SEED, rules.side, rules.protocol.value, agent.name, agent.name, game)
        played.append(play_recorded(rules, agent, agent, game_id, record=True)[1])
    solver = EndgameSolver(rules, 22)
    for level in LEVELS:
        if level >= rules.cell_count:
            break
        positions = [d for d in (first_at_most(g, level) for g in played) if d is not None]
        seconds, nodes, cut_off, won = [], [], [], 0
        for decision in positions:
            solver.clear()
            white, black = masks_of(decision.board, rules.cell_count)
            start = time.process_time()
            result = solver.state_wins(white, black, decision.mover, 0, max_nodes)
            elapsed = time.process_time() - start
            if result.wins is None:
                cut_off.append(elapsed)
            seconds.append(elapsed if result.wins is not None else math.inf)
            nodes.append(result.nodes if result.wins is not None else math.inf)
            won += bool(result.wins)
        solved = sum(math.isfinite(x) for x in nodes)
        row = [rules.side, rules.protocol.display, level, len(positions), solved]
        if solved:
            finite = [x for x in seconds if math.isfinite(x)]
            row += [
                f"{won / solved:.2f}",
                shown(nearest_rank(seconds, 0.5), "{:.3f}", min(cut_off, default=0.0)),
                shown(nearest_rank(seconds, 0.95), "{:.3f}", min(cut_off, default=0.0)),
                shown(nearest_rank(nodes, 0.5), "{:.0f}", max_nodes),
                shown(nearest_rank(nodes, 0.95), "{:.0f}", max_nodes),
                f"{sum(x for x in nodes if math.isfinite(x)) / max(sum(finite), 1e-9) / 1e6:.2f}M",
            ]
        print("\t".join(map(str, row)), flush=True)
        if 2 * solved < len(positions):
            break


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--playouts", type=int, default=1000)
    parser.add_argument("--max-nodes", type=float, default=2e7)
    parser.add_argument("--sides", type=int, nargs="+", default=[4, 5])
    args = parser.parse_args()
    agent = Agent.default("grave", playouts=args.playouts)
    warm_up = Position(parse_board("WB/BW./B."), Colour.WHITE)
    EndgameSolver(Rules(2), 4).mover_wins(warm_up, 100)  # compile before timing
    print(
        "side\tprotocol\tempties\tpositions\tsolved\tmover_wins\tmedian_s\tp95_s"
        "\tmedian_nodes\tp95_nodes\tnodes_per_s"
    )
    for side in args.sides:
        for protocol in Protocol:
            reach(Rules(side, protocol), agent, args.games, int(args.max_nodes))


if __name__ == "__main__":
    main()
