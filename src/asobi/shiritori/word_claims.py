"""The claims read off the word list: who starts with ル and プ, the る attack, the 坊主
combo, the article's rule examples, its data excerpt, and the song's links under each
reading of a rule.

Each builder reads ``words.parquet`` (and, for the excerpt, ``outcomes.parquet``) under the
article's rules and returns one claim whose verdict comes from its decision function.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.kana import hiragana_to_katakana
from asobi.core.recheck import Recheck
from asobi.shiritori.citations import cited
from asobi.shiritori.claim_tables import (
    ARTICLE_SQL,
    OUTCOMES_TABLE,
    PROOF_CHECK,
    WORDS_TABLE,
    default_winners,
    default_words,
    rules_sql,
    sql_words,
    variant_words,
    words_game,
    words_starting_with,
)
from asobi.shiritori.shiritori import AXES, DEFAULT_RULES, Position, Rules, accepted_units

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


# -- decisions -------------------------------------------------------------------------------


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


def decide_rule_examples(failed: list[str], missing: list[str]) -> Verdict:
    """Refuted by any example the table contradicts; ``undecided`` when an example word is
    not in the list (nothing to check it on)."""
    if failed:
        return Verdict.REFUTED
    return Verdict.UNDECIDED if missing else Verdict.CONFIRMED


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


def only_rurukoshinpu_starts_with_ru(tables: ResultTables) -> Claim:
    """Exactly one name starts with ル (ルルコシンプ), none with プ."""
    words = default_words(tables)
    ru, pu = words_starting_with(words, "ル"), words_starting_with(words, "プ")
    return cited(
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
    return cited(
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
    zu = words_starting_with(words, "ズ")
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
    return cited(
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
    return cited(
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
            f"WHERE {ARTICLE_SQL} AND word IN ({sql_words(examples)}) ORDER BY word",
            [
                {"word": word, "first": row.first, "last": row.last, "bans": sorted(row.bans)}
                for word, row in words.loc[sorted(set(examples) & set(words.index))].iterrows()
            ],
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
    return cited(
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
            f"WHERE {rules_sql(alias='w')} AND w.word IN ({sql_words(names)}) ORDER BY w.word",
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
    return cited(
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
        f"WHERE {rules_sql(skip=axis)} AND word IN ({sql_words([link.before, link.after])}) "
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
