"""Workflow steps for 素数大富豪: shards of the numbers table, layouts, z3 cross-check, claims.

Each function reads and writes files only (the Snakemake scripts call them through
:func:`asobi.core.runlog.run_step`). A disagreement between independent methods (the numba
kernel and the plain enumerator; z3 and the enumerator) raises :class:`DataError`, which
fails the run.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.core.tables import concat_tables, read_table, write_table
from asobi.daifugo.daifugo import (
    Rules,
    card_names,
    composite_layouts,
    is_prime,
)
from asobi.daifugo.fast import numbers_frame
from asobi.daifugo.genocchi import check_genocchi, decimal_digits

log = logging.getLogger("asobi.daifugo")

PathLike = str | os.PathLike[str]

#: The article's worked examples (composites) that the z3 check covers beyond ``z3_max``.
ARTICLE_COMPOSITES = (32, 64, 88, 155, 1024, 1729, 5187, 23456, 65536)

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


def rules_from(config: Mapping[str, Any]) -> Rules:
    """The deck rules from the ``daifugo`` config block."""
    return Rules(
        suits=config.get("suits", 4),
        jokers=config.get("jokers", 2),
        joker_zero=config.get("joker_zero", True),
        max_tower_depth=config.get("max_tower_depth", 3),
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


# --- numbers ------------------------------------------------------------------------------


def write_numbers_shard(out: PathLike, lo: int, hi: int, config: Mapping[str, Any]) -> None:
    """One shard of the numbers table, ``lo ≤ n ≤ hi``."""
    rules = rules_from(config)
    start = time.perf_counter()
    frame = numbers_frame(lo, hi, rules)
    seconds = time.perf_counter() - start
    log.info(
        "numbers %d..%d: %d rows in %.1f s (%.0f numbers/s, numba compile included)",
        lo,
        hi,
        len(frame),
        seconds,
        len(frame) / max(seconds, 1e-9),
    )
    write_table(
        frame,
        out,
        table="daifugo/numbers",
        variant=rules.variant,
        config={"lo": lo, "hi": hi, **dict(config)},
        schema=NUMBERS_SCHEMA,
    )


def merge_numbers(parts: Sequence[PathLike], out: PathLike, config: Mapping[str, Any]) -> None:
    """Concatenate the shards (in order) and check they cover 2..n_max exactly once."""
    concat_tables(sorted(parts, key=_shard_start), out, table="daifugo/numbers", config=config)
    numbers = read_table(out)["n"]
    expected = range(2, int(config["n_max"]) + 1)
    if len(numbers) != len(expected) or not (numbers.diff().dropna() == 1).all():
        raise DataError(f"numbers shards do not cover 2..{config['n_max']} exactly once")
    log.info("numbers table: %d rows", len(numbers))


def _shard_start(path: PathLike) -> int:
    return int(str(path).rsplit("/", 1)[-1].split("-")[0])


# --- layouts ------------------------------------------------------------------------------


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


def write_layouts(
    out: PathLike, numbers: PathLike, layouts_max: int, config: Mapping[str, Any]
) -> None:
    """The layouts table; also checks the numba kernel's columns against it."""
    rules = rules_from(config)
    frame = layouts_frame(2, layouts_max, rules)
    _check_kernel_against_layouts(read_table(numbers), frame, layouts_max)
    write_table(
        frame,
        out,
        table="daifugo/layouts",
        variant=rules.variant,
        inputs=[numbers],
        config={"layouts_max": layouts_max, **dict(config)},
        schema=LAYOUTS_SCHEMA,
    )
    log.info("layouts table: %d rows for composites up to %d", len(frame), layouts_max)


def _check_kernel_against_layouts(numbers: pd.DataFrame, layouts: pd.DataFrame, upto: int) -> None:
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


# --- z3 cross-check -----------------------------------------------------------------------


def z3_rows(numbers: Iterable[int], origin: str, rules: Rules) -> list[dict[str, Any]]:
    """For each composite ``n``: z3 at the enumerator's minimum, and one card below it."""
    from asobi.daifugo.z3check import find_layouts

    rows = []
    numbers = [n for n in numbers if n >= 4 and not is_prime(n)]
    for n in progress(numbers, total=len(numbers), desc=f"z3 {origin}", logger=log):
        layouts = composite_layouts(n, rules)
        keys = {(layout.text, layout.multiset) for layout in layouts}
        least = layouts[0].n_cards if layouts else None
        if least is None:
            found, below = find_layouts(n, [None], rules)[0], None
        else:
            found, below = find_layouts(n, [least, least - 1], rules)
        listed = found is not None and (found.expression_text, found.multiset) in keys
        agree = found is None if least is None else (listed and below is None)
        rows.append(
            {
                "n": n,
                "origin": origin,
                "enumerator_min_cards": least,
                "z3_at_min": "sat" if found is not None else "unsat",
                "z3_below_min": "skipped" if least is None else ("sat" if below else "unsat"),
                "z3_expression": found.expression_text if found else None,
                "z3_cards": list(found.multiset) if found else None,
                "z3_layout_listed": listed,
                "agree": agree,
            }
        )
    return rows


def write_z3_shard(
    out: PathLike, lo: int, hi: int, config: Mapping[str, Any], examples: bool = False
) -> None:
    """z3 cross-check rows for composites ``lo..hi`` (plus the article's examples if asked)."""
    rules = rules_from(config)
    rows = z3_rows(range(lo, hi + 1), "range", rules)
    if examples:
        rows += z3_rows(ARTICLE_COMPOSITES, "article_example", rules)
    frame = pd.DataFrame(rows, columns=Z3_SCHEMA.names)
    write_table(
        frame,
        out,
        table="daifugo/z3_crosscheck",
        variant=rules.variant,
        config={"lo": lo, "hi": hi, "examples": examples, **dict(config)},
        schema=Z3_SCHEMA,
    )


def merge_z3(parts: Sequence[PathLike], out: PathLike, config: Mapping[str, Any]) -> None:
    """Merge the z3 shards; any disagreement fails the run (after writing the table)."""
    concat_tables(
        sorted(parts, key=_shard_start), out, table="daifugo/z3_crosscheck", config=config
    )
    frame = read_table(out)
    bad = frame[~frame["agree"]]
    if len(bad):
        raise DataError(
            f"z3 and the enumerator disagree on {len(bad)} numbers, first: {bad.iloc[0].to_dict()}"
        )
    log.info("z3 cross-check: %d numbers, all agree", len(frame))


# --- Genocchi -----------------------------------------------------------------------------


def write_genocchi(out: PathLike, max_index: int) -> None:
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
    frame = pd.DataFrame(rows, columns=GENOCCHI_SCHEMA.names)
    write_table(
        frame,
        out,
        table="daifugo/genocchi",
        config={"genocchi_max": max_index},
        schema=GENOCCHI_SCHEMA,
    )
