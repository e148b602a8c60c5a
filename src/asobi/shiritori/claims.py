"""The article's claims about yokai shiritori, each checked against the data or the solver.

Source: 「もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析」. Statements restate the
article in our words; every verdict is computed here from the clean list, the rules module,
the solver and the outcome tables.
"""

from __future__ import annotations

import pandas as pd

from asobi.core.claims import Claim, Verdict, verdict_from
from asobi.core.game import mover_wins
from asobi.core.kana import hiragana_to_katakana
from asobi.shiritori.data import CleanList
from asobi.shiritori.shiritori import (
    DEFAULT_RULES,
    Lexicon,
    Position,
    Rules,
    Shiritori,
    first_unit,
    last_unit,
)
from asobi.shiritori.solver import Solver

ARTICLE = "もしも妖怪にしりとりを挑まれたら～ようかいしりとり完全解析"
ROKUROKUBI_LINE = ("ロクロクビ", "ビシャガツク", "クツツラ", "ラプシヌプルクル", "ルルコシンプ")
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
#: Initial kana of 「～坊主」 yokai listed in section 必殺、坊主コンボ (hiragana in the article).
BOUZU_INITIALS = "あいうおかくけこざしせそたどにぬのひ"


def _source(section: str) -> str:
    return f"{ARTICLE}, section 「{section}」"


def _outcome(outcomes: pd.DataFrame, start: str, rules: Rules = DEFAULT_RULES) -> str:
    row = outcomes[(outcomes["variant_id"] == rules.variant_id) & (outcomes["start"] == start)]
    return str(row["winner"].iloc[0]) if len(row) else "missing"


def _winner_claim(
    claim_id: str, start: str, expected: str, outcomes: pd.DataFrame, statement: str
) -> Claim:
    found = _outcome(outcomes, start)
    line = outcomes[
        (outcomes["variant_id"] == DEFAULT_RULES.variant_id) & (outcomes["start"] == start)
    ]["line"]
    shown = " → ".join(line.iloc[0]) if len(line) else "not solved"
    verdict = (
        Verdict.UNDECIDED if found in {"unknown", "missing"} else verdict_from(found == expected)
    )
    return Claim(
        claim_id=claim_id,
        game="shiritori",
        source=_source("「ようかいしりとり」ルールの詳細 / データの用意"),
        statement=statement,
        formal=f"default rules, yokai starts with {start}: winner with perfect play == {expected}",
        verdict=verdict,
        evidence=f"solver: {found}; line {shown}",
        table="results/shiritori/outcomes.parquet",
    )


def article_claims(clean: CleanList, outcomes: pd.DataFrame, effect: pd.DataFrame) -> list[Claim]:
    """Every checked claim of the article (verdicts computed)."""
    game = Shiritori(clean.lexicon, DEFAULT_RULES)
    starting = {}
    for i, word in enumerate(game.words):
        starting.setdefault(game.first[i], []).append(word)
    claims = [
        _winner_claim(
            "shiritori.azukiarai_human_win",
            "アズキアライ",
            "human",
            outcomes,
            "If the yokai names itself アズキアライ (小豆洗い) the human wins.",
        ),
        _winner_claim(
            "shiritori.azukitogi_yokai_win",
            "アズキトギ",
            "yokai",
            outcomes,
            "The same yokai naming itself アズキトギ (小豆とぎ) wins: the outcome depends "
            "on the name used.",
        ),
        _winner_claim(
            "shiritori.rokurokubi_yokai_win",
            "ロクロクビ",
            "yokai",
            outcomes,
            "ロクロクビ (ろくろっくび), met in the song, is in fact a first-player win.",
        ),
    ]
    # The example line: legal, the yokai's moves all win, and it ends with the human stuck.
    position = game.opening(ROKUROKUBI_LINE[0])
    legal, yokai_moves_win = True, True
    for ply, word in enumerate(ROKUROKUBI_LINE[1:], start=1):
        if word not in game.legal_moves(position):
            legal = False
            break
        position = game.play(position, word)
        if ply % 2 == 0 and _mover_wins(game, position):
            yokai_moves_win = False
    stuck = legal and not game.legal_moves(position)
    claims.append(
        Claim(
            claim_id="shiritori.rokurokubi_example_line",
            game="shiritori",
            source=_source("実は先手必勝だったろくろっくび"),
            statement="The article's line ロクロクビ → ビシャガツク → クツツラ → "
            "ラプシヌプルクル → "
            "ルルコシンプ is a legal game that leaves the human without a reply.",
            formal="each word answers the previous one under the default rules and is unused; "
            "after ルルコシンプ the human has no legal word",
            verdict=verdict_from(legal and stuck),
            evidence=f"legal={legal}; human stuck at {position.letter}={stuck}; "
            f"the yokai's words in it are winning moves={yokai_moves_win}",
            table="results/shiritori/words.parquet",
        )
    )
    ru = sorted(starting.get("ル", []))
    pu = sorted(starting.get("プ", []))
    claims.append(
        Claim(
            claim_id="shiritori.only_rurukoshinpu_starts_with_ru",
            game="shiritori",
            source=_source("る攻めは危険"),
            statement="Exactly one yokai name starts with ル (ルルコシンプ) "
            "and none starts with プ.",
            formal="words with first unit ル == [ルルコシンプ] and words with first unit プ == [] "
            "(default rules, clean list)",
            verdict=verdict_from(ru == ["ルルコシンプ"] and not pu),
            evidence=f"ル: {ru or 'none'}; プ: {pu or 'none'}",
            table="results/shiritori/words.parquet",
        )
    )
    # ル attack: a word ending in ル is answered by ルルコシンプ; no word starts with プ.
    ru_enders = [w for i, w in enumerate(game.words) if game.last[i] == "ル"]
    losing_ru = []
    for word in ru_enders:
        after = Position(game.bans[game.word_index(word)], "ル")
        answers = game.legal_moves(after)
        if answers and all(not game.legal_moves(game.play(after, a)) for a in answers):
            losing_ru.append(word)
    claims.append(
        Claim(
            claim_id="shiritori.ru_attack_is_fatal",
            game="shiritori",
            source=_source("る攻めは危険"),
            statement="The る-attack backfires: saying a word ending in ル lets the opponent "
            "answer "
            "ルルコシンプ, which nobody can answer.",
            formal="for every word w ending in ル (default rules), in the position after w with "
            "only w (and its aliases) used, every answer leaves the next player without a move",
            verdict=verdict_from(bool(ru_enders) and len(losing_ru) == len(ru_enders)),
            evidence=f"{len(losing_ru)} of {len(ru_enders)} words ending in ル lose at once "
            f"(e.g. {ru_enders[0] if ru_enders else '-'} → ルルコシンプ)",
            table="results/shiritori/words.parquet",
        )
    )
    claims.append(_bouzu_claim(game, starting))
    claims.append(_example_tree_claim(clean))
    claims.append(_rules_examples_claim(clean))
    decided = effect[effect["default_winner"] != "unknown"]
    changed = int((decided["winner_changes"] > 0).sum())
    unknown = int(effect["unknown"].sum())
    claims.append(
        Claim(
            claim_id="shiritori.variants_change_outcomes",
            game="shiritori",
            source=_source("今後の課題"),
            statement="Changing how long vowels, small kana, voiced marks (and aliases, "
            "final ウ) are "
            "treated would change which start words are yokai wins.",
            formal="number of start words whose winner under some other solved variant differs "
            "from the default rules' winner is > 0",
            verdict=(
                verdict_from(changed > 0) if changed > 0 or unknown == 0 else Verdict.UNDECIDED
            ),
            evidence=f"{changed} of {len(decided)} start words change winner in at least one "
            f"variant; {unknown} (start, variant) pairs unknown within the node budget",
            table="results/shiritori/variant_effect.parquet",
        )
    )
    return claims


def _mover_wins(game: Shiritori, position: Position) -> bool:
    """Exact result for one position of the example line (fast solver, fresh table)."""
    _, status = Solver(game).choose(position)
    return status == "win"


def _bouzu_claim(game: Shiritori, starting: dict[str, list[str]]) -> Claim:
    zu = sorted(starting.get("ズ", []))
    bouzu = [w for w in game.words if w.endswith("ボウズ")]
    initials = {w[0] for w in bouzu}
    u_bouzu = [w for w in bouzu if w.startswith("ウ")]
    combo_works = []
    for word in bouzu:
        position = Position(game.bans[game.word_index(word)], game.last[game.word_index(word)])
        if "ズンベラボウ" not in game.legal_moves(position):
            continue
        position = game.play(position, "ズンベラボウ")
        finishers = [w for w in u_bouzu if w in game.legal_moves(position)]
        if finishers and not game.legal_moves(game.play(position, finishers[0])):
            combo_works.append(word)
    expected = set(hiragana_to_katakana(BOUZU_INITIALS))
    holds = zu == ["ズンベラボウ"] and initials == expected and len(combo_works) == len(bouzu)
    return Claim(
        claim_id="shiritori.bouzu_combo",
        game="shiritori",
        source=_source("必殺、坊主コンボ"),
        statement="坊主 combo: only ズンベラボウ starts with ズ, so after a ～ボウズ word and the "
        "forced ズンベラボウ, ウミボウズ (or ウミナリコボウズ) leaves the opponent without "
        "a word; ～ボウズ names exist for the initials listed in the article.",
        formal="words starting with ズ == [ズンベラボウ]; for every word ending in ボウズ, "
        "after it "
        "and ズンベラボウ some unused ウ…ボウズ word leaves no answer; the set of initials of "
        "～ボウズ words equals the article's list",
        verdict=verdict_from(holds),
        evidence=f"ズ: {zu}; combo works for {len(combo_works)} of {len(bouzu)} ～ボウズ words; "
        f"initials found {''.join(sorted(initials))}, "
        f"missing {''.join(sorted(expected - initials)) or 'none'}, "
        f"extra {''.join(sorted(initials - expected)) or 'none'}",
        table="results/shiritori/words.parquet",
    )


def _example_tree_claim(clean: CleanList) -> Claim:
    lexicon = Lexicon.from_pairs((w, clean.aliases.get(w, ())) for w in EXAMPLE_TREE_WORDS)
    game = Shiritori(lexicon, DEFAULT_RULES)
    root = Position(0, "ア")
    human_wins = mover_wins(game, root)
    results = {w: not mover_wins(game, game.play(root, w)) for w in game.legal_moves(root)}
    holds = human_wins and results == {"アカアシ": False, "アカエイ": True}
    return Claim(
        claim_id="shiritori.example_tree",
        game="shiritori",
        source=_source("具体例"),
        statement="In the worked example (14 unused names, answer ア, human to move) the human "
        "wins by アカエイ, while アカアシ loses.",
        formal="plain exhaustive search on the 14-word lexicon from letter ア: mover wins, "
        "アカエイ is a winning move and アカアシ is not",
        verdict=verdict_from(holds),
        evidence=f"mover wins={human_wins}; winning first words: "
        f"{sorted(w for w, ok in results.items() if ok)}",
        table="results/shiritori/words.parquet",
    )


def _rules_examples_claim(clean: CleanList) -> Claim:
    rules = DEFAULT_RULES
    checks = {
        "アカガンター → ア": last_unit("アカガンター", rules) == "ア",
        "ダイダラボッチ → チ, then チョウチンオバケ": last_unit("ダイダラボッチ", rules) == "チ"
        and first_unit("チョウチンオバケ", rules) == "チ",
        "ミツメコゾウ → ウ": last_unit("ミツメコゾウ", rules) == "ウ",
        "シチホダ → ダ (not タ)": last_unit("シチホダ", rules) == "ダ",
        "ノッペラボウ bans ズンベラボウ": "ズンベラボウ" in clean.aliases.get("ノッペラボウ", ()),
        "マジムン and アカングワーマジムン are not aliases": "アカングワーマジムン"
        not in clean.aliases.get("マジムン", ()),
    }
    failed = [name for name, ok in checks.items() if not ok]
    return Claim(
        claim_id="shiritori.default_rule_examples",
        game="shiritori",
        source=_source("「ようかいしりとり」ルールの詳細"),
        statement="The rule examples: ー takes the previous vowel, a final small kana is enlarged, "
        "a final ウ stays ウ, voiced marks are kept, aliases are banned together.",
        formal="last_unit/first_unit of the article's example words under the default rules, "
        "and the alias lists of the clean data",
        verdict=verdict_from(not failed),
        evidence=("all hold: " + "; ".join(checks))
        if not failed
        else "failed: " + "; ".join(failed),
        table="results/shiritori/words.parquet",
    )
