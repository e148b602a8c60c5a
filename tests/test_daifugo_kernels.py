"""素数大富豪: the numba kernels and sieves against the plain enumerator; z3 against both."""

from __future__ import annotations

import math

import pandas as pd
import pytest

from asobi.core.errors import DataError
from asobi.core.shards import number_ranges
from asobi.daifugo.daifugo import Rules, jokers_needed, number_layouts
from asobi.daifugo.layouts import composite_layouts, summarise
from asobi.daifugo.numbers import primes_between, smallest_prime_factors
from asobi.daifugo.tables import (
    check_primes_against_numbers,
    numbers_frame,
    prime_tally_frame,
    primes_frame,
)
from asobi.daifugo.z3check import crosscheck_rows, find_layout

COLUMNS = [
    "is_prime",
    "special",
    "min_cards",
    "playable_plain",
    "jokers_needed",
    "playable_composite",
    "min_cards_composite",
    "playable_with_exponent",
    "min_cards_with_exponent",
    "n_layouts_with_exponent",
]


def _plain(value):
    return (
        None
        if value is None or value is pd.NA or (isinstance(value, float) and pd.isna(value))
        else value
    )


@pytest.mark.parametrize(
    "rules",
    [
        Rules(),
        Rules(suits=2, jokers=1),
        Rules(suits=1, jokers=0, joker_zero=False),
        Rules(max_tower_depth=1),
    ],
    ids=["default", "small-deck", "tiny-deck", "no-nesting"],
)
def test_kernel_matches_reference(rules):
    table = numbers_frame(2, 1300, rules)
    for row in table.to_dict("records"):
        expected = summarise(row["n"], rules)
        for column in COLUMNS:
            assert _plain(row[column]) == getattr(expected, column), (row["n"], column)


def test_kernel_on_big_powers_and_article_numbers():
    table = numbers_frame(65530, 65540).set_index("n")
    assert table.loc[65536, "n_layouts_with_exponent"] == len(composite_layouts(65536, Rules()))
    assert table.loc[65536, "min_cards_with_exponent"] == 8


def test_shards_concatenate_to_the_whole():
    whole = numbers_frame(2, 500)
    parts = pd.concat([numbers_frame(lo, hi) for lo, hi in number_ranges(500, 128)])
    pd.testing.assert_frame_equal(whole.reset_index(drop=True), parts.reset_index(drop=True))


def test_sieve():
    spf = smallest_prime_factors(100)
    assert [n for n in range(2, 101) if spf[n] == n][:6] == [2, 3, 5, 7, 11, 13]
    assert spf[91] == 7


@pytest.mark.parametrize(("lo", "hi"), [(0, 2), (0, 3), (0, 1000), (97, 98), (990, 1200)])
def test_segmented_sieve_matches_the_plain_one(lo, hi):
    spf = smallest_prime_factors(1200)
    expected = [n for n in range(max(lo, 2), hi) if spf[n] == n]
    assert primes_between(lo, hi).tolist() == expected


def test_z3_agrees_with_enumerator_on_small_composites():
    rows = crosscheck_rows(list(range(4, 70)) + [1729, 5187], "test", Rules())
    assert rows and all(row["agree"] for row in rows)


def test_z3_respects_deck_variants():
    rules = Rules(suits=1, jokers=0)
    for n in (4, 8, 12, 88):
        layouts = composite_layouts(n, rules)
        least = layouts[0].n_cards if layouts else None
        found = find_layout(n, least, rules)
        assert (found is None) == (least is None)
        if least is not None:
            assert find_layout(n, least - 1, rules) is None


def test_z3_finds_nothing_for_1729_or_primes():
    assert find_layout(1729, None, Rules()) is None
    assert find_layout(97, None, Rules()) is None


def test_z3_disagreement_fails_the_merge(tmp_path):
    from asobi.core.tables import write_table
    from asobi.daifugo.pipeline import write_z3_crosscheck
    from asobi.daifugo.tables import Z3_SCHEMA

    rows = crosscheck_rows([4, 6, 8], "test", Rules())
    rows[1]["agree"] = False
    shard = tmp_path / "2-10.parquet"
    write_table(pd.DataFrame(rows, columns=Z3_SCHEMA.names), shard, table="t", schema=Z3_SCHEMA)
    with pytest.raises(DataError, match="disagree on 1 numbers"):
        write_z3_crosscheck([shard], tmp_path / "z3.parquet", z3_max=10)


def test_kernel_disagreement_fails_the_layouts_step():
    from asobi.daifugo.tables import check_kernel_against_layouts, layouts_frame

    numbers = numbers_frame(2, 60)
    layouts = layouts_frame(2, 60, Rules())
    check_kernel_against_layouts(numbers, layouts, 60)
    with pytest.raises(DataError, match="disagree on 12"):
        check_kernel_against_layouts(numbers, layouts[layouts["n"] != 12], 60)


# --- the playable-prime catalogue ---------------------------------------------------------


@pytest.mark.parametrize(
    "rules",
    [Rules(), Rules(suits=2, jokers=1), Rules(suits=1, jokers=0, joker_zero=False)],
    ids=["default", "small-deck", "tiny-deck"],
)
def test_prime_catalogue_matches_the_plain_layouts(rules):
    frame = primes_frame(2, 60_000, rules)
    extra = primes_frame(10_000_000, 10_001_000, rules)  # eight digits, zeros that need jokers
    for row in pd.concat([frame, extra]).itertuples():
        layouts = number_layouts(row.n, rules)
        assert row.digits == len(str(row.n))
        assert row.n_layouts == len(layouts) and row.playable == bool(layouts)
        assert _plain(row.min_cards) == min((len(t) for t in layouts), default=None)
        expected_jokers = min((jokers_needed(t, rules) for t in layouts), default=None)
        assert _plain(row.jokers_needed) == expected_jokers


def test_prime_catalogue_agrees_with_the_numbers_table():
    primes = primes_frame(2, 50_000)
    numbers = numbers_frame(2, 50_000)
    assert check_primes_against_numbers(primes, numbers, 50_001) == 5133
    broken = primes.copy()
    broken.loc[broken["n"] == 40009, "playable"] = True
    with pytest.raises(DataError, match="disagree on playable of 40009"):
        check_primes_against_numbers(broken, numbers, 50_001)
    with pytest.raises(DataError, match="different primes"):
        check_primes_against_numbers(primes[primes["n"] != 97], numbers, 50_001)


def test_prime_tally_and_the_smallest_eden_prime():
    tally = prime_tally_frame(primes_frame(2, 99_999)).set_index("digits")
    assert tally["primes"].tolist() == [4, 21, 143, 1061, 8363]  # primes with 1..5 digits
    assert tally.loc[5, "smallest_eden"] == 40009
    assert tally["eden"].tolist() == [0, 0, 0, 0, 6]
    assert (tally["playable"] + tally["eden"] == tally["primes"]).all()
    histogram = tally.loc[2, "min_cards_histogram"]
    assert histogram == [{"min_cards": 1, "primes": 2}, {"min_cards": 2, "primes": 19}]  # 11, 13


def test_the_primes_step_fails_the_run_when_the_numbers_table_disagrees(tmp_path):
    from asobi.core.tables import write_table
    from asobi.daifugo.pipeline import write_primes, write_primes_shard
    from asobi.daifugo.tables import NUMBERS_SCHEMA

    shard = tmp_path / "primes" / "2-50000.parquet"
    write_primes_shard(shard, 2, 50_000, {})
    numbers = numbers_frame(2, 50_000)
    write_table(
        numbers, tmp_path / "numbers.parquet", table="daifugo/numbers", schema=NUMBERS_SCHEMA
    )
    write_primes([shard], tmp_path / "primes.parquet", tmp_path / "numbers.parquet", 50_001)
    numbers.loc[numbers["n"] == 40009, "playable_plain"] = True  # one prime laid differently
    write_table(numbers, tmp_path / "bad.parquet", table="daifugo/numbers", schema=NUMBERS_SCHEMA)
    with pytest.raises(DataError, match="disagree on playable of 40009"):
        write_primes([shard], tmp_path / "primes.parquet", tmp_path / "bad.parquet", 50_001)


def test_sympy_factorisation_of_big_numbers_agrees_with_trial_division():
    from asobi.daifugo.numbers import TRIAL_DIVISION_BELOW, factorise, is_prime

    for n in range(TRIAL_DIVISION_BELOW - 50, TRIAL_DIVISION_BELOW + 50):
        factors = factorise(n)
        assert math.prod(p**m for p, m in factors.items()) == n
        assert all(is_prime(p) for p in factors)
    assert factorise(2**61 - 2) == {
        2: 1,
        3: 2,
        5: 2,
        7: 1,
        11: 1,
        13: 1,
        31: 1,
        41: 1,
        61: 1,
        151: 1,
        331: 1,
        1321: 1,
    }


def test_a_tiny_shard_size_is_refused_before_planning_jobs():
    from asobi.core.errors import ConfigError
    from asobi.core.shards import MAX_SHARDS

    assert len(number_ranges(MAX_SHARDS * 1000 - 1, 1000)) == MAX_SHARDS
    with pytest.raises(ConfigError, match="use a shard size of at least 100101"):
        number_ranges(100_000_000, 1)
    with pytest.raises(ConfigError, match="^daifugo.z3_shard_size: 100000000 numbers"):
        number_ranges(100_000_000, 1, "daifugo.z3_shard_size")
