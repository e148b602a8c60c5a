"""The 五線 workflow steps (called by ``workflow/scripts/fivelines_*.py``): each ``write_*``
step writes one table of ``results/fivelines/`` (see :mod:`asobi.fivelines.tables`)."""

from __future__ import annotations

import logging
from pathlib import Path

import numpy as np

from asobi.core.claims import claims_from_inputs
from asobi.core.claims import write_claims as write_claims_table
from asobi.core.errors import DataError, InputError
from asobi.core.runlog import progress
from asobi.core.tables import concat_tables, write_table
from asobi.fivelines.claims import (
    BUILDERS,
    CLAIM_IDS,
    GAME,
    GRUNDY_TABLE,
    POSITIONS_TABLE,
    PROOFS_TABLE,
)
from asobi.fivelines.proofs import LEMMAS, prove
from asobi.fivelines.solver import row_grundy_values, solve_positions
from asobi.fivelines.tables import (
    GRUNDY_SCHEMA,
    POSITIONS_SCHEMA,
    PROOFS_SCHEMA,
    grundy_table,
    positions_table,
    proofs_table,
)

log = logging.getLogger("asobi.fivelines")


def _positive(name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise InputError(f"{name} must be a positive integer, got {value!r}")
    return value


def write_grundy(out: str, grundy_max: int) -> Path:
    """``results/fivelines/grundy.parquet``: brute-force Grundy value of every row length."""
    grundy_max = _positive("fivelines.grundy_max", grundy_max)
    log.info("Grundy values of rows 0..%d by brute force", grundy_max)
    values = row_grundy_values(grundy_max)
    mismatches = np.flatnonzero(values != np.arange(grundy_max + 1))
    log.info("grundy(n) == n for all n ≤ %d: %s", grundy_max, mismatches.size == 0)
    return write_table(
        grundy_table(values),
        out,
        table="fivelines/grundy",
        schema=GRUNDY_SCHEMA,
        config={"grundy_max": grundy_max},
    )


def write_positions(out: str, total_max: int) -> Path:
    """``results/fivelines/positions.parquet``: every position up to ``total_max`` sticks."""
    total_max = _positive("fivelines.total_max", total_max)
    log.info("solving every position with at most %d sticks (normal and misère)", total_max)
    solved = solve_positions(total_max)
    log.info("solved %d positions; building the table", solved.n_positions)
    return write_table(
        positions_table(solved),
        out,
        table="fivelines/positions",
        schema=POSITIONS_SCHEMA,
        config={"total_max": total_max},
    )


def write_proof(out: str, lemma: str, max_width: int, max_rows: int | None = None) -> Path:
    """One lemma's z3 proofs for widths 1..max_width (and, for lemma (b) ``zero_reachable``
    only, 1..max_rows rows)."""
    max_width = _positive("fivelines.proof_max_width", max_width)
    if lemma not in LEMMAS:
        raise InputError(f"unknown lemma {lemma!r}; known: {', '.join(LEMMAS)}")
    config: dict[str, object] = {"lemma": lemma, "proof_max_width": max_width}
    row_counts: list[int | None] = [None]
    if lemma == "zero_reachable":
        max_rows = _positive("fivelines.proof_max_rows", max_rows)
        row_counts = list(range(1, max_rows + 1))
        config["proof_max_rows"] = max_rows
    jobs = [(width, rows) for rows in row_counts for width in range(1, max_width + 1)]
    results = [
        prove(lemma, width, rows)
        for width, rows in progress(jobs, total=len(jobs), desc=f"z3 {lemma}", logger=log)
    ]
    log.info(
        "z3 %s: %d checks, %.1f s of solver time",
        lemma,
        len(results),
        sum(r.seconds for r in results),
    )
    failed = [r for r in results if r.status != "proved"]
    for r in failed:
        log.error(
            "lemma %s width %d rows %s: %s %s",
            r.lemma,
            r.width,
            r.rows,
            r.status,
            r.counterexample or "",
        )
    return write_table(
        proofs_table(results),
        out,
        table="fivelines/proofs",
        variant={"lemma": lemma},
        schema=PROOFS_SCHEMA,
        config=config,
    )


def write_proofs(parts: list[str], out: str) -> Path:
    """Gather the per-lemma proof tables into ``results/fivelines/proofs.parquet``."""
    if not parts:
        raise DataError("no proof tables to merge")
    return concat_tables(parts, out, table="fivelines/proofs", schema=PROOFS_SCHEMA)


def write_claims(out: str, grundy: str, positions: str, proofs: str) -> Path:
    """``results/fivelines/claims.parquet`` from the three result tables the claims rule
    declares (read from the files given, wherever they lie)."""
    inputs = [Path(grundy), Path(positions), Path(proofs)]
    tables = {GRUNDY_TABLE: grundy, POSITIONS_TABLE: positions, PROOFS_TABLE: proofs}
    claims = claims_from_inputs(BUILDERS, tables, declared=CLAIM_IDS)
    for claim in claims:
        log.info("%s: %s", claim.claim_id, claim.verdict.value)
    return write_claims_table(claims, out, game=GAME, inputs=inputs)
