"""Contraposition: one agent against another, head to head, colours alternated.

Run: ``.venv/bin/python benchmarks/contraposition_head_to_head.py [--side 5]
[--protocol basic] [--player mcsolver] [--budget 300] [--opponent grave]
[--opponent-budget 300] [--games 20] [--seed0 50000]`` (one core; the defaults take about
a CPU minute).

Game ``g`` is played on seed ``seed0 + g``; the player is White in the even games and Black
in the odd ones. Prints the player's score with its 95% Wilson interval, its score as White,
and the CPU seconds a game took, every ``--every`` games and at the end. Use seeds no other
run of the same two agents used: ``mcsolver`` plays GRAVE's very move away from the last
empty cells, so on the seeds of a GRAVE self-play it replays nearly those games. Nothing is
asserted.
"""

from __future__ import annotations

import argparse
import math
import time

from asobi.contraposition.contraposition import Rules
from asobi.contraposition.ladder import protocol_of
from asobi.contraposition.mcts import AGENT_KINDS, Agent
from asobi.contraposition.mcts_solver import play_recorded

WHITE, BLACK = 1, 2


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of ``wins`` in ``games``."""
    share = wins / games
    centre = share + z * z / (2 * games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games))
    scale = 1 + z * z / games
    return (centre - half) / scale, (centre + half) / scale


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--side", type=int, default=5)
    parser.add_argument("--protocol", default="basic", choices=["basic", "onetwo"])
    parser.add_argument("--player", default="mcsolver", choices=AGENT_KINDS)
    parser.add_argument("--budget", type=int, default=300, help="the player's playouts")
    parser.add_argument("--opponent", default="grave", choices=AGENT_KINDS)
    parser.add_argument("--opponent-budget", type=int, default=None, help="default: --budget")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed0", type=int, default=50_000)
    parser.add_argument("--every", type=int, default=10, help="print a line every N games")
    args = parser.parse_args()
    rules = Rules(args.side, protocol_of(args.protocol))
    player = Agent.default(args.player, playouts=args.budget)
    opponent = Agent.default(args.opponent, playouts=args.opponent_budget or args.budget)
    wins = wins_as_white = 0
    began = time.process_time()
    for game in range(args.games):
        as_white = game % 2 == 0
        white, black = (player, opponent) if as_white else (opponent, player)
        record, _ = play_recorded(rules, white, black, args.seed0 + game)
        won = record.winner == (WHITE if as_white else BLACK)
        wins += won
        wins_as_white += won and as_white
        played = game + 1
        if played % args.every == 0 or played == args.games:
            low, high = wilson(wins, played)
            print(
                f"side {args.side} {args.protocol}: {player.name} against {opponent.name} "
                f"{wins}/{played} = {wins / played:.3f} [{low:.3f}, {high:.3f}], as White "
                f"{wins_as_white}/{(played + 1) // 2}, "
                f"{(time.process_time() - began) / played:.2f} CPU s a game",
                flush=True,
            )


if __name__ == "__main__":
    main()
