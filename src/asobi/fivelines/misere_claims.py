"""The article's closing remark on misère play (最後の棒を消した人が負けとするルール): its
winning strategy is "almost the same" as under normal play (:func:`misere_almost_same`),
read three ways off the positions table, with the SQL and figures of its winning-move
reading.
"""

from __future__ import annotations

import duckdb
import numpy as np

from asobi.core.claims import Claim, Reading, ResultTables, Verdict, headline_verdict, verdict_from
from asobi.core.recheck import Recheck
from asobi.fivelines.citations import POSITIONS_TABLE, cited, first_mismatch, read_positions

#: The columns the winning-move reading of the misère claim reads.
MOVES_COLUMNS = [
    "rows",
    "normal_outcome",
    "misere_outcome",
    "normal_winning_moves",
    "misere_winning_moves",
]


def winning_moves_sql(source: str) -> str:
    """Among the positions won by the player to move under both rules: how many have two or
    more rows longer than 1 and how many of them the same winning moves under both; the same
    for the positions with exactly one row longer than 1 (the start of the endgame)."""
    return (
        "WITH won AS (SELECT len(list_filter(rows, lambda x: x > 1)) AS long_rows,\n"
        "    normal_winning_moves = misere_winning_moves AS same_moves\n"
        f"  FROM {source}\n"
        "  WHERE normal_outcome = 'first' AND misere_outcome = 'first')\n"
        "SELECT count(*) FILTER (WHERE long_rows >= 2) AS won_two_long_rows,\n"
        "  count(*) FILTER (WHERE long_rows >= 2 AND same_moves) AS same_two_long_rows,\n"
        "  count(*) FILTER (WHERE long_rows = 1) AS won_one_long_row,\n"
        "  count(*) FILTER (WHERE long_rows = 1 AND same_moves) AS same_one_long_row\n"
        "FROM won"
    )


def winning_moves_figures(tables: ResultTables) -> dict[str, int]:
    """The figures of :func:`winning_moves_sql` over the positions table."""
    con = duckdb.connect(":memory:")
    try:
        con.execute("SET enable_progress_bar = false")
        con.register("positions", tables.read_arrow(POSITIONS_TABLE, columns=MOVES_COLUMNS))
        row = con.execute(winning_moves_sql("positions")).fetchone()
    finally:
        con.close()
    names = ["won_two_long_rows", "same_two_long_rows", "won_one_long_row", "same_one_long_row"]
    return {name: int(value or 0) for name, value in zip(names, row, strict=True)}


def misere_almost_same(tables: ResultTables) -> Claim:
    """The closing remark: misère play has "almost the same" strategy. Three readings of
    ほぼ同じ: the misère-Nim rule (play as in normal play until only single sticks would
    remain) gives every misère outcome; the outcome is the normal one wherever a row is
    longer than 1; the winning moves are the normal ones wherever two or more rows are
    longer than 1 (so that a move cannot reach the single-stick endgame). The caveat: how
    far it was checked."""
    positions = read_positions(tables)
    data, n_positions, total_max = positions.data, positions.n_positions, positions.total_max
    all_small = data["largest"] <= 1
    predicted = np.where(all_small, data["lengths"] % 2 == 0, data["xor"] != 0)
    misere_wrong = predicted != data["misere_first"]
    differs = data["misere_first"] != data["normal_first"]
    differs_outside_endgame = int((differs & ~all_small).sum())
    moves = winning_moves_figures(tables)
    if misere_wrong.any():
        rule_figures = (
            f"the misère-Nim rule fails on {int(misere_wrong.sum())} of {n_positions} "
            f"positions; smallest counterexample {first_mismatch(data, misere_wrong)}"
        )
    else:
        rule_figures = (
            f"misère outcome = misère-Nim rule on all {n_positions} positions with ≤ "
            f"{total_max} sticks"
        )
    outcome_figures = (
        f"normal and misère outcomes differ on {int(differs.sum())} positions, "
        f"{differs_outside_endgame} of them with a row longer than 1"
    )
    moves_figures = (
        f"{moves['same_two_long_rows']} of the {moves['won_two_long_rows']} positions with two "
        "or more rows longer than 1, won under both rules, have the same winning moves; with "
        f"one row longer than 1: {moves['same_one_long_row']} of {moves['won_one_long_row']} "
        "(there the misère winner leaves an odd number of single sticks)"
    )
    outcome_sql = (
        "SELECT count(*) AS positions,\n"
        "  count(*) FILTER (WHERE (misere_outcome = 'first') <> CASE\n"
        "    WHEN coalesce(list_max(rows), 0) <= 1 THEN len(rows) % 2 = 0\n"
        "    ELSE xor <> 0 END) AS rule_fails,\n"
        "  count(*) FILTER (WHERE misere_outcome <> normal_outcome) AS differ,\n"
        "  count(*) FILTER (WHERE misere_outcome <> normal_outcome AND list_max(rows) > 1)\n"
        "    AS differ_with_a_long_row,\n"
        f"  max(total) AS most_sticks\nFROM '{POSITIONS_TABLE}'"
    )
    outcome_check = Recheck(
        outcome_sql,
        {
            "positions": n_positions,
            "rule_fails": int(misere_wrong.sum()),
            "differ": int(differs.sum()),
            "differ_with_a_long_row": differs_outside_endgame,
            "most_sticks": total_max,
        },
    )
    readings = [
        Reading(
            "misere_nim_rule",
            "the strategy as a rule for the outcome: the misère-Nim rule (if every row has "
            "at most 1 stick the first player wins iff the number of rows is even, otherwise "
            f"iff XOR != 0) gives the exhaustive misère outcome of every position with ≤ "
            f"{total_max} sticks",
            rule_figures,
            verdict_from(not misere_wrong.any()),
            outcome_check,
        ),
        Reading(
            "same_outcome_with_a_long_row",
            "the same outcome: wherever some row is longer than 1, the misère outcome is the "
            f"normal-play one (positions with ≤ {total_max} sticks)",
            outcome_figures,
            verdict_from(differs_outside_endgame == 0),
            outcome_check,
        ),
        Reading(
            "same_winning_moves_with_two_long_rows",
            "the same winning moves: at every position with two or more rows longer than 1 "
            "that the player to move wins under both rules, the winning moves are the same "
            f"set (positions with ≤ {total_max} sticks)",
            moves_figures,
            verdict_from(moves["same_two_long_rows"] == moves["won_two_long_rows"]),
            Recheck(winning_moves_sql(f"'{POSITIONS_TABLE}'"), moves),
        ),
    ]
    headline = headline_verdict(r.verdict for r in readings)
    caveat = None
    if headline is Verdict.CONFIRMED:
        caveat = (
            f"checked for ≤ {total_max} sticks, no proof; the outcome differs from normal play "
            f"on {int(differs.sum())} positions (the endgame of single sticks) and the winning "
            f"moves on {moves['won_one_long_row'] - moves['same_one_long_row']} positions with "
            "one row longer than 1"
        )
    return cited(
        "fivelines.misere_almost_same",
        statement=(
            "Under the (more common) rule where erasing the last stick loses, the winning "
            "strategy is almost the same as under normal play."
        ),
        formal=(
            f"For every position with at most {total_max} sticks: (misere_nim_rule) the "
            "exhaustive misère outcome equals the misère-Nim rule; (same_outcome_with_a_long_row) "
            "it equals the normal outcome wherever a row is longer than 1; "
            "(same_winning_moves_with_two_long_rows) the winning moves are the normal ones "
            "wherever two or more rows are longer than 1."
        ),
        readings=readings,
        caveat=caveat,
        evidence=f"{rule_figures}; {outcome_figures}; {moves_figures}",
        tables=(POSITIONS_TABLE,),
        recheck=outcome_check,
    )
