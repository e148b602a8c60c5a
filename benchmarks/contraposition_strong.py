"""Contraposition: the MCTS-Solver agent rated against GRAVE and UCT (OpenSkill round-robin).

Run: ``.venv/bin/python benchmarks/contraposition_strong.py [--budgets 300 1000]
[--games-per-pair 2] [--side 5] [--protocol basic]`` (one core; the defaults take about
3 CPU minutes).

Every player (agent kind × playouts per decision: ``uct``, ``grave``, ``mcsolver`` with
their config-schema constants) meets every other with both colours ``--games-per-pair``
times, on the schedule and seeds of the ladder's round-robin
(:func:`asobi.contraposition.ladder.round_robin`, seed 2023), and the games are rated as
the ladder's are (:func:`asobi.contraposition.ratings.rating_rows`). Prints the ratings as
TSV, then each ``mcsolver``'s score against each other player and the CPU seconds a game
of each player took (its share of the games it played). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import time
from collections import defaultdict

import pandas as pd

from asobi.contraposition.contraposition import Colour, Rules
from asobi.contraposition.ladder import play_seeded, protocol_of, round_robin
from asobi.contraposition.mcts import AGENT_KINDS, Agent
from asobi.contraposition.ratings import rating_rows

SEED = 2023


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--budgets", type=int, nargs="+", default=[300, 1000])
    parser.add_argument("--games-per-pair", type=int, default=2)
    parser.add_argument("--side", type=int, default=5)
    parser.add_argument("--protocol", default="basic")
    args = parser.parse_args()
    rules = Rules(args.side, protocol_of(args.protocol))
    players = [
        Agent.default(kind, playouts=budget) for kind in AGENT_KINDS for budget in args.budgets
    ]
    schedule = round_robin(players, args.games_per_pair, 1, 0)
    rows, cpu = [], defaultdict(float)
    for pairing in schedule:
        start = time.process_time()
        _, record = play_seeded(rules, pairing.white, pairing.black, SEED, pairing.game)
        seconds = time.process_time() - start
        cpu[pairing.white.name] += seconds / 2
        cpu[pairing.black.name] += seconds / 2
        rows.append(
            {
                "white_agent": pairing.white.name,
                "black_agent": pairing.black.name,
                "game": pairing.game,
                "winner": Colour(record.winner).label,
            }
        )
    games = pd.DataFrame(rows)
    ratings = pd.DataFrame(rating_rows(games))
    print(f"side {rules.side} {rules.protocol.display}: {len(games)} games")
    print(ratings.to_csv(sep="\t", index=False, float_format="%.2f"), end="")
    played = defaultdict(int)
    for row in rows:
        played[row["white_agent"]] += 1
        played[row["black_agent"]] += 1
    print("player\tcpu_s_per_game")
    for name in sorted(cpu):
        print(f"{name}\t{cpu[name] / played[name]:.2f}")
    print("mcsolver\topponent\tgames\twins")
    for name in sorted({p.name for p in players if p.kind == "mcsolver"}):
        for other in sorted({p.name for p in players} - {name}):
            mine = games[
                ((games.white_agent == name) & (games.black_agent == other))
                | ((games.white_agent == other) & (games.black_agent == name))
            ]
            wins = ((mine.white_agent == name) & (mine.winner == "white")).sum() + (
                (mine.black_agent == name) & (mine.winner == "black")
            ).sum()
            print(f"{name}\t{other}\t{len(mine)}\t{wins}")


if __name__ == "__main__":
    main()
