"""Several shards of one step in one process: the local plan of the many-shard steps.

A sharded step (shiritori's start-word chunks, Contraposition's self-play batches and ladder
shards) is one Snakemake job per shard on a cluster, where each job runs on its own core. On
a 2-core machine most of those jobs are start-up: each starts Python and imports pandas,
numba and the game package (about 1 CPU s) to do a second or two of work. With the config
value ``shard_bundles`` > 0 the workflow deals the shards into that many bundles (:func:`deal`)
and runs each bundle as one job that computes its shards one after another, writing each
shard's file exactly as the shard's own job would (same function, same arguments), so the
gathered tables are the same (``tests/test_bundles.py``).
"""

from __future__ import annotations

import gc
import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

T = TypeVar("T")

log = logging.getLogger("asobi.bundles")


def deal(shards: Sequence[T], bundles: int) -> list[list[T]]:
    """``shards`` dealt into at most ``bundles`` lists (none empty) in snake order (bundle
    0, 1, …, n−1, then n−1, …, 0, and again), keeping their order within a bundle: when the
    list runs costliest first, or alternates costly and cheap shards (shiritori's variants
    alternate ``aliases-ban``, the dearer, and ``aliases-independent``), each bundle gets its
    share of both.

    >>> deal(["a", "b", "c", "d", "e"], 2)
    [['a', 'd', 'e'], ['b', 'c']]
    >>> deal(["a"], 3)
    [['a']]
    """
    if bundles < 1:
        raise ValueError(f"bundles must be at least 1, got {bundles}")
    count = min(bundles, len(shards))
    dealt: list[list[T]] = [[] for _ in range(count)]
    for index, shard in enumerate(shards):
        lap, place = divmod(index, count)
        dealt[place if lap % 2 == 0 else count - 1 - place].append(shard)
    return dealt


def run_shards(
    step: Callable[..., Any],
    shards: Sequence[Mapping[str, Any]],
    *,
    name: str,
    outputs: Sequence[str] = ("out",),
) -> int:
    """Call ``step(**kwargs)`` for each shard's keyword arguments, one after another (the
    folders of the files named by the ``outputs`` arguments made first; the shards'
    objects freed between two); the number of shards run."""
    for index, kwargs in enumerate(shards, 1):
        log.info("%s: shard %d of %d", name, index, len(shards))
        for key in outputs:
            Path(kwargs[key]).parent.mkdir(parents=True, exist_ok=True)
        step(**kwargs)
        gc.collect()
    return len(shards)
