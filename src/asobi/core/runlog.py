"""Logging and progress for long pipeline steps.

:func:`pipeline_logging` sends log lines both to a log file (Snakemake's ``log:``) and to
stderr. :func:`progress` wraps an iterable: a tqdm bar when stderr is a terminal, periodic
log lines otherwise (so Snakemake logs and CI show progress too).
"""

from __future__ import annotations

import logging
import os
import resource
import sys
import time
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from tqdm import tqdm

T = TypeVar("T")
LOG_FORMAT = "%(asctime)s %(name)s %(levelname)s %(message)s"


@contextmanager
def pipeline_logging(log_path: str | os.PathLike[str] | None, level: int = logging.INFO):
    """Route the ``asobi`` logger to ``log_path`` (if given) and to stderr."""
    logger = logging.getLogger("asobi")
    handlers: list[logging.Handler] = [logging.StreamHandler(sys.stderr)]
    if log_path is not None:
        os.makedirs(os.path.dirname(os.fspath(log_path)) or ".", exist_ok=True)
        handlers.append(logging.FileHandler(log_path, mode="w", encoding="utf-8"))
    formatter = logging.Formatter(LOG_FORMAT)
    for handler in handlers:
        handler.setFormatter(formatter)
        logger.addHandler(handler)
    previous = logger.level
    logger.setLevel(level)
    try:
        yield logger
    finally:
        for handler in handlers:
            logger.removeHandler(handler)
            handler.close()
        logger.setLevel(previous)


def progress(
    items: Iterable[T],
    *,
    total: int | None = None,
    desc: str,
    logger: logging.Logger | None = None,
    every_seconds: float = 10.0,
) -> Iterator[T]:
    """Yield ``items`` while reporting progress (bar on a terminal, log lines otherwise)."""
    if sys.stderr.isatty():
        yield from tqdm(items, total=total, desc=desc, file=sys.stderr)
        return
    log = logger or logging.getLogger("asobi")
    start = last = time.monotonic()
    done = 0
    for item in items:
        yield item
        done += 1
        now = time.monotonic()
        if now - last >= every_seconds:
            last = now
            of = f"/{total}" if total else ""
            log.info("%s: %d%s done (%.0f s)", desc, done, of, now - start)
    log.info("%s: finished %d items in %.1f s", desc, done, time.monotonic() - start)


def run_step(log_path: str | os.PathLike[str] | None, step, /, **kwargs):  # type: ignore[no-untyped-def]
    """Run one pipeline step with logging; bad input ends it with one line and exit 2.

    Workflow scripts call this so that a :class:`~asobi.core.errors.AsobiError` becomes
    ``asobi: <message>`` on stderr and in the log, never a traceback. Any other exception
    (a bug) is written with its traceback to the log too, then re-raised. A step that
    ends well logs :func:`cpu_line` last.
    """
    from asobi.core.errors import AsobiError

    with pipeline_logging(log_path) as logger:
        try:
            result = step(**kwargs)
            logger.info("%s", cpu_line())
            return result
        except AsobiError as error:
            logger.error("%s", error)
            sys.stderr.write(f"asobi: {error}\n")
            raise SystemExit(2) from None
        except Exception:
            logger.exception("step %s failed", getattr(step, "__name__", step))
            raise


CPU_LINE = "step CPU"


def cpu_line() -> str:
    """This process's CPU seconds so far (start-up and imports included) with its finished
    children's, and its peak resident memory: the last line of every step's log, which
    ``benchmarks/run_profile.py`` reads (Snakemake's benchmark files sample the CPU time
    every 30 s after the first 15 s, so they miss up to 30 s of a long job)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    user = own.ru_utime + children.ru_utime
    system = own.ru_stime + children.ru_stime
    peak_mb = max(own.ru_maxrss, children.ru_maxrss) / 1024
    return (
        f"{CPU_LINE}: {user + system:.2f} s (user {user:.2f}, system {system:.2f}); "
        f"peak {peak_mb:.0f} MB"
    )
