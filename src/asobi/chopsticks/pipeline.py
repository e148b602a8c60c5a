"""Pipeline steps for chopsticks: which rule sets to solve, shards, merging.

The config block ``chopsticks`` chooses the rule sets: the article's 68 (``article_rule_sets``)
and generalised simple chopsticks for every pair of hand counts in
``simple_hands_min..simple_hands_max``, every ``dies_at`` in ``simple_dies_min..simple_dies_max``
and every overflow in ``simple_overflows``. The list is ordered (article rule sets first) and
cut into shards of ``shard_size`` rule sets, named ``part000``, ``part001``, ...
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.chopsticks.chopsticks import Rules, article_rule_sets, simple_rule_sets
from asobi.chopsticks.tables import POSITIONS_SCHEMA, VARIANTS_SCHEMA, solve_tables
from asobi.core.config import validate_config
from asobi.core.errors import ConfigError
from asobi.core.runlog import progress
from asobi.core.tables import write_table

log = logging.getLogger("asobi.chopsticks")


def settings_of(config: Mapping[str, Any]) -> dict[str, Any]:
    """The ``chopsticks`` config block, validated, with the schema's defaults filled in."""
    return validate_config({"chopsticks": dict(config)})["chopsticks"]


def rule_sets(config: Mapping[str, Any]) -> list[Rules]:
    """Every rule set the config asks for, without duplicates, in a fixed order."""
    settings = settings_of(config)
    chosen: list[Rules] = list(article_rule_sets()) if settings["article_rule_sets"] else []
    hands = range(settings["simple_hands_min"], settings["simple_hands_max"] + 1)
    dies = range(settings["simple_dies_min"], settings["simple_dies_max"] + 1)
    chosen += simple_rule_sets(hands, dies, list(settings["simple_overflows"]))
    unique = {rules.variant_id: rules for rules in reversed(chosen)}
    ordered = list(dict.fromkeys(rules.variant_id for rules in chosen))
    if not ordered:
        raise ConfigError("chopsticks: the config selects no rule set")
    return [unique[variant] for variant in ordered]


def shard_names(config: Mapping[str, Any]) -> list[str]:
    """Names of the shards: ``part000`` ... (``shard_size`` rule sets each)."""
    size = int(settings_of(config)["shard_size"])
    count = -(-len(rule_sets(config)) // size)
    return [f"part{index:03d}" for index in range(count)]


def shard_rule_sets(config: Mapping[str, Any], shard: str) -> list[Rules]:
    """The rule sets of one shard."""
    if shard not in shard_names(config):
        raise ConfigError(f"chopsticks: unknown shard {shard!r}")
    size = int(settings_of(config)["shard_size"])
    index = int(shard.removeprefix("part"))
    return rule_sets(config)[index * size : (index + 1) * size]


def write_shard(
    *,
    shard: str,
    config: Mapping[str, Any],
    out_variants: str | os.PathLike[str],
    out_positions: str | os.PathLike[str],
) -> None:
    """Solve the rule sets of one shard; write its variants rows and positions."""
    chosen = shard_rule_sets(config, shard)
    rows, parts = [], []
    for rules in progress(chosen, total=len(chosen), desc=f"chopsticks {shard}", logger=log):
        row, positions = solve_tables(rules)
        log.info(
            "%s: %s in %s plies, %d positions",
            rules.variant_id,
            row["start_outcome"],
            row["start_plies"],
            row["n_positions"],
        )
        rows.append(row)
        parts.append(positions)
    variant = {"shard": shard, "variant_ids": [r.variant_id for r in chosen]}
    write_table(
        pd.DataFrame(rows, columns=VARIANTS_SCHEMA.names),
        out_variants,
        table="chopsticks/variants",
        variant=variant,
        config=dict(config),
        schema=VARIANTS_SCHEMA,
    )
    write_table(
        pa.concat_tables(parts),
        out_positions,
        table="chopsticks/positions",
        variant=variant,
        config=dict(config),
        schema=POSITIONS_SCHEMA,
    )


def merge_shards(
    *,
    variants: Iterable[str | os.PathLike[str]],
    positions: Iterable[str | os.PathLike[str]],
    out_variants: str | os.PathLike[str],
    out_positions: str | os.PathLike[str],
    config: Mapping[str, Any],
) -> None:
    """Concatenate the shards (in shard order) into the two final tables."""
    for parts, out, table, schema in (
        (variants, out_variants, "chopsticks/variants", VARIANTS_SCHEMA),
        (positions, out_positions, "chopsticks/positions", POSITIONS_SCHEMA),
    ):
        paths = sorted(Path(p) for p in parts)
        merged = pa.concat_tables([pq.read_table(p, schema=schema) for p in paths])
        merged = merged.replace_schema_metadata(None)
        write_table(merged, out, table=table, inputs=paths, config=dict(config), schema=schema)
        log.info("%s: %d rows from %d shards", out, merged.num_rows, len(paths))
