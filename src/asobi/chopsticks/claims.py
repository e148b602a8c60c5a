"""Audit of the chopsticks article (and two statements of English Wikipedia) against the
solved tables: the start-outcome claims, judged at each section's own rule set (the まとめ's
over the rule sets it leaves open), and :data:`BUILDERS`, every claim's builder in the order of
:data:`CLAIM_IDS`.

Article: 「子供の時に遊んだ「アレ」の欠陥」. What its rules section fixes and what it leaves
open decides how each claim is judged:

* a hand of 5 or more is out (「片手が5以上になるとその手は戦闘不能です」): it names the
  roll-over rule (exactly 5 is out, above 5 wraps) and says it assumes the former, so at
  ``dies_at`` 5 only cut-off is its rule;
* its option 「6で戦闘不能」: out at 6 or more, *or* at exactly 6;
* only a hand of 2 or more splits (「片手が2以上の場合」); fusion is done during a split
  (「分身時に」), so the ``from_one`` reading ((1,1) -> (0,2)) speaks against its words;
* the options are chosen on or off (「あり、なしを選べます」): a section that names its rule
  set (「分身あり・融合あり・再行動あり」) leaves the options it does not name off, 「6で戦闘不能」
  included (its own lines put a hand out at 5); only the まとめ (「ルールによっては」) leaves
  them open.

A section's claim is judged at its own rule set (reading ``section_rules``; a fusion claim
also under the ``from_one`` reading of 融合, reading ``fusion_from_one``). The option
「6で戦闘不能」 (in the caveat where it disagrees), the options the section does not name,
roll-over at ``dies_at`` 5 and ``dies_at`` 4 and 7 are evidence only. The まとめ's claim is
judged over the rule sets it leaves open (:func:`open_rule_sets`). A reading is
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
    OPTION_NAMES,
    PROOFS,
    SEALING_REACTION,
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
from asobi.chopsticks.rechecks import starts_recheck
from asobi.chopsticks.rule_sets import two_hand_rule_sets
from asobi.chopsticks.verdicts import POSITIONS_TABLE as POSITIONS_TABLE  # re-exported
from asobi.chopsticks.verdicts import (
    VARIANTS_TABLE,
    decide_exists,
    decide_start,
    describe_start,
    start_rows,
)
from asobi.core.claims import Claim, Reading, ResultTables, Verdict, headline_verdict
from asobi.core.recheck import Recheck

#: The article's option 「6で戦闘不能」 (「6以上または6ぴったり」: cut-off or exactly 6), which a
#: section that does not name it leaves off: evidence only for the sections' claims.
SIX_OPTION = ((6, "cutoff"), (6, "rollover"))
#: The (dies_at, overflow) pairs the まとめ leaves open (「ルールによっては」): the base rule
#: (a hand of 5 or more is out, cut-off) and the option 「6で戦闘不能」 read either way.
OPEN_THRESHOLDS = ((5, "cutoff"), *SIX_OPTION)
#: The roll-over rule at dies_at 5, which the article names and sets aside: evidence only.
SET_ASIDE_THRESHOLDS = ((5, "rollover"),)
#: Neighbouring dies_at values, listed as evidence only.
NEIGHBOUR_DIES_AT = (4, 7)
OPEN_TEXT = (
    "dies_at 5 cut-off, or 「6で戦闘不能」 with cut-off or roll-over; 復活, 融合, 交換 and "
    "再行動 each on or off"
)
SECTION_TEXT = (
    "the article's base rules (a hand of 5 or more is out, cut-off, as it assumes), the "
    "options the section names as it names them, every option it does not name off "
    "(「6で戦闘不能」 included: the section's own lines put a hand out at 5)"
)


def six_option_caveat(
    verdict: Verdict, six_rows: list[pd.Series], holds: frozenset[str]
) -> str | None:
    """The computed qualification of a section's outcome claim: what the article's option
    「6で戦闘不能」, which the section does not name, gives where it disagrees with the
    verdict."""
    if verdict not in (Verdict.CONFIRMED, Verdict.REFUTED):
        return None
    wanted = verdict is Verdict.CONFIRMED
    other = [r for r in six_rows if (r.start_outcome in holds) != wanted]
    if not other:
        return None
    word = "fails" if wanted else "holds"
    return (
        f"with the article's option 「6で戦闘不能」 on, which the section does not name, it "
        f"{word}: {', '.join(describe_start(r) for r in other)}"
    )


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


def section_rules_at(
    stated: Mapping[str, bool], thresholds: Iterable[tuple[int, str]]
) -> list[Rules]:
    """A section's own rule set (the named switches, the others off) at these (dies_at,
    overflow) pairs."""
    own = article_rules(stated)
    return [replace(own, dies_at=d, overflow=o) for d, o in thresholds]


def open_rule_sets(stated: Mapping[str, bool]) -> list[Rules]:
    """The rule sets the まとめ leaves open (「ルールによっては」) with these switches fixed:
    the base rule or 「6で戦闘不能」, each other switch on or off."""
    return rule_sets_with(stated, OPEN_THRESHOLDS)


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


def _start_reading(
    reading_id: str,
    yardstick: str,
    starts: Mapping[str, pd.Series],
    rules: Rules,
    holds: frozenset[str],
) -> Reading:
    """A reading judged at one rule set's start: its outcome, plies and recheck query."""
    row = starts.get(rules.variant_id)
    return Reading(
        reading_id,
        f"{yardstick}: {rules.variant_id}",
        f"{rules.variant_id}=not solved in this run" if row is None else describe_start(row),
        decide_start(None if row is None else row.start_outcome, holds),
        starts_recheck(starts, [rules.variant_id]) if row is not None else None,
    )


def outcome_claim(claim: OutcomeClaim, tables: ResultTables) -> Claim:
    """One start-outcome claim of a section, judged at the section's own rule set (and, for
    fusion, also under the from_one reading of 融合); the article's option 「6で戦闘不能」,
    the options the section does not name, roll-over at dies_at 5 and dies_at 4 and 7 are
    evidence only (the first in the caveat when it disagrees)."""
    starts = start_rows(tables.read(VARIANTS_TABLE))
    own = article_rules(claim.stated)
    named = ", ".join(f"{OPTION_NAMES[k]} {'on' if v else 'off'}" for k, v in claim.stated.items())
    readings = [
        _start_reading(
            "section_rules",
            f"the start at the section's own rule set ({named}; {SECTION_TEXT})",
            starts,
            own,
            claim.holds,
        )
    ]
    if own.fusion:
        readings.append(
            _start_reading(
                "fusion_from_one",
                "the start at the same rule set with 融合 open to a hand of 1 too ((1,1) → "
                "(0,2)), as many players read it; the article's 「片手が2以上の場合」 and "
                "「分身時に」 speak against it",
                starts,
                replace(own, from_one=True),
                claim.holds,
            )
        )
    verdict = headline_verdict(r.verdict for r in readings)
    six = _rows(starts, section_rules_at(claim.stated, SIX_OPTION))
    unnamed = [r for r in rule_sets_with(claim.stated, [(5, "cutoff")]) if r != own]
    parts = [
        *(f"{r.reading_id}: {r.figures}" for r in readings),
        _tally(
            "the article's option 「6で戦闘不能」, not named by the section (evidence only)",
            six,
            claim.holds,
        ),
    ]
    if unnamed:
        parts.append(
            _tally(
                "the options the section does not name, turned on (evidence only)",
                _rows(starts, unnamed),
                claim.holds,
            )
        )
    parts += [
        _tally(
            "roll-over at dies_at 5, set aside by the article (evidence only)",
            _rows(starts, section_rules_at(claim.stated, SET_ASIDE_THRESHOLDS)),
            claim.holds,
        ),
        _tally(
            "neighbouring dies_at 4/7 (evidence only)",
            _rows(
                starts,
                section_rules_at(
                    claim.stated,
                    [(d, o) for d in NEIGHBOUR_DIES_AT for o in ("cutoff", "rollover")],
                ),
            ),
            claim.holds,
        ),
    ]
    shown = [own.variant_id, *(r.variant_id for r in section_rules_at(claim.stated, SIX_OPTION))]
    if own.fusion:
        shown.append(replace(own, from_one=True).variant_id)
    return cited(
        claim.claim_id,
        statement=claim.statement,
        formal=(
            f"retrograde analysis, 2 hands each, start (1,1 vs 1,1): {claim.wanted} at the "
            f"section's own rule set {own.variant_id}"
            + (" and under the from_one reading of 融合" if own.fusion else "")
            + "; the option 「6で戦闘不能」 (cut-off or exactly 6), the options the section "
            "does not name, roll-over at dies_at 5 and dies_at 4 and 7 are listed, not judged"
        ),
        readings=readings,
        caveat=six_option_caveat(verdict, six, claim.holds),
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
        recheck=starts_recheck(starts, [v for v in shown if v in starts] or [own.variant_id]),
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
        f"second-player wins in {len(wins)} of {len(rows)} solved split rule sets the まとめ "
        f"leaves open with 「ルールによっては」 ({OPEN_TEXT})"
        + (f" ({len(rules) - len(rows)} not solved)" if len(rows) < len(rules) else "")
        + f"; at its base rule (dies_at 5 cut-off) {len(base)} of {len(base_rows)}"
        + (": " + ", ".join(describe_start(r) for r in base) if base else "")
        + "; with 「6で戦闘不能」: "
        + (", ".join(r.variant_id for r in wins if not r.variant_id.startswith("dies5")) or "none")
        + "; roll-over at dies_at 5 (set aside, evidence only): "
        f"{sum(r.start_outcome == 'second' for r in aside)} of {len(aside)}"
    )
    return cited(
        SECOND_FAVOURED,
        statement="With splitting on, some choices of the article's other options let the "
        "player who moves second force a win.",
        formal=(
            f"among the {len(rules)} split rule sets the まとめ leaves open ({OPEN_TEXT}), "
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


def sealing_reaction_removes_first_win(tables: ResultTables) -> Claim:
    """「よって、再行動は封印した方が良い」: with 再行動 sealed (分身 and 融合 kept), judged two
    ways: the first player's forced win is gone (what the proof shows re-action gives), and
    (ours: 良い has no measure) neither player has a forced win any more."""
    starts = start_rows(tables.read(VARIANTS_TABLE))
    with_reaction = article_rules(SPLIT_FUSION_REACTION.stated)
    sealed = replace(with_reaction, reaction=False)
    row = starts.get(sealed.variant_id)
    outcome = None if row is None else row.start_outcome
    shown = "not solved in this run" if row is None else describe_start(row)
    figures = f"{sealed.variant_id}: {shown}" if row is None else shown
    check = starts_recheck(starts, [sealed.variant_id]) if row is not None else None
    readings = [
        Reading(
            "first_win_gone",
            "the first player's forced win, which the section proves re-action gives, is gone: "
            f"the start at {sealed.variant_id} is not a first-player win",
            figures,
            decide_start(outcome, {"second", "draw"}),
            check,
        ),
        Reading(
            "no_forced_win",
            "(ours: the article gives no measure of 良い) sealing re-action leaves neither "
            f"player a forced win: the start at {sealed.variant_id} is a draw",
            figures,
            decide_start(outcome, {"draw"}),
            check,
        ),
    ]

    def listed(rules: Iterable[Rules]) -> str:
        return ", ".join(
            describe_start(starts[r.variant_id])
            if r.variant_id in starts
            else f"{r.variant_id}=not solved in this run"
            for r in rules
        )

    parts = [
        f"re-action sealed: {figures}",
        f"with re-action (the section's rule set): {listed([with_reaction])}",
        f"sealed, the from_one reading of 融合 (evidence only): "
        f"{listed([replace(sealed, from_one=True)])}",
        "sealed with 「6で戦闘不能」, not named by the section (evidence only): "
        + listed(section_rules_at({"split": True, "fusion": True}, SIX_OPTION)),
    ]
    return cited(
        SEALING_REACTION,
        statement="Sealing re-action under the section's rule set (splitting and fusion kept) "
        "makes the game better: the first player's forced win goes away.",
        formal=(
            f"{sealed.variant_id}: start_outcome != 'first' (first_win_gone); start_outcome "
            "== 'draw' (no_forced_win, ours)"
        ),
        readings=readings,
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
        recheck=starts_recheck(
            starts, [v for v in (sealed.variant_id, with_reaction.variant_id) if v in starts]
        )
        if row is not None
        else None,
    )


#: One builder per claim (the printed lines and the remarks: one claim per entry), in the
#: order of CLAIM_IDS.
BUILDERS = [
    split_fusion_reaction_first_wins,
    no_split_second_wins,
    split_revive_swap_second_never_loses,
    split_revive_swap_first_can_prolong,
    split_some_rules_favour_second,
    sealing_reaction_removes_first_win,
    printed_lines,
    side_remarks,
    *(proof_builder(*proof[:3]) for proof in PROOFS),
    endless_game_argument_positions,
    public_cutoff_first_wins,
    public_rollover_endless,
]
