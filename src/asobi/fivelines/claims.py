"""The article's claims about 五線, each checked against the result tables.

Source: 「五線の必勝法」 (shared/articles/gosen_hisshouhou.txt): the theorem (second player
wins iff the binary digit sums are all even, i.e. XOR = 0), its proof, and the closing
remark that the more common misère rule has "almost the same" winning strategy.

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
from asobi.fivelines.fivelines import PYRAMID

ARTICLE = "「五線の必勝法」"
GAME = "fivelines"
POSITIONS_TABLE = "fivelines/positions.parquet"
GRUNDY_TABLE = "fivelines/grundy.parquet"
PROOFS_TABLE = "fivelines/proofs.parquet"
POSITION_COLUMNS = ["rows", "total", "xor", "normal_outcome", "misere_outcome"]

CLAIM_IDS = (
    "fivelines.xor_theorem",
    "fivelines.row_is_nim_heap",
    "fivelines.pyramid_first_player_wins",
    "fivelines.misere_almost_same",
)


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
        rows_proved = proofs.loc[proofs["lemma"] == "zero_reachable", "rows"].max()
        caveat += f"; lemma (b) for at most {int(rows_proved)} rows"
    return Claim(
        claim_id="fivelines.xor_theorem",
        game=GAME,
        source=f"{ARTICLE}, 定理 and 証明",
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
    )


def row_is_nim_heap(tables: ResultTables) -> Claim:
    """証明 (a row b becomes rows c, d): a single row of a sticks has Grundy value a, by
    brute force over every move and by z3 (lemma c) for every row length it checked."""
    grundy = tables.read(GRUNDY_TABLE)
    proofs = tables.read(PROOFS_TABLE)
    values = grundy["grundy"].to_numpy()
    n_values = grundy["n"].to_numpy()
    wrong = np.flatnonzero(values != n_values)
    lemma_c = proof_coverage(proofs, "row_grundy")
    verdict, caveat = decide_theorem(int(wrong.size), [lemma_c], bits_needed(int(n_values.max())))
    return Claim(
        claim_id="fivelines.row_is_nim_heap",
        game=GAME,
        source=f"{ARTICLE}, 証明 (a row b becomes rows c, d); Sprague-Grundy theory",
        statement="A single row of a sticks is worth exactly a Nim heap of size a.",
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
    )


def decide_pyramid(total_max: int, outcome: str | None) -> Verdict:
    """Undecided when the table stops below the pyramid's sticks; else whether the first
    player wins it."""
    if outcome is None or total_max < sum(PYRAMID):
        return Verdict.UNDECIDED
    return verdict_from(outcome == "first")


def pyramid_first_player_wins(tables: ResultTables) -> Claim:
    """ルール (the usual pyramid 1-2-3-4-5): a first-player win with normal play, with its
    winning first moves; undecided when the table stops below 15 sticks."""
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
    return Claim(
        claim_id="fivelines.pyramid_first_player_wins",
        game=GAME,
        source=f"{ARTICLE}, ルール (the usual pyramid 1-2-3-4-5) with the 定理",
        statement=(
            "In the usual start with rows of 1, 2, 3, 4 and 5 sticks the first player "
            "wins with normal play (its XOR is 1, not 0)."
        ),
        formal=(
            "Exhaustive normal-play outcome of 1-2-3-4-5 is 'first'; the winning first "
            "moves are every move to a position whose outcome is 'second'."
        ),
        verdict=verdict,
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
    )


def misere_almost_same(tables: ResultTables) -> Claim:
    """The closing remark: misère play has "almost the same" strategy, made precise as the
    misère-Nim rule (play as in normal play until only single sticks would remain); refuted
    by any position where the exhaustive outcome differs from it. The caveat (computed):
    where normal and misère outcomes differ, and how far it was checked."""
    positions = read_positions(tables)
    data, n_positions, total_max = positions.data, positions.n_positions, positions.total_max
    all_small = data["largest"] <= 1
    predicted = np.where(all_small, data["lengths"] % 2 == 0, data["xor"] != 0)
    misere_wrong = predicted != data["misere_first"]
    differs = data["misere_first"] != data["normal_first"]
    differs_outside_endgame = int((differs & ~all_small).sum())
    verdict = verdict_from(not misere_wrong.any())
    caveat = None
    if misere_wrong.any():
        evidence = (
            f"the misère-Nim rule fails on {int(misere_wrong.sum())} of {n_positions} positions; "
            f"smallest counterexample {_first_mismatch(data, misere_wrong)}"
        )
    else:
        evidence = (
            f"misère outcome = misère-Nim rule on all {n_positions} positions with ≤ {total_max} "
            f"sticks; normal and misère outcomes differ on {int(differs.sum())} positions, "
            f"{differs_outside_endgame} of them with a row longer than 1"
        )
        caveat = (
            f"checked for ≤ {total_max} sticks, no proof; the outcome differs from normal play "
            f"on {int(differs.sum())} positions (the endgame of single sticks)"
        )
    return Claim(
        claim_id="fivelines.misere_almost_same",
        game=GAME,
        source=f"{ARTICLE}, closing remark on the rule where the last stick loses",
        statement=(
            "Under the (more common) rule where erasing the last stick loses, the winning "
            "strategy is almost the same as under normal play."
        ),
        formal=(
            f"For every position with at most {total_max} sticks, the exhaustive misère "
            "outcome equals the misère-Nim rule: if every row has at most 1 stick the first "
            "player wins iff the number of rows is even, otherwise iff XOR != 0."
        ),
        verdict=verdict,
        caveat=caveat,
        evidence=evidence,
        tables=(POSITIONS_TABLE,),
    )


#: One builder per claim, in the order of the claims table.
BUILDERS = [xor_theorem, row_is_nim_heap, pyramid_first_player_wins, misere_almost_same]
