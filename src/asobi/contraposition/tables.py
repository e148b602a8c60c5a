"""The rows and Arrow schemas of the Contraposition tables (``results/contraposition/``).

* ``solutions``: perfect play on small boards, one row per (side, protocol);
* ``games``: one row per seeded self-play game; ``selfplay``: one row per pairing;
* ``rule_audit``: the winning-rule statements compared, per (side, protocol, method);
* ``eyes``: the eye game solved on constructed positions;
* ``mirror``: the mirror strategy's final boards, per side;
* ``protocol_facts``: what each protocol's turns allow, per (side, protocol): the most stones
  a colour places, who can place the last stone, the count game, the mirror-breaking turn;
* ``single_stone``: 12? positions solved exactly, one row each (the one-stone endgames).
* ``ladder``: White's rate in same-agent self-play per (agent, playouts, side, protocol), from
  the games ``ladder_games``; ``calibration``: the same on solved boards, scored against the
  perfect-play winner; ``ratings``: the round-robin's OpenSkill ratings, from
  ``rating_games`` (both game tables have the shape of ``games``).

The columns are described in docs/games/contraposition.md, "Tables".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.contraposition.audit import reachable_white_counts
from asobi.contraposition.board import board_key
from asobi.contraposition.contraposition import LUDII_INFINITY, Colour, Rules
from asobi.contraposition.eyes import EyeCase
from asobi.contraposition.last_stone import forces_other_last, last_placers, mirror_breaking_turn
from asobi.contraposition.mcts import Agent, GameRecord
from asobi.contraposition.single_stone import EndgameSearch
from asobi.contraposition.solver import Solution
from asobi.contraposition.stats import wilson_interval

SOLUTION_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("cells", pa.int64()),
        ("solved", pa.bool_()),
        ("reason", pa.string()),
        ("winner", pa.string()),
        ("best_first_moves", pa.list_(pa.int64())),
        ("best_first_move_cells", pa.list_(pa.int64())),
        ("first_move_cells", pa.list_(pa.int64())),
        ("first_move_white_wins", pa.list_(pa.bool_())),
        ("first_move_nodes", pa.list_(pa.int64())),
        ("nodes", pa.int64()),
        ("deciding_size", pa.int64()),
        ("deciding_size_nodes", pa.int64()),
    ]
)
SOLUTION_KEYS = ("side", "protocol")

GAME_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("white_agent", pa.string()),
        ("black_agent", pa.string()),
        ("batch", pa.int64()),
        ("game", pa.int64()),
        ("seed", pa.int64()),
        ("winner", pa.string()),
        ("deciding_size", pa.int64()),
        ("white_score", pa.int64()),
        ("black_score", pa.int64()),
        ("final_board", pa.string()),
    ]
)
PAIRING_KEYS = ("side", "protocol", "white_agent", "black_agent")
GAME_KEYS = (*PAIRING_KEYS, "game")

SELFPLAY_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("white_agent", pa.string()),
        ("black_agent", pa.string()),
        ("games", pa.int64()),
        ("white_wins", pa.int64()),
        ("white_win_rate", pa.float64()),
        ("white_win_rate_low95", pa.float64()),
        ("white_win_rate_high95", pa.float64()),
        ("white_mean_score", pa.float64()),
        ("black_mean_score", pa.float64()),
        ("white_infinite_score_share", pa.float64()),
        ("black_infinite_score_share", pa.float64()),
        ("decided_at_size_1_share", pa.float64()),
        ("mean_deciding_size", pa.float64()),
    ]
)

AUDIT_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("method", pa.string()),
        ("white_stone_counts", pa.list_(pa.int64())),
        ("boards", pa.int64()),
        ("size_profiles", pa.int64()),
        ("statements_disagree", pa.int64()),
        ("ludii_disagrees", pa.int64()),
        ("draws", pa.int64()),
        ("white_wins", pa.int64()),
        ("example_disagreement", pa.string()),
    ]
)

EYES_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("board", pa.string()),
        ("to_move", pa.string()),
        ("owner", pa.string()),
        ("eyes", pa.int64()),
        ("empty_cells", pa.int64()),
        ("opponent_forced_fills", pa.int64()),
        ("predicted_at_least_one", pa.bool_()),
        ("prediction_holds", pa.bool_()),
    ]
)

MIRROR_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("method", pa.string()),
        ("boards", pa.int64()),
        ("white_wins", pa.int64()),
    ]
)

PROTOCOL_FACTS_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("cells", pa.int64()),
        ("white_most_stones", pa.int64()),
        ("black_most_stones", pa.int64()),
        ("white_can_place_last", pa.bool_()),
        ("black_can_place_last", pa.bool_()),
        ("forces_other_last", pa.string()),
        ("mirror_breaking_turn", pa.string()),
    ]
)

SINGLE_STONE_SCHEMA = pa.schema(
    [
        ("side", pa.int64()),
        ("method", pa.string()),
        ("board", pa.string()),
        ("to_move", pa.string()),
        ("empty_cells", pa.int64()),
        ("two_stone_turns_legal", pa.bool_()),
        ("mover_wins", pa.bool_()),
        ("winning_turns", pa.list_(pa.string())),
        ("one_stone_wins_only", pa.bool_()),
    ]
)


LADDER_SCHEMA = pa.schema(
    [
        ("agent", pa.string()),
        ("playouts", pa.int64()),
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("games", pa.int64()),
        ("white_wins", pa.int64()),
        ("rate", pa.float64()),
        ("low", pa.float64()),
        ("high", pa.float64()),
    ]
)
LADDER_KEYS = ("agent", "side", "protocol", "playouts")

CALIBRATION_SCHEMA = pa.schema(
    [
        ("agent", pa.string()),
        ("playouts", pa.int64()),
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("games", pa.int64()),
        ("perfect_play_winner", pa.string()),
        ("perfect_play_winner_wins", pa.int64()),
        ("rate", pa.float64()),
        ("low", pa.float64()),
        ("high", pa.float64()),
    ]
)

RATINGS_SCHEMA = pa.schema(
    [
        ("player", pa.string()),
        ("agent", pa.string()),
        ("playouts", pa.int64()),
        ("games", pa.int64()),
        ("wins", pa.int64()),
        ("score", pa.float64()),
        ("mu", pa.float64()),
        ("sigma", pa.float64()),
        ("low", pa.float64()),
        ("high", pa.float64()),
        ("ordinal", pa.float64()),
        ("rank", pa.int64()),
    ]
)


BLUNDER_DECISION_SCHEMA = pa.schema(
    [
        ("agent", pa.string()),
        ("playouts", pa.int64()),
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("game", pa.int64()),
        ("seed", pa.int64()),
        ("empties", pa.int64()),
        ("board", pa.string()),
        ("mover", pa.string()),
        ("half_turn", pa.bool_()),
        ("action", pa.int64()),
        ("won_before", pa.bool_()),
        ("won_after", pa.bool_()),
        ("nodes", pa.int64()),
    ]
)

BLUNDER_SCHEMA = pa.schema(
    [
        ("agent", pa.string()),
        ("playouts", pa.int64()),
        ("side", pa.int64()),
        ("protocol", pa.string()),
        ("empties", pa.int64()),
        ("decisions", pa.int64()),
        ("solved", pa.int64()),
        ("won", pa.int64()),
        ("blunders", pa.int64()),
        ("rate", pa.float64()),
        ("low", pa.float64()),
        ("high", pa.float64()),
    ]
)


def solution_row(solution: Solution) -> dict[str, Any]:
    """The ``solutions`` row of one solved (or budget-stopped) variant."""
    rules = solution.rules
    winning = set(solution.best_first_moves)
    return {
        "side": rules.side,
        "protocol": rules.protocol.display,
        "cells": rules.cell_count,
        "solved": solution.solved,
        "reason": solution.reason,
        "winner": solution.winner.label if solution.winner else None,
        "best_first_moves": sorted(winning),
        "best_first_move_cells": sorted(
            c for m in solution.first_moves if m.cell in winning for c in m.class_cells
        ),
        "first_move_cells": [m.cell for m in solution.first_moves],
        "first_move_white_wins": [m.white_wins for m in solution.first_moves],
        "first_move_nodes": [m.nodes for m in solution.first_moves],
        "nodes": solution.nodes,
        "deciding_size": solution.deciding_size,
        "deciding_size_nodes": solution.extra_nodes.get("deciding_size"),
    }


def game_rows(
    rules: Rules,
    white: Agent,
    black: Agent,
    batch: int,
    numbers: Sequence[int],
    records: Sequence[GameRecord],
) -> list[dict[str, Any]]:
    """The ``games`` rows of one batch (game ``numbers[i]`` ended as ``records[i]``)."""
    return [
        {
            "side": rules.side,
            "protocol": rules.protocol.display,
            "white_agent": white.name,
            "black_agent": black.name,
            "batch": batch,
            "game": number,
            "seed": record.seed,
            "winner": Colour(record.winner).label,
            "deciding_size": record.deciding_size,
            "white_score": record.white_score,
            "black_score": record.black_score,
            "final_board": board_key(record.board),
        }
        for number, record in zip(numbers, records, strict=True)
    ]


def selfplay_rows(games: pd.DataFrame) -> list[dict[str, Any]]:
    """The ``selfplay`` rows: per pairing, White's win rate with its 95% Wilson interval,
    the mean finite Ludii scores and how often the game was decided at size 1."""
    rows = []
    keys = list(PAIRING_KEYS)
    for key, group in games.groupby(keys, sort=True):
        n = len(group)
        wins = int((group["winner"] == "white").sum())
        low, high = wilson_interval(wins, n)
        white_finite = group["white_score"][group["white_score"] < LUDII_INFINITY]
        black_finite = group["black_score"][group["black_score"] < LUDII_INFINITY]
        rows.append(
            {
                **dict(zip(keys, key, strict=True)),
                "games": n,
                "white_wins": wins,
                "white_win_rate": wins / n,
                "white_win_rate_low95": low,
                "white_win_rate_high95": high,
                "white_mean_score": float(white_finite.mean()) if len(white_finite) else None,
                "black_mean_score": float(black_finite.mean()) if len(black_finite) else None,
                "white_infinite_score_share": 1 - len(white_finite) / n,
                "black_infinite_score_share": 1 - len(black_finite) / n,
                "decided_at_size_1_share": float((group["deciding_size"] == 1).mean()),
                "mean_deciding_size": float(group["deciding_size"].mean()),
            }
        )
    return rows


def eye_row(case: EyeCase, predicted: bool | None) -> dict[str, Any]:
    """The ``eyes`` row of one solved case and the article's prediction for it."""
    return {
        "side": case.rules.side,
        "protocol": case.rules.protocol.display,
        "board": board_key(case.position.board),
        "to_move": case.position.to_move.label,
        "owner": case.owner.label,
        "eyes": case.eye_count,
        "empty_cells": len(case.position.empty_cells),
        "opponent_forced_fills": case.forced,
        "predicted_at_least_one": predicted,
        "prediction_holds": None if predicted is None else predicted == (case.forced >= 1),
    }


def mirror_row(side: int, method: str, boards: int, white_wins: int) -> dict[str, Any]:
    """The ``mirror`` row of one side."""
    return {"side": side, "method": method, "boards": boards, "white_wins": white_wins}


def protocol_facts_row(rules: Rules) -> dict[str, Any]:
    """The ``protocol_facts`` row of one (side, protocol), from the rules engine's turns: the
    most stones each colour places in some game, who can place the last stone, who can force
    the other to place it (the count game), and Black's mirror-breaking turn after White's
    centre opening (``None``: no such turn).

    >>> row = protocol_facts_row(Rules(2, "onetwo"))
    >>> row["white_most_stones"], row["black_most_stones"], row["forces_other_last"]
    (5, 4, 'black')
    >>> row["mirror_breaking_turn"], protocol_facts_row(Rules(2))["mirror_breaking_turn"]
    ('0,6', None)
    """
    whites = reachable_white_counts(rules)
    placers = last_placers(rules)
    forcer = forces_other_last(rules)
    breaking = mirror_breaking_turn(rules)
    return {
        "side": rules.side,
        "protocol": rules.protocol.display,
        "cells": rules.cell_count,
        "white_most_stones": max(whites),
        "black_most_stones": rules.cell_count - min(whites),
        "white_can_place_last": Colour.WHITE in placers,
        "black_can_place_last": Colour.BLACK in placers,
        "forces_other_last": forcer.label if forcer is not None else None,
        "mirror_breaking_turn": str(breaking) if breaking is not None else None,
    }


def single_stone_rows(search: EndgameSearch) -> list[dict[str, Any]]:
    """The ``single_stone`` rows of one search: one per position searched, in search order."""
    method = "exhaustive" if search.exhaustive else "random_sample"
    return [
        {
            "side": search.side,
            "method": method,
            "board": e.board,
            "to_move": e.to_move,
            "empty_cells": e.empty_cells,
            "two_stone_turns_legal": e.pairs_legal,
            "mover_wins": e.won,
            "winning_turns": list(e.winning_turns),
            "one_stone_wins_only": e.one_stone_wins_only,
        }
        for e in search.endgames
    ]
