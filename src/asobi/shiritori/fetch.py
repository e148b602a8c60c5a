"""Fetch the yokai list from Japanese Wikipedia (「日本の妖怪一覧」) through the MediaWiki API.

Used only when the config says ``shiritori.source: wikipedia``; the default pipeline reads the
vendored TSV and needs no network. Two API calls:

1. ``action=query&prop=revisions&rvstart=<timestamp>&rvdir=older&rvlimit=1``: the revision
   current at the given time (the article used the one of 2024-07-02 15:49 JST);
2. ``action=parse&oldid=<revid>&prop=text``: that revision's HTML.

The HTML tables with the columns 名前 / 読み / 備考 are parsed; a 備考 of the form ``→X``
marks the row as another name of entry X, and every name of one yokai bans the others. The
readings (hiragana on the page) become katakana; the result has the vendored TSV's shape
(``name<TAB>aliases``), and a diff against the vendored list is written as a table.

Limits (docs/games/shiritori.md, "Limits", lists them too), each failure one
:class:`DataError` or :class:`ConfigError` line: the bounded HTTP client of
:mod:`asobi.shiritori.mediawiki` (https only, no redirects, a deadline per request, a size
cap, retries), and here:

* the revision must be of the configured page, have a positive id and be dated at or before
  the configured time, and the parsed HTML must be of that revision.

Nothing is written until everything is fetched and parsed; the TSV, its ``SHA256SUMS`` (the
checksum the steps that read the list verify, see :mod:`asobi.shiritori.data`) and the diff
are then written atomically, and removed again if a later one fails.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import logging
import os
import tempfile
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.kana import hiragana_to_katakana
from asobi.core.tables import write_table
from asobi.shiritori.data import HEADER, SUMS_NAME, clean_text, read_raw
from asobi.shiritori.mediawiki import DEFAULT_MAX_BYTES, api_get, check_api_url, one_line

log = logging.getLogger("asobi.shiritori.fetch")


TIMESTAMP_FORMAT = "%Y-%m-%dT%H:%M:%SZ"


DIFF_SCHEMA = pa.schema(
    [
        ("reading", pa.string()),
        ("change", pa.string()),
        ("vendored_aliases", pa.string()),
        ("fetched_aliases", pa.string()),
    ]
)


def parse_timestamp(text: str, what: str) -> dt.datetime:
    """A MediaWiki timestamp (``2024-07-02T06:49:59Z``, UTC) as an aware datetime."""
    try:
        return dt.datetime.strptime(str(text), TIMESTAMP_FORMAT).replace(tzinfo=dt.UTC)
    except ValueError:
        raise DataError(
            f"{what} {one_line(repr(text))} is not a UTC time like 2024-07-02T06:49:59Z"
        ) from None


@dataclass(frozen=True)
class Revision:
    """One revision of a page, as the API described it."""

    revid: int
    title: str
    timestamp: str


def revision_at(
    api_url: str,
    title: str,
    timestamp: str,
    *,
    timeout: float,
    retries: int,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Revision:
    """The revision of ``title`` current at ``timestamp`` (UTC), checked: the same page
    (or the API's normalised form of its title), a positive id, dated at or before it."""
    asked = parse_timestamp(timestamp, "shiritori.wikipedia.timestamp")
    payload = api_get(
        api_url,
        {
            "action": "query",
            "prop": "revisions",
            "titles": title,
            "rvlimit": "1",
            "rvstart": timestamp,
            "rvdir": "older",
            "rvprop": "ids|timestamp",
        },
        timeout=timeout,
        retries=retries,
        max_bytes=max_bytes,
    )
    query = payload.get("query")
    pages = query.get("pages") if isinstance(query, dict) else None
    page = pages[0] if isinstance(pages, list) and pages else None
    if not isinstance(page, dict) or page.get("missing") or page.get("invalid"):
        raise DataError(f"the MediaWiki API at {api_url} has no page titled {title!r}")
    normalised = query.get("normalized") if isinstance(query, dict) else None
    names = {title} | {
        entry.get("to")
        for entry in (normalised if isinstance(normalised, list) else [])
        if isinstance(entry, dict)
        and entry.get("from") == title
        and isinstance(entry.get("to"), str)
    }
    if page.get("title") not in names:
        raise DataError(
            f"asked for the page {title!r}, the API answered with {one_line(page.get('title'))!r}"
        )
    revisions = page.get("revisions")
    revision = revisions[0] if isinstance(revisions, list) and revisions else None
    if not isinstance(revision, dict):
        raise DataError(f"no revision of {title!r} at or before {timestamp}")
    revid = revision.get("revid")
    if not isinstance(revid, int) or isinstance(revid, bool) or revid <= 0:
        raise DataError(
            f"the revision of {title!r} has the id {one_line(repr(revid))}, not a positive integer"
        )
    dated = revision.get("timestamp")
    if parse_timestamp(dated, f"the timestamp of revision {revid}") > asked:
        raise DataError(
            f"revision {revid} of {title!r} is dated {dated}, after the configured time {timestamp}"
        )
    return Revision(revid, str(page["title"]), str(dated))


def parsed_html(
    api_url: str,
    revision: Revision,
    *,
    timeout: float,
    retries: int,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> str:
    """The rendered HTML of ``revision``; the answer must be of that revision and page."""
    payload = api_get(
        api_url,
        {"action": "parse", "oldid": str(revision.revid), "prop": "text"},
        timeout=timeout,
        retries=retries,
        max_bytes=max_bytes,
    )
    parse = payload.get("parse")
    if not isinstance(parse, dict) or not isinstance(parse.get("text"), str):
        raise DataError(f"the parse of revision {revision.revid} has no text")
    if parse.get("revid") != revision.revid or parse.get("title") != revision.title:
        raise DataError(
            f"asked for the parse of revision {revision.revid} of {revision.title!r}, got "
            f"revision {one_line(repr(parse.get('revid')))} of "
            f"{one_line(repr(parse.get('title')))}"
        )
    return str(parse["text"])


class _TableParser(HTMLParser):
    """Collect every HTML table as a list of rows of cell texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[list[list[str]]] = []
        self._depth = 0
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "table":
            self._depth += 1
            self.tables.append([])
        elif tag == "tr" and self._depth:
            self._row = []
        elif tag in {"td", "th"} and self._row is not None:
            self._cell = []
        elif tag in {"sup", "style", "script"}:
            self._skip += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in {"sup", "style", "script"} and self._skip:
            self._skip -= 1
        elif tag in {"td", "th"} and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row:
                self.tables[-1].append(self._row)
            self._row = None
        elif tag == "table" and self._depth:
            self._depth -= 1

    def handle_data(self, data: str) -> None:
        if self._cell is not None and not self._skip:
            self._cell.append(data)


def parse_yokai_tables(html: str) -> list[tuple[str, str]]:
    """``(reading, aliases)`` rows from the 名前/読み/備考 tables, in page order.

    >>> html = ("<table><tr><th>名前</th><th>読み</th><th>備考</th></tr>"
    ...         "<tr><td>小豆洗い</td><td>あずきあらい</td><td></td></tr>"
    ...         "<tr><td>小豆とぎ</td><td>あずきとぎ</td><td>→小豆洗い</td></tr></table>")
    >>> parse_yokai_tables(html)
    [('アズキアライ', 'アズキトギ'), ('アズキトギ', 'アズキアライ')]
    """
    parser = _TableParser()
    parser.feed(html)
    entries: list[tuple[str, str, str]] = []
    for table in parser.tables:
        if not table:
            continue
        header = [clean_text(cell) for cell in table[0]]
        if not {"名前", "読み", "備考"} <= set(header):
            continue
        at = {name: header.index(name) for name in ("名前", "読み", "備考")}
        for row in table[1:]:
            if len(row) <= max(at.values()):
                continue
            name = clean_text(row[at["名前"]])
            reading = hiragana_to_katakana(clean_text(row[at["読み"]]))
            note = clean_text(row[at["備考"]])
            if name and reading:
                entries.append((name, reading, note))
    reading_of = {name: reading for name, reading, _ in entries}
    group_of: dict[str, str] = {}
    for name, _, note in entries:
        target = note[1:] if note.startswith("→") else ""
        group_of[name] = target if target in reading_of else name
    members: dict[str, list[str]] = {}
    for name, reading, _ in entries:
        members.setdefault(group_of[name], []).append(reading)
    rows = []
    for name, reading, _ in entries:
        others = [r for r in dict.fromkeys(members[group_of[name]]) if r != reading]
        rows.append((reading, "|".join(others)))
    return rows


def _write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file in the same folder."""
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.chmod(temporary, 0o644)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def list_diff(vendored: str, rows: list[tuple[str, str]]) -> list[tuple[str, str, str, str]]:
    """``(reading, change, vendored_aliases, fetched_aliases)`` for every reading whose
    presence or set of aliases differs between the vendored list and the fetched rows."""
    fetched: dict[str, str] = {}
    for reading, aliases in rows:
        fetched.setdefault(reading, aliases)
    old: dict[str, str] = {}
    for row in read_raw(vendored):
        old.setdefault(row.name, "|".join(row.aliases))
    diff = []
    for reading in sorted(set(old) | set(fetched)):
        if reading not in fetched:
            diff.append((reading, "only_vendored", old[reading], ""))
        elif reading not in old:
            diff.append((reading, "only_fetched", "", fetched[reading]))
        elif set(filter(None, old[reading].split("|"))) != set(
            filter(None, fetched[reading].split("|"))
        ):
            diff.append((reading, "aliases_differ", old[reading], fetched[reading]))
    return diff


def fetch_to_tsv(
    *,
    api_url: str,
    title: str,
    timestamp: str,
    timeout: float,
    retries: int,
    vendored: str,
    tsv_out: str,
    diff_out: str,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> None:
    """Download and parse; then write the TSV, its ``SHA256SUMS`` beside it, and the diff
    against the vendored list. On any failure none of the three is left behind."""
    check_api_url(api_url)
    parse_timestamp(timestamp, "shiritori.wikipedia.timestamp")
    limits = {"timeout": timeout, "retries": retries, "max_bytes": max_bytes}
    revision = revision_at(api_url, title, timestamp, **limits)
    log.info("revision of %s at %s: %d (%s)", title, timestamp, revision.revid, revision.timestamp)
    rows = parse_yokai_tables(parsed_html(api_url, revision, **limits))
    if not rows:
        raise DataError(f"revision {revision.revid} of {title!r} has no 名前/読み/備考 table")
    diff = list_diff(vendored, rows)
    target = Path(tsv_out)
    sums = target.with_name(SUMS_NAME)
    written: list[Path] = []
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        lines = ["\t".join(HEADER)] + [f"{reading}\t{aliases}" for reading, aliases in rows]
        text = "\n".join(lines) + "\n"
        _write_atomic(target, text)
        written.append(target)
        digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
        _write_atomic(sums, f"{digest}  {target.name}\n")
        written.append(sums)
        write_table(
            pd.DataFrame(diff, columns=DIFF_SCHEMA.names),
            diff_out,
            table="shiritori/fetch_diff",
            inputs=[vendored, tsv_out],
            config={
                "api_url": api_url,
                "title": title,
                "timestamp": timestamp,
                "revid": revision.revid,
                "revision_timestamp": revision.timestamp,
            },
            schema=DIFF_SCHEMA,
        )
    except BaseException:
        for path in written:
            path.unlink(missing_ok=True)
        raise
    log.info("fetched %d rows; %d differences from the vendored list", len(rows), len(diff))
