"""The article's ○/× for every row of its data file: the vendored file, the row-by-row
comparison table and the claim ``shiritori.article_marks``, pushed both ways.

The winners are either the article's own (each row's mark, with the one row our reading
changes set the other way, as a run finds it) or solved here under the article's rules
(:func:`solved`); then one mark or winner is changed where the claim should flip.
"""

from __future__ import annotations

import shutil

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.errors import DataError
from asobi.core.tables import read_metadata
from asobi.shiritori import claims
from asobi.shiritori.data import VENDORED_LIST, clean_text, load_clean
from asobi.shiritori.marks import (
    MARK_WINNER,
    VENDORED_MARKS,
    MarkRow,
    compare_marks,
    literal_winners,
    read_marks,
)
from asobi.shiritori.pipeline import python_budgets, write_article_marks
from asobi.shiritori.shiritori import DEFAULT_RULES, Shiritori
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import outcome_row

MARKS, OUTCOMES = claims.MARKS_TABLE, claims.OUTCOMES_TABLE
OTHER = {"human": "yokai", "yokai": "human"}


@pytest.fixture(scope="module")
def rows() -> list[MarkRow]:
    return read_marks()


def _trailing_space_rows(rows: list[MarkRow]) -> list[MarkRow]:
    """The rows whose name carries whitespace that cleaning removes."""
    return [row for row in rows if row.name != row.name.strip()]


def _article_winners(rows: list[MarkRow]) -> dict[str, str]:
    """Word → the winner its row's mark names, except where a row's name carries a trailing
    space: there the other winner (the article's file read literally is not our word)."""
    winners = {clean_text(row.name): row.article_winner for row in rows}
    for row in _trailing_space_rows(rows):
        winners[clean_text(row.name)] = OTHER[row.article_winner]
    return winners


def _outcomes(winners: dict[str, str]) -> pd.DataFrame:
    return pd.DataFrame(
        [outcome_row(DEFAULT_RULES, start, winner, [start], 1) for start, winner in winners.items()]
    )


def _verdict(marks: pd.DataFrame, winners: dict[str, str]):
    (claim,) = run_builders(
        [claims.article_marks], ResultTables(frames={MARKS: marks, OUTCOMES: _outcomes(winners)})
    )
    return claim


# -- the vendored file ---------------------------------------------------------------------------


def test_the_vendored_file_has_every_row_of_the_names_list(rows):
    assert len(rows) == 1303
    assert [row.mark for row in rows].count("○") == 1094
    assert [row.mark for row in rows].count("×") == 209
    names = VENDORED_LIST.read_text(encoding="utf-8").splitlines()[1:]
    assert [f"{row.name}\t{'|'.join(row.aliases)}" for row in rows] == names


def test_a_corrupted_copy_is_one_clear_line(tmp_path):
    copy = tmp_path / VENDORED_MARKS.name
    shutil.copyfile(VENDORED_MARKS, copy)
    copy.write_bytes(copy.read_bytes().replace("×".encode(), "○".encode(), 1))
    with pytest.raises(DataError, match="article marks file .* has sha256") as error:
        read_marks(copy)
    assert "\n" not in str(error.value)
    outcomes = tmp_path / "outcomes.parquet"
    _outcomes({"アスコココ": "human"}).to_parquet(outcomes)
    with pytest.raises(DataError, match="has sha256"):
        write_article_marks(str(copy), str(outcomes), str(tmp_path / "out.parquet"))
    assert not (tmp_path / "out.parquet").exists()


def test_a_bad_mark_or_header_names_its_line(tmp_path):
    own = tmp_path / "marks.tsv"  # another name: no checksum vouches for it
    own.write_text("mark\tname\taliases\n○\tアスコココ\t\n△\tアズキアライ\t\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 3: mark '△' is not ○ or ×"):
        read_marks(own)
    own.write_text("name\taliases\nアスコココ\t\n", encoding="utf-8")
    with pytest.raises(DataError, match="header must be 'mark<TAB>name<TAB>aliases'"):
        read_marks(own)


# -- the comparison table ------------------------------------------------------------------------


def test_every_row_is_in_the_table_in_the_file_order(rows):
    frame = compare_marks(rows, {})
    assert frame["row"].tolist() == list(range(1, len(rows) + 1))
    assert frame["line"].tolist() == [row.line for row in rows]
    assert set(frame["status"]) == {"open"}
    assert frame["explanation"].str.startswith("not solved in this run").all()


def test_the_trailing_space_explains_its_row(rows):
    frame = compare_marks(rows, _article_winners(rows)).set_index("line")
    (space,) = _trailing_space_rows(rows)
    row = frame.loc[space.line]
    assert (row["name"], row["word"]) == ("ワウワウ ", "ワウワウ")
    assert (row["mark"], row["literal_winner"], row["winner"]) == ("×", "yokai", "human")
    assert (row["status"], bool(row["explained"])) == ("disagree", True)
    assert "'ワウワウ '" in row["explanation"] and "' '" in row["explanation"]
    assert row["explanation"].startswith("explained by the file")
    assert any(quirk.startswith("whitespace_removed") for quirk in row["quirks"])
    # the alias of オウニ matches that row only once cleaned
    ouni = frame[frame["name"] == "オウニ"].iloc[0]
    assert any("alias_matched_after_cleaning" in quirk for quirk in ouni["quirks"])
    assert ouni["status"] == "agree" and pd.isna(ouni["explanation"])
    assert (frame["status"] == "agree").sum() == len(rows) - 1


def test_a_duplicated_reading_is_named_in_the_explanation(rows):
    winners = _article_winners(rows)
    frame = compare_marks(rows, winners)
    repeated = frame[frame["quirks"].map(lambda q: any("duplicate_reading" in x for x in q))]
    assert repeated["word"].value_counts().eq(2).all() and len(repeated) == 14
    word = repeated["word"].iloc[0]
    winners[word] = OTHER[winners[word]]
    flipped = compare_marks(rows, winners)
    both = flipped[flipped["word"] == word]
    assert both["status"].tolist() == ["disagree", "disagree"]
    assert not both["explained"].any()
    lines = both["line"].tolist()
    for text in both["explanation"]:
        assert text.startswith("unexplained")
        assert "duplicate_reading" in text and f"lines {lines[0]} (○), {lines[1]} (○)" in text


def test_unknown_and_unsolved_words_are_open_with_a_reason(rows):
    winners = _article_winners(rows)
    winners["アスコココ"] = "unknown"
    del winners["アズキアライ"]
    frame = compare_marks(rows, winners).set_index("word")
    assert frame.loc["アスコココ", "status"] == "open"
    assert "left アスコココ unknown" in frame.loc["アスコココ", "explanation"]
    assert frame.loc["アズキアライ", "status"] == "open"
    assert frame.loc["アズキアライ", "explanation"].startswith("not solved in this run")


def test_the_literal_reading_decides_what_the_first_answer_decides():
    rows = [
        MarkRow(2, "○", "アン", ()),  # ends in ン: the yokai loses at once
        MarkRow(3, "×", "ンア ", ()),  # ends in a space: nobody can answer
        MarkRow(4, "○", "アカ", ("カア",)),  # its only answer is its alias: banned
        MarkRow(5, "○", "カア", ()),  # アン and アカ answer it
    ]
    assert literal_winners(rows) == {2: "human", 3: "yokai", 4: "yokai", 5: None}


def test_the_step_writes_the_table_with_provenance(rows, tmp_path):
    outcomes = tmp_path / "outcomes.parquet"
    _outcomes(_article_winners(rows)).to_parquet(outcomes)
    out = write_article_marks(str(VENDORED_MARKS), str(outcomes), str(tmp_path / "m.parquet"))
    written = pd.read_parquet(out)
    assert len(written) == len(rows)
    assert written["status"].value_counts().to_dict() == {"agree": 1302, "disagree": 1}
    assert read_metadata(out)["table"] == "shiritori/article_marks"


# -- the claim -----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def solved() -> dict[str, str]:
    """Every start word of the vendored list solved under the article's rules with the
    pipeline's Python budgets (word → winner)."""
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, DEFAULT_RULES)
    staged = StagedSolver(game, **python_budgets())
    return {start: staged.solve(start).winner for start in game.words}


@checks_claim("shiritori.article_marks", "confirmed")
def test_the_article_marks_are_confirmed_on_the_real_data(rows, solved):
    marks = compare_marks(rows, solved)
    claim = _verdict(marks, solved)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.recheck.expected["unexplained"] == []
    (space,) = _trailing_space_rows(rows)
    assert claim.recheck.expected["explained"] == [space.line]
    assert claim.recheck.expected["agree"] == len(rows) - 1
    assert "ワウワウ " in claim.caveat


@checks_claim("shiritori.article_marks", "refuted")
def test_a_flipped_mark_refutes(rows):
    winners = _article_winners(rows)
    marks = compare_marks(rows, winners)
    assert _verdict(marks, winners).verdict is Verdict.CONFIRMED
    # a row the first answer does not decide, and one it decides (literal winner = ours)
    for literal in (None, "human"):
        index = marks.index[
            marks["literal_winner"].isna()
            if literal is None
            else marks["literal_winner"] == literal
        ][0]
        flipped = marks.copy()
        flipped.at[index, "mark"] = "×" if marks.at[index, "mark"] == "○" else "○"
        claim = _verdict(flipped, winners)
        assert claim.verdict is Verdict.REFUTED
        assert claim.recheck.expected["unexplained"] == [int(marks.at[index, "line"])]


@checks_claim("shiritori.article_marks", "refuted")
def test_a_flipped_winner_refutes_and_the_trailing_space_explains_only_its_mark(rows):
    winners = _article_winners(rows)
    marks = compare_marks(rows, winners)
    (space,) = _trailing_space_rows(rows)
    # we find the yokai for ワウワウ too: the row agrees, nothing is explained
    agreeing = {**winners, "ワウワウ": "yokai"}
    claim = _verdict(marks, agreeing)
    assert claim.verdict is Verdict.CONFIRMED and claim.caveat is None
    # the file read literally gives the yokai; a ○ there would not be explained
    flipped = marks.copy()
    flipped.loc[flipped["line"] == space.line, "mark"] = "○"
    assert _verdict(flipped, agreeing).verdict is Verdict.REFUTED


@checks_claim("shiritori.article_marks", "undecided")
def test_an_open_word_leaves_the_marks_undecided(rows):
    winners = _article_winners(rows)
    marks = compare_marks(rows, winners)
    assert _verdict(marks, {**winners, "ロクロクビ": "unknown"}).verdict is Verdict.UNDECIDED
    unsolved = {word: w for word, w in winners.items() if word != "ロクロクビ"}
    assert _verdict(marks, unsolved).verdict is Verdict.UNDECIDED
    # an unexplained disagreement refutes even while some word is open
    wrong = {**unsolved, "アスコココ": OTHER[MARK_WINNER["○"]]}
    assert _verdict(marks, wrong).verdict is Verdict.REFUTED
