"""The result tables the shiritori claims read, and the SQL their recheck queries share.

The names of the tables (the word list as ``words.parquet``, the solved ``outcomes.parquet``,
``variant_effect.parquet``, the article's marks row by row in ``article_marks.parquet``),
readers of the word list and of the solved winners under the article's rules (or a
variant), and the pieces of DuckDB SQL that select the same rows of the published tables.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

from asobi.core.claims import ResultTables
from asobi.core.proof_checks import SHIRITORI_VERIFY
from asobi.shiritori.shiritori import DEFAULT_RULES, Lexicon, Rules, Shiritori

WORDS_TABLE = "shiritori/words.parquet"
OUTCOMES_TABLE = "shiritori/outcomes.parquet"
EFFECT_TABLE = "shiritori/variant_effect.parquet"
MARKS_TABLE = "shiritori/article_marks.parquet"


# -- recheck queries (DuckDB over the published tables) ----------------------------------------

#: The command that re-checks the certificates behind every decided winner of the run (the
#: definition is asobi's: :data:`asobi.core.proof_checks.SHIRITORI_VERIFY`).
PROOF_CHECK = SHIRITORI_VERIFY.command


def rules_sql(rules: Rules = DEFAULT_RULES, *, skip: str = "", alias: str = "") -> str:
    """The SQL condition selecting the rows of ``rules`` by their axis columns (all but
    ``skip``), each column prefixed with ``alias.`` when given."""
    prefix = f"{alias}." if alias else ""
    return " AND ".join(
        f"{prefix}{axis} = '{value}'" for axis, value in rules.as_dict().items() if axis != skip
    )


def sql_words(words: Sequence[str]) -> str:
    """``words`` as an SQL list of string literals (for ``IN (...)``)."""
    return ", ".join(f"'{word}'" for word in words)


#: The article's rules as a condition on a table's axis columns.
ARTICLE_SQL = rules_sql()


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


def words_starting_with(words: pd.DataFrame, unit: str) -> list[str]:
    """The words of ``words`` whose first unit is ``unit``, sorted."""
    return sorted(words.loc[words["first"] == unit, "word"])


def default_winners(tables: ResultTables) -> pd.Series:
    """Start word → winner (``yokai``/``human``/``unknown``) under the article's rules."""
    rows = tables.read(
        OUTCOMES_TABLE,
        columns=["start", "winner"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id)],
    )
    return rows.set_index("start")["winner"]
