"""The shiritori claims, each pushed to every verdict it can take by small or perturbed tables.

``words.parquet`` comes from the real step on the vendored list (article's rules only);
outcomes and ``variant_effect`` are small frames (the effect frame computed from them by the
real ``effect_rows``); then one value is changed where a claim should flip.
"""

from __future__ import annotations

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.config import package_data
from asobi.shiritori import claims
from asobi.shiritori.pipeline import write_words
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules
from asobi.shiritori.tables import effect_rows

WORDS, OUTCOMES, EFFECT = claims.WORDS_TABLE, claims.OUTCOMES_TABLE, claims.EFFECT_TABLE
DEFAULT = DEFAULT_RULES.variant_id
OTHER = Rules(dakuten="free").variant_id


@pytest.fixture(scope="module")
def words(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    root = tmp_path_factory.mktemp("shiritori")
    tsv = package_data("yokai", "yokai_names_2024-07-02.tsv")
    write_words(str(tsv), str(root / "words.parquet"), str(root / "quality.parquet"), [DEFAULT])
    return pd.read_parquet(root / "words.parquet")


def _claim(builder, frames: dict[str, pd.DataFrame]):
    (claim,) = run_builders([builder], ResultTables(frames=frames))
    return claim


def _outcomes(rows: list[tuple[str, str, str]]) -> pd.DataFrame:
    """(variant, start, winner) rows as an outcomes frame (a one-word line each)."""
    return pd.DataFrame(
        [{"variant_id": v, "start": s, "winner": w, "line": [s], "nodes": 1} for v, s, w in rows]
    )


def _with_word(words: pd.DataFrame, word: str, first: str, last: str) -> pd.DataFrame:
    row = {**words.iloc[0].to_dict(), "word": word, "first": first, "last": last, "bans": []}
    return pd.concat([words, pd.DataFrame([row])], ignore_index=True)


def _changed(words: pd.DataFrame, word: str, column: str, value) -> pd.DataFrame:
    changed = words.copy()
    index = changed.index[changed["word"] == word][0]
    changed.at[index, column] = value
    return changed


def _without(words: pd.DataFrame, *dropped: str) -> pd.DataFrame:
    return words[~words["word"].isin(dropped)].reset_index(drop=True)


# -- the three start words ---------------------------------------------------------------------

WINNER_CLAIMS = [
    (claims.azukiarai_human_win, "アズキアライ", "human"),
    (claims.azukitogi_yokai_win, "アズキトギ", "yokai"),
    (claims.rokurokubi_yokai_win, "ロクロクビ", "yokai"),
]


def _winner_verdict(builder, start: str, winner: str | None) -> Verdict:
    rows = [(DEFAULT, "ゼニガミ", "human"), (OTHER, start, "yokai")]
    if winner is not None:
        rows.append((DEFAULT, start, winner))
    return _claim(builder, {OUTCOMES: _outcomes(rows)}).verdict


@checks_claim("shiritori.azukiarai_human_win", "confirmed", "refuted", "undecided")
def test_azukiarai_human_win_confirmed_refuted_or_undecided_by_the_outcome():
    builder = claims.azukiarai_human_win
    assert _winner_verdict(builder, "アズキアライ", "human") is Verdict.CONFIRMED
    assert _winner_verdict(builder, "アズキアライ", "yokai") is Verdict.REFUTED
    assert _winner_verdict(builder, "アズキアライ", "unknown") is Verdict.UNDECIDED
    assert _winner_verdict(builder, "アズキアライ", None) is Verdict.UNDECIDED


@checks_claim("shiritori.azukitogi_yokai_win", "confirmed", "refuted", "undecided")
def test_azukitogi_yokai_win_confirmed_refuted_or_undecided_by_the_outcome():
    builder = claims.azukitogi_yokai_win
    assert _winner_verdict(builder, "アズキトギ", "yokai") is Verdict.CONFIRMED
    assert _winner_verdict(builder, "アズキトギ", "human") is Verdict.REFUTED
    assert _winner_verdict(builder, "アズキトギ", "unknown") is Verdict.UNDECIDED


@checks_claim("shiritori.rokurokubi_yokai_win", "confirmed", "refuted", "undecided")
def test_rokurokubi_yokai_win_confirmed_refuted_or_undecided_by_the_outcome():
    builder = claims.rokurokubi_yokai_win
    assert _winner_verdict(builder, "ロクロクビ", "yokai") is Verdict.CONFIRMED
    assert _winner_verdict(builder, "ロクロクビ", "human") is Verdict.REFUTED
    assert _winner_verdict(builder, "ロクロクビ", None) is Verdict.UNDECIDED


def test_an_undecided_winner_claim_shows_the_open_line_not_a_principal_line():
    rows = [(DEFAULT, "ロクロクビ", "unknown")]
    open_claim = _claim(claims.rokurokubi_yokai_win, {OUTCOMES: _outcomes(rows)})
    assert "open line ロクロクビ" in open_claim.evidence
    rows = [(DEFAULT, "ロクロクビ", "yokai")]
    won = _claim(claims.rokurokubi_yokai_win, {OUTCOMES: _outcomes(rows)})
    assert "principal line ロクロクビ" in won.evidence


def test_winner_claims_read_only_the_article_variant():
    # the other variant's yokai win for アズキアライ must not count
    claim = _claim(
        claims.azukiarai_human_win, {OUTCOMES: _outcomes([(OTHER, "アズキアライ", "yokai")])}
    )
    assert claim.verdict is Verdict.UNDECIDED
    assert claim.tables == (OUTCOMES,)


# -- the word list ------------------------------------------------------------------------------


@checks_claim("shiritori.rokurokubi_example_line", "confirmed", "refuted")
def test_rokurokubi_example_line_confirmed_and_refuted_when_a_pu_word_exists(words):
    claim = _claim(claims.rokurokubi_example_line, {WORDS: words})
    assert claim.verdict is Verdict.CONFIRMED
    assert "2 proven winning, 0 proven losing, 0 open" in claim.evidence
    with_pu = _with_word(words, "プカプカ", "プ", "カ")
    assert _claim(claims.rokurokubi_example_line, {WORDS: with_pu}).verdict is Verdict.REFUTED
    without = _without(words, "クツツラ")
    claim = _claim(claims.rokurokubi_example_line, {WORDS: without})
    assert claim.verdict is Verdict.REFUTED
    assert "クツツラ is not a legal answer" in claim.evidence


def test_rokurokubi_example_line_counts_an_undecided_move_as_open(words, monkeypatch):
    monkeypatch.setattr(claims, "LINE_NODE_BUDGET", 1)
    monkeypatch.setattr(claims, "LINE_PROOF_BUDGET", 1)
    claim = _claim(claims.rokurokubi_example_line, {WORDS: words})
    # the claim (legal, human stuck) still holds; the yokai's first word is not shown as a win
    assert claim.verdict is Verdict.CONFIRMED
    assert "1 proven winning, 0 proven losing, 1 open" in claim.evidence


@checks_claim("shiritori.only_rurukoshinpu_starts_with_ru", "confirmed", "refuted")
def test_only_rurukoshinpu_starts_with_ru_confirmed_and_refuted_by_a_second_ru_word(words):
    claim = _claim(claims.only_rurukoshinpu_starts_with_ru, {WORDS: words})
    assert claim.verdict is Verdict.CONFIRMED
    assert f"of {len(words)} words" in claim.evidence
    changed = _changed(words, "アカエイ", "first", "ル")
    claim = _claim(claims.only_rurukoshinpu_starts_with_ru, {WORDS: changed})
    assert claim.verdict is Verdict.REFUTED
    assert "2 word(s) start with ル" in claim.evidence


@checks_claim("shiritori.ru_attack_is_fatal", "confirmed", "refuted", "undecided")
def test_ru_attack_is_fatal_confirmed_refuted_by_a_pu_word_undecided_without_ru(words):
    claim = _claim(claims.ru_attack_is_fatal, {WORDS: words})
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("21 of 21 words ending in ル lose at once")
    with_pu = _with_word(words, "プカプカ", "プ", "カ")
    claim = _claim(claims.ru_attack_is_fatal, {WORDS: with_pu})
    assert claim.verdict is Verdict.REFUTED
    assert claim.evidence.startswith("0 of 21")
    no_ru = words[words["last"] != "ル"].reset_index(drop=True)
    assert _claim(claims.ru_attack_is_fatal, {WORDS: no_ru}).verdict is Verdict.UNDECIDED


@checks_claim("shiritori.bouzu_combo", "confirmed", "refuted")
def test_bouzu_combo_confirmed_and_refuted_by_a_second_zu_word_or_a_missing_initial(words):
    assert _claim(claims.bouzu_combo, {WORDS: words}).verdict is Verdict.CONFIRMED
    with_zu = _with_word(words, "ズキンカブリ", "ズ", "リ")
    claim = _claim(claims.bouzu_combo, {WORDS: with_zu})
    assert claim.verdict is Verdict.REFUTED
    assert "ズ: ズキンカブリ, ズンベラボウ" in claim.evidence
    hi_bouzu = [w for w in words["word"] if w.startswith("ヒ") and w.endswith("ボウズ")]
    claim = _claim(claims.bouzu_combo, {WORDS: _without(words, *hi_bouzu)})
    assert claim.verdict is Verdict.REFUTED
    assert "missing ヒ" in claim.evidence


@checks_claim("shiritori.example_tree", "confirmed", "refuted", "undecided")
def test_example_tree_confirmed_refuted_by_an_alias_undecided_without_a_word(words):
    assert _claim(claims.example_tree, {WORDS: words}).verdict is Verdict.CONFIRMED
    # if アカエイ also banned ウバガビ, the human would have no winning first word
    aliased = _changed(words, "アカエイ", "bans", ["ウバガビ"])
    claim = _claim(claims.example_tree, {WORDS: aliased})
    assert claim.verdict is Verdict.REFUTED
    assert "mover wins: False" in claim.evidence
    claim = _claim(claims.example_tree, {WORDS: _without(words, "メンレイキ")})
    assert claim.verdict is Verdict.UNDECIDED
    assert "not in the list: メンレイキ" in claim.evidence


@checks_claim("shiritori.default_rule_examples", "confirmed", "refuted", "undecided")
def test_default_rule_examples_confirmed_refuted_by_a_unit_undecided_without_a_word(words):
    claim = _claim(claims.default_rule_examples, {WORDS: words})
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("7 of 7 hold")
    claim = _claim(claims.default_rule_examples, {WORDS: _changed(words, "シチホダ", "last", "タ")})
    assert claim.verdict is Verdict.REFUTED
    assert "fail: シチホダ ends with ダ (table: タ)" in claim.evidence
    unbanned = _changed(words, "ノッペラボウ", "bans", [])
    assert _claim(claims.default_rule_examples, {WORDS: unbanned}).verdict is Verdict.REFUTED
    claim = _claim(claims.default_rule_examples, {WORDS: _without(words, "マジムン")})
    assert claim.verdict is Verdict.UNDECIDED


# -- the variants ---------------------------------------------------------------------------------


def _effect(rows: list[tuple[str, str, str]]) -> pd.DataFrame:
    return pd.DataFrame(effect_rows(_outcomes(rows)))


@checks_claim("shiritori.variants_change_outcomes", "confirmed", "refuted", "undecided")
def test_variants_change_outcomes_confirmed_refuted_or_undecided_by_the_unknowns():
    builder = claims.variants_change_outcomes
    changes = _effect([(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "yokai")])
    claim = _claim(builder, {EFFECT: changes})
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("1 of 1 start words")
    same = _effect([(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "human")])
    assert _claim(builder, {EFFECT: same}).verdict is Verdict.REFUTED
    # an unknown pair is no change either way: the claim stays open, never refuted
    open_pair = _effect([(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "unknown")])
    claim = _claim(builder, {EFFECT: open_pair})
    assert claim.verdict is Verdict.UNDECIDED
    assert "1 (start word, variant) pairs unknown" in claim.evidence


def test_every_declared_claim_is_built_and_cites_what_it_read(words):
    rows = [(DEFAULT, "アズキアライ", "human"), (DEFAULT, "アズキトギ", "yokai")]
    outcomes = _outcomes([*rows, (OTHER, "ボゼ", "yokai")])
    frames = {WORDS: words, OUTCOMES: outcomes, EFFECT: pd.DataFrame(effect_rows(outcomes))}
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert {c.verdict.value for c in built} <= {"confirmed", "refuted", "undecided", "depends"}


def test_claims_step_reads_the_tables_the_rule_declares(words, tmp_path):
    # The tables come from the files the rule gives, wherever they lie; the claims cite them
    # by their names under results/, as when built from frames.
    from asobi.shiritori.pipeline import write_claims_table

    outcomes = _outcomes([(DEFAULT, "アズキアライ", "human"), (OTHER, "ボゼ", "yokai")])
    frames = {WORDS: words, OUTCOMES: outcomes, EFFECT: pd.DataFrame(effect_rows(outcomes))}
    paths = {name: tmp_path / f"in{i}.parquet" for i, name in enumerate(frames)}
    for name, frame in frames.items():
        frame.to_parquet(paths[name])
    out = write_claims_table(
        words=str(paths[WORDS]),
        outcomes=str(paths[OUTCOMES]),
        effect=str(paths[EFFECT]),
        out=str(tmp_path / "out" / "claims.parquet"),
    )
    written = pd.read_parquet(out)
    cited = run_builders(claims.BUILDERS, ResultTables(frames=frames))
    assert [list(t) for t in written["tables"]] == [list(c.tables) for c in cited]
