"""Calibration on the real boards: how often an agent turns a won position into a lost one.

On sides 4 and 5 no game is solved, but their endgames are
(:mod:`asobi.contraposition.endgame`). Same-agent self-play games are recorded decision by
decision (:func:`asobi.contraposition.mcts_solver.play_recorded`, seeded like the ladder's
games); every decision with at most ``horizon`` empty cells is scored exactly: was the
mover's position won before it (``won_before``), and is it still won after its action
(``won_after``, only asked when it was won)? A **blunder** is a won position turned into a
lost one. A search that runs out of its node budget leaves the value empty (null), and the
decision counts as not solved, never guessed.

The summary (:func:`blunder_rows`) is one row per (agent, playouts, side, protocol, empty
cells): decisions, solved ones, won ones, blunders, and the blunder rate among the won
positions with its 95% Wilson interval.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from asobi.contraposition.board import board_key
from asobi.contraposition.contraposition import Colour, Rules
from asobi.contraposition.endgame import END_TURN, EndgameSolver, masks_of
from asobi.contraposition.mcts import Agent, game_seed
from asobi.contraposition.mcts_solver import Decision, play_recorded
from asobi.contraposition.stats import wilson_interval

log = logging.getLogger("asobi.contraposition")


def score_decision(
    solver: EndgameSolver, decision: Decision, max_nodes: int
) -> tuple[bool | None, bool | None, int]:
    """``(won_before, won_after, nodes)`` of one decision, for its mover (``won_after`` is
    None unless ``won_before`` holds, or when its search ran out of budget)."""
    white, black = masks_of(decision.board, solver.n)
    before = solver.state_wins(white, black, decision.mover, decision.half, max_nodes)
    if not before.wins:
        return before.wins, None, before.nodes
    action = END_TURN if decision.action == solver.n else decision.action
    after = solver.action_wins(white, black, decision.mover, decision.half, action, max_nodes)
    return True, after.wins, before.nodes + after.nodes


def scored_decisions(
    rules: Rules,
    agents: Sequence[Agent],
    games: int,
    seed: int,
    horizon: int,
    max_nodes: int,
    tt_bits: int = 22,
) -> list[dict[str, Any]]:
    """One row per decision with at most ``horizon`` empty cells (not the opening) of
    ``games`` same-agent games of each agent, scored by :func:`score_decision` (one
    transposition table per rule set, kept across the games)."""
    solver = EndgameSolver(rules, tt_bits)
    rows = []
    for agent in agents:
        for game in range(games):
            game_id = game_seed(
                seed, rules.side, rules.protocol.value, agent.name, agent.name, game
            )
            _, decisions = play_recorded(rules, agent, agent, game_id, record=True)
            for decision in decisions:
                empties = decision.board.count(0)
                if empties > horizon or empties == rules.cell_count:
                    continue
                before, after, nodes = score_decision(solver, decision, max_nodes)
                rows.append(
                    {
                        "agent": agent.kind,
                        "playouts": agent.playouts,
                        "side": rules.side,
                        "protocol": rules.protocol.display,
                        "game": game,
                        "seed": game_id,
                        "empties": empties,
                        "board": board_key(decision.board),
                        "mover": Colour(decision.mover).label,
                        "half_turn": decision.half == 1,
                        "action": decision.action,
                        "won_before": before,
                        "won_after": after,
                        "nodes": nodes,
                    }
                )
            log.info(
                "blunders side %d %s %s: game %d scored", rules.side, rules.protocol.value,
                agent.name, game,
            )  # fmt: skip
    return rows


def blunder_rows(decisions: pd.DataFrame | Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The summary per (agent, playouts, side, protocol, empties): blunders among the won
    positions, the rate and its 95% Wilson interval (``rate`` None without a won one).

    >>> rows = blunder_rows([
    ...     {"agent": "grave", "playouts": 9, "side": 4, "protocol": "basic", "empties": 3,
    ...      "won_before": True, "won_after": False},
    ...     {"agent": "grave", "playouts": 9, "side": 4, "protocol": "basic", "empties": 3,
    ...      "won_before": None, "won_after": None}])
    >>> [(r["decisions"], r["solved"], r["won"], r["blunders"]) for r in rows]
    [(2, 1, 1, 1)]
    """
    frame = pd.DataFrame(list(decisions) if not isinstance(decisions, pd.DataFrame) else decisions)
    keys = ["agent", "playouts", "side", "protocol", "empties"]
    rows = []
    for key, group in frame.groupby(keys, sort=True):
        before = group["won_before"]
        won = group[before.eq(True)]
        # a won position whose action's search ran out is not counted either way
        judged = won[won["won_after"].notna()]
        blunders = int(judged["won_after"].eq(False).sum())
        low, high = wilson_interval(blunders, len(judged))
        rows.append(
            {
                **dict(zip(keys, key, strict=True)),
                "decisions": len(group),
                "solved": int(before.notna().sum()),
                "won": len(judged),
                "blunders": blunders,
                "rate": blunders / len(judged) if len(judged) else None,
                "low": low,
                "high": high,
            }
        )
    return rows
