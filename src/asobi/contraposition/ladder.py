"""The strength ladder: same-agent self-play as the playout budget grows, and a round-robin.

Three computations share the MCTS players of :mod:`asobi.contraposition.mcts`:

* the **ladder**: UCT against UCT and GRAVE against GRAVE at budgets (playouts per decision)
  that grow by a constant factor, on sides 4 and 5 under both protocols; White's win rate
  at each rung, with its 95% Wilson interval;
* the **calibration**: the same self-play on side 3, whose perfect-play winner the exact
  solver knows (``solutions``), scored as how often that colour wins;
* the **round-robin**: every player (agent kind and budget) against every other, with both
  colours, on one board, rated by :mod:`asobi.contraposition.ratings`.

Every game is seeded from the base seed and the game's identity (:func:`mcts.game_seed`:
side, protocol, the two players' names such as ``grave1000``, game number), so a game does
not depend on how the games are cut into shards, and a shard that was killed is replayed
identically. A shard is a range of games of one ladder point
(:mod:`asobi.contraposition.plan`), or every ``shards``-th game of the round-robin's
schedule (so that the shards cost about the same).

>>> parse_player("grave1000")
('grave', 1000)
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from asobi.contraposition.contraposition import Colour, Protocol, Rules
from asobi.contraposition.mcts import AGENT_KINDS, Agent, GameRecord, game_seed
from asobi.contraposition.mcts_solver import play_games
from asobi.contraposition.stats import wilson_interval
from asobi.core.errors import InputError

log = logging.getLogger("asobi.contraposition")

PLAYER_NAME = re.compile(rf"^({'|'.join(AGENT_KINDS)})(\d+)$")


def parse_player(name: str) -> tuple[str, int]:
    """The agent kind and budget of a player's name (``Agent.name``, e.g. ``uct300``)."""
    match = PLAYER_NAME.match(name)
    if match is None:
        raise InputError(f"not a player name (agent kind and playouts): {name!r}")
    return match.group(1), int(match.group(2))


def player(kind: str, budget: int, agents: Mapping[str, Mapping[str, Any]]) -> Agent:
    """The agent ``kind`` with its config constants, at ``budget`` playouts per decision."""
    return dataclasses.replace(Agent.from_config(kind, agents), playouts=int(budget))


@dataclass(frozen=True)
class Pairing:
    """One round-robin game: White's and Black's player and the game number of the pair."""

    white: Agent
    black: Agent
    game: int


def round_robin(
    players: Sequence[Agent], games_per_pair: int, shards: int, shard: int
) -> list[Pairing]:
    """Shard ``shard`` of the round-robin: every ordered pair of distinct players (so each
    pair meets with both colours) plays ``games_per_pair`` games; the schedule is game
    number, then White, then Black, and shard ``k`` takes every ``shards``-th entry from
    ``k`` (expensive and cheap players spread over all shards).

    >>> a, b = Agent.default("uct", playouts=1), Agent.default("grave", playouts=1)
    >>> [(p.white.name, p.black.name, p.game) for p in round_robin([a, b], 2, 1, 0)]
    [('uct1', 'grave1', 0), ('grave1', 'uct1', 0), ('uct1', 'grave1', 1), ('grave1', 'uct1', 1)]
    """
    if not 0 <= shard < shards:
        raise InputError(f"shard {shard} out of range for {shards} shards")
    schedule = [
        Pairing(white, black, game)
        for game in range(int(games_per_pair))
        for white in players
        for black in players
        if white.name != black.name
    ]
    return schedule[shard::shards]


def play_seeded(
    rules: Rules, white: Agent, black: Agent, seed: int, game: int
) -> tuple[int, GameRecord]:
    """Play game number ``game`` of a pairing, seeded from ``seed`` and its identity."""
    game_id = game_seed(int(seed), rules.side, rules.protocol.value, white.name, black.name, game)
    return game, play_games(rules, white, black, [game_id])[0]


def play_ladder_shard(
    rules: Rules, agent: Agent, numbers: Sequence[int], seed: int
) -> list[tuple[int, GameRecord]]:
    """Same-agent games ``numbers`` of one ladder point, with a progress line per game."""
    played = []
    white_wins = 0
    for index, number in enumerate(numbers, 1):
        played.append(play_seeded(rules, agent, agent, seed, number))
        white_wins += played[-1][1].winner == Colour.WHITE
        log.info(
            "side %d %s %s self-play: game %d (%d of %d in this shard), white won %d so far",
            rules.side,
            rules.protocol.value,
            agent.name,
            number,
            index,
            len(numbers),
            white_wins,
        )
    return played


def play_round_robin_shard(
    rules: Rules, pairings: Sequence[Pairing], seed: int
) -> list[tuple[Pairing, GameRecord]]:
    """The round-robin games ``pairings``, with a progress line per game."""
    played = []
    for index, pairing in enumerate(pairings, 1):
        _, record = play_seeded(rules, pairing.white, pairing.black, seed, pairing.game)
        played.append((pairing, record))
        log.info(
            "round-robin side %d %s: %s vs %s game %d (%d of %d in this shard): %s won",
            rules.side,
            rules.protocol.value,
            pairing.white.name,
            pairing.black.name,
            pairing.game,
            index,
            len(pairings),
            Colour(record.winner).label,
        )
    return played


# --- summaries ------------------------------------------------------------------------------


def ladder_rows(games: pd.DataFrame) -> list[dict[str, Any]]:
    """The ``ladder`` rows: per (agent, playouts, side, protocol) of same-agent games, White's
    wins and win rate with its 95% Wilson interval."""
    rows = []
    for (name, side, protocol), group in games.groupby(
        ["white_agent", "side", "protocol"], sort=False
    ):
        kind, playouts = parse_player(str(name))
        n = len(group)
        wins = int((group["winner"] == Colour.WHITE.label).sum())
        low, high = wilson_interval(wins, n)
        rows.append(
            {
                "agent": kind,
                "playouts": playouts,
                "side": int(side),
                "protocol": str(protocol),
                "games": n,
                "white_wins": wins,
                "rate": wins / n,
                "low": low,
                "high": high,
            }
        )
    return sorted(rows, key=lambda r: (r["agent"], r["side"], r["protocol"], r["playouts"]))


def calibration_rows(games: pd.DataFrame, solutions: pd.DataFrame) -> list[dict[str, Any]]:
    """The ``calibration`` rows: per (agent, playouts, side, protocol) of same-agent games on
    a solved board, how often the colour that wins under perfect play won (with its 95%
    Wilson interval). A (side, protocol) the solutions table does not settle is left out."""
    solved = {
        (int(row.side), str(row.protocol)): str(row.winner)
        for row in solutions.itertuples()
        if row.solved and row.winner
    }
    rows = []
    for row in ladder_rows(games):
        winner = solved.get((row["side"], row["protocol"]))
        if winner is None:
            continue
        wins = row["white_wins"]
        if winner != Colour.WHITE.label:
            wins = row["games"] - wins
        low, high = wilson_interval(wins, row["games"])
        rows.append(
            {
                "agent": row["agent"],
                "playouts": row["playouts"],
                "side": row["side"],
                "protocol": row["protocol"],
                "games": row["games"],
                "perfect_play_winner": winner,
                "perfect_play_winner_wins": wins,
                "rate": wins / row["games"],
                "low": low,
                "high": high,
            }
        )
    return rows


def protocol_of(label: str) -> Protocol:
    """The protocol of a wildcard or a table label (``basic``, ``onetwo`` or ``12?``)."""
    return Protocol.ONE_TWO if label in {"onetwo", "12?"} else Protocol(label)
