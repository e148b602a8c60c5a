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
Requests have a timeout and are retried; when every attempt fails the error says so.
"""

from __future__ import annotations

import json
import logging
import time
import urllib.error
import urllib.parse
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi import __version__
from asobi.core.errors import DataError
from asobi.core.kana import hiragana_to_katakana
from asobi.core.tables import write_table
from asobi.shiritori.data import HEADER, clean_text, read_raw

log = logging.getLogger("asobi.shiritori.fetch")
USER_AGENT = f"asobi/{__version__} (yokai shiritori research pipeline)"
DIFF_SCHEMA = pa.schema(
    [
        ("reading", pa.string()),
        ("change", pa.string()),
        ("vendored_aliases", pa.string()),
        ("fetched_aliases", pa.string()),
    ]
)


def api_get(
    api_url: str, params: dict[str, str], *, timeout: float, retries: int, backoff: float = 1.0
) -> Any:
    """GET ``api_url?params`` as JSON, retrying; raise ``DataError`` when all attempts fail."""
    query = urllib.parse.urlencode({**params, "format": "json", "formatversion": "2"})
    url = f"{api_url}?{query}"
    last_error: Exception | None = None
    for attempt in range(1, retries + 1):
        request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                payload = json.loads(response.read().decode("utf-8"))
        except (urllib.error.URLError, TimeoutError, OSError, json.JSONDecodeError) as error:
            last_error = error
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, api_url, error)
            if attempt < retries:
                time.sleep(backoff * attempt)
            continue
        if isinstance(payload, dict) and "error" in payload:
            info = payload["error"].get("info", payload["error"])
            raise DataError(f"MediaWiki API error from {api_url}: {info}")
        return payload
    raise DataError(
        f"cannot reach the MediaWiki API at {api_url} after {retries} attempts "
        f"(offline? last error: {last_error}); use shiritori.source: vendored"
    )


def revision_at(api_url: str, title: str, timestamp: str, *, timeout: float, retries: int) -> int:
    """The id of the revision of ``title`` current at ``timestamp`` (UTC, ISO 8601)."""
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
    )
    try:
        page = payload["query"]["pages"][0]
        return int(page["revisions"][0]["revid"])
    except (KeyError, IndexError, TypeError, ValueError):
        raise DataError(f"no revision of {title!r} at or before {timestamp}") from None


def parsed_html(api_url: str, revid: int, *, timeout: float, retries: int) -> str:
    """The rendered HTML of revision ``revid``."""
    payload = api_get(
        api_url,
        {"action": "parse", "oldid": str(revid), "prop": "text"},
        timeout=timeout,
        retries=retries,
    )
    try:
        return str(payload["parse"]["text"])
    except (KeyError, TypeError):
        raise DataError(f"the parse of revision {revid} has no text") from None


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
) -> None:
    """Download, parse, write the TSV and its diff against the vendored list."""
    revid = revision_at(api_url, title, timestamp, timeout=timeout, retries=retries)
    log.info("revision of %s at %s: %d", title, timestamp, revid)
    rows = parse_yokai_tables(parsed_html(api_url, revid, timeout=timeout, retries=retries))
    if not rows:
        raise DataError(f"revision {revid} of {title!r} has no 名前/読み/備考 table")
    target = Path(tsv_out)
    target.parent.mkdir(parents=True, exist_ok=True)
    lines = ["\t".join(HEADER)] + [f"{reading}\t{aliases}" for reading, aliases in rows]
    target.write_text("\n".join(lines) + "\n", encoding="utf-8")
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
    write_table(
        pd.DataFrame(diff, columns=DIFF_SCHEMA.names),
        diff_out,
        table="shiritori/fetch_diff",
        inputs=[vendored, tsv_out],
        config={"api_url": api_url, "title": title, "timestamp": timestamp, "revid": revid},
        schema=DIFF_SCHEMA,
    )
    log.info("fetched %d rows; %d differences from the vendored list", len(rows), len(diff))
