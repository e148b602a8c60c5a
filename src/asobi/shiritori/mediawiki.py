"""The bounded HTTP client of the yokai-list download: GET the MediaWiki API as JSON.

It is the project's only network access (:mod:`asobi.shiritori.fetch` uses it, and only
when the config says ``shiritori.source: wikipedia``). Each failure is one
:class:`DataError` or :class:`ConfigError` line:

* the API URL must be ``https``; plain ``http`` only for a loopback host (tests), anything
  else (``file:``, ``ftp:``, …) is refused before any request; redirects are not followed;
* one request, from connecting to the last byte of the body, ends within ``timeout``
  seconds: a watchdog closes its socket at that time, so a body trickling in byte by byte
  cannot outlast it (a socket timeout alone bounds each read, not the whole answer);
* a body over ``max_bytes`` is refused (from its Content-Length, or as soon as more arrives);
* network failures, HTTP 429/5xx and timed-out requests are retried (``retries`` attempts,
  waiting 1 s, 2 s, … between them), so the fetch ends within
  ``2 × (retries × timeout + retries × (retries - 1) / 2)`` seconds; other HTTP statuses and
  bad answers (not UTF-8, not JSON, ``{"error": …}``) are not retried.
"""

from __future__ import annotations

import contextlib
import http.client
import ipaddress
import json
import logging
import socket
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any

from asobi import __version__
from asobi.core.errors import ConfigError, DataError

#: the fetch step's log (retries are reported there)
log = logging.getLogger("asobi.shiritori.fetch")


USER_AGENT = f"asobi/{__version__} (yokai shiritori research pipeline)"


DEFAULT_MAX_BYTES = 20_000_000


def one_line(text: object, limit: int = 200) -> str:
    """``text`` on one line, at most ``limit`` characters (for error messages).

    >>> one_line("bad\\n  thing"), one_line("x" * 300)[-3:]
    ('bad thing', '...')
    """
    flat = " ".join(str(text).split())
    return flat if len(flat) <= limit else flat[: limit - 3] + "..."


def check_api_url(api_url: str) -> str:
    """``api_url`` if it may be fetched: ``https``, or ``http`` to a loopback host only.

    >>> check_api_url("http://127.0.0.1:8080/w/api.php")
    'http://127.0.0.1:8080/w/api.php'
    >>> check_api_url("file:///etc/hostname")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    asobi.core.errors.ConfigError: shiritori.wikipedia.api_url must be an https URL ...
    """
    try:
        parts = urllib.parse.urlsplit(api_url)
        host = parts.hostname or ""
        parts.port  # noqa: B018 (raises ValueError on a bad port)
    except ValueError:
        parts, host = urllib.parse.urlsplit(""), ""
    if not host or not (parts.scheme == "https" or (parts.scheme == "http" and _is_loopback(host))):
        raise ConfigError(
            "shiritori.wikipedia.api_url must be an https URL (http only for a loopback host "
            f"such as 127.0.0.1): got {one_line(repr(api_url))}"
        )
    if parts.query or parts.fragment:
        raise ConfigError(
            f"shiritori.wikipedia.api_url must not carry a query or fragment: got {api_url!r}"
        )
    return api_url


def _is_loopback(host: str) -> bool:
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


class _Deadline:
    """Shut the sockets of one request down when its time is up.

    Every socket the request opens is registered (:meth:`track`); a timer shuts them all
    down at the deadline, which makes any read blocked on them return at once.
    """

    def __init__(self, seconds: float) -> None:
        self.seconds = seconds
        self.expired = False
        self._sockets: list[socket.socket] = []
        self._lock = threading.Lock()
        self._timer = threading.Timer(seconds, self._expire)
        self._timer.daemon = True

    def __enter__(self) -> _Deadline:
        self._timer.start()
        return self

    def __exit__(self, *exc_info: object) -> None:
        self._timer.cancel()

    def track(self, sock: socket.socket) -> socket.socket:
        with self._lock:
            self._sockets.append(sock)
            if self.expired:
                _shut(sock)
        return sock

    def _expire(self) -> None:
        with self._lock:
            self.expired = True
            for sock in self._sockets:
                _shut(sock)


def _shut(sock: socket.socket) -> None:
    with contextlib.suppress(OSError):  # already closed
        sock.shutdown(socket.SHUT_RDWR)


def _tracked(base: type[http.client.HTTPConnection]) -> type[http.client.HTTPConnection]:
    """``base`` whose sockets (the proxy's too) are registered with a :class:`_Deadline`."""

    class Tracked(base):  # type: ignore[valid-type,misc]
        def __init__(self, *args: Any, deadline: _Deadline, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            create = self._create_connection
            self._create_connection = lambda *a, **k: deadline.track(create(*a, **k))

    return Tracked


_TrackedHTTP = _tracked(http.client.HTTPConnection)


_TrackedHTTPS = _tracked(http.client.HTTPSConnection)


class _HTTPHandler(urllib.request.HTTPHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def http_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(_TrackedHTTP, req, deadline=self.deadline)


class _HTTPSHandler(urllib.request.HTTPSHandler):
    def __init__(self, deadline: _Deadline) -> None:
        super().__init__()
        self.deadline = deadline

    def https_open(self, req: urllib.request.Request) -> http.client.HTTPResponse:
        return self.do_open(
            _TrackedHTTPS,
            req,
            context=self._context,  # type: ignore[attr-defined]
            deadline=self.deadline,
        )


def _opener(deadline: _Deadline, url: str) -> urllib.request.OpenerDirector:
    """http(s) only, no redirects, the environment's proxy except for a loopback host."""
    opener = urllib.request.OpenerDirector()
    handlers: list[urllib.request.BaseHandler] = [
        _HTTPHandler(deadline),
        _HTTPSHandler(deadline),
        urllib.request.HTTPDefaultErrorHandler(),
        urllib.request.HTTPErrorProcessor(),
    ]
    if not _is_loopback(urllib.parse.urlsplit(url).hostname or ""):
        handlers.append(urllib.request.ProxyHandler())
    for handler in handlers:
        opener.add_handler(handler)
    return opener


class _Retryable(Exception):
    """A failed attempt worth repeating (network, timeout, HTTP 429 or 5xx)."""


def _read_capped(response: http.client.HTTPResponse, max_bytes: int, url: str) -> bytes:
    too_big = f"the answer of {url} is larger than max_bytes = {max_bytes} bytes"
    length = response.headers.get("Content-Length", "")
    if length.strip().isdigit() and int(length) > max_bytes:
        raise DataError(f"{too_big} (Content-Length {int(length)})")
    chunks, size = [], 0
    while chunk := response.read1(1 << 16):
        size += len(chunk)
        if size > max_bytes:
            raise DataError(too_big)
        chunks.append(chunk)
    return b"".join(chunks)


def _get_once(url: str, *, timeout: float, max_bytes: int) -> bytes:
    """One GET of ``url``, body included, within ``timeout`` seconds and ``max_bytes``.

    Raises :class:`DataError` for answers not worth repeating, ``_Retryable`` otherwise.
    """
    endpoint = check_api_url(url.split("?", 1)[0])
    late = f"no complete answer within {timeout:g} s"
    request = urllib.request.Request(url, headers={"User-Agent": USER_AGENT})
    with _Deadline(timeout) as deadline:
        try:
            with _opener(deadline, url).open(request, timeout=timeout) as response:
                body = _read_capped(response, max_bytes, endpoint)
        except urllib.error.HTTPError as error:
            error.close()
            if deadline.expired:
                raise _Retryable(late) from None
            message = f"HTTP {error.code} {one_line(error.reason, 80)}"
            if error.code == 429 or error.code >= 500:
                raise _Retryable(message) from None
            moved = " (redirects are not followed)" if 300 <= error.code < 400 else ""
            raise DataError(f"{endpoint} answered {message}{moved}") from None
        except (OSError, http.client.HTTPException) as error:
            if deadline.expired:
                raise _Retryable(late) from None
            raise _Retryable(one_line(f"{type(error).__name__}: {error}")) from None
        if deadline.expired:  # the watchdog cut the body short
            raise _Retryable(late)
    return body


def decode_json(body: bytes, url: str) -> dict[str, Any]:
    """The JSON object of an API answer; ``DataError`` for anything else, including
    MediaWiki's ``{"error": {"code": …, "info": …}}``."""
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        raise DataError(
            f"the answer of {url} is not UTF-8 "
            f"(byte {body[error.start]:#04x} at offset {error.start})"
        ) from None
    try:
        payload = json.loads(text)
    except json.JSONDecodeError as error:
        raise DataError(
            f"the answer of {url} is not JSON "
            f"({error.msg} at line {error.lineno} column {error.colno})"
        ) from None
    except RecursionError:
        raise DataError(f"the answer of {url} is JSON nested too deeply") from None
    if not isinstance(payload, dict):
        raise DataError(f"the answer of {url} is not a JSON object")
    if "error" in payload:
        error = payload["error"]
        if isinstance(error, dict):
            error = ": ".join(str(error[k]) for k in ("code", "info") if k in error) or error
        raise DataError(f"the MediaWiki API at {url} answered with an error: {one_line(error)}")
    return payload


def api_get(
    api_url: str,
    params: dict[str, str],
    *,
    timeout: float,
    retries: int,
    max_bytes: int = DEFAULT_MAX_BYTES,
    backoff: float = 1.0,
) -> dict[str, Any]:
    """GET ``api_url?params`` as a JSON object, retrying what is worth retrying."""
    check_api_url(api_url)
    query = urllib.parse.urlencode({**params, "format": "json", "formatversion": "2"})
    last_error = ""
    for attempt in range(1, retries + 1):
        try:
            body = _get_once(f"{api_url}?{query}", timeout=timeout, max_bytes=max_bytes)
        except _Retryable as error:
            last_error = str(error)
            log.warning("attempt %d/%d for %s failed: %s", attempt, retries, api_url, error)
            if attempt < retries:
                time.sleep(backoff * attempt)
            continue
        return decode_json(body, api_url)
    raise DataError(
        f"cannot get an answer from the MediaWiki API at {api_url} after {retries} attempts "
        f"(last error: {last_error}); offline? use shiritori.source: vendored"
    )
