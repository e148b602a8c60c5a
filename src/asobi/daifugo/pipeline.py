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
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.claims import claims_from_inputs
from asobi.core.claims import write_claims as write_claim_rows
from asobi.core.errors import DataError
from asobi.core.shards import shard_start
from asobi.core.tables import concat_tables, read_table, write_table
from asobi.daifugo.claims import CLAIM_IDS, GAME, builders
from asobi.daifugo.claims.citations import (
    CUBE_SUMS,
    GENOCCHI,
    HAND_ODDS,
    LARGEST_PRIMES,
    NUMBERS,
    ORDINARY_ODDS,
    PRIME_TALLY,
    PRIMES,
    RULINGS,
    Z3,
)
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.rulings import (
    CUBE_SUMS_MAX,
    CUBE_SUMS_SCHEMA,
    RULINGS_SCHEMA,
    cube_sums_frame,
    rulings_frame,
)
from asobi.daifugo.tables import (
    GENOCCHI_SCHEMA,
    HAND_ODDS_SCHEMA,
    LAYOUTS_SCHEMA,
    NUMBERS_SCHEMA,
    ORDINARY_ODDS_SCHEMA,
    PRIME_TALLY_SCHEMA,
    PRIMES_SCHEMA,
    Z3_SCHEMA,
    PrimeTally,
    check_kernel_against_layouts,
    check_primes_against_numbers,
    counts_from_frame,
    genocchi_frame,
    hand_odds_frame,
    layouts_frame,
    merge_counts,
    numbers_frame,
    ordinary_odds_frame,
    primes_frame,
    tally_frame,
)
from asobi.daifugo.tally import (
    check_against_catalogue,
    check_prime_counts,
    tally_range,
)
from asobi.daifugo.z3check import crosscheck_rows

log = logging.getLogger("asobi.daifugo")

PathLike = str | os.PathLike[str]

#: The article's worked examples (composites) that the z3 check covers beyond ``z3_max``.
ARTICLE_COMPOSITES = (32, 64, 88, 155, 1024, 1729, 5187, 23456, 65536)
#: The primes table must agree with the numbers table on every prime below this.
PRIMES_CHECKED_BELOW = 10**6
#: Rows of the primes table tallied at a time.
TALLY_BATCH = 2_000_000


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


def write_primes_shard(out: PathLike, lo: int, hi: int, rules: Mapping[str, Any]) -> None:
    """One shard of the playable-prime catalogue: every prime ``lo ≤ p ≤ hi``."""
    deck = Rules.from_config(rules)
    start = time.process_time()
    frame = primes_frame(lo, hi, deck)
    log.info(
        "primes %d..%d: %d primes, %d playable, in %.1f CPU s",
        lo,
        hi,
        len(frame),
        int(frame["playable"].sum()),
        time.process_time() - start,
    )
    write_table(
        frame,
        out,
        table="daifugo/primes",
        variant=deck.variant,
        config={"lo": lo, "hi": hi, **deck.variant},
        schema=PRIMES_SCHEMA,
    )


def write_primes(
    parts: Sequence[PathLike], out: PathLike, numbers: PathLike, primes_max: int
) -> None:
    """Merge the primes shards; the numbers table must agree on every prime below
    min(10^6, primes_max) that it covers (it fails the run otherwise)."""
    concat_tables(
        parts,
        out,
        table="daifugo/primes",
        config={"primes_max": primes_max},
        schema=PRIMES_SCHEMA,
        shard_key=shard_start,
    )
    table = _columns(numbers, ["n", "is_prime", "min_cards", "jokers_needed", "playable_plain"])
    below = min(PRIMES_CHECKED_BELOW, primes_max, int(table["n"].max()) + 1)
    compared = check_primes_against_numbers(
        _columns(out, ["n", "min_cards", "jokers_needed", "playable"], below), table, below
    )
    log.info("the numbers table agrees on all %d primes below %d", compared, below)


def write_tally_shard(out: PathLike, lo: int, hi: int, rules: Mapping[str, Any]) -> None:
    """The prime tally of ``lo ≤ p ≤ hi`` by the counting path (no prime is stored)."""
    deck = Rules.from_config(rules)
    start = time.process_time()
    counts = tally_range(lo, hi + 1, deck)
    seconds = time.process_time() - start
    primes = int(counts.primes.sum())
    log.info(
        "tally %d..%d: %d primes, %d playable, in %.1f CPU s (%.1f M primes/s, compile included)",
        lo,
        hi,
        primes,
        int(counts.playable.sum()),
        seconds,
        primes / max(seconds, 1e-9) / 1e6,
    )
    write_table(
        tally_frame(counts),
        out,
        table="daifugo/prime_tally",
        variant=deck.variant,
        config={"lo": lo, "hi": hi, **deck.variant},
        schema=PRIME_TALLY_SCHEMA,
    )


def write_prime_tally(
    out: PathLike,
    shards: Sequence[PathLike],
    primes: PathLike,
    tally_max: int,
    primes_max: int,
) -> None:
    """Per digit count, every prime below ``tally_max``: primes, playable, Eden primes, those
    needing a joker, card counts. The counting path's shards are added up; the run fails
    unless they add up to π(10^k) and agree with the catalogue's own tally on every digit
    count the catalogue holds in full."""
    frame = tally_frame(merge_counts(counts_from_frame(read_table(part)) for part in shards))
    powers = check_prime_counts(frame, tally_max)
    catalogue = PrimeTally()
    columns = ["n", "digits", "min_cards", "jokers_needed", "playable"]
    for batch in pq.ParquetFile(primes).iter_batches(batch_size=TALLY_BATCH, columns=columns):
        catalogue.add(batch.to_pandas(types_mapper={pa.int64(): pd.Int64Dtype()}.get))
    agreed = check_against_catalogue(frame, catalogue.frame(), primes_max)
    log.info(
        "prime tally below %d: pi(10^k) holds for k = %s; the catalogue agrees on %s digits",
        tally_max,
        powers,
        agreed,
    )
    write_table(
        frame,
        out,
        table="daifugo/prime_tally",
        inputs=[primes, *shards],
        config={"tally_max": tally_max, "primes_max": primes_max},
        schema=PRIME_TALLY_SCHEMA,
    )
    log.info("prime tally: %s", frame[["digits", "primes", "eden"]].to_dict("records"))


def write_hand_odds(out: PathLike, hand_sizes: Sequence[int], rules: Mapping[str, Any]) -> None:
    """Exact odds that a dealt hand allows each revolution event (see :mod:`~.odds`)."""
    deck = Rules.from_config(rules)
    frame = hand_odds_frame(deck, list(hand_sizes))
    write_table(
        frame,
        out,
        table="daifugo/hand_odds",
        variant=deck.variant,
        config={"hand_sizes": list(hand_sizes), **deck.variant},
        schema=HAND_ODDS_SCHEMA,
    )


def write_ordinary_odds(out: PathLike, rules: Mapping[str, Any]) -> None:
    """The chance of four of a kind in an ordinary daifugō hand (the whole deck dealt to
    3, 4 or 5 players): the article's yardstick for a revolution that comes too often."""
    deck = Rules.from_config(rules)
    write_table(
        ordinary_odds_frame(deck),
        out,
        table="daifugo/ordinary_odds",
        variant=deck.variant,
        config=dict(deck.variant),
        schema=ORDINARY_ODDS_SCHEMA,
    )


def write_genocchi(out: PathLike, max_index: int) -> None:
    """Primality of ``|G_{2n}|`` for every even index up to ``max_index``."""
    write_table(
        genocchi_frame(max_index),
        out,
        table="daifugo/genocchi",
        config={"genocchi_max": max_index},
        schema=GENOCCHI_SCHEMA,
    )


def write_rulings(out: PathLike, rules: Mapping[str, Any]) -> None:
    """The engine's rulings on the plays the article's examples ask about (see
    :mod:`~.rulings`)."""
    deck = Rules.from_config(rules)
    frame = rulings_frame(deck)
    write_table(
        frame,
        out,
        table="daifugo/rulings",
        variant=deck.variant,
        config=deck.variant,
        schema=RULINGS_SCHEMA,
    )
    log.info("rulings: %s", frame["ruling"].value_counts().to_dict())


def write_cube_sums(out: PathLike) -> None:
    """Every sum of two positive cubes up to :data:`~.rulings.CUBE_SUMS_MAX`, one row per way."""
    frame = cube_sums_frame(CUBE_SUMS_MAX)
    write_table(
        frame,
        out,
        table="daifugo/cube_sums",
        config={"cube_sums_max": CUBE_SUMS_MAX},
        schema=CUBE_SUMS_SCHEMA,
    )
    log.info("cube sums up to %d: %d ways", CUBE_SUMS_MAX, len(frame))


def write_claims(
    out: PathLike,
    numbers: PathLike,
    z3: PathLike,
    genocchi: PathLike,
    hand_odds: PathLike,
    ordinary_odds: PathLike,
    largest_primes: PathLike,
    prime_tally: PathLike,
    primes: PathLike,
    rulings: PathLike,
    cube_sums: PathLike,
    rules: Mapping[str, Any],
) -> None:
    """Compute every claim and write ``results/daifugo/claims.parquet`` from the ten
    tables the claims rule declares (read from the files given, wherever they lie; the rule
    also waits for the largest primes' certificate check)."""
    deck = Rules.from_config(rules)
    tables = {
        NUMBERS: numbers,
        Z3: z3,
        GENOCCHI: genocchi,
        HAND_ODDS: hand_odds,
        ORDINARY_ODDS: ordinary_odds,
        LARGEST_PRIMES: largest_primes,
        PRIME_TALLY: prime_tally,
        PRIMES: primes,
        RULINGS: rulings,
        CUBE_SUMS: cube_sums,
    }
    claims = claims_from_inputs(builders(deck), tables, declared=CLAIM_IDS)
    for claim in claims:
        log.info(
            "%s: %s%s",
            claim.claim_id,
            claim.verdict.value,
            f" ({claim.caveat})" if claim.caveat else "",
        )
    inputs = [Path(path) for path in tables.values()]
    write_claim_rows(claims, out, game=GAME, inputs=inputs, config=deck.variant)


def _columns(path: PathLike, names: list[str], below: int | None = None) -> pd.DataFrame:
    """Some columns of a table (rows with ``n < below`` only, if given), nullable integers
    kept as pandas ``Int64``."""
    filters = None if below is None else [("n", "<", below)]
    table = pq.read_table(path, columns=names, filters=filters)
    return table.to_pandas(types_mapper={pa.int64(): pd.Int64Dtype()}.get)
