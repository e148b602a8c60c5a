"""The Wikipedia downloader against a MediaWiki stand-in on 127.0.0.1 (no real network).

The stand-in answers well by default; a test replaces the answer to one API call with a
hostile one (a body trickling in byte by byte, a huge body, an error object, bad bytes, a
revision that does not fit). Every hostile case must end within its time bound with one
``asobi: …`` line, exit status 2 and no file written.
"""

from __future__ import annotations

import contextlib
import json
import re
import socket
import threading
import time
import urllib.parse
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

from asobi.core.config import validate_config
from asobi.core.errors import ConfigError, DataError
from asobi.core.runlog import run_step
from asobi.core.tables import read_metadata, read_table
from asobi.shiritori.data import load_clean
from asobi.shiritori.fetch import (
    Revision,
    fetch_to_tsv,
    parse_yokai_tables,
    parsed_html,
    revision_at,
)
from asobi.shiritori.mediawiki import api_get, check_api_url

FIXTURE_HTML = (Path(__file__).parent / "data" / "shiritori" / "parse.html").read_text("utf-8")
TITLE = "日本の妖怪一覧"
TIMESTAMP = "2024-07-02T06:49:59Z"
REVID = 201234567
VENDORED = "name\taliases\nアズキアライ\tアズキトギ\nアズキトギ\t\nロクロクビ\t\nカッパ\t\n"

Responder = Callable[[BaseHTTPRequestHandler, dict[str, str]], None]


def send(handler: BaseHTTPRequestHandler, body: bytes, status: int = 200, **headers: str) -> None:
    handler.send_response(status)
    headers.setdefault("Content-Type", "application/json; charset=utf-8")
    headers.setdefault("Content-Length", str(len(body)))
    for name, value in headers.items():
        if value:
            handler.send_header(name.replace("_", "-"), value)
    handler.end_headers()
    handler.wfile.write(body)


def json_answer(payload: object) -> Responder:
    data = json.dumps(payload, ensure_ascii=False).encode("utf-8")
    return lambda handler, query: send(handler, data)


def good_revision(**changes: object) -> dict[str, object]:
    revision = {"revid": REVID, "timestamp": "2024-07-02T06:49:00Z", **changes}
    return {"query": {"pages": [{"title": TITLE, "revisions": [revision]}]}}


def good_parse(**changes: object) -> dict[str, object]:
    return {"parse": {"title": TITLE, "revid": REVID, "text": FIXTURE_HTML, **changes}}


class MediaWiki:
    """The stand-in: ``answers[action]`` answers each API call; ``requests`` logs them."""

    def __init__(self) -> None:
        self.answers: dict[str, Responder] = {
            "query": json_answer(good_revision()),
            "parse": json_answer(good_parse()),
        }
        self.requests: list[dict[str, str]] = []
        self.stop = threading.Event()
        wiki = self

        class Handler(BaseHTTPRequestHandler):
            def do_GET(self) -> None:  # noqa: N802 (http.server API)
                query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(self.path).query))
                wiki.requests.append(query)
                with contextlib.suppress(BrokenPipeError, ConnectionResetError):  # hung up
                    wiki.answers[query.get("action", "")](self, query)

            def log_message(self, *args: object) -> None:  # keep pytest output quiet
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_address[1]}/w/api.php"

    def trickle(self, body: bytes, interval: float, *, headers_too: bool = False) -> Responder:
        """Send ``body`` one byte every ``interval`` seconds (or the status line too)."""

        def answer(handler: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
            head = f"HTTP/1.0 200 OK\r\nContent-Length: {len(body)}\r\n\r\n".encode()
            if not headers_too:
                handler.wfile.write(head)
                handler.wfile.flush()
            for i in range(len(body) + (len(head) if headers_too else 0)):
                if self.stop.wait(interval):
                    return
                handler.wfile.write(((head if headers_too else b"") + body)[i : i + 1])
                handler.wfile.flush()

        return answer

    def flood(self, size: int, *, announce: bool) -> Responder:
        """Send ``size`` bytes as fast as possible, with or without a Content-Length."""

        def answer(handler: BaseHTTPRequestHandler, query: dict[str, str]) -> None:
            handler.send_response(200)
            if announce:
                handler.send_header("Content-Length", str(size))
            handler.end_headers()
            block = b" " * (1 << 16)
            for _ in range(size // len(block)):
                if self.stop.is_set():
                    return
                handler.wfile.write(block)

        return answer


@pytest.fixture
def wiki() -> Iterator[MediaWiki]:
    stand_in = MediaWiki()
    # shutdown() waits for the poll: 0.05 s instead of the default 0.5 s per test
    serve = partial(stand_in.server.serve_forever, poll_interval=0.05)
    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    yield stand_in
    stand_in.stop.set()
    stand_in.server.shutdown()
    stand_in.server.server_close()


@contextmanager
def within(seconds: float) -> Iterator[None]:
    """The block must end within ``seconds`` (wall clock, generous on a loaded machine)."""
    start = time.monotonic()
    yield
    elapsed = time.monotonic() - start
    assert elapsed <= seconds, f"took {elapsed:.1f} s, more than {seconds} s"


def fetch(wiki: MediaWiki, out: Path, **overrides: object) -> None:
    vendored = out.parent / "vendored.tsv"
    vendored.write_text(VENDORED, encoding="utf-8")
    arguments: dict[str, object] = {
        "api_url": wiki.url,
        "title": TITLE,
        "timestamp": TIMESTAMP,
        "timeout": 5,
        "retries": 1,
        "vendored": str(vendored),
        "tsv_out": str(out / "yokai_names.tsv"),
        "diff_out": str(out / "diff.parquet"),
        **overrides,
    }
    fetch_to_tsv(**arguments)  # type: ignore[arg-type]


# --- the well-behaved server ----------------------------------------------------------------


def test_revision_lookup_by_timestamp(wiki):
    revision = revision_at(wiki.url, TITLE, TIMESTAMP, timeout=5, retries=1)
    assert revision == Revision(REVID, TITLE, "2024-07-02T06:49:00Z")
    query = wiki.requests[0]
    assert (query["rvstart"], query["rvdir"], query["rvlimit"]) == (TIMESTAMP, "older", "1")
    assert query["titles"] == TITLE


def test_the_api_s_normalised_title_is_accepted(wiki):
    answer = good_revision()
    answer["query"]["normalized"] = [{"from": "日本の_妖怪一覧", "to": TITLE}]  # type: ignore[index]
    wiki.answers["query"] = json_answer(answer)
    assert revision_at(wiki.url, "日本の_妖怪一覧", TIMESTAMP, timeout=5, retries=1).title == TITLE


def test_parse_tables_reads_readings_and_alias_arrows():
    rows = parse_yokai_tables(FIXTURE_HTML)
    assert rows == [
        ("アズキアライ", "アズキトギ"),
        ("アズキトギ", "アズキアライ"),
        ("ロクロクビ", ""),
        ("シンガオ", ""),
    ]


def test_fetch_writes_tsv_checksum_and_diff_against_the_vendored_list(wiki, tmp_path):
    out = tmp_path / "fetched"
    flaky = {"left": 1}
    good = wiki.answers["query"]

    def first_fails(handler, query):
        if flaky["left"]:
            flaky["left"] -= 1
            send(handler, b"busy", status=503)
        else:
            good(handler, query)

    wiki.answers["query"] = first_fails  # retried
    fetch(wiki, out, retries=3)
    assert len(wiki.requests) == 3
    tsv = out / "yokai_names.tsv"
    assert tsv.read_text("utf-8").splitlines()[:2] == ["name\taliases", "アズキアライ\tアズキトギ"]
    diff = read_table(out / "diff.parquet").set_index("reading")["change"].to_dict()
    assert diff == {
        "アズキトギ": "aliases_differ",
        "カッパ": "only_vendored",
        "シンガオ": "only_fetched",
    }
    metadata = read_metadata(out / "diff.parquet")
    assert metadata["config"]["revid"] == REVID
    digest, name = (out / "SHA256SUMS").read_text("utf-8").split()
    assert name == tsv.name and digest in metadata["inputs"].values()
    assert len(load_clean(tsv).words) == 4  # the reader verifies the recorded checksum


def test_a_failure_after_the_download_leaves_no_file(wiki, tmp_path):
    out = tmp_path / "fetched"
    (tmp_path / "blocker").write_text("a file where the diff's folder should be")
    with pytest.raises(OSError):
        fetch(wiki, out, diff_out=str(tmp_path / "blocker" / "diff.parquet"))
    assert list(out.iterdir()) == []


# --- URLs -------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "url",
    [
        "https://ja.wikipedia.org/w/api.php",
        "http://127.0.0.1:8080/w/api.php",
        "http://127.3.4.5/api.php",
        "http://[::1]:8080/w/api.php",
        "http://localhost/w/api.php",
    ],
)
def test_https_and_loopback_http_are_accepted(url):
    assert check_api_url(url) == url


@pytest.mark.parametrize(
    "url",
    [
        "file:///etc/hostname",
        "ftp://ftp.example.org/api.php",
        "http://ja.wikipedia.org/w/api.php",
        "http://10.0.0.1/w/api.php",
        "data:application/json,{}",
        "https:///w/api.php",
        "http://127.0.0.1:99999/w/api.php",
        "https://ja.wikipedia.org/w/api.php?action=parse",
        "ja.wikipedia.org/w/api.php",
    ],
)
def test_other_urls_are_refused_before_any_request(url, tmp_path):
    with pytest.raises(ConfigError, match="shiritori.wikipedia.api_url"):
        check_api_url(url)
    with pytest.raises(ConfigError, match="shiritori.wikipedia.api_url"):
        fetch_to_tsv(
            api_url=url,
            title=TITLE,
            timestamp=TIMESTAMP,
            timeout=1,
            retries=1,
            vendored=str(tmp_path / "never-read.tsv"),
            tsv_out=str(tmp_path / "out" / "yokai_names.tsv"),
            diff_out=str(tmp_path / "out" / "diff.parquet"),
        )
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize(
    ("wikipedia", "key"),
    [
        ({"max_bytes": 10**9}, "max_bytes"),
        ({"max_bytes": 0}, "max_bytes"),
        ({"timeout_seconds": 3600}, "timeout_seconds"),
        ({"retries": 100}, "retries"),
        ({"api_url": "file:///etc/hostname"}, "api_url"),
        ({"timestamp": "2024-07-02 06:49"}, "timestamp"),
        ({"title": ""}, "title"),
    ],
)
def test_config_limits_of_the_fetch(wikipedia, key):
    with pytest.raises(ConfigError, match=f"shiritori.wikipedia.{key}"):
        validate_config({"shiritori": {"wikipedia": wikipedia}})


def test_config_default_cap():
    assert validate_config({})["shiritori"]["wikipedia"]["max_bytes"] == 20_000_000


# --- hostile answers --------------------------------------------------------------------------

HOSTILE: dict[str, tuple[str, Callable[[MediaWiki], Responder], str]] = {
    # name: (API call answered badly, answer, what the one error line must say)
    "slow_body": ("parse", lambda w: w.trickle(b"{}" * 100, 0.2), "within 1.5 s"),
    "slow_headers": ("query", lambda w: w.trickle(b"{}", 0.2, headers_too=True), "within 1.5"),
    "huge_announced_body": (
        "parse",
        lambda w: w.flood(50_000_000, announce=True),
        "larger than max_bytes = 100000 bytes \\(Content-Length 50000000\\)",
    ),
    "huge_unannounced_body": (
        "parse",
        lambda w: w.flood(50_000_000, announce=False),
        "larger than max_bytes = 100000 bytes$",
    ),
    "error_object": (
        "parse",
        lambda w: json_answer({"error": {"code": "nosuchrevid", "info": "There is\nno rev"}}),
        "answered with an error: nosuchrevid: There is no rev$",
    ),
    "error_string": ("query", lambda w: json_answer({"error": "go away"}), "error: go away"),
    "not_utf8": (
        "parse",
        lambda w: lambda h, q: send(h, b'{"parse": "\xff\xfe"}'),
        "not UTF-8 \\(byte 0xff at offset 11\\)",
    ),
    "not_json": (
        "query",
        lambda w: lambda h, q: send(h, b"<html>maintenance</html>"),
        "is not JSON \\(Expecting value at line 1 column 1\\)",
    ),
    "json_too_deep": ("query", lambda w: lambda h, q: send(h, b"[" * 50_000), "too deeply"),
    "json_list": ("query", lambda w: json_answer([1, 2]), "not a JSON object"),
    "http_404": ("query", lambda w: lambda h, q: send(h, b"no", status=404), "HTTP 404"),
    "redirect_to_file": (
        "query",
        lambda w: lambda h, q: send(h, b"", status=301, Location="file:///etc/hostname"),
        "HTTP 301 .*redirects are not followed",
    ),
    "http_503_every_time": (
        "query",
        lambda w: lambda h, q: send(h, b"busy", status=503),
        "after 1 attempts \\(last error: HTTP 503",
    ),
    "revision_from_2030": (
        "query",
        lambda w: json_answer(good_revision(timestamp="2030-01-01T00:00:00Z")),
        "dated 2030-01-01T00:00:00Z, after the configured time 2024-07-02T06:49:59Z",
    ),
    "revision_timestamp_garbage": (
        "query",
        lambda w: json_answer(good_revision(timestamp="yesterday")),
        "timestamp of revision .* is not a UTC time",
    ),
    "another_title": (
        "query",
        lambda w: json_answer(
            {"query": {"pages": [{"title": "Main Page", "revisions": [{"revid": 1}]}]}}
        ),
        "answered with 'Main Page'",
    ),
    "missing_page": (
        "query",
        lambda w: json_answer({"query": {"pages": [{"title": TITLE, "missing": True}]}}),
        "has no page titled",
    ),
    "no_revision": (
        "query",
        lambda w: json_answer({"query": {"pages": [{"title": TITLE, "revisions": []}]}}),
        "no revision of",
    ),
    "negative_revid": (
        "query",
        lambda w: json_answer(good_revision(revid=-5)),
        "id -5, not a positive integer",
    ),
    "zero_revid": ("query", lambda w: json_answer(good_revision(revid=0)), "id 0, not a"),
    "boolean_revid": ("query", lambda w: json_answer(good_revision(revid=True)), "id True"),
    "string_revid": ("query", lambda w: json_answer(good_revision(revid="1")), "id '1'"),
    "parse_of_another_revision": (
        "parse",
        lambda w: json_answer(good_parse(revid=REVID + 1)),
        f"got revision {REVID + 1} of",
    ),
    "parse_of_another_page": (
        "parse",
        lambda w: json_answer(good_parse(title="Main Page")),
        "got revision .* of 'Main Page'",
    ),
    "parse_without_text": (
        "parse",
        lambda w: json_answer(good_parse(text=None)),
        "has no text",
    ),
    "no_yokai_table": (
        "parse",
        lambda w: json_answer(good_parse(text="<p>nothing</p>")),
        "has no 名前/読み/備考 table",
    ),
}


@pytest.mark.parametrize("case", list(HOSTILE))
def test_hostile_answer_ends_with_one_line_and_no_output(case, wiki, tmp_path, capsys):
    action, answer, message = HOSTILE[case]
    wiki.answers[action] = answer(wiki)
    out = tmp_path / "fetched"
    with within(10), pytest.raises(SystemExit) as stop:
        run_step(None, fetch, wiki=wiki, out=out, timeout=1.5, max_bytes=100_000)
    assert stop.value.code == 2
    stderr = capsys.readouterr().err
    assert "Traceback" not in stderr
    lines = [line for line in stderr.splitlines() if line.startswith("asobi: ")]
    assert len(lines) == 1, stderr
    assert len(lines[0]) < 400
    assert re.search(message, lines[0][len("asobi: ") :]), lines
    assert not out.exists() or list(out.iterdir()) == []


def test_a_slow_body_is_cut_at_the_deadline_of_each_attempt(wiki):
    wiki.answers["query"] = wiki.trickle(b"{}" * 1000, 0.1)
    with within(10), pytest.raises(DataError, match="after 2 attempts.*within 1 s"):
        revision_at(wiki.url, TITLE, TIMESTAMP, timeout=1, retries=2)  # 1 + 1 s wait + 1
    assert len(wiki.requests) == 2


def test_bad_answers_are_not_retried(wiki):
    wiki.answers["parse"] = json_answer({"error": {"code": "x", "info": "no"}})
    with pytest.raises(DataError, match="x: no"):
        parsed_html(wiki.url, Revision(REVID, TITLE, TIMESTAMP), timeout=5, retries=3)
    assert len(wiki.requests) == 1


def test_an_answer_just_under_the_cap_is_read(wiki):
    wiki.answers["query"] = json_answer({"query": {"x": "y" * 900}})
    assert api_get(wiki.url, {"action": "query"}, timeout=5, retries=1, max_bytes=1000)


def test_offline_gives_a_clear_error_after_retries():
    with socket.socket() as probe:  # a port on 127.0.0.1 that nobody listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    with within(10), pytest.raises(DataError, match="after 2 attempts.*vendored"):
        revision_at(f"http://127.0.0.1:{port}/w/api.php", TITLE, TIMESTAMP, timeout=1, retries=2)


def test_an_https_handshake_trickling_in_is_cut_at_the_deadline():
    """A TLS server on 127.0.0.1 that announces a 16 kB handshake record and sends it one
    byte every 0.2 s: each read returns in time, only the request's deadline ends it."""
    stop = threading.Event()
    listener = socket.create_server(("127.0.0.1", 0))
    port = listener.getsockname()[1]

    def serve() -> None:
        connection, _ = listener.accept()
        with connection, contextlib.suppress(OSError):
            connection.recv(4096)  # the client hello
            connection.sendall(b"\x16\x03\x03\x40\x00")  # handshake record of 16384 bytes
            while not stop.wait(0.2):
                connection.sendall(b"\x00")

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        with within(10), pytest.raises(DataError, match="last error: no complete answer within"):
            revision_at(
                f"https://127.0.0.1:{port}/w/api.php", TITLE, TIMESTAMP, timeout=1.5, retries=1
            )
    finally:
        stop.set()
        thread.join(5)
        listener.close()
