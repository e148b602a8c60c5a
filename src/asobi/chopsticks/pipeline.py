"""The chopsticks steps the workflow scripts call: solve one shard, merge the shards.

Which rule sets a shard holds is decided in :mod:`asobi.chopsticks.rule_sets`; solving and
the rows are in :mod:`asobi.chopsticks.tables`; the claims step (:func:`write_claims`) runs
the builders of :mod:`asobi.chopsticks.claims`.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.chopsticks.claims import (
    BUILDERS,
    CLAIM_IDS,
    GAME,
    POSITIONS_TABLE,
    VARIANTS_TABLE,
)
from asobi.chopsticks.rule_sets import shard_rule_sets
from asobi.chopsticks.tables import POSITIONS_SCHEMA, VARIANTS_SCHEMA, solve_tables
from asobi.core.claims import claims_from_inputs
from asobi.core.claims import write_claims as write_claims_table
from asobi.core.runlog import progress
from asobi.core.tables import concat_tables, write_table

log = logging.getLogger("asobi.chopsticks")


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


def write_merged(
    *,
    variants: Iterable[str | os.PathLike[str]],
    positions: Iterable[str | os.PathLike[str]],
    out_variants: str | os.PathLike[str],
    out_positions: str | os.PathLike[str],
    config: Mapping[str, Any],
) -> None:
    """Concatenate the shards into the two final tables, in path order (``part000``, ...)."""
    for parts, out, table, schema in (
        (variants, out_variants, "chopsticks/variants", VARIANTS_SCHEMA),
        (positions, out_positions, "chopsticks/positions", POSITIONS_SCHEMA),
    ):
        paths = list(parts)
        concat_tables(paths, out, table=table, config=dict(config), schema=schema, shard_key=Path)
        log.info("%s: merged from %d shards", out, len(paths))


def write_claims(
    *,
    out: str | os.PathLike[str],
    variants: str | os.PathLike[str],
    positions: str | os.PathLike[str],
    lines: str | os.PathLike[str],
) -> Path:
    """``results/chopsticks/claims.parquet`` from the two result tables the claims rule
    declares (read from the files given, wherever they lie); ``lines`` (the article's
    transcribed lines of play, package data) is recorded as an input."""
    tables = {VARIANTS_TABLE: variants, POSITIONS_TABLE: positions}
    claims = claims_from_inputs(BUILDERS, tables, declared=CLAIM_IDS)
    for claim in claims:
        log.info("%s: %s", claim.claim_id, claim.verdict.value)
    return write_claims_table(claims, out, game=GAME, inputs=[variants, positions, lines])
