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
    OUTCOMES_TABLE,
    PROOF_CHECK,
    WORDS_TABLE,
)
from asobi.shiritori.example_claims import example_tree, rokurokubi_example_line
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

#: The claims that rest on the certificates of the run's winners: ``asobi claims recheck``
#: runs ``asobi shiritori verify .`` for them (see :mod:`asobi.core.proof_checks`).
PROOF_CHECKS: dict[str, ProofCheck] = {
    f"{GAME}.{name}": SHIRITORI_VERIFY
    for name in (
        "azukiarai_human_win",
        "azukitogi_yokai_win",
        "data_excerpt",
        "name_changes_winner",
        "rokurokubi_yokai_win",
        "variants_change_outcomes",
        "variants_save_yokai_wins",
    )
}
