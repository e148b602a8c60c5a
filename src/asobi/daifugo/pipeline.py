"""Workflow steps for 素数大富豪: the ``write_*`` functions the Snakemake scripts call.

Each step reads and writes files only (the scripts call them through
:func:`asobi.core.runlog.run_step`) and receives only the config keys it uses: ``rules`` is
the deck part of the ``daifugo`` block (``suits``, ``jokers``, ``joker_zero``,
``max_tower_depth``). A disagreement between independent methods (the numba kernel and the
plain enumerator; z3 and the enumerator) raises :class:`DataError`, which fails the run.
"""

from __future__ import annotations

import logging
import os
import time
from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from asobi.core.claims import write_claims as write_claim_rows
from asobi.core.errors import DataError
from asobi.core.tables import concat_tables, read_table, write_table
from asobi.daifugo.claims import GAME, example_claims, table_claims
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.tables import (
    GENOCCHI_SCHEMA,
    LAYOUTS_SCHEMA,
    NUMBERS_SCHEMA,
    Z3_SCHEMA,
    check_kernel_against_layouts,
    genocchi_frame,
    layouts_frame,
    numbers_frame,
    shard_start,
)
from asobi.daifugo.z3check import crosscheck_rows

log = logging.getLogger("asobi.daifugo")

PathLike = str | os.PathLike[str]

#: The article's worked examples (composites) that the z3 check covers beyond ``z3_max``.
ARTICLE_COMPOSITES = (32, 64, 88, 155, 1024, 1729, 5187, 23456, 65536)


def write_numbers_shard(out: PathLike, lo: int, hi: int, rules: Mapping[str, Any]) -> None:
    """One shard of the numbers table, ``lo ≤ n ≤ hi``."""
    deck = Rules.from_config(rules)
    start = time.perf_counter()
    frame = numbers_frame(lo, hi, deck)
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
        variant=deck.variant,
        config={"lo": lo, "hi": hi, **deck.variant},
        schema=NUMBERS_SCHEMA,
    )


def write_numbers(parts: Sequence[PathLike], out: PathLike, n_max: int) -> None:
    """Merge the numbers shards (in order) and check they cover 2..n_max exactly once."""
    concat_tables(
        parts,
        out,
        table="daifugo/numbers",
        config={"n_max": n_max},
        schema=NUMBERS_SCHEMA,
        shard_key=shard_start,
    )
    numbers = read_table(out)["n"]
    expected = range(2, int(n_max) + 1)
    if len(numbers) != len(expected) or not (numbers.diff().dropna() == 1).all():
        raise DataError(f"numbers shards do not cover 2..{n_max} exactly once")
    log.info("numbers table: %d rows", len(numbers))


def write_layouts(
    out: PathLike, numbers: PathLike, layouts_max: int, rules: Mapping[str, Any]
) -> None:
    """The layouts table; also checks the numba kernel's columns against it."""
    deck = Rules.from_config(rules)
    frame = layouts_frame(2, layouts_max, deck)
    check_kernel_against_layouts(read_table(numbers), frame, layouts_max)
    write_table(
        frame,
        out,
        table="daifugo/layouts",
        variant=deck.variant,
        inputs=[numbers],
        config={"layouts_max": layouts_max, **deck.variant},
        schema=LAYOUTS_SCHEMA,
    )
    log.info("layouts table: %d rows for composites up to %d", len(frame), layouts_max)


def write_z3_shard(
    out: PathLike, lo: int, hi: int, rules: Mapping[str, Any], examples: bool = False
) -> None:
    """z3 cross-check rows for composites ``lo..hi`` (plus the article's examples if asked)."""
    deck = Rules.from_config(rules)
    rows = crosscheck_rows(range(lo, hi + 1), "range", deck)
    if examples:
        rows += crosscheck_rows(ARTICLE_COMPOSITES, "article_example", deck)
    write_table(
        pd.DataFrame(rows, columns=Z3_SCHEMA.names),
        out,
        table="daifugo/z3_crosscheck",
        variant=deck.variant,
        config={"lo": lo, "hi": hi, "examples": examples, **deck.variant},
        schema=Z3_SCHEMA,
    )


def write_z3_crosscheck(parts: Sequence[PathLike], out: PathLike, z3_max: int) -> None:
    """Merge the z3 shards; any disagreement fails the run (after writing the table)."""
    concat_tables(
        parts,
        out,
        table="daifugo/z3_crosscheck",
        config={"z3_max": z3_max},
        schema=Z3_SCHEMA,
        shard_key=shard_start,
    )
    frame = read_table(out)
    bad = frame[~frame["agree"]]
    if len(bad):
        raise DataError(
            f"z3 and the enumerator disagree on {len(bad)} numbers, first: {bad.iloc[0].to_dict()}"
        )
    log.info("z3 cross-check: %d numbers, all agree", len(frame))


def write_genocchi(out: PathLike, max_index: int) -> None:
    """Primality of ``|G_{2n}|`` for every even index up to ``max_index``."""
    write_table(
        genocchi_frame(max_index),
        out,
        table="daifugo/genocchi",
        config={"genocchi_max": max_index},
        schema=GENOCCHI_SCHEMA,
    )


def write_claims(
    out: PathLike,
    numbers: PathLike,
    layouts: PathLike,
    z3: PathLike,
    genocchi: PathLike,
    rules: Mapping[str, Any],
    z3_max: int,
) -> None:
    """Compute every claim and write ``results/daifugo/claims.parquet``."""
    deck = Rules.from_config(rules)
    claims = example_claims(deck) + table_claims(
        read_table(numbers), read_table(z3), read_table(genocchi), deck, z3_max
    )
    write_claim_rows(
        claims,
        out,
        game=GAME,
        inputs=[numbers, layouts, z3, genocchi],
        config={"z3_max": z3_max, **deck.variant},
    )
