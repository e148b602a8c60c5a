"""The article's claims about 五線, each checked against the result tables.

Source: 「五線の必勝法」 (shared/articles/gosen_hisshouhou.txt): the theorem (second player
wins iff the binary digit sums are all even, i.e. XOR = 0), its proof, and the closing
remark that the more common misère rule has "almost the same" winning strategy.
"""

from __future__ import annotations

import numpy as np
import pyarrow.compute as pc
import pyarrow.parquet as pq

from asobi.core.claims import Claim, Verdict, verdict_from
from asobi.core.errors import DataError
from asobi.fivelines.fivelines import PYRAMID

ARTICLE = "「五線の必勝法」"
GAME = "fivelines"


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


def fivelines_claims(*, grundy_path: str, positions_path: str, proofs_path: str) -> list[Claim]:
    """Build every five-lines claim row from the three result tables."""
    data = _load_positions(positions_path)
    n_positions = len(data["total"])
    if n_positions == 0:
        raise DataError(f"{positions_path} has no positions")
    total_max = int(data["total"].max())
    proofs = pq.read_table(proofs_path).to_pandas()
    grundy = pq.read_table(grundy_path).to_pandas()
    positions_table = "fivelines/positions"

    def proof_summary(lemma: str) -> tuple[bool, str]:
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

    claims: list[Claim] = []

    # 1. The XOR theorem.
    xor_zero = data["xor"] == 0
    mismatch = data["normal_first"] == xor_zero  # first wins exactly when XOR != 0
    ok_a, text_a = proof_summary("move_breaks_zero")
    ok_b, text_b = proof_summary("zero_reachable")
    exhaustive_ok = not mismatch.any()
    if not exhaustive_ok:
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
    claims.append(
        Claim(
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
            table=f"{positions_table}, fivelines/proofs",
        )
    )

    # 2. A row is a Nim heap.
    values = grundy["grundy"].to_numpy()
    n_values = grundy["n"].to_numpy()
    wrong = np.flatnonzero(values != n_values)
    ok_c, text_c = proof_summary("row_grundy")
    claims.append(
        Claim(
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
    )

    # 3. The usual pyramid.
    pyramid_total = sum(PYRAMID)
    if pyramid_total <= total_max:
        table = pq.read_table(positions_path, filters=[("total", "=", pyramid_total)])
        row = next(r for r in table.to_pylist() if r["rows"] == list(PYRAMID))
        normal_moves = ", ".join(_rows_text(m) for m in row["normal_winning_moves"])
        misere_moves = ", ".join(_rows_text(m) for m in row["misere_winning_moves"])
        claims.append(
            Claim(
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
                table=positions_table,
            )
        )

    # 4. Misère play: "almost the same" strategy.
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
    claims.append(
        Claim(
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
            table=positions_table,
        )
    )
    return claims
