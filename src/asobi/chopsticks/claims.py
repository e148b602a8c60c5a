"""Audit of the chopsticks article (and two public statements) against the solved tables.

Article: 「子供の時に遊んだ「アレ」の欠陥」. Its three results are checked under the options
it states and under every combination of the options it leaves open (dies_at, overflow and
the switches it does not mention); its printed lines of play are checked move by move with
the rules module and position by position against ``positions.parquet``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow.parquet as pq

from asobi.chopsticks.chopsticks import SWITCHES, Chopsticks, Position, Rules
from asobi.core.claims import Claim, Verdict, verdict_from, write_claims
from asobi.core.config import load_yaml, package_data
from asobi.core.errors import DataError

GAME = "chopsticks"
ARTICLE = "子供の時に遊んだ「アレ」の欠陥"
LINES_FILE = package_data("chopsticks", "article_lines.yaml")
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
    return Rules(**{name: stated.get(name, False) for name in SWITCHES})


def _matching(variants: pd.DataFrame, stated: Mapping[str, bool]) -> pd.DataFrame:
    """Rows of the article's rule sets (2 hands each, dies at 5 or 6) with the stated switches."""
    rows = variants[
        (variants.hands_first == 2) & (variants.hands_second == 2) & variants.dies_at.isin([5, 6])
    ]
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


def outcome_claim(claim: OutcomeClaim, variants: pd.DataFrame) -> Claim:
    """Check one start-outcome claim over every combination of the unstated options."""
    rows = _matching(variants, claim.stated)
    open_switches = (
        [n for n in SWITCHES[1:] if n not in claim.stated] if claim.stated["split"] else []
    )
    expected = 4 * 2 ** len(open_switches)  # dies_at 5/6 x cut-off/roll-over x open switches
    if len(rows) != expected:
        raise DataError(
            f"chopsticks: {claim.claim_id} needs {expected} article rule sets in the "
            f"variants table, found {len(rows)} (enable article_rule_sets)"
        )
    own = _require(variants, _article_setting(claim.stated).variant_id)
    good = rows[rows.start_outcome.isin(claim.holds)]
    bad = rows[~rows.start_outcome.isin(claim.holds)]
    own_holds = own.start_outcome in claim.holds
    if own_holds and bad.empty:
        verdict = Verdict.CONFIRMED
    elif own_holds:
        verdict = Verdict.CONFIRMED_WITH_CAVEAT
    else:
        verdict = Verdict.REFUTED
    stated = ", ".join(f"{k}={'on' if v else 'off'}" for k, v in claim.stated.items())
    evidence = (
        f"article setting {_describe(own)}; holds in {len(good)}/{len(rows)} rule sets: "
        + ", ".join(good.variant_id)
        + (f"; fails in: {'; '.join(_describe(r) for r in bad.itertuples())}" if len(bad) else "")
    )
    return Claim(
        claim_id=claim.claim_id,
        game=GAME,
        source=f"{ARTICLE}, section 「{claim.section}」",
        statement=claim.statement,
        formal=(
            f"retrograde analysis, 2 hands each, start (1,1 vs 1,1): {claim.wanted} for the "
            f"article setting ({own.variant_id}) and for every rule set with {stated} and any "
            "dies_at (5, 6), overflow and unmentioned switch"
        ),
        verdict=verdict,
        evidence=evidence,
        table=VARIANTS_TABLE,
    )


# --- lines of play ------------------------------------------------------------------------


def _row(text: str) -> tuple[tuple[int, int], tuple[int, int], bool]:
    words = text.split()
    reaction = words[-1] == "reaction"
    numbers = [int(w) for w in words if w not in ("/", "reaction")]
    if len(numbers) != 4:
        raise DataError(f"chopsticks: bad article matrix {text!r}")
    return (numbers[0], numbers[1]), (numbers[2], numbers[3]), reaction


def load_lines(path: str | os.PathLike[str] = LINES_FILE) -> list[dict[str, Any]]:
    """The article's lines of play (see ``resources/chopsticks/article_lines.yaml``)."""
    return load_yaml(path)["lines"]


def strategy_claim(
    positions_path: str | os.PathLike[str], lines_path: str | os.PathLike[str]
) -> Claim:
    """The situations of the endless-game argument: the author never loses, and wins at 8-9."""
    narrated = load_yaml(lines_path)["positions"]
    rules = Rules(**narrated["rules"])
    outcomes = _outcomes(positions_path, rules.variant_id)
    found, wrong = [], []
    for item in narrated["author_to_move"]:
        author, opponent, _ = _row(item["hands"])
        position = Position(tuple(sorted(author)), tuple(sorted(opponent)))
        outcome, plies = outcomes.get(position, ("unreachable", None))
        ok = outcome == "first" if item["says"] == "win" else outcome in ("first", "draw")
        text = f"{position}:{outcome}{'' if plies is None else plies}"
        found.append(text)
        if not ok:
            wrong.append(f"step {item['step']}: {text}")
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
        verdict=verdict_from(not wrong),
        evidence=evidence,
        table=POSITIONS_TABLE,
    )


def check_line(
    line: Mapping[str, Any], outcomes: Mapping[Position, tuple[str, Any]]
) -> tuple[bool, str]:
    """Replay one line: every turn legal, the article's winner wins from every position."""
    rules = Rules(**line["rules"])
    game = Chopsticks(rules)
    steps = [_row(text) for text in line["steps"]]
    sides = ("opponent", "author")
    to_move = 0  # the opponent moves first
    i = 0
    turns = []
    while True:
        top, bottom, _ = steps[i]
        hands = (top, bottom)
        position = Position(tuple(sorted(hands[to_move])), tuple(sorted(hands[1 - to_move])))
        if position not in outcomes:
            return (
                False,
                f"position {position} (step {i + 1}) is not reachable in {rules.variant_id}",
            )
        outcome, plies = outcomes[position]
        wins = (
            sides[to_move]
            if outcome == "first"
            else sides[1 - to_move]
            if outcome == "second"
            else None
        )
        if wins != line["winner"]:
            return False, (
                f"step {i + 1}: {sides[to_move]} to move at {position} is "
                f"{outcome}, so the {line['winner']} does not win"
            )
        turns.append(f"{position}:{outcome}{'' if plies is None else plies}")
        if i == len(steps) - 1:
            break
        end = i + 1
        split_to = None
        if end + 1 < len(steps) and steps[end + 1][2]:
            split_to = tuple(sorted(steps[end][to_move]))
            end += 1
        after = steps[end]
        expected = Position(tuple(sorted(after[1 - to_move])), tuple(sorted(after[to_move])))
        found = [
            m
            for m in game.legal_moves(position)
            if game.play(position, m) == expected
            and (split_to is None or (m.split == split_to and m.attacker is not None))
        ]
        if not found:
            return (
                False,
                f"step {i + 1} -> {end + 1}: no legal move of the {sides[to_move]} gives it",
            )
        i = end
        to_move = 1 - to_move
    return True, f"{len(turns) - 1} legal turns; the {line['winner']} wins at each: " + " ".join(
        turns
    )


def _outcomes(
    positions_path: str | os.PathLike[str], variant_id: str
) -> dict[Position, tuple[str, Any]]:
    table = pq.read_table(
        positions_path,
        filters=[("variant_id", "==", variant_id)],
        columns=["mover", "other", "outcome", "plies"],
    ).to_pydict()
    return {
        Position(tuple(m), tuple(o)): (out, p)
        for m, o, out, p in zip(
            table["mover"], table["other"], table["outcome"], table["plies"], strict=True
        )
    }


def line_claims(
    positions_path: str | os.PathLike[str], lines_path: str | os.PathLike[str]
) -> list[Claim]:
    """One claim per printed line of play."""
    claims = []
    for line in load_lines(lines_path):
        rules = Rules(**line["rules"])
        holds, evidence = check_line(line, _outcomes(positions_path, rules.variant_id))
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
                    f"gives a win to the {line['winner']}"
                ),
                verdict=verdict_from(holds),
                evidence=evidence,
                table=POSITIONS_TABLE,
            )
        )
    return claims


# --- public statements --------------------------------------------------------------------


def public_claims(variants: pd.DataFrame) -> list[Claim]:
    """Two statements of the English Wikipedia article about its common rules."""
    cutoff = _require(variants, "dies5_cutoff_split_revive")
    rollover = _require(variants, "dies5_rollover_split_revive")
    cutoff_family = [
        _require(variants, f"dies5_cutoff_split_revive{extra}")
        for extra in ("", "_fusion", "_swap", "_fusion_swap")
    ]
    rollover_family = [
        _require(variants, f"dies5_rollover_split_revive{extra}")
        for extra in ("", "_fusion", "_swap", "_fusion_swap")
    ]
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
            verdict=verdict_from(cutoff.start_outcome == "first"),
            evidence="; ".join(_describe(r) for r in cutoff_family)
            + " (neighbours with suicide = fusion and swap shown for comparison)",
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
            verdict=verdict_from(rollover.start_outcome == "draw"),
            evidence="; ".join(_describe(r) for r in rollover_family)
            + " (neighbours with suicide = fusion and swap shown for comparison)",
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
    claims = [outcome_claim(claim, variants) for claim in OUTCOME_CLAIMS]
    claims += line_claims(positions_path, lines_path)
    claims.append(strategy_claim(positions_path, lines_path))
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
