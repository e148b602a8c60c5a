"""Verdicts on the strength ladder: balance, and "GRAVE is strong" as the players get stronger.

**Balance** (issue 59). The article gives no measure for "the first player's advantage is
(greatly) mitigated", so each claim is judged under every yardstick a careful reader could
take (the readings of :mod:`asobi.contraposition.ladder_claims`), each on *one* point of
the ladder (:class:`Point`): the strongest agent (:func:`strongest_agent`, by the
round-robin's ratings) at the top budget (:func:`top_budget`), one board side at a time.
Sides and agents are never pooled; weaker rungs and the other agent are the trend
(:func:`trend`), shown, not voted. The tests are exact: the Clopper–Pearson interval of
White's rate and the two-sided binomial test of an even game (they agree: the interval
excludes ½ exactly when the test rejects at 5%), Fisher's exact test between two protocols.

* :func:`decide_balanced`: two-sided, either colour significantly favoured breaks it;
* :func:`decide_no_white_edge`: "greatly mitigated" against a certain White win (the
  mirror strategy without the centre rule): no White edge left that the games show;
* :func:`decide_below_certain_win`: "mitigated" against a certain White win: White's rate
  significantly below 1;
* :func:`decide_not_above`: White's rate under one protocol not significantly above the
  other's (same agent, budget and side).

Failing to reject is a confirmation only in this sense: no colour (or protocol) is *shown*
to be favoured at this level of play; the interval in the figures says how large an edge
the games still allow.

**GRAVE is strong** (:func:`rung_stronger`): at one budget, GRAVE is the stronger agent
when its OpenSkill rating lies above UCT's at the same budget, the 95% interval of the
difference ``mu_grave - mu_uct`` (``± 1.96·sqrt(sigma_grave² + sigma_uct²)``) above zero;
the weaker when below; undecided otherwise. The rungs are then read as a trend
(:func:`decide_trend`): the strongest rungs carry the verdict; ``depends`` when the answer
changes once with strength (every deciding rung below some budget says one thing, every one
from it the other; that budget is named); a rung in between that goes the other way while
weaker ones agree with the strongest is not a change with strength: it is named in the
caveat (:func:`disagreeing`); undecided when no rung decides.

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

from asobi.contraposition.stats import (
    ALPHA,
    Z_95,
    binomial_two_sided_p,
    clopper_pearson,
    fisher_two_sided_p,
)
from asobi.core.claims import Verdict

EVEN = 0.5
"""An even game: a colour is favoured when White's rate's exact 95% interval excludes it."""

OTHER_PROTOCOL = {"basic": "12?", "12?": "basic"}
"""The article's other protocol (table labels)."""


@dataclass(frozen=True)
class Rung:
    """One budget's verdict."""

    budget: int
    verdict: Verdict


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


@dataclass(frozen=True)
class Point:
    """White's wins and the games of one (agent, playouts, side, protocol) point of the
    ladder, never pooled with another."""

    agent: str
    playouts: int
    side: int
    protocol: str
    white_wins: int
    games: int

    @property
    def interval(self) -> tuple[float, float]:
        """The exact (Clopper–Pearson) 95% interval of White's rate."""
        return clopper_pearson(self.white_wins, self.games)

    @property
    def p_even(self) -> float:
        """The exact two-sided p-value of an even game."""
        return binomial_two_sided_p(self.white_wins, self.games)

    def text(self) -> str:
        """``GRAVE 10000 side 5 basic: White 56/100 (0.560) [0.46, 0.66], p = 0.27``."""
        if not self.games:
            return (
                f"{self.agent.upper()} {self.playouts} side {self.side} {self.protocol}: no games"
            )
        low, high = self.interval
        return (
            f"{self.agent.upper()} {self.playouts} side {self.side} {self.protocol}: White "
            f"{self.white_wins}/{self.games} ({self.white_wins / self.games:.3f}) "
            f"[{low:.2f}, {high:.2f}], p = {self.p_even:.2g}"
        )


def point(ladder: pd.DataFrame, agent: str, playouts: int, side: int, protocol: str) -> Point:
    """One point of the ladder (0 games when it is missing)."""
    rows = ladder[
        (ladder["agent"] == agent)
        & (ladder["playouts"] == playouts)
        & (ladder["side"] == side)
        & (ladder["protocol"] == protocol)
    ]
    return Point(
        agent,
        int(playouts),
        int(side),
        protocol,
        int(rows["white_wins"].sum()),
        int(rows["games"].sum()),
    )


def top_budget(ladder: pd.DataFrame, protocol: str) -> int | None:
    """The highest playout budget of the ladder under ``protocol`` (``None`` without games)."""
    budgets = ladder.loc[ladder["protocol"] == protocol, "playouts"]
    return int(budgets.max()) if len(budgets) else None


def strongest_agent(ratings: pd.DataFrame, budget: int | None) -> str | None:
    """The agent rated highest (OpenSkill ``mu``) at ``budget`` in the round-robin
    (``None`` when nobody is rated there): the player whose games carry a balance verdict."""
    if budget is None:
        return None
    rows = ratings[ratings["playouts"] == budget]
    if rows.empty:
        return None
    return str(rows.sort_values(["mu", "agent"], ascending=[False, True]).iloc[0]["agent"])


def decide_balanced(top: Point) -> Verdict:
    """Balanced, two-sided: refuted when either colour is significantly favoured (the exact
    95% interval of White's rate excludes ½), confirmed when neither is shown to be;
    undecided without games.

    >>> decide_balanced(Point("grave", 1, 5, "basic", 39, 100)).value
    'refuted'
    >>> decide_balanced(Point("grave", 1, 5, "basic", 56, 100)).value
    'confirmed'
    """
    if not top.games:
        return Verdict.UNDECIDED
    low, high = top.interval
    return Verdict.REFUTED if low > EVEN or high < EVEN else Verdict.CONFIRMED


def decide_no_white_edge(top: Point) -> Verdict:
    """ "Greatly mitigated" against a certain White win: refuted while White is still
    significantly favoured (the exact interval lies above ½), confirmed when no White edge
    is shown (a Black edge included: that is "no further balancing" to judge); undecided
    without games."""
    if not top.games:
        return Verdict.UNDECIDED
    return Verdict.REFUTED if top.interval[0] > EVEN else Verdict.CONFIRMED


def decide_below_certain_win(top: Point) -> Verdict:
    """ "Mitigated" against a certain White win: confirmed when White's rate is significantly
    below 1 (the exact interval's top below 1), refuted when not; undecided without games."""
    if not top.games:
        return Verdict.UNDECIDED
    return Verdict.CONFIRMED if top.interval[1] < 1.0 else Verdict.REFUTED


def decide_not_above(this: Point, other: Point) -> Verdict:
    """White's advantage under this protocol no larger than under the other: refuted when
    White's rate here is above the other's and Fisher's exact two-sided test rejects equal
    rates at 5%, confirmed otherwise; undecided when either point has no games.

    >>> onetwo, basic = Point("g", 1, 4, "12?", 218, 400), Point("g", 1, 4, "basic", 187, 400)
    >>> decide_not_above(onetwo, basic).value, decide_not_above(basic, onetwo).value
    ('refuted', 'confirmed')
    """
    if not this.games or not other.games:
        return Verdict.UNDECIDED
    higher = this.white_wins / this.games > other.white_wins / other.games
    p = fisher_two_sided_p(this.white_wins, this.games, other.white_wins, other.games)
    return Verdict.REFUTED if higher and p < ALPHA else Verdict.CONFIRMED


def trend(ladder: pd.DataFrame, protocol: str, side: int) -> str:
    """Every point of one side and protocol, agent by agent, budget by budget (the trend
    the verdict's top point sits on), or ``no games``."""
    rows = ladder[(ladder["protocol"] == protocol) & (ladder["side"] == side)]
    parts = []
    for agent in sorted(set(rows["agent"])):
        budgets = sorted({int(b) for b in rows.loc[rows["agent"] == agent, "playouts"]})
        cells = []
        for budget in budgets:
            at = point(ladder, agent, budget, side, protocol)
            low, high = at.interval
            cells.append(f"{budget} {at.white_wins / max(at.games, 1):.3f} [{low:.2f}, {high:.2f}]")
        parts.append(f"{agent.upper()} " + ", ".join(cells))
    return "; ".join(parts) or "no games"


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
