"""The rows and Arrow schemas of the 素数大富豪 tables (columns: README, 素数大富豪 section).

Frames are built here from the kernels and the enumerators; :mod:`asobi.daifugo.pipeline`
writes them. Number tables are sharded by range (:func:`number_ranges`).
"""

from __future__ import annotations

import logging
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.daifugo.daifugo import GROTHENDIECK, RAMANUJAN, Rules, card_names
from asobi.daifugo.genocchi import check_genocchi, decimal_digits
from asobi.daifugo.kernels import numbers_columns
from asobi.daifugo.layouts import composite_layouts

log = logging.getLogger("asobi.daifugo")

NUMBERS_SCHEMA = pa.schema(
    [
        ("n", pa.int64()),
        ("is_prime", pa.bool_()),
        ("special", pa.string()),
        ("min_cards", pa.int64()),
        ("playable_plain", pa.bool_()),
        ("jokers_needed", pa.int64()),
        ("playable_composite", pa.bool_()),
        ("min_cards_composite", pa.int64()),
        ("playable_with_exponent", pa.bool_()),
        ("min_cards_with_exponent", pa.int64()),
        ("n_layouts_with_exponent", pa.int64()),
    ]
)

LAYOUTS_SCHEMA = pa.schema(
    [
        ("n", pa.int64()),
        ("expression", pa.string()),
        ("exponent_notation", pa.bool_()),
        ("cards", pa.list_(pa.string())),
        ("n_cards", pa.int64()),
        ("jokers", pa.int64()),
    ]
)

Z3_SCHEMA = pa.schema(
    [
        ("n", pa.int64()),
        ("origin", pa.string()),
        ("enumerator_min_cards", pa.int64()),
        ("z3_at_min", pa.string()),
        ("z3_below_min", pa.string()),
        ("z3_expression", pa.string()),
        ("z3_cards", pa.list_(pa.int64())),
        ("z3_layout_listed", pa.bool_()),
        ("agree", pa.bool_()),
    ]
)

GENOCCHI_SCHEMA = pa.schema(
    [
        ("index", pa.int64()),
        ("sign", pa.int64()),
        ("digits", pa.int64()),
        ("prime_absolute", pa.bool_()),
        ("divisor_digits", pa.int64()),
    ]
)


def number_ranges(n_max: int, shard_size: int) -> list[tuple[int, int]]:
    """Inclusive ranges ``(lo, hi)`` covering ``2..n_max`` in shards of ``shard_size``.

    >>> number_ranges(10, 4)
    [(2, 4), (5, 8), (9, 10)]
    """
    ranges = []
    lo = 2
    while lo <= n_max:
        hi = min(n_max, (lo // shard_size + 1) * shard_size)
        ranges.append((lo, hi))
        lo = hi + 1
    return ranges


def shard_start(path: Any) -> int:
    """The ``lo`` of a shard file named ``{lo}-{hi}.parquet`` (the merge order)."""
    return int(str(path).rsplit("/", 1)[-1].split("-")[0])


# --- numbers --------------------------------------------------------------------------------


def numbers_frame(lo: int, hi: int, rules: Rules | None = None) -> pd.DataFrame:
    """The numbers table for ``lo ≤ n ≤ hi`` from the numba kernel.

    >>> row = numbers_frame(2, 130).set_index("n").loc[128]
    >>> bool(row.playable_composite), bool(row.playable_with_exponent)
    (False, True)
    """
    lo = max(lo, 2)
    if hi < lo:
        empty = np.zeros(0, dtype=np.int64)
        return _numbers_frame(empty, *(empty for _ in range(6)))
    columns = numbers_columns(lo, hi, rules)
    return _numbers_frame(np.arange(lo, hi + 1), *columns.values())


def _numbers_frame(n, min_cards, jokers_needed, min_plain, min_exp, n_layouts, spf):  # type: ignore[no-untyped-def]
    is_prime = (spf == n) & (n >= 2)
    composite = ~is_prime & (n >= 4)

    def optional(values: np.ndarray, where: np.ndarray) -> pd.Series:
        return pd.Series(np.where(where & (values >= 0), values, 0), dtype="Int64").where(
            where & (values >= 0)
        )

    def flag(values: np.ndarray) -> pd.Series:
        return pd.Series(values >= 0, dtype="boolean").where(composite)

    special = pd.Series([None] * len(n), dtype="string")
    special[n == GROTHENDIECK] = "grothendieck"
    special[n == RAMANUJAN] = "ramanujan"
    everywhere = np.ones(len(n), dtype=bool)
    return pd.DataFrame(
        {
            "n": pd.Series(n, dtype="int64"),
            "is_prime": pd.Series(is_prime, dtype="bool"),
            "special": special,
            "min_cards": optional(min_cards, everywhere),
            "playable_plain": pd.Series(min_cards >= 0, dtype="bool"),
            "jokers_needed": optional(jokers_needed, everywhere),
            "playable_composite": flag(min_plain),
            "min_cards_composite": optional(min_plain, composite),
            "playable_with_exponent": flag(min_exp),
            "min_cards_with_exponent": optional(min_exp, composite),
            "n_layouts_with_exponent": optional(n_layouts, composite),
        }
    )


# --- layouts --------------------------------------------------------------------------------


def layouts_frame(lo: int, hi: int, rules: Rules) -> pd.DataFrame:
    """Every valid composite layout of every composite ``lo ≤ n ≤ hi`` (plain enumerator)."""
    rows = []
    for n in progress(
        range(max(lo, 4), hi + 1), total=hi - max(lo, 4) + 1, desc="layouts", logger=log
    ):
        for layout in composite_layouts(n, rules):
            rows.append(
                {
                    "n": n,
                    "expression": layout.text,
                    "exponent_notation": any(term.tower for term in layout.expression),
                    "cards": card_names(layout.cards, rules),
                    "n_cards": layout.n_cards,
                    "jokers": layout.jokers,
                }
            )
    return pd.DataFrame(rows, columns=LAYOUTS_SCHEMA.names)


def check_kernel_against_layouts(numbers: pd.DataFrame, layouts: pd.DataFrame, upto: int) -> None:
    """:class:`DataError` unless the kernel's composite columns match the enumerator's layouts
    for every composite up to ``upto``."""
    composites = numbers[(numbers["n"] <= upto) & ~numbers["is_prime"] & (numbers["n"] >= 4)]
    grouped = layouts.groupby("n")
    counts = grouped.size()
    least = grouped["n_cards"].min()
    plain_least = layouts[~layouts["exponent_notation"]].groupby("n")["n_cards"].min()
    for row in composites.itertuples():
        expected = (
            int(counts.get(row.n, 0)),
            _maybe(least.get(row.n)),
            _maybe(plain_least.get(row.n)),
        )
        found = (
            _maybe(row.n_layouts_with_exponent),
            _maybe(row.min_cards_with_exponent),
            _maybe(row.min_cards_composite),
        )
        if expected != found:
            raise DataError(
                f"numba kernel and enumerator disagree on {row.n}: kernel (layouts, min with "
                f"exponent, min plain) = {found}, enumerator = {expected}"
            )


def _maybe(value: Any) -> int | None:
    return None if value is None or pd.isna(value) else int(value)


# --- Genocchi -------------------------------------------------------------------------------


def genocchi_frame(max_index: int) -> pd.DataFrame:
    """Primality of ``|G_{2n}|`` for every even index up to ``max_index``."""
    rows = [
        {
            "index": c.index,
            "sign": c.sign,
            "digits": c.digits,
            "prime_absolute": c.prime_absolute,
            "divisor_digits": None if c.divisor is None else decimal_digits(c.divisor),
        }
        for c in check_genocchi(max_index)
    ]
    return pd.DataFrame(rows, columns=GENOCCHI_SCHEMA.names)
