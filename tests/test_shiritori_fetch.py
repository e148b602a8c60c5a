"""The Wikipedia downloader, against a local HTTP server on 127.0.0.1 (no real network)."""

from __future__ import annotations

import json
import socket
import threading
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from asobi.core.errors import DataError
from asobi.core.tables import read_metadata, read_table
from asobi.shiritori.fetch import fetch_to_tsv, parse_yokai_tables, revision_at

FIXTURE_HTML = (Path(__file__).parent / "data" / "shiritori" / "parse.html").read_text("utf-8")
REVID = 201234567


class FakeMediaWiki(BaseHTTPRequestHandler):
    """Answers the two API calls the downloader makes; fails the first ``flaky`` requests."""

    requests: list[dict[str, str]] = []
    flaky = 0

    def do_GET(self):  # noqa: N802 (http.server API)
        query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
        type(self).requests.append(query)
        if type(self).flaky > 0:
            type(self).flaky -= 1
            self.send_response(503)
            self.end_headers()
            return
        if query.get("action") == "query":
            body = {
                "query": {
                    "pages": [
                        {
                            "title": query["titles"],
                            "revisions": [{"revid": REVID, "timestamp": "2024-07-02T06:49:00Z"}],
                        }
                    ]
                }
            }
        elif query.get("action") == "parse" and query.get("oldid") == str(REVID):
            body = {"parse": {"revid": REVID, "text": FIXTURE_HTML}}
        else:
            body = {"error": {"code": "nosuchrevid", "info": "There is no revision"}}
        data = json.dumps(body, ensure_ascii=False).encode("utf-8")
        self.send_response(200)
        self.send_header("Content-Type", "application/json; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):  # keep pytest output quiet
        pass


@pytest.fixture
def api_url():
    FakeMediaWiki.requests = []
    FakeMediaWiki.flaky = 0
    server = ThreadingHTTPServer(("127.0.0.1", 0), FakeMediaWiki)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/w/api.php"
    server.shutdown()
    server.server_close()


def test_revision_lookup_by_timestamp(api_url):
    revid = revision_at(api_url, "日本の妖怪一覧", "2024-07-02T06:49:59Z", timeout=5, retries=1)
    assert revid == REVID
    query = FakeMediaWiki.requests[0]
    assert (query["rvstart"], query["rvdir"], query["rvlimit"]) == (
        "2024-07-02T06:49:59Z",
        "older",
        "1",
    )
    assert query["titles"] == "日本の妖怪一覧"


def test_parse_tables_reads_readings_and_alias_arrows():
    rows = parse_yokai_tables(FIXTURE_HTML)
    assert rows == [
        ("アズキアライ", "アズキトギ"),
        ("アズキトギ", "アズキアライ"),
        ("ロクロクビ", ""),
        ("シンガオ", ""),
    ]


def test_fetch_writes_tsv_and_diff_against_the_vendored_list(api_url, tmp_path):
    vendored = tmp_path / "vendored.tsv"
    vendored.write_text(
        "name\taliases\nアズキアライ\tアズキトギ\nアズキトギ\t\nロクロクビ\t\nカッパ\t\n",
        encoding="utf-8",
    )
    FakeMediaWiki.flaky = 1  # first request fails: retried
    fetch_to_tsv(
        api_url=api_url,
        title="日本の妖怪一覧",
        timestamp="2024-07-02T06:49:59Z",
        timeout=5,
        retries=3,
        vendored=str(vendored),
        tsv_out=str(tmp_path / "f.tsv"),
        diff_out=str(tmp_path / "diff.parquet"),
    )
    assert (tmp_path / "f.tsv").read_text("utf-8").splitlines()[:2] == [
        "name\taliases",
        "アズキアライ\tアズキトギ",
    ]
    diff = read_table(tmp_path / "diff.parquet").set_index("reading")["change"].to_dict()
    assert diff == {
        "アズキトギ": "aliases_differ",
        "カッパ": "only_vendored",
        "シンガオ": "only_fetched",
    }
    assert read_metadata(tmp_path / "diff.parquet")["config"]["revid"] == REVID


def test_api_error_is_reported(api_url):
    from asobi.shiritori.fetch import parsed_html

    with pytest.raises(DataError, match="There is no revision"):
        parsed_html(api_url, 1, timeout=5, retries=1)


def test_offline_gives_a_clear_error_after_retries():
    with socket.socket() as probe:  # a port on 127.0.0.1 that nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with pytest.raises(DataError, match="after 2 attempts.*vendored"):
        revision_at(
            f"http://127.0.0.1:{port}/w/api.php",
            "日本の妖怪一覧",
            "2024-07-02T06:49:59Z",
            timeout=1,
            retries=2,
        )
