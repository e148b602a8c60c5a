"""Audit of the chopsticks article (and two statements of English Wikipedia) against the
solved tables: the start-outcome claims, judged at the article's rule sets and the rule
sets it leaves open, and :data:`BUILDERS`, every claim's builder in the order of
:data:`CLAIM_IDS`.

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

Every claim is built from its citation in :data:`~asobi.chopsticks.citations.CITATIONS`
(source, a short verbatim passage that locates it, its conditions in our words), re-exported
here with :data:`CLAIM_IDS`. One builder per claim (:data:`BUILDERS`; the printed lines and
the side remarks are one builder each, returning a claim per entry of
``article_lines.yaml``), each reading the tables through
:class:`~asobi.core.claims.ResultTables`. ``CITATIONS``, ``CLAIM_IDS``, ``GAME`` and
``POSITIONS_TABLE`` are re-exported for :func:`asobi.core.sources.declared_citations`, the
pipeline and the tests. The rooms: :mod:`~asobi.chopsticks.citations` (ids,
sources, passages), :mod:`~asobi.chopsticks.verdicts` (the tables read, the decisions),
:mod:`~asobi.chopsticks.rechecks` (the recheck queries), this module (the start outcomes),
:mod:`~asobi.chopsticks.line_claims` (the printed lines, side remarks, case analyses and the
endless-game argument), :mod:`~asobi.chopsticks.public_claims` (Wikipedia).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace

import pandas as pd

from asobi.chopsticks.chopsticks import ARTICLE_SWITCHES, Rules
from asobi.chopsticks.citations import CITATIONS as CITATIONS  # re-exported
from asobi.chopsticks.citations import CLAIM_IDS as CLAIM_IDS  # re-exported
from asobi.chopsticks.citations import GAME as GAME  # re-exported (the pipeline)
from asobi.chopsticks.citations import (
    NO_SPLIT,
    PROOFS,
    SECOND_FAVOURED,
    SPLIT_FUSION_REACTION,
    SPLIT_REVIVE_SWAP,
    SPLIT_REVIVE_SWAP_FIRST,
    OutcomeClaim,
    cited,
)
from asobi.chopsticks.line_claims import (
    endless_game_argument_positions,
    printed_lines,
    proof_builder,
    side_remarks,
)
from asobi.chopsticks.public_claims import public_cutoff_first_wins, public_rollover_endless
from asobi.chopsticks.rechecks import sql_literals, start_plies
from asobi.chopsticks.rule_sets import two_hand_rule_sets
from asobi.chopsticks.verdicts import POSITIONS_TABLE as POSITIONS_TABLE  # re-exported
from asobi.chopsticks.verdicts import (
    VARIANTS_TABLE,
    decide_exists,
    decide_start,
    describe_start,
    start_rows,
)
from asobi.core.claims import Claim, ResultTables, Verdict
from asobi.core.recheck import Recheck

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
        text += "; fails in: " + ", ".join(describe_start(r) for r in bad)
    return text


def open_rule_sets_sql(stated: Mapping[str, bool]) -> str:
    """The SQL condition on ``variants.parquet`` selecting :func:`open_rule_sets`."""
    pairs = ", ".join(f"({dies_at}, '{overflow}')" for dies_at, overflow in OPEN_THRESHOLDS)
    switches = " AND ".join(name if on else f"NOT {name}" for name, on in stated.items())
    return (
        "hands_first = 2 AND hands_second = 2 AND NOT from_one\n"
        f"  AND (dies_at, overflow) IN ({pairs})\n  AND {switches}"
    )


def outcome_claim(claim: OutcomeClaim, tables: ResultTables) -> Claim:
    """One start-outcome claim, judged at the section's own rule set; the rule sets the
    article leaves open in the caveat and evidence; the rule sets it sets aside, the
    from_one reading and dies_at 4 and 7 as evidence only."""
    starts = start_rows(tables.read(VARIANTS_TABLE))
    own = article_rules(claim.stated)
    row = starts.get(own.variant_id)
    verdict = decide_start(None if row is None else row.start_outcome, claim.holds)
    open_rules = open_rule_sets(claim.stated)
    open_rows = _rows(starts, open_rules)
    open_holding = sum(r.start_outcome in claim.holds for r in open_rows)
    parts = [
        "the article's rule set: "
        + (f"{own.variant_id}=not solved in this run" if row is None else describe_start(row)),
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
            note = f"the from_one reading (not the article's) gives {describe_start(reading)}"
    parts.append(
        _tally(
            "neighbouring dies_at 4/7 (evidence only)",
            _rows(starts, _neighbours(claim.stated)),
            claim.holds,
        )
    )
    named = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in claim.stated.items())
    holding_sql = sql_literals(sorted(claim.holds))
    recheck = Recheck(
        f"SELECT first(start_outcome) FILTER (WHERE variant_id = '{own.variant_id}') AS "
        "start_outcome,\n"
        f"  first(start_plies) FILTER (WHERE variant_id = '{own.variant_id}') AS start_plies,\n"
        "  count(*) AS open_rule_sets,\n"
        f"  count(*) FILTER (WHERE start_outcome IN ({holding_sql})) AS open_holding\n"
        f"FROM '{VARIANTS_TABLE}'\nWHERE {open_rule_sets_sql(claim.stated)}",
        {
            "start_outcome": None if row is None else row.start_outcome,
            "start_plies": None if row is None else start_plies(row),
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
    starts = start_rows(tables.read(VARIANTS_TABLE))
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
        + (": " + ", ".join(describe_start(r) for r in base) if base else "")
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
    *(proof_builder(*proof[:3]) for proof in PROOFS),
    endless_game_argument_positions,
    public_cutoff_first_wins,
    public_rollover_endless,
]
