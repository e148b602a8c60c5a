"""Ratings of the round-robin's players with OpenSkill (Weng-Lin, Plackett-Luce model).

The ``openskill`` package (MIT) rates one game at a time: each game updates the two players'
``mu`` (skill) and ``sigma`` (its uncertainty). The games are fed in a fixed order (game
number, then White, then Black: the round-robin's schedule), so the same games give the
same ratings; a rating's 95% interval is ``mu ± 1.96·sigma``. Beside the rating, each row
gives the plain tally it rests on: games, wins and the score (share of games won).

>>> games = pd.DataFrame({"white_agent": ["uct9", "grave9"], "black_agent": ["grave9", "uct9"],
...                       "game": [0, 0], "winner": ["white", "black"]})
>>> [(r["player"], r["wins"], r["rank"]) for r in rating_rows(games)]
[('uct9', 2, 1), ('grave9', 0, 2)]
"""

from __future__ import annotations

from typing import Any

import pandas as pd
from openskill.models import PlackettLuce

from asobi.contraposition.ladder import parse_player
from asobi.contraposition.stats import Z_95


def rating_rows(games: pd.DataFrame) -> list[dict[str, Any]]:
    """One row per player (its name, agent kind and playouts): games, wins, score, ``mu``,
    ``sigma``, the 95% interval of ``mu``, the conservative
    ``ordinal`` (``mu - 3·sigma``) and the rank by ``mu`` (1 = strongest)."""
    model = PlackettLuce()
    names = sorted(set(games["white_agent"]) | set(games["black_agent"]))
    ratings = {name: model.rating(name=name) for name in names}
    played = {name: 0 for name in names}
    won = {name: 0 for name in names}
    ordered = games.sort_values(["game", "white_agent", "black_agent"], kind="stable")
    for white, black, winner in zip(
        ordered["white_agent"], ordered["black_agent"], ordered["winner"], strict=True
    ):
        first, second = (white, black) if winner == "white" else (black, white)
        [[ratings[first]], [ratings[second]]] = model.rate(
            [[ratings[first]], [ratings[second]]], ranks=[1, 2]
        )
        played[white] += 1
        played[black] += 1
        won[first] += 1
    rows = [
        {
            "player": name,
            "agent": parse_player(name)[0],
            "playouts": parse_player(name)[1],
            "games": played[name],
            "wins": won[name],
            "score": won[name] / played[name] if played[name] else None,
            "mu": float(ratings[name].mu),
            "sigma": float(ratings[name].sigma),
            "low": float(ratings[name].mu - Z_95 * ratings[name].sigma),
            "high": float(ratings[name].mu + Z_95 * ratings[name].sigma),
            "ordinal": float(ratings[name].ordinal()),
        }
        for name in names
    ]
    rows.sort(key=lambda r: (-r["mu"], r["player"]))
    for rank, row in enumerate(rows, 1):
        row["rank"] = rank
    return rows
