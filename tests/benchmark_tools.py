"""Loading a benchmark script of ``benchmarks/`` in a test, and its C baseline compiled once
(the tests that check a C baseline does the same work as the kernel it is timed against)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[1] / "benchmarks"


def load_benchmark(name: str) -> ModuleType:
    """The script ``benchmarks/<name>.py`` as a module (its folder on the path, as when it is
    run, for its shared helpers)."""
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    spec = importlib.util.spec_from_file_location(name, BENCHMARKS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # dataclasses look their module up while it runs
    spec.loader.exec_module(module)
    return module


def compiled_baseline(bench: ModuleType, folder: Path) -> Path:
    """``bench``'s C baseline compiled into ``folder``; the test is skipped without a C
    compiler."""
    compiler = bench.find_compiler()
    if compiler is None:
        pytest.skip("no C compiler (cc, or $CC)")
    return bench.compile_baseline(compiler, folder)
