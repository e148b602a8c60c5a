"""The article's claims about yokai shiritori, each checked against the result tables.

Source: 「もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析」. Each claim's citation
(section, a short verbatim passage, the article's conditions in our words) is declared in
:data:`CITATIONS` and every claim is built from it; statements restate the article in our
words. One builder per claim (:data:`BUILDERS`); each reads the tables it needs through
:class:`~asobi.core.claims.ResultTables` (the word list as ``words.parquet``, the solved
``outcomes.parquet``, ``variant_effect.parquet``) and returns one
:class:`~asobi.core.claims.Claim` whose verdict comes from a small decision function over
computed facts. A start word the solver left ``unknown`` (or a position its budget did not
decide) is never counted as a win or a loss: it makes the claim ``undecided``, or is
counted as open in the evidence.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.game import mover_wins
from asobi.core.kana import hiragana_to_katakana
from asobi.core.recheck import Recheck
from asobi.core.sources import ARTICLES, Citation
from asobi.shiritori.shiritori import (
    AXES,
    DEFAULT_RULES,
    LOSING_UNIT,
    Lexicon,
    Position,
    Rules,
    Shiritori,
    accepted_units,
)
from asobi.shiritori.solver import Solver

GAME = "shiritori"
ARTICLE = ARTICLES[GAME].title
WORDS_TABLE = "shiritori/words.parquet"
OUTCOMES_TABLE = "shiritori/outcomes.parquet"
EFFECT_TABLE = "shiritori/variant_effect.parquet"


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
AXIS_NAMES = {
    "long_vowel": "ー as the kana before it",
    "final_u": "final ウ as pronounced (オ)",
    "small_kana": "small kana kept as a mora",
    "dakuten": "voiced marks free",
    "aliases": "aliases independent",
}
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
        f"{VARIANTS}; the article gives no measure of 大きく: the verdict rests on whether "
        "winners change, the size is evidence",
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

ROKUROKUBI_LINE = ("ロクロクビ", "ビシャガツク", "クツツラ", "ラプシヌプルクル", "ルルコシンプ")
#: Search budgets for judging the yokai's words of the example line (evidence only; a
#: position they do not decide is reported open, never as a win).
LINE_NODE_BUDGET = 20_000
LINE_PROOF_BUDGET = 200_000
#: The section 具体例: unused words, letter ア, the human to move.
EXAMPLE_TREE_WORDS = (
    "アカアシ",
    "アカエイ",
    "イガボウ",
    "イタオニ",
    "ウシゴゼン",
    "ウバガビ",
    "シカヒメ",
    "シキガミ",
    "ニクジン",
    "ニタッラサンペ",
    "ミツメハチメン",
    "ミョウタラテン",
    "メロリカンノン",
    "メンレイキ",
)
EXAMPLE_TREE_LETTER = "ア"
#: The article's first tree in 具体例: every line of play from ア (the human says the first
#: word) and the side it marks as winning at each node (妖怪勝ち / 人間勝ち, as the article
#: fills the inner nodes in step by step); the root is a human win.
EXAMPLE_TREE: dict[tuple[str, ...], str] = {
    ("アカアシ",): "yokai",
    ("アカアシ", "シキガミ"): "yokai",
    ("アカアシ", "シキガミ", "ミョウタラテン"): "yokai",
    ("アカアシ", "シキガミ", "ミツメハチメン"): "yokai",
    ("アカアシ", "シカヒメ"): "human",
    ("アカアシ", "シカヒメ", "メロリカンノン"): "yokai",
    ("アカアシ", "シカヒメ", "メンレイキ"): "human",
    ("アカエイ",): "human",
    ("アカエイ", "イガボウ"): "human",
    ("アカエイ", "イガボウ", "ウシゴゼン"): "yokai",
    ("アカエイ", "イガボウ", "ウバガビ"): "human",
    ("アカエイ", "イタオニ"): "human",
    ("アカエイ", "イタオニ", "ニクジン"): "yokai",
    ("アカエイ", "イタオニ", "ニタッラサンペ"): "human",
}
EXAMPLE_TREE_ROOT = "human"
#: Initial kana of 「～坊主」 yokai listed in section 必殺、坊主コンボ (hiragana in the article).
BOUZU_INITIALS = "あいうおかくけこざしせそたどにぬのひ"
#: The rule examples of 「ようかいしりとり」ルールの詳細: (word, first, last) as the article
#: reads them (None: the article says nothing about that end).
RULE_EXAMPLE_UNITS = (
    ("アカガンター", None, "ア"),
    ("ダイダラボッチ", None, "チ"),
    ("チョウチンオバケ", "チ", None),
    ("ミツメコゾウ", None, "ウ"),
    ("シチホダ", None, "ダ"),
)
#: (word, other, banned together?) as the article says.
RULE_EXAMPLE_ALIASES = (
    ("ノッペラボウ", "ズンベラボウ", True),
    ("マジムン", "アカングワーマジムン", False),
)
#: The rows of youkai_data.js the article shows: (its mark as a winner, name, aliases).
DATA_EXCERPT = (
    ("human", "アスコココ", ()),
    ("human", "アズキアライ", ("アズキトギ",)),
    ("yokai", "アズキトギ", ("アズキアライ",)),
)
MARKS = {"human": "○", "yokai": "×"}


@dataclass(frozen=True)
class SongLink:
    """A link of the song the article reads a rule from: ``before`` → ``after`` under the
    article's rules, and whether it still holds when ``axis`` takes its other value."""

    before: str
    after: str
    axis: str
    holds_otherwise: bool

    @property
    def other_rules(self) -> Rules:
        return Rules(**{self.axis: AXES[self.axis][1]})


SONG_LINKS = {
    "shiritori.song_link_final_u": SongLink("ミツメコゾウ", "ウミボウズ", "final_u", False),
    "shiritori.song_link_small_kana": SongLink(
        "ダイダラボッチ", "チョウチンオバケ", "small_kana", False
    ),
    "shiritori.song_link_dakuten": SongLink("シチホダ", "ダイダラボッチ", "dakuten", True),
}


# -- recheck queries (DuckDB over the published tables) ----------------------------------------

#: The command that re-checks the certificates behind every decided winner of the run.
PROOF_CHECK = "asobi shiritori verify ."


def rules_sql(rules: Rules = DEFAULT_RULES, *, skip: str = "", alias: str = "") -> str:
    """The SQL condition selecting the rows of ``rules`` by their axis columns (all but
    ``skip``), each column prefixed with ``alias.`` when given."""
    prefix = f"{alias}." if alias else ""
    return " AND ".join(
        f"{prefix}{axis} = '{value}'" for axis, value in rules.as_dict().items() if axis != skip
    )


def _sql_words(words: Sequence[str]) -> str:
    return ", ".join(f"'{word}'" for word in words)


#: The article's rules as a condition on a table's axis columns.
ARTICLE_SQL = rules_sql()
#: The (variant, start word) pairs of the variants changing only the named rules, beside
#: the start word's winner under the article's rules, tallied per start word.
NAMED_PAIRS_SQL = (
    f"WITH base AS (SELECT start, winner FROM '{OUTCOMES_TABLE}' WHERE {ARTICLE_SQL}), "
    "pairs AS (SELECT v.start, coalesce(base.winner, 'unknown') AS base, v.winner "
    f"FROM '{OUTCOMES_TABLE}' AS v LEFT JOIN base USING (start) "
    f"WHERE v.aliases = 'ban' AND NOT ({rules_sql(skip='aliases', alias='v')})), "
    "per AS (SELECT start, any_value(base) AS base, "
    "bool_or(base <> 'unknown' AND winner <> 'unknown' AND base <> winner) AS changed, "
    "bool_or(base = 'yokai' AND winner = 'human') AS saved, "
    "bool_or(base = 'unknown' OR winner = 'unknown') AS undecided FROM pairs GROUP BY start) "
)


# -- reading the tables ------------------------------------------------------------------------


def variant_words(tables: ResultTables, rules: Rules = DEFAULT_RULES) -> pd.DataFrame:
    """The rows of ``words.parquet`` under ``rules`` (word, first, last, bans)."""
    return tables.read(
        WORDS_TABLE,
        columns=["word", "first", "last", "bans"],
        filters=[("variant_id", "==", rules.variant_id)],
    )


def default_words(tables: ResultTables) -> pd.DataFrame:
    """The rows of ``words.parquet`` under the article's rules (word, first, last, bans)."""
    return variant_words(tables, DEFAULT_RULES)


def words_game(words: pd.DataFrame, only: Sequence[str] | None = None) -> Shiritori:
    """The game under the article's rules on the words of ``words`` (aliases = its ``bans``),
    or on those of ``only`` that it lists."""
    bans = {row.word: tuple(row.bans) for row in words.itertuples()}
    chosen = list(bans) if only is None else [w for w in only if w in bans]
    return Shiritori(Lexicon.from_pairs((w, bans[w]) for w in chosen), DEFAULT_RULES)


def _starting(words: pd.DataFrame, unit: str) -> list[str]:
    return sorted(words.loc[words["first"] == unit, "word"])


def default_winners(tables: ResultTables) -> pd.Series:
    """Start word → winner (``yokai``/``human``/``unknown``) under the article's rules."""
    rows = tables.read(
        OUTCOMES_TABLE,
        columns=["start", "winner"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id)],
    )
    return rows.set_index("start")["winner"]


def named_variant_pairs(tables: ResultTables) -> pd.DataFrame:
    """Every (variant, start word) of the variants that change only the rules the article
    names (:data:`NAMED_AXES`), beside the start word's winner under the article's rules:
    columns ``variant_id``, ``axes`` (the changed axes, a tuple), ``start``, ``base``,
    ``winner``, ``changes`` (both decided and different)."""
    outcomes = tables.read(OUTCOMES_TABLE, columns=["variant_id", "start", "winner"])
    default = DEFAULT_RULES.as_dict()
    changed_axes = {}
    for variant in outcomes["variant_id"].unique():
        rules = Rules.from_variant_id(variant).as_dict()
        changed = tuple(axis for axis in AXES if rules[axis] != default[axis])
        if changed and set(changed) <= set(NAMED_AXES):
            changed_axes[variant] = changed
    base = outcomes[outcomes["variant_id"] == DEFAULT_RULES.variant_id].set_index("start")
    pairs = outcomes[outcomes["variant_id"].isin(changed_axes)].copy()
    pairs["axes"] = pairs["variant_id"].map(changed_axes)
    pairs["base"] = pairs["start"].map(base["winner"]).fillna("unknown")
    decided = pairs["base"].ne("unknown") & pairs["winner"].ne("unknown")
    pairs["changes"] = decided & pairs["base"].ne(pairs["winner"])
    return pairs.reset_index(drop=True)


@dataclass(frozen=True)
class VariantTally:
    """Start words whose winner changes under a set of variants: ``changed`` start words
    (some decided winner differs from the article's), ``saved`` of them yokai wins that
    become human wins, ``lost`` human wins that become yokai wins, ``open`` start words
    with no change found but a pair undecided, of ``starts`` start words solved;
    ``yokai_starts`` yokai wins under the article's rules, ``yokai_open`` start words that
    may be yokai wins and are not saved by any decided pair but have an undecided one."""

    variants: int
    starts: int
    changed: int
    saved: int
    lost: int
    open: int
    yokai_starts: int
    yokai_open: int

    @classmethod
    def of(cls, pairs: pd.DataFrame) -> VariantTally:
        by_start = pairs.groupby("start")
        changed = by_start["changes"].any()
        saved = (pairs["changes"] & pairs["base"].eq("yokai")).groupby(pairs["start"]).any()
        lost = (pairs["changes"] & pairs["base"].eq("human")).groupby(pairs["start"]).any()
        undecided = (
            (pairs["base"].eq("unknown") | pairs["winner"].eq("unknown"))
            .groupby(pairs["start"])
            .any()
        )
        maybe_yokai = pairs.groupby("start")["base"].first().isin(["yokai", "unknown"])
        return cls(
            variants=int(pairs["variant_id"].nunique()),
            starts=len(changed),
            changed=int(changed.sum()),
            saved=int(saved.sum()),
            lost=int(lost.sum()),
            open=int((undecided & ~changed).sum()),
            yokai_starts=int(pairs.groupby("start")["base"].first().eq("yokai").sum()),
            yokai_open=int((undecided & ~saved & maybe_yokai).sum()),
        )

    def describe(self) -> str:
        text = (
            f"{self.changed} of {self.starts} start words change winner (yokai → human "
            f"{self.saved}, human → yokai {self.lost})"
        )
        return text + (f", {self.open} more open" if self.open else "")


def variant_tallies(pairs: pd.DataFrame) -> dict[str, VariantTally]:
    """The tally of each named rule changed alone (keyed by axis) and of every combination
    (key ``combined``); an axis the run did not solve alone is left out."""
    tallies = {}
    for axis in NAMED_AXES:
        alone = pairs[pairs["axes"].map(lambda axes, axis=axis: axes == (axis,))]
        if len(alone):
            tallies[axis] = VariantTally.of(alone)
    if len(pairs):
        tallies["combined"] = VariantTally.of(pairs)
    return tallies


def _tally_evidence(tallies: dict[str, VariantTally]) -> str:
    parts = [
        f"{AXIS_NAMES[axis]}: {tallies[axis].describe()}" for axis in NAMED_AXES if axis in tallies
    ]
    if "combined" in tallies:
        both = tallies["combined"]
        parts.append(f"any of the {both.variants} combinations: {both.describe()}")
    return "; ".join(parts) if parts else "no variant of the named rules was solved in this run"


# -- decisions -------------------------------------------------------------------------------


def decide_winner(found: str, expected: str) -> Verdict:
    """A start word's solved winner against the article's: ``undecided`` when the run left
    it ``unknown`` or did not solve it."""
    if found not in {"yokai", "human"}:
        return Verdict.UNDECIDED
    return verdict_from(found == expected)


def decide_example_line(legal: bool, stuck: bool) -> Verdict:
    """The line is confirmed when every word is legal and the human is left without a word."""
    return verdict_from(legal and stuck)


def decide_only_ru(ru: list[str], pu: list[str]) -> Verdict:
    """Exactly ルルコシンプ starts with ル, nothing with プ."""
    return verdict_from(ru == ["ルルコシンプ"] and not pu)


def decide_ru_attack(losing: int, total: int) -> Verdict:
    """Every word ending in ル loses at once; ``undecided`` when no word ends in ル."""
    if total == 0:
        return Verdict.UNDECIDED
    return verdict_from(losing == total)


def decide_bouzu(zu: list[str], works: int, total: int, missing: str) -> Verdict:
    """Only ズンベラボウ starts with ズ, the combo works after every ～ボウズ word, and a
    ～ボウズ word exists for every initial the article lists (initials it does not list are
    evidence: the article names the ones that exist, it does not say there are no others)."""
    combo = total > 0 and works == total
    return verdict_from(zu == ["ズンベラボウ"] and combo and not missing)


def decide_example_tree(
    missing: list[str], paths_agree: bool, wrong_values: list[str], root_agrees: bool
) -> Verdict:
    """The article's tree: ``undecided`` when the list lacks one of its words; confirmed
    when its lines of play are exactly the legal ones and every node's winner is the one
    it marks."""
    if missing:
        return Verdict.UNDECIDED
    return verdict_from(paths_agree and not wrong_values and root_agrees)


def decide_rule_examples(failed: list[str], missing: list[str]) -> Verdict:
    """Refuted by any example the table contradicts; ``undecided`` when an example word is
    not in the list (nothing to check it on)."""
    if failed:
        return Verdict.REFUTED
    return Verdict.UNDECIDED if missing else Verdict.CONFIRMED


def decide_exists(found: int, open_: int, cases: int) -> Verdict:
    """An existence the article asserts: confirmed by one decided case; refuted only when
    every one of the ``cases`` is decided and none has it; ``undecided`` when none has it
    but some are open (an open case is counted neither way) or there is no case at all."""
    if found > 0:
        return Verdict.CONFIRMED
    return Verdict.UNDECIDED if open_ or not cases else Verdict.REFUTED


def decide_excerpt(failed: list[str], open_: list[str]) -> Verdict:
    """Refuted by a row the list or the run contradicts; ``undecided`` when a row's name is
    missing or its winner is not decided."""
    if failed:
        return Verdict.REFUTED
    return Verdict.UNDECIDED if open_ else Verdict.CONFIRMED


def decide_song_link(holds: bool | None, holds_otherwise: bool | None, expected: bool) -> Verdict:
    """The link holds under the article's reading and holds (or not) under the other
    reading as the article says; ``undecided`` when a word or a variant is missing."""
    if holds is None or holds_otherwise is None:
        return Verdict.UNDECIDED
    return verdict_from(holds and holds_otherwise == expected)


# -- builders --------------------------------------------------------------------------------


def _cited(claim_id: str, **fields) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS`."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)


def _winner_claim(claim_id: str, tables: ResultTables, start: str, expected: str, statement: str):
    rows = tables.read(
        OUTCOMES_TABLE,
        columns=["winner", "line"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id), ("start", "==", start)],
    )
    found = str(rows["winner"].iloc[0]) if len(rows) else "not solved in this run"
    line = " → ".join(rows["line"].iloc[0]) if len(rows) else "none"
    sql = f"SELECT winner FROM '{OUTCOMES_TABLE}' WHERE start = '{start}' AND {ARTICLE_SQL}"
    figures = {"winner": found} if len(rows) else []
    return _cited(
        claim_id,
        statement=statement,
        formal=f"article's rules, the yokai starts with {start}: the winner with perfect play "
        f"is the {expected}",
        verdict=decide_winner(found, expected),
        evidence=f"solved winner: {found}; "
        + (f"open line {line}" if found == "unknown" else f"principal line {line}"),
        tables=(OUTCOMES_TABLE,),
        recheck=Recheck(sql, figures, command=PROOF_CHECK),
    )


def azukiarai_human_win(tables: ResultTables) -> Claim:
    """If the yokai names itself アズキアライ, the human wins."""
    return _winner_claim(
        "shiritori.azukiarai_human_win",
        tables,
        "アズキアライ",
        "human",
        "If the yokai names itself アズキアライ (小豆洗い) the human wins.",
    )


def azukitogi_yokai_win(tables: ResultTables) -> Claim:
    """The same yokai naming itself アズキトギ wins."""
    return _winner_claim(
        "shiritori.azukitogi_yokai_win",
        tables,
        "アズキトギ",
        "yokai",
        "The same yokai naming itself アズキトギ (小豆とぎ) wins.",
    )


def rokurokubi_yokai_win(tables: ResultTables) -> Claim:
    """ロクロクビ is a first-player (yokai) win."""
    return _winner_claim(
        "shiritori.rokurokubi_yokai_win",
        tables,
        "ロクロクビ",
        "yokai",
        "ロクロクビ (ろくろっくび), whom the song's human beats, is in fact a first-player "
        "(yokai) win.",
    )


def _yokai_move_status(game: Shiritori, position: Position) -> str:
    """``won``, ``lost`` or ``open``: the yokai's word just played, judged by the human's
    best answer within the budgets."""
    _, status = Solver(game).choose(
        position, node_budget=LINE_NODE_BUDGET, proof_budget=LINE_PROOF_BUDGET
    )
    return {"win": "lost", "loss": "won", "stuck": "won"}.get(status, "open")


def rokurokubi_example_line(tables: ResultTables) -> Claim:
    """The article's line from ロクロクビ is legal and leaves the human without a word."""
    game = words_game(default_words(tables))
    position = game.opening(ROKUROKUBI_LINE[0]) if ROKUROKUBI_LINE[0] in game.words else None
    legal, illegal_at = position is not None, ROKUROKUBI_LINE[0]
    judged: dict[str, str] = {}
    for ply, word in enumerate(ROKUROKUBI_LINE[1:], start=1):
        if not legal or word not in game.legal_moves(position):
            legal, illegal_at = False, word
            break
        position = game.play(position, word)
        if ply % 2 == 0:
            judged[word] = _yokai_move_status(game, position)
    stuck = legal and not game.legal_moves(position)
    counts = {s: sum(v == s for v in judged.values()) for s in ("won", "lost", "open")}
    evidence = (
        f"every word legal; the human is left at {position.letter} with "
        f"{'no word' if stuck else 'a word to say'}"
        if legal
        else f"{illegal_at} is not a legal answer there"
    )
    if judged:
        evidence += (
            f"; the yokai's words after the start ({', '.join(judged)}): {counts['won']} "
            f"proven winning, {counts['lost']} proven losing, {counts['open']} open within "
            f"{LINE_NODE_BUDGET + LINE_PROOF_BUDGET} nodes each"
        )
    return _cited(
        "shiritori.rokurokubi_example_line",
        statement="The article's example game ロクロクビ → ビシャガツク → クツツラ → "
        "ラプシヌプルクル → ルルコシンプ is legal and leaves the human without a reply.",
        formal="in the word list under the article's rules each word answers the previous one "
        "and is unused; after ルルコシンプ the human has no legal word",
        verdict=decide_example_line(legal, stuck),
        evidence=evidence,
        tables=(WORDS_TABLE,),
        recheck=_example_line_recheck(default_words(tables)),
    )


def _example_line_recheck(words: pd.DataFrame) -> Recheck:
    """Each word of the example line with its units and how many words not yet said answer
    its last unit (0 after the last word: the human is stuck)."""
    line = ", ".join(f"({ply}, '{word}')" for ply, word in enumerate(ROKUROKUBI_LINE, 1))
    sql = (
        f"WITH line(ply, word) AS (VALUES {line}) "
        "SELECT line.ply, w.word, w.first, w.last, "
        f"(SELECT count(*) FROM '{WORDS_TABLE}' AS a WHERE {rules_sql(alias='a')} "
        "AND a.first = w.last AND a.word NOT IN (SELECT said.word FROM line AS said "
        "WHERE said.ply <= line.ply)) AS answers "
        f"FROM line JOIN '{WORDS_TABLE}' AS w USING (word) WHERE {rules_sql(alias='w')} "
        "ORDER BY line.ply"
    )
    rows = words.set_index("word")
    figures = []
    for ply, word in enumerate(ROKUROKUBI_LINE, 1):
        if word not in rows.index:
            continue
        unsaid = words[~words["word"].isin(ROKUROKUBI_LINE[:ply])]
        last = rows.loc[word, "last"]
        figures.append(
            {
                "ply": ply,
                "word": word,
                "first": rows.loc[word, "first"],
                "last": last,
                "answers": int((unsaid["first"] == last).sum()),
            }
        )
    return Recheck(sql, figures)


def only_rurukoshinpu_starts_with_ru(tables: ResultTables) -> Claim:
    """Exactly one name starts with ル (ルルコシンプ), none with プ."""
    words = default_words(tables)
    ru, pu = _starting(words, "ル"), _starting(words, "プ")
    return _cited(
        "shiritori.only_rurukoshinpu_starts_with_ru",
        statement="Exactly one yokai name starts with ル (ルルコシンプ) and none starts with プ.",
        formal="words whose first unit is ル == [ルルコシンプ] and words whose first unit is プ "
        "== [] (article's rules, clean list)",
        verdict=decide_only_ru(ru, pu),
        evidence=f"{len(ru)} word(s) start with ル: {', '.join(ru) or 'none'}; {len(pu)} with "
        f"プ: {', '.join(pu) or 'none'} (of {len(words)} words)",
        tables=(WORDS_TABLE,),
        recheck=Recheck(
            "SELECT coalesce(list(word ORDER BY word) FILTER (WHERE first = 'ル'), []) AS ru, "
            "coalesce(list(word ORDER BY word) FILTER (WHERE first = 'プ'), []) AS pu, "
            f"count(*) AS words FROM '{WORDS_TABLE}' WHERE {ARTICLE_SQL}",
            {"ru": ru, "pu": pu, "words": len(words)},
        ),
    )


#: Words ending in ル, and those of them after which every answer (a word starting with ル,
#: not the word said nor one of its aliases) leaves the next player no unused word.
RU_ATTACK_SQL = (
    f"WITH w AS (SELECT word, first, last, bans FROM '{WORDS_TABLE}' WHERE {ARTICLE_SQL}), "
    "answers AS (SELECT e.word AS said, NOT EXISTS (SELECT 1 FROM w AS b WHERE b.first = a.last "
    "AND NOT list_contains(list_concat([e.word, a.word], e.bans, a.bans), b.word)) AS stuck "
    "FROM w AS e JOIN w AS a ON a.first = 'ル' AND a.word <> e.word "
    "AND NOT list_contains(e.bans, a.word) WHERE e.last = 'ル') "
    "SELECT (SELECT count(*) FROM w WHERE last = 'ル') AS ends_in_ru, "
    "(SELECT count(*) FROM (SELECT said FROM answers GROUP BY said HAVING bool_and(stuck))) "
    "AS lose_at_once"
)


def ru_attack_is_fatal(tables: ResultTables) -> Claim:
    """Saying a word ending in ル loses: the answer ルルコシンプ cannot be answered."""
    game = words_game(default_words(tables))
    ru_enders = [w for i, w in enumerate(game.words) if game.last[i] == "ル"]
    losing = []
    for word in ru_enders:
        after = Position(game.bans[game.word_index(word)], "ル")
        answers = game.legal_moves(after)
        if answers and all(not game.legal_moves(game.play(after, a)) for a in answers):
            losing.append(word)
    surviving = [w for w in ru_enders if w not in losing]
    return _cited(
        "shiritori.ru_attack_is_fatal",
        statement="The る-attack backfires: saying a word ending in ル lets the opponent answer "
        "ルルコシンプ, which nobody can answer.",
        formal="for every word w ending in ル (article's rules), in the position after w with "
        "only w (and its aliases) used, every answer leaves the next player without a move",
        verdict=decide_ru_attack(len(losing), len(ru_enders)),
        evidence=f"{len(losing)} of {len(ru_enders)} words ending in ル lose at once"
        + (f" (e.g. {losing[0]} → {game.legal_moves(Position(0, 'ル'))[0]})" if losing else "")
        + (f"; not: {', '.join(surviving[:5])}" if surviving else ""),
        tables=(WORDS_TABLE,),
        recheck=Recheck(RU_ATTACK_SQL, {"ends_in_ru": len(ru_enders), "lose_at_once": len(losing)}),
    )


#: The words starting with ズ; the ～ボウズ words, those after which ズンベラボウ and then
#: an unused ウ…ボウズ word leave no unused answer, and their initials.
BOUZU_SQL = (
    f"WITH w AS (SELECT word, first, last, bans FROM '{WORDS_TABLE}' WHERE {ARTICLE_SQL}), "
    "combo AS (SELECT x.word, EXISTS (SELECT 1 FROM w AS z, w AS u "
    "WHERE z.word = 'ズンベラボウ' AND z.first = x.last AND NOT list_contains(x.bans, z.word) "
    "AND z.word <> x.word AND u.word LIKE 'ウ%ボウズ' AND u.first = z.last "
    "AND NOT list_contains(list_concat([x.word, z.word], x.bans, z.bans), u.word) "
    "AND NOT EXISTS (SELECT 1 FROM w AS b WHERE b.first = u.last AND NOT list_contains("
    "list_concat([x.word, z.word, u.word], x.bans, z.bans, u.bans), b.word))) AS works "
    "FROM w AS x WHERE x.word LIKE '%ボウズ') "
    "SELECT (SELECT coalesce(list(word ORDER BY word), []) FROM w WHERE first = 'ズ') AS zu, "
    "count(*) AS bouzu, count(*) FILTER (WHERE works) AS combo_works, "
    "coalesce(list_sort(list(DISTINCT left(word, 1))), []) AS initials FROM combo"
)


def bouzu_combo(tables: ResultTables) -> Claim:
    """坊主 combo: after a ～ボウズ word and the forced ズンベラボウ, a ウ…ボウズ word wins."""
    words = default_words(tables)
    game = words_game(words)
    zu = _starting(words, "ズ")
    bouzu = [w for w in game.words if w.endswith("ボウズ")]
    initials = {w[0] for w in bouzu}
    u_bouzu = [w for w in bouzu if w.startswith("ウ")]
    works = []
    for word in bouzu:
        i = game.word_index(word)
        position = Position(game.bans[i], game.last[i])
        if "ズンベラボウ" not in game.legal_moves(position):
            continue
        position = game.play(position, "ズンベラボウ")
        finishers = [w for w in u_bouzu if w in game.legal_moves(position)]
        if any(not game.legal_moves(game.play(position, w)) for w in finishers):
            works.append(word)
    expected = set(hiragana_to_katakana(BOUZU_INITIALS))
    missing = "".join(sorted(expected - initials))
    extra = "".join(sorted(initials - expected))
    return _cited(
        "shiritori.bouzu_combo",
        statement="坊主 combo: only ズンベラボウ starts with ズ, so after a ～ボウズ word and the "
        "forced ズンベラボウ, ウミボウズ (or ウミナリコボウズ) leaves the opponent without a "
        "word; ～ボウズ names exist for each initial the article lists.",
        formal="words starting with ズ == [ズンベラボウ]; for every word ending in ボウズ, after "
        "it and ズンベラボウ some unused ウ…ボウズ word leaves no answer; every initial of "
        "the article's list starts some ～ボウズ word",
        verdict=decide_bouzu(zu, len(works), len(bouzu), missing),
        evidence=f"ズ: {', '.join(zu) or 'none'}; combo works for {len(works)} of {len(bouzu)} "
        f"～ボウズ words; initials found {''.join(sorted(initials))}, missing "
        f"{missing or 'none'}, not in the article's list {extra or 'none'}",
        tables=(WORDS_TABLE,),
        recheck=Recheck(
            BOUZU_SQL,
            {
                "zu": zu,
                "bouzu": len(bouzu),
                "combo_works": len(works),
                "initials": sorted(initials),
            },
        ),
    )


def example_tree_winners(game: Shiritori, letter: str) -> dict[tuple[str, ...], str]:
    """Every line of play from ``letter`` (the human to move) and who wins after its last
    word with perfect play from there (``yokai`` or ``human``)."""
    found: dict[tuple[str, ...], str] = {}

    def walk(position: Position, path: tuple[str, ...], mover: str) -> None:
        other = "yokai" if mover == "human" else "human"
        for word in game.legal_moves(position):
            after = game.play(position, word)
            found[(*path, word)] = other if mover_wins(game, after) else mover
            if after.letter != LOSING_UNIT:
                walk(after, (*path, word), other)

    walk(Position(0, letter), (), "human")
    return found


def example_tree(tables: ResultTables) -> Claim:
    """The worked example's tree: its lines of play and the winner at every node."""
    words = default_words(tables)
    listed = set(words["word"])
    missing = [w for w in EXAMPLE_TREE_WORDS if w not in listed]
    game = words_game(words, only=EXAMPLE_TREE_WORDS)
    root = Position(0, EXAMPLE_TREE_LETTER)
    root_winner = "human" if mover_wins(game, root) else "yokai"
    found = example_tree_winners(game, EXAMPLE_TREE_LETTER)
    absent = [" → ".join(p) for p in EXAMPLE_TREE if p not in found]
    extra = [" → ".join(p) for p in found if p not in EXAMPLE_TREE]
    wrong = [
        f"{' → '.join(p)} ({found[p]} wins, not the {side})"
        for p, side in EXAMPLE_TREE.items()
        if p in found and found[p] != side
    ]
    winning = sorted(p[0] for p, side in found.items() if len(p) == 1 and side == "human")
    evidence = (
        f"{len(found)} lines of play from {EXAMPLE_TREE_LETTER} against the article's "
        f"{len(EXAMPLE_TREE)}"
        + (f"; not legal here: {', '.join(absent)}" if absent else "")
        + (f"; not in the article's tree: {', '.join(extra)}" if extra else "")
        + f"; winners agree at {len(EXAMPLE_TREE) - len(absent) - len(wrong)} of "
        f"{len(EXAMPLE_TREE)} nodes"
        + (f"; differ: {'; '.join(wrong)}" if wrong else "")
        + f"; at the root the {root_winner} wins (human's winning first words: "
        f"{', '.join(winning) or 'none'})"
        + (f"; not in the list: {', '.join(missing)}" if missing else "")
    )
    return _cited(
        "shiritori.example_tree",
        statement="In the worked example (14 unused names, answer ア, human to move) the tree "
        "of every line of play is the article's, with its winners at each node: the human wins "
        "by アカエイ, while アカアシ loses.",
        formal="plain exhaustive search on the 14 words (with their aliases among them) from "
        "letter ア: the legal lines equal the article's 14, the winner after each line is the "
        "one the article marks, and the mover wins at the root",
        verdict=decide_example_tree(
            missing, not absent and not extra, wrong, root_winner == EXAMPLE_TREE_ROOT
        ),
        evidence=evidence,
        tables=(WORDS_TABLE,),
        recheck=Recheck(EXAMPLE_TREE_SQL, example_tree_lines(game, found)),
    )


#: Every line of play from ア on the 14 words of the worked example (a word once said, or
#: banned as an alias of one said, is used), with the number of replies after it.
EXAMPLE_TREE_SQL = (
    f"WITH RECURSIVE w AS (SELECT word, first, last, bans FROM '{WORDS_TABLE}' "
    f"WHERE {ARTICLE_SQL} AND word IN ({_sql_words(EXAMPLE_TREE_WORDS)})), "
    "lines(line, last, used) AS ("
    f"SELECT [word], last, list_append(bans, word) FROM w WHERE first = '{EXAMPLE_TREE_LETTER}' "
    "UNION ALL SELECT list_append(l.line, w.word), w.last, list_concat(l.used, w.bans, [w.word]) "
    "FROM lines AS l JOIN w ON w.first = l.last AND NOT list_contains(l.used, w.word)) "
    "SELECT array_to_string(line, ' → ') AS line, (SELECT count(*) FROM w WHERE w.first = l.last "
    "AND NOT list_contains(l.used, w.word)) AS replies FROM lines AS l ORDER BY 1"
)


def example_tree_lines(game: Shiritori, found: dict[tuple[str, ...], str]) -> list[dict]:
    """Each line of play of ``found`` (joined by →, sorted) with the number of legal replies
    after it."""
    rows = []
    for path in found:
        position = Position(0, EXAMPLE_TREE_LETTER)
        for word in path:
            position = game.play(position, word)
        rows.append({"line": " → ".join(path), "replies": len(game.legal_moves(position))})
    return sorted(rows, key=lambda row: row["line"])


def default_rule_examples(tables: ResultTables) -> Claim:
    """The article's rule examples hold in the word table under the article's rules."""
    words = default_words(tables).set_index("word")
    examples = [word for word, _, _ in RULE_EXAMPLE_UNITS]
    examples += [word for pair in RULE_EXAMPLE_ALIASES for word in pair[:2]]
    checks: dict[str, bool] = {}
    missing: list[str] = []
    for word, first, last in RULE_EXAMPLE_UNITS:
        if word not in words.index:
            missing.append(word)
            continue
        row = words.loc[word]
        if first is not None:
            checks[f"{word} starts with {first} (table: {row['first']})"] = row["first"] == first
        if last is not None:
            checks[f"{word} ends with {last} (table: {row['last']})"] = row["last"] == last
    for word, other, together in RULE_EXAMPLE_ALIASES:
        if word not in words.index or other not in words.index:
            missing += [w for w in (word, other) if w not in words.index]
            continue
        banned = other in set(words.loc[word, "bans"])
        checks[f"{word} {'bans' if banned else 'does not ban'} {other}"] = banned == together
    failed = [name for name, ok in checks.items() if not ok]
    evidence = f"{len(checks) - len(failed)} of {len(checks)} hold: " + "; ".join(
        name for name, ok in checks.items() if ok
    )
    if failed:
        evidence += "; fail: " + "; ".join(failed)
    if missing:
        evidence += "; not in the list: " + ", ".join(missing)
    return _cited(
        "shiritori.default_rule_examples",
        statement="The rule examples: ー takes the previous vowel, a final small kana is "
        "enlarged, a final ウ stays ウ, voiced marks are kept, aliases are banned together "
        "(and a name that merely contains another is no alias).",
        formal="first/last units and alias bans of the article's example words in the word "
        "table under the article's rules",
        verdict=decide_rule_examples(failed, missing),
        evidence=evidence,
        tables=(WORDS_TABLE,),
        recheck=Recheck(
            f"SELECT word, first, last, list_sort(bans) AS bans FROM '{WORDS_TABLE}' "
            f"WHERE {ARTICLE_SQL} AND word IN ({_sql_words(examples)}) ORDER BY word",
            [
                {"word": word, "first": row.first, "last": row.last, "bans": sorted(row.bans)}
                for word, row in words.loc[sorted(set(examples) & set(words.index))].iterrows()
            ],
        ),
    )


def _all_variants_evidence(tables: ResultTables) -> str:
    """Beside the article's reading: every other variant, the alias rule included."""
    effect = tables.read(EFFECT_TABLE)
    decided = effect[effect["default_winner"] != "unknown"]
    changed = int((decided["winner_changes"] > 0).sum())
    variants = int((effect["variants_decided"] + effect["unknown"]).max()) if len(effect) else 0
    return (
        f"beside it, with the alias rule too, which the article does not name here: {changed} "
        f"of {len(decided)} start words change in some of the {max(variants - 1, 0)} other "
        f"variants, {int(effect['unknown'].sum())} (start word, variant) pairs open"
    )


def variants_change_outcomes(tables: ResultTables) -> Claim:
    """Other readings of long vowels, small kana and voiced marks change winners."""
    tallies = variant_tallies(named_variant_pairs(tables))
    combined = tallies.get("combined", VariantTally(0, 0, 0, 0, 0, 0, 0, 0))
    return _cited(
        "shiritori.variants_change_outcomes",
        statement="Treating long vowels, small kana or voiced marks otherwise than the article "
        "does would change which start words are first-player (yokai) wins.",
        formal="under some variant that changes only the long-vowel, final-ウ, small-kana or "
        "voiced-mark rule (aliases banned), some start word's decided winner differs from its "
        "decided winner under the article's rules",
        verdict=decide_exists(combined.changed, combined.open, combined.starts),
        evidence=f"{_tally_evidence(tallies)}; {_all_variants_evidence(tables)}",
        tables=(OUTCOMES_TABLE, EFFECT_TABLE),
        recheck=Recheck(
            NAMED_PAIRS_SQL + "SELECT count(*) AS starts, count(*) FILTER (WHERE changed) AS "
            "changed, count(*) FILTER (WHERE undecided AND NOT changed) AS open FROM per",
            {"starts": combined.starts, "changed": combined.changed, "open": combined.open},
            command=PROOF_CHECK,
        ),
    )


def variants_save_yokai_wins(tables: ResultTables) -> Claim:
    """Some yokai win under the article's rules is a human win under another reading."""
    tallies = variant_tallies(named_variant_pairs(tables))
    combined = tallies.get("combined", VariantTally(0, 0, 0, 0, 0, 0, 0, 0))
    alone = "; ".join(
        f"{AXIS_NAMES[axis]}: {tallies[axis].saved}" for axis in NAMED_AXES if axis in tallies
    )
    evidence = (
        f"{combined.saved} of the {combined.yokai_starts} yokai wins (×) under the article's "
        f"rules are human wins under some of the {combined.variants} variants of the named "
        "rules"
        + (f", {combined.yokai_open} more open" if combined.yokai_open else "")
        + (f"; with one rule changed alone: {alone}" if alone else "")
    )
    return _cited(
        "shiritori.variants_save_yokai_wins",
        statement="Under another reading of long vowels, small kana or voiced marks, some "
        "yokai the human cannot beat under the article's rules could be beaten.",
        formal="some start word that is a yokai win under the article's rules is a decided "
        "human win under a variant that changes only the long-vowel, final-ウ, small-kana or "
        "voiced-mark rule (aliases banned)",
        verdict=decide_exists(combined.saved, combined.yokai_open, combined.yokai_starts),
        evidence=evidence,
        tables=(OUTCOMES_TABLE,),
        recheck=Recheck(
            NAMED_PAIRS_SQL + "SELECT count(*) FILTER (WHERE base = 'yokai') AS yokai_starts, "
            "count(*) FILTER (WHERE saved) AS saved, count(*) FILTER (WHERE undecided AND NOT "
            "saved AND base IN ('yokai', 'unknown')) AS yokai_open FROM per",
            {
                "yokai_starts": combined.yokai_starts,
                "saved": combined.saved,
                "yokai_open": combined.yokai_open,
            },
            command=PROOF_CHECK,
        ),
    )


def data_excerpt(tables: ResultTables) -> Claim:
    """The rows of the data excerpt: the names, their aliases and their ○/× marks."""
    words = default_words(tables).set_index("word")
    winners = default_winners(tables)
    names = [name for _, name, _ in DATA_EXCERPT]
    failed: list[str] = []
    open_: list[str] = []
    rows: list[str] = []
    for mark, name, aliases in DATA_EXCERPT:
        if name not in words.index:
            open_.append(name)
            rows.append(f"{MARKS[mark]} {name}: not in the list")
            continue
        bans = tuple(sorted(words.loc[name, "bans"]))
        found = str(winners.get(name, "not solved"))
        rows.append(
            f"{MARKS[mark]} {name}: run {found}, aliases {', '.join(bans) or 'none'} (shown: "
            f"{', '.join(aliases) or 'none'})"
        )
        if bans != tuple(sorted(aliases)):
            failed.append(f"{name}'s aliases")
        if found not in {"yokai", "human"}:
            open_.append(f"{name}'s winner")
        elif found != mark:
            failed.append(f"{name}'s winner")
    evidence = "; ".join(rows)
    if failed:
        evidence += "; differ: " + ", ".join(failed)
    if open_:
        evidence += "; open: " + ", ".join(open_)
    return _cited(
        "shiritori.data_excerpt",
        statement="The article's data excerpt: アスコココ is a human win (○) with no alias, "
        "アズキアライ a human win (○) with alias アズキトギ, and アズキトギ a yokai win (×) with "
        "alias アズキアライ.",
        formal="for each row of the excerpt: the name is in the list, its bans are the aliases "
        "shown, and its winner under the article's rules is its mark",
        verdict=decide_excerpt(failed, open_),
        evidence=evidence,
        tables=(WORDS_TABLE, OUTCOMES_TABLE),
        recheck=Recheck(
            f"SELECT w.word, list_sort(w.bans) AS bans, o.winner FROM '{WORDS_TABLE}' AS w "
            f"LEFT JOIN '{OUTCOMES_TABLE}' AS o ON o.start = w.word AND {rules_sql(alias='o')} "
            f"WHERE {rules_sql(alias='w')} AND w.word IN ({_sql_words(names)}) ORDER BY w.word",
            [
                {
                    "word": name,
                    "bans": sorted(words.loc[name, "bans"]),
                    "winner": winners.get(name),
                }
                for name in sorted(set(names) & set(words.index))
            ],
            command=PROOF_CHECK,
        ),
    )


def alias_groups(words: pd.DataFrame) -> list[tuple[str, ...]]:
    """The names of one yokai: the words joined by the list's aliases (``bans``), groups of
    two or more, each sorted."""
    parent = {word: word for word in words["word"]}

    def find(word: str) -> str:
        while parent[word] != word:
            parent[word] = parent[parent[word]]
            word = parent[word]
        return word

    for row in words.itertuples():
        for alias in row.bans:
            if alias in parent:
                parent[find(alias)] = find(row.word)
    groups: dict[str, list[str]] = {}
    for word in parent:
        groups.setdefault(find(word), []).append(word)
    return sorted(tuple(sorted(g)) for g in groups.values() if len(g) > 1)


#: The yokai with several names (a name with its aliases, as the list gives them), those
#: whose names hold a yokai win and a human win, and those with an undecided name and no
#: change found.
NAME_GROUPS_SQL = (
    "WITH groups AS (SELECT DISTINCT list_sort(list_append(bans, word)) AS names "
    f"FROM '{WORDS_TABLE}' WHERE {ARTICLE_SQL} AND len(bans) > 0), "
    "named AS (SELECT names, unnest(names) AS name FROM groups), "
    "winners AS (SELECT names, coalesce(o.winner, 'unknown') AS winner FROM named LEFT JOIN "
    f"'{OUTCOMES_TABLE}' AS o ON o.start = named.name AND {rules_sql(alias='o')}), "
    "per AS (SELECT names, bool_or(winner = 'yokai') AND bool_or(winner = 'human') AS differ, "
    "bool_or(winner NOT IN ('yokai', 'human')) AS undecided FROM winners GROUP BY names) "
    "SELECT count(*) AS yokai, count(*) FILTER (WHERE differ) AS differ, "
    "count(*) FILTER (WHERE undecided AND NOT differ) AS open FROM per"
)


def name_changes_winner(tables: ResultTables) -> Claim:
    """For some yokai the winner depends on the name it gives."""
    winners = default_winners(tables)
    groups = alias_groups(default_words(tables))
    differ: list[tuple[str, ...]] = []
    open_: list[tuple[str, ...]] = []
    for group in groups:
        found = [str(winners.get(w, "unknown")) for w in group]
        decided = {w for w in found if w in {"yokai", "human"}}
        if len(decided) == 2:
            differ.append(group)
        elif any(w not in {"yokai", "human"} for w in found):
            open_.append(group)
    examples = ", ".join("/".join(g) for g in differ[:4])
    return _cited(
        "shiritori.name_changes_winner",
        statement="The winner can depend on which of its names a yokai gives: for some yokai one "
        "name is a first-player win and another a second-player win.",
        formal="some group of names joined by aliases holds a decided yokai win and a decided "
        "human win under the article's rules",
        verdict=decide_exists(len(differ), len(open_), len(groups)),
        evidence=f"{len(differ)} of {len(groups)} yokai with more than one name change winner "
        f"with the name"
        + (f" (e.g. {examples})" if differ else "")
        + (f"; {len(open_)} groups with a name undecided and no change found" if open_ else ""),
        tables=(WORDS_TABLE, OUTCOMES_TABLE),
        recheck=Recheck(
            NAME_GROUPS_SQL,
            {"yokai": len(groups), "differ": len(differ), "open": len(open_)},
            command=PROOF_CHECK,
        ),
    )


def _link_holds(words: pd.DataFrame, link: SongLink, rules: Rules) -> tuple[bool | None, str]:
    """Whether ``link.after`` answers ``link.before`` under ``rules`` (``None`` when a word is
    not in the list under those rules), and how the two words end and begin there."""
    rows = words.set_index("word")
    if link.before not in rows.index or link.after not in rows.index:
        return None, f"{link.before} or {link.after} not in the list"
    last, first = rows.loc[link.before, "last"], rows.loc[link.after, "first"]
    holds = first in accepted_units(last, rules)
    return holds, f"{link.before} ends in {last}, {link.after} starts with {first}"


def _song_link_claim(claim_id: str, tables: ResultTables, statement: str) -> Claim:
    link = SONG_LINKS[claim_id]
    other = link.other_rules
    frames = {rules: variant_words(tables, rules) for rules in (DEFAULT_RULES, other)}
    holds, here = _link_holds(frames[DEFAULT_RULES], link, DEFAULT_RULES)
    holds_otherwise, there = _link_holds(frames[other], link, other)

    def said(value: bool | None) -> str:
        return {True: "holds", False: "does not hold", None: "cannot be judged"}[value]

    article_value = getattr(DEFAULT_RULES, link.axis)
    other_value = getattr(other, link.axis)
    return _cited(
        claim_id,
        statement=statement,
        formal=f"in words.parquet: {link.after}'s first unit answers {link.before}'s last unit "
        f"with {link.axis}={article_value} (the article's rules), and "
        f"{'also' if link.holds_otherwise else 'not'} with {link.axis}={other_value}",
        verdict=decide_song_link(holds, holds_otherwise, link.holds_otherwise),
        evidence=f"{link.axis}={article_value}: {here}, the link {said(holds)}; "
        f"{link.axis}={other_value}: {there}, the link {said(holds_otherwise)}",
        tables=(WORDS_TABLE,),
        recheck=_song_link_recheck(link, frames),
    )


def _song_link_recheck(link: SongLink, frames: dict[Rules, pd.DataFrame]) -> Recheck:
    """The last unit of ``link.before`` and the first unit of ``link.after`` under each
    reading of ``link.axis`` (the other axes as the article reads them)."""
    axis = link.axis
    sql = (
        f"SELECT {axis}, max(last) FILTER (WHERE word = '{link.before}') AS before_last, "
        f"max(first) FILTER (WHERE word = '{link.after}') AS after_first FROM '{WORDS_TABLE}' "
        f"WHERE {rules_sql(skip=axis)} AND word IN ({_sql_words([link.before, link.after])}) "
        f"GROUP BY {axis} ORDER BY {axis}"
    )
    figures = []
    for rules, words in frames.items():
        rows = words.set_index("word")
        if link.before in rows.index or link.after in rows.index:
            figures.append(
                {
                    axis: getattr(rules, axis),
                    "before_last": rows["last"].get(link.before),
                    "after_first": rows["first"].get(link.after),
                }
            )
    return Recheck(sql, sorted(figures, key=lambda row: row[axis]))


def song_link_final_u(tables: ResultTables) -> Claim:
    """The song's ミツメコゾウ → ウミボウズ needs a final ウ read as written."""
    return _song_link_claim(
        "shiritori.song_link_final_u",
        tables,
        "The song's link ミツメコゾウ → ウミボウズ holds when a final ウ is taken as written, "
        "and not when ミツメコゾウ is continued with オ as pronounced.",
    )


def song_link_small_kana(tables: ResultTables) -> Claim:
    """The song's ダイダラボッチ → チョウチンオバケ needs small kana read enlarged."""
    return _song_link_claim(
        "shiritori.song_link_small_kana",
        tables,
        "The song's link ダイダラボッチ → チョウチンオバケ holds when small kana are enlarged, "
        "and not when they are kept (チョウチンオバケ would then answer only チョ).",
    )


def song_link_dakuten(tables: ResultTables) -> Claim:
    """The song's シチホダ → ダイダラボッチ holds under both readings of voiced marks."""
    return _song_link_claim(
        "shiritori.song_link_dakuten",
        tables,
        "The song's link シチホダ → ダイダラボッチ holds whether or not a voiced final may be "
        "answered by its plain kana, so the song cannot tell the two rules apart.",
    )


BUILDERS = [
    azukiarai_human_win,
    azukitogi_yokai_win,
    rokurokubi_yokai_win,
    rokurokubi_example_line,
    only_rurukoshinpu_starts_with_ru,
    ru_attack_is_fatal,
    bouzu_combo,
    example_tree,
    default_rule_examples,
    variants_change_outcomes,
    variants_save_yokai_wins,
    data_excerpt,
    name_changes_winner,
    song_link_final_u,
    song_link_small_kana,
    song_link_dakuten,
]
