"""The chopsticks claims on the article's printed argument, read in ``positions.parquet``:
each line of play and each side remark (one claim per entry of ``article_lines.yaml``), each
section's case analysis, and the positions of the endless-game argument. Each is judged at
the section's own rule set; the from_one reading and ``dies_at`` one below and above are
replayed as evidence only."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

from asobi.chopsticks.chopsticks import Chopsticks, Rules
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
    """One section's proof by cases, under two readings: ``case_split_complete`` (ours: the
    article only says how it splits the cases) — each reply of the losing side at a position
    where the printed argument lets it move is printed (a line or a side remark), or lets the
    winner win at once (a case no proof needs); ``conclusion_holds`` — the start is a win for
    the side the proof says wins. A gap with a true conclusion: the proof has a gap, its
    result stands."""
    rules = Rules(**lines[0]["rules"])
    winner = lines[0]["winner"]
    loser = SIDES[1 - SIDES.index(winner)]
    found = _read_outcomes(tables, [rules]).get(rules.variant_id)
    gaps, examined = proof_gaps(lines, remarks, rules, winner)
    start = Chopsticks(rules).start
    wanted = "first" if winner == "opponent" else "second"  # the opponent moves first
    open_gaps: list[str] = []
    if found is None:
        complete: Holding = None
        concluded: Holding = None
        cases = conclusion = f"{rules.variant_id}: not solved in this run"
    else:
        shown = []
        for gap in gaps:
            outcome, plies = found.get(gap.after, ("unreachable", None))
            shown.append(f"{gap.at} {gap.move} -> {gap.after}:{outcome}{plies or ''}")
            if (outcome, plies) != ("first", 1):
                open_gaps.append(shown[-1])
        complete = not open_gaps
        cases = (
            f"{rules.variant_id}: {examined} positions where the printed argument lets the "
            f"{loser} move; {len(gaps)} replies not printed"
            + (": " + ", ".join(shown) if shown else "")
            + f"; {len(gaps) - len(open_gaps)} of them let the {winner} win at once"
            + (f"; left open: {', '.join(open_gaps)}" if open_gaps else "")
        )
        outcome, plies = found.get(start, ("unreachable", None))
        concluded = outcome == wanted
        conclusion = f"{rules.variant_id}: the start {start}:{outcome}{plies or ''}"
    readings = [
        Reading(
            "case_split_complete",
            "(ours: the article splits its cases and names no test of their coverage) "
            f"at every position of the section's lines and side remarks where the {loser} "
            f"moves, every legal move gives a printed position or one where the positions "
            f"table gives the {winner} (to move) a win in 1 ply; {rules.variant_id}",
            cases,
            decide(complete),
            positions_recheck(rules, [gap.after for gap in gaps], found),
        ),
        Reading(
            "conclusion_holds",
            f"the proof's conclusion: at {rules.variant_id} the start (1,1 vs 1,1, the "
            f"opponent to move) is a win for the {winner} ({wanted} player)",
            conclusion,
            decide(concluded),
            positions_recheck(rules, [start], found),
        ),
    ]
    caveat = None
    if complete is False and concluded is True:
        caveat = f"the proof has a gap (it leaves out {', '.join(open_gaps)}); its conclusion holds"
    elif complete is False and concluded is False:
        caveat = "the proof has a gap and its conclusion fails"
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
        ),
        readings=readings,
        caveat=caveat,
        evidence=f"{cases}; conclusion: {conclusion}",
        tables=(POSITIONS_TABLE,),
        recheck=positions_recheck(rules, [gap.after for gap in gaps] + [start], found),
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
