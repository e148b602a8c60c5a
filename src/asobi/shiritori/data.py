"""Reading and cleaning the yokai list (``resources/yokai/yokai_names_2024-07-02.tsv``).

The raw list keeps quirks on purpose (see ``resources/yokai/SOURCE.md``). Cleaning never
hides them: every change made to a raw row is returned as a :class:`DataFix` and written to
``results/shiritori/data_quality.parquet``. The steps, in order:

1. NFKC normalisation and removal of every whitespace character in a reading or alias
   (``"ワウワウ "`` → ``"ワウワウ"``);
2. katakana check: a reading with any other character is rejected with its row number;
3. repeated readings (ウバ appears twice for two kanji entries) are merged into one word whose
   aliases are the union of the rows' aliases;
4. aliases are matched against the cleaned readings; an alias that matches only after
   cleaning is reported (オウニ → ワウワウ), one that matches nothing is reported and dropped,
   and so is an alias equal to its own word; one-way alias links are reported (kept as given).

Before any of this, :func:`read_raw` checks the file against the checksum that vouches for
it (:func:`verify_checksum`), so a step that reads the list cannot use an edited copy even
when the workflow's checksum rule ran earlier and the file's mtime was set back.
"""

from __future__ import annotations

import csv
import hashlib
import io
import os
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from asobi.core.config import package_data
from asobi.core.errors import DataError
from asobi.core.tables import sha256_file
from asobi.shiritori.shiritori import KATAKANA, Lexicon, is_katakana_word

HEADER = ("name", "aliases")
ALIAS_SEPARATOR = "|"
SUMS_NAME = "SHA256SUMS"
VENDORED_SUMS = package_data("yokai", SUMS_NAME)
#: The vendored yokai list (the default run's, and the deep-search tools')
VENDORED_LIST = package_data("yokai", "yokai_names_2024-07-02.tsv")
MAX_LIST_BYTES = 10_000_000  # the vendored list has 31 kB
MAX_FIELD_CHARS = 131_072  # csv's default field limit; the longest vendored field is far below


@dataclass(frozen=True)
class RawRow:
    """One row of the TSV as read (``line`` is its 1-based line number, header = 1)."""

    line: int
    name: str
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class DataFix:
    """One change made to (or problem found in) the raw rows."""

    line: int
    kind: str
    field: str
    before: str
    after: str
    detail: str


def recorded_sha256(sums: str | os.PathLike[str], name: str) -> str | None:
    """The sha256 that the ``sha256sum``-style file ``sums`` records for ``name`` (if any)."""
    try:
        text = Path(sums).read_text(encoding="utf-8", errors="replace")
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None
    recorded = None
    for line in text.splitlines():
        parts = line.split()
        if len(parts) == 2 and Path(parts[1].lstrip("*")).name == name:
            recorded = parts[0].lower()
    return recorded


def verify_checksum(
    path: str | os.PathLike[str], data: bytes | None = None, what: str = "yokai list"
) -> str | None:
    """Check the list at ``path`` against the checksum that vouches for it.

    * A file named like a vendored list (``yokai_names_2024-07-02.tsv``) must have the sha256
      of the package's ``asobi/data/yokai/SHA256SUMS``, wherever it lies: a list of one's own
      needs another file name.
    * Otherwise a ``SHA256SUMS`` in the file's own folder that names it must match. This is
      how the list fetched with ``source: wikipedia`` (no vendored checksum) is guarded: the
      fetch step writes the sha256 of what it downloaded to ``fetched/SHA256SUMS`` beside it
      (a workflow output, so deleting it makes the workflow fetch again), and the same value
      is in ``fetched/diff.parquet``'s provenance.
    * Any other file (``asobi shiritori --data my.tsv``, test lists) has no checksum.

    ``data`` is the file's content when the caller has read it already (then exactly what
    is checked is what is used); ``what`` names the file in messages. Returns the verified
    sha256 (``None`` when nothing vouches for the file); a mismatch is one :class:`DataError`
    line.
    """
    name = Path(path).name
    sums = VENDORED_SUMS
    expected = recorded_sha256(sums, name)
    if expected is None:
        sums = Path(path).with_name(SUMS_NAME)
        expected = recorded_sha256(sums, name)
    if expected is None:
        return None
    actual = hashlib.sha256(_read_bytes(path, what) if data is None else data).hexdigest()
    if actual != expected:
        raise DataError(
            f"{what} {path} has sha256 {actual}, but {sums} records {expected}: "
            "the file changed after it was checked; restore it (vendored: see "
            "resources/yokai/SOURCE.md; fetched: fetch it again)"
        )
    return actual


def _read_bytes(path: str | os.PathLike[str], what: str = "yokai list") -> bytes:
    """The file's bytes; a missing file or one over ``MAX_LIST_BYTES`` is a ``DataError``."""
    try:
        with open(path, "rb") as handle:
            data = handle.read(MAX_LIST_BYTES + 1)
    except FileNotFoundError:
        raise DataError(f"{what} not found: {path}") from None
    except OSError as error:
        raise DataError(f"cannot read the {what} {path}: {error.strerror}") from None
    if len(data) > MAX_LIST_BYTES:
        raise DataError(f"{what} {path} is larger than {MAX_LIST_BYTES} bytes")
    return data


def read_tsv(
    path: str | os.PathLike[str], header: tuple[str, ...], what: str = "yokai list"
) -> list[list[str]]:
    """The rows of a TSV of the yokai data, header first, exactly as written: the bytes are
    checked against the file's checksum (:func:`verify_checksum`), then decoded and split;
    the header must be ``header`` and every row must have its number of columns. Every
    problem is one :class:`DataError` line naming ``what`` and the file."""
    data = _read_bytes(path, what)
    verify_checksum(path, data, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(f"{what} {path} is not UTF-8: {error}") from None
    try:
        stream = io.StringIO(text, newline="")
        rows = list(csv.reader(stream, delimiter="\t", quoting=csv.QUOTE_NONE))
    except csv.Error as error:
        raise DataError(f"{what} {path}: {error}") from None
    # csv's own field limit is process-global (other libraries raise it): check ours here.
    longest = max((len(field) for row in rows for field in row), default=0)
    if longest > MAX_FIELD_CHARS:
        raise DataError(
            f"{what} {path}: field larger than field limit ({MAX_FIELD_CHARS} characters)"
        )
    if not rows or tuple(rows[0]) != header:
        raise DataError(f"{what} {path}: header must be {'<TAB>'.join(header)!r}")
    for line, row in enumerate(rows[1:], start=2):
        if len(row) != len(header):
            raise DataError(
                f"{what} {path} line {line}: expected {len(header)} columns, got {len(row)}"
            )
    return rows


def read_raw(path: str | os.PathLike[str]) -> list[RawRow]:
    """Read the TSV exactly as written (no cleaning); the header must be ``name, aliases``.

    The bytes read are first checked against the file's checksum (:func:`verify_checksum`).
    """
    rows = read_tsv(path, HEADER)
    raw = []
    for line, row in enumerate(rows[1:], start=2):
        aliases = tuple(row[1].split(ALIAS_SEPARATOR)) if row[1] else ()
        raw.append(RawRow(line, row[0], aliases))
    return raw


def clean_text(text: str) -> str:
    """NFKC, then every whitespace character removed.

    >>> clean_text("ワウワウ "), clean_text("ｱｽﾞｷｱﾗｲ")
    ('ワウワウ', 'アズキアライ')
    """
    normal = unicodedata.normalize("NFKC", text)
    return "".join(ch for ch in normal if not ch.isspace())


@dataclass(frozen=True)
class CleanList:
    """The cleaned words, their source lines, and every fix made on the way."""

    words: tuple[str, ...]
    aliases: dict[str, tuple[str, ...]]
    lines: dict[str, tuple[int, ...]]
    fixes: tuple[DataFix, ...]

    @property
    def lexicon(self) -> Lexicon:
        return Lexicon(self.words, self.aliases)


def _cleaned(line: int, field: str, text: str, fixes: list[DataFix]) -> str:
    cleaned = clean_text(text)
    if cleaned != text:
        normal = unicodedata.normalize("NFKC", text)
        kind = "nfkc_normalised" if normal == cleaned else "whitespace_removed"
        if normal != text and normal != cleaned:
            kind = "nfkc_normalised_whitespace_removed"
        fixes.append(DataFix(line, kind, field, text, cleaned, f"{field} cleaned to {cleaned!r}"))
    if not is_katakana_word(cleaned):
        bad = "".join(sorted({ch for ch in cleaned if ch not in KATAKANA}))
        what = f"characters {bad!r}" if bad else "empty, or starting with a small kana, ー or ン"
        raise DataError(f"yokai list line {line}: {field} {text!r} is not katakana ({what})")
    return cleaned


def clean_rows(rows: list[RawRow]) -> CleanList:
    """Apply the cleaning steps of the module docstring; raise ``DataError`` on bad kana."""
    fixes: list[DataFix] = []
    words: list[str] = []
    raw_aliases: dict[str, list[tuple[int, str, str]]] = {}
    lines: dict[str, list[int]] = {}
    raw_names: dict[str, str] = {}
    for row in rows:
        name = _cleaned(row.line, "name", row.name, fixes)
        if name in lines:
            fixes.append(
                DataFix(
                    row.line,
                    "duplicate_reading_merged",
                    "name",
                    row.name,
                    name,
                    f"same reading as line {lines[name][0]}; rows merged into one word",
                )
            )
        else:
            words.append(name)
            raw_aliases[name] = []
            raw_names[name] = row.name
        lines.setdefault(name, []).append(row.line)
        for alias in row.aliases:
            raw_aliases[name].append((row.line, alias, _cleaned(row.line, "aliases", alias, fixes)))
    known = set(words)
    exact_raw = {row.name for row in rows}
    aliases: dict[str, tuple[str, ...]] = {}
    for name in words:
        kept: list[str] = []
        for line, raw, alias in raw_aliases[name]:
            if alias == name:
                fixes.append(DataFix(line, "alias_of_itself_dropped", "aliases", raw, "", name))
            elif alias not in known:
                fixes.append(
                    DataFix(
                        line,
                        "alias_unknown_dropped",
                        "aliases",
                        raw,
                        "",
                        f"alias of {name} matches no reading",
                    )
                )
            else:
                if raw not in exact_raw:
                    fixes.append(
                        DataFix(
                            line,
                            "alias_matched_after_cleaning",
                            "aliases",
                            raw,
                            alias,
                            f"alias of {name} equals no raw row exactly "
                            f"(the row reads {raw_names[alias]!r})",
                        )
                    )
                if alias not in kept:
                    kept.append(alias)
        aliases[name] = tuple(kept)
    for name in words:
        for alias in aliases[name]:
            if name not in aliases[alias]:
                fixes.append(
                    DataFix(
                        lines[name][0],
                        "alias_one_way",
                        "aliases",
                        alias,
                        alias,
                        f"{name} bans {alias} but {alias} does not ban {name} (kept as given)",
                    )
                )
    fixes.sort(key=lambda fix: (fix.line, fix.kind, fix.field, fix.before))
    return CleanList(tuple(words), aliases, {w: tuple(v) for w, v in lines.items()}, tuple(fixes))


def load_clean(path: str | os.PathLike[str]) -> CleanList:
    """Read and clean the TSV at ``path``."""
    return clean_rows(read_raw(Path(path)))


def checked_sha256(tsv: str | os.PathLike[str], sums: str | os.PathLike[str]) -> str:
    """The sha256 of ``tsv`` when it is the one recorded in ``sums``; ``DataError`` if not."""
    expected = None
    for line in Path(sums).read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and Path(parts[1].lstrip("*")).name == Path(tsv).name:
            expected = parts[0].lower()
    if expected is None:
        raise DataError(f"{sums} has no checksum for {Path(tsv).name}")
    actual = sha256_file(tsv)
    if actual != expected:
        raise DataError(
            f"vendored yokai list {tsv} has sha256 {actual}, expected {expected}: "
            "the file was changed; restore it from resources/yokai/SOURCE.md's source"
        )
    return expected
