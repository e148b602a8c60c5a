"""素数大富豪: the numba kernels and sieves against the plain enumerator; z3 against both."""

from __future__ import annotations

import pandas as pd
import pytest

from asobi.daifugo.daifugo import Rules
from asobi.daifugo.layouts import composite_layouts, summarise
from asobi.daifugo.numbers import primes_between, smallest_prime_factors
from asobi.daifugo.tables import number_ranges, numbers_frame
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
    from asobi.core.errors import DataError
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
    from asobi.core.errors import DataError
    from asobi.daifugo.tables import check_kernel_against_layouts, layouts_frame

    numbers = numbers_frame(2, 60)
    layouts = layouts_frame(2, 60, Rules())
    check_kernel_against_layouts(numbers, layouts, 60)
    with pytest.raises(DataError, match="disagree on 12"):
        check_kernel_against_layouts(numbers, layouts[layouts["n"] != 12], 60)
