"""The article's claims about Contraposition, each checked against the result tables or
the rules engine.

Source: "Contraposition : 最大グループゲームの「対偶」" (note.com, Abstract Game Advent
Calendar 2023; shared/articles/contraposition.txt). Every claim is built from its citation in
:data:`~asobi.contraposition.citations.CITATIONS` (keys = :data:`CLAIM_IDS`, re-exported
here): the section, a short verbatim passage and the conditions the article attaches. One
builder per claim (:data:`BUILDERS`; those the rules engine decides alone are in
:mod:`asobi.contraposition.rule_claims`); each reads the tables it needs through
:class:`~asobi.core.claims.ResultTables` and returns one :class:`~asobi.core.claims.Claim`
whose verdict comes from a small decision function over computed facts
(:func:`decide_no_counterexample`, :func:`decide_single_eye`, :func:`decide_stronger`, and
for the balance claims and ``grave_strong`` the strength-ladder decisions of
:mod:`asobi.contraposition.balance`).

Where the article gives no measure ("大幅に緩和", "強い"), the verdict rests only on what its
words commit to: a direction (White is not the favoured side) or an order (GRAVE beats the
other agent); the sizes go into the evidence, the level of play into the caveat.
"""

from __future__ import annotations

import re

import pandas as pd

from asobi.contraposition.balance import (
    EVEN,
    Rung,
    describe_balance_rungs,
    describe_rating_rungs,
    disagreeing,
    offset_on_ladder,
    pooled,
    stronger_on_ratings,
    trend_text,
)
from asobi.contraposition.board import cell_count, centre
from asobi.contraposition.citations import CITATIONS, CLAIM_IDS, GAME, SOURCE, cited
from asobi.contraposition.contraposition import Rules
from asobi.contraposition.last_stone import mirror_breaking_turn
from asobi.contraposition.rule_claims import (
    RULES_SIDES,
    basic_white_places_last,
    decide_no_counterexample,
    onetwo_last_placer_count_game,
    onetwo_single_stone_matters,
    sides_text,
    stones_per_colour,
)
from asobi.contraposition.stats import wilson_interval
from asobi.core.claims import Claim, ResultTables, Verdict

__all__ = ["BUILDERS", "CITATIONS", "CLAIM_IDS", "GAME", "SOURCE"]

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
ODD_CELLS_SIDES = range(1, 101)
"""Board sides on which the cell count 3s(s-1)+1 is checked to be odd (no tie possible)."""

# --- decisions ------------------------------------------------------------------------------


def decide_single_eye(
    forced_by_black: int | None, forced_by_white: int | None, forced_by_two_white: int | None
) -> Verdict:
    """A single Black eye must force White in (at least one fill in every case), a single
    White eye must not force Black (no fill in any case), and two White eyes must force Black
    (at least one fill in every case: "White needs two eyes"); undecided when the eyes table
    has no single-eye case of one owner (``None``). The two-eye cases are judged when present."""
    if forced_by_black is not None and forced_by_black < 1:
        return Verdict.REFUTED
    if forced_by_white is not None and forced_by_white > 0:
        return Verdict.REFUTED
    if forced_by_two_white is not None and forced_by_two_white < 1:
        return Verdict.REFUTED
    if forced_by_black is None or forced_by_white is None:
        return Verdict.UNDECIDED
    return Verdict.CONFIRMED


def decide_stronger(wins: int, games: int) -> Verdict:
    """An agent is the stronger one when the 95% interval of its score lies above
    :data:`EVEN`, the weaker one when below, undecided otherwise (or without games)."""
    low, high = wilson_interval(wins, games)
    if games and low > EVEN:
        return Verdict.CONFIRMED
    if games and high < EVEN:
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
    return cited(
        "winning_rule_statements_agree",
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
    return cited(
        "ludii_score_agrees",
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
    return cited(
        "no_draws",
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
    return cited(
        "several_eyes_force_a_fill",
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
    when its owner is Black (White places the last stone), and two White eyes force Black;
    the 12? cases are reported, not judged."""
    eyes = tables.read(EYES_TABLE)
    basic = eyes[eyes["protocol"] == "basic"]
    single = basic[basic["eyes"] == 1]
    by_black = single[single["owner"] == "black"]["opponent_forced_fills"]
    by_white = single[single["owner"] == "white"]["opponent_forced_fills"]
    forced_by_black = int(by_black.min()) if len(by_black) else None
    forced_by_white = int(by_white.max()) if len(by_white) else None
    white_two = basic[(basic["eyes"] == 2) & (basic["owner"] == "white")]
    white_two_forced = int((white_two["opponent_forced_fills"] >= 1).sum())
    forced_by_two = int(white_two["opponent_forced_fills"].min()) if len(white_two) else None
    verdict = decide_single_eye(forced_by_black, forced_by_white, forced_by_two)
    onetwo_single = eyes[(eyes["eyes"] == 1) & (eyes["protocol"] == "12?")]
    onetwo_forced = int((onetwo_single["opponent_forced_fills"] >= 1).sum())
    return cited(
        "single_eye_parity",
        statement="Under the basic protocol one eye of the second player (Black) forces "
        "White to fill it, because White places the last stone; White needs two eyes.",
        formal="Basic protocol, constructed positions: with exactly one eye the opponent is "
        "forced to fill it iff the owner is Black; with two White eyes Black is forced to fill "
        "one.",
        verdict=verdict,
        caveat=(
            f"checked on {len(single)} constructed positions of sides "
            f"{sorted(set(single['side']))}, no proof"
            if verdict is Verdict.CONFIRMED
            else None
        ),
        evidence=f"{len(single)} cases; {len(by_black)} Black-owned single eyes: White fills "
        f"at least {forced_by_black}; {len(by_white)} White-owned: Black fills at most "
        f"{forced_by_white}. Two White eyes force Black in {white_two_forced} of "
        f"{len(white_two)} cases; under 12? (not judged) the single eye is forced in "
        f"{onetwo_forced} of {len(onetwo_single)} cases",
        tables=(EYES_TABLE,),
    )


# --- the centre restriction (mirror.parquet, solutions.parquet, the rules engine) -----------


def centre_restriction_blocks_mirroring(tables: ResultTables) -> Claim:
    """懸念点 (配置システム): the basic protocol's centre restriction is there against the
    mirror strategy: every final board of a centre opening plus point-reflected answers is a
    White win, so without the rule White would win the basic game by mirroring."""
    mirror = tables.read(MIRROR_TABLE)
    boards = int(mirror["boards"].sum())
    losses = boards - int(mirror["white_wins"].sum())
    verdict = decide_no_counterexample(boards, losses)
    exhaustive = sorted(mirror.loc[mirror["method"] == "exhaustive", "side"])
    return cited(
        "centre_restriction_blocks_mirroring",
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


def _centre_opening(solutions: pd.DataFrame) -> str:
    """What perfect play says of White's centre opening under 12? on the solved boards."""
    parts = []
    for r in solutions[(solutions["protocol"] == "12?") & solutions["solved"]].itertuples():
        middle = centre(int(r.side))
        wins = dict(zip(r.first_move_cells, r.first_move_white_wins, strict=True))
        if middle in wins:
            others = sum(bool(v) for c, v in wins.items() if c != middle)
            result = "wins" if wins[middle] else "loses"
            parts.append(
                f"side {r.side}: the centre opening {result} for White "
                f"({others} other winning opening classes)"
            )
    return "; ".join(parts)


def onetwo_needs_no_centre_rule(tables: ResultTables) -> Claim:
    """懸念点 (配置システム): under 12? no opening restriction is needed against the mirror
    strategy: on every side checked Black can answer White's centre opening with two stones
    on a pair of point-reflected cells, after which White cannot answer by reflection (under
    the basic protocol no such turn exists, which is why it needs the rule)."""
    solutions = tables.read(SOLUTIONS_TABLE)
    breaks = {side: mirror_breaking_turn(Rules(side, "onetwo")) for side in RULES_SIDES}
    basic_breaks = [side for side in RULES_SIDES if mirror_breaking_turn(Rules(side))]
    unbroken = [side for side, move in breaks.items() if move is None]
    verdict = decide_no_counterexample(len(breaks), len(unbroken))
    perfect = _centre_opening(solutions)
    return cited(
        "onetwo_needs_no_centre_rule",
        statement="The 12? protocol needs no restriction on White's first stone against "
        "mirroring: Black can break a mirror strategy by itself.",
        formal=f"On {sides_text(RULES_SIDES)}, after White's first stone on the centre, "
        "the rules engine lists a legal 12? Black turn that takes both cells of a "
        "point-reflected pair (White can never again answer by reflection); under the "
        "basic protocol it lists none.",
        verdict=verdict,
        caveat=(
            f"the mirror strategy only; perfect play on the solved boards: {perfect}"
            if perfect
            else None
        ),
        evidence=(
            f"a breaking turn exists on every side checked (side 2: {breaks.get(2)}); "
            if not unbroken
            else f"no breaking turn on sides {unbroken}; "
        )
        + (
            f"under the basic protocol too, on sides {basic_breaks}"
            if basic_breaks
            else "under the basic protocol (one stone a turn) none"
        ),
        tables=(SOLUTIONS_TABLE,),
    )


# --- the agents (selfplay.parquet) -----------------------------------------------------------


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
    )


#: One builder per claim, in the order of CLAIM_IDS.
BUILDERS = [
    winning_rule_statements_agree,
    ludii_score_agrees,
    no_draws,
    stones_per_colour,
    basic_white_places_last,
    basic_first_player_advantage_offset,
    onetwo_first_player_advantage_offset,
    onetwo_last_placer_count_game,
    onetwo_single_stone_matters,
    several_eyes_force_a_fill,
    single_eye_parity,
    centre_restriction_blocks_mirroring,
    onetwo_needs_no_centre_rule,
    grave_strong,
]
