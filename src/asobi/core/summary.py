"""Merge the games' claims and write the short text summary of a run."""

from __future__ import annotations

import logging
import os
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd

from asobi.core.claims import (
    CLAIM_COLUMNS,
    CLAIM_SCHEMA,
    READING_COLUMNS,
    READING_SCHEMA,
    check_headlines,
    readings_path_for,
)
from asobi.core.errors import DataError
from asobi.core.tables import read_table, write_table

log = logging.getLogger("asobi.summary")


def merge_claims(
    claims_paths: Iterable[str | os.PathLike[str]],
    out: str | os.PathLike[str],
    config: Mapping[str, Any] | None = None,
    *,
    readings_paths: Iterable[str | os.PathLike[str]] | None = None,
    readings_out: str | os.PathLike[str] | None = None,
) -> Path:
    """Concatenate the games' claims tables into ``results/claims.parquet`` and their
    readings into ``results/claim_readings.parquet`` (``readings_out``; by default beside
    ``out``, see :func:`~asobi.core.claims.readings_path_for`; the games' readings tables
    by default lie beside their claims tables).

    The merge refuses tables written by an older asobi, duplicate claim ids, and claims
    whose verdict is not their readings' headline (:func:`~asobi.core.claims.check_headlines`).
    """
    paths = [Path(p) for p in claims_paths]
    reading_paths = (
        [readings_path_for(p) for p in paths]
        if readings_paths is None
        else [Path(p) for p in readings_paths]
    )
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
    readings = _merged_readings(reading_paths)
    problems = check_headlines(merged, readings)
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        raise DataError(f"claims and readings disagree: {'; '.join(problems[:3])}{more}")
    order = {claim_id: index for index, claim_id in enumerate(merged["claim_id"])}
    readings = readings.sort_values(
        "claim_id", key=lambda ids: ids.map(order), kind="stable"
    ).reset_index(drop=True)
    log.info(
        "merged %d claims with %d readings from %d tables", len(merged), len(readings), len(paths)
    )
    write_table(
        readings[list(READING_COLUMNS)],
        readings_path_for(out) if readings_out is None else readings_out,
        table="claim_readings",
        inputs=reading_paths,
        config=config,
        schema=READING_SCHEMA,
    )
    return write_table(
        merged[list(CLAIM_COLUMNS)],
        out,
        table="claims",
        inputs=paths,
        config=config,
        schema=CLAIM_SCHEMA,
    )


def _merged_readings(paths: list[Path]) -> pd.DataFrame:
    """The games' readings tables, concatenated; a missing one or one without the columns
    is a :class:`DataError` naming it."""
    frames = []
    for path in paths:
        if not path.is_file():
            raise DataError(f"{path} is missing: the claims step writes it beside its claims")
        frame = read_table(path)
        missing = [name for name in READING_COLUMNS if name not in frame.columns]
        if missing:
            raise DataError(f"{path} has no column {', '.join(missing)}")
        frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=list(READING_COLUMNS))
    return pd.concat(frames, ignore_index=True)


def write_summary(
    claims_path: str | os.PathLike[str],
    out: str | os.PathLike[str],
    readings_path: str | os.PathLike[str] | None = None,
) -> Path:
    """A short plain-text summary: verdict counts per game, then one line per claim with
    its readings where it has more than the one ``as_stated`` (``readings_path``, by
    default beside the claims; a missing file lists none)."""
    claims = read_table(claims_path)
    readings_file = Path(readings_path or readings_path_for(claims_path))
    readings = read_table(readings_file) if readings_file.is_file() else None
    shown: dict[str, list[str]] = {}
    if readings is not None:
        for reading in readings.itertuples():
            shown.setdefault(reading.claim_id, []).append(
                f"    reading {reading.reading_id} [{reading.verdict}]: {reading.yardstick}: "
                f"{reading.figures}"
            )
        shown = {k: v for k, v in shown.items() if len(v) > 1 or "reading as_stated " not in v[0]}
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
            lines += shown.get(row.claim_id, [])
            lines.append(f"    tables: {', '.join(row.tables)}")
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    temporary = target.with_name(f".{target.name}.tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.replace(temporary, target)
    return target
