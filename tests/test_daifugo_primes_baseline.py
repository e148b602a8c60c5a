"""The plain C baseline of benchmarks/daifugo_primes_rate.py counts what tally_range counts.

benchmarks/daifugo_primes_baseline.c sieves and classifies on its own (written independently
of the two numba paths); its counters per digit count must equal tally_range's exactly, or
the rates the benchmark compares are not rates of the same work. Skipped without a C compiler.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from benchmark_tools import compiled_baseline, load_benchmark

from asobi.daifugo.daifugo import Rules
from asobi.daifugo.tally import tally_range

bench = load_benchmark("daifugo_primes_rate")


@pytest.fixture(scope="module")
def baseline(tmp_path_factory) -> Path:
    return compiled_baseline(bench, tmp_path_factory.mktemp("baseline"))


@pytest.mark.parametrize(
    ("lo", "hi", "rules"),
    [
        (2, 10**6, Rules()),
        (999_000, 1_001_000, Rules()),
        (0, 10**5, Rules(suits=2, jokers=0, joker_zero=False)),
        (1_000_000, 1_200_000, Rules(suits=3, jokers=1, joker_zero=False)),
    ],
)
def test_c_baseline_counts_equal_tally_range(baseline, lo, hi, rules):
    expected = bench.tally_table(tally_range(lo, hi, rules))
    assert expected  # the ranges hold primes
    assert bench.run_baseline(baseline, lo, hi, rules) == expected


def test_c_baseline_on_empty_and_tiny_ranges(baseline):
    rules = Rules()
    for lo, hi in [(0, 2), (2, 3), (3, 3), (10, 5), (14, 17), (89, 98)]:
        assert bench.run_baseline(baseline, lo, hi, rules) == bench.tally_table(
            tally_range(lo, hi, rules)
        ), (lo, hi)
