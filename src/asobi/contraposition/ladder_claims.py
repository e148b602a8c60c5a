"""The Contraposition claims judged on the strength ladder (issues 56, 59): the two balance
claims (先手有利の相殺, 12?プロトコル); ``grave_strong`` (ゲームデータ) is in
:mod:`asobi.contraposition.strength_claims`.

Each reads the ladder's tables (the vendored full ladder's when the claims rule gives them,
else the run's own smaller ladder: :func:`ladder_table`), the side-3 calibration and the
round-robin's ratings. The balance claims are judged under the readings of
:data:`BALANCE_READINGS`, each on every ladder side separately (the recommended side 5
first) and each on one point: the agent rated highest at the ladder's top budget
(:mod:`asobi.contraposition.balance`); the other points are the trend, in the evidence, and
those that would decide otherwise are named in the caveat.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from asobi.contraposition.balance import (
    EVEN,
    OTHER_PROTOCOL,
    Point,
    Rung,
    decide_balanced,
    decide_below_certain_win,
    decide_no_white_edge,
    decide_not_above,
    disagreeing,
    point,
    strongest_agent,
    top_budget,
    trend,
)
from asobi.contraposition.citations import cited
from asobi.contraposition.stats import fisher_two_sided_p
from asobi.core.claims import Claim, Reading, ResultTables, Verdict
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


def agent_kind(names: pd.Series) -> pd.Series:
    """``uct300`` -> ``uct``: the agent kind without its playout count."""
    return names.str.rstrip("0123456789")


def playouts_of(names: pd.Series) -> list[int]:
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


def outliers_text(rungs: list[Rung], verdict: Verdict) -> str | None:
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


RECOMMENDED_SIDE = 5
"""The side the article recommends (「一辺5がおすすめです」): its readings come first."""


@dataclass(frozen=True)
class BalanceReading:
    """One yardstick of a balance claim, judged on one side: ``kind`` is ``balanced``
    (two-sided), ``no_white_edge`` / ``below_certain_win`` (against the mirror baseline),
    or ``not_above_other`` (against the article's other protocol)."""

    name: str
    kind: str
    yardstick: str


_MIRROR_BASELINE = (
    "the baseline the passage implies, one stone a turn with no centre rule, where White "
    "opens on the centre and answers every stone by point reflection and wins every game "
    "(proved for every side, asobi.contraposition.mirror)"
)
_TOP = (
    "judged on the strongest agent (highest OpenSkill mu in the round-robin) at the top "
    "budget of the strength ladder, same-agent self-play, this side only (ours: the article "
    "names no level of play)"
)

BALANCE_READINGS = {
    "basic": (
        BalanceReading(
            "greatly_mitigated",
            "no_white_edge",
            f"'greatly mitigated' (大幅に緩和) against {_MIRROR_BASELINE}: White's edge of "
            "one half there must be gone, no White edge shown (the exact 95% interval of "
            f"White's rate reaches ½; ours: 'greatly' has no measure); {_TOP}",
        ),
        BalanceReading(
            "balanced",
            "balanced",
            "'no further balancing needed' (追加のバランス調整は不要) read as balanced, "
            "two-sided: either colour significantly favoured (exact binomial test of an even "
            f"game, 5%) breaks it; {_TOP}",
        ),
        BalanceReading(
            "not_improved_by_12",
            "not_above_other",
            "'no further balancing needed' against the balancing the passage names (the 12* "
            "protocol Minimize uses; here its variant 12?): White's rate under basic not "
            "significantly above under 12? (Fisher's exact test, 5%; same agent, budget and "
            f"side; ours); {_TOP}",
        ),
    ),
    "12?": (
        BalanceReading(
            "mitigated",
            "below_certain_win",
            f"'mitigated' (緩和) against {_MIRROR_BASELINE}: White's rate significantly "
            f"below 1 (the exact 95% interval's top below 1); {_TOP}",
        ),
        BalanceReading(
            "balanced",
            "balanced",
            "balanced, two-sided: either colour significantly favoured (exact binomial test "
            f"of an even game, 5%) breaks it; {_TOP}",
        ),
        BalanceReading(
            "no_less_balanced_than_basic",
            "not_above_other",
            "no less balanced than the article's basic protocol: White's rate under 12? not "
            "significantly above under basic (Fisher's exact test, 5%; same agent, budget "
            f"and side; ours); {_TOP}",
        ),
    ),
}
"""The readings of the two balance claims, each judged once per ladder side."""


def balance_sides(ladder: pd.DataFrame, protocol: str) -> list[int]:
    """The ladder's sides under ``protocol``, the recommended side first (its own reading;
    never pooled with another)."""
    sides = sorted({int(s) for s in ladder.loc[ladder["protocol"] == protocol, "side"]})
    return sorted(sides, key=lambda s: (s != RECOMMENDED_SIDE, s))


def _mirror_text(mirror: pd.DataFrame, side: int) -> str:
    rows = mirror[mirror["side"] == side]
    if rows.empty:
        return "the mirror table has no boards of this side"
    boards, wins = int(rows["boards"].sum()), int(rows["white_wins"].sum())
    methods = "/".join(sorted(set(rows["method"])))
    return f"mirror boards of side {side} ({methods}): White wins {wins}/{boards}"


def _judge(kind: str, top: Point, other: Point) -> tuple[Verdict, str]:
    """The verdict of one reading on its side's top point, and what decided it."""
    if kind == "balanced":
        verdict = decide_balanced(top)
        low, high = top.interval
        why = (
            "neither colour shown favoured"
            if verdict is Verdict.CONFIRMED
            else ("White" if low > EVEN else "Black") + " significantly favoured"
        )
    elif kind == "no_white_edge":
        verdict = decide_no_white_edge(top)
        why = "no White edge shown" if verdict is Verdict.CONFIRMED else "White still favoured"
    elif kind == "below_certain_win":
        verdict = decide_below_certain_win(top)
        why = f"White's rate is at most {top.interval[1]:.2f}, below a certain win"
        if verdict is not Verdict.CONFIRMED:
            why = "White's rate not shown below a certain win"
    else:
        verdict = decide_not_above(top, other)
        p = fisher_two_sided_p(top.white_wins, top.games, other.white_wins, other.games)
        why = f"against {other.text()}: Fisher p = {p:.2g}" + (
            f", White's rate significantly higher under {top.protocol}"
            if verdict is Verdict.REFUTED
            else ""
        )
    if not top.games:
        why = "no games at this point"
    return verdict, f"{top.text()}; {why}"


def _reading_recheck(
    ladder_name: str,
    ratings_name: str,
    protocol: str,
    side: int,
    kind: str,
    top: Point,
    other: Point,
    mirror: pd.DataFrame,
    agent: str | None,
    budget: int | None,
) -> Recheck:
    """The top point of one side (the strongest agent at the top budget, both found again
    from the ladder and the ratings), with the other protocol's point or the mirror boards
    of that side, as the reading uses them."""
    extra, figures = "", {}
    if kind == "not_above_other":
        extra = (
            f", CAST(coalesce(sum(white_wins) FILTER (WHERE protocol = '{other.protocol}'), 0) "
            f"AS BIGINT) AS other_white_wins, CAST(coalesce(sum(games) FILTER (WHERE protocol "
            f"= '{other.protocol}'), 0) AS BIGINT) AS other_games"
        )
        figures = {"other_white_wins": other.white_wins, "other_games": other.games}
    elif kind in ("no_white_edge", "below_certain_win"):
        rows = mirror[mirror["side"] == side]
        extra = (
            f", (SELECT CAST(coalesce(sum(boards), 0) AS BIGINT) FROM '{MIRROR_TABLE}' WHERE "
            f"side = {side}) AS mirror_boards, (SELECT CAST(coalesce(sum(white_wins), 0) AS "
            f"BIGINT) FROM '{MIRROR_TABLE}' WHERE side = {side}) AS mirror_white_wins"
        )
        figures = {
            "mirror_boards": int(rows["boards"].sum()),
            "mirror_white_wins": int(rows["white_wins"].sum()),
        }
    sql = (
        f"WITH top AS (SELECT max(playouts) AS playouts FROM '{ladder_name}' WHERE protocol = "
        f"'{protocol}'), best AS (SELECT agent FROM '{ratings_name}' WHERE playouts = (SELECT "
        "playouts FROM top) ORDER BY mu DESC, agent LIMIT 1) SELECT (SELECT agent FROM best) "
        "AS agent, (SELECT playouts FROM top) AS playouts, CAST(coalesce(sum(white_wins) "
        f"FILTER (WHERE protocol = '{protocol}'), 0) AS BIGINT) AS white_wins, "
        f"CAST(coalesce(sum(games) FILTER (WHERE protocol = '{protocol}'), 0) AS BIGINT) AS "
        f"games{extra} FROM '{ladder_name}' WHERE side = {side} AND agent = (SELECT agent FROM "
        "best) AND playouts = (SELECT playouts FROM top)"
    )
    return Recheck(
        sql,
        {
            "agent": agent,
            "playouts": budget,
            "white_wins": top.white_wins,
            "games": top.games,
            **figures,
        },
    )


def _balance_caveat(
    calibration: pd.DataFrame,
    exact: pd.DataFrame,
    protocol: str,
    agent: str | None,
    tops: list[Point],
    lower: str,
) -> str | None:
    """The level of play the readings rest on (how wide the top points' intervals still
    are), how far the ladder is from perfect play, and what perfect play says on the
    solved boards."""
    if agent is None or not any(top.games for top in tops):
        return None
    widths = ", ".join(
        f"side {top.side}: {top.games} games, White {top.interval[0]:.2f}–{top.interval[1]:.2f}"
        for top in tops
    )
    parts = [
        f"judged on {agent.upper()} self-play at {tops[0].playouts} playouts per move, not "
        f"perfect play; the top rung's intervals still allow {widths}"
    ]
    if lower:
        parts.append(f"other points of the ladder that would decide otherwise (the trend): {lower}")
    calibrated = _calibration_text(calibration, protocol)
    if calibrated:
        parts.append(calibrated)
    solved = exact[exact["solved"]]
    if len(solved):
        winners = ", ".join(f"side {r.side}: {r.winner}" for r in solved.itertuples())
        parts.append(f"with perfect play the solved boards are won ({winners})")
    return "; ".join(parts)


def _other_points(
    ladder: pd.DataFrame,
    protocol: str,
    agent: str | None,
    budget: int | None,
    sides: Sequence[int],
    readings: Sequence[Reading],
) -> str:
    """The ladder's other points (lower budgets, the other agent) whose games would give a
    reading the other verdict than the top point does: the trend, named, never a vote."""
    if agent is None or budget is None:
        return ""
    by_id = {reading.reading_id: reading.verdict for reading in readings}
    rows = ladder[ladder["protocol"] == protocol]
    found = []
    for side in sides:
        for kind, playouts in sorted(
            {(str(a), int(b)) for a, b in zip(rows["agent"], rows["playouts"], strict=True)}
        ):
            if (kind, playouts) == (agent, budget):
                continue
            here = point(ladder, kind, playouts, side, protocol)
            other = point(ladder, kind, playouts, side, OTHER_PROTOCOL[protocol])
            for spec in BALANCE_READINGS[protocol]:
                verdict, _ = _judge(spec.kind, here, other)
                top = by_id.get(f"{spec.name}_side_{side}", verdict)
                if here.games and verdict is not top:
                    found.append(
                        f"{spec.name} side {side}: {kind.upper()} {playouts} {verdict.value} "
                        f"({here.white_wins}/{here.games})"
                    )
    return ", ".join(found)


_BALANCE_CLAIMS = {"basic": "basic", "12?": "onetwo"}
"""Table protocol label -> claim id label."""

_BALANCE_STATEMENTS = {
    "basic": "Under the basic protocol the first player's (White's) advantage is greatly "
    "mitigated (White places the last stone), so that the game needs no further balancing.",
    "12?": "Under the 12? protocol the first player's (White's) advantage is mitigated, "
    "since its opening works like the 12* protocol.",
}


def first_player_advantage_offset(tables: ResultTables, protocol: str) -> Claim:
    """先手有利の相殺 / 12?プロトコル: under ``protocol`` (``basic`` or ``12?``) White's
    first-move advantage is (greatly) mitigated, judged under each reading of
    :data:`BALANCE_READINGS` on each ladder side (the recommended side 5 first), each on the
    strongest agent at the top budget (:mod:`asobi.contraposition.balance`); every point of
    the ladder is in the evidence as the trend, the level of play in the caveat."""
    ladder_name, ratings_name = ladder_table(tables, "ladder"), ladder_table(tables, "ratings")
    ladder = tables.read(ladder_name)
    ratings = tables.read(ratings_name)
    calibration = tables.read(ladder_table(tables, "calibration"))
    solutions = tables.read(SOLUTIONS_TABLE)
    mirror = tables.read(MIRROR_TABLE)
    other_protocol = OTHER_PROTOCOL[protocol]
    budget = top_budget(ladder, protocol)
    agent = strongest_agent(ratings, budget)
    sides = balance_sides(ladder, protocol)
    readings, tops = [], []
    for side in sides:
        top = point(ladder, agent or "-", budget or 0, side, protocol)
        other = point(ladder, agent or "-", budget or 0, side, other_protocol)
        tops.append(top)
        for spec in BALANCE_READINGS[protocol]:
            verdict, figures = _judge(spec.kind, top, other)
            if spec.kind in ("no_white_edge", "below_certain_win"):
                figures += f"; {_mirror_text(mirror, side)}"
            readings.append(
                Reading(
                    f"{spec.name}_side_{side}",
                    f"{spec.yardstick}; side {side}"
                    + (" (the article's recommended board)" if side == RECOMMENDED_SIDE else ""),
                    figures,
                    verdict,
                    _reading_recheck(
                        ladder_name,
                        ratings_name,
                        protocol,
                        side,
                        spec.kind,
                        top,
                        other,
                        mirror,
                        agent,
                        budget,
                    ),
                )
            )
    exact = solutions[solutions["protocol"] == protocol]
    trend_parts = [
        f"{which} side {side}: {trend(ladder, which, side)}"
        for which in (protocol, other_protocol)
        for side in sides
    ]
    names = ", ".join(f"{spec.name}" for spec in BALANCE_READINGS[protocol])
    if not readings:
        readings.append(
            Reading(
                "no_ladder_games",
                f"every reading ({names}) needs ladder games under {protocol}",
                "no ladder games",
                Verdict.UNDECIDED,
            )
        )
    top_text = (
        f"verdicts on {agent.upper()} at {budget} playouts per move (rated highest at the top "
        "budget), one side at a time"
        if agent is not None
        else "no rated agent at the top budget"
    )
    return cited(
        f"{_BALANCE_CLAIMS[protocol]}_first_player_advantage_offset",
        statement=_BALANCE_STATEMENTS[protocol],
        formal=f"Readings ({names}), each judged on every ladder side separately (side "
        f"{RECOMMENDED_SIDE}, the article's board, first) on one point: the agent rated "
        "highest at the ladder's top budget, same-agent self-play under "
        f"{protocol}. Exact tests: the Clopper–Pearson 95% interval of White's rate, the "
        "two-sided binomial test of an even game, Fisher's exact test against the other "
        "protocol at the same point. Sides, agents and budgets are never pooled; the other "
        "points are the trend.",
        readings=readings,
        caveat=_balance_caveat(
            calibration,
            exact,
            protocol,
            agent,
            tops,
            _other_points(ladder, protocol, agent, budget, sides, readings),
        ),
        evidence=f"{top_text}. Trend (agent, playouts, White's rate [exact 95%]): "
        + "; ".join(trend_parts)
        + f". Exact: {_describe_solutions(exact) or 'none'}",
        tables=(
            ladder_name,
            ratings_name,
            ladder_table(tables, "calibration"),
            SOLUTIONS_TABLE,
            MIRROR_TABLE,
        ),
    )


def basic_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol White's first-move advantage is greatly
    mitigated and the game needs no further balancing."""
    return first_player_advantage_offset(tables, "basic")


def onetwo_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """12?プロトコル: under the 12? protocol White's first-move advantage is mitigated."""
    return first_player_advantage_offset(tables, "12?")


# --- eyes (eyes.parquet) ---------------------------------------------------------------------
