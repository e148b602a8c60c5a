"""The article's claims about 五線, each checked against the result tables.

Source: 「五線の必勝法」 (shared/articles/gosen_hisshouhou.txt): the theorem (second player
wins iff the binary digit sums are all even, i.e. XOR = 0), its proof and the strategy it
builds (shorten one row from an end), and the closing remark that the more common misère
rule has "almost the same" winning strategy. Two claims are ours, derived from the article
(the pyramid's winner, a row as a Nim heap): their ``source`` says "(ours), derived from"
the article's section and their passage is the article's sentence they derive from.

Every claim is built from its citation in :data:`CITATIONS` (keys = :data:`CLAIM_IDS`).

One builder per claim (:data:`BUILDERS`); each reads the tables it needs through
:class:`~asobi.core.claims.ResultTables` and returns one
:class:`~asobi.core.claims.Claim` whose verdict comes from a small decision function
(:func:`decide_theorem`, :func:`decide_pyramid`) over computed facts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import duckdb
import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.compute as pc

from asobi.core.claims import Claim, Reading, ResultTables, Verdict, headline_verdict, verdict_from
from asobi.core.errors import DataError
from asobi.core.recheck import Recheck
from asobi.core.sources import Citation
from asobi.fivelines.fivelines import PYRAMID

ARTICLE = "「五線の必勝法」"
GAME = "fivelines"
POSITIONS_TABLE = "fivelines/positions.parquet"
GRUNDY_TABLE = "fivelines/grundy.parquet"
PROOFS_TABLE = "fivelines/proofs.parquet"
POSITION_COLUMNS = ["rows", "total", "xor", "normal_outcome", "misere_outcome"]
#: What the pyramid's claim rests on: its outcomes and winning first moves.
PYRAMID_COLUMNS = [
    "normal_outcome",
    "normal_winning_moves",
    "misere_outcome",
    "misere_winning_moves",
]

OURS = f"(ours), derived from {ARTICLE}"
"""How an (ours) claim names its source: our finding, derived from the article's section
(whose sentence is the passage, checked against the article's text like any other)."""

CITATIONS: dict[str, Citation] = {
    "fivelines.xor_theorem": Citation(
        f"{ARTICLE}, 定理 and 証明",
        "五線は、次の場合、後手必勝である。",
        "normal play (whoever erases the last stick wins); any rows a_1..a_n; a turn erases "
        "adjacent sticks of one row (the article's operation F: b -> c, d with c + d < b)",
    ),
    "fivelines.row_is_nim_heap": Citation(
        f"{OURS}, 操作 F and 定理",
        "2つの0以上の整数 $c,d$ を $c+d<b$ となるように選ぶ",
        "our finding, not stated in the article: the Sprague-Grundy value of one row under "
        "the article's operation F, normal play",
    ),
    "fivelines.winning_move_from_one_end": Citation(
        f"{ARTICLE}, 証明 (それ以外の場合、先手必勝)",
        "$a$ を $b,0$ にする操作を行えば",
        "normal play; whenever the theorem's condition fails, the player to move wins by "
        "shortening one row from an end (a -> b, 0), the move the proof builds",
    ),
    "fivelines.pyramid_first_player_wins": Citation(
        f"{OURS}, ルール (the pyramid start) and 定理",
        "「1列目に縦棒1本。2列目に2本。・・・5列目に5本。」",
        "our finding: the article names the pyramid 1-2-3-4-5 as the most common start but "
        "does not say who wins it; normal play, as in its theorem",
    ),
    "fivelines.misere_almost_same": Citation(
        f"{ARTICLE}, closing remark (最後の棒を消した人が負けとするルール)",
        "必勝法は、上に示した証明とほぼ同じで考えることができる",
        "misère play (whoever erases the last stick loses); 'almost the same' has no measure: "
        "read three ways, the misère-Nim rule (the XOR rule, except when no row is longer "
        "than 1), the same outcome wherever a row is longer than 1, the same winning moves "
        "wherever two or more rows are",
    ),
}

CLAIM_IDS = tuple(CITATIONS)


@dataclass(frozen=True)
class Positions:
    """The positions table as arrays (it has millions of rows)."""

    data: dict[str, np.ndarray]

    @property
    def n_positions(self) -> int:
        return len(self.data["total"])

    @property
    def total_max(self) -> int:
        return int(self.data["total"].max())


def read_positions(tables: ResultTables) -> Positions:
    """The positions table's columns the claims need (``DataError`` when it is empty)."""
    data = _position_arrays(tables.read_arrow(POSITIONS_TABLE, columns=POSITION_COLUMNS))
    if len(data["total"]) == 0:
        raise DataError(f"results/{POSITIONS_TABLE} has no positions")
    return Positions(data)


def _cited(claim_id: str, **fields: Any) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS` (``fields`` are
    those of :meth:`~asobi.core.claims.Claim.cited`)."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)


def bits_needed(largest: int) -> int:
    """Bit width a z3 lemma needs to cover row lengths up to ``largest`` (at least 1)."""
    return max(1, int(largest).bit_length())


def _rows_text(rows: list[int]) -> str:
    return "-".join(map(str, rows)) if rows else "(empty)"


def _position_arrays(table: pa.Table) -> dict[str, np.ndarray]:
    rows = table.column("rows").combine_chunks()
    lengths = pc.list_value_length(rows).to_numpy(zero_copy_only=False)
    flat = pc.list_flatten(rows).to_numpy()
    parents = pc.list_parent_indices(rows).to_numpy()
    largest = np.zeros(len(table), dtype=np.int64)
    np.maximum.at(largest, parents, flat)
    return {
        "rows": rows,
        "lengths": lengths,
        "largest": largest,
        "total": table.column("total").to_numpy(),
        "xor": table.column("xor").to_numpy(),
        "normal_first": (table.column("normal_outcome").to_numpy(zero_copy_only=False) == "first"),
        "misere_first": (table.column("misere_outcome").to_numpy(zero_copy_only=False) == "first"),
    }


def _first_mismatch(data: dict[str, np.ndarray], mask: np.ndarray) -> str:
    index = int(np.flatnonzero(mask)[0])
    return _rows_text(data["rows"][index].as_py())


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
            f"{_first_mismatch(data, mismatch)}"
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
    return _cited(
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
    return _cited(
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
            f"{_rows_text(first_without)}"
        )
    else:
        evidence = (
            f"all {won} positions with ≤ {total_max} sticks that the player to move wins have "
            f"a winning move that shortens one row from an end; {lemma_b.text}"
        )
    return _cited(
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
        normal_moves = ", ".join(_rows_text(m) for m in row["normal_winning_moves"])
        misere_moves = ", ".join(_rows_text(m) for m in row["misere_winning_moves"])
        evidence = (
            f"normal: {row['normal_outcome']} wins; {len(row['normal_winning_moves'])} "
            f"winning first moves, to {normal_moves}. misère: {row['misere_outcome']} "
            f"wins; winning first moves to {misere_moves or 'none'}"
        )
    return _cited(
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
            f"positions; smallest counterexample {_first_mismatch(data, misere_wrong)}"
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
    return _cited(
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


#: One builder per claim, in the order of the claims table.
BUILDERS = [
    xor_theorem,
    row_is_nim_heap,
    winning_move_from_one_end,
    pyramid_first_player_wins,
    misere_almost_same,
]
