"""Audit of the chopsticks article (and two public statements) against the solved tables.

Article: 「子供の時に遊んだ「アレ」の欠陥」. Its three results are checked under the options
it states and under every combination of the options it leaves open (dies_at, overflow and
the switches it does not mention); its printed lines of play are checked move by move with
the rules and position by position against ``positions.parquet``.

Every claim also carries its *readings*: the ``from_one`` reading of splitting (a hand of 1
may give its point, with fusion; the article's 「片手が2以上の場合」 does not allow it) is
checked like the article's own reading and its rule sets are listed where the claim holds
and where it fails; the verdict is ``confirmed_with_caveat`` when the article's setting holds
but a reading or open option breaks it. The rule sets with the neighbouring ``dies_at``
(one below and one above those checked) are listed as evidence only: the article fixes
``dies_at`` at 5 (6 as an option). A reading or neighbour the run did not solve is named as
such (the config chooses the rule sets).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq

from asobi.chopsticks.chopsticks import ARTICLE_SWITCHES, Rules
from asobi.chopsticks.lines import (
    LINES_FILE,
    alternatives,
    check_argument,
    check_line,
    load_argument,
    load_lines,
    stored_outcomes,
)
from asobi.core.claims import Claim, Verdict, verdict_from, write_claims
from asobi.core.errors import DataError

GAME = "chopsticks"
ARTICLE = "子供の時に遊んだ「アレ」の欠陥"
WIKIPEDIA = 'Wikipedia, "Chopsticks (hand game)", section "Optimal strategy"'
VARIANTS_TABLE = "results/chopsticks/variants.parquet"
POSITIONS_TABLE = "results/chopsticks/positions.parquet"


@dataclass(frozen=True)
class OutcomeClaim:
    """A claim about the start position under some stated options."""

    claim_id: str
    section: str
    statement: str
    stated: Mapping[str, bool]
    holds: frozenset[str]  # start outcomes that make the claim true
    wanted: str  # the claim in words, for ``formal``


OUTCOME_CLAIMS = (
    OutcomeClaim(
        "chopsticks.split_fusion_reaction_first_wins",
        "小学生のときにやられたクソルール",
        "With splitting, fusion and re-action allowed, the player who moves first can force a win.",
        {"split": True, "fusion": True, "reaction": True},
        frozenset({"first"}),
        "start_outcome == 'first'",
    ),
    OutcomeClaim(
        "chopsticks.no_split_second_wins",
        "分身なしルール",
        "Without splitting (attacks only), the player who moves second can force a win.",
        {"split": False},
        frozenset({"second"}),
        "start_outcome == 'second'",
    ),
    OutcomeClaim(
        "chopsticks.split_revive_swap_second_never_loses",
        "終わらないゲーム",
        "With splitting, revival and swapping allowed, the second player can always avoid losing.",
        {"split": True, "revive": True, "swap": True},
        frozenset({"second", "draw"}),
        "start_outcome in ('second', 'draw')",
    ),
)


def _article_setting(stated: Mapping[str, bool]) -> Rules:
    """The article's own reading: base rules (dies at 5, cut-off), unmentioned switches off."""
    return Rules(**{name: stated.get(name, False) for name in ARTICLE_SWITCHES})


def _two_hand(variants: pd.DataFrame) -> pd.DataFrame:
    """The 2-against-2 rule sets (a table without ``from_one`` has only the article's reading)."""
    rows = variants[(variants.hands_first == 2) & (variants.hands_second == 2)]
    if "from_one" not in rows:
        rows = rows.assign(from_one=False)
    return rows.assign(from_one=rows.from_one.fillna(False).astype(bool))


def _matching(
    variants: pd.DataFrame,
    stated: Mapping[str, bool],
    dies_at: Iterable[int] = (5, 6),
    from_one: bool | None = False,
) -> pd.DataFrame:
    """The 2-hand rule sets with these ``dies_at`` and reading (``None``: both) that have the
    stated switches."""
    rows = _two_hand(variants)
    rows = rows[rows.dies_at.isin(list(dies_at))]
    if from_one is not None:
        rows = rows[rows.from_one == from_one]
    for name, value in stated.items():
        rows = rows[rows[name] == value]
    return rows.sort_values("variant_id")


def _require(variants: pd.DataFrame, variant_id: str) -> pd.Series:
    rows = variants[variants.variant_id == variant_id]
    if rows.empty:
        raise DataError(
            f"chopsticks: variant {variant_id} is missing from the variants table "
            "(enable article_rule_sets)"
        )
    return rows.iloc[0]


def _describe(row: pd.Series) -> str:
    plies = "" if row.start_outcome == "draw" else f" in {int(row.start_plies)} plies"
    return f"{row.variant_id}={row.start_outcome}{plies}"


def _tally(label: str, rows: pd.DataFrame, holds: frozenset[str]) -> str:
    """``label: holds in g/n: ids; fails in: id=outcome in k plies; ...``."""
    if rows.empty:
        return f"{label}: not solved in this run"
    good = rows[rows.start_outcome.isin(holds)]
    bad = rows[~rows.start_outcome.isin(holds)]
    text = f"{label}: holds in {len(good)}/{len(rows)}"
    if len(good):
        text += ": " + ", ".join(good.variant_id)
    if len(bad):
        text += "; fails in: " + ", ".join(_describe(r) for r in bad.itertuples())
    return text


def outcome_claim(claim: OutcomeClaim, variants: pd.DataFrame) -> Claim:
    """Check one start-outcome claim over every combination of the unstated options.

    The verdict reads the article's rule sets (dies_at 5 and 6) under both readings; the
    rule sets with dies_at 4 and 7 are listed as evidence.
    """
    rows = _matching(variants, claim.stated)
    open_switches = (
        [n for n in ARTICLE_SWITCHES[1:] if n not in claim.stated] if claim.stated["split"] else []
    )
    expected = 4 * 2 ** len(open_switches)  # dies_at 5/6 x cut-off/roll-over x open switches
    if len(rows) != expected:
        raise DataError(
            f"chopsticks: {claim.claim_id} needs {expected} article rule sets in the "
            f"variants table, found {len(rows)} (enable article_rule_sets)"
        )
    own = _require(variants, _article_setting(claim.stated).variant_id)
    fusion_possible = claim.stated["split"] and claim.stated.get("fusion", True)
    readings = _matching(variants, claim.stated, from_one=True)
    neighbours = _matching(variants, claim.stated, (4, 7), from_one=None)
    own_holds = own.start_outcome in claim.holds
    everywhere = rows.start_outcome.isin(claim.holds).all()
    everywhere &= readings.start_outcome.isin(claim.holds).all()
    if own_holds and everywhere:
        verdict = Verdict.CONFIRMED
    elif own_holds:
        verdict = Verdict.CONFIRMED_WITH_CAVEAT
    else:
        verdict = Verdict.REFUTED
    stated = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in claim.stated.items())
    parts = [f"article setting {_describe(own)}", _tally("dies_at 5/6", rows, claim.holds)]
    if fusion_possible:
        parts.append(_tally("from_one reading, dies_at 5/6", readings, claim.holds))
    parts.append(_tally("neighbouring dies_at 4/7 (evidence only)", neighbours, claim.holds))
    reading = (
        " under the article's reading of splitting and under the from_one reading"
        if fusion_possible
        else ""
    )
    return Claim(
        claim_id=claim.claim_id,
        game=GAME,
        source=f"{ARTICLE}, section 「{claim.section}」",
        statement=claim.statement,
        formal=(
            f"retrograde analysis, 2 hands each, start (1,1 vs 1,1): {claim.wanted} for the "
            f"article setting ({own.variant_id}) and for every rule set with {stated} and any "
            f"dies_at (5, 6), overflow and unmentioned switch{reading}; dies_at 4 and 7 are "
            "listed, not judged"
        ),
        verdict=verdict,
        evidence="; ".join(parts),
        table=VARIANTS_TABLE,
    )


# --- lines of play ------------------------------------------------------------------------


def _verdict_with_readings(holds: bool, readings_hold: bool) -> Verdict:
    if not holds:
        return Verdict.REFUTED
    return Verdict.CONFIRMED if readings_hold else Verdict.CONFIRMED_WITH_CAVEAT


def _check_alternatives(
    rules: Rules,
    solved: set[str],
    check: Callable[[Rules], tuple[bool, str]],
) -> tuple[bool, str]:
    """Run ``check`` under each alternative of ``rules``: (every judged one holds, text)."""
    judged_hold, parts = True, []
    for other, judged in alternatives(rules):
        label = other.variant_id + ("" if judged else " (evidence only)")
        if other.variant_id not in solved:
            parts.append(f"{label}: not solved in this run")
            continue
        holds, why = check(other)
        parts.append(f"{label}: {'holds' if holds else 'fails: ' + why}")
        judged_hold &= holds or not judged
    return judged_hold, "; ".join(parts)


def strategy_claim(
    positions_path: str | os.PathLike[str],
    lines_path: str | os.PathLike[str],
    solved: set[str] | None = None,
) -> Claim:
    """The situations of the endless-game argument: the author never loses, and wins at 8-9."""
    narrated = load_argument(lines_path)
    rules = Rules(**narrated["rules"])
    outcomes = stored_outcomes(positions_path, [rules])
    found, wrong = check_argument(narrated, outcomes[rules.variant_id])

    def check(other: Rules) -> tuple[bool, str]:
        _, failed = check_argument(narrated, outcomes[other.variant_id])
        return not failed, "; ".join(failed)

    readings_hold, others = _check_alternatives(rules, solved or {rules.variant_id}, check)
    evidence = ("author to move at " + " ".join(found)) if not wrong else "; ".join(wrong)
    return Claim(
        claim_id="chopsticks.endless_game_argument_positions",
        game=GAME,
        source=f"{ARTICLE}, section 「{narrated['section']}」",
        statement="In the argument that the second player never loses, every situation the "
        "argument reaches is safe for the second player, and the final one is a win.",
        formal=(
            f"{rules.variant_id}: each narrated position (second player to move, first player "
            "on 1,1) is reachable and has outcome first or draw for the mover; the 4,4 one "
            "has outcome first"
        ),
        verdict=_verdict_with_readings(not wrong, readings_hold),
        evidence=f"{evidence}; {others}" if others else evidence,
        table=POSITIONS_TABLE,
    )


def line_claims(
    positions_path: str | os.PathLike[str],
    lines_path: str | os.PathLike[str],
    solved: set[str] | None = None,
) -> list[Claim]:
    """One claim per printed line of play, replayed also under its readings and neighbours.

    ``solved``: the variant ids of the run (default: only the lines' own rule sets).
    """
    claims = []
    lines = load_lines(lines_path)
    outcomes = stored_outcomes(positions_path, [Rules(**line["rules"]) for line in lines])
    for line in lines:
        rules = Rules(**line["rules"])
        holds, evidence = check_line(line, outcomes[rules.variant_id])

        def check(other: Rules, line: Mapping[str, Any] = line) -> tuple[bool, str]:
            return check_line(line, outcomes[other.variant_id], other)

        readings_hold, others = _check_alternatives(rules, solved or {rules.variant_id}, check)
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
                    f"gives a win to the {line['winner']}; replayed also under the from_one "
                    "reading (judged, when fusion is on) and dies_at one below and above "
                    "(evidence only)"
                ),
                verdict=_verdict_with_readings(holds, readings_hold),
                evidence=f"{evidence}; {others}" if others else evidence,
                table=POSITIONS_TABLE,
            )
        )
    return claims


# --- public statements --------------------------------------------------------------------


def _listed(variants: pd.DataFrame, variant_ids: Iterable[str]) -> str:
    """Start outcomes of some rule sets, ``not solved`` for those the run did not solve."""
    found = []
    for variant_id in variant_ids:
        rows = variants[variants.variant_id == variant_id]
        found.append(_describe(rows.iloc[0]) if len(rows) else f"{variant_id}=not solved")
    return "; ".join(found)


def public_claims(variants: pd.DataFrame) -> list[Claim]:
    """Two statements of the English Wikipedia article about its common rules.

    Its rule set has no suicide (our fusion), so the from_one reading is no reading of it; the
    evidence lists the neighbours with fusion and swap (and their from_one readings) and the
    same rule set with dies_at 4 and 6, for comparison.
    """
    checked = {}
    for overflow in ("cutoff", "rollover"):
        checked[overflow] = _require(variants, f"dies5_{overflow}_split_revive")

    def neighbours(overflow: str) -> str:
        base = f"dies5_{overflow}_split_revive"
        extras = ("", "_fusion", "_fusion_fromone", "_swap", "_fusion_swap", "_fusion_swap_fromone")
        family = [base + extra for extra in extras]
        family += [f"dies{d}_{overflow}_split_revive" for d in (4, 6)]
        return (
            _listed(variants, family) + " (neighbours with suicide = fusion, its from_one "
            "reading, swap, and dies_at 4 and 6 shown for comparison)"
        )

    return [
        Claim(
            claim_id="chopsticks.public_cutoff_first_wins",
            game=GAME,
            source=WIKIPEDIA,
            statement="Under the cut-off rule, with transfers between live hands and revival of "
            "dead hands by a split, the first player can force a win.",
            formal=(
                "dies5_cutoff_split_revive (a hand dies at 5 or more; splits between live "
                "hands and onto a dead hand; no suicide, no mere swap, no re-action): "
                "start_outcome == 'first'"
            ),
            verdict=verdict_from(checked["cutoff"].start_outcome == "first"),
            evidence=neighbours("cutoff"),
            table=VARIANTS_TABLE,
        ),
        Claim(
            claim_id="chopsticks.public_rollover_endless",
            game=GAME,
            source=WIKIPEDIA,
            statement="Under the roll-over rule, two perfect players play forever.",
            formal=(
                "dies5_rollover_split_revive (exactly 5 dies, above 5 wraps; splits between "
                "live hands and onto a dead hand): start_outcome == 'draw'"
            ),
            verdict=verdict_from(checked["rollover"].start_outcome == "draw"),
            evidence=neighbours("rollover"),
            table=VARIANTS_TABLE,
        ),
    ]


def all_claims(
    variants_path: str | os.PathLike[str],
    positions_path: str | os.PathLike[str],
    lines_path: str | os.PathLike[str] = LINES_FILE,
) -> list[Claim]:
    """Every chopsticks claim, computed from the two result tables."""
    variants = pq.read_table(variants_path).to_pandas()
    solved = set(variants.variant_id)
    claims = [outcome_claim(claim, variants) for claim in OUTCOME_CLAIMS]
    claims += line_claims(positions_path, lines_path, solved)
    claims.append(strategy_claim(positions_path, lines_path, solved))
    claims += public_claims(variants)
    return claims


def write_chopsticks_claims(
    *,
    out: str | os.PathLike[str],
    variants: str | os.PathLike[str],
    positions: str | os.PathLike[str],
    lines: str | os.PathLike[str] = LINES_FILE,
) -> Path:
    """Write ``results/chopsticks/claims.parquet``."""
    claims = all_claims(variants, positions, lines)
    return write_claims(claims, out, game=GAME, inputs=[variants, positions, lines])
