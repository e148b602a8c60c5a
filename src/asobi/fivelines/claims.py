"""The article's claims about 五線, each checked against the result tables.

Source: 「五線の必勝法」 (shared/articles/gosen_hisshouhou.txt): the theorem (second player
wins iff the binary digit sums are all even, i.e. XOR = 0), its proof and the strategy it
builds (shorten one row from an end), and the closing remark that the more common misère
rule has "almost the same" winning strategy. Two claims are ours, derived from the article
(the pyramid's winner, a row as a Nim heap): their ``source`` says "(ours), derived from"
the article's section and their passage is the article's sentence they derive from.

Every claim is built from its citation in :data:`CITATIONS` (keys = :data:`CLAIM_IDS`), both
declared in :mod:`asobi.fivelines.citations` with the tables' names and the positions reader;
the misère claim is :mod:`asobi.fivelines.misere_claims`.

One builder per claim (:data:`BUILDERS`); each reads the tables it needs through
:class:`~asobi.core.claims.ResultTables` and returns one
:class:`~asobi.core.claims.Claim` whose verdict comes from a small decision function
(:func:`decide_theorem`, :func:`decide_pyramid`) over computed facts.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.errors import DataError
from asobi.core.recheck import Recheck
from asobi.fivelines.citations import CITATIONS as CITATIONS  # re-exported
from asobi.fivelines.citations import CLAIM_IDS as CLAIM_IDS  # re-exported
from asobi.fivelines.citations import GAME as GAME  # re-exported
from asobi.fivelines.citations import (
    GRUNDY_TABLE,
    POSITIONS_TABLE,
    PROOFS_TABLE,
    cited,
    first_mismatch,
    read_positions,
    rows_text,
)
from asobi.fivelines.fivelines import PYRAMID
from asobi.fivelines.misere_claims import misere_almost_same

#: What the pyramid's claim rests on: its outcomes and winning first moves.
PYRAMID_COLUMNS = [
    "normal_outcome",
    "normal_winning_moves",
    "misere_outcome",
    "misere_winning_moves",
]


def bits_needed(largest: int) -> int:
    """Bit width a z3 lemma needs to cover row lengths up to ``largest`` (at least 1)."""
    return max(1, int(largest).bit_length())


@dataclass(frozen=True)
class ProofCoverage:
    """What z3 proved of one lemma: whether every check run was proved, the widest bit
    width proved at every row count run, and the evidence in words."""

    proved: bool
    width: int
    text: str


def proof_coverage(proofs: pd.DataFrame, lemma: str) -> ProofCoverage:
    """Whether z3 proved ``lemma`` at every width (and row count) run, up to which width."""
    rows = proofs[proofs["lemma"] == lemma]
    if rows.empty:
        return ProofCoverage(False, 0, f"lemma {lemma}: not run")
    bad = rows[rows["status"] != "proved"]
    width = int(rows["width"].max())
    widths = f"widths {rows['width'].min()}..{width}"
    extra = ""
    if rows["rows"].notna().any():
        extra = f", {int(rows['rows'].min())}..{int(rows['rows'].max())} rows"
    if bad.empty:
        return ProofCoverage(True, width, f"lemma {lemma} proved by z3 for {widths}{extra}")
    first = bad.iloc[0]
    return ProofCoverage(
        False,
        int(bad["width"].min()) - 1,
        (
            f"lemma {lemma}: {len(bad)} of {len(rows)} checks not proved, first "
            f"{first['status']} at width {first['width']} {first['counterexample'] or ''}"
        ).strip(),
    )


def lemma_b_rows(proofs: pd.DataFrame) -> str:
    """The reach of lemma (b) in rows, as a caveat's tail: z3 proves it for a bounded number
    of rows (``; lemma (b) for at most N rows``)."""
    rows_proved = proofs.loc[proofs["lemma"] == "zero_reachable", "rows"].max()
    return f"; lemma (b) for at most {int(rows_proved)} rows"


#: The largest row of a position (``rows`` lists the row lengths; null for no row).
LARGEST_ROW_SQL = "max(list_max(rows)) AS largest_row"


def lemmas_sql(lemmas: list[str]) -> str:
    """A query of the proofs table: per lemma, its checks, how many z3 did not prove, the
    widest bit width and the most rows checked (null for a lemma without rows)."""
    names = ", ".join(f"'{lemma}'" for lemma in lemmas)
    which = f"= {names}" if len(lemmas) == 1 else f"IN ({names})"
    return (
        "SELECT lemma, count(*) AS checks,\n"
        "    count(*) FILTER (WHERE status <> 'proved') AS not_proved,\n"
        "    max(width) AS widest, max(rows) AS most_rows\n"
        f"  FROM '{PROOFS_TABLE}' WHERE lemma {which} GROUP BY lemma"
    )


def lemma_figures(proofs: pd.DataFrame, lemmas: list[str]) -> list[dict[str, object]]:
    """What :func:`lemmas_sql` returns, computed with pandas, ordered by lemma."""
    found: list[dict[str, object]] = []
    for lemma in sorted(lemmas):
        rows = proofs[proofs["lemma"] == lemma]
        if rows.empty:
            continue
        most_rows = rows["rows"].max()
        found.append(
            {
                "lemma": lemma,
                "checks": len(rows),
                "not_proved": int((rows["status"] != "proved").sum()),
                "widest": int(rows["width"].max()),
                "most_rows": None if pd.isna(most_rows) else int(most_rows),
            }
        )
    return found


def with_lemmas(
    checked_sql: str, checked: dict[str, object], proofs: pd.DataFrame, lemmas: list[str]
) -> Recheck:
    """A recheck of one aggregate query (``checked_sql``, one row: ``checked``) beside the
    z3 lemmas the claim rests on: one row per lemma run (z3 proofs have no re-check
    command: the table's statuses are what can be checked)."""
    sql = (
        f"SELECT *\nFROM ({checked_sql}) AS checked,\n  ({lemmas_sql(lemmas)}) AS proved\n"
        "ORDER BY lemma"
    )
    return Recheck(sql, [{**checked, **row} for row in lemma_figures(proofs, lemmas)])


def decide_theorem(
    counterexamples: int, lemmas: list[ProofCoverage], width_needed: int
) -> tuple[Verdict, str | None]:
    """A theorem checked exhaustively and by z3 lemmas: refuted by any counterexample;
    confirmed when every lemma is proved at least up to ``width_needed`` bits (the widest row
    the exhaustive check saw), with the proof's reach as caveat; undecided otherwise."""
    if counterexamples:
        return Verdict.REFUTED, None
    reach = min((lemma.width for lemma in lemmas if lemma.proved), default=0)
    if all(lemma.proved for lemma in lemmas) and reach >= width_needed:
        return Verdict.CONFIRMED, f"proved by z3 for row lengths below 2^{reach}, not beyond"
    return (
        Verdict.UNDECIDED,
        f"the lemmas are proved only up to {reach} bits; the checked positions need {width_needed}",
    )


def xor_theorem(tables: ResultTables) -> Claim:
    """定理: normal play is a second-player win iff XOR = 0. Refuted by any disagreeing
    position; confirmed when the exhaustive table agrees everywhere and z3 proves lemmas
    (a) and (b) at least as wide as the widest row checked; undecided otherwise."""
    positions = read_positions(tables)
    proofs = tables.read(PROOFS_TABLE)
    data, n_positions, total_max = positions.data, positions.n_positions, positions.total_max
    mismatch = data["normal_first"] == (data["xor"] == 0)  # first wins exactly when XOR != 0
    lemma_a = proof_coverage(proofs, "move_breaks_zero")
    lemma_b = proof_coverage(proofs, "zero_reachable")
    width_needed = bits_needed(int(data["largest"].max()))
    verdict, caveat = decide_theorem(int(mismatch.sum()), [lemma_a, lemma_b], width_needed)
    if mismatch.any():
        evidence = (
            f"{int(mismatch.sum())} of {n_positions} positions disagree; smallest: "
            f"{first_mismatch(data, mismatch)}"
        )
    else:
        evidence = (
            f"exhaustive search agrees on all {n_positions} positions with ≤ {total_max} sticks "
            f"(rows up to {int(data['largest'].max())}, {width_needed} bits); {lemma_a.text}; "
            f"{lemma_b.text}"
        )
    if caveat is not None and verdict is Verdict.CONFIRMED:
        caveat += lemma_b_rows(proofs)
    recheck = with_lemmas(
        "SELECT count(*) AS positions,\n"
        "    count(*) FILTER (WHERE (normal_outcome = 'first') <> (xor <> 0)) AS disagree,\n"
        f"    {LARGEST_ROW_SQL}, max(total) AS most_sticks\n  FROM '{POSITIONS_TABLE}'",
        {
            "positions": n_positions,
            "disagree": int(mismatch.sum()),
            "largest_row": int(data["largest"].max()),
            "most_sticks": total_max,
        },
        proofs,
        ["move_breaks_zero", "zero_reachable"],
    )
    return cited(
        "fivelines.xor_theorem",
        statement=(
            "With normal play (taking the last stick wins), the second player wins exactly "
            "when every binary digit position has an even count of ones over the rows, "
            "i.e. the XOR of the row lengths is 0; otherwise the first player wins."
        ),
        formal=(
            f"(i) For every multiset of rows with at most {total_max} sticks, the normal-play "
            "outcome found by exhaustive search (no formula) is 'second' iff XOR = 0. "
            "(ii) z3 proves (a) a move b -> c, d with c + d < b never gives c XOR d = b, and "
            "(b) a non-zero XOR s always has a row a with a XOR s < a; with induction on the "
            "number of sticks these give the theorem for row lengths below 2^width."
        ),
        verdict=verdict,
        caveat=caveat,
        evidence=evidence,
        tables=(POSITIONS_TABLE, PROOFS_TABLE),
        recheck=recheck,
    )


def row_is_nim_heap(tables: ResultTables) -> Claim:
    """(ours), from the article's operation F: a single row of a sticks has Grundy value a,
    by brute force over every move and by z3 (lemma c) for every row length it checked."""
    grundy = tables.read(GRUNDY_TABLE)
    proofs = tables.read(PROOFS_TABLE)
    values = grundy["grundy"].to_numpy()
    n_values = grundy["n"].to_numpy()
    wrong = np.flatnonzero(values != n_values)
    lemma_c = proof_coverage(proofs, "row_grundy")
    verdict, caveat = decide_theorem(int(wrong.size), [lemma_c], bits_needed(int(n_values.max())))
    return cited(
        "fivelines.row_is_nim_heap",
        statement=(
            "(ours) A single row of a sticks is worth exactly a Nim heap of size a (our "
            "Sprague-Grundy reading of the article's move; the article does not say it)."
        ),
        formal=(
            f"Brute-force Grundy value g(n) = mex{{g(c) XOR g(d) : c + d < n}} equals n for "
            f"n = 0..{int(n_values.max())}; z3 proves every move from a row of a leaves "
            "c XOR d < a and every x < a is reachable."
        ),
        verdict=verdict,
        caveat=caveat,
        evidence=(
            f"g(n) = n for all {len(values)} values; {lemma_c.text}"
            if wrong.size == 0
            else f"g({int(n_values[wrong[0]])}) = {int(values[wrong[0]])}; {lemma_c.text}"
        ),
        tables=(GRUNDY_TABLE, PROOFS_TABLE),
        recheck=with_lemmas(
            "SELECT count(*) AS grundy_values,\n"
            "    count(*) FILTER (WHERE grundy <> n) AS wrong, max(n) AS largest_n\n"
            f"  FROM '{GRUNDY_TABLE}'",
            {
                "grundy_values": len(values),
                "wrong": int(wrong.size),
                "largest_n": int(n_values.max()),
            },
            proofs,
            ["row_grundy"],
        ),
    )


def one_end_winning_moves(table: pa.Table) -> tuple[int, int, list[int] | None]:
    """Of the positions the player to move wins (normal play), how many there are, how many
    have a winning move that shortens one row from an end, and the rows of the first one
    that has none (``None`` when every one has).

    A turn replaces one row by 0, 1 or 2 rows, 2 exactly when it splits the row (c, d > 0),
    so a winning move shortens a row from an end iff it leaves no more rows than before.
    """
    won = table.filter(pc.equal(table.column("normal_outcome"), "first"))
    rows, moves = won.column("rows").combine_chunks(), won.column("normal_winning_moves")
    moves = moves.combine_chunks()
    parent = pc.list_parent_indices(moves).to_numpy()
    before = pc.list_value_length(rows).to_numpy(zero_copy_only=False)[parent]
    after = pc.list_value_length(pc.list_flatten(moves)).to_numpy(zero_copy_only=False)
    has_end_move = np.zeros(len(won), dtype=bool)
    np.logical_or.at(has_end_move, parent, after <= before)
    missing = np.flatnonzero(~has_end_move)
    first = rows[int(missing[0])].as_py() if missing.size else None
    return len(won), int(has_end_move.sum()), first


def winning_move_from_one_end(tables: ResultTables) -> Claim:
    """証明 (それ以外の場合): whenever the player to move wins, shortening one row from an
    end (a -> b, 0) is among the winning moves; refuted by any won position without one,
    confirmed when z3 also proves lemma (b) (such a move to XOR 0 exists) as wide as the
    rows checked, undecided otherwise."""
    table = tables.read_arrow(
        POSITIONS_TABLE, columns=["rows", "total", "normal_outcome", "normal_winning_moves"]
    )
    if table.num_rows == 0:
        raise DataError(f"results/{POSITIONS_TABLE} has no positions")
    total_max = int(pc.max(table.column("total")).as_py())
    largest = int(pc.max(pc.list_flatten(table.column("rows"))).as_py() or 0)
    won, with_end_move, first_without = one_end_winning_moves(table)
    proofs = tables.read(PROOFS_TABLE)
    lemma_b = proof_coverage(proofs, "zero_reachable")
    missing = won - with_end_move
    verdict, caveat = decide_theorem(missing, [lemma_b], bits_needed(largest))
    if caveat is not None and verdict is Verdict.CONFIRMED:
        caveat += lemma_b_rows(proofs)
    if first_without is not None:
        evidence = (
            f"{missing} of {won} won positions have no winning move from one end; smallest: "
            f"{rows_text(first_without)}"
        )
    else:
        evidence = (
            f"all {won} positions with ≤ {total_max} sticks that the player to move wins have "
            f"a winning move that shortens one row from an end; {lemma_b.text}"
        )
    return cited(
        "fivelines.winning_move_from_one_end",
        statement=(
            "When the position is a first-player win, the player to move can win by erasing "
            "sticks from one end of a single row (never splitting a row)."
        ),
        formal=(
            f"For every position with at most {total_max} sticks whose exhaustive normal-play "
            "outcome is 'first', some winning move (to a 'second' position) leaves no more "
            "rows than before (b -> c, 0); z3 lemma (b): a non-zero XOR s has a row a with "
            "a XOR s < a."
        ),
        verdict=verdict,
        caveat=caveat,
        evidence=evidence,
        tables=(POSITIONS_TABLE, PROOFS_TABLE),
        recheck=with_lemmas(
            "SELECT count(*) FILTER (WHERE normal_outcome = 'first') AS won,\n"
            "    count(*) FILTER (WHERE normal_outcome = 'first' AND len(list_filter(\n"
            "      normal_winning_moves, lambda m: len(m) <= len(rows))) = 0)\n"
            "      AS without_end_move,\n"
            f"    {LARGEST_ROW_SQL}\n  FROM '{POSITIONS_TABLE}'",
            {"won": won, "without_end_move": missing, "largest_row": largest},
            proofs,
            ["zero_reachable"],
        ),
    )


def decide_pyramid(total_max: int, outcome: str | None) -> Verdict:
    """Undecided when the table stops below the pyramid's sticks; else whether the first
    player wins it."""
    if outcome is None or total_max < sum(PYRAMID):
        return Verdict.UNDECIDED
    return verdict_from(outcome == "first")


def pyramid_first_player_wins(tables: ResultTables) -> Claim:
    """(ours), from ルール (the usual pyramid 1-2-3-4-5) and the 定理: a first-player win
    with normal play, with its winning first moves; undecided when the table stops below
    15 sticks."""
    pyramid_total = sum(PYRAMID)
    total_max = int(tables.read_arrow(POSITIONS_TABLE, columns=["total"])["total"].to_numpy().max())
    rows = tables.read_arrow(POSITIONS_TABLE, filters=[("total", "=", pyramid_total)]).to_pylist()
    row = next((r for r in rows if list(r["rows"]) == list(PYRAMID)), None)
    verdict = decide_pyramid(total_max, None if row is None else row["normal_outcome"])
    if row is None:
        evidence = (
            f"the positions table stops at {total_max} sticks, below the pyramid's "
            f"{pyramid_total}: raise fivelines.total_max"
        )
    else:
        normal_moves = ", ".join(rows_text(m) for m in row["normal_winning_moves"])
        misere_moves = ", ".join(rows_text(m) for m in row["misere_winning_moves"])
        evidence = (
            f"normal: {row['normal_outcome']} wins; {len(row['normal_winning_moves'])} "
            f"winning first moves, to {normal_moves}. misère: {row['misere_outcome']} "
            f"wins; winning first moves to {misere_moves or 'none'}"
        )
    return cited(
        "fivelines.pyramid_first_player_wins",
        statement=(
            "(ours) In the start the article calls the most common, rows of 1, 2, 3, 4 and 5 "
            "sticks, the first player wins with normal play (its XOR is 1, not 0)."
        ),
        formal=(
            "Exhaustive normal-play outcome of 1-2-3-4-5 is 'first'; the winning first "
            "moves are every move to a position whose outcome is 'second'."
        ),
        verdict=verdict,
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
        recheck=Recheck(
            "SELECT normal_outcome, normal_winning_moves, misere_outcome, misere_winning_moves\n"
            f"FROM '{POSITIONS_TABLE}'\n"
            f"WHERE total = {pyramid_total} AND rows = [{', '.join(map(str, PYRAMID))}]",
            [] if row is None else [{key: row[key] for key in PYRAMID_COLUMNS}],
        ),
    )


#: One builder per claim, in the order of the claims table.
BUILDERS = [
    xor_theorem,
    row_is_nim_heap,
    winning_move_from_one_end,
    pyramid_first_player_wins,
    misere_almost_same,
]
