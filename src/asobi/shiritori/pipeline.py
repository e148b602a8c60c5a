"""Pipeline steps for yokai shiritori (called by ``workflow/scripts/shiritori_*.py``).

Tables (all under ``results/shiritori/``):

* ``data_quality.parquet``: every fix made to the raw rows (see :mod:`asobi.shiritori.data`).
* ``words.parquet``: each clean word under each of the 32 variants, with its first and last
  unit, whether it ends in ン, the aliases it bans and its source lines.
* ``outcomes.parquet``: per variant and start word, the winner (``yokai``, ``human`` or
  ``unknown``), one principal line and the nodes searched.
* ``variant_summary.parquet``: per variant, counts of yokai wins, human wins, unknowns, nodes.
* ``variant_effect.parquet``: per start word, in how many variants the winner differs from the
  article's rules.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.core.tables import read_table, sha256_file, write_table
from asobi.shiritori.compiled import DEFAULT_TABLE_BITS, StagedSolver
from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import (
    ALL_RULES,
    AXES,
    DEFAULT_RULES,
    LOSING_UNIT,
    Rules,
    ShiritoriGame,
)

log = logging.getLogger("asobi.shiritori")

AXIS_FIELDS = [(axis, pa.string()) for axis in AXES]
DATA_QUALITY_SCHEMA = pa.schema(
    [
        ("line", pa.int32()),
        ("kind", pa.string()),
        ("field", pa.string()),
        ("before", pa.string()),
        ("after", pa.string()),
        ("detail", pa.string()),
    ]
)
WORDS_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        *AXIS_FIELDS,
        ("word", pa.string()),
        ("first", pa.string()),
        ("last", pa.string()),
        ("ends_with_n", pa.bool_()),
        ("bans", pa.list_(pa.string())),
        ("lines", pa.list_(pa.int32())),
    ]
)
OUTCOMES_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        *AXIS_FIELDS,
        ("start", pa.string()),
        ("winner", pa.string()),
        ("line", pa.list_(pa.string())),
        ("nodes", pa.int64()),
    ]
)
SUMMARY_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        *AXIS_FIELDS,
        ("start_words", pa.int64()),
        ("yokai_wins", pa.int64()),
        ("human_wins", pa.int64()),
        ("unknown", pa.int64()),
        ("nodes_total", pa.int64()),
        ("nodes_max", pa.int64()),
    ]
)
EFFECT_SCHEMA = pa.schema(
    [
        ("start", pa.string()),
        ("default_winner", pa.string()),
        ("variants_decided", pa.int64()),
        ("yokai_wins", pa.int64()),
        ("human_wins", pa.int64()),
        ("unknown", pa.int64()),
        ("winner_changes", pa.int64()),
    ]
)


def selected_rules(variants: Sequence[str] = ()) -> list[Rules]:
    """The variants named by id, or all 32 when none is named (article's rules first)."""
    if not variants:
        return list(ALL_RULES)
    return [Rules.from_variant_id(v) for v in variants]


def _bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask``, ascending.

    >>> _bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


def check_vendored(tsv: str, sums: str, out: str) -> Path:
    """Stop with a clear message unless ``tsv`` has the sha256 recorded in ``sums``."""
    expected = None
    for line in Path(sums).read_text(encoding="utf-8").splitlines():
        parts = line.split()
        if len(parts) == 2 and Path(parts[1].lstrip("*")).name == Path(tsv).name:
            expected = parts[0].lower()
    if expected is None:
        raise DataError(f"{sums} has no checksum for {Path(tsv).name}")
    actual = sha256_file(tsv)
    if actual != expected:
        raise DataError(
            f"vendored yokai list {tsv} has sha256 {actual}, expected {expected}: "
            "the file was changed; restore it from resources/yokai/SOURCE.md's source"
        )
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f"{expected}  {Path(tsv).name}  OK\n", encoding="utf-8")
    log.info("vendored yokai list checksum OK (%s)", expected)
    return target


def write_words(tsv: str, words_out: str, quality_out: str, variants: Sequence[str] = ()) -> None:
    """``words.parquet`` (every word under every variant) and ``data_quality.parquet``."""
    clean = load_clean(tsv)
    fixes = pd.DataFrame(
        [vars(fix) for fix in clean.fixes], columns=[f.name for f in DATA_QUALITY_SCHEMA]
    )
    write_table(
        fixes, quality_out, table="shiritori/data_quality", inputs=[tsv], schema=DATA_QUALITY_SCHEMA
    )
    log.info("%d raw fixes recorded, %d clean words", len(fixes), len(clean.words))
    rows = []
    for rules in selected_rules(variants):
        game = ShiritoriGame(clean.lexicon, rules)
        for i, word in enumerate(game.words):
            rows.append(
                {
                    "variant_id": rules.variant_id,
                    **rules.as_dict(),
                    "word": word,
                    "first": game.first[i],
                    "last": game.last[i],
                    "ends_with_n": game.last[i] == LOSING_UNIT,
                    "bans": [game.words[j] for j in _bits(game.bans[i] & ~(1 << i))],
                    "lines": list(clean.lines[word]),
                }
            )
    write_table(
        pd.DataFrame(rows),
        words_out,
        table="shiritori/words",
        inputs=[tsv],
        config={"variants": list(variants)},
        schema=WORDS_SCHEMA,
    )


def solve_chunk(
    tsv: str,
    out: str,
    *,
    variant: str,
    chunk: int,
    chunks: int,
    node_budget: int,
    proof_budget: int = 0,
    compiled_budget: int = 0,
    compiled_table_bits: int = DEFAULT_TABLE_BITS,
    max_starts: int = 0,
) -> Path:
    """Solve the start words ``words[chunk::chunks]`` (the first ``max_starts`` if > 0).

    Words both Python searches leave ``unknown`` get ``compiled_budget`` more nodes of the
    compiled search (:mod:`asobi.shiritori.compiled`); its lines are checked by the rules.
    """
    rules = Rules.from_variant_id(variant)
    game = ShiritoriGame(load_clean(tsv).lexicon, rules)
    starts = list(game.words[: max_starts or None])[chunk::chunks]
    staged = StagedSolver(
        game,
        node_budget=node_budget,
        proof_budget=proof_budget,
        compiled_budget=compiled_budget,
        compiled_table_bits=compiled_table_bits,
        report=log.info,
    )
    solver = staged.solver
    rows = []
    for start in progress(
        starts, total=len(starts), desc=f"shiritori {variant} chunk {chunk}", logger=log
    ):
        result = staged.solve(start)
        rows.append(
            {
                "variant_id": variant,
                **rules.as_dict(),
                "start": start,
                "winner": result.winner,
                "line": list(result.line),
                "nodes": result.nodes,
            }
        )
    log.info(
        "%s chunk %d: %d starts, %d nodes, table %d entries",
        variant,
        chunk,
        len(starts),
        solver.nodes,
        len(solver.table),
    )
    config = {
        "node_budget": node_budget,
        "proof_budget": proof_budget,
        "compiled_budget": compiled_budget,
        "compiled_table_bits": compiled_table_bits,
        "chunk": chunk,
        "chunks": chunks,
        "max_starts": max_starts,
    }
    return write_table(
        pd.DataFrame(rows, columns=OUTCOMES_SCHEMA.names),
        out,
        table="shiritori/outcomes",
        variant=rules.as_dict(),
        inputs=[tsv],
        config=config,
        schema=OUTCOMES_SCHEMA,
    )


def merge_outcomes(parts: Sequence[str], out: str) -> Path:
    """Gather the solved chunks into ``outcomes.parquet`` (sorted by variant, start)."""
    frame = pd.concat([read_table(p) for p in parts], ignore_index=True)
    frame = frame.sort_values(["variant_id", "start"], kind="stable").reset_index(drop=True)
    return write_table(frame, out, table="shiritori/outcomes", inputs=parts, schema=OUTCOMES_SCHEMA)


def write_summaries(outcomes: str, summary_out: str, effect_out: str) -> None:
    """The per-variant summary and the per-start-word ``variant_effect`` table."""
    frame = read_table(outcomes)
    rows = []
    for variant, group in frame.groupby("variant_id", sort=True):
        axes = {axis: group[axis].iloc[0] for axis in AXES}
        counts = group["winner"].value_counts()
        rows.append(
            {
                "variant_id": variant,
                **axes,
                "start_words": len(group),
                "yokai_wins": int(counts.get("yokai", 0)),
                "human_wins": int(counts.get("human", 0)),
                "unknown": int(counts.get("unknown", 0)),
                "nodes_total": int(group["nodes"].sum()),
                "nodes_max": int(group["nodes"].max()),
            }
        )
    write_table(
        pd.DataFrame(rows),
        summary_out,
        table="shiritori/variant_summary",
        inputs=[outcomes],
        schema=SUMMARY_SCHEMA,
    )
    default = DEFAULT_RULES.variant_id
    effect = []
    for start, group in frame.groupby("start", sort=True):
        base = group.loc[group["variant_id"] == default, "winner"]
        base_winner = base.iloc[0] if len(base) else "unknown"
        decided = group[group["winner"] != "unknown"]
        changes = int((decided["winner"] != base_winner).sum()) if base_winner != "unknown" else 0
        effect.append(
            {
                "start": start,
                "default_winner": base_winner,
                "variants_decided": len(decided),
                "yokai_wins": int((group["winner"] == "yokai").sum()),
                "human_wins": int((group["winner"] == "human").sum()),
                "unknown": int((group["winner"] == "unknown").sum()),
                "winner_changes": changes,
            }
        )
    write_table(
        pd.DataFrame(effect),
        effect_out,
        table="shiritori/variant_effect",
        inputs=[outcomes],
        schema=EFFECT_SCHEMA,
    )


def write_claims_table(
    tsv: str, outcomes: str, effect: str, out: str, config: dict[str, Any] | None = None
) -> Path:
    """Check the article's claims against the data and the solved outcomes."""
    from asobi.core.claims import write_claims
    from asobi.shiritori.claims import article_claims

    claims = article_claims(load_clean(tsv), read_table(outcomes), read_table(effect))
    return write_claims(
        claims, out, game="shiritori", inputs=[tsv, outcomes, effect], config=config
    )
