"""Rows and Arrow schemas of the shiritori tables (``results/shiritori/``,
docs/games/shiritori.md, "Tables").

* ``data_quality``: every fix made to the raw rows (see :mod:`asobi.shiritori.data`);
* ``words``: each clean word under each variant, its first and last unit, whether it ends in
  ン, the aliases it bans and its source lines;
* ``outcomes``: per variant and start word, the winner (``yokai``, ``human`` or
  ``unknown``), one principal line (for ``unknown``: the open line, where the search
  stopped) and the nodes searched;
* ``variant_summary``: per variant, counts of yokai wins, human wins, unknowns and nodes;
* ``variant_effect``: per start word, in how many variants the winner differs from the
  article's rules;
* ``proofs``: the certificates, one row per node (format: :mod:`asobi.shiritori.verify`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.shiritori.data import CleanList
from asobi.shiritori.shiritori import AXES, DEFAULT_RULES, LOSING_UNIT, Rules, Shiritori, bits

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

PROOFS_SCHEMA = pa.schema(
    [
        ("variant_id", pa.string()),
        ("start", pa.string()),
        ("node", pa.int64()),
        ("root", pa.bool_()),
        ("word", pa.string()),
        ("replies", pa.list_(pa.string())),
        ("next", pa.list_(pa.int64())),
        ("via", pa.list_(pa.string())),
    ]
)
#: Entries of ``next`` that are not node ids (see :mod:`asobi.shiritori.verify`).
ENDS_IN_N = -1
MIRROR = -2
INTERCHANGED = -3


def data_quality_frame(clean: CleanList) -> pd.DataFrame:
    """One row per fix made while cleaning the list."""
    return pd.DataFrame(
        [vars(fix) for fix in clean.fixes], columns=[f.name for f in DATA_QUALITY_SCHEMA]
    )


def word_rows(clean: CleanList, rules_list: Iterable[Rules]) -> list[dict[str, Any]]:
    """Every clean word under every variant of ``rules_list``."""
    rows = []
    for rules in rules_list:
        game = Shiritori(clean.lexicon, rules)
        for i, word in enumerate(game.words):
            rows.append(
                {
                    "variant_id": rules.variant_id,
                    **rules.as_dict(),
                    "word": word,
                    "first": game.first[i],
                    "last": game.last[i],
                    "ends_with_n": game.last[i] == LOSING_UNIT,
                    "bans": [game.words[j] for j in bits(game.bans[i] & ~(1 << i))],
                    "lines": list(clean.lines[word]),
                }
            )
    return rows


def outcome_row(rules: Rules, start: str, winner: str, line: Iterable[str], nodes: int) -> dict:
    """One row of ``outcomes``."""
    return {
        "variant_id": rules.variant_id,
        **rules.as_dict(),
        "start": start,
        "winner": winner,
        "line": list(line),
        "nodes": nodes,
    }


def summary_rows(outcomes: pd.DataFrame) -> list[dict[str, Any]]:
    """Per variant: start words, wins of each side, unknowns, nodes."""
    rows = []
    for variant, group in outcomes.groupby("variant_id", sort=True):
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
    return rows


def effect_rows(outcomes: pd.DataFrame) -> list[dict[str, Any]]:
    """Per start word: its winner under the article's rules and how the variants change it."""
    default = DEFAULT_RULES.variant_id
    rows = []
    for start, group in outcomes.groupby("start", sort=True):
        base = group.loc[group["variant_id"] == default, "winner"]
        base_winner = base.iloc[0] if len(base) else "unknown"
        decided = group[group["winner"] != "unknown"]
        changes = int((decided["winner"] != base_winner).sum()) if base_winner != "unknown" else 0
        rows.append(
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
    return rows
