"""The five-lines claims' ids and citations: every claim's source, the short verbatim passage
that locates it and its conditions in our words (:data:`CITATIONS`, keys :data:`CLAIM_IDS`),
and :func:`cited`, which builds a claim from its citation; the result tables the claims cite,
and the positions table as arrays (:func:`read_positions`), which both
:mod:`asobi.fivelines.claims` and :mod:`asobi.fivelines.misere_claims` read.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np
import pyarrow as pa
import pyarrow.compute as pc

from asobi.core.claims import Claim, ResultTables
from asobi.core.errors import DataError
from asobi.core.sources import Citation

ARTICLE = "「五線の必勝法」"
GAME = "fivelines"
POSITIONS_TABLE = "fivelines/positions.parquet"
GRUNDY_TABLE = "fivelines/grundy.parquet"
PROOFS_TABLE = "fivelines/proofs.parquet"
POSITION_COLUMNS = ["rows", "total", "xor", "normal_outcome", "misere_outcome"]

OURS = f"(ours), derived from {ARTICLE}"
"""How an (ours) claim names its source: our finding, derived from the article's section
(whose sentence is the passage, checked against the article's text like any other)."""


CITATIONS: dict[str, Citation] = {
    "fivelines.xor_theorem": Citation(
        f"{ARTICLE}, 定理 and 証明",
        "五線は、次の場合、後手必勝である。",
        "normal play (whoever erases the last stick wins); any rows a_1..a_n; a turn erases "
        "adjacent sticks of one row (the article's operation F: b -> c, d with c + d < b)",
    ),
    "fivelines.row_is_nim_heap": Citation(
        f"{OURS}, 操作 F and 定理",
        "2つの0以上の整数 $c,d$ を $c+d<b$ となるように選ぶ",
        "our finding, not stated in the article: the Sprague-Grundy value of one row under "
        "the article's operation F, normal play",
    ),
    "fivelines.winning_move_from_one_end": Citation(
        f"{ARTICLE}, 証明 (それ以外の場合、先手必勝)",
        "$a$ を $b,0$ にする操作を行えば",
        "normal play; whenever the theorem's condition fails, the player to move wins by "
        "shortening one row from an end (a -> b, 0), the move the proof builds",
    ),
    "fivelines.pyramid_first_player_wins": Citation(
        f"{OURS}, ルール (the pyramid start) and 定理",
        "「1列目に縦棒1本。2列目に2本。・・・5列目に5本。」",
        "our finding: the article names the pyramid 1-2-3-4-5 as the most common start but "
        "does not say who wins it; normal play, as in its theorem",
    ),
    "fivelines.misere_almost_same": Citation(
        f"{ARTICLE}, closing remark (最後の棒を消した人が負けとするルール)",
        "必勝法は、上に示した証明とほぼ同じで考えることができる",
        "misère play (whoever erases the last stick loses); 'almost the same' has no measure: "
        "read three ways, the misère-Nim rule (the XOR rule, except when no row is longer "
        "than 1), the same outcome wherever a row is longer than 1, the same winning moves "
        "wherever two or more rows are",
    ),
}


CLAIM_IDS = tuple(CITATIONS)


@dataclass(frozen=True)
class Positions:
    """The positions table as arrays (it has millions of rows)."""

    data: dict[str, np.ndarray]

    @property
    def n_positions(self) -> int:
        return len(self.data["total"])

    @property
    def total_max(self) -> int:
        return int(self.data["total"].max())


def read_positions(tables: ResultTables) -> Positions:
    """The positions table's columns the claims need (``DataError`` when it is empty)."""
    data = position_arrays(tables.read_arrow(POSITIONS_TABLE, columns=POSITION_COLUMNS))
    if len(data["total"]) == 0:
        raise DataError(f"results/{POSITIONS_TABLE} has no positions")
    return Positions(data)


def cited(claim_id: str, **fields: Any) -> Claim:
    """The claim ``claim_id`` built from its citation in :data:`CITATIONS` (``fields`` are
    those of :meth:`~asobi.core.claims.Claim.cited`)."""
    return Claim.cited(claim_id, GAME, CITATIONS[claim_id], **fields)


def rows_text(rows: list[int]) -> str:
    return "-".join(map(str, rows)) if rows else "(empty)"


def position_arrays(table: pa.Table) -> dict[str, np.ndarray]:
    rows = table.column("rows").combine_chunks()
    lengths = pc.list_value_length(rows).to_numpy(zero_copy_only=False)
    flat = pc.list_flatten(rows).to_numpy()
    parents = pc.list_parent_indices(rows).to_numpy()
    largest = np.zeros(len(table), dtype=np.int64)
    np.maximum.at(largest, parents, flat)
    return {
        "rows": rows,
        "lengths": lengths,
        "largest": largest,
        "total": table.column("total").to_numpy(),
        "xor": table.column("xor").to_numpy(),
        "normal_first": (table.column("normal_outcome").to_numpy(zero_copy_only=False) == "first"),
        "misere_first": (table.column("misere_outcome").to_numpy(zero_copy_only=False) == "first"),
    }


def first_mismatch(data: dict[str, np.ndarray], mask: np.ndarray) -> str:
    index = int(np.flatnonzero(mask)[0])
    return rows_text(data["rows"][index].as_py())
