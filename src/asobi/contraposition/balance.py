"""Verdicts on the strength ladder: balance and "GRAVE is strong" as the players get stronger.

The article gives no measure for "the first player's advantage is greatly mitigated" nor for
"MC-GRAVE is strong", so each rung of the ladder (one playout budget) is judged only on what
the words commit to, with an even game as the yardstick:

* **balance** (:func:`rung_offset`): at one budget, pooled same-agent self-play (UCT and
  GRAVE, every ladder side) under this protocol: White is *favoured* when its win rate's 95%
  interval lies above one half. The advantage is offset (confirmed) when White is not
  favoured; refuted when White is favoured here while under the article's other protocol it
  is not; undecided when White is favoured under both (an edge remains everywhere: "greatly
  mitigated" cannot be told without a measure) or without games;
* **GRAVE is strong** (:func:`rung_stronger`): at one budget, GRAVE is the stronger agent
  when its OpenSkill rating lies above UCT's at the same budget, the 95% interval of the
  difference ``mu_grave - mu_uct`` (``± 1.96·sqrt(sigma_grave² + sigma_uct²)``) above zero;
  the weaker when below; undecided otherwise.

The rungs are then read as a trend (:func:`decide_trend`): the strongest rungs carry the
verdict; ``depends`` when the answer changes once with strength (every deciding rung below
some budget says one thing, every one from it the other; that budget is named); a rung in
between that goes the other way while weaker ones agree with the strongest is not a change
with strength: it is named in the caveat (:func:`disagreeing`); undecided when no rung
decides.

>>> decide_trend([Rung(300, Verdict.REFUTED), Rung(1000, Verdict.CONFIRMED)])
(<Verdict.DEPENDS: 'depends'>, 1000)
>>> decide_trend([Rung(300, Verdict.UNDECIDED), Rung(1000, Verdict.CONFIRMED)])
(<Verdict.CONFIRMED: 'confirmed'>, None)
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from asobi.contraposition.stats import Z_95, wilson_interval
from asobi.core.claims import Verdict

EVEN = 0.5
"""An even game: White is favoured when its win rate's 95% interval lies above it."""

OTHER_PROTOCOL = {"basic": "12?", "12?": "basic"}
"""The article's other protocol (table labels)."""


@dataclass(frozen=True)
class Rung:
    """One budget's verdict."""

    budget: int
    verdict: Verdict


def white_favoured(wins: int, games: int) -> bool | None:
    """Whether White is the favoured side: its win rate's 95% interval lies above
    :data:`EVEN` (``None`` without games).

    >>> white_favoured(60, 100), white_favoured(55, 100), white_favoured(0, 0)
    (True, False, None)
    """
    if games == 0:
        return None
    return wilson_interval(wins, games)[0] > EVEN


def decide_offset(favoured: bool | None, favoured_other: bool | None) -> Verdict:
    """White's advantage is offset under a protocol: confirmed when White is not favoured;
    refuted when it is while under the other protocol it is not; undecided without games or
    when White is favoured under both."""
    if favoured is None:
        return Verdict.UNDECIDED
    if not favoured:
        return Verdict.CONFIRMED
    if favoured_other is False:
        return Verdict.REFUTED
    return Verdict.UNDECIDED


def decide_trend(rungs: Sequence[Rung]) -> tuple[Verdict, int | None]:
    """The verdict over the rungs (any order) and, for ``depends``, the budget where the
    answer changes.

    The strongest rungs carry the verdict: ``since`` is the lowest budget from which every
    deciding rung (confirmed or refuted) gives the strongest deciding rung's answer. When
    every deciding rung below ``since`` gives the other answer, the answer changes once with
    strength: ``depends``, at ``since``. When the rungs below disagree among themselves (a
    rung in between goes the other way, and weaker ones agree with the strongest), there is
    no change with strength to name: the strongest rungs' answer stands, and the rungs that
    disagree are listed by :func:`disagreeing`. Undecided when no rung decides.

    >>> decide_trend([Rung(1, Verdict.CONFIRMED), Rung(2, Verdict.REFUTED),
    ...               Rung(3, Verdict.UNDECIDED), Rung(4, Verdict.REFUTED)])
    (<Verdict.DEPENDS: 'depends'>, 2)
    >>> decide_trend([Rung(1, Verdict.CONFIRMED), Rung(2, Verdict.REFUTED),
    ...               Rung(3, Verdict.CONFIRMED)])
    (<Verdict.CONFIRMED: 'confirmed'>, None)
    >>> decide_trend([Rung(1, Verdict.UNDECIDED)])
    (<Verdict.UNDECIDED: 'undecided'>, None)
    """
    deciding = [r for r in sorted(rungs, key=lambda r: r.budget) if r.verdict in DEFINITE]
    if not deciding:
        return Verdict.UNDECIDED, None
    top = deciding[-1].verdict
    since = deciding[-1].budget
    for rung in reversed(deciding):
        if rung.verdict is not top:
            break
        since = rung.budget
    below = [r for r in deciding if r.budget < since]
    if below and all(r.verdict is not top for r in below):
        return Verdict.DEPENDS, since
    return top, None


def disagreeing(rungs: Sequence[Rung], verdict: Verdict) -> list[int]:
    """The budgets whose rung decides the other way than ``verdict`` (for the caveat).

    >>> disagreeing([Rung(1, Verdict.CONFIRMED), Rung(2, Verdict.REFUTED)], Verdict.CONFIRMED)
    [2]
    """
    return sorted(r.budget for r in rungs if r.verdict in DEFINITE and r.verdict is not verdict)


DEFINITE = (Verdict.CONFIRMED, Verdict.REFUTED)


# --- balance on the ladder -------------------------------------------------------------------


def pooled(ladder: pd.DataFrame, protocol: str, budget: int) -> tuple[int, int]:
    """White's wins and the games at one budget under ``protocol`` (every agent and side)."""
    rows = ladder[(ladder["protocol"] == protocol) & (ladder["playouts"] == budget)]
    return int(rows["white_wins"].sum()), int(rows["games"].sum())


def rung_offset(ladder: pd.DataFrame, protocol: str, budget: int) -> Rung:
    """The balance verdict of one rung (see the module's docstring)."""
    favoured = white_favoured(*pooled(ladder, protocol, budget))
    favoured_other = white_favoured(*pooled(ladder, OTHER_PROTOCOL[protocol], budget))
    return Rung(int(budget), decide_offset(favoured, favoured_other))


def offset_on_ladder(ladder: pd.DataFrame, protocol: str) -> tuple[Verdict, int | None, list[Rung]]:
    """The balance verdict of ``protocol`` over every budget of the ladder."""
    budgets = sorted({int(b) for b in ladder.loc[ladder["protocol"] == protocol, "playouts"]})
    rungs = [rung_offset(ladder, protocol, b) for b in budgets]
    verdict, since = decide_trend(rungs)
    return verdict, since, rungs


def describe_balance_rungs(ladder: pd.DataFrame, protocol: str, rungs: Sequence[Rung]) -> str:
    """Every rung's pooled White rate and its verdict, then each (agent, side) point."""
    parts = []
    for rung in rungs:
        wins, games = pooled(ladder, protocol, rung.budget)
        low, high = wilson_interval(wins, games)
        rows = ladder[(ladder["protocol"] == protocol) & (ladder["playouts"] == rung.budget)]
        points = ", ".join(
            f"{r.agent} s{r.side} {r.white_wins}/{r.games}"
            for r in rows.sort_values(["agent", "side"]).itertuples()
        )
        parts.append(
            f"{rung.budget} playouts: White {wins}/{games} ({wins / max(games, 1):.3f}) "
            f"[{low:.2f}, {high:.2f}] -> {rung.verdict.value} ({points})"
        )
    return "; ".join(parts)


def trend_text(ladder: pd.DataFrame, protocol: str) -> str | None:
    """How White's pooled rate moves from the lowest to the highest budget, and whether the
    two rungs' 95% intervals are apart (a change the games show) or overlap."""
    budgets = sorted({int(b) for b in ladder.loc[ladder["protocol"] == protocol, "playouts"]})
    if len(budgets) < 2:
        return None
    low_wins, low_games = pooled(ladder, protocol, budgets[0])
    top_wins, top_games = pooled(ladder, protocol, budgets[-1])
    a, b = wilson_interval(low_wins, low_games), wilson_interval(top_wins, top_games)
    apart = a[1] < b[0] or b[1] < a[0]
    direction = "rises" if top_wins / top_games > low_wins / low_games else "falls"
    return (
        f"White's rate {direction} from {low_wins / low_games:.3f} at {budgets[0]} to "
        f"{top_wins / top_games:.3f} at {budgets[-1]} playouts per move "
        f"({'intervals apart' if apart else 'intervals overlap'})"
    )


# --- GRAVE against UCT on the ratings -------------------------------------------------------


def rating_gap(ratings: pd.DataFrame, budget: int) -> tuple[float, float, float] | None:
    """``mu_grave - mu_uct`` at ``budget`` and its 95% interval (``None`` if either agent
    is not rated at that budget)."""
    at = ratings[ratings["playouts"] == budget].set_index("agent")
    if not {"grave", "uct"} <= set(at.index):
        return None
    gap = float(at.at["grave", "mu"] - at.at["uct", "mu"])
    spread = Z_95 * math.hypot(float(at.at["grave", "sigma"]), float(at.at["uct", "sigma"]))
    return gap, gap - spread, gap + spread


def rung_stronger(ratings: pd.DataFrame, budget: int) -> Rung:
    """GRAVE stronger than UCT at ``budget`` (see the module's docstring)."""
    gap = rating_gap(ratings, budget)
    if gap is None:
        return Rung(int(budget), Verdict.UNDECIDED)
    _, low, high = gap
    if low > 0:
        return Rung(int(budget), Verdict.CONFIRMED)
    if high < 0:
        return Rung(int(budget), Verdict.REFUTED)
    return Rung(int(budget), Verdict.UNDECIDED)


def stronger_on_ratings(ratings: pd.DataFrame) -> tuple[Verdict, int | None, list[Rung]]:
    """GRAVE against UCT at every budget of the ratings."""
    rungs = [rung_stronger(ratings, int(b)) for b in sorted(set(ratings["playouts"]))]
    verdict, since = decide_trend(rungs)
    return verdict, since, rungs


def head_to_head(games: pd.DataFrame, budget: int) -> tuple[int, int]:
    """GRAVE's wins and the games between GRAVE and UCT at the same ``budget`` (both
    colours) in the round-robin's games."""
    grave, uct = f"grave{budget}", f"uct{budget}"
    white = games[(games["white_agent"] == grave) & (games["black_agent"] == uct)]
    black = games[(games["white_agent"] == uct) & (games["black_agent"] == grave)]
    wins = int((white["winner"] == "white").sum() + (black["winner"] == "black").sum())
    return wins, len(white) + len(black)


def describe_rating_rungs(ratings: pd.DataFrame, games: pd.DataFrame, rungs: Sequence[Rung]) -> str:
    """Every budget: both ratings, the gap with its interval, the head-to-head tally."""
    parts = []
    for rung in rungs:
        at = ratings[ratings["playouts"] == rung.budget].set_index("agent")
        gap = rating_gap(ratings, rung.budget)
        wins, played = head_to_head(games, rung.budget)
        if gap is None:
            parts.append(f"{rung.budget} playouts: not both rated -> {rung.verdict.value}")
            continue
        parts.append(
            f"{rung.budget} playouts: GRAVE {at.at['grave', 'mu']:.1f}±"
            f"{Z_95 * at.at['grave', 'sigma']:.1f}, UCT {at.at['uct', 'mu']:.1f}±"
            f"{Z_95 * at.at['uct', 'sigma']:.1f}, gap {gap[0]:.1f} [{gap[1]:.1f}, {gap[2]:.1f}]"
            f", head to head GRAVE {wins}/{played} -> {rung.verdict.value}"
        )
    return "; ".join(parts)
