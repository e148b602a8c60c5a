"""Audit of the chopsticks article (and two public statements) against the solved tables.

Article: 「子供の時に遊んだ「アレ」の欠陥」. Its three results are checked at the rule set it
states (dies at 5, cut-off, the switches it does not mention off) and its printed lines of
play move by move with the rules and position by position against ``positions.parquet``.

*Readings* decide the verdict: the article's reading of splitting (only a hand of 2 or more
splits, 「片手が2以上の場合」) and, where fusion is on, the ``from_one`` reading (a hand of 1
may give its point). A claim is ``confirmed`` when it holds under every reading, ``depends``
when under some only (:func:`~asobi.core.claims.verdict_over_readings`), ``refuted`` under
none, ``undecided`` when a reading's rule set was not solved in the run (the config chooses
the rule sets). The options the article leaves open (dies_at 5 or 6, overflow, unmentioned
switches) do not change the verdict: where they change the outcome, the caveat says in how
many of those rule sets, and the evidence lists them; dies_at one below and one above are
listed as evidence only.

One builder per claim (:data:`BUILDERS`; the printed lines are one builder returning a claim
per line of ``article_lines.yaml``), each reading the tables through
:class:`~asobi.core.claims.ResultTables`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pandas as pd

from asobi.chopsticks.chopsticks import ARTICLE_SWITCHES, Rules
from asobi.chopsticks.lines import (
    Outcomes,
    alternatives,
    check_argument,
    check_line,
    load_argument,
    load_lines,
    outcomes_by_variant,
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

GAME = "chopsticks"
ARTICLE = "子供の時に遊んだ「アレ」の欠陥"
WIKIPEDIA = 'Wikipedia, "Chopsticks (hand game)", section "Optimal strategy"'
VARIANTS_TABLE = "chopsticks/variants.parquet"
POSITIONS_TABLE = "chopsticks/positions.parquet"
POSITION_COLUMNS = ["variant_id", "mover", "other", "outcome", "plies"]

#: The readings of splitting a verdict is taken over.
ARTICLE_READING = "article"
FROM_ONE_READING = "from_one"
#: The dies_at values the article uses (5, with 6 as an option): the open options' range.
ARTICLE_DIES_AT = (5, 6)
#: Neighbouring dies_at values, listed as evidence only.
NEIGHBOUR_DIES_AT = (4, 7)

#: A reading's holding: True / False, or None when its rule set was not solved in the run.
Holding = bool | None


@dataclass(frozen=True)
class OutcomeClaim:
    """A claim about the start position under some stated options."""

    claim_id: str
    section: str
    statement: str
    stated: Mapping[str, bool]
    holds: frozenset[str]  # start outcomes that make the claim true
    wanted: str  # the claim in words, for ``formal``


SPLIT_FUSION_REACTION = OutcomeClaim(
    "chopsticks.split_fusion_reaction_first_wins",
    "小学生のときにやられたクソルール",
    "With splitting, fusion and re-action allowed, the player who moves first can force a win.",
    {"split": True, "fusion": True, "reaction": True},
    frozenset({"first"}),
    "start_outcome == 'first'",
)
NO_SPLIT = OutcomeClaim(
    "chopsticks.no_split_second_wins",
    "分身なしルール",
    "Without splitting (attacks only), the player who moves second can force a win.",
    {"split": False},
    frozenset({"second"}),
    "start_outcome == 'second'",
)
SPLIT_REVIVE_SWAP = OutcomeClaim(
    "chopsticks.split_revive_swap_second_never_loses",
    "終わらないゲーム",
    "With splitting, revival and swapping allowed, the second player can always avoid losing.",
    {"split": True, "revive": True, "swap": True},
    frozenset({"second", "draw"}),
    "start_outcome in ('second', 'draw')",
)
OUTCOME_CLAIMS = (SPLIT_FUSION_REACTION, NO_SPLIT, SPLIT_REVIVE_SWAP)
LINE_CLAIM_IDS = tuple(f"chopsticks.line_{line['id']}" for line in load_lines())
CLAIM_IDS = (
    *(claim.claim_id for claim in OUTCOME_CLAIMS),
    *LINE_CLAIM_IDS,
    "chopsticks.endless_game_argument_positions",
    "chopsticks.public_cutoff_first_wins",
    "chopsticks.public_rollover_endless",
)


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


def open_options_caveat(verdict: Verdict, holding: int, solved: int, expected: int) -> str | None:
    """The computed qualification of an outcome claim: in how many of the rule sets with the
    options the article leaves open the claim's outcome holds (when that is not all or none
    of the ones the verdict agrees with), and how many of them the run did not solve."""
    parts = []
    if verdict in (Verdict.CONFIRMED, Verdict.DEPENDS) and holding < solved:
        parts.append(f"fails in {solved - holding} of {solved} rule sets with the open options")
    if verdict is Verdict.REFUTED and holding > 0:
        parts.append(f"holds in {holding} of {solved} rule sets with the open options")
    if solved < expected:
        parts.append(f"{expected - solved} of the {expected} open-option rule sets not solved")
    if parts:
        parts.append("open: dies_at 5/6, overflow, unmentioned switches, both readings")
    return "; ".join(parts) or None


def decide_start(outcome: str | None, holds: Iterable[str]) -> Verdict:
    """A start-outcome claim at one rule set: undecided when it was not solved."""
    return Verdict.UNDECIDED if outcome is None else verdict_from(outcome in set(holds))


# --- the three results (variants.parquet) ---------------------------------------------------


def _article_setting(stated: Mapping[str, bool]) -> Rules:
    """The article's own rule set: base rules (dies at 5, cut-off), unmentioned switches off."""
    return Rules(**{name: stated.get(name, False) for name in ARTICLE_SWITCHES})


def split_readings(rules: Rules) -> dict[str, Rules]:
    """A rule set under each reading of splitting (the from_one reading only with fusion)."""
    found = {ARTICLE_READING: rules}
    if rules.fusion and not rules.from_one:
        found[FROM_ONE_READING] = replace(rules, from_one=True)
    return found


def _with_stated(stated: Mapping[str, bool], dies_at: Iterable[int]) -> list[Rules]:
    """Every 2-hand rule set (both readings) with these dies_at and the stated switches."""
    return [
        rules
        for rules in two_hand_rule_sets(dies_at, from_one=True)
        if all(getattr(rules, name) == value for name, value in stated.items())
    ]


def _starts(variants: pd.DataFrame) -> dict[str, pd.Series]:
    return {row.variant_id: row for _, row in variants.iterrows()}


def _describe(row: pd.Series) -> str:
    plies = "" if row.start_outcome == "draw" else f" in {int(row.start_plies)} plies"
    return f"{row.variant_id}={row.start_outcome}{plies}"


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


def outcome_claim(claim: OutcomeClaim, tables: ResultTables) -> Claim:
    """One start-outcome claim: the verdict over the readings of the article's rule set; the
    open options (dies_at 5/6, overflow, unmentioned switches) in the caveat and evidence."""
    starts = _starts(tables.read(VARIANTS_TABLE))
    own = _article_setting(claim.stated)
    by_reading = split_readings(own)
    holding: dict[str, Holding] = {}
    parts = []
    for reading, rules in by_reading.items():
        row = starts.get(rules.variant_id)
        holding[reading] = None if row is None else row.start_outcome in claim.holds
        found = f"{rules.variant_id}=not solved in this run" if row is None else _describe(row)
        parts.append(f"{reading} reading: {found}")
    verdict = decide_over_readings(holding)
    open_rules = _with_stated(claim.stated, ARTICLE_DIES_AT)
    open_rows = [starts[r.variant_id] for r in open_rules if r.variant_id in starts]
    open_holding = sum(row.start_outcome in claim.holds for row in open_rows)
    caveat = open_options_caveat(verdict, open_holding, len(open_rows), len(open_rules))
    neighbours = [
        starts[r.variant_id]
        for r in _with_stated(claim.stated, NEIGHBOUR_DIES_AT)
        if r.variant_id in starts
    ]
    parts.append(readings_evidence({k: v for k, v in holding.items() if v is not None}))
    parts.append(_tally("open options, dies_at 5/6", open_rows, claim.holds))
    parts.append(_tally("neighbouring dies_at 4/7 (evidence only)", neighbours, claim.holds))
    stated = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in claim.stated.items())
    return Claim(
        claim_id=claim.claim_id,
        game=GAME,
        source=f"{ARTICLE}, section 「{claim.section}」",
        statement=claim.statement,
        formal=(
            f"retrograde analysis, 2 hands each, start (1,1 vs 1,1): {claim.wanted} for the "
            f"article's rule set {own.variant_id} under each reading of splitting "
            f"({', '.join(by_reading)}); the {len(open_rules)} rule sets with {stated} and any "
            "dies_at (5, 6), overflow, unmentioned switch and reading are the caveat; dies_at 4 "
            "and 7 are listed, not judged"
        ),
        verdict=verdict,
        caveat=caveat,
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
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


# --- lines of play (positions.parquet) ------------------------------------------------------


def _read_outcomes(tables: ResultTables, rules: Iterable[Rules]) -> dict[str, Outcomes]:
    """The stored positions of these rule sets and their alternatives, by variant id."""
    wanted = variant_ids_to_read(rules)
    table = tables.read_arrow(
        POSITIONS_TABLE, columns=POSITION_COLUMNS, filters=[("variant_id", "in", wanted)]
    )
    return outcomes_by_variant(table)


def _check_readings(
    rules: Rules,
    outcomes: Mapping[str, Outcomes],
    check: Callable[[Rules, Outcomes], tuple[bool, str]],
) -> tuple[dict[str, Holding], str]:
    """Run ``check`` under each reading of ``rules`` (judged) and at dies_at one below and
    one above (evidence only): (holding by reading, the evidence)."""
    holding: dict[str, Holding] = {}
    parts = []
    readings = split_readings(rules)
    judged = {r.variant_id: name for name, r in readings.items()}
    others = list(readings.values())
    others += [other for other, is_judged in alternatives(rules) if not is_judged]
    for other in others:
        reading = judged.get(other.variant_id)
        label = other.variant_id + (f" ({reading} reading)" if reading else " (evidence only)")
        if other.variant_id not in outcomes:
            parts.append(f"{label}: not solved in this run")
            if reading:
                holding[reading] = None
            continue
        holds, why = check(other, outcomes[other.variant_id])
        shown = why if reading == ARTICLE_READING else "holds"  # the line once, in full
        parts.append(f"{label}: {shown if holds else 'fails: ' + why}")
        if reading:
            holding[reading] = holds
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

        holding, evidence = _check_readings(rules, outcomes, check)
        winner = (
            "first player (the opponent)"
            if line["winner"] == "opponent"
            else "second player (the author)"
        )
        claims.append(
            Claim(
                claim_id=f"chopsticks.line_{line['id']}",
                game=GAME,
                source=f"{ARTICLE}, section 「{line['section']}」",
                statement=f"In the printed line of play, every move is legal and the {winner} wins "
                "from every position shown.",
                formal=(
                    f"{rules.variant_id}: each turn of the line (a split shown with its re-action "
                    "attack is one turn) is one legal move; at each position the positions table "
                    f"gives a win to the {line['winner']}; judged under each reading of splitting "
                    f"({', '.join(holding)}); dies_at one below and above replayed as evidence"
                ),
                verdict=decide_over_readings(holding),
                evidence=evidence,
                tables=(POSITIONS_TABLE,),
            )
        )
    return claims


def endless_game_argument_positions(tables: ResultTables) -> Claim:
    """終わらないゲーム: every situation of the argument is safe for the second player (the
    author), and the final one (4,4) is a win."""
    narrated = load_argument()
    rules = Rules(**narrated["rules"])
    outcomes = _read_outcomes(tables, [rules])

    def check(other: Rules, found: Outcomes) -> tuple[bool, str]:
        steps, failed = check_argument(narrated, found)
        return not failed, "; ".join(failed) if failed else "author to move at " + " ".join(steps)

    holding, evidence = _check_readings(rules, outcomes, check)
    return Claim(
        claim_id="chopsticks.endless_game_argument_positions",
        game=GAME,
        source=f"{ARTICLE}, section 「{narrated['section']}」",
        statement="In the argument that the second player never loses, every situation the "
        "argument reaches is safe for the second player, and the final one is a win.",
        formal=(
            f"{rules.variant_id}: each narrated position (second player to move, first player "
            "on 1,1) is reachable and has outcome first or draw for the mover; the 4,4 one "
            "has outcome first; dies_at one below and above checked as evidence"
        ),
        verdict=decide_over_readings(holding),
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
    )


# --- public statements (variants.parquet) ---------------------------------------------------


def _listed(starts: Mapping[str, pd.Series], variant_ids: Iterable[str]) -> str:
    """Start outcomes of some rule sets, ``not solved`` for those the run did not solve."""
    return "; ".join(
        _describe(starts[v]) if v in starts else f"{v}=not solved in this run" for v in variant_ids
    )


def public_claim(
    tables: ResultTables, claim_id: str, overflow: str, holds: frozenset[str], **text: str
) -> Claim:
    """A statement of the English Wikipedia article about its common rules
    (``dies5_{overflow}_split_revive``). Its rule set has no suicide (our fusion), so the
    from_one reading is no reading of it; the neighbours with fusion and swap (and their
    from_one readings) and dies_at 4 and 6 are evidence."""
    starts = _starts(tables.read(VARIANTS_TABLE))
    base = f"dies5_{overflow}_split_revive"
    row = starts.get(base)
    extras = ("_fusion", "_fusion_fromone", "_swap", "_fusion_swap", "_fusion_swap_fromone")
    family = [base + extra for extra in extras]
    family += [f"dies{d}_{overflow}_split_revive" for d in (4, 6)]
    return Claim(
        claim_id=claim_id,
        game=GAME,
        source=WIKIPEDIA,
        verdict=decide_start(None if row is None else row.start_outcome, holds),
        evidence=(
            _listed(starts, [base])
            + "; "
            + _listed(starts, family)
            + " (neighbours with suicide = fusion, its from_one reading, swap, and dies_at 4 "
            "and 6 shown for comparison)"
        ),
        tables=(VARIANTS_TABLE,),
        **text,
    )


def public_cutoff_first_wins(tables: ResultTables) -> Claim:
    """Wikipedia: under the cut-off rule with transfers and revival, the first player wins."""
    return public_claim(
        tables,
        "chopsticks.public_cutoff_first_wins",
        "cutoff",
        frozenset({"first"}),
        statement="Under the cut-off rule, with transfers between live hands and revival of "
        "dead hands by a split, the first player can force a win.",
        formal=(
            "dies5_cutoff_split_revive (a hand dies at 5 or more; splits between live "
            "hands and onto a dead hand; no suicide, no mere swap, no re-action): "
            "start_outcome == 'first'"
        ),
    )


def public_rollover_endless(tables: ResultTables) -> Claim:
    """Wikipedia: under the roll-over rule, two perfect players play forever."""
    return public_claim(
        tables,
        "chopsticks.public_rollover_endless",
        "rollover",
        frozenset({"draw"}),
        statement="Under the roll-over rule, two perfect players play forever.",
        formal=(
            "dies5_rollover_split_revive (exactly 5 dies, above 5 wraps; splits between "
            "live hands and onto a dead hand): start_outcome == 'draw'"
        ),
    )


#: One builder per claim (the printed lines: one claim per line), in the order of CLAIM_IDS.
BUILDERS = [
    split_fusion_reaction_first_wins,
    no_split_second_wins,
    split_revive_swap_second_never_loses,
    printed_lines,
    endless_game_argument_positions,
    public_cutoff_first_wins,
    public_rollover_endless,
]
