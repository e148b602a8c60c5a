"""The article's claims about yokai shiritori, each checked against the result tables.

Source: 「もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析」. Statements restate the
article in our words. One builder per claim (:data:`BUILDERS`); each reads the tables it
needs through :class:`~asobi.core.claims.ResultTables` (the word list as
``words.parquet`` under the article's rules, the solved ``outcomes.parquet``,
``variant_effect.parquet``) and returns one :class:`~asobi.core.claims.Claim` whose verdict
comes from a small decision function over computed facts. A start word the solver left
``unknown`` (or a position its budget did not decide) is never counted as a win or a loss:
it makes the claim ``undecided``, or is counted as open in the evidence.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.game import mover_wins
from asobi.core.kana import hiragana_to_katakana
from asobi.shiritori.shiritori import DEFAULT_RULES, Lexicon, Position, Shiritori
from asobi.shiritori.solver import Solver

ARTICLE = "もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析"
GAME = "shiritori"
WORDS_TABLE = "shiritori/words.parquet"
OUTCOMES_TABLE = "shiritori/outcomes.parquet"
EFFECT_TABLE = "shiritori/variant_effect.parquet"

CLAIM_IDS = (
    "shiritori.azukiarai_human_win",
    "shiritori.azukitogi_yokai_win",
    "shiritori.rokurokubi_yokai_win",
    "shiritori.rokurokubi_example_line",
    "shiritori.only_rurukoshinpu_starts_with_ru",
    "shiritori.ru_attack_is_fatal",
    "shiritori.bouzu_combo",
    "shiritori.example_tree",
    "shiritori.default_rule_examples",
    "shiritori.variants_change_outcomes",
)

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
#: The article's verdicts in 具体例: the first words that win for the human (and the ones
#: it shows losing).
EXAMPLE_TREE_WINNING = frozenset({"アカエイ"})
EXAMPLE_TREE_LOSING = frozenset({"アカアシ"})
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


def _source(section: str) -> str:
    return f"{ARTICLE}, section 「{section}」"


# -- reading the tables ------------------------------------------------------------------------


def default_words(tables: ResultTables) -> pd.DataFrame:
    """The rows of ``words.parquet`` under the article's rules (word, first, last, bans)."""
    return tables.read(
        WORDS_TABLE,
        columns=["word", "first", "last", "bans"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id)],
    )


def words_game(words: pd.DataFrame, only: Sequence[str] | None = None) -> Shiritori:
    """The game under the article's rules on the words of ``words`` (aliases = its ``bans``),
    or on those of ``only`` that it lists."""
    bans = {row.word: tuple(row.bans) for row in words.itertuples()}
    chosen = list(bans) if only is None else [w for w in only if w in bans]
    return Shiritori(Lexicon.from_pairs((w, bans[w]) for w in chosen), DEFAULT_RULES)


def _starting(words: pd.DataFrame, unit: str) -> list[str]:
    return sorted(words.loc[words["first"] == unit, "word"])


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


def decide_bouzu(zu: list[str], works: int, total: int, missing: str, extra: str) -> Verdict:
    """Only ズンベラボウ starts with ズ, the combo works after every ～ボウズ word, and the
    initials of the ～ボウズ words are the article's list."""
    combo = total > 0 and works == total
    return verdict_from(zu == ["ズンベラボウ"] and combo and not missing + extra)


def decide_example_tree(missing: list[str], human_wins: bool, winning: set[str]) -> Verdict:
    """The article's tree: ``undecided`` when the list lacks one of its words; confirmed when
    the human wins, by every first word the article calls winning and by none it calls
    losing."""
    if missing:
        return Verdict.UNDECIDED
    return verdict_from(
        human_wins and winning >= EXAMPLE_TREE_WINNING and not EXAMPLE_TREE_LOSING & winning
    )


def decide_rule_examples(failed: list[str], missing: list[str]) -> Verdict:
    """Refuted by any example the table contradicts; ``undecided`` when an example word is
    not in the list (nothing to check it on)."""
    if failed:
        return Verdict.REFUTED
    return Verdict.UNDECIDED if missing else Verdict.CONFIRMED


def decide_variants_change(changed: int, unknown: int) -> Verdict:
    """Confirmed by one start word whose winner changes; refuted only when every pair is
    decided and none changes; ``undecided`` when none changes but some pairs are open."""
    if changed > 0:
        return Verdict.CONFIRMED
    return Verdict.UNDECIDED if unknown else Verdict.REFUTED


# -- builders --------------------------------------------------------------------------------


def _winner_claim(
    tables: ResultTables, claim_id: str, start: str, expected: str, statement: str
) -> Claim:
    rows = tables.read(
        OUTCOMES_TABLE,
        columns=["winner", "line"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id), ("start", "==", start)],
    )
    found = str(rows["winner"].iloc[0]) if len(rows) else "not solved in this run"
    line = " → ".join(rows["line"].iloc[0]) if len(rows) else "none"
    return Claim(
        claim_id=claim_id,
        game=GAME,
        source=_source("「ようかいしりとり」ルールの詳細 / データの用意"),
        statement=statement,
        formal=f"article's rules, the yokai starts with {start}: the winner with perfect play "
        f"is the {expected}",
        verdict=decide_winner(found, expected),
        evidence=f"solved winner: {found}; "
        + (f"open line {line}" if found == "unknown" else f"principal line {line}"),
        tables=(OUTCOMES_TABLE,),
    )


def azukiarai_human_win(tables: ResultTables) -> Claim:
    """If the yokai names itself アズキアライ, the human wins."""
    return _winner_claim(
        tables,
        "shiritori.azukiarai_human_win",
        "アズキアライ",
        "human",
        "If the yokai names itself アズキアライ (小豆洗い) the human wins.",
    )


def azukitogi_yokai_win(tables: ResultTables) -> Claim:
    """The same yokai naming itself アズキトギ wins."""
    return _winner_claim(
        tables,
        "shiritori.azukitogi_yokai_win",
        "アズキトギ",
        "yokai",
        "The same yokai naming itself アズキトギ (小豆とぎ) wins: the outcome depends on the "
        "name used.",
    )


def rokurokubi_yokai_win(tables: ResultTables) -> Claim:
    """ロクロクビ is a first-player (yokai) win."""
    return _winner_claim(
        tables,
        "shiritori.rokurokubi_yokai_win",
        "ロクロクビ",
        "yokai",
        "ロクロクビ (ろくろっくび), met in the song, is in fact a first-player win.",
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
    return Claim(
        claim_id="shiritori.rokurokubi_example_line",
        game=GAME,
        source=_source("実は先手必勝だったろくろっくび"),
        statement="The article's line ロクロクビ → ビシャガツク → クツツラ → ラプシヌプルクル → "
        "ルルコシンプ is a legal game that leaves the human without a reply.",
        formal="in the word list under the article's rules each word answers the previous one "
        "and is unused; after ルルコシンプ the human has no legal word",
        verdict=decide_example_line(legal, stuck),
        evidence=evidence,
        tables=(WORDS_TABLE,),
    )


def only_rurukoshinpu_starts_with_ru(tables: ResultTables) -> Claim:
    """Exactly one name starts with ル (ルルコシンプ), none with プ."""
    words = default_words(tables)
    ru, pu = _starting(words, "ル"), _starting(words, "プ")
    return Claim(
        claim_id="shiritori.only_rurukoshinpu_starts_with_ru",
        game=GAME,
        source=_source("る攻めは危険"),
        statement="Exactly one yokai name starts with ル (ルルコシンプ) and none starts with プ.",
        formal="words whose first unit is ル == [ルルコシンプ] and words whose first unit is プ "
        "== [] (article's rules, clean list)",
        verdict=decide_only_ru(ru, pu),
        evidence=f"{len(ru)} word(s) start with ル: {', '.join(ru) or 'none'}; {len(pu)} with "
        f"プ: {', '.join(pu) or 'none'} (of {len(words)} words)",
        tables=(WORDS_TABLE,),
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
    return Claim(
        claim_id="shiritori.ru_attack_is_fatal",
        game=GAME,
        source=_source("る攻めは危険"),
        statement="The る-attack backfires: saying a word ending in ル lets the opponent answer "
        "ルルコシンプ, which nobody can answer.",
        formal="for every word w ending in ル (article's rules), in the position after w with "
        "only w (and its aliases) used, every answer leaves the next player without a move",
        verdict=decide_ru_attack(len(losing), len(ru_enders)),
        evidence=f"{len(losing)} of {len(ru_enders)} words ending in ル lose at once"
        + (f" (e.g. {losing[0]} → {game.legal_moves(Position(0, 'ル'))[0]})" if losing else "")
        + (f"; not: {', '.join(surviving[:5])}" if surviving else ""),
        tables=(WORDS_TABLE,),
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
        if finishers and not game.legal_moves(game.play(position, finishers[0])):
            works.append(word)
    expected = set(hiragana_to_katakana(BOUZU_INITIALS))
    missing = "".join(sorted(expected - initials))
    extra = "".join(sorted(initials - expected))
    return Claim(
        claim_id="shiritori.bouzu_combo",
        game=GAME,
        source=_source("必殺、坊主コンボ"),
        statement="坊主 combo: only ズンベラボウ starts with ズ, so after a ～ボウズ word and the "
        "forced ズンベラボウ, ウミボウズ (or ウミナリコボウズ) leaves the opponent without a "
        "word; ～ボウズ names exist for the initials listed in the article.",
        formal="words starting with ズ == [ズンベラボウ]; for every word ending in ボウズ, after "
        "it and ズンベラボウ some unused ウ…ボウズ word leaves no answer; the set of initials "
        "of ～ボウズ words equals the article's list",
        verdict=decide_bouzu(zu, len(works), len(bouzu), missing, extra),
        evidence=f"ズ: {', '.join(zu) or 'none'}; combo works for {len(works)} of {len(bouzu)} "
        f"～ボウズ words; initials found {''.join(sorted(initials))}, missing "
        f"{missing or 'none'}, extra {extra or 'none'}",
        tables=(WORDS_TABLE,),
    )


def example_tree(tables: ResultTables) -> Claim:
    """In the worked example (14 names, answer ア) the human wins by アカエイ, not アカアシ."""
    words = default_words(tables)
    listed = set(words["word"])
    missing = [w for w in EXAMPLE_TREE_WORDS if w not in listed]
    game = words_game(words, only=EXAMPLE_TREE_WORDS)
    root = Position(0, EXAMPLE_TREE_LETTER)
    human_wins = mover_wins(game, root)
    winning = {w for w in game.legal_moves(root) if not mover_wins(game, game.play(root, w))}
    return Claim(
        claim_id="shiritori.example_tree",
        game=GAME,
        source=_source("具体例"),
        statement="In the worked example (14 unused names, answer ア, human to move) the human "
        "wins by アカエイ, while アカアシ loses.",
        formal="plain exhaustive search on the 14 words (with their aliases among them) from "
        "letter ア: the mover wins, アカエイ is a winning move and アカアシ is not",
        verdict=decide_example_tree(missing, human_wins, winning),
        evidence=f"mover wins: {human_wins}; winning first words: "
        f"{', '.join(sorted(winning)) or 'none'} of {len(game.legal_moves(root))}"
        + (f"; not in the list: {', '.join(missing)}" if missing else ""),
        tables=(WORDS_TABLE,),
    )


def default_rule_examples(tables: ResultTables) -> Claim:
    """The article's rule examples hold in the word table under the article's rules."""
    words = default_words(tables).set_index("word")
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
    return Claim(
        claim_id="shiritori.default_rule_examples",
        game=GAME,
        source=_source("「ようかいしりとり」ルールの詳細"),
        statement="The rule examples: ー takes the previous vowel, a final small kana is "
        "enlarged, a final ウ stays ウ, voiced marks are kept, aliases are banned together.",
        formal="first/last units and alias bans of the article's example words in the word "
        "table under the article's rules",
        verdict=decide_rule_examples(failed, missing),
        evidence=evidence,
        tables=(WORDS_TABLE,),
    )


def variants_change_outcomes(tables: ResultTables) -> Claim:
    """Other readings of ー, small kana, voiced marks (aliases, final ウ) change winners."""
    effect = tables.read(EFFECT_TABLE)
    decided = effect[effect["default_winner"] != "unknown"]
    changed = int((decided["winner_changes"] > 0).sum())
    unknown = int(effect["unknown"].sum())
    variants = int((effect["variants_decided"] + effect["unknown"]).max()) if len(effect) else 0
    return Claim(
        claim_id="shiritori.variants_change_outcomes",
        game=GAME,
        source=_source("今後の課題"),
        statement="Changing how long vowels, small kana, voiced marks (and aliases, final ウ) "
        "are treated would change which start words are yokai wins.",
        formal="number of start words whose decided winner under some other solved variant "
        "differs from the article's rules' decided winner is > 0",
        verdict=decide_variants_change(changed, unknown),
        evidence=f"{changed} of {len(decided)} start words decided under the article's rules "
        f"change winner in at least one of the {max(variants - 1, 0)} other variants; "
        f"{unknown} (start word, variant) pairs unknown within the run's budgets (counted "
        "neither way)",
        tables=(EFFECT_TABLE,),
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
]
