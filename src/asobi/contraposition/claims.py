"""The article's claims about Contraposition, each checked against the result tables.

Source: "Contraposition : 最大グループゲームの「対偶」" (note.com, Abstract Game Advent
Calendar 2023). One function per claim; each reads the tables it needs from
:class:`Results` and returns one :class:`~asobi.core.claims.Claim` whose verdict is
computed from them. :func:`build_claims` lists them in the order of the claims table.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from asobi.contraposition.board import cell_count
from asobi.contraposition.stats import wilson_interval
from asobi.core.claims import Claim, Verdict
from asobi.core.tables import read_table

GAME = "contraposition"
SOURCE = (
    "Contraposition : 最大グループゲームの「対偶」 (note.com, Abstract Game Advent Calendar 2023)"
)
TABLES = "results/contraposition/"

BALANCE_BAND = (0.4, 0.6)
"""White win rates counted as "largely offset" (balanced)."""
BALANCE_OK = (0.35, 0.65)
"""A pooled 95% interval inside this range confirms the balance claim."""


@dataclass(frozen=True)
class Results:
    """The five result tables the claims are computed from."""

    solutions: pd.DataFrame
    selfplay: pd.DataFrame
    audit: pd.DataFrame
    eyes: pd.DataFrame
    mirror: pd.DataFrame


def read_results(solutions: str, selfplay: str, audit: str, eyes: str, mirror: str) -> Results:
    """Read the five tables from their paths."""
    return Results(
        solutions=read_table(solutions),
        selfplay=read_table(selfplay),
        audit=read_table(audit),
        eyes=read_table(eyes),
        mirror=read_table(mirror),
    )


def build_claims(results: Results) -> list[Claim]:
    """Every Contraposition claim, in the order of the claims table."""
    return [
        winning_rule_statements_agree(results.audit),
        ludii_score_agrees(results.audit),
        no_draws(results.audit),
        first_player_advantage_offset(results.selfplay, results.solutions, "basic"),
        first_player_advantage_offset(results.selfplay, results.solutions, "12?"),
        several_eyes_force_a_fill(results.eyes),
        single_eye_parity(results.eyes),
        centre_restriction_blocks_mirroring(results.mirror),
        grave_strong(results.selfplay),
    ]


# --- the winning rule (rule_audit.parquet) -------------------------------------------------


def _audit_scope(audit: pd.DataFrame) -> str:
    """Which boards the audit covered, in words."""
    exhaustive = audit[audit["method"] == "exhaustive"]
    sampled = audit[audit["method"] == "random_sample"]
    return (
        f"{int(exhaustive['boards'].sum())} boards exhaustively (sides "
        f"{sorted(set(exhaustive['side']))}, every stone count each protocol can produce) "
        f"and {int(sampled['boards'].sum())} random boards (sides "
        f"{sorted(set(sampled['side']))})"
    )


def winning_rule_statements_agree(audit: pd.DataFrame) -> Claim:
    """勝利条件: the article's two statements of the winning rule name the same winner on
    every audited board (confirmed when no board disagrees)."""
    boards = int(audit["boards"].sum())
    disagree = int(audit["statements_disagree"].sum())
    example = next((e for e in audit["example_disagreement"] if e), "")
    instance = f", e.g. {example}" if example else ""
    return Claim(
        claim_id=f"{GAME}.winning_rule_statements_agree",
        game=GAME,
        source=f"{SOURCE}, 勝利条件",
        statement="The count-by-smallest-size rule and the compare-sorted-sizes rule always "
        "name the same winner.",
        formal="For each full board: winner_by_counts(board) == winner_by_sorted_sizes(board).",
        verdict=Verdict.CONFIRMED if disagree == 0 and boards > 0 else Verdict.REFUTED,
        evidence=f"{_audit_scope(audit)}: {disagree} disagreements{instance}. "
        "Reason: at the first size where the counts differ, the colour with more groups of "
        "that size is the first to show a smaller entry in its sorted list.",
        table=TABLES + "rule_audit.parquet",
    )


def ludii_score_agrees(audit: pd.DataFrame) -> Claim:
    """ゲームデータ: Ludii's score picks the article's winner on every audited board."""
    boards = int(audit["boards"].sum())
    ludii = int(audit["ludii_disagrees"].sum())
    return Claim(
        claim_id=f"{GAME}.ludii_score_agrees",
        game=GAME,
        source=f"{SOURCE}, ゲームデータ",
        statement="Ludii's score (smallest size where a player has more groups; higher wins) "
        "picks the same winner as the article's rule.",
        formal="For each full board: winner_by_ludii_score(board) == winner_by_counts(board).",
        verdict=Verdict.CONFIRMED if ludii == 0 and boards > 0 else Verdict.REFUTED,
        evidence=f"{_audit_scope(audit)}: {ludii} disagreements.",
        table=TABLES + "rule_audit.parquet",
    )


def no_draws(audit: pd.DataFrame) -> Claim:
    """勝利条件: no game ends in a draw; no audited board is a tie, and the cell count
    3s(s-1)+1 is odd (a tie needs equal stone counts)."""
    draws = int(audit["draws"].sum())
    odd = all(cell_count(s) % 2 == 1 for s in range(1, 101))
    return Claim(
        claim_id=f"{GAME}.no_draws",
        game=GAME,
        source=f"{SOURCE}, 勝利条件",
        statement="No game can end in a draw, under either protocol.",
        formal="No full board has equal group-size multisets for both colours; a tie needs "
        "equal stone counts, and 3s(s-1)+1 cells is odd for every side s.",
        verdict=Verdict.CONFIRMED if draws == 0 and odd else Verdict.REFUTED,
        evidence=f"{_audit_scope(audit)}: {draws} draws; 3s(s-1)+1 is odd for s = 1..100 "
        "(s(s-1) is even).",
        table=TABLES + "rule_audit.parquet",
    )


# --- balance (selfplay.parquet, solutions.parquet) ------------------------------------------


def _agent_kind(names: pd.Series) -> pd.Series:
    """``uct300`` -> ``uct``: the agent kind without its playout count."""
    return names.str.rstrip("0123456789")


def _balance_verdict(rows: pd.DataFrame) -> tuple[Verdict, str]:
    """Pooled White win rate of same-agent games: balanced, unbalanced or undecided.

    Confirmed when the pooled 95% interval lies inside :data:`BALANCE_OK`; refuted when it
    lies outside :data:`BALANCE_BAND`; otherwise (too few games, or in between) undecided.
    """
    games, wins = int(rows["games"].sum()), int(rows["white_wins"].sum())
    low, high = wilson_interval(wins, games)
    pooled = f"pooled White {wins}/{games} [{low:.2f}, {high:.2f}]"
    if games == 0:
        return Verdict.UNDECIDED, pooled
    if BALANCE_OK[0] <= low and high <= BALANCE_OK[1]:
        return Verdict.CONFIRMED, pooled
    if high < BALANCE_BAND[0] or low > BALANCE_BAND[1]:
        return Verdict.REFUTED, pooled
    return Verdict.UNDECIDED, pooled


def _describe_rates(rows: pd.DataFrame) -> str:
    return "; ".join(
        f"side {r.side} {r.white_agent} vs {r.black_agent}: White {r.white_wins}/{r.games} "
        f"[{r.white_win_rate_low95:.2f}, {r.white_win_rate_high95:.2f}]"
        for r in rows.itertuples()
    )


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


_BALANCE_CLAIMS = {
    "basic": ("basic", "先手有利の相殺"),
    "12?": ("onetwo", "12?プロトコル"),
}
"""Table protocol label -> (claim id label, the article's section)."""


def first_player_advantage_offset(
    selfplay: pd.DataFrame, solutions: pd.DataFrame, protocol: str
) -> Claim:
    """先手有利の相殺 / 12?プロトコル: under ``protocol`` (``basic`` or ``12?``) White's
    first-move advantage is largely offset, judged on pooled same-agent self-play
    (:func:`_balance_verdict`); the exact small-board winners are the caveat."""
    label, section = _BALANCE_CLAIMS[protocol]
    rows = selfplay[
        (selfplay["protocol"] == protocol)
        & (_agent_kind(selfplay["white_agent"]) == _agent_kind(selfplay["black_agent"]))
    ]
    verdict, pooled = _balance_verdict(rows)
    exact = solutions[solutions["protocol"] == protocol]
    if verdict is Verdict.CONFIRMED and exact["solved"].any():
        verdict = Verdict.CONFIRMED_WITH_CAVEAT
    return Claim(
        claim_id=f"{GAME}.{label}_first_player_advantage_offset",
        game=GAME,
        source=f"{SOURCE}, {section}",
        statement=f"Under the {protocol} protocol the first player's (White's) advantage "
        "is largely offset.",
        formal="Same-agent self-play (UCT vs UCT, GRAVE vs GRAVE), pooled: White's "
        f"win rate 95% interval inside {list(BALANCE_OK)} confirms, entirely outside "
        f"{list(BALANCE_BAND)} refutes, else undecided; the exact small-board results "
        "are the caveat.",
        verdict=verdict,
        evidence=f"{pooled}; {_describe_rates(rows) or 'no games'}. Exact: "
        f"{_describe_solutions(exact) or 'none'} (small boards are won by one side "
        "with perfect play).",
        table=TABLES + "selfplay.parquet",
    )


# --- eyes (eyes.parquet) ---------------------------------------------------------------------


def several_eyes_force_a_fill(eyes: pd.DataFrame) -> Claim:
    """ボードを埋めるゲーム: with two or more eyes the opponent is forced to fill one, in
    every constructed case under both protocols."""
    several = eyes[eyes["eyes"] >= 2]
    holds = bool(several["prediction_holds"].all()) and len(several) > 0
    return Claim(
        claim_id=f"{GAME}.several_eyes_force_a_fill",
        game=GAME,
        source=f"{SOURCE}, ボードを埋めるゲーム",
        statement="A player who keeps two or more empty cells surrounded by their own stones "
        "forces the opponent to fill at least one (making a size-1 opponent group).",
        formal="Exhaustive search on constructed positions: owner never fills its own eyes "
        "while other cells are empty, opponent minimises eye fills; with >= 2 eyes the "
        "opponent fills >= 1 (both protocols).",
        verdict=Verdict.CONFIRMED if holds else Verdict.REFUTED,
        evidence=f"{len(several)} (position, owner) cases with >= 2 eyes, sides "
        f"{sorted(set(several['side']))}, both protocols: prediction held in "
        f"{int(several['prediction_holds'].sum())}.",
        table=TABLES + "eyes.parquet",
    )


def single_eye_parity(eyes: pd.DataFrame) -> Claim:
    """先手有利の相殺: under the basic protocol a single eye forces the opponent in exactly
    when its owner is Black (White places the last stone); 12? cases are reported only."""
    single = eyes[(eyes["eyes"] == 1) & (eyes["protocol"] == "basic")]
    owners = set(single["owner"])
    holds = bool(single["prediction_holds"].all()) and owners == {"white", "black"}
    forced_by_black = single[single["owner"] == "black"]["opponent_forced_fills"].min()
    forced_by_white = single[single["owner"] == "white"]["opponent_forced_fills"].max()
    onetwo_single = eyes[(eyes["eyes"] == 1) & (eyes["protocol"] == "12?")]
    onetwo_forced = int((onetwo_single["opponent_forced_fills"] >= 1).sum())
    return Claim(
        claim_id=f"{GAME}.single_eye_parity",
        game=GAME,
        source=f"{SOURCE}, 先手有利の相殺",
        statement="Under the basic protocol one eye of the second player (Black) forces "
        "White to fill it, because White places the last stone; White needs two eyes.",
        formal="Basic protocol, constructed positions with exactly one eye: the opponent is "
        "forced to fill it iff the owner is Black.",
        verdict=Verdict.CONFIRMED if holds else Verdict.REFUTED,
        evidence=f"{len(single)} cases; Black-owned single eyes: White fills at least "
        f"{forced_by_black}; White-owned: Black fills at most {forced_by_white}. Under 12? "
        f"the single eye is forced in {onetwo_forced}"
        f" of {len(onetwo_single)} cases (the count game decides).",
        table=TABLES + "eyes.parquet",
    )


# --- the centre restriction (mirror.parquet) -------------------------------------------------


def centre_restriction_blocks_mirroring(mirror: pd.DataFrame) -> Claim:
    """懸念点 (配置システム): the centre restriction exists because a centre opening plus
    point-reflected answers would win for White; confirmed when every mirror final board
    is a White win."""
    exhaustive_mirror = mirror[mirror["method"] == "exhaustive"]
    all_white = bool((mirror["white_wins"] == mirror["boards"]).all()) and len(mirror) > 0
    return Claim(
        claim_id=f"{GAME}.centre_restriction_blocks_mirroring",
        game=GAME,
        source=f"{SOURCE}, 懸念点 (配置システム)",
        statement="The basic protocol forbids White's first stone on the centre to prevent "
        "a mirror strategy; 12? needs no such rule.",
        formal="Every final board of 'White opens on the centre and answers each black stone "
        "with a white one on the point-reflected cell' is a White win (so without the rule "
        "White would win the basic game); under 12? Black breaks the mirror by placing a "
        "stone and its reflection in one turn.",
        verdict=Verdict.CONFIRMED if all_white else Verdict.REFUTED,
        evidence="; ".join(
            f"side {r.side} ({r.method}): White wins {r.white_wins}/{r.boards}"
            for r in mirror.itertuples()
        )
        + f". Exhaustive sides: {sorted(exhaustive_mirror['side'])}. Why: the centre joins "
        "the white pieces around it into one group while Black keeps the mirrored pieces "
        "apart, so Black has more groups at the smallest differing size.",
        table=TABLES + "mirror.parquet",
    )


# --- the agents (selfplay.parquet) -----------------------------------------------------------


def grave_strong(selfplay: pd.DataFrame) -> Claim:
    """ゲームデータ: MC-GRAVE is the strong AI; confirmed (with a caveat) when GRAVE's score
    against UCT at equal budget, over both colours, has a 95% interval above 0.5."""
    white_kind, black_kind = (
        _agent_kind(selfplay["white_agent"]),
        _agent_kind(selfplay["black_agent"]),
    )
    grave_white = selfplay[(white_kind == "grave") & (black_kind == "uct")]
    grave_black = selfplay[(white_kind == "uct") & (black_kind == "grave")]
    games = int(grave_white["games"].sum() + grave_black["games"].sum())
    grave_wins = int(
        grave_white["white_wins"].sum() + (grave_black["games"] - grave_black["white_wins"]).sum()
    )
    low, high = wilson_interval(grave_wins, games)
    verdict = (
        Verdict.CONFIRMED if low > 0.5 else Verdict.REFUTED if high < 0.5 else Verdict.UNDECIDED
    )
    if verdict is Verdict.CONFIRMED:
        verdict = Verdict.CONFIRMED_WITH_CAVEAT
    return Claim(
        claim_id=f"{GAME}.grave_strong",
        game=GAME,
        source=f"{SOURCE}, ゲームデータ",
        statement="MC-GRAVE plays this game strongly (the article calls it the strong AI).",
        formal="GRAVE against UCT with the same playout budget, both colours, all self-play "
        "sides and protocols: 95% interval of GRAVE's score above 0.5 (caveat: one small "
        "budget, UCT only as opponent).",
        verdict=verdict,
        evidence=f"GRAVE won {grave_wins}/{games} games [{low:.2f}, {high:.2f}].",
        table=TABLES + "selfplay.parquet",
    )
