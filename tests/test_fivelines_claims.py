"""The 五線 claims, each pushed to every verdict it can take by small or perturbed tables.

The tables come from the real steps on small bounds (positions up to 15 sticks, Grundy
values up to 16, z3 lemmas up to 4 bits), then one value is changed where a claim should
flip.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.errors import DataError
from asobi.core.sources import check_passages
from asobi.core.tables import write_table
from asobi.fivelines import claims
from asobi.fivelines.pipeline import write_grundy, write_positions, write_proof, write_proofs

POSITIONS, GRUNDY, PROOFS = claims.POSITIONS_TABLE, claims.GRUNDY_TABLE, claims.PROOFS_TABLE
ARTICLE_DIRS = [Path(__file__).resolve().parents[n] / "shared" / "articles" for n in (2, 3)]


@pytest.fixture(scope="module")
def frames(tmp_path_factory: pytest.TempPathFactory) -> dict[str, pd.DataFrame]:
    root = tmp_path_factory.mktemp("fivelines")
    write_positions(str(root / "positions.parquet"), 15)
    write_grundy(str(root / "grundy.parquet"), 16)
    parts = []
    for lemma in ("move_breaks_zero", "zero_reachable", "row_grundy"):
        part = root / f"proof_{lemma}.parquet"
        write_proof(str(part), lemma, 5, 2)
        parts.append(str(part))
    write_proofs(parts, str(root / "proofs.parquet"))
    return {
        POSITIONS: pd.read_parquet(root / "positions.parquet"),
        GRUNDY: pd.read_parquet(root / "grundy.parquet"),
        PROOFS: pd.read_parquet(root / "proofs.parquet"),
    }


def _claim(builder, frames: dict[str, pd.DataFrame], changed: dict | None = None):
    (claim,) = run_builders([builder], ResultTables(frames={**frames, **(changed or {})}))
    return claim


def _with_outcome(positions: pd.DataFrame, rows: list[int], column: str, value: str):
    changed = positions.copy()
    index = next(i for i, r in enumerate(changed["rows"]) if list(r) == rows)
    changed.loc[index, column] = value
    return changed


def _narrow_proofs(proofs: pd.DataFrame, width: int) -> pd.DataFrame:
    return proofs[proofs["width"] <= width].reset_index(drop=True)


@checks_claim("fivelines.xor_theorem", "confirmed")
def test_xor_theorem_confirmed_by_the_table_and_wide_enough_proofs(frames):
    claim = _claim(claims.xor_theorem, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "below 2^5" in claim.caveat and "at most 2 rows" in claim.caveat


@checks_claim("fivelines.xor_theorem", "refuted")
def test_xor_theorem_refuted_when_one_zero_xor_position_is_a_first_player_win(frames):
    positions = _with_outcome(frames[POSITIONS], [1, 2, 3], "normal_outcome", "first")
    claim = _claim(claims.xor_theorem, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.REFUTED and "1-2-3" in claim.evidence


@checks_claim("fivelines.xor_theorem", "undecided")
def test_xor_theorem_undecided_when_the_proof_width_is_below_the_rows_checked(frames):
    proofs = _narrow_proofs(frames[PROOFS], 1)
    claim = _claim(claims.xor_theorem, frames, {PROOFS: proofs})
    assert claim.verdict is Verdict.UNDECIDED
    assert "only up to 1 bits" in claim.caveat and "need 4" in claim.caveat


def test_xor_theorem_undecided_when_a_lemma_is_not_proved(frames):
    proofs = frames[PROOFS].copy()
    proofs.loc[proofs["lemma"] == "move_breaks_zero", "status"] = "unknown"
    claim = _claim(claims.xor_theorem, frames, {PROOFS: proofs})
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("fivelines.row_is_nim_heap", "confirmed")
def test_row_is_nim_heap_confirmed(frames):
    claim = _claim(claims.row_is_nim_heap, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.statement.startswith("(ours)")
    assert claim.source == "(ours), derived from 「五線の必勝法」, 操作 F and 定理"


@checks_claim("fivelines.row_is_nim_heap", "refuted")
def test_row_is_nim_heap_refuted_by_one_wrong_grundy_value(frames):
    grundy = frames[GRUNDY].copy()
    grundy.loc[grundy["n"] == 7, "grundy"] = 3
    claim = _claim(claims.row_is_nim_heap, frames, {GRUNDY: grundy})
    assert claim.verdict is Verdict.REFUTED and "g(7) = 3" in claim.evidence


@checks_claim("fivelines.row_is_nim_heap", "undecided")
def test_row_is_nim_heap_undecided_with_proofs_narrower_than_the_rows(frames):
    proofs = _narrow_proofs(frames[PROOFS], 2)
    claim = _claim(claims.row_is_nim_heap, frames, {PROOFS: proofs})
    assert claim.verdict is Verdict.UNDECIDED


def _with_winning_moves(
    positions: pd.DataFrame,
    rows: list[int],
    moves: list[list[int]],
    column: str = "normal_winning_moves",
):
    changed = positions.copy()
    index = next(i for i, r in enumerate(changed["rows"]) if list(r) == rows)
    changed.at[index, column] = [np.array(m, dtype=np.int32) for m in moves]
    return changed


@checks_claim("fivelines.winning_move_from_one_end", "confirmed")
def test_winning_move_from_one_end_confirmed_by_the_table_and_lemma_b(frames):
    claim = _claim(claims.winning_move_from_one_end, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "with ≤ 15 sticks that the player to move wins have a winning move" in claim.evidence
    assert claim.caveat == (
        "proved by z3 for row lengths below 2^5, not beyond; lemma (b) for at most 2 rows"
    )
    assert claim.source == "「五線の必勝法」, 証明 (それ以外の場合、先手必勝)"


@checks_claim("fivelines.winning_move_from_one_end", "refuted")
def test_winning_move_from_one_end_refuted_when_a_win_needs_a_split(frames):
    # the row of 3 won only by splitting it into 1 and 1
    positions = _with_winning_moves(frames[POSITIONS], [3], [[1, 1]])
    claim = _claim(claims.winning_move_from_one_end, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.endswith("have no winning move from one end; smallest: 3")


@checks_claim("fivelines.winning_move_from_one_end", "undecided")
def test_winning_move_from_one_end_undecided_with_a_narrow_lemma_b(frames):
    proofs = _narrow_proofs(frames[PROOFS], 2)
    claim = _claim(claims.winning_move_from_one_end, frames, {PROOFS: proofs})
    assert claim.verdict is Verdict.UNDECIDED


def test_one_end_moves_counted_from_the_number_of_rows():
    import pyarrow as pa

    rows = pa.list_(pa.int32())
    table = pa.table(
        {
            "rows": pa.array([[3], [1, 2], [1, 2, 3]], rows),
            "normal_outcome": ["first", "first", "second"],
            "normal_winning_moves": pa.array([[[1, 1]], [[1, 1]], []], pa.list_(rows)),
        }
    )
    assert claims.one_end_winning_moves(table) == (2, 1, [3])


@checks_claim("fivelines.pyramid_first_player_wins", "confirmed")
def test_pyramid_first_player_wins_confirmed(frames):
    claim = _claim(claims.pyramid_first_player_wins, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "3 winning first moves" in claim.evidence
    assert claim.statement.startswith("(ours)") and claim.source.startswith("(ours)")


@checks_claim("fivelines.pyramid_first_player_wins", "refuted")
def test_pyramid_first_player_wins_refuted_when_the_table_says_second(frames):
    positions = _with_outcome(frames[POSITIONS], [1, 2, 3, 4, 5], "normal_outcome", "second")
    claim = _claim(claims.pyramid_first_player_wins, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.REFUTED


@checks_claim("fivelines.pyramid_first_player_wins", "undecided")
def test_pyramid_first_player_wins_undecided_below_15_sticks(frames):
    positions = frames[POSITIONS][frames[POSITIONS]["total"] <= 10].reset_index(drop=True)
    claim = _claim(claims.pyramid_first_player_wins, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.UNDECIDED and "stops at 10 sticks" in claim.evidence


@checks_claim("fivelines.misere_almost_same", "confirmed")
def test_misere_almost_same_confirmed_under_every_reading_with_a_computed_caveat(frames):
    claim = _claim(claims.misere_almost_same, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert [r.reading_id for r in claim.readings] == [
        "misere_nim_rule",
        "same_outcome_with_a_long_row",
        "same_winning_moves_with_two_long_rows",
    ]
    assert claim.caveat.startswith("checked for ≤ 15 sticks, no proof")
    # with one row longer than 1 the misère winner leaves an odd number of single sticks:
    # the winning moves differ there, and only there
    moves = claim.readings[2].figures
    won = int(moves.split(" of the ")[1].split(" ")[0])
    assert moves.startswith(f"{won} of the {won} positions") and won > 0
    assert "with one row longer than 1: 0 of " in moves


@checks_claim("fivelines.misere_almost_same", "depends")
def test_misere_almost_same_depends_when_only_the_winning_moves_differ(frames):
    positions = _with_winning_moves(frames[POSITIONS], [2, 3], [[1, 2]], "misere_winning_moves")
    claim = _claim(claims.misere_almost_same, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == (
        "confirmed under: misere_nim_rule, same_outcome_with_a_long_row; "
        "refuted under: same_winning_moves_with_two_long_rows"
    )


@checks_claim("fivelines.misere_almost_same", "depends")
def test_misere_almost_same_depends_when_only_an_outcome_differs(frames):
    positions = _with_outcome(frames[POSITIONS], [2, 3], "misere_outcome", "second")
    claim = _claim(claims.misere_almost_same, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.DEPENDS and "2-3" in claim.evidence
    assert "refuted under: misere_nim_rule, same_outcome_with_a_long_row" in claim.caveat


@checks_claim("fivelines.misere_almost_same", "refuted")
def test_misere_almost_same_refuted_when_outcome_and_moves_differ(frames):
    positions = _with_outcome(frames[POSITIONS], [2, 3], "misere_outcome", "second")
    positions = _with_winning_moves(positions, [2, 4], [[1, 1, 2]], "misere_winning_moves")
    claim = _claim(claims.misere_almost_same, frames, {POSITIONS: positions})
    assert claim.verdict is Verdict.REFUTED
    assert {r.verdict for r in claim.readings} == {Verdict.REFUTED}


def test_every_fivelines_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert list(claims.CITATIONS) == list(claims.CLAIM_IDS)
    for claim in built:
        assert claim.citation == claims.CITATIONS[claim.claim_id]
        # (ours) in the statement exactly when the source says so
        assert claim.statement.startswith("(ours)") == claim.source.startswith("(ours)")


def test_every_fivelines_claim_has_a_recheck_query_that_a_changed_table_contradicts(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    by_id = {claim.claim_id: claim for claim in built}
    assert all(claim.recheck is not None for claim in built)
    assert by_id["fivelines.xor_theorem"].recheck.expected[0]["disagree"] == 0
    assert by_id["fivelines.pyramid_first_player_wins"].recheck.expected[0]["normal_outcome"] == (
        "first"
    )
    # one outcome changed: the claims reading it re-derive other figures than they state
    positions = _with_outcome(frames[POSITIONS], [2, 3], "misere_outcome", "second")
    misere = by_id["fivelines.misere_almost_same"].recheck
    wrong = misere.differences({**frames, POSITIONS: positions})
    assert "figure 'rule_fails': the query gives 1, the claim states 0" in wrong
    proofs = frames[PROOFS].copy()
    proofs.loc[proofs["lemma"] == "row_grundy", "status"] = "unknown"
    wrong = by_id["fivelines.row_is_nim_heap"].recheck.differences({**frames, PROOFS: proofs})
    assert wrong and all("'not_proved'" in line for line in wrong)


def test_every_fivelines_passage_is_in_the_article():
    folder = next((p for p in ARTICLE_DIRS if p.is_dir()), None)
    if folder is None:
        pytest.skip("the article texts (../shared/articles) are not here")
    checks = check_passages(claims.CITATIONS, folder)
    assert [c.claim_id for c in checks if not c.found] == []


def test_claims_step_reads_the_tables_the_rule_declares(tmp_path: Path, frames):
    # The tables come from the files the rule gives (stamped like a run's), wherever they
    # lie; the claims cite them by their names under results/.
    from asobi.fivelines.pipeline import write_claims

    paths = {}
    for i, (name, frame) in enumerate(frames.items()):
        paths[name] = write_table(frame, tmp_path / f"in{i}.parquet", table=name[:-8])
    step = {"grundy": paths[GRUNDY], "positions": paths[POSITIONS], "proofs": paths[PROOFS]}
    out = write_claims(str(tmp_path / "out" / "claims.parquet"), **step)
    written = pd.read_parquet(out)
    assert list(written["claim_id"]) == list(claims.CLAIM_IDS)
    assert list(written["tables"].iloc[0]) == [POSITIONS, PROOFS]
    swapped = {**step, "grundy": paths[PROOFS], "proofs": paths[GRUNDY]}
    with pytest.raises(DataError, match=r"in[12].parquet holds the table fivelines/\w+, not"):
        write_claims(str(tmp_path / "claims.parquet"), **swapped)
