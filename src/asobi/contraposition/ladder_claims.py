"""The Contraposition claims judged on the strength ladder (issue 56): the two balance
claims (先手有利の相殺, 12?プロトコル) and ``grave_strong`` (ゲームデータ).

Each reads the ladder's tables (the vendored full ladder's when the claims rule gives them,
else the run's own smaller ladder: :func:`ladder_table`), the side-3 calibration and the
round-robin's ratings; its verdict comes from the decisions of
:mod:`asobi.contraposition.balance` (the strongest rungs carry it; ``depends`` names the
budget where the answer changes), and every rung is in the evidence.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import pandas as pd

from asobi.contraposition.balance import (
    EVEN,
    OTHER_PROTOCOL,
    Rung,
    describe_balance_rungs,
    describe_rating_rungs,
    disagreeing,
    offset_on_ladder,
    pooled,
    stronger_on_ratings,
    trend_text,
)
from asobi.contraposition.citations import cited
from asobi.contraposition.stats import wilson_interval
from asobi.core.claims import Claim, ResultTables, Verdict
from asobi.core.recheck import Recheck

SOLUTIONS_TABLE = "contraposition/solutions.parquet"
SELFPLAY_TABLE = "contraposition/selfplay.parquet"
AUDIT_TABLE = "contraposition/rule_audit.parquet"
EYES_TABLE = "contraposition/eyes.parquet"
MIRROR_TABLE = "contraposition/mirror.parquet"

LADDER_TABLES = {
    kind: (f"contraposition/{kind}_vendored.parquet", f"contraposition/{kind}.parquet")
    for kind in ("ladder", "calibration", "ratings", "rating_games")
}
"""Each strength-ladder table the claims read: the vendored full ladder's when the claims rule
gives it (the default run checks and publishes it), else the run's own (a smaller ladder)."""


def _agent_kind(names: pd.Series) -> pd.Series:
    """``uct300`` -> ``uct``: the agent kind without its playout count."""
    return names.str.rstrip("0123456789")


def _playouts(names: pd.Series) -> list[int]:
    """The playout budgets in the agent names (``uct300`` -> 300), ascending."""
    return sorted({int(m.group()) for m in (re.search(r"\d+$", n) for n in names) if m})


def _describe_solutions(rows: pd.DataFrame) -> str:
    parts = []
    for r in rows.itertuples():
        if r.solved:
            moves = (
                f", winning first stones {[int(c) for c in r.best_first_moves]}"
                if len(r.best_first_moves)
                else ""
            )
            parts.append(f"side {r.side}: {r.winner} wins{moves} ({r.nodes} nodes)")
        else:
            parts.append(f"side {r.side}: not solved ({r.reason})")
    return "; ".join(parts)


def ladder_table(tables: ResultTables, kind: str) -> str:
    """The name of the ``kind`` table of the strength ladder the claims read: the vendored
    full ladder's when given, else the run's own (see :data:`LADDER_TABLES`)."""
    vendored, own = LADDER_TABLES[kind]
    if vendored in tables.frames:
        return vendored
    if tables.files is not None:
        return vendored if vendored in tables.files else own
    root = tables.root
    return vendored if root is not None and (root / vendored).is_file() else own


def _calibration_text(calibration: pd.DataFrame, protocol: str) -> str | None:
    """How close each agent's strongest rung comes to perfect play on the solved board."""
    rows = calibration[calibration["protocol"] == protocol]
    if rows.empty:
        return None
    parts = []
    for agent, group in rows.groupby("agent", sort=True):
        top = group.sort_values("playouts").iloc[-1]
        parts.append(
            f"{agent} at {int(top.playouts)} playouts {int(top.perfect_play_winner_wins)}/"
            f"{int(top.games)} [{top.low:.2f}, {top.high:.2f}]"
        )
    side, winner = int(rows["side"].iloc[0]), rows["perfect_play_winner"].iloc[0]
    return (
        f"on side {side}, where perfect play is known ({winner} wins under {protocol}), the "
        f"perfect-play winner won {', '.join(parts)} of same-agent games"
    )


def _outliers_text(rungs: list[Rung], verdict: Verdict) -> str | None:
    """The rungs that decide the other way when the verdict is not ``depends``."""
    if verdict is Verdict.DEPENDS:
        return None
    budgets = disagreeing(rungs, verdict)
    if not budgets:
        return None
    return (
        f"the rung at {', '.join(map(str, budgets))} playouts decides the other way, with "
        "weaker and stronger rungs agreeing: not a change with strength"
    )


def _balance_caveat(
    ladder: pd.DataFrame,
    calibration: pd.DataFrame,
    exact: pd.DataFrame,
    protocol: str,
    rungs: list[Rung],
    verdict: Verdict,
) -> str:
    """The level of play the verdict rests on, the trend, a rung that goes the other way,
    how far the strongest rung is from perfect play, what perfect play on the solved boards
    says, and a Black edge."""
    rows = ladder[ladder["protocol"] == protocol]
    budgets = sorted({int(b) for b in rows["playouts"]})
    parts = [
        f"judged on same-agent self-play of {', '.join(sorted(set(rows['agent'])))} at "
        f"{', '.join(map(str, budgets))} playouts per move, sides {sorted(set(rows['side']))}"
        ", not perfect play"
    ]
    trend = trend_text(ladder, protocol)
    if trend:
        parts.append(trend)
    outliers = _outliers_text(rungs, verdict)
    if outliers:
        parts.append(outliers)
    calibrated = _calibration_text(calibration, protocol)
    if calibrated:
        parts.append(calibrated)
    solved = exact[exact["solved"]]
    if len(solved):
        winners = ", ".join(f"side {r.side}: {r.winner}" for r in solved.itertuples())
        parts.append(f"with perfect play the solved boards are won ({winners})")
    wins, games = pooled(ladder, protocol, budgets[-1])
    if wilson_interval(wins, games)[1] < EVEN:
        parts.append(f"Black wins significantly more than half at {budgets[-1]} playouts")
    return "; ".join(parts)


_BALANCE_CLAIMS = {"basic": ("basic", "12?"), "12?": ("onetwo", "basic")}
"""Table protocol label -> (claim id label, the article's other protocol)."""


def first_player_advantage_offset(tables: ResultTables, protocol: str) -> Claim:
    """先手有利の相殺 / 12?プロトコル: under ``protocol`` (``basic`` or ``12?``) White's
    first-move advantage is offset, judged rung by rung on the strength ladder
    (:func:`asobi.contraposition.balance.offset_on_ladder`: at each budget White not favoured
    in pooled same-agent self-play, against the other protocol at the same budget) and read
    as a trend; every rung's rate is in the evidence, the level of play in the caveat."""
    ladder = tables.read(ladder_table(tables, "ladder"))
    calibration = tables.read(ladder_table(tables, "calibration"))
    solutions = tables.read(SOLUTIONS_TABLE)
    label, other = _BALANCE_CLAIMS[protocol]
    verdict, since, rungs = offset_on_ladder(ladder, protocol)
    exact = solutions[solutions["protocol"] == protocol]
    other_rates = "; ".join(
        f"{r.budget}: White {w}/{n} ({w / max(n, 1):.3f})"
        for r in rungs
        for w, n in [pooled(ladder, other, r.budget)]
    )
    change = (
        f"the answer changes with strength: {verdict.value}, the strongest rungs' answer "
        f"holds from {since} playouts per move; "
        if since is not None
        else ""
    )
    has_games = bool(len(ladder[ladder["protocol"] == protocol]))
    return cited(
        f"{label}_first_player_advantage_offset",
        statement=f"Under the {protocol} protocol the first player's (White's) advantage "
        "is (greatly) mitigated.",
        formal="On every rung of the strength ladder (one playout budget; UCT vs UCT and "
        "GRAVE vs GRAVE, every ladder side, pooled): White is the favoured side when its win "
        f"rate's 95% interval lies above {EVEN}. A rung confirms when White is not favoured "
        f"under {protocol}, refutes when it is while under {other} at the same budget it is "
        "not, and is undecided when White is favoured under both or without games. The "
        "strongest deciding rungs carry the claim's verdict; depends when the answer changes "
        "once with strength (every deciding rung below a budget one way, every one from it "
        "the other; that budget is named); undecided when no rung decides.",
        verdict=verdict,
        caveat=(
            _balance_caveat(ladder, calibration, exact, protocol, rungs, verdict)
            if has_games
            else None
        ),
        evidence=f"{change}{describe_balance_rungs(ladder, protocol, rungs) or 'no ladder games'}"
        f". Under {other}: {other_rates or 'no games'}. Exact: "
        f"{_describe_solutions(exact) or 'none'}",
        tables=(
            ladder_table(tables, "ladder"),
            ladder_table(tables, "calibration"),
            SOLUTIONS_TABLE,
        ),
        recheck=_balance_recheck(ladder_table(tables, "ladder"), ladder, protocol, rungs),
    )


def _balance_recheck(
    ladder_name: str, ladder: pd.DataFrame, protocol: str, rungs: Sequence[Rung]
) -> Recheck:
    """White's pooled wins and games per budget under ``protocol`` and the other protocol:
    the figures each rung's verdict rests on."""
    other = OTHER_PROTOCOL[protocol]

    def total(column: str, which: str) -> str:
        return f"CAST(coalesce(sum({column}) FILTER (WHERE protocol = '{which}'), 0) AS BIGINT)"

    figures = []
    for rung in rungs:
        wins, games = pooled(ladder, protocol, rung.budget)
        other_wins, other_games = pooled(ladder, other, rung.budget)
        figures.append(
            {
                "playouts": rung.budget,
                "white_wins": wins,
                "games": games,
                "other_white_wins": other_wins,
                "other_games": other_games,
            }
        )
    return Recheck(
        f"SELECT playouts, {total('white_wins', protocol)} AS white_wins, "
        f"{total('games', protocol)} AS games, {total('white_wins', other)} AS other_white_wins, "
        f"{total('games', other)} AS other_games FROM '{ladder_name}' "
        f"WHERE playouts IN (SELECT playouts FROM '{ladder_name}' WHERE protocol = '{protocol}') "
        "GROUP BY playouts ORDER BY playouts",
        figures,
    )


def basic_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol White's first-move advantage is offset."""
    return first_player_advantage_offset(tables, "basic")


def onetwo_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """12?プロトコル: under the 12? protocol White's first-move advantage is offset."""
    return first_player_advantage_offset(tables, "12?")


# --- eyes (eyes.parquet) ---------------------------------------------------------------------


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
        _agent_kind(selfplay["white_agent"]),
        _agent_kind(selfplay["black_agent"]),
    )
    grave_white = selfplay[(white_kind == "grave") & (black_kind == "uct")]
    grave_black = selfplay[(white_kind == "uct") & (black_kind == "grave")]
    paired = int(grave_white["games"].sum() + grave_black["games"].sum())
    grave_wins = int(
        grave_white["white_wins"].sum() + (grave_black["games"] - grave_black["white_wins"]).sum()
    )
    low, high = wilson_interval(grave_wins, paired)
    budgets = _playouts(pd.concat([grave_white["white_agent"], grave_black["white_agent"]]))
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
        verdict=verdict,
        caveat=(
            "; ".join(
                part
                for part in (
                    f"our GRAVE and UCT (not Ludii's AIs), UCT the only other agent, "
                    f"round-robin on side {side} under {protocols}, "
                    f"{', '.join(str(r.budget) for r in rungs)} playouts per move; ratings "
                    "depend on the order of the games (fixed schedule)",
                    _outliers_text(rungs, verdict),
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


def _rating(ratings: pd.DataFrame, budget: int, agent: str, column: str) -> float | None:
    """An agent's ``mu`` or ``sigma`` at one budget of the round-robin (``None`` if unrated)."""
    rows = ratings[(ratings["playouts"] == budget) & (ratings["agent"] == agent)]
    return float(rows[column].max()) if len(rows) else None
