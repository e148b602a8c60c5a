"""The article's claims about Contraposition, each checked against the result tables.

Source: "Contraposition : 最大グループゲームの「対偶」" (note.com, Abstract Game Advent
Calendar 2023). One builder per claim (:data:`BUILDERS`); each reads the tables it needs
through :class:`~asobi.core.claims.ResultTables` and returns one
:class:`~asobi.core.claims.Claim` whose verdict comes from a small decision function over
computed facts (:func:`decide_no_counterexample`, :func:`decide_balance`,
:func:`decide_single_eye`, :func:`decide_stronger`), with the thresholds as module constants.
"""

from __future__ import annotations

import pandas as pd

from asobi.contraposition.board import cell_count
from asobi.contraposition.stats import wilson_interval
from asobi.core.claims import Claim, ResultTables, Verdict

GAME = "contraposition"
SOURCE = (
    "Contraposition : 最大グループゲームの「対偶」 (note.com, Abstract Game Advent Calendar 2023)"
)
SOLUTIONS_TABLE = "contraposition/solutions.parquet"
SELFPLAY_TABLE = "contraposition/selfplay.parquet"
AUDIT_TABLE = "contraposition/rule_audit.parquet"
EYES_TABLE = "contraposition/eyes.parquet"
MIRROR_TABLE = "contraposition/mirror.parquet"

BALANCE_BAND = (0.4, 0.6)
"""White win rates counted as "largely offset" (balanced): an interval entirely outside
refutes the balance claim."""
BALANCE_OK = (0.35, 0.65)
"""A pooled 95% interval inside this range confirms the balance claim."""
EVEN_SCORE = 0.5
"""GRAVE is the stronger agent when its score's 95% interval lies above this."""
ODD_CELLS_SIDES = range(1, 101)
"""Board sides on which the cell count 3s(s-1)+1 is checked to be odd (no tie possible)."""

CLAIM_IDS = (
    f"{GAME}.winning_rule_statements_agree",
    f"{GAME}.ludii_score_agrees",
    f"{GAME}.no_draws",
    f"{GAME}.basic_first_player_advantage_offset",
    f"{GAME}.onetwo_first_player_advantage_offset",
    f"{GAME}.several_eyes_force_a_fill",
    f"{GAME}.single_eye_parity",
    f"{GAME}.centre_restriction_blocks_mirroring",
    f"{GAME}.grave_strong",
)


# --- decisions ------------------------------------------------------------------------------


def decide_no_counterexample(cases: int, counterexamples: int) -> Verdict:
    """A universal statement checked case by case: refuted by any counterexample, confirmed
    when some cases were checked and none fails, undecided when none was checked."""
    if counterexamples:
        return Verdict.REFUTED
    return Verdict.CONFIRMED if cases else Verdict.UNDECIDED


def decide_balance(wins: int, games: int) -> Verdict:
    """Pooled White win rate of same-agent games: confirmed when its 95% interval lies
    inside :data:`BALANCE_OK`, refuted when entirely outside :data:`BALANCE_BAND`, otherwise
    (too few games, or in between) undecided."""
    if games == 0:
        return Verdict.UNDECIDED
    low, high = wilson_interval(wins, games)
    if BALANCE_OK[0] <= low and high <= BALANCE_OK[1]:
        return Verdict.CONFIRMED
    if high < BALANCE_BAND[0] or low > BALANCE_BAND[1]:
        return Verdict.REFUTED
    return Verdict.UNDECIDED


def decide_single_eye(forced_by_black: int | None, forced_by_white: int | None) -> Verdict:
    """A single Black eye must force White in (at least one fill in every case) and a single
    White eye must not force Black (no fill in any case); undecided when the eyes table has
    no case of one owner (``None``)."""
    if forced_by_black is not None and forced_by_black < 1:
        return Verdict.REFUTED
    if forced_by_white is not None and forced_by_white > 0:
        return Verdict.REFUTED
    if forced_by_black is None or forced_by_white is None:
        return Verdict.UNDECIDED
    return Verdict.CONFIRMED


def decide_stronger(wins: int, games: int) -> Verdict:
    """An agent is the stronger one when the 95% interval of its score lies above
    :data:`EVEN_SCORE`, the weaker one when below, undecided otherwise (or without games)."""
    low, high = wilson_interval(wins, games)
    if games and low > EVEN_SCORE:
        return Verdict.CONFIRMED
    if games and high < EVEN_SCORE:
        return Verdict.REFUTED
    return Verdict.UNDECIDED


def _scope_caveat(rows: pd.DataFrame, what: str) -> str | None:
    """How far a table with ``method`` and ``boards`` columns reaches when some sides were
    only sampled: ``exhaustive only on sides [..]; side 5: N random boards``."""
    sampled = rows[rows["method"] == "random_sample"]
    if sampled.empty:
        return None
    exhaustive = sorted(set(rows.loc[rows["method"] == "exhaustive", "side"]))
    return (
        f"exhaustive only on sides {exhaustive}; sides {sorted(set(sampled['side']))}: "
        f"{int(sampled['boards'].sum())} random {what}, not all; no proof for other sides"
    )


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


def winning_rule_statements_agree(tables: ResultTables) -> Claim:
    """勝利条件: the article's two statements of the winning rule name the same winner on
    every audited board."""
    audit = tables.read(AUDIT_TABLE)
    disagree = int(audit["statements_disagree"].sum())
    example = next((e for e in audit["example_disagreement"] if e), "")
    instance = f", e.g. {example}" if example else ""
    verdict = decide_no_counterexample(int(audit["boards"].sum()), disagree)
    return Claim(
        claim_id=f"{GAME}.winning_rule_statements_agree",
        game=GAME,
        source=f"{SOURCE}, 勝利条件",
        statement="The count-by-smallest-size rule and the compare-sorted-sizes rule always "
        "name the same winner.",
        formal="For each full board: winner_by_counts(board) == winner_by_sorted_sizes(board).",
        verdict=verdict,
        caveat=_scope_caveat(audit, "boards") if verdict is Verdict.CONFIRMED else None,
        evidence=f"{_audit_scope(audit)}: {disagree} disagreements{instance}",
        tables=(AUDIT_TABLE,),
    )


def ludii_score_agrees(tables: ResultTables) -> Claim:
    """ゲームデータ: Ludii's score picks the article's winner on every audited board."""
    audit = tables.read(AUDIT_TABLE)
    ludii = int(audit["ludii_disagrees"].sum())
    verdict = decide_no_counterexample(int(audit["boards"].sum()), ludii)
    return Claim(
        claim_id=f"{GAME}.ludii_score_agrees",
        game=GAME,
        source=f"{SOURCE}, ゲームデータ",
        statement="Ludii's score (smallest size where a player has more groups; higher wins) "
        "picks the same winner as the article's rule.",
        formal="For each full board: winner_by_ludii_score(board) == winner_by_counts(board).",
        verdict=verdict,
        caveat=_scope_caveat(audit, "boards") if verdict is Verdict.CONFIRMED else None,
        evidence=f"{_audit_scope(audit)}: {ludii} disagreements",
        tables=(AUDIT_TABLE,),
    )


def no_draws(tables: ResultTables) -> Claim:
    """勝利条件: no game ends in a draw: no audited board is a tie, and the cell count
    3s(s-1)+1 is odd on every side checked (a tie needs equal stone counts)."""
    audit = tables.read(AUDIT_TABLE)
    draws = int(audit["draws"].sum())
    even_sides = [s for s in ODD_CELLS_SIDES if cell_count(s) % 2 == 0]
    verdict = decide_no_counterexample(int(audit["boards"].sum()), draws + len(even_sides))
    sides = f"s = {ODD_CELLS_SIDES.start}..{ODD_CELLS_SIDES.stop - 1}"
    counted = (
        f"3s(s-1)+1 is odd for {sides}"
        if not even_sides
        else f"3s(s-1)+1 is even for s in {even_sides}"
    )
    return Claim(
        claim_id=f"{GAME}.no_draws",
        game=GAME,
        source=f"{SOURCE}, 勝利条件",
        statement="No game can end in a draw, under either protocol.",
        formal="No full board has equal group-size multisets for both colours; a tie needs "
        f"equal stone counts, and 3s(s-1)+1 cells is odd for every side {sides}.",
        verdict=verdict,
        evidence=f"{_audit_scope(audit)}: {draws} draws; {counted}",
        tables=(AUDIT_TABLE,),
    )


# --- balance (selfplay.parquet, solutions.parquet) ------------------------------------------


def _agent_kind(names: pd.Series) -> pd.Series:
    """``uct300`` -> ``uct``: the agent kind without its playout count."""
    return names.str.rstrip("0123456789")


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


def _balance_caveat(verdict: Verdict, rows: pd.DataFrame, exact: pd.DataFrame) -> str | None:
    """What a confirmed balance rests on: self-play of these agents at these sides, while
    perfect play on the exactly solved boards is won by one side."""
    if verdict is not Verdict.CONFIRMED:
        return None
    agents = sorted(set(rows["white_agent"]))
    caveat = f"self-play of {', '.join(agents)} on sides {sorted(set(rows['side']))}"
    solved = exact[exact["solved"]]
    if len(solved):
        winners = ", ".join(f"side {r.side}: {r.winner}" for r in solved.itertuples())
        caveat += f", not perfect play; with perfect play the solved boards are won ({winners})"
    return caveat


_BALANCE_CLAIMS = {
    "basic": ("basic", "先手有利の相殺"),
    "12?": ("onetwo", "12?プロトコル"),
}
"""Table protocol label -> (claim id label, the article's section)."""


def first_player_advantage_offset(tables: ResultTables, protocol: str) -> Claim:
    """先手有利の相殺 / 12?プロトコル: under ``protocol`` (``basic`` or ``12?``) White's
    first-move advantage is largely offset, judged on pooled same-agent self-play; the
    exactly solved small boards qualify it (caveat)."""
    selfplay = tables.read(SELFPLAY_TABLE)
    solutions = tables.read(SOLUTIONS_TABLE)
    label, section = _BALANCE_CLAIMS[protocol]
    rows = selfplay[
        (selfplay["protocol"] == protocol)
        & (_agent_kind(selfplay["white_agent"]) == _agent_kind(selfplay["black_agent"]))
    ]
    games, wins = int(rows["games"].sum()), int(rows["white_wins"].sum())
    low, high = wilson_interval(wins, games)
    verdict = decide_balance(wins, games)
    exact = solutions[solutions["protocol"] == protocol]
    return Claim(
        claim_id=f"{GAME}.{label}_first_player_advantage_offset",
        game=GAME,
        source=f"{SOURCE}, {section}",
        statement=f"Under the {protocol} protocol the first player's (White's) advantage "
        "is largely offset.",
        formal="Same-agent self-play (UCT vs UCT, GRAVE vs GRAVE), pooled: White's "
        f"win rate 95% interval inside {list(BALANCE_OK)} confirms, entirely outside "
        f"{list(BALANCE_BAND)} refutes, else undecided; the exactly solved small boards "
        "are listed.",
        verdict=verdict,
        caveat=_balance_caveat(verdict, rows, exact),
        evidence=f"pooled White {wins}/{games} [{low:.2f}, {high:.2f}]; "
        f"{_describe_rates(rows) or 'no same-agent games'}. Exact: "
        f"{_describe_solutions(exact) or 'none'}",
        tables=(SELFPLAY_TABLE, SOLUTIONS_TABLE),
    )


def basic_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol White's first-move advantage is offset."""
    return first_player_advantage_offset(tables, "basic")


def onetwo_first_player_advantage_offset(tables: ResultTables) -> Claim:
    """12?プロトコル: under the 12? protocol White's first-move advantage is offset."""
    return first_player_advantage_offset(tables, "12?")


# --- eyes (eyes.parquet) ---------------------------------------------------------------------


def several_eyes_force_a_fill(tables: ResultTables) -> Claim:
    """ボードを埋めるゲーム: with two or more eyes the opponent is forced to fill one, in
    every constructed case under both protocols."""
    eyes = tables.read(EYES_TABLE)
    several = eyes[eyes["eyes"] >= 2]
    held = int(several["prediction_holds"].sum())
    verdict = decide_no_counterexample(len(several), len(several) - held)
    return Claim(
        claim_id=f"{GAME}.several_eyes_force_a_fill",
        game=GAME,
        source=f"{SOURCE}, ボードを埋めるゲーム",
        statement="A player who keeps two or more empty cells surrounded by their own stones "
        "forces the opponent to fill at least one (making a size-1 opponent group).",
        formal="Exhaustive search on constructed positions: owner never fills its own eyes "
        "while other cells are empty, opponent minimises eye fills; with >= 2 eyes the "
        "opponent fills >= 1 (both protocols).",
        verdict=verdict,
        caveat=(
            f"checked on {len(several)} constructed positions of sides "
            f"{sorted(set(several['side']))}, no proof"
            if verdict is Verdict.CONFIRMED
            else None
        ),
        evidence=f"{len(several)} (position, owner) cases with >= 2 eyes, sides "
        f"{sorted(set(several['side']))}, protocols {sorted(set(several['protocol']))}: "
        f"prediction held in {held}",
        tables=(EYES_TABLE,),
    )


def single_eye_parity(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol a single eye forces the opponent in exactly
    when its owner is Black (White places the last stone); 12? cases are reported only."""
    eyes = tables.read(EYES_TABLE)
    single = eyes[(eyes["eyes"] == 1) & (eyes["protocol"] == "basic")]
    by_black = single[single["owner"] == "black"]["opponent_forced_fills"]
    by_white = single[single["owner"] == "white"]["opponent_forced_fills"]
    forced_by_black = int(by_black.min()) if len(by_black) else None
    forced_by_white = int(by_white.max()) if len(by_white) else None
    verdict = decide_single_eye(forced_by_black, forced_by_white)
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
        verdict=verdict,
        caveat=(
            f"checked on {len(single)} constructed positions of sides "
            f"{sorted(set(single['side']))}, no proof"
            if verdict is Verdict.CONFIRMED
            else None
        ),
        evidence=f"{len(single)} cases; {len(by_black)} Black-owned single eyes: White fills "
        f"at least {forced_by_black}; {len(by_white)} White-owned: Black fills at most "
        f"{forced_by_white}. Under 12? (not judged) the single eye is forced in "
        f"{onetwo_forced} of {len(onetwo_single)} cases",
        tables=(EYES_TABLE,),
    )


# --- the centre restriction (mirror.parquet) -------------------------------------------------


def centre_restriction_blocks_mirroring(tables: ResultTables) -> Claim:
    """懸念点 (配置システム): the basic protocol's centre restriction blocks a winning mirror
    strategy: every final board of a centre opening plus point-reflected answers is a White
    win. (The article adds that 12? needs no such rule; no table checks that, so it is not
    part of this claim.)"""
    mirror = tables.read(MIRROR_TABLE)
    boards = int(mirror["boards"].sum())
    losses = boards - int(mirror["white_wins"].sum())
    verdict = decide_no_counterexample(boards, losses)
    exhaustive = sorted(mirror.loc[mirror["method"] == "exhaustive", "side"])
    return Claim(
        claim_id=f"{GAME}.centre_restriction_blocks_mirroring",
        game=GAME,
        source=f"{SOURCE}, 懸念点 (配置システム)",
        statement="The basic protocol forbids White's first stone on the centre to prevent "
        "a mirror strategy (without the rule, White would win by mirroring).",
        formal="Every final board of 'White opens on the centre and answers each black stone "
        "with a white one on the point-reflected cell' is a White win (so without the rule "
        "White would win the basic game).",
        verdict=verdict,
        caveat=_scope_caveat(mirror, "mirror boards") if verdict is Verdict.CONFIRMED else None,
        evidence="; ".join(
            f"side {r.side} ({r.method}): White wins {r.white_wins}/{r.boards}"
            for r in mirror.itertuples()
        )
        + f". Exhaustive sides: {exhaustive}",
        tables=(MIRROR_TABLE,),
    )


# --- the agents (selfplay.parquet) -----------------------------------------------------------


def grave_strong(tables: ResultTables) -> Claim:
    """ゲームデータ: MC-GRAVE is the strong AI: GRAVE's score against UCT at equal budget,
    over both colours, has a 95% interval above one half."""
    selfplay = tables.read(SELFPLAY_TABLE)
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
    verdict = decide_stronger(grave_wins, games)
    played = pd.concat([grave_white, grave_black])
    agents = sorted(set(played["white_agent"]) | set(played["black_agent"]))
    return Claim(
        claim_id=f"{GAME}.grave_strong",
        game=GAME,
        source=f"{SOURCE}, ゲームデータ",
        statement="MC-GRAVE plays this game strongly (the article calls it the strong AI).",
        formal="GRAVE against UCT with the same playout budget, both colours, all self-play "
        f"sides and protocols: 95% interval of GRAVE's score above {EVEN_SCORE} confirms, "
        "below refutes, else undecided.",
        verdict=verdict,
        caveat=(
            f"against UCT only, agents {', '.join(agents)}, sides {sorted(set(played['side']))}"
            if verdict is Verdict.CONFIRMED
            else None
        ),
        evidence=f"GRAVE won {grave_wins}/{games} games [{low:.2f}, {high:.2f}]",
        tables=(SELFPLAY_TABLE,),
    )


#: One builder per claim, in the order of CLAIM_IDS.
BUILDERS = [
    winning_rule_statements_agree,
    ludii_score_agrees,
    no_draws,
    basic_first_player_advantage_offset,
    onetwo_first_player_advantage_offset,
    several_eyes_force_a_fill,
    single_eye_parity,
    centre_restriction_blocks_mirroring,
    grave_strong,
]
