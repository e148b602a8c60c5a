"""The Contraposition claim judged on the round-robin's ratings: ``grave_strong``
(ゲームデータ: GRAVE plays strongly). It reads the ratings rung by rung (the strongest rungs
carry it; ``depends`` names the budget where the answer changes, with one reading on each
side of it), and the ladder's tables as :mod:`asobi.contraposition.ladder_claims` picks
them (:func:`~asobi.contraposition.ladder_claims.ladder_table`).
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from asobi.contraposition.balance import (
    Rung,
    describe_rating_rungs,
    stronger_on_ratings,
)
from asobi.contraposition.citations import cited
from asobi.contraposition.ladder_claims import (
    SELFPLAY_TABLE,
    agent_kind,
    ladder_table,
    outliers_text,
    playouts_of,
)
from asobi.contraposition.stats import wilson_interval
from asobi.core.claims import Claim, Reading, ResultTables, Verdict
from asobi.core.recheck import Recheck


def grave_strong(tables: ResultTables) -> Claim:
    """ゲームデータ: MC-GRAVE is the strong AI, judged as an order on the round-robin's
    ratings: at each budget, GRAVE rated above UCT at the same budget
    (:func:`asobi.contraposition.balance.stronger_on_ratings`), read as a trend; the
    head-to-head tallies and the default run's GRAVE-UCT pairings are in the evidence."""
    ratings_name = ladder_table(tables, "ratings")
    games_name = ladder_table(tables, "rating_games")
    ratings = tables.read(ratings_name)
    games = tables.read(games_name)
    selfplay = tables.read(SELFPLAY_TABLE)
    verdict, since, rungs = stronger_on_ratings(ratings)
    white_kind, black_kind = (
        agent_kind(selfplay["white_agent"]),
        agent_kind(selfplay["black_agent"]),
    )
    grave_white = selfplay[(white_kind == "grave") & (black_kind == "uct")]
    grave_black = selfplay[(white_kind == "uct") & (black_kind == "grave")]
    paired = int(grave_white["games"].sum() + grave_black["games"].sum())
    grave_wins = int(
        grave_white["white_wins"].sum() + (grave_black["games"] - grave_black["white_wins"]).sum()
    )
    low, high = wilson_interval(grave_wins, paired)
    budgets = playouts_of(pd.concat([grave_white["white_agent"], grave_black["white_agent"]]))
    order = " > ".join(ratings.sort_values("rank")["player"])
    change = (
        f"the answer changes with strength: {verdict.value}, the strongest rungs' answer "
        f"holds from {since} playouts per move; "
        if since is not None
        else ""
    )
    side = sorted({int(s) for s in games["side"]}) if len(games) else []
    protocols = sorted(set(games["protocol"])) if len(games) else []
    return cited(
        "grave_strong",
        statement="MC-GRAVE plays this game strongly (the article calls it the strong AI).",
        formal="Round-robin of every agent at every ladder budget (both colours), rated with "
        "OpenSkill: at each budget GRAVE is the stronger agent when the 95% interval of "
        "mu_GRAVE - mu_UCT lies above 0, the weaker when below, else undecided. The "
        "strongest deciding budgets carry the verdict; depends when the answer changes once "
        "with strength (naming the budget); undecided when none decides.",
        verdict=None if since is not None else verdict,
        readings=_strength_readings(rungs, since),
        caveat=(
            "; ".join(
                part
                for part in (
                    f"our GRAVE and UCT (not Ludii's AIs), UCT the only other agent, "
                    f"round-robin on side {side} under {protocols}, "
                    f"{', '.join(str(r.budget) for r in rungs)} playouts per move; ratings "
                    "depend on the order of the games (fixed schedule)",
                    outliers_text(rungs, verdict),
                )
                if part
            )
            if len(games)
            else None
        ),
        evidence=f"{change}{describe_rating_rungs(ratings, games, rungs) or 'no ratings'}; "
        f"ranking {order or 'none'}; default run's GRAVE-UCT pairings at "
        f"{', '.join(map(str, budgets)) or '-'} playouts: GRAVE won {grave_wins}/{paired} "
        f"({grave_wins / max(paired, 1):.3f}) [{low:.2f}, {high:.2f}]",
        tables=(ratings_name, games_name, SELFPLAY_TABLE),
        recheck=Recheck(
            "SELECT playouts, max(mu) FILTER (WHERE agent = 'grave') AS grave_mu, "
            "max(sigma) FILTER (WHERE agent = 'grave') AS grave_sigma, "
            "max(mu) FILTER (WHERE agent = 'uct') AS uct_mu, "
            "max(sigma) FILTER (WHERE agent = 'uct') AS uct_sigma "
            f"FROM '{ratings_name}' GROUP BY playouts ORDER BY playouts",
            [
                {
                    "playouts": int(budget),
                    **{
                        f"{agent}_{column}": _rating(ratings, int(budget), agent, column)
                        for agent in ("grave", "uct")
                        for column in ("mu", "sigma")
                    },
                }
                for budget in sorted(set(ratings["playouts"]))
            ],
        ),
    )


def _strength_readings(rungs: Sequence[Rung], since: int | None) -> tuple[Reading, ...]:
    """When the order changes once with strength (``since``: the budget from which the
    strongest rungs' answer holds), one reading for the budgets below it and one from it
    on, each with the verdict its rungs share; otherwise none (the claim's one reading)."""
    if since is None:
        return ()
    below = [
        r for r in rungs if r.budget < since and r.verdict in (Verdict.CONFIRMED, Verdict.REFUTED)
    ]
    above = [
        r for r in rungs if r.budget >= since and r.verdict in (Verdict.CONFIRMED, Verdict.REFUTED)
    ]
    return tuple(
        Reading(
            name,
            f"GRAVE rated above UCT at the same budget, judged at {which} playouts per move "
            "(the article names no budget)",
            ", ".join(f"{r.budget}: {r.verdict.value}" for r in group),
            group[-1].verdict,
        )
        for name, which, group in (
            (f"below_{since}", f"the budgets below {since}", below),
            (f"from_{since}", f"{since} and more", above),
        )
    )


def _rating(ratings: pd.DataFrame, budget: int, agent: str, column: str) -> float | None:
    """An agent's ``mu`` or ``sigma`` at one budget of the round-robin (``None`` if unrated)."""
    rows = ratings[(ratings["playouts"] == budget) & (ratings["agent"] == agent)]
    return float(rows[column].max()) if len(rows) else None
