"""The article's claims about 五線, each checked against the result tables.

Source: 「五線の必勝法」 (shared/articles/gosen_hisshouhou.txt): the theorem (second player
wins iff the binary digit sums are all even, i.e. XOR = 0), its proof, and the closing
remark that the more common misère rule has "almost the same" winning strategy.

One function per claim; each takes the tables it needs (:class:`Results`) and returns
one :class:`~asobi.core.claims.Claim` whose verdict is computed from them.
:func:`build_claims` lists them in the order of the claims table.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pandas as pd
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.claims import Claim, Verdict, verdict_from
from asobi.core.errors import DataError
from asobi.fivelines.fivelines import PYRAMID

ARTICLE = "「五線の必勝法」"
GAME = "fivelines"
POSITIONS_TABLE = "fivelines/positions"


@dataclass(frozen=True)
class Results:
    """The three result tables: ``positions`` as arrays (it has millions of rows), the
    small ``grundy`` and ``proofs`` tables as frames, and the path of ``positions`` (to
    read one row of it in full)."""

    positions: dict[str, np.ndarray]
    positions_path: str
    grundy: pd.DataFrame
    proofs: pd.DataFrame

    @property
    def n_positions(self) -> int:
        return len(self.positions["total"])

    @property
    def total_max(self) -> int:
        return int(self.positions["total"].max())


def read_results(*, grundy_path: str, positions_path: str, proofs_path: str) -> Results:
    """Read the three tables (``DataError`` when the positions table is empty)."""
    positions = _load_positions(positions_path)
    if len(positions["total"]) == 0:
        raise DataError(f"{positions_path} has no positions")
    return Results(
        positions=positions,
        positions_path=positions_path,
        grundy=pq.read_table(grundy_path).to_pandas(),
        proofs=pq.read_table(proofs_path).to_pandas(),
    )


def build_claims(results: Results) -> list[Claim]:
    """Every five-lines claim, in the order of the claims table."""
    claims = [xor_theorem(results), row_is_nim_heap(results)]
    pyramid = pyramid_first_player_wins(results)
    if pyramid is not None:
        claims.append(pyramid)
    claims.append(misere_almost_same(results))
    return claims


def _rows_text(rows: list[int]) -> str:
    return "-".join(map(str, rows)) if rows else "(empty)"


def _load_positions(path: str) -> dict[str, np.ndarray]:
    table = pq.read_table(
        path, columns=["rows", "total", "xor", "normal_outcome", "misere_outcome"]
    )
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


def proof_summary(proofs: pd.DataFrame, lemma: str) -> tuple[bool, str]:
    """Whether z3 proved ``lemma`` at every width (and row count) run, and in words."""
    rows = proofs[proofs["lemma"] == lemma]
    if rows.empty:
        return False, f"lemma {lemma}: not run"
    bad = rows[rows["status"] != "proved"]
    widths = f"widths {rows['width'].min()}..{rows['width'].max()}"
    extra = ""
    if rows["rows"].notna().any():
        extra = f", {int(rows['rows'].min())}..{int(rows['rows'].max())} rows"
    if bad.empty:
        return True, f"lemma {lemma} proved by z3 for {widths}{extra}"
    first = bad.iloc[0]
    return False, (
        f"lemma {lemma}: {len(bad)} of {len(rows)} checks not proved, first {first['status']} "
        f"at width {first['width']} {first['counterexample'] or ''}".strip()
    )


def xor_theorem(results: Results) -> Claim:
    """定理: normal play is a second-player win iff XOR = 0. Refuted by any disagreeing
    position; confirmed when the exhaustive table agrees everywhere and z3 proves lemmas
    (a) and (b), with a caveat when a lemma is not proved."""
    data, n_positions, total_max = results.positions, results.n_positions, results.total_max
    xor_zero = data["xor"] == 0
    mismatch = data["normal_first"] == xor_zero  # first wins exactly when XOR != 0
    ok_a, text_a = proof_summary(results.proofs, "move_breaks_zero")
    ok_b, text_b = proof_summary(results.proofs, "zero_reachable")
    if mismatch.any():
        verdict = Verdict.REFUTED
        evidence = (
            f"{int(mismatch.sum())} of {n_positions} positions disagree; smallest: "
            f"{_first_mismatch(data, mismatch)}"
        )
    else:
        verdict = Verdict.CONFIRMED if ok_a and ok_b else Verdict.CONFIRMED_WITH_CAVEAT
        evidence = (
            f"exhaustive search agrees on all {n_positions} positions with ≤ {total_max} sticks; "
            f"{text_a}; {text_b}"
        )
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
        evidence=evidence,
        table=f"{POSITIONS_TABLE}, fivelines/proofs",
    )


def row_is_nim_heap(results: Results) -> Claim:
    """証明 (a row b becomes rows c, d): a single row of a sticks has Grundy value a, by
    brute force over every move and by z3 (lemma c)."""
    values = results.grundy["grundy"].to_numpy()
    n_values = results.grundy["n"].to_numpy()
    wrong = np.flatnonzero(values != n_values)
    ok_c, text_c = proof_summary(results.proofs, "row_grundy")
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
        verdict=(
            Verdict.REFUTED
            if wrong.size
            else Verdict.CONFIRMED
            if ok_c
            else Verdict.CONFIRMED_WITH_CAVEAT
        ),
        evidence=(
            f"g(n) = n for all {len(values)} values; {text_c}"
            if wrong.size == 0
            else f"g({int(n_values[wrong[0]])}) = {int(values[wrong[0]])}; {text_c}"
        ),
        table="fivelines/grundy, fivelines/proofs",
    )


def pyramid_first_player_wins(results: Results) -> Claim | None:
    """ルール (the usual pyramid 1-2-3-4-5): a first-player win with normal play, with its
    winning first moves; ``None`` when the table stops below 15 sticks."""
    pyramid_total = sum(PYRAMID)
    if pyramid_total > results.total_max:
        return None
    table = pq.read_table(results.positions_path, filters=[("total", "=", pyramid_total)])
    row = next(r for r in table.to_pylist() if r["rows"] == list(PYRAMID))
    normal_moves = ", ".join(_rows_text(m) for m in row["normal_winning_moves"])
    misere_moves = ", ".join(_rows_text(m) for m in row["misere_winning_moves"])
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
        verdict=verdict_from(row["normal_outcome"] == "first"),
        evidence=(
            f"normal: {row['normal_outcome']} wins; {len(row['normal_winning_moves'])} "
            f"winning first moves, to {normal_moves}. misère: {row['misere_outcome']} "
            f"wins; winning first moves to {misere_moves or 'none'}"
        ),
        table=POSITIONS_TABLE,
    )


def misere_almost_same(results: Results) -> Claim:
    """The closing remark: misère play has "almost the same" strategy, made precise as the
    misère-Nim rule; refuted by any position where the exhaustive outcome differs from it,
    otherwise confirmed with the caveat that the endgame strategy changes."""
    data, n_positions, total_max = results.positions, results.n_positions, results.total_max
    all_small = data["largest"] <= 1
    predicted = np.where(all_small, data["lengths"] % 2 == 0, data["xor"] != 0)
    misere_wrong = predicted != data["misere_first"]
    differs = data["misere_first"] != data["normal_first"]
    differs_outside_endgame = differs & ~all_small
    if misere_wrong.any():
        verdict = Verdict.REFUTED
        evidence = (
            f"the misère-Nim rule fails on {int(misere_wrong.sum())} of {n_positions} positions; "
            f"smallest counterexample {_first_mismatch(data, misere_wrong)}"
        )
    else:
        verdict = Verdict.CONFIRMED_WITH_CAVEAT
        where = (
            "all of them made only of single sticks"
            if not differs_outside_endgame.any()
            else f"{int(differs_outside_endgame.sum())} of them with a longer row"
        )
        evidence = (
            f"misère outcome = misère-Nim rule on all {n_positions} positions with ≤ {total_max} "
            f"sticks; normal and misère outcomes differ on {int(differs.sum())} positions, "
            f"{where}. Caveat: the strategy changes at the end (leave an odd number of single "
            "sticks), and the article gives no proof."
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
        evidence=evidence,
        table=POSITIONS_TABLE,
    )
