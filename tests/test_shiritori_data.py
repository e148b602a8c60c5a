"""Cleaning the vendored yokai list: every quirk is found and reported, bad kana rejected."""

from __future__ import annotations

from pathlib import Path

import pytest

from asobi.core.errors import DataError
from asobi.core.tables import read_table
from asobi.shiritori.data import clean_rows, load_clean, read_raw
from asobi.shiritori.pipeline import write_vendored_check, write_words

REPO = Path(__file__).resolve().parents[1]
TSV = REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"
SUMS = REPO / "resources" / "yokai" / "SHA256SUMS"


@pytest.fixture(scope="module")
def clean():
    return load_clean(TSV)


def test_raw_list_has_the_documented_shape():
    rows = read_raw(TSV)
    assert len(rows) == 1303
    assert len({row.name for row in rows}) == 1296  # 7 readings appear twice
    assert "ワウワウ " in {row.name for row in rows}


def test_duplicate_readings_are_merged_and_reported(clean):
    assert len(clean.words) == 1296
    merged = {fix.after for fix in clean.fixes if fix.kind == "duplicate_reading_merged"}
    assert {"ウバ", "ショウキ", "ヤマチチ"} <= merged
    assert clean.lines["ウバ"] == (171, 172)


def test_trailing_space_is_removed_and_reported(clean):
    fix = next(f for f in clean.fixes if f.kind == "whitespace_removed")
    assert (fix.line, fix.before, fix.after) == (1290, "ワウワウ ", "ワウワウ")
    assert "ワウワウ" in clean.words and "ワウワウ " not in clean.words


def test_alias_matching_only_after_cleaning_is_reported_and_kept(clean):
    fix = next(f for f in clean.fixes if f.kind == "alias_matched_after_cleaning")
    assert fix.line == 214 and "オウニ" in fix.detail
    assert clean.aliases["オウニ"] == ("ワウワウ",)
    assert clean.aliases["ワウワウ"] == ("オウニ",)


def test_noppera_bou_bans_zunbera_bou(clean):
    assert "ズンベラボウ" in clean.aliases["ノッペラボウ"]
    assert "アカングワーマジムン" not in clean.aliases.get("マジムン", ())


def test_non_katakana_reading_is_rejected_with_its_line(tmp_path):
    bad = tmp_path / "bad.tsv"
    bad.write_text("name\taliases\nアカナメ\t\nakaname\t\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 3"):
        load_clean(bad)
    hiragana = tmp_path / "hiragana.tsv"
    hiragana.write_text("name\taliases\nアカナメ\tあかなめ\n", encoding="utf-8")
    with pytest.raises(DataError, match="line 2: aliases"):
        load_clean(hiragana)


def test_unknown_self_and_one_way_aliases_are_reported(tmp_path):
    path = tmp_path / "quirks.tsv"
    path.write_text(
        "name\taliases\nアカナメ\tアカナメ|ナイモノ\nウバ\tアカナメ\nｶｯﾊﾟ\t\n", encoding="utf-8"
    )
    clean = clean_rows(read_raw(path))
    kinds = {fix.kind for fix in clean.fixes}
    assert {
        "alias_of_itself_dropped",
        "alias_unknown_dropped",
        "alias_one_way",
        "nfkc_normalised",
    } <= kinds
    assert clean.aliases == {"アカナメ": (), "ウバ": ("アカナメ",), "カッパ": ()}


def test_header_and_column_count_are_checked(tmp_path):
    path = tmp_path / "x.tsv"
    path.write_text("word\taliases\n", encoding="utf-8")
    with pytest.raises(DataError, match="header"):
        read_raw(path)
    path.write_text("name\taliases\nア\t\tイ\n", encoding="utf-8")
    with pytest.raises(DataError, match="2 columns"):
        read_raw(path)


def test_checksum_rule_accepts_the_vendored_file_and_stops_on_a_change(tmp_path):
    assert write_vendored_check(str(TSV), str(SUMS), str(tmp_path / "ok.txt")).exists()
    changed = tmp_path / TSV.name
    changed.write_bytes(TSV.read_bytes() + b"\xe3\x82\xa2\t\n")
    with pytest.raises(DataError, match="was changed"):
        write_vendored_check(str(changed), str(SUMS), str(tmp_path / "bad.txt"))


def test_words_and_data_quality_tables(tmp_path):
    default = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-strict__aliases-ban"
    write_words(str(TSV), str(tmp_path / "w.parquet"), str(tmp_path / "q.parquet"), [default])
    words = read_table(tmp_path / "w.parquet")
    quality = read_table(tmp_path / "q.parquet")
    assert len(words) == 1296 and set(words["variant_id"]) == {default}
    row = words[words["word"] == "アカガンター"].iloc[0]
    assert (row["first"], row["last"], row["ends_with_n"]) == ("ア", "ア", False)
    assert words[words["word"] == "ビローン"].iloc[0]["ends_with_n"]
    assert len(quality) == 9
