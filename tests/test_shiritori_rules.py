"""The rules of yokai shiritori: units per variant on real words of the list, the game."""

from __future__ import annotations

import pytest

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome
from asobi.shiritori.shiritori import (
    ALL_RULES,
    DEFAULT_RULES,
    Lexicon,
    Position,
    Rules,
    Shiritori,
    accepted_units,
    first_unit,
    last_unit,
)


def test_there_are_32_distinct_variants_with_round_trip_ids():
    ids = {rules.variant_id for rules in ALL_RULES}
    assert len(ids) == 32
    assert all(Rules.from_variant_id(rules.variant_id) == rules for rules in ALL_RULES)
    assert ALL_RULES[0] == DEFAULT_RULES


def test_unknown_axis_value_is_a_config_error():
    with pytest.raises(ConfigError, match="dakuten"):
        Rules(dakuten="loose")
    with pytest.raises(ConfigError, match="variant id"):
        Rules.from_variant_id("dakuten-free")


@pytest.mark.parametrize(
    ("word", "rules", "unit"),
    [
        # ー takes the previous vowel (article: アカガンター → ア) or is skipped.
        ("アカガンター", Rules(), "ア"),
        ("アカガンター", Rules(long_vowel="previous_kana"), "タ"),
        ("キーヌシー", Rules(), "イ"),
        ("チョマトー", Rules(), "オ"),
        ("ミソカヨー", Rules(long_vowel="previous_kana"), "ヨ"),
        # final small kana: enlarged (ダイダラボッチ → チ, キジョ → ヨ) or kept as a mora.
        ("ダイダラボッチ", Rules(), "チ"),
        ("キジョ", Rules(), "ヨ"),
        ("キジョ", Rules(small_kana="mora"), "ジョ"),
        ("イッシャ", Rules(small_kana="mora"), "シャ"),
        # final ウ: as written, or オ after an o-row kana.
        ("ミツメコゾウ", Rules(), "ウ"),
        ("ミツメコゾウ", Rules(final_u="pronounced"), "オ"),
        ("アカデンチュウ", Rules(final_u="pronounced"), "ウ"),
        ("ライゴウ", Rules(final_u="pronounced", small_kana="mora"), "オ"),
        # voiced marks are kept in the unit itself (dakuten only widens the answers).
        ("シチホダ", Rules(), "ダ"),
        ("シチホダ", Rules(dakuten="free"), "ダ"),
        ("ロクロクビ", Rules(), "ビ"),
    ],
)
def test_last_unit_of_real_words(word, rules, unit):
    assert last_unit(word, rules) == unit


def test_first_unit_mora_rule_from_the_article():
    # ダイダラボッチ → チョウチンオバケ works only when small kana are enlarged.
    assert first_unit("チョウチンオバケ", Rules()) == last_unit("ダイダラボッチ", Rules())
    mora = Rules(small_kana="mora")
    assert first_unit("チョウチンオバケ", mora) == "チョ"
    assert first_unit("トゥレンペ", mora) == "トゥ"
    assert first_unit("ムィティチゴロ", mora) == "ムィ"


def test_dakuten_free_answers_voiced_by_plain_but_not_the_reverse():
    free = Rules(dakuten="free")
    assert accepted_units("ダ", free) == {"ダ", "タ"}
    assert accepted_units("プ", free) == {"プ", "フ"}
    assert accepted_units("ジョ", free) == {"ジョ", "ショ"}
    assert accepted_units("タ", free) == {"タ"}
    assert accepted_units("ダ", Rules()) == {"ダ"}


def _small_game(rules=DEFAULT_RULES):
    return Shiritori(
        Lexicon.from_pairs(
            [
                ("ノッペラボウ", ["ズンベラボウ"]),
                ("ズンベラボウ", ["ノッペラボウ"]),
                ("ウミボウズ", []),
                ("ウシオニ", []),
                ("ニクジン", []),
                ("シチホダ", []),
                ("タヌキ", []),
                ("ダイダラボッチ", []),
            ]
        ),
        rules,
    )


def test_aliases_are_banned_together_or_independent():
    game = _small_game()
    position = game.play(game.opening("ウミボウズ"), "ズンベラボウ")
    with pytest.raises(IllegalMoveError, match="already played"):
        game.play(Position(position.used, "ノ"), "ノッペラボウ")
    free = _small_game(Rules(aliases="independent"))
    position = free.play(free.opening("ウミボウズ"), "ズンベラボウ")
    assert free.play(Position(position.used, "ノ"), "ノッペラボウ").letter == "ウ"


def test_word_ending_in_n_loses_at_once():
    game = _small_game()
    position = game.play(game.opening("ウシオニ"), "ニクジン")
    assert position.letter == "ン"
    assert game.legal_moves(position) == ()
    assert game.is_over(position) and game.winner(position) is Outcome.FIRST
    with pytest.raises(IllegalMoveError, match="game is over"):
        game.play(position, "ウミボウズ")


def test_wrong_letter_and_unknown_word_are_errors():
    game = _small_game()
    with pytest.raises(IllegalMoveError, match="begins with"):
        game.play(game.opening("シチホダ"), "ウミボウズ")
    with pytest.raises(InputError, match="not a word"):
        game.opening("カッパ")


def test_dakuten_free_in_play():
    game = _small_game(Rules(dakuten="free"))
    position = game.opening("シチホダ")
    assert set(game.legal_moves(position)) == {"タヌキ", "ダイダラボッチ"}
    strict = _small_game()
    assert strict.legal_moves(strict.opening("シチホダ")) == ("ダイダラボッチ",)
