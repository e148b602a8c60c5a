"""Where the article makes each yokai-shiritori claim, and under what conditions.

Source: 「もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析」. :data:`CITATIONS` maps
each claim id to its citation (the article's section, a short verbatim passage that locates
the claim, the article's conditions in our words); :data:`CLAIM_IDS` is their order, and
:func:`cited` builds a claim from its citation, so that the claims table and the citations
cannot disagree.
"""

from __future__ import annotations

from asobi.core.claims import Claim
from asobi.core.sources import ARTICLES, Citation

GAME = "shiritori"
ARTICLE = ARTICLES[GAME].title


def _source(section: str) -> str:
    return f"「{ARTICLE}」, {section}"


#: The article's rules, as every claim made under them states its conditions.
RULES = (
    "the article's rules: ー takes the vowel, small kana enlarged, final ウ as written, voiced "
    "marks kept, aliases banned together; the vendored yokai list (Wikipedia 日本の妖怪一覧, "
    "revision of 2024-07-02 15:49 JST)"
)
#: The rules the article's future-work section names: 長音 (its section on them sets both
#: the ー rule and the final-ウ rule), 拗音・促音 (small kana), 濁音・半濁音 (voiced marks).
NAMED_AXES = ("long_vowel", "final_u", "small_kana", "dakuten")
VARIANTS = (
    "the rules the article names as open: long vowels (its section on them sets the ー rule "
    "and the final-ウ rule), small kana, voiced marks; each changed alone (4 variants) and in "
    "every combination (15 variants), aliases banned together as in the article; a start "
    "word changes where both its winners are decided and differ (an open one is counted "
    "neither way); the vendored yokai list"
)

CITATIONS: dict[str, Citation] = {
    "shiritori.azukiarai_human_win": Citation(
        _source("データの用意"),
        "自身を「小豆洗い」と名乗った場合は人間側の勝ちですが",
        f"start word アズキアライ, perfect play; {RULES}",
    ),
    "shiritori.azukitogi_yokai_win": Citation(
        _source("データの用意"),
        "「小豆とぎ」を名乗った場合は妖怪側の勝ちです",
        f"start word アズキトギ, perfect play; {RULES}",
    ),
    "shiritori.rokurokubi_yokai_win": Citation(
        _source("実は先手必勝だったろくろっくび"),
        "実はろくろっくびは先手必勝でした",
        f"start word ロクロクビ, perfect play; {RULES}",
    ),
    "shiritori.rokurokubi_example_line": Citation(
        _source("実は先手必勝だったろくろっくび"),
        "👻ロクロクビ→👴ビシャガツク→👻クツツラ→👴ラプシヌプルクル→👻ルルコシンプ",
        f"an example game (not claimed to be best play by the human); {RULES}",
    ),
    "shiritori.only_rurukoshinpu_starts_with_ru": Citation(
        _source("見えてきたもの / る攻めは危険"),
        "その１つというのが「ルルコシンプ」です",
        f"first units of the names; {RULES}",
    ),
    "shiritori.ru_attack_is_fatal": Citation(
        _source("見えてきたもの / る攻めは危険"),
        "る攻めをしたら確実な死が待ち受けています",
        f"a word ending in ル said while ルルコシンプ is unused; {RULES}",
    ),
    "shiritori.bouzu_combo": Citation(
        _source("見えてきたもの / 必殺、坊主コンボ"),
        "「ず」で始まる妖怪は「ずんべらぼう」一択です",
        "a ～坊主 word, then ズンベラボウ (unused), then ウミボウズ or ウミナリコボウズ; the "
        f"initials listed are ones a ～坊主 name exists for; {RULES}",
    ),
    "shiritori.example_tree": Citation(
        _source("具体例"),
        "今後の全展開を木として表すと以下のようになります",
        "only the 14 names listed are unused, the human to move at ア; the article's tree "
        f"(every line of play and who wins at each node); {RULES}",
    ),
    "shiritori.default_rule_examples": Citation(
        _source("「ようかいしりとり」ルールの詳細"),
        "歌詞から推測できる以下のルールに従うこととします",
        f"the example names of the rule sections, read under {RULES}",
    ),
    "shiritori.variants_change_outcomes": Citation(
        _source("今後の課題"),
        "先手必勝・後手必勝が大きく変化するでしょう",
        f"{VARIANTS}; the article gives no measure of 大きく: some change, and shares of "
        "ours (a tenth, a quarter of the start words or of the yokai wins), each a reading",
    ),
    "shiritori.variants_save_yokai_wins": Citation(
        _source("今後の課題"),
        "別ルールであれば勝てる可能性があるということです",
        f"start words that are yokai wins (×) under the article's rules; {VARIANTS}",
    ),
    "shiritori.data_excerpt": Citation(
        _source("データの用意"),
        "youkai_data.js（一部抜粋）",
        "the three rows shown (○ human win, × yokai win; the names after the first are "
        f"aliases); {RULES}",
    ),
    "shiritori.name_changes_winner": Citation(
        _source("データの用意"),
        "名乗り方によって先手必勝・後手必勝が変わる場合がある",
        "names of one yokai: names joined by the list's aliases; an existence (場合がある); "
        f"{RULES}",
    ),
    "shiritori.article_marks": Citation(
        _source("データの用意"),
        "最初にある ○× は、こちらで事前に解析した結果です",
        "every row of the article's data file youkai_data.js (vendored as "
        "youkai_article_marks_2024-07-02.tsv): ○ = the human, who answers second, wins with "
        "perfect play when the yokai opens with the row's name; × = the yokai wins; each row "
        "judged through its reading with whitespace removed, under "
        f"{RULES}",
    ),
    "shiritori.song_link_final_u": Citation(
        _source("「ようかいしりとり」ルールの詳細 / 長音の扱い"),
        "歌詞に従い かな書きしたときに「う」で終わるのであれば「う」で続ける",
        "the song's link ミツメコゾウ → ウミボウズ under the written reading of a final ウ "
        "(the article's) and the pronounced one (ミツメコゾオ, continued with オ)",
    ),
    "shiritori.song_link_small_kana": Citation(
        _source("「ようかいしりとり」ルールの詳細 / 拗音・促音の扱い"),
        "「ちょうちんおばけ」は「ちょ」で終わった場合でないと使えないため",
        "the song's link ダイダラボッチ → チョウチンオバケ with a final small kana enlarged "
        "(the article's reading) and kept as it is (a word starting with チョ answers only チョ)",
    ),
    "shiritori.song_link_dakuten": Citation(
        _source("「ようかいしりとり」ルールの詳細 / 濁点・半濁点の扱い"),
        "論理的にはどちらのルールなのか判断できません",
        "the song's link シチホダ → ダイダラボッチ with voiced marks kept (the article's "
        "reading) and with a voiced final also answerable by its plain kana",
    ),
}
CLAIM_IDS = tuple(CITATIONS)


def cited(claim_id: str, **fields) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS`."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)
