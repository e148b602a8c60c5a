"""The article's worked examples: the line of play from ロクロクビ, and the tree of every
line of play in its section 具体例 with the winner at each node.

Both are replayed on the word list under the article's rules (the tree by plain exhaustive
search on its 14 words); the yokai's moves of the line are judged within search budgets,
and a position they do not decide is reported open, never as a win.
"""

from __future__ import annotations

import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.game import mover_wins
from asobi.core.recheck import Recheck
from asobi.shiritori.citations import cited
from asobi.shiritori.claim_tables import (
    ARTICLE_SQL,
    WORDS_TABLE,
    default_words,
    rules_sql,
    sql_words,
    words_game,
)
from asobi.shiritori.shiritori import LOSING_UNIT, Position, Shiritori
from asobi.shiritori.solver import Solver

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


# -- decisions -------------------------------------------------------------------------------


def decide_example_line(legal: bool, stuck: bool) -> Verdict:
    """The line is confirmed when every word is legal and the human is left without a word."""
    return verdict_from(legal and stuck)


def decide_example_tree(
    missing: list[str], paths_agree: bool, wrong_values: list[str], root_agrees: bool
) -> Verdict:
    """The article's tree: ``undecided`` when the list lacks one of its words; confirmed
    when its lines of play are exactly the legal ones and every node's winner is the one
    it marks."""
    if missing:
        return Verdict.UNDECIDED
    return verdict_from(paths_agree and not wrong_values and root_agrees)


# -- builders --------------------------------------------------------------------------------


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
    return cited(
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
    return cited(
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
    f"WHERE {ARTICLE_SQL} AND word IN ({sql_words(EXAMPLE_TREE_WORDS)})), "
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
