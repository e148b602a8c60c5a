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
from asobi.shiritori import claims, example_claims, word_claims
from asobi.shiritori.claim_tables import PROOF_CHECK
from asobi.shiritori.marks import compare_marks, read_marks
from asobi.shiritori.pipeline import write_words
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules
from asobi.shiritori.tables import effect_rows

WORDS, OUTCOMES, EFFECT = claims.WORDS_TABLE, claims.OUTCOMES_TABLE, claims.EFFECT_TABLE
MARKS = claims.MARKS_TABLE
DEFAULT = DEFAULT_RULES.variant_id
OTHER = Rules(dakuten="free").variant_id
#: A variant that changes only the alias rule, which the article's future work does not name.
ALIASES = Rules(aliases="independent").variant_id
#: The variants the song-link claims read: each changes one axis of the article's rules.
LINK_VARIANTS = [link.other_rules.variant_id for link in word_claims.SONG_LINKS.values()]


def _write_words(root, variants: list[str]) -> pd.DataFrame:
    tsv = package_data("yokai", "yokai_names_2024-07-02.tsv")
    write_words(str(tsv), str(root / "words.parquet"), str(root / "quality.parquet"), variants)
    return pd.read_parquet(root / "words.parquet")


@pytest.fixture(scope="module")
def words(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    """The word table under the article's rules only."""
    return _write_words(tmp_path_factory.mktemp("shiritori"), [DEFAULT])


@pytest.fixture(scope="module")
def link_words(tmp_path_factory: pytest.TempPathFactory) -> pd.DataFrame:
    """The word table under the article's rules and the three one-axis variants."""
    return _write_words(tmp_path_factory.mktemp("shiritori_links"), [DEFAULT, *LINK_VARIANTS])


def _claim(builder, frames: dict[str, pd.DataFrame]):
    (claim,) = run_builders([builder], ResultTables(frames=frames))
    return claim


def _outcomes(rows: list[tuple[str, str, str]]) -> pd.DataFrame:
    """(variant, start, winner) rows as an outcomes frame (the variant's axis columns, a
    one-word line each)."""
    return pd.DataFrame(
        [
            {
                "variant_id": v,
                **Rules.from_variant_id(v).as_dict(),
                "start": s,
                "winner": w,
                "line": [s],
                "nodes": 1,
            }
            for v, s, w in rows
        ]
    )


def _all_tables(words: pd.DataFrame, outcomes: pd.DataFrame) -> dict[str, pd.DataFrame]:
    """Every table the claims read: ``words``, ``outcomes``, the effect computed from them
    and the article's marks beside the winners under the article's rules."""
    default = outcomes[outcomes["variant_id"] == DEFAULT]
    marks = compare_marks(read_marks(), dict(zip(default["start"], default["winner"], strict=True)))
    return {
        WORDS: words,
        OUTCOMES: outcomes,
        EFFECT: pd.DataFrame(effect_rows(outcomes)),
        MARKS: marks,
    }


def _with_word(words: pd.DataFrame, word: str, first: str, last: str) -> pd.DataFrame:
    row = {**words.iloc[0].to_dict(), "word": word, "first": first, "last": last, "bans": []}
    return pd.concat([words, pd.DataFrame([row])], ignore_index=True)


def _changed(words: pd.DataFrame, word: str, column: str, value) -> pd.DataFrame:
    changed = words.copy()
    index = changed.index[changed["word"] == word][0]
    changed.at[index, column] = value
    return changed


def _changed_in(words: pd.DataFrame, variant: str, word: str, column: str, value) -> pd.DataFrame:
    changed = words.copy()
    index = changed.index[(changed["word"] == word) & (changed["variant_id"] == variant)][0]
    changed.at[index, column] = value
    return changed


def _without(words: pd.DataFrame, *dropped: str) -> pd.DataFrame:
    return words[~words["word"].isin(dropped)].reset_index(drop=True)


# -- the three start words ----------------------------------------------------------------------

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
    monkeypatch.setattr(example_claims, "LINE_NODE_BUDGET", 1)
    monkeypatch.setattr(example_claims, "LINE_PROOF_BUDGET", 1)
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
    # an initial the article does not list is evidence, not a refutation
    claim = _claim(claims.bouzu_combo, {WORDS: _with_word(words, "ヨミボウズ", "ヨ", "ズ")})
    assert claim.verdict is Verdict.CONFIRMED
    assert "not in the article's list ヨ" in claim.evidence


@checks_claim("shiritori.example_tree", "confirmed", "refuted", "undecided")
def test_example_tree_confirmed_refuted_by_an_alias_undecided_without_a_word(words):
    claim = _claim(claims.example_tree, {WORDS: words})
    assert claim.verdict is Verdict.CONFIRMED
    assert "14 lines of play from ア against the article's 14" in claim.evidence
    assert "winners agree at 14 of 14 nodes" in claim.evidence
    # if アカエイ also banned ウバガビ, the human would have no winning first word
    aliased = _changed(words, "アカエイ", "bans", ["ウバガビ"])
    claim = _claim(claims.example_tree, {WORDS: aliased})
    assert claim.verdict is Verdict.REFUTED
    assert "at the root the yokai wins" in claim.evidence
    assert "not legal here: アカエイ → イガボウ → ウバガビ" in claim.evidence
    claim = _claim(claims.example_tree, {WORDS: _without(words, "メンレイキ")})
    assert claim.verdict is Verdict.UNDECIDED
    assert "not in the list: メンレイキ" in claim.evidence


def test_example_tree_refuted_by_a_winner_the_article_marks_otherwise(words, monkeypatch):
    # the winners follow from the lines of play, so only a tree marked otherwise differs
    marked = {**example_claims.EXAMPLE_TREE, ("アカアシ", "シカヒメ"): "yokai"}
    monkeypatch.setattr(example_claims, "EXAMPLE_TREE", marked)
    claim = _claim(claims.example_tree, {WORDS: words})
    assert claim.verdict is Verdict.REFUTED
    assert "differ: アカアシ → シカヒメ (human wins, not the yokai)" in claim.evidence


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


# -- the variants -------------------------------------------------------------------------------


def _effect(rows: list[tuple[str, str, str]]) -> pd.DataFrame:
    return pd.DataFrame(effect_rows(_outcomes(rows)))


def _frames(rows: list[tuple[str, str, str]]) -> dict[str, pd.DataFrame]:
    return {OUTCOMES: _outcomes(rows), EFFECT: _effect(rows)}


@checks_claim("shiritori.variants_change_outcomes", "confirmed", "refuted", "undecided")
def test_variants_change_outcomes_confirmed_refuted_or_undecided_by_the_named_rules():
    builder = claims.variants_change_outcomes
    changes = [(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "yokai")]
    claim = _claim(builder, _frames(changes))
    # one start word of one, no yokai win to save: some change and the start-word shares
    # confirm, the yokai-win shares have no case
    assert claim.verdict is Verdict.UNDECIDED
    assert _reading(claim, "some_change") is Verdict.CONFIRMED
    assert _reading(claim, "quarter_of_start_words") is Verdict.CONFIRMED
    assert _reading(claim, "tenth_of_yokai_wins") is Verdict.UNDECIDED
    expected = "voiced marks free: 1 of 1 start words change winner (yokai → human 0, human → "
    assert expected + "yokai 1)" in claim.evidence
    same = [(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "human")]
    assert _claim(builder, _frames(same)).verdict is Verdict.UNDECIDED  # no yokai win
    same += [(DEFAULT, "ガゴゼ", "yokai"), (OTHER, "ガゴゼ", "yokai")]
    assert _claim(builder, _frames(same)).verdict is Verdict.REFUTED
    # the alias rule is not one the article names: its change is shown beside, not counted
    alias_only = [*same, (ALIASES, "ボゼ", "yokai")]
    claim = _claim(builder, _frames(alias_only))
    assert claim.verdict is Verdict.REFUTED
    assert "with the alias rule too" in claim.evidence
    assert "1 of 2 start words change in some of the 2 other variants" in claim.evidence
    # an unknown pair is no change either way: the claim stays open, never refuted
    open_pair = [(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "unknown")]
    claim = _claim(builder, _frames(open_pair))
    assert claim.verdict is Verdict.UNDECIDED
    assert "0 of 1 start words change winner (yokai → human 0, human → yokai 0), 1 more open" in (
        claim.evidence
    )
    # no variant of the named rules in the run: nothing to judge
    assert _claim(builder, _frames([(DEFAULT, "ボゼ", "human")])).verdict is Verdict.UNDECIDED


def _reading(claim, reading_id: str) -> Verdict:
    return next(r.verdict for r in claim.readings if r.reading_id == reading_id)


def _ten_starts(saved: int) -> list[tuple[str, str, str]]:
    """Ten start words, four of them yokai wins; the variant OTHER saves ``saved`` of the
    yokai wins and changes nothing else."""
    rows = []
    for i in range(10):
        word = f"ア{'イ' * i}ゼ"
        base = "yokai" if i < 4 else "human"
        rows += [(DEFAULT, word, base), (OTHER, word, "human" if i < saved else base)]
    return rows


@checks_claim("shiritori.variants_change_outcomes", "confirmed", "depends", "refuted")
def test_variants_change_outcomes_large_is_judged_by_each_share_of_ours():
    builder = claims.variants_change_outcomes
    # 3 of 10 start words (30 %), 3 of 4 yokai wins: large by every share
    claim = _claim(builder, _frames(_ten_starts(3)))
    assert claim.verdict is Verdict.CONFIRMED
    assert [r.reading_id for r in claim.readings] == [
        "some_change",
        "tenth_of_start_words",
        "quarter_of_start_words",
        "tenth_of_yokai_wins",
        "quarter_of_yokai_wins",
    ]
    assert all("(ours" in r.yardstick for r in claim.readings[1:])
    assert "changes 3 of 10 (30.0 %" in claim.readings[1].figures
    # 2 of 10 (20 %): a tenth but not a quarter of the start words; half the yokai wins
    claim = _claim(builder, _frames(_ten_starts(2)))
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat.startswith("confirmed under: some_change, tenth_of_start_words, ")
    assert "refuted under: quarter_of_start_words" in claim.caveat
    # 1 of 10: a tenth of the start words, a quarter of the yokai wins, not a quarter of
    # the start words
    claim = _claim(builder, _frames(_ten_starts(1)))
    assert claim.verdict is Verdict.DEPENDS
    assert _reading(claim, "quarter_of_yokai_wins") is Verdict.CONFIRMED
    # nothing changes: refuted under every reading
    claim = _claim(builder, _frames(_ten_starts(0)))
    assert claim.verdict is Verdict.REFUTED
    assert {r.verdict for r in claim.readings} == {Verdict.REFUTED}


def test_variants_change_outcomes_counts_each_named_rule_alone_and_combined():
    both = Rules(dakuten="free", small_kana="mora").variant_id
    mora = Rules(small_kana="mora").variant_id
    rows = [
        (DEFAULT, "ボゼ", "human"),
        (DEFAULT, "ガゴゼ", "yokai"),
        (OTHER, "ボゼ", "human"),
        (OTHER, "ガゴゼ", "yokai"),
        (mora, "ボゼ", "human"),
        (mora, "ガゴゼ", "unknown"),
        (both, "ボゼ", "yokai"),
        (both, "ガゴゼ", "human"),
    ]
    claim = _claim(claims.variants_change_outcomes, _frames(rows))
    assert claim.verdict is Verdict.CONFIRMED
    assert "voiced marks free: 0 of 2 start words change winner" in claim.evidence
    assert "small kana kept as a mora: 0 of 2 start words change winner" in claim.evidence
    assert "any of the 3 combinations: 2 of 2 start words change winner (yokai → human 1, " in (
        claim.evidence
    )


@checks_claim("shiritori.variants_save_yokai_wins", "confirmed", "refuted", "undecided")
def test_variants_save_yokai_wins_counts_only_yokai_wins_that_become_human_wins():
    builder = claims.variants_save_yokai_wins
    saved = [(DEFAULT, "ガゴゼ", "yokai"), (OTHER, "ガゴゼ", "human")]
    claim = _claim(builder, _frames(saved))
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("1 of the 1 yokai wins")
    # a human win that becomes a yokai win is a change, but saves nobody
    lost = [(DEFAULT, "ガゴゼ", "yokai"), (OTHER, "ガゴゼ", "yokai")]
    lost += [(DEFAULT, "ボゼ", "human"), (OTHER, "ボゼ", "yokai")]
    assert _claim(builder, _frames(lost)).verdict is Verdict.REFUTED
    open_pair = [(DEFAULT, "ガゴゼ", "yokai"), (OTHER, "ガゴゼ", "unknown")]
    claim = _claim(builder, _frames(open_pair))
    assert claim.verdict is Verdict.UNDECIDED
    assert "1 more open" in claim.evidence


# -- the data excerpt and the names of one yokai ------------------------------------------------

EXCERPT_WINNERS = [(DEFAULT, "アスコココ", "human"), (DEFAULT, "アズキアライ", "human")]
EXCERPT_WINNERS += [(DEFAULT, "アズキトギ", "yokai")]


@checks_claim("shiritori.data_excerpt", "confirmed", "refuted", "undecided")
def test_data_excerpt_confirmed_refuted_by_a_mark_or_an_alias_undecided_when_open(words):
    builder = claims.data_excerpt
    claim = _claim(builder, {WORDS: words, OUTCOMES: _outcomes(EXCERPT_WINNERS)})
    assert claim.verdict is Verdict.CONFIRMED
    assert "○ アスコココ: run human, aliases none (shown: none)" in claim.evidence
    flipped = [(DEFAULT, "アスコココ", "yokai"), *EXCERPT_WINNERS[1:]]
    claim = _claim(builder, {WORDS: words, OUTCOMES: _outcomes(flipped)})
    assert claim.verdict is Verdict.REFUTED
    assert "differ: アスコココ's winner" in claim.evidence
    aliased = _changed(words, "アスコココ", "bans", ["アズキアライ"])
    claim = _claim(builder, {WORDS: aliased, OUTCOMES: _outcomes(EXCERPT_WINNERS)})
    assert claim.verdict is Verdict.REFUTED
    assert "differ: アスコココ's aliases" in claim.evidence
    unknown = [(DEFAULT, "アスコココ", "unknown"), *EXCERPT_WINNERS[1:]]
    claim = _claim(builder, {WORDS: words, OUTCOMES: _outcomes(unknown)})
    assert claim.verdict is Verdict.UNDECIDED
    assert "open: アスコココ's winner" in claim.evidence


@checks_claim("shiritori.name_changes_winner", "confirmed", "refuted", "undecided")
def test_name_changes_winner_confirmed_by_one_split_yokai_refuted_when_none(words):
    builder = claims.name_changes_winner
    everyone = [(DEFAULT, w, "human") for w in words["word"]]
    split = [r if r[1] != "アズキトギ" else (DEFAULT, "アズキトギ", "yokai") for r in everyone]
    claim = _claim(builder, {WORDS: words, OUTCOMES: _outcomes(split)})
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("1 of ")
    assert "アズキアライ/アズキトギ" in claim.evidence
    assert _claim(builder, {WORDS: words, OUTCOMES: _outcomes(everyone)}).verdict is (
        Verdict.REFUTED
    )
    open_ = [r if r[1] != "アズキトギ" else (DEFAULT, "アズキトギ", "unknown") for r in everyone]
    claim = _claim(builder, {WORDS: words, OUTCOMES: _outcomes(open_)})
    assert claim.verdict is Verdict.UNDECIDED
    assert "1 groups with a name undecided" in claim.evidence


# -- the song's links ---------------------------------------------------------------------------


@checks_claim("shiritori.song_link_final_u", "confirmed", "refuted", "undecided")
def test_song_link_final_u_holds_only_as_written(link_words, words):
    builder = claims.song_link_final_u
    claim = _claim(builder, {WORDS: link_words})
    assert claim.verdict is Verdict.CONFIRMED
    assert "final_u=pronounced: ミツメコゾウ ends in オ" in claim.evidence
    pronounced = Rules(final_u="pronounced").variant_id
    changed = _changed_in(link_words, pronounced, "ミツメコゾウ", "last", "ウ")
    assert _claim(builder, {WORDS: changed}).verdict is Verdict.REFUTED
    changed = _changed_in(link_words, DEFAULT, "ミツメコゾウ", "last", "オ")
    assert _claim(builder, {WORDS: changed}).verdict is Verdict.REFUTED
    # the other reading is not in the table: nothing to compare with
    assert _claim(builder, {WORDS: words}).verdict is Verdict.UNDECIDED


@checks_claim("shiritori.song_link_small_kana", "confirmed", "refuted")
def test_song_link_small_kana_holds_only_enlarged(link_words):
    builder = claims.song_link_small_kana
    claim = _claim(builder, {WORDS: link_words})
    assert claim.verdict is Verdict.CONFIRMED
    assert "チョウチンオバケ starts with チョ, the link does not hold" in claim.evidence
    mora = Rules(small_kana="mora").variant_id
    changed = _changed_in(link_words, mora, "チョウチンオバケ", "first", "チ")
    assert _claim(builder, {WORDS: changed}).verdict is Verdict.REFUTED


@checks_claim("shiritori.song_link_dakuten", "confirmed", "refuted")
def test_song_link_dakuten_holds_under_both_readings(link_words):
    builder = claims.song_link_dakuten
    claim = _claim(builder, {WORDS: link_words})
    assert claim.verdict is Verdict.CONFIRMED
    assert "dakuten=free: シチホダ ends in ダ, ダイダラボッチ starts with ダ, the link holds" in (
        claim.evidence
    )
    free = Rules(dakuten="free").variant_id
    changed = _changed_in(link_words, free, "ダイダラボッチ", "first", "ジ")
    assert _claim(builder, {WORDS: changed}).verdict is Verdict.REFUTED


# -- citations ----------------------------------------------------------------------------------


def test_every_claim_is_cited_and_built_from_its_citation(words):
    from asobi.core.sources import ARTICLES

    assert tuple(claims.CITATIONS) == claims.CLAIM_IDS
    for citation in claims.CITATIONS.values():
        assert f"「{ARTICLES['shiritori'].title}」, " in citation.source
    rows = [(DEFAULT, "アズキアライ", "human"), (OTHER, "ボゼ", "yokai")]
    frames = _all_tables(words, _outcomes(rows))
    for claim in run_builders(claims.BUILDERS, ResultTables(frames=frames)):
        assert claim.citation == claims.CITATIONS[claim.claim_id]


def test_the_rokurokubi_claim_cites_its_own_section():
    assert claims.CITATIONS["shiritori.rokurokubi_yokai_win"].source.endswith(
        "実は先手必勝だったろくろっくび"
    )


def test_every_declared_claim_is_built_and_cites_what_it_read(words):
    rows = [(DEFAULT, "アズキアライ", "human"), (DEFAULT, "アズキトギ", "yokai")]
    frames = _all_tables(words, _outcomes([*rows, (OTHER, "ボゼ", "yokai")]))
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert {c.verdict.value for c in built} <= {"confirmed", "refuted", "undecided", "depends"}


def test_claims_step_reads_the_tables_the_rule_declares(words, tmp_path):
    # The tables come from the files the rule gives, wherever they lie; the claims cite them
    # by their names under results/, as when built from frames.
    from asobi.shiritori.pipeline import write_claims_table

    outcomes = _outcomes([(DEFAULT, "アズキアライ", "human"), (OTHER, "ボゼ", "yokai")])
    frames = _all_tables(words, outcomes)
    paths = {name: tmp_path / f"in{i}.parquet" for i, name in enumerate(frames)}
    for name, frame in frames.items():
        frame.to_parquet(paths[name])
    out = write_claims_table(
        words=str(paths[WORDS]),
        outcomes=str(paths[OUTCOMES]),
        effect=str(paths[EFFECT]),
        marks=str(paths[MARKS]),
        out=str(tmp_path / "out" / "claims.parquet"),
    )
    written = pd.read_parquet(out)
    cited = run_builders(claims.BUILDERS, ResultTables(frames=frames))
    assert [list(t) for t in written["tables"]] == [list(c.tables) for c in cited]


def test_every_claim_has_a_recheck_and_the_winners_name_the_certificate_check(words):
    rows = [(DEFAULT, "アズキアライ", "human"), (DEFAULT, "アズキトギ", "yokai")]
    frames = _all_tables(words, _outcomes([*rows, (OTHER, "ボゼ", "yokai")]))
    built = {c.claim_id: c for c in run_builders(claims.BUILDERS, ResultTables(frames=frames))}
    assert all(claim.recheck is not None for claim in built.values())
    proved = {cid for cid, claim in built.items() if claim.recheck.command is not None}
    assert proved == {cid for cid, claim in built.items() if OUTCOMES in claim.tables}
    assert {claim.recheck.command for claim in built.values()} - {None} == {PROOF_CHECK}
    assert proved == set(claims.PROOF_CHECKS)  # asobi's registry: what recheck runs
    # a start word the run did not solve: the query must return no row
    assert built["shiritori.rokurokubi_yokai_win"].recheck.expected == []
