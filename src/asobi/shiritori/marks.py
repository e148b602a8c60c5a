"""The article's ○/× for every row of its data file, compared row by row with the run.

``resources/yokai/youkai_article_marks_2024-07-02.tsv`` is the article's data file
(``youkai_data.js``) as a TSV: ``mark`` (○: the human, who answers second, wins; ×: the
yokai, who names itself first, wins), ``name`` and ``aliases`` exactly as the article's file
has them (see ``resources/yokai/SOURCE.md``). :func:`read_marks` reads it, checked against
its checksum; :func:`compare_marks` sets each of its rows beside the run's winner for the
row's reading under the article's rules and says, for every row that does not agree, why,
from the data alone:

* the reading we play is the row's name cleaned as the word list is
  (:func:`asobi.shiritori.data.clean_text`); the data quirks of the article's own file
  (a name or alias changed by cleaning, a reading on more than one row, an alias that
  matches no row exactly or only after cleaning, a one-way alias) are listed per row;
* the article's program reads its file *literally*: every field as written, aliases matched
  to names exactly. :func:`literal_winners` finds the start words that literal reading
  decides at the first answer (the name ends in ン, or no unused name starts with its last
  unit): a disagreement where the literal reading gives the article's mark is *explained*
  by its file (e.g. ``ワウワウ `` ends in a space, which no name starts with).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

import pandas as pd
import pyarrow as pa

from asobi.core.config import package_data
from asobi.core.errors import DataError, InputError
from asobi.shiritori.data import ALIAS_SEPARATOR, RawRow, clean_rows, clean_text, read_tsv
from asobi.shiritori.shiritori import DEFAULT_RULES, LOSING_UNIT, accepted_units, last_unit

MARKS_HEADER = ("mark", "name", "aliases")
#: The article's mark → the winner it names.
MARK_WINNER = {"○": "human", "×": "yokai"}
#: The vendored article file (the default run's).
VENDORED_MARKS = package_data("yokai", "youkai_article_marks_2024-07-02.tsv")
#: How messages name the file.
WHAT = "article marks file"

#: ``status`` of a row: our winner is the article's, is the other, or is not known.
AGREE, DISAGREE, OPEN = "agree", "disagree", "open"

ARTICLE_MARKS_SCHEMA = pa.schema(
    [
        ("row", pa.int32()),
        ("line", pa.int32()),
        ("mark", pa.string()),
        ("article_winner", pa.string()),
        ("name", pa.string()),
        ("aliases", pa.list_(pa.string())),
        ("word", pa.string()),
        ("quirks", pa.list_(pa.string())),
        ("literal_winner", pa.string()),
        ("winner", pa.string()),
        ("status", pa.string()),
        ("explained", pa.bool_()),
        ("explanation", pa.string()),
    ]
)


@dataclass(frozen=True)
class MarkRow:
    """One row of the article's file (``line``: 1-based, header = 1)."""

    line: int
    mark: str
    name: str
    aliases: tuple[str, ...]

    @property
    def article_winner(self) -> str:
        """The winner the article's mark names (``human`` or ``yokai``)."""
        return MARK_WINNER[self.mark]


def read_marks(path: str | os.PathLike[str] = VENDORED_MARKS) -> list[MarkRow]:
    """The rows of the article's file, checked against its checksum; a mark other than
    ○/× or an empty name is one :class:`DataError` line."""
    rows = []
    for line, (mark, name, aliases) in enumerate(read_tsv(path, MARKS_HEADER, WHAT)[1:], 2):
        if mark not in MARK_WINNER:
            raise DataError(f"{WHAT} {path} line {line}: mark {mark!r} is not ○ or ×")
        if not name:
            raise DataError(f"{WHAT} {path} line {line}: empty name")
        split = tuple(aliases.split(ALIAS_SEPARATOR)) if aliases else ()
        rows.append(MarkRow(line, mark, name, split))
    return rows


def literal_last(name: str) -> str:
    """The unit a name ends with under the article's rules, the name read as written (a
    trailing space is its last character).

    >>> literal_last("ワウワウ "), literal_last("アカガンター")
    (' ', 'ア')
    """
    try:
        return last_unit(name, DEFAULT_RULES)
    except InputError:
        return name[-1]


def literal_winners(rows: Sequence[MarkRow]) -> dict[int, str | None]:
    """Line → the winner when the article's file, read literally (names as written,
    aliases matched exactly), decides the row's name as a start word at the first answer:
    ``human`` when it ends in ン, ``yokai`` when no unused name starts with its last unit
    (the name and its aliases are used); ``None`` when there is an answer."""
    starting: dict[str, set[str]] = {}
    for row in rows:
        starting.setdefault(row.name[:1], set()).add(row.name)
    found: dict[int, str | None] = {}
    for row in rows:
        last = literal_last(row.name)
        used = {row.name, *row.aliases}
        answers = set().union(
            *(starting.get(u, set()) for u in accepted_units(last, DEFAULT_RULES))
        )
        if last == LOSING_UNIT:
            found[row.line] = "human"
        elif not answers - used:
            found[row.line] = "yokai"
        else:
            found[row.line] = None
    return found


def row_quirks(rows: Sequence[MarkRow]) -> dict[int, list[str]]:
    """Line → the data quirks of that row of the article's file: the cleaning's fixes
    (:func:`asobi.shiritori.data.clean_rows`) and the other rows of the same reading."""
    clean = clean_rows([RawRow(row.line, row.name, row.aliases) for row in rows])
    quirks: dict[int, list[str]] = {row.line: [] for row in rows}
    marks = {row.line: row.mark for row in rows}
    for word, lines in clean.lines.items():
        if len(lines) > 1:
            shown = ", ".join(f"{line} ({marks[line]})" for line in lines)
            for line in lines:
                quirks[line].append(f"duplicate_reading: {word} is on lines {shown}")
    for fix in clean.fixes:
        if fix.kind != "duplicate_reading_merged":
            quirks[fix.line].append(f"{fix.kind}: {fix.field} {fix.before!r}: {fix.detail}")
    return quirks


def _explanation(
    row: MarkRow, word: str, winner: str | None, literal: str | None, quirks: list[str]
) -> str | None:
    """Why the row does not agree (``None`` when it does), from the data alone."""
    article = row.article_winner
    if winner is None:
        return (
            f"not solved in this run: {word} is no start word of the run under the article's rules"
        )
    if winner not in MARK_WINNER.values():
        return f"our search left {word} {winner} under the article's rules: nothing to compare"
    if winner == article:
        return None
    found = f"the article's {row.mark} says the {article} wins, we find a {winner} win for {word}"
    if literal == article:
        last = literal_last(row.name)
        how = (
            f"it ends in {last!r}, which no unused name starts with, so the human has no answer"
            if literal == "yokai"
            else "it ends in ン, so the yokai loses at once"
        )
        written = (
            f"the article's file reads {row.name!r}, not {word!r}"
            if row.name != word
            else "the article's file, aliases matched exactly"
        )
        return f"explained by the file: {found}; {written}: read literally, {how}"
    context = "; ".join(quirks) if quirks else "no data quirk touches this row"
    return f"unexplained: {found} ({context})"


def compare_marks(rows: Sequence[MarkRow], winners: Mapping[str, str]) -> pd.DataFrame:
    """One row per row of the article's file, in its order (columns of
    :data:`ARTICLE_MARKS_SCHEMA`); ``winners``: start word → the run's winner under the
    article's rules (a word missing from it was not solved)."""
    literal = literal_winners(rows)
    quirks = row_quirks(rows)
    records = []
    for number, row in enumerate(rows, start=1):
        word = clean_text(row.name)
        winner = winners.get(word)
        if winner not in MARK_WINNER.values():
            status = OPEN
        else:
            status = AGREE if winner == row.article_winner else DISAGREE
        explained = status == DISAGREE and literal[row.line] == row.article_winner
        records.append(
            {
                "row": number,
                "line": row.line,
                "mark": row.mark,
                "article_winner": row.article_winner,
                "name": row.name,
                "aliases": list(row.aliases),
                "word": word,
                "quirks": quirks[row.line],
                "literal_winner": literal[row.line],
                "winner": winner,
                "status": status,
                "explained": explained,
                "explanation": _explanation(row, word, winner, literal[row.line], quirks[row.line]),
            }
        )
    return pd.DataFrame(records, columns=ARTICLE_MARKS_SCHEMA.names)
