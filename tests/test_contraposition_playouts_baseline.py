"""The plain C baseline of benchmarks/contraposition_playouts.py does the kernels' work.

benchmarks/contraposition_playouts_baseline.c builds the board, fills it and scores it on its
own (written independently of the numba kernels); its scores must equal ``evaluate``'s on every
board, and its random playouts must give the same counters as the numba ones within sampling
error, or the rates the benchmark compares are not rates of the same work. Skipped without a
C compiler.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmark_tools import compiled_baseline, load_benchmark

bench = load_benchmark("contraposition_playouts")


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    return compiled_baseline(bench, tmp_path_factory.mktemp("baseline"))


@pytest.mark.parametrize("side", [2, 3, 4, 5])
def test_c_scores_equal_evaluate(baseline, side):
    boards = bench.random_full_boards(side, 300, seed=side)
    assert bench.evaluate_baseline(baseline, side, boards) == bench.numba_scores(side, boards)


@pytest.mark.parametrize(("side", "onetwo"), [(2, False), (3, False), (3, True), (4, True)])
def test_c_playouts_match_the_kernels_counters(baseline, side, onetwo):
    c_counts = bench.run_baseline(baseline, side, onetwo, 20_000, seed=3)
    numba_counts = bench.run_numba(side, onetwo, 20_000, seed=3)
    assert c_counts[0] == numba_counts[0] == 20_000
    assert bench.counters_agree(c_counts, numba_counts, bench.cell_count(side)) == []


def test_the_counter_check_can_fail():
    assert bench.counters_agree((1000, 500, 9500, 100), (1000, 700, 9500, 100), 19) == [
        "white wins"
    ]
    assert bench.counters_agree((1000, 500, 9500, 100), (1000, 500, 12000, 100), 19) == [
        "white stones"
    ]
