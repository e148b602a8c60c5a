"""The chopsticks claims on the article's printed argument, read in ``positions.parquet``:
each line of play and each side remark (one claim per entry of ``article_lines.yaml``), each
section's case analysis, and the positions of the endless-game argument. Each is judged at
the section's own rule set; the from_one reading and ``dies_at`` one below and above are
replayed as evidence only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.chopsticks.citations import ARGUMENT, cited
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
from asobi.chopsticks.rechecks import positions_recheck
from asobi.chopsticks.verdicts import POSITION_COLUMNS, POSITIONS_TABLE, Holding, decide
from asobi.core.claims import Claim, Reading, ResultTables


def _read_outcomes(tables: ResultTables, rules: Iterable[Rules]) -> dict[str, Outcomes]:
    """The stored positions of these rule sets and their alternatives, by variant id."""
    wanted = variant_ids_to_read(rules)
    table = tables.read_arrow(
        POSITIONS_TABLE, columns=POSITION_COLUMNS, filters=[("variant_id", "in", wanted)]
    )
    return outcomes_by_variant(table)


#: The yardstick of the reading at the section's own rule set, and of the from_one one.
SECTION_YARDSTICK = "the section's own rule set (the options it names, the others off)"
FROM_ONE_YARDSTICK = (
    "the same rule set with 融合 open to a hand of 1 too ((1,1) → (0,2)), as many players "
    "read it; the article's 「片手が2以上の場合」 and 「分身時に」 speak against it"
)


def _check_rule_sets(
    rules: Rules,
    outcomes: Mapping[str, Outcomes],
    check: Callable[[Rules, Outcomes], tuple[bool, str]],
    positions: Callable[[Rules], list[Position]],
) -> tuple[list[Reading], str]:
    """Run ``check`` at the section's rule set ``rules`` (reading ``section_rules``), at its
    from_one reading when fusion is on (reading ``fusion_from_one``) and at dies_at one below
    and one above (evidence only): (readings, evidence). ``positions`` gives the positions
    a reading's recheck query looks up."""
    readings = []
    parts = []
    for other in [rules, *alternatives(rules)]:
        judged = other == rules
        reading = judged or (other.from_one and not rules.from_one)
        label = other.variant_id + (
            " (the article's rules)"
            if judged
            else " (fusion_from_one)"
            if reading
            else " (evidence only)"
        )
        found = outcomes.get(other.variant_id)
        if found is None:
            holds, why = None, "not solved in this run"
            parts.append(f"{label}: {why}")
        else:
            holds, why = check(other, found)
            shown = why if judged else "holds"  # the details once, in full
            parts.append(f"{label}: {shown if holds else 'fails: ' + why}")
        if reading:
            readings.append(
                Reading(
                    "section_rules" if judged else "fusion_from_one",
                    f"{SECTION_YARDSTICK if judged else FROM_ONE_YARDSTICK}: {other.variant_id}",
                    f"{other.variant_id}: " + (why if holds is not False else "fails: " + why),
                    decide(holds),
                    positions_recheck(other, positions(other), found),
                )
            )
    return readings, "; ".join(parts)


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

        readings, evidence = _check_rule_sets(
            rules, outcomes, check, lambda _, line=line: line_positions(line)
        )
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
                    f"gives a win to the {line['winner']}; the from_one reading of 融合 is a "
                    "reading of its own, dies_at one below and above replayed as evidence"
                ),
                readings=readings,
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

        readings, evidence = _check_rule_sets(
            rules,
            outcomes,
            check,
            lambda _, remark=remark: [
                remark_positions(b, remark["winner"])[1] for b in remark["branches"]
            ],
        )
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
                    "move a win in 1 ply after the other move; the from_one reading of 融合 is a "
                    "reading of its own"
                ),
                readings=readings,
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


@dataclass(frozen=True)
class ProofCheck:
    """A proof by cases checked at one rule set: whether its cases are complete (our test)
    and its conclusion holds (``None``: the rule set was not solved), the figures of each and
    the replies it leaves open."""

    rules: Rules
    complete: Holding
    concluded: Holding
    cases: str
    conclusion: str
    open_gaps: tuple[str, ...]
    gaps: tuple[Position, ...]
    start: Position
    found: Outcomes | None


def check_proof(
    rules: Rules,
    found: Outcomes | None,
    lines: list[Mapping[str, Any]],
    remarks: list[Mapping[str, Any]],
) -> ProofCheck:
    """The section's proof by cases at ``rules`` (its own rule set or a reading of it)."""
    winner = lines[0]["winner"]
    loser = SIDES[1 - SIDES.index(winner)]
    gaps, examined = proof_gaps(lines, remarks, rules, winner)
    start = Chopsticks(rules).start
    wanted = "first" if winner == "opponent" else "second"  # the opponent moves first
    after = tuple(gap.after for gap in gaps)
    if found is None:
        text = f"{rules.variant_id}: not solved in this run"
        return ProofCheck(rules, None, None, text, text, (), after, start, None)
    shown, open_gaps = [], []
    for gap in gaps:
        outcome, plies = found.get(gap.after, ("unreachable", None))
        shown.append(f"{gap.at} {gap.move} -> {gap.after}:{outcome}{plies or ''}")
        if (outcome, plies) != ("first", 1):
            open_gaps.append(shown[-1])
    cases = (
        f"{rules.variant_id}: {examined} positions where the printed argument lets the "
        f"{loser} move; {len(gaps)} replies not printed"
        + (": " + ", ".join(shown) if shown else "")
        + f"; {len(gaps) - len(open_gaps)} of them let the {winner} win at once"
        + (f"; left open: {', '.join(open_gaps)}" if open_gaps else "")
    )
    outcome, plies = found.get(start, ("unreachable", None))
    conclusion = f"{rules.variant_id}: the start {start}:{outcome}{plies or ''}"
    return ProofCheck(
        rules,
        not open_gaps,
        outcome == wanted,
        cases,
        conclusion,
        tuple(open_gaps),
        after,
        start,
        found,
    )


def proof_readings(check: ProofCheck, winner: str, suffix: str = "") -> list[Reading]:
    """The two readings of a proof by cases at one rule set (``suffix`` names the reading of
    the rules, e.g. ``_from_one``)."""
    loser = SIDES[1 - SIDES.index(winner)]
    wanted = "first" if winner == "opponent" else "second"
    rules = check.rules.variant_id
    also = f"; {FROM_ONE_YARDSTICK}" if suffix else ""
    return [
        Reading(
            f"case_split_complete{suffix}",
            "(ours: the article splits its cases and names no test of their coverage) "
            f"at every position of the section's lines and side remarks where the {loser} "
            "moves, every legal move gives a printed position or one where the positions "
            f"table gives the {winner} (to move) a win in 1 ply; {rules}{also}",
            check.cases,
            decide(check.complete),
            positions_recheck(check.rules, check.gaps, check.found),
        ),
        Reading(
            f"conclusion_holds{suffix}",
            f"the proof's conclusion: at {rules} the start (1,1 vs 1,1, the opponent to move) "
            f"is a win for the {winner} ({wanted} player){also}",
            check.conclusion,
            decide(check.concluded),
            positions_recheck(check.rules, [check.start], check.found),
        ),
    ]


def cases_complete(
    tables: ResultTables,
    claim_id: str,
    lines: list[Mapping[str, Any]],
    remarks: list[Mapping[str, Any]],
) -> Claim:
    """One section's proof by cases, under two readings: ``case_split_complete`` (ours: the
    article only says how it splits the cases) — each reply of the losing side at a position
    where the printed argument lets it move is printed (a line or a side remark), or lets the
    winner win at once (a case no proof needs); ``conclusion_holds`` — the start is a win for
    the side the proof says wins; with fusion, both again under the from_one reading of 融合.
    A gap with a true conclusion: the proof has a gap, its result stands."""
    rules = Rules(**lines[0]["rules"])
    winner = lines[0]["winner"]
    loser = SIDES[1 - SIDES.index(winner)]
    wanted = "first" if winner == "opponent" else "second"
    ruled = [rules, *([replace(rules, from_one=True)] if rules.fusion else [])]
    outcomes = _read_outcomes(tables, ruled)
    checks = [check_proof(r, outcomes.get(r.variant_id), lines, remarks) for r in ruled]
    own = checks[0]
    readings = proof_readings(own, winner)
    evidence = f"{own.cases}; conclusion: {own.conclusion}"
    for other in checks[1:]:
        readings += proof_readings(other, winner, "_from_one")
        evidence += f"; fusion_from_one: {other.cases}; conclusion: {other.conclusion}"
    caveat = None
    if own.complete is False and own.concluded is True:
        caveat = (
            f"the proof has a gap (it leaves out {', '.join(own.open_gaps)}); its conclusion holds"
        )
    elif own.complete is False and own.concluded is False:
        caveat = "the proof has a gap and its conclusion fails"
    if caveat and any(other.complete for other in checks[1:]):
        caveat += "; under the from_one reading of 融合 its cases are complete"
    return cited(
        claim_id,
        statement=f"The section's proof that the {winner} wins, by cases over the {loser}'s "
        f"replies, is judged two ways: whether its cases cover every reply of the {loser} "
        "apart from replies that lose at once (our test; the article names none), and "
        f"whether its conclusion, a win for the {winner}, holds.",
        formal=(
            f"{rules.variant_id}: (case_split_complete, ours) at every position of the "
            f"section's lines and side remarks where the {loser} moves, every legal move gives "
            f"a printed position or a win in 1 ply for the {winner}; (conclusion_holds) the "
            f"start's outcome is {wanted}"
            + ("; both again under the from_one reading of 融合" if rules.fusion else "")
        ),
        readings=readings,
        caveat=caveat,
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
        recheck=positions_recheck(rules, [*own.gaps, own.start], own.found),
    )


def proof_builder(claim_id: str, prefix: str, remark_id: str) -> Callable[[ResultTables], Claim]:
    """The builder of one section's case-analysis claim (an entry of
    :data:`~asobi.chopsticks.citations.PROOFS`)."""

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

    readings, evidence = _check_rule_sets(
        rules, outcomes, check, lambda _: argument_positions(narrated)
    )
    return cited(
        ARGUMENT,
        statement="In the argument that the second player never loses, every situation the "
        "argument reaches is safe for the second player, and the final one is a win.",
        formal=(
            f"{rules.variant_id}: each narrated position (second player to move, first player "
            "on 1,1) is reachable and has outcome first or draw for the mover; the 4,4 one "
            "has outcome first; dies_at one below and above checked as evidence"
        ),
        readings=readings,
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
        recheck=positions_recheck(
            rules, argument_positions(narrated), outcomes.get(rules.variant_id)
        ),
    )
