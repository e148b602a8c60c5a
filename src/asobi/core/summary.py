"""Merge the games' claims and write the short text summary of a run."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from asobi.core.claims import CLAIM_COLUMNS, CLAIM_SCHEMA
from asobi.core.errors import DataError
from asobi.core.tables import read_table, write_table

log = logging.getLogger("asobi.summary")


def merge_claims(
    claims_paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    config: Mapping[str, Any] | None = None,
) -> Path:
    """Concatenate the games' claims tables into ``results/claims.parquet``."""
    paths = [Path(p) for p in claims_paths]
    frames = [read_table(p) for p in paths]
    for path, frame in zip(paths, frames, strict=True):
        missing = [name for name in CLAIM_COLUMNS if name not in frame.columns]
        if missing:
            raise DataError(
                f"{path} has no column {', '.join(missing)}: it was written by an older asobi; "
                "delete it and run again"
            )
        empty = [name for name in ("passage", "conditions") if frame[name].isna().any()]
        if empty:
            raise DataError(f"{path}: some claims have no {' and no '.join(empty)}")
    merged = (
        pd.concat(frames, ignore_index=True)
        if frames
        else pd.DataFrame(columns=list(CLAIM_COLUMNS))
    )
    duplicated = merged["claim_id"][merged["claim_id"].duplicated()].tolist()
    if duplicated:
        raise DataError(f"duplicate claim ids across games: {', '.join(duplicated)}")
    merged = merged.sort_values(["game", "claim_id"], kind="stable").reset_index(drop=True)
    log.info("merged %d claims from %d tables", len(merged), len(paths))
    return write_table(
        merged[list(CLAIM_COLUMNS)],
        out,
        table="claims",
        inputs=paths,
        config=config,
        schema=CLAIM_SCHEMA,
    )


def write_summary(claims_path: str | os.PathLike[str], out: str | os.PathLike[str]) -> Path:
    """A short plain-text summary: verdict counts per game, then one line per claim."""
    claims = read_table(claims_path)
    lines = ["asobi results summary", "=====================", ""]
    if claims.empty:
        lines.append("no claims were checked (no game enabled)")
    else:
        counts = claims.groupby(["game", "verdict"]).size().unstack(fill_value=0)
        lines += [counts.to_string(), ""]
        for row in claims.itertuples():
            lines.append(f"[{row.verdict}] {row.game} {row.claim_id}: {row.statement}")
            if isinstance(row.caveat, str):
                lines.append(f"    caveat: {row.caveat}")
            lines.append(f"    evidence: {row.evidence}")
            lines.append(f"    tables: {', '.join(row.tables)}")
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, target)
    return target
