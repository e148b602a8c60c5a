"""What the benchmarks that time a kernel against a plain C baseline share (not a benchmark:
``make bench`` runs only the scripts whose names do not start with ``_``).

A script keeps its C source beside it, compiles it with ``cc -O2 -std=c99`` (``$CC`` if set)
into a temporary folder and times both in the same run with :func:`timed`.
"""

from __future__ import annotations

import os
import resource
import shutil
import subprocess
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any


def find_compiler() -> str | None:
    """The C compiler: ``$CC`` if set, else ``cc`` on the PATH (None if there is none)."""
    return shutil.which(os.environ.get("CC", "cc"))


def compile_c(compiler: str, source: Path, folder: Path) -> Path:
    """Compile ``source`` with ``-O2`` into ``folder``; the path of the program."""
    program = folder / source.stem
    subprocess.run(
        [compiler, "-O2", "-std=c99", "-o", str(program), str(source)],
        check=True,
        capture_output=True,
        text=True,
    )
    return program


def timed(work: Callable[[], Any], repeat: int) -> tuple[Any, float, float]:
    """``work()`` run ``repeat`` times: its (last) result and the fewest wall seconds and
    fewest CPU seconds (of this process and its children) of one run."""

    def cpu() -> float:
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime

    walls, cpus = [], []
    result = None
    for _ in range(repeat):
        result = None  # free the previous run's result first
        cpu_start, start = cpu(), time.perf_counter()
        result = work()
        walls.append(time.perf_counter() - start)
        cpus.append(cpu() - cpu_start)
    return result, min(walls), min(cpus)
