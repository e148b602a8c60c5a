"""Ranges of numbers cut into shards (one Snakemake job each).

A module of its own, importing nothing heavy: the workflow calls it while it is parsed, and
every cluster job parses the workflow twice.
"""

from __future__ import annotations

from typing import Any

from asobi.core.errors import ConfigError

#: At most this many shards (jobs) per sharded table: a tiny shard size must not make
#: Snakemake plan millions of jobs.
MAX_SHARDS = 1000


def number_ranges(
    n_max: int, shard_size: int, setting: str = "shard_size"
) -> list[tuple[int, int]]:
    """Inclusive ranges ``(lo, hi)`` covering ``2..n_max`` in shards of ``shard_size``;
    :class:`ConfigError` beyond :data:`MAX_SHARDS` shards, naming the config ``setting``
    that gave the shard size.

    >>> number_ranges(10, 4)
    [(2, 4), (5, 8), (9, 10)]
    """
    if shard_size < 1 or n_max // shard_size + 1 > MAX_SHARDS:
        raise ConfigError(
            f"{setting}: {n_max} numbers in shards of {shard_size} make more than {MAX_SHARDS} "
            f"jobs; use a shard size of at least {-(-n_max // (MAX_SHARDS - 1))}"
        )
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
