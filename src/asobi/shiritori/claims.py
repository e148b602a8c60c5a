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

The claims are split by what they read: :mod:`~asobi.shiritori.citations` (the citations),
:mod:`~asobi.shiritori.claim_tables` (the tables and shared SQL), the winner claims here,
:mod:`~asobi.shiritori.word_claims` (claims read off the word list),
:mod:`~asobi.shiritori.variant_claims` (other readings of the rules, other names) and
:mod:`~asobi.shiritori.example_claims` (the article's worked examples); :data:`BUILDERS`
gathers them in the article's order.
"""

from __future__ import annotations

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.proof_checks import SHIRITORI_VERIFY, ProofCheck
from asobi.core.recheck import Recheck
from asobi.shiritori.citations import CITATIONS, CLAIM_IDS, GAME, cited
from asobi.shiritori.claim_tables import (
    ARTICLE_SQL,
    EFFECT_TABLE,
    MARKS_TABLE,
    OUTCOMES_TABLE,
    PROOF_CHECK,
    WORDS_TABLE,
    default_winners,
)
from asobi.shiritori.example_claims import example_tree, rokurokubi_example_line
from asobi.shiritori.marks import MARK_WINNER, literal_last
from asobi.shiritori.shiritori import DEFAULT_RULES
from asobi.shiritori.variant_claims import (
    name_changes_winner,
    variants_change_outcomes,
    variants_save_yokai_wins,
)
from asobi.shiritori.word_claims import (
    bouzu_combo,
    data_excerpt,
    default_rule_examples,
    only_rurukoshinpu_starts_with_ru,
    ru_attack_is_fatal,
    song_link_dakuten,
    song_link_final_u,
    song_link_small_kana,
)

__all__ = [
    "BUILDERS",
    "CITATIONS",
    "CLAIM_IDS",
    "EFFECT_TABLE",
    "GAME",
    "MARKS_TABLE",
    "OUTCOMES_TABLE",
    "PROOF_CHECKS",
    "WORDS_TABLE",
]


# -- decisions -------------------------------------------------------------------------------


def decide_winner(found: str, expected: str) -> Verdict:
    """A start word's solved winner against the article's: ``undecided`` when the run left
    it ``unknown`` or did not solve it."""
    if found not in {"yokai", "human"}:
        return Verdict.UNDECIDED
    return verdict_from(found == expected)


def decide_marks(unexplained: int, open_: int) -> Verdict:
    """The article's marks against the run: ``refuted`` by any row whose decided winner is
    not its mark and whose file does not explain it; else ``undecided`` while a row's word
    is ``unknown`` or not solved (a mark is never judged without a winner); else
    ``confirmed`` (a disagreement the article's file explains is reported, not counted)."""
    if unexplained:
        return Verdict.REFUTED
    return Verdict.UNDECIDED if open_ else Verdict.CONFIRMED


# -- builders --------------------------------------------------------------------------------


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
    return cited(
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


#: How many lines of a kind the evidence names before "and N more".
SHOWN_LINES = 10


def _lines(lines: list[int]) -> str:
    shown = ", ".join(map(str, lines[:SHOWN_LINES]))
    return shown + (f" and {len(lines) - SHOWN_LINES} more" if len(lines) > SHOWN_LINES else "")


#: The recheck of :func:`article_marks`: each row's status from its mark, its word's winner
#: in ``outcomes.parquet`` under the article's rules and what the article's file gives
#: read literally.
MARKS_SQL = f"""
WITH solved AS (
    SELECT start, winner FROM '{OUTCOMES_TABLE}' WHERE {ARTICLE_SQL}
), judged AS (
    SELECT m.line, CASE
        WHEN s.winner IS NULL OR s.winner NOT IN ('yokai', 'human') THEN 'open'
        WHEN s.winner = CASE m.mark WHEN '○' THEN 'human' ELSE 'yokai' END THEN 'agree'
        WHEN m.literal_winner = CASE m.mark WHEN '○' THEN 'human' ELSE 'yokai' END
            THEN 'explained'
        ELSE 'unexplained' END AS status
    FROM '{MARKS_TABLE}' AS m LEFT JOIN solved AS s ON s.start = m.word
)
SELECT count(*) AS rows,
    count(*) FILTER (WHERE status = 'agree') AS agree,
    coalesce(list(line ORDER BY line) FILTER (WHERE status = 'explained'), []) AS explained,
    coalesce(list(line ORDER BY line) FILTER (WHERE status = 'unexplained'), [])
        AS unexplained,
    count(*) FILTER (WHERE status = 'open') AS open
FROM judged
"""


def article_marks(tables: ResultTables) -> Claim:
    """The article's ○/× for every row of its data file (its headline result).

    Each row is judged through its reading with whitespace removed (the word we play): the
    mark agrees when the run's winner of that word under the article's rules is the one
    the mark names. A row whose winner differs is *explained* when the article's file
    itself gives its mark read as written (``literal_winner``: decided at the first answer,
    e.g. ``ワウワウ `` ends in a space no name starts with), and is then reported in the
    evidence and caveat, not counted against the article. Verdict (:func:`decide_marks`):
    refuted by any unexplained disagreement; undecided while any row's word is ``unknown``
    or not solved; confirmed otherwise.
    """
    marks = tables.read(MARKS_TABLE, columns=["line", "mark", "name", "word", "literal_winner"])
    winners = default_winners(tables)
    agree: list[int] = []
    explained: list[int] = []
    unexplained: list[int] = []
    open_: list[int] = []
    notes: list[str] = []
    for row in marks.itertuples(index=False):
        article, found = MARK_WINNER[row.mark], winners.get(row.word)
        if found not in MARK_WINNER.values():
            open_.append(int(row.line))
        elif found == article:
            agree.append(int(row.line))
        elif row.literal_winner == article:
            explained.append(int(row.line))
            notes.append(
                f"line {row.line} {row.name!r} ({row.mark}): the file read as written ends in "
                f"{literal_last(row.name)!r} and gives the {article} at once; we find a "
                f"{found} win for {row.word}"
            )
        else:
            unexplained.append(int(row.line))
    words = marks.groupby("word")["mark"].agg(list)
    repeated = words[words.map(len) > 1]
    alike = int(repeated.map(lambda ms: len(set(ms)) == 1).sum())
    counts = marks["mark"].value_counts()
    evidence = (
        f"{len(agree)} of {len(marks)} rows ({int(counts.get('○', 0))} ○, "
        f"{int(counts.get('×', 0))} ×) agree with the run's winners; "
        f"{len(explained) + len(unexplained)} disagree: {len(explained)} explained by the "
        f"article's file"
        + (f" ({'; '.join(notes)})" if notes else "")
        + f", {len(unexplained)} not"
        + (f" (lines {_lines(unexplained)})" if unexplained else "")
        + f"; {len(open_)} open"
        + (f" (lines {_lines(open_)})" if open_ else "")
        + f"; {len(repeated)} readings on more than one row, {alike} of them marked alike"
    )
    caveat = (
        f"{len(explained)} mark(s) hold only for the article's file read as written, not for "
        f"the reading we play: {'; '.join(notes)}"
        if explained
        else None
    )
    return cited(
        "shiritori.article_marks",
        statement=f"For each of the {len(marks)} rows of its yokai data the article gives the "
        "winner with perfect play when the yokai opens with that name: ○ the human (second "
        "player), × the yokai.",
        formal="for each row of the article's file: the winner of its reading (whitespace "
        "removed) under the article's rules is the one its mark names; a row whose winner "
        "differs but whose mark the file gives read as written (decided at the first answer) "
        "is explained, not counted against; undecided while a row's word is unknown or not "
        "solved",
        verdict=decide_marks(len(unexplained), len(open_)),
        evidence=evidence,
        caveat=caveat,
        tables=(MARKS_TABLE, OUTCOMES_TABLE),
        recheck=Recheck(
            MARKS_SQL,
            {
                "rows": len(marks),
                "agree": len(agree),
                "explained": sorted(explained),
                "unexplained": sorted(unexplained),
                "open": len(open_),
            },
            command=PROOF_CHECK,
        ),
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
    article_marks,
    song_link_final_u,
    song_link_small_kana,
    song_link_dakuten,
]

#: The claims that rest on the certificates of the run's winners: ``asobi claims recheck``
#: runs ``asobi shiritori verify .`` for them (see :mod:`asobi.core.proof_checks`).
PROOF_CHECKS: dict[str, ProofCheck] = {
    f"{GAME}.{name}": SHIRITORI_VERIFY
    for name in (
        "article_marks",
        "azukiarai_human_win",
        "azukitogi_yokai_win",
        "data_excerpt",
        "name_changes_winner",
        "rokurokubi_yokai_win",
        "variants_change_outcomes",
        "variants_save_yokai_wins",
    )
}
