"""Audit of the chopsticks article (and two statements of English Wikipedia) against the
solved tables.

Article: 「子供の時に遊んだ「アレ」の欠陥」. What its rules section fixes and what it leaves
open decides how each claim is judged:

* a hand of 5 or more is out (「片手が5以上になるとその手は戦闘不能です」): it names the
  roll-over rule (exactly 5 is out, above 5 wraps) and says it assumes the former, so at
  ``dies_at`` 5 only cut-off is its rule;
* its option 「6で戦闘不能」: out at 6 or more, *or* at exactly 6, so at ``dies_at`` 6 it
  leaves both overflows open;
* only a hand of 2 or more splits (「片手が2以上の場合」); fusion is done during a split
  (「分身時に」), so the ``from_one`` reading ((1,1) -> (0,2)) is not the article's;
* each section names the options it uses; the others, and 「6で戦闘不能」, it does not settle.

A claim is judged at its section's own rule set: ``dies_at`` 5, cut-off, the named options
on, the others off. The rule sets the article leaves open (:func:`open_rule_sets`:
``dies_at`` 5 cut-off, ``dies_at`` 6 cut-off or roll-over, each unnamed switch on or off) do
not change the verdict: the caveat says in how many of them the claim fails (or, for a
refuted claim, holds), and the evidence lists them. Roll-over at ``dies_at`` 5 (set aside by
the article), the ``from_one`` reading and ``dies_at`` 4 and 7 are evidence only. A claim is
``undecided`` when its rule set was not solved in the run (the config chooses the rule sets).

Every claim is built from its citation in :data:`CITATIONS` (source, a short verbatim
passage that locates it, its conditions in our words). One builder per claim
(:data:`BUILDERS`; the printed lines and the side remarks are one builder each, returning a
claim per entry of ``article_lines.yaml``), each reading the tables through
:class:`~asobi.core.claims.ResultTables`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from asobi.chopsticks.chopsticks import ARTICLE_SWITCHES, Position, Rules
from asobi.chopsticks.lines import (
    SIDES,
    Outcomes,
    alternatives,
    argument_positions,
    check_argument,
    check_line,
    check_remark,
    line_positions,
    load_argument,
    load_lines,
    load_remarks,
    outcomes_by_variant,
    proof_gaps,
    remark_positions,
    variant_ids_to_read,
)
from asobi.chopsticks.rule_sets import two_hand_rule_sets
from asobi.core.claims import (
    Claim,
    ResultTables,
    Verdict,
    readings_evidence,
    verdict_from,
    verdict_over_readings,
)
from asobi.core.recheck import Recheck
from asobi.core.sources import ARTICLES, Citation

GAME = "chopsticks"
TITLE = ARTICLES[GAME].title
VARIANTS_TABLE = "chopsticks/variants.parquet"
POSITIONS_TABLE = "chopsticks/positions.parquet"
POSITION_COLUMNS = ["variant_id", "mover", "other", "outcome", "plies"]

#: The (dies_at, overflow) pairs the article leaves open: its base rule (a hand of 5 or more
#: is out) and its option 「6で戦闘不能」 (6 or more, or exactly 6).
OPEN_THRESHOLDS = ((5, "cutoff"), (6, "cutoff"), (6, "rollover"))
#: The roll-over rule at dies_at 5, which the article names and sets aside: evidence only.
SET_ASIDE_THRESHOLDS = ((5, "rollover"),)
#: Neighbouring dies_at values, listed as evidence only.
NEIGHBOUR_DIES_AT = (4, 7)
OPEN_TEXT = (
    "dies_at 5 cut-off, or 「6で戦闘不能」 with cut-off or roll-over; each switch the "
    "section does not name on or off"
)
OPTION_NAMES = {
    "split": "分身 (split)",
    "revive": "復活 (revive)",
    "fusion": "融合 (fusion)",
    "swap": "交換 (swap)",
    "reaction": "再行動 (re-action)",
}

#: A rule set's holding: True / False, or None when it was not solved in the run.
Holding = bool | None


def article_source(section: str) -> str:
    """The ``source`` of an article claim: the article's title and the section."""
    return f"「{TITLE}」, {section}"


def rules_conditions(stated: Mapping[str, bool]) -> str:
    """The article's rules with a section's stated options, in our words."""
    base = (
        "the article's base rules (a hand of 5 or more is out, roll-over set aside; only a "
        "hand of 2 or more splits)"
    )
    if not stated.get("split", False):
        return (
            f"{base} without 分身 (attacks only); 「6で戦闘不能」 not settled; the opponent "
            "moves first"
        )
    named = ", ".join(OPTION_NAMES[k] for k, v in stated.items() if v)
    unnamed = ", ".join(OPTION_NAMES[k] for k in ARTICLE_SWITCHES if k not in stated)
    return (
        f"{base} with {named}; {unnamed} and 「6で戦闘不能」 not settled; the opponent moves first"
    )


@dataclass(frozen=True)
class OutcomeClaim:
    """A claim about the start position under some stated options."""

    claim_id: str
    section: str
    passage: str
    statement: str
    stated: Mapping[str, bool]
    holds: frozenset[str]  # start outcomes that make the claim true
    wanted: str  # the claim in words, for ``formal``

    @property
    def citation(self) -> Citation:
        return Citation(article_source(self.section), self.passage, rules_conditions(self.stated))


SPLIT_FUSION_REACTION = OutcomeClaim(
    "chopsticks.split_fusion_reaction_first_wins",
    "小学生のときにやられたクソルール",
    "以下のクソルールの場合、先攻が勝つ",
    "With splitting, fusion and re-action allowed, the player who moves first can force a win.",
    {"split": True, "fusion": True, "reaction": True},
    frozenset({"first"}),
    "start_outcome == 'first'",
)
NO_SPLIT = OutcomeClaim(
    "chopsticks.no_split_second_wins",
    "分身なしルール",
    "分身なしルールの場合、後攻が勝つ",
    "Without splitting (attacks only), the player who moves second can force a win.",
    {"split": False},
    frozenset({"second"}),
    "start_outcome == 'second'",
)
SPLIT_REVIVE_SWAP = OutcomeClaim(
    "chopsticks.split_revive_swap_second_never_loses",
    "終わらないゲーム",
    "以下のルールの場合、後攻は負けない",
    "With splitting, revival and swapping allowed, the second player can always avoid losing.",
    {"split": True, "revive": True, "swap": True},
    frozenset({"second", "draw"}),
    "start_outcome in ('second', 'draw')",
)
SPLIT_REVIVE_SWAP_FIRST = OutcomeClaim(
    "chopsticks.split_revive_swap_first_can_prolong",
    "終わらないゲーム",
    "先攻のプレイイングによってはゲームも終わらない",
    "With splitting, revival and swapping allowed, the first player can play so that the "
    "game never ends: the first player too can avoid losing.",
    {"split": True, "revive": True, "swap": True},
    frozenset({"first", "draw"}),
    "start_outcome in ('first', 'draw')",
)
OUTCOME_CLAIMS = (SPLIT_FUSION_REACTION, NO_SPLIT, SPLIT_REVIVE_SWAP, SPLIT_REVIVE_SWAP_FIRST)
SECOND_FAVOURED = "chopsticks.split_some_rules_favour_second"
#: The article's proofs whose case analysis is checked: (claim id, line id prefix, remark id,
#: passage).
PROOFS = (
    (
        "chopsticks.split_fusion_reaction_cases_complete",
        "split_fusion_reaction_line",
        "split_fusion_reaction",
        "1,2のどちらで攻撃するかで場合分けをします",
    ),
    ("chopsticks.no_split_cases_complete", "no_split_line", "no_split", "相手の先攻とします"),
)
LINE_CLAIM_IDS = tuple(f"chopsticks.line_{line['id']}" for line in load_lines())
REMARK_CLAIM_IDS = tuple(f"chopsticks.remark_{remark['id']}" for remark in load_remarks())
ARGUMENT = "chopsticks.endless_game_argument_positions"
PUBLIC_CUTOFF = "chopsticks.public_cutoff_first_wins"
PUBLIC_ROLLOVER = "chopsticks.public_rollover_endless"
CLAIM_IDS = (
    *(claim.claim_id for claim in OUTCOME_CLAIMS),
    SECOND_FAVOURED,
    *LINE_CLAIM_IDS,
    *REMARK_CLAIM_IDS,
    *(proof[0] for proof in PROOFS),
    ARGUMENT,
    PUBLIC_CUTOFF,
    PUBLIC_ROLLOVER,
)

WIKIPEDIA_PAGE = 'English Wikipedia, "Chopsticks (hand game)", section "Optimal strategy"'
#: The two statements were read in stored copies of different revisions (the stored copies
#: show only the opening of the section; its list of configurations was not in what we read).
WIKIPEDIA_CUTOFF_SOURCE = (
    f"{WIKIPEDIA_PAGE}, as stored in the mirror copy w.owiki.org/wiki/Chopsticks_(hand_game); "
    "the copy shows neither the revision id nor its date, and its retrieval date is not known"
)
WIKIPEDIA_ROLLOVER_SOURCE = (
    f"{WIKIPEDIA_PAGE}, revision oldid=1050340146 (stored copy of "
    "en.m.wikipedia.org/wiki/Chopsticks_(hand_game)?oldid=1050340146; the copy does not show "
    "the revision's date)"
)


def _line_citation(line: Mapping[str, Any]) -> Citation:
    winner = "the opponent (first player)" if line["winner"] == "opponent" else "the author"
    return Citation(
        article_source(line["section"]),
        line["passage"],
        f"{rules_conditions(line['rules'])}; the line as printed, {winner} winning",
    )


def _citations() -> dict[str, Citation]:
    found = {claim.claim_id: claim.citation for claim in OUTCOME_CLAIMS}
    found[SECOND_FAVOURED] = Citation(
        article_source("まとめ"),
        "ルールによっては後攻が有利になる",
        "with 分身 (split) on, some choice of the article's options (its base rule or "
        "「6で戦闘不能」; 復活, 融合, 交換, 再行動 each on or off) gives the second player the "
        "upper hand; only a hand of 2 or more splits",
    )
    for line in load_lines():
        found[f"chopsticks.line_{line['id']}"] = _line_citation(line)
    for remark in load_remarks():
        found[f"chopsticks.remark_{remark['id']}"] = Citation(
            article_source(remark["section"]),
            remark["passage"],
            f"{rules_conditions(remark['rules'])}; the reply the remark sets aside, at the "
            "position before it",
        )
    lines = load_lines()
    for claim_id, prefix, _, passage in PROOFS:
        line = next(x for x in lines if x["id"].startswith(prefix))
        found[claim_id] = Citation(
            article_source(line["section"].split(",")[0]),
            passage,
            f"{rules_conditions(line['rules'])}; the section's case analysis (its lines and "
            "side remarks), a reply after which the winner wins at once needing no case",
        )
    narrated = load_argument()
    found[ARGUMENT] = Citation(
        article_source(narrated["section"]),
        "以下の手順を考える",
        f"{rules_conditions(narrated['rules'])}; the author is the second player",
    )
    found[PUBLIC_CUTOFF] = Citation(
        WIKIPEDIA_CUTOFF_SOURCE,
        "Using the cut-off variant, the first player can force a win.",
        "the page's rules with its cut-off variant: a hand of 5 or more dies; a split moves "
        "points between one's hands as desired, onto a dead hand too (revival), never merely "
        "reversing the hands and never killing one's own hand; no re-action",
    )
    found[PUBLIC_ROLLOVER] = Citation(
        WIKIPEDIA_ROLLOVER_SOURCE,
        "two perfect players will play indefinitely",
        "the page's rules in that revision: roll-over is its official set, though one rule "
        "also calls a hand of 5 or more dead; splits as desired, onto a dead hand too; no "
        "suicide; reversing the hands is not forbidden",
    )
    return found


#: Every claim's citation (keys are :data:`CLAIM_IDS`); each builder builds from it.
CITATIONS: dict[str, Citation] = _citations()


def cited(claim_id: str, **fields: Any) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS`."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)


# --- decisions ------------------------------------------------------------------------------


def decide_over_readings(holds_by_reading: Mapping[str, Holding]) -> Verdict:
    """``depends`` as soon as the solved readings disagree; otherwise ``undecided`` when a
    reading was not solved; otherwise confirmed / refuted over the readings."""
    known = {name: ok for name, ok in holds_by_reading.items() if ok is not None}
    if set(known.values()) == {True, False}:
        return Verdict.DEPENDS
    if len(known) < len(holds_by_reading):
        return Verdict.UNDECIDED
    return verdict_over_readings(known)


def decide(holds: Holding) -> Verdict:
    """A claim at one rule set: undecided when that rule set was not solved."""
    return Verdict.UNDECIDED if holds is None else verdict_from(holds)


def decide_start(outcome: str | None, holds: Iterable[str]) -> Verdict:
    """A start-outcome claim at one rule set: undecided when it was not solved."""
    return decide(None if outcome is None else outcome in set(holds))


def open_options_caveat(
    verdict: Verdict, holding: int, solved: int, expected: int, note: str | None = None
) -> str | None:
    """The computed qualification of an outcome claim: in how many of the rule sets the
    article leaves open the claim's outcome holds (when that is not all or none of the ones
    the verdict agrees with), how many of them the run did not solve, and ``note``."""
    parts = []
    if verdict is Verdict.CONFIRMED and holding < solved:
        parts.append(f"fails in {solved - holding} of {solved} rule sets the article leaves open")
    if verdict is Verdict.REFUTED and holding > 0:
        parts.append(f"holds in {holding} of {solved} rule sets the article leaves open")
    if solved < expected:
        parts.append(f"{expected - solved} of the {expected} open rule sets not solved")
    if parts:
        parts.append(f"open: {OPEN_TEXT}")
    if note:
        parts.append(note)
    return "; ".join(parts) or None


def decide_exists(found: int, solved: int, expected: int) -> Verdict:
    """An existence claim over some rule sets: confirmed by one, refuted when every rule set
    was solved and none has it, undecided otherwise."""
    if found:
        return Verdict.CONFIRMED
    return Verdict.REFUTED if solved == expected else Verdict.UNDECIDED


# --- the rule sets --------------------------------------------------------------------------


def article_rules(stated: Mapping[str, bool]) -> Rules:
    """A section's own rule set: base rules (dies at 5, cut-off), unnamed switches off."""
    return Rules(**{name: stated.get(name, False) for name in ARTICLE_SWITCHES})


def rule_sets_with(
    stated: Mapping[str, bool], thresholds: Iterable[tuple[int, str]]
) -> list[Rules]:
    """Every 2-hand rule set (the article's reading of splitting) at these (dies_at,
    overflow) pairs with the stated switches and each other switch on or off."""
    pairs = set(thresholds)
    return [
        rules
        for rules in two_hand_rule_sets(sorted({d for d, _ in pairs}), from_one=False)
        if (rules.dies_at, rules.overflow) in pairs
        and all(getattr(rules, name) == value for name, value in stated.items())
    ]


def open_rule_sets(stated: Mapping[str, bool]) -> list[Rules]:
    """The rule sets the article leaves open for a section that states these options."""
    return rule_sets_with(stated, OPEN_THRESHOLDS)


def _neighbours(stated: Mapping[str, bool]) -> list[Rules]:
    pairs = [(dies_at, o) for dies_at in NEIGHBOUR_DIES_AT for o in ("cutoff", "rollover")]
    return rule_sets_with(stated, pairs)


def _starts(variants: pd.DataFrame) -> dict[str, pd.Series]:
    return {row.variant_id: row for _, row in variants.iterrows()}


def _describe(row: pd.Series) -> str:
    plies = "" if row.start_outcome == "draw" else f" in {int(row.start_plies)} plies"
    return f"{row.variant_id}={row.start_outcome}{plies}"


def _rows(starts: Mapping[str, pd.Series], rules: Iterable[Rules]) -> list[pd.Series]:
    return [starts[r.variant_id] for r in rules if r.variant_id in starts]


def _tally(label: str, rows: list[pd.Series], holds: frozenset[str]) -> str:
    """``label: holds in g/n: ids; fails in: id=outcome in k plies; ...``."""
    if not rows:
        return f"{label}: not solved in this run"
    good = [r for r in rows if r.start_outcome in holds]
    bad = [r for r in rows if r.start_outcome not in holds]
    text = f"{label}: holds in {len(good)}/{len(rows)}"
    if good:
        text += ": " + ", ".join(r.variant_id for r in good)
    if bad:
        text += "; fails in: " + ", ".join(_describe(r) for r in bad)
    return text


# --- recheck queries ------------------------------------------------------------------------


def _quoted(texts: Iterable[str]) -> str:
    """SQL string literals, comma-separated (our ids and positions hold no quote)."""
    return ", ".join(f"'{text}'" for text in texts)


def open_rule_sets_sql(stated: Mapping[str, bool]) -> str:
    """The SQL condition on ``variants.parquet`` selecting :func:`open_rule_sets`."""
    pairs = ", ".join(f"({dies_at}, '{overflow}')" for dies_at, overflow in OPEN_THRESHOLDS)
    switches = " AND ".join(name if on else f"NOT {name}" for name, on in stated.items())
    return (
        "hands_first = 2 AND hands_second = 2 AND NOT from_one\n"
        f"  AND (dies_at, overflow) IN ({pairs})\n  AND {switches}"
    )


def _plies(row: pd.Series) -> int | None:
    """A start's plies (``None`` for a draw, stored as null)."""
    return None if pd.isna(row.start_plies) else int(row.start_plies)


def starts_recheck(starts: Mapping[str, pd.Series], variant_ids: Iterable[str]) -> Recheck:
    """The start outcome and plies of these rule sets (those solved), by variant id."""
    wanted = sorted(set(variant_ids))
    where = f"= '{wanted[0]}'" if len(wanted) == 1 else f"IN ({_quoted(wanted)})"
    sql = (
        f"SELECT variant_id, start_outcome, start_plies FROM '{VARIANTS_TABLE}'\n"
        f"WHERE variant_id {where}\nORDER BY variant_id"
    )
    found = [
        {
            "variant_id": v,
            "start_outcome": starts[v].start_outcome,
            "start_plies": _plies(starts[v]),
        }
        for v in wanted
        if v in starts
    ]
    return Recheck(sql, found)


#: A stored position as :class:`Position` prints it: the mover's hands, then the other's.
POSITION_SQL = "array_to_string(mover, ',') || ' ' || array_to_string(other, ',')"


def positions_recheck(
    rules: Rules, positions: Iterable[Position], found: Outcomes | None
) -> Recheck | None:
    """The stored outcome and plies (null for a draw) of these positions at ``rules``, as
    ``found`` (the builder's reading of the positions table; ``None``: not solved) gives
    them; ``None`` when there is no position to look up."""
    wanted = sorted({str(position): position for position in positions}.items())
    if not wanted:
        return None
    sql = (
        f"SELECT {POSITION_SQL} AS position, outcome, plies\nFROM '{POSITIONS_TABLE}'\n"
        f"WHERE variant_id = '{rules.variant_id}'\n"
        f"  AND position IN ({_quoted(text for text, _ in wanted)})\n"
        "ORDER BY plies DESC NULLS LAST, position"
    )
    rows = [
        {"position": text, "outcome": found[position][0], "plies": found[position][1]}
        for text, position in wanted
        if found is not None and position in found
    ]
    rows.sort(key=lambda r: (r["plies"] is None, -(r["plies"] or 0), r["position"]))
    return Recheck(sql, rows)


# --- the results (variants.parquet) ---------------------------------------------------------


def outcome_claim(claim: OutcomeClaim, tables: ResultTables) -> Claim:
    """One start-outcome claim, judged at the section's own rule set; the rule sets the
    article leaves open in the caveat and evidence; the rule sets it sets aside, the
    from_one reading and dies_at 4 and 7 as evidence only."""
    starts = _starts(tables.read(VARIANTS_TABLE))
    own = article_rules(claim.stated)
    row = starts.get(own.variant_id)
    verdict = decide_start(None if row is None else row.start_outcome, claim.holds)
    open_rules = open_rule_sets(claim.stated)
    open_rows = _rows(starts, open_rules)
    open_holding = sum(r.start_outcome in claim.holds for r in open_rows)
    parts = [
        "the article's rule set: "
        + (f"{own.variant_id}=not solved in this run" if row is None else _describe(row)),
        _tally(f"open ({OPEN_TEXT})", open_rows, claim.holds),
        _tally(
            "roll-over at dies_at 5, set aside by the article (evidence only)",
            _rows(starts, rule_sets_with(claim.stated, SET_ASIDE_THRESHOLDS)),
            claim.holds,
        ),
    ]
    note = None
    if own.fusion:
        from_one = [replace(r, from_one=True) for r in open_rules if r.fusion]
        parts.append(
            _tally(
                "from_one reading, ruled out by 「片手が2以上」 (evidence only)",
                _rows(starts, from_one),
                claim.holds,
            )
        )
        reading = starts.get(replace(own, from_one=True).variant_id)
        if (
            row is not None
            and reading is not None
            and (reading.start_outcome in claim.holds) != (row.start_outcome in claim.holds)
        ):
            note = f"the from_one reading (not the article's) gives {_describe(reading)}"
    parts.append(
        _tally(
            "neighbouring dies_at 4/7 (evidence only)",
            _rows(starts, _neighbours(claim.stated)),
            claim.holds,
        )
    )
    named = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in claim.stated.items())
    holding_sql = _quoted(sorted(claim.holds))
    recheck = Recheck(
        f"SELECT first(start_outcome) FILTER (WHERE variant_id = '{own.variant_id}') AS "
        "start_outcome,\n"
        f"  first(start_plies) FILTER (WHERE variant_id = '{own.variant_id}') AS start_plies,\n"
        "  count(*) AS open_rule_sets,\n"
        f"  count(*) FILTER (WHERE start_outcome IN ({holding_sql})) AS open_holding\n"
        f"FROM '{VARIANTS_TABLE}'\nWHERE {open_rule_sets_sql(claim.stated)}",
        {
            "start_outcome": None if row is None else row.start_outcome,
            "start_plies": None if row is None else _plies(row),
            "open_rule_sets": len(open_rows),
            "open_holding": open_holding,
        },
    )
    return cited(
        claim.claim_id,
        statement=claim.statement,
        formal=(
            f"retrograde analysis, 2 hands each, start (1,1 vs 1,1): {claim.wanted} at the "
            f"article's rule set {own.variant_id}; the {len(open_rules)} rule sets with "
            f"{named} that the article leaves open ({OPEN_TEXT}) are the caveat; roll-over at "
            f"dies_at 5{', the from_one reading' if own.fusion else ''} and dies_at 4 and 7 are "
            "listed, not judged"
        ),
        verdict=verdict,
        caveat=open_options_caveat(verdict, open_holding, len(open_rows), len(open_rules), note),
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
        recheck=recheck,
    )


def split_fusion_reaction_first_wins(tables: ResultTables) -> Claim:
    """小学生のときにやられたクソルール: with split, fusion and re-action the first player wins."""
    return outcome_claim(SPLIT_FUSION_REACTION, tables)


def no_split_second_wins(tables: ResultTables) -> Claim:
    """分身なしルール: with attacks only, the second player wins."""
    return outcome_claim(NO_SPLIT, tables)


def split_revive_swap_second_never_loses(tables: ResultTables) -> Claim:
    """終わらないゲーム: with split, revival and swap, the second player never loses."""
    return outcome_claim(SPLIT_REVIVE_SWAP, tables)


def split_revive_swap_first_can_prolong(tables: ResultTables) -> Claim:
    """終わらないゲーム: with split, revival and swap, the first player can keep the game
    going (avoid losing)."""
    return outcome_claim(SPLIT_REVIVE_SWAP_FIRST, tables)


def split_some_rules_favour_second(tables: ResultTables) -> Claim:
    """まとめ: with splitting, some choice of the options favours the second player (a
    second-player win from the start, the strongest sense of 有利)."""
    starts = _starts(tables.read(VARIANTS_TABLE))
    rules = open_rule_sets({"split": True})
    rows = _rows(starts, rules)
    wins = [r for r in rows if r.start_outcome == "second"]
    base = [r for r in wins if r.variant_id.startswith("dies5_cutoff")]
    base_rows = [r for r in rows if r.variant_id.startswith("dies5_cutoff")]
    aside = _rows(starts, rule_sets_with({"split": True}, SET_ASIDE_THRESHOLDS))
    evidence = (
        f"second-player wins in {len(wins)} of {len(rows)} solved split rule sets the article "
        f"leaves open ({OPEN_TEXT})"
        + (f" ({len(rules) - len(rows)} not solved)" if len(rows) < len(rules) else "")
        + f"; at its base rule (dies_at 5 cut-off) {len(base)} of {len(base_rows)}"
        + (": " + ", ".join(_describe(r) for r in base) if base else "")
        + "; with 「6で戦闘不能」: "
        + (", ".join(r.variant_id for r in wins if not r.variant_id.startswith("dies5")) or "none")
        + f"; roll-over at dies_at 5 (set aside, evidence only): "
        f"{sum(r.start_outcome == 'second' for r in aside)} of {len(aside)}"
    )
    return cited(
        SECOND_FAVOURED,
        statement="With splitting on, some choices of the article's other options let the "
        "player who moves second force a win.",
        formal=(
            f"among the {len(rules)} split rule sets the article leaves open ({OPEN_TEXT}), "
            "at least one has start_outcome == 'second'"
        ),
        verdict=decide_exists(len(wins), len(rows), len(rules)),
        evidence=evidence,
        tables=(VARIANTS_TABLE,),
        recheck=Recheck(
            "SELECT count(*) AS open_rule_sets,\n"
            "  count(*) FILTER (WHERE start_outcome = 'second') AS second_wins,\n"
            "  count(*) FILTER (WHERE start_outcome = 'second' AND dies_at = 5) "
            "AS second_wins_at_base\n"
            f"FROM '{VARIANTS_TABLE}'\nWHERE {open_rule_sets_sql({'split': True})}",
            {
                "open_rule_sets": len(rows),
                "second_wins": len(wins),
                "second_wins_at_base": len(base),
            },
        ),
    )


# --- lines of play, remarks, case analyses (positions.parquet) ------------------------------


def _read_outcomes(tables: ResultTables, rules: Iterable[Rules]) -> dict[str, Outcomes]:
    """The stored positions of these rule sets and their alternatives, by variant id."""
    wanted = variant_ids_to_read(rules)
    table = tables.read_arrow(
        POSITIONS_TABLE, columns=POSITION_COLUMNS, filters=[("variant_id", "in", wanted)]
    )
    return outcomes_by_variant(table)


def _check_rule_sets(
    rules: Rules,
    outcomes: Mapping[str, Outcomes],
    check: Callable[[Rules, Outcomes], tuple[bool, str]],
) -> tuple[Holding, str]:
    """Run ``check`` at the article's rule set ``rules`` (judged) and at its alternatives
    (the from_one reading, dies_at one below and one above: evidence only): (holding,
    evidence)."""
    holding: Holding = None
    parts = []
    for other in [rules, *alternatives(rules)]:
        judged = other == rules
        label = other.variant_id + (" (the article's rules)" if judged else " (evidence only)")
        if other.variant_id not in outcomes:
            parts.append(f"{label}: not solved in this run")
            continue
        holds, why = check(other, outcomes[other.variant_id])
        shown = why if judged else "holds"  # the details once, in full
        parts.append(f"{label}: {shown if holds else 'fails: ' + why}")
        if judged:
            holding = holds
    return holding, "; ".join(parts)


def printed_lines(tables: ResultTables) -> list[Claim]:
    """Each printed line of play (one claim per line of ``article_lines.yaml``): every move
    is legal and the article's winner wins from every position shown."""
    lines = load_lines()
    outcomes = _read_outcomes(tables, [Rules(**line["rules"]) for line in lines])
    claims = []
    for line in lines:
        rules = Rules(**line["rules"])

        def check(other: Rules, found: Outcomes, line: Mapping[str, Any] = line):
            return check_line(line, found, other)

        holding, evidence = _check_rule_sets(rules, outcomes, check)
        winner = (
            "first player (the opponent)"
            if line["winner"] == "opponent"
            else "second player (the author)"
        )
        claims.append(
            cited(
                f"chopsticks.line_{line['id']}",
                statement=f"In the printed line of play, every move is legal and the {winner} wins "
                "from every position shown.",
                formal=(
                    f"{rules.variant_id}: each turn of the line (a split shown with its re-action "
                    "attack is one turn) is one legal move; at each position the positions table "
                    f"gives a win to the {line['winner']}; the from_one reading and dies_at one "
                    "below and above replayed as evidence"
                ),
                verdict=decide(holding),
                evidence=evidence,
                tables=(POSITIONS_TABLE,),
                recheck=positions_recheck(
                    rules, line_positions(line), outcomes.get(rules.variant_id)
                ),
            )
        )
    return claims


def side_remarks(tables: ResultTables) -> list[Claim]:
    """Each side remark (one claim per remark of ``article_lines.yaml``): the reply the
    remark sets aside is legal, and the winner's named answer ends the game at once."""
    remarks = load_remarks()
    outcomes = _read_outcomes(tables, [Rules(**remark["rules"]) for remark in remarks])
    claims = []
    for remark in remarks:
        rules = Rules(**remark["rules"])

        def check(other: Rules, found: Outcomes, remark: Mapping[str, Any] = remark):
            return check_remark(remark, found, other)

        holding, evidence = _check_rule_sets(rules, outcomes, check)
        loser = SIDES[1 - SIDES.index(remark["winner"])]
        claims.append(
            cited(
                f"chopsticks.remark_{remark['id']}",
                statement=f"Where the article sets a move of the {loser} aside in a remark, "
                f"that move lets the {remark['winner']} win at once with the attack it names.",
                formal=(
                    f"{rules.variant_id}, for each of the {len(remark['branches'])} remarks: the "
                    f"{loser}'s other move is legal, the {remark['winner']}'s named answer is "
                    "legal and leaves no live hand, and the positions table gives the player to "
                    "move a win in 1 ply after the other move"
                ),
                verdict=decide(holding),
                evidence=evidence,
                tables=(POSITIONS_TABLE,),
                recheck=positions_recheck(
                    rules,
                    [remark_positions(b, remark["winner"])[1] for b in remark["branches"]],
                    outcomes.get(rules.variant_id),
                ),
            )
        )
    return claims


def cases_complete(
    tables: ResultTables,
    claim_id: str,
    lines: list[Mapping[str, Any]],
    remarks: list[Mapping[str, Any]],
) -> Claim:
    """One section's case analysis covers every reply of the losing side: each reply at a
    position where the printed argument lets the loser move is printed (a line or a side
    remark), or lets the winner win at once (a case no proof needs)."""
    rules = Rules(**lines[0]["rules"])
    winner = lines[0]["winner"]
    loser = SIDES[1 - SIDES.index(winner)]
    found = _read_outcomes(tables, [rules]).get(rules.variant_id)
    gaps, examined = proof_gaps(lines, remarks, rules, winner)
    if found is None:
        holding: Holding = None
        evidence = f"{rules.variant_id}: not solved in this run"
    else:
        shown = []
        open_gaps = []
        for gap in gaps:
            outcome, plies = found.get(gap.after, ("unreachable", None))
            shown.append(f"{gap.at} {gap.move} -> {gap.after}:{outcome}{plies or ''}")
            if (outcome, plies) != ("first", 1):
                open_gaps.append(shown[-1])
        holding = not open_gaps
        evidence = (
            f"{rules.variant_id}: {examined} positions where the printed argument lets the "
            f"{loser} move; {len(gaps)} replies not printed"
            + (": " + ", ".join(shown) if shown else "")
            + f"; {len(gaps) - len(open_gaps)} of them let the {winner} win at once"
            + (f"; left open: {', '.join(open_gaps)}" if open_gaps else "")
        )
    return cited(
        claim_id,
        statement=f"The section's case analysis covers every move the {loser} can make "
        f"against the {winner}'s play, apart from moves that lose at once.",
        formal=(
            f"{rules.variant_id}: at every position of the section's lines and side remarks "
            f"where the {loser} moves, every legal move gives a printed position or one where "
            f"the positions table gives the {winner} (to move) a win in 1 ply"
        ),
        verdict=decide(holding),
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
        recheck=positions_recheck(rules, [gap.after for gap in gaps], found),
    )


def _proof_builder(claim_id: str, prefix: str, remark_id: str) -> Callable[[ResultTables], Claim]:
    def build(tables: ResultTables) -> Claim:
        lines = [line for line in load_lines() if line["id"].startswith(prefix)]
        remarks = [remark for remark in load_remarks() if remark["id"] == remark_id]
        return cases_complete(tables, claim_id, lines, remarks)

    build.__name__ = claim_id.removeprefix("chopsticks.")
    build.__doc__ = f"{claim_id}: :func:`cases_complete` on the section's lines and remarks."
    return build


def endless_game_argument_positions(tables: ResultTables) -> Claim:
    """終わらないゲーム: every situation of the argument is safe for the second player (the
    author), and the final one (4,4) is a win."""
    narrated = load_argument()
    rules = Rules(**narrated["rules"])
    outcomes = _read_outcomes(tables, [rules])

    def check(other: Rules, found: Outcomes) -> tuple[bool, str]:
        steps, failed = check_argument(narrated, found)
        return not failed, "; ".join(failed) if failed else "author to move at " + " ".join(steps)

    holding, evidence = _check_rule_sets(rules, outcomes, check)
    return cited(
        ARGUMENT,
        statement="In the argument that the second player never loses, every situation the "
        "argument reaches is safe for the second player, and the final one is a win.",
        formal=(
            f"{rules.variant_id}: each narrated position (second player to move, first player "
            "on 1,1) is reachable and has outcome first or draw for the mover; the 4,4 one "
            "has outcome first; dies_at one below and above checked as evidence"
        ),
        verdict=decide(holding),
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
        recheck=positions_recheck(
            rules, argument_positions(narrated), outcomes.get(rules.variant_id)
        ),
    )


# --- public statements (variants.parquet) ---------------------------------------------------


def _listed(starts: Mapping[str, pd.Series], variant_ids: Iterable[str]) -> str:
    """Start outcomes of some rule sets, ``not solved`` for those the run did not solve."""
    return ", ".join(
        _describe(starts[v]) if v in starts else f"{v}=not solved in this run" for v in variant_ids
    )


def public_claim(
    tables: ResultTables,
    claim_id: str,
    readings: Mapping[str, str],
    others: Mapping[str, Iterable[str]],
    holds: frozenset[str],
    **text: str,
) -> Claim:
    """A statement of English Wikipedia, judged under each reading of the page's rules
    (``readings``: name -> variant id); ``others`` (label -> variant ids) are evidence."""
    starts = _starts(tables.read(VARIANTS_TABLE))
    holding: dict[str, Holding] = {
        name: None if v not in starts else starts[v].start_outcome in holds
        for name, v in readings.items()
    }
    parts = [f"{name}: {_listed(starts, [v])}" for name, v in readings.items()]
    if len(readings) > 1:
        parts.append(readings_evidence({k: v for k, v in holding.items() if v is not None}))
    parts += [f"{label} (evidence only): {_listed(starts, ids)}" for label, ids in others.items()]
    return cited(
        claim_id,
        verdict=decide_over_readings(holding),
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
        recheck=starts_recheck(starts, readings.values()),
        **text,
    )


def public_cutoff_first_wins(tables: ResultTables) -> Claim:
    """Wikipedia: under the cut-off rule with transfers and revival, the first player wins."""
    base = "dies5_cutoff_split_revive"
    return public_claim(
        tables,
        PUBLIC_CUTOFF,
        {"the page's rules, cut-off": base},
        {
            "its variation with suicide (a 1 may give its point; our fusion)": [
                f"{base}_fusion_fromone",
                f"{base}_fusion",
            ],
            "mere reversal allowed (forbidden by the page)": [f"{base}_swap"],
            "dies_at 4 and 6": ["dies4_cutoff_split_revive", "dies6_cutoff_split_revive"],
        },
        frozenset({"first"}),
        statement="Under the cut-off rule, with transfers between one's hands and revival of "
        "dead hands by a split, the first player can force a win.",
        formal=(
            f"{base} (a hand dies at 5 or more; splits between live hands and onto a dead "
            "hand; no suicide, no mere swap, no re-action): start_outcome == 'first'; the "
            "page's list of winning configurations is not checked (not in the stored copy read)"
        ),
    )


def public_rollover_endless(tables: ResultTables) -> Claim:
    """Wikipedia: under the page's rules (roll-over), two perfect players play forever."""
    return public_claim(
        tables,
        PUBLIC_ROLLOVER,
        {
            "roll-over": "dies5_rollover_split_revive",
            "roll-over+reversal": "dies5_rollover_split_revive_swap",
            "cut-off": "dies5_cutoff_split_revive",
            "cut-off+reversal": "dies5_cutoff_split_revive_swap",
        },
        {
            "suicide, which the revision excludes": [
                "dies5_rollover_split_revive_fusion",
                "dies5_rollover_split_revive_fusion_fromone",
            ],
            "dies_at 4 and 6": ["dies4_rollover_split_revive", "dies6_rollover_split_revive"],
        },
        frozenset({"draw"}),
        statement="Under the page's rules (roll-over as its official set, splits that may "
        "revive a dead hand), two perfect players play forever.",
        formal=(
            "start_outcome == 'draw' under each reading of the revision's rules: roll-over "
            "(exactly 5 dies, above 5 wraps) or a hand of 5 or more dead (its rules say both), "
            "each with and without a mere reversal of the hands; splits as desired and onto a "
            "dead hand; no suicide, no re-action"
        ),
    )


#: One builder per claim (the printed lines and the remarks: one claim per entry), in the
#: order of CLAIM_IDS.
BUILDERS = [
    split_fusion_reaction_first_wins,
    no_split_second_wins,
    split_revive_swap_second_never_loses,
    split_revive_swap_first_can_prolong,
    split_some_rules_favour_second,
    printed_lines,
    side_remarks,
    *(_proof_builder(*proof[:3]) for proof in PROOFS),
    endless_game_argument_positions,
    public_cutoff_first_wins,
    public_rollover_endless,
]
