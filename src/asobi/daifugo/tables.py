"""The rows and Arrow schemas of the 素数大富豪 tables (columns: docs/games/daifugo.md,
"Tables").

Frames are built here from the kernels and the enumerators; :mod:`asobi.daifugo.pipeline`
writes them. Number tables are sharded by range (:func:`asobi.core.shards.number_ranges`).
"""

from __future__ import annotations

import logging
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.daifugo.daifugo import GROTHENDIECK, RAMANUJAN, Rules, card_names
from asobi.daifugo.genocchi import check_genocchi, decimal_digits
from asobi.daifugo.kernels import numbers_columns, prime_cards_kernel
from asobi.daifugo.layouts import composite_layouts
from asobi.daifugo.numbers import primes_between
from asobi.daifugo.odds import (
    ORDINARY_PLAYER_COUNTS,
    HandOdds,
    four_of_a_kind_probability,
    ordinary_hand_size,
)

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

PRIMES_SCHEMA = pa.schema(
    [
        ("n", pa.int64()),
        ("digits", pa.int64()),
        ("min_cards", pa.int64()),
        ("jokers_needed", pa.int64()),
        ("playable", pa.bool_()),
        ("n_layouts", pa.int64()),
    ]
)

MIN_CARDS_COUNT = pa.struct([("min_cards", pa.int64()), ("primes", pa.int64())])

PRIME_TALLY_SCHEMA = pa.schema(
    [
        ("digits", pa.int64()),
        ("primes", pa.int64()),
        ("playable", pa.int64()),
        ("eden", pa.int64()),
        ("need_joker", pa.int64()),
        ("smallest_eden", pa.int64()),
        ("min_cards_histogram", pa.list_(MIN_CARDS_COUNT)),
    ]
)

HAND_ODDS_SCHEMA = pa.schema(
    [
        ("hand_size", pa.int64()),
        ("event", pa.string()),
        ("jokers", pa.bool_()),
        ("hands", pa.int64()),
        ("total", pa.int64()),
        ("probability_exact", pa.string()),
        ("probability", pa.float64()),
    ]
)

ORDINARY_ODDS_SCHEMA = pa.schema(
    [
        ("players", pa.int64()),
        ("hand_size", pa.int64()),
        ("jokers", pa.bool_()),
        ("hands", pa.int64()),
        ("total", pa.int64()),
        ("probability_exact", pa.string()),
        ("probability", pa.float64()),
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


# --- the playable-prime catalogue ----------------------------------------------------------


def primes_frame(lo: int, hi: int, rules: Rules | None = None) -> pd.DataFrame:
    """Every prime ``lo ≤ p ≤ hi`` with how it is laid on its own (sieve + numba kernel).

    >>> primes_frame(40000, 40010).to_dict("records")[0]["playable"]
    False
    """
    rules = rules or Rules()
    primes = primes_between(lo, hi + 1)
    digits, min_cards, jokers, n_layouts = prime_cards_kernel(
        primes, rules.suits, rules.jokers, rules.joker_zero
    )
    playable = n_layouts > 0
    return pd.DataFrame(
        {
            "n": primes,
            "digits": digits,
            "min_cards": pd.array(np.where(playable, min_cards, 0), dtype="Int64"),
            "jokers_needed": pd.array(np.where(playable, jokers, 0), dtype="Int64"),
            "playable": playable,
            "n_layouts": n_layouts,
        }
    ).assign(
        min_cards=lambda f: f["min_cards"].where(f["playable"]),
        jokers_needed=lambda f: f["jokers_needed"].where(f["playable"]),
    )


#: Digit counts (and card counts) the tally's counters have room for: every int64 fits.
MAX_DIGITS = 19


@dataclass
class TallyCounts:
    """Counters of one range, indexed by digit count (``histogram[digits, min_cards]``);
    ``smallest_eden`` is -1 where the range holds no Eden prime of that length."""

    primes: np.ndarray
    playable: np.ndarray
    need_joker: np.ndarray
    smallest_eden: np.ndarray
    histogram: np.ndarray

    @classmethod
    def empty(cls) -> TallyCounts:
        zeros = np.zeros(MAX_DIGITS + 1, dtype=np.int64)
        return cls(
            primes=zeros.copy(),
            playable=zeros.copy(),
            need_joker=zeros.copy(),
            smallest_eden=np.full(MAX_DIGITS + 1, -1, dtype=np.int64),
            histogram=np.zeros((MAX_DIGITS + 1, MAX_DIGITS + 1), dtype=np.int64),
        )


def merge_counts(parts: Iterable[TallyCounts]) -> TallyCounts:
    """The counters of disjoint ranges added up (the smallest Eden prime is the least)."""
    total = TallyCounts.empty()
    for part in parts:
        total.primes += part.primes
        total.playable += part.playable
        total.need_joker += part.need_joker
        total.histogram += part.histogram
        both = (total.smallest_eden >= 0) & (part.smallest_eden >= 0)
        total.smallest_eden = np.where(
            both,
            np.minimum(total.smallest_eden, part.smallest_eden),
            np.maximum(total.smallest_eden, part.smallest_eden),
        )
    return total


def tally_frame(counts: TallyCounts) -> pd.DataFrame:
    """The counters as rows of ``prime_tally.parquet`` (digit counts that hold a prime)."""
    rows = [
        {
            "digits": digits,
            "primes": int(counts.primes[digits]),
            "playable": int(counts.playable[digits]),
            "eden": int(counts.primes[digits] - counts.playable[digits]),
            "need_joker": int(counts.need_joker[digits]),
            "smallest_eden": (
                int(counts.smallest_eden[digits]) if counts.smallest_eden[digits] >= 0 else None
            ),
            "min_cards_histogram": [
                {"min_cards": cards, "primes": int(count)}
                for cards, count in enumerate(counts.histogram[digits])
                if count
            ],
        }
        for digits in range(1, MAX_DIGITS + 1)
        if counts.primes[digits]
    ]
    frame = pd.DataFrame(rows, columns=PRIME_TALLY_SCHEMA.names)
    return frame.assign(smallest_eden=pd.array(frame["smallest_eden"].tolist(), dtype="Int64"))


def counts_from_frame(frame: pd.DataFrame) -> TallyCounts:
    """The counters back from rows of ``prime_tally.parquet`` (to merge shards)."""
    counts = TallyCounts.empty()
    for row in frame.itertuples(index=False):
        digits = int(row.digits)
        counts.primes[digits] = row.primes
        counts.playable[digits] = row.playable
        counts.need_joker[digits] = row.need_joker
        if not pd.isna(row.smallest_eden):
            counts.smallest_eden[digits] = int(row.smallest_eden)
        for entry in row.min_cards_histogram:
            counts.histogram[digits, int(entry["min_cards"])] = int(entry["primes"])
    return counts


class PrimeTally:
    """The :class:`TallyCounts` of the primes table (the catalogue), fed in batches
    (:meth:`add`), so that a catalogue of 10^9 numbers needs no more memory than one batch.
    """

    def __init__(self) -> None:
        self.counts = TallyCounts.empty()

    def add(self, primes: pd.DataFrame) -> None:
        """Count a batch of rows of the primes table."""
        batch = TallyCounts.empty()
        digits = primes["digits"].to_numpy(dtype=np.int64)
        playable = primes["playable"].to_numpy(dtype=bool)
        np.add.at(batch.primes, digits, 1)
        np.add.at(batch.playable, digits[playable], 1)
        needs = playable & (primes["jokers_needed"].fillna(0).to_numpy(dtype=np.int64) >= 1)
        np.add.at(batch.need_joker, digits[needs], 1)
        cards = primes["min_cards"].fillna(0).to_numpy(dtype=np.int64)
        np.add.at(batch.histogram, (digits[playable], cards[playable]), 1)
        eden = primes.loc[~playable, ["digits", "n"]].groupby("digits")["n"].min()
        batch.smallest_eden[eden.index.to_numpy(dtype=np.int64)] = eden.to_numpy(dtype=np.int64)
        self.counts = merge_counts([self.counts, batch])

    def frame(self) -> pd.DataFrame:
        """The tally, one row per digit count."""
        return tally_frame(self.counts)


def prime_tally_frame(primes: pd.DataFrame) -> pd.DataFrame:
    """The :class:`PrimeTally` of one frame of the primes table."""
    tally = PrimeTally()
    tally.add(primes)
    return tally.frame()


def check_primes_against_numbers(primes: pd.DataFrame, numbers: pd.DataFrame, below: int) -> int:
    """:class:`DataError` unless the primes table and the numbers table agree on every prime
    below ``below`` (the same primes, ``min_cards``, ``jokers_needed``, playable); returns
    how many primes were compared."""
    left = primes[primes["n"] < below].set_index("n")
    right = numbers[numbers["is_prime"] & (numbers["n"] < below)].set_index("n")
    if not left.index.equals(right.index):
        extra = left.index.symmetric_difference(right.index)
        raise DataError(f"the primes and numbers tables list different primes, e.g. {extra[:5]}")
    pairs = [("min_cards", "min_cards"), ("jokers_needed", "jokers_needed")]
    pairs.append(("playable", "playable_plain"))
    for mine, theirs in pairs:
        differ = (
            left[mine]
            .astype("Int64")
            .ne(right[theirs].astype("Int64"))
            .fillna(left[mine].isna() != right[theirs].isna())
        )
        if differ.any():
            n = int(differ[differ].index[0])
            raise DataError(
                f"primes and numbers tables disagree on {mine} of {n}: "
                f"{left.at[n, mine]} vs {right.at[n, theirs]}"
            )
    return len(left)


# --- hand odds ------------------------------------------------------------------------------


def hand_odds_frame(rules: Rules, hand_sizes: Sequence[int]) -> pd.DataFrame:
    """Exact odds of the revolution events for each hand size (see :mod:`~.odds`)."""
    return pd.DataFrame(HandOdds(rules).table(hand_sizes), columns=HAND_ODDS_SCHEMA.names)


def ordinary_odds_frame(
    rules: Rules, players: Sequence[int] = ORDINARY_PLAYER_COUNTS
) -> pd.DataFrame:
    """The chance of four of a kind (ordinary daifugō's revolution) in the smallest hand
    when ordinary daifugō deals the whole deck of ``rules`` to each number of ``players``,
    the hand's jokers unused and standing in: the yardstick the article names.

    >>> frame = ordinary_odds_frame(Rules(), [4])
    >>> frame[["players", "hand_size", "jokers", "probability"]].round(4)
       players  hand_size  jokers  probability
    0        4         13   False       0.0293
    1        4         13    True       0.2233
    """
    rows = []
    for count in players:
        size = ordinary_hand_size(rules, count)
        total = math.comb(13 * rules.suits + rules.jokers, size)
        for jokers in (False, True):
            chance = four_of_a_kind_probability(rules, size, jokers)
            rows.append(
                {
                    "players": count,
                    "hand_size": size,
                    "jokers": jokers,
                    "hands": int(chance * total),
                    "total": total,
                    "probability_exact": str(chance),
                    "probability": float(chance),
                }
            )
    return pd.DataFrame(rows, columns=ORDINARY_ODDS_SCHEMA.names)


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
