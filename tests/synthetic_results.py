"""Small synthetic tables shaped like the games' tables, for the report, data package and
validation tests (``test_report*.py``).

The synthetic tables follow the schemas of the game issues (column names and types); their
values are made up (deterministic), since the point there is the publishing code.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from asobi.core.claims import Claim, Reading, Verdict, write_claims
from asobi.core.games import GAMES
from asobi.core.recheck import Recheck
from asobi.core.summary import merge_claims
from asobi.core.tables import write_table

INT_LIST = pa.list_(pa.int64())


def _readings(verdict: Verdict) -> tuple[Reading, ...]:
    """A ``depends`` claim's two readings (one confirms, one refutes); none otherwise."""
    if verdict is not Verdict.DEPENDS:
        return ()
    return (
        Reading("first", "synthetic yardstick one", "figures one", Verdict.CONFIRMED),
        Reading("second", "synthetic yardstick two", "figures two", Verdict.REFUTED),
    )


def _claims(results: Path, game: str, *tables: str) -> list[Claim]:
    """Two claims of ``game`` citing ``tables``; the first re-checks the first one's rows."""
    verdicts = list(Verdict)
    rows = pq.read_metadata(results / tables[0]).num_rows
    recheck = Recheck(f"SELECT count(*) AS rows FROM '{tables[0]}'", {"rows": rows})
    return [
        Claim(
            claim_id=f"{game}.synthetic_claim_{i}",
            game=game,
            source=f"synthetic article on {game}, section {i}",
            statement=f"Synthetic statement {i} about {game} <b>not bold</b>",
            formal=f"checked property {i}",
            verdict=verdicts[(i + len(game)) % len(verdicts)],
            evidence=f"evidence {i}",
            tables=tables,
            passage=f"synthetic passage {i} <i>quoted</i>",
            conditions=f"synthetic conditions {i}",
            recheck=recheck if i == 0 else None,
            readings=_readings(verdicts[(i + len(game)) % len(verdicts)]),
        )
        for i in range(2)
    ]


def _fivelines(results: Path) -> None:
    grundy = pd.DataFrame({"n": range(30), "grundy": range(30)})
    write_table(grundy, results / "fivelines/grundy.parquet", table="fivelines/grundy")
    rows = []
    for total in range(1, 9):
        for parts in _partitions(total):
            xor = int(np.bitwise_xor.reduce(parts))
            normal = "second" if xor == 0 else "first"
            all_ones = all(p == 1 for p in parts)
            misere = ("first" if xor == 0 else "second") if all_ones else normal
            rows.append(
                {
                    "rows": sorted(parts),
                    "total": total,
                    "xor": xor,
                    "normal_outcome": normal,
                    "misere_outcome": misere,
                    "normal_winning_moves": [],
                    "misere_winning_moves": [],
                }
            )
    rows.append(
        {
            "rows": [1, 2, 3, 4, 5],
            "total": 15,
            "xor": 1,
            "normal_outcome": "first",
            "misere_outcome": "first",
            "normal_winning_moves": [[1, 2, 3, 4, 4]],
            "misere_winning_moves": [[1, 2, 3, 4, 4]],
        }
    )
    schema = pa.schema(
        [
            ("rows", INT_LIST),
            ("total", pa.int64()),
            ("xor", pa.int64()),
            ("normal_outcome", pa.string()),
            ("misere_outcome", pa.string()),
            ("normal_winning_moves", pa.list_(INT_LIST)),
            ("misere_winning_moves", pa.list_(INT_LIST)),
        ]
    )
    write_table(
        pd.DataFrame(rows),
        results / "fivelines/positions.parquet",
        table="fivelines/positions",
        schema=schema,
    )
    write_claims(
        _claims(results, "fivelines", "fivelines/positions.parquet"),
        results / "fivelines/claims.parquet",
        game="fivelines",
    )


def _partitions(total: int, largest: int | None = None) -> list[list[int]]:
    largest = total if largest is None else largest
    if total == 0:
        return [[]]
    return [
        [first, *rest]
        for first in range(min(total, largest), 0, -1)
        for rest in _partitions(total - first, first)
    ]


def _chopsticks(results: Path) -> None:
    rows = []
    outcomes = ["first", "second", "draw"]
    for dies, overflow in itertools.product([5, 6], ["cutoff", "rollover"]):
        combos = [(False,) * 5] + [(True, *c) for c in itertools.product([False, True], repeat=4)]
        for index, switches in enumerate(combos):
            outcome = outcomes[(index + dies) % 3]
            rows.append(
                dict(
                    zip(["split", "revive", "fusion", "swap", "reaction"], switches, strict=True),
                    variant_id=f"dies{dies}_{overflow}_{index}",
                    hands_first=2,
                    hands_second=2,
                    dies_at=dies,
                    overflow=overflow,
                    start_outcome=outcome,
                    start_plies=None if outcome == "draw" else 7 + index,
                    n_positions=100,
                    n_first=40,
                    n_second=30,
                    n_draw=30,
                )
            )
    for hands_first, hands_second, dies in itertools.product([1, 2], [1, 2], [2, 3]):
        rows.append(
            dict(
                variant_id=f"simple_{hands_first}v{hands_second}_dies{dies}",
                hands_first=hands_first,
                hands_second=hands_second,
                dies_at=dies,
                overflow="cutoff",
                split=False,
                revive=False,
                fusion=False,
                swap=False,
                reaction=False,
                start_outcome="first",
                start_plies=3,
                n_positions=10,
                n_first=5,
                n_second=5,
                n_draw=0,
            )
        )
    int8 = pa.int8()
    schema = pa.schema(
        [
            ("variant_id", pa.string()),
            ("hands_first", int8),
            ("hands_second", int8),
            ("dies_at", int8),
            ("overflow", pa.string()),
            *[(name, pa.bool_()) for name in ("split", "revive", "fusion", "swap", "reaction")],
            ("start_outcome", pa.string()),
            ("start_plies", pa.int32()),
            *[(name, pa.int64()) for name in ("n_positions", "n_first", "n_second", "n_draw")],
        ]
    )
    frame = pd.DataFrame(rows)[schema.names]
    write_table(
        frame, results / "chopsticks/variants.parquet", table="chopsticks/variants", schema=schema
    )
    write_claims(
        _claims(results, "chopsticks", "chopsticks/variants.parquet"),
        results / "chopsticks/claims.parquet",
        game="chopsticks",
    )


def _contraposition(results: Path) -> None:
    solutions = pd.DataFrame(
        {
            "side": [2, 2, 3, 3],
            "protocol": ["basic", "12?", "basic", "12?"],
            "winner": ["white", "black", "black", "white"],
            "best_first_moves": [[0, 1], [3], [0, 5, 9], []],
            "best_first_move_cells": [[0, 1, 2, 4, 5, 6], [3], [0, 5, 9, 13, 18], []],
            "nodes": [10, 12, 10**6, 2 * 10**6],
            "solved": [True, True, True, False],
        }
    )
    schema = pa.schema(
        [
            ("side", pa.int64()),
            ("protocol", pa.string()),
            ("winner", pa.string()),
            ("best_first_moves", INT_LIST),
            ("best_first_move_cells", INT_LIST),
            ("nodes", pa.int64()),
            ("solved", pa.bool_()),
        ]
    )
    write_table(
        solutions,
        results / "contraposition/solutions.parquet",
        table="contraposition/solutions",
        schema=schema,
    )
    selfplay = pd.DataFrame(
        {
            "side": [4, 5],
            "protocol": ["basic", "basic"],
            "white_agent": ["GRAVE", "UCT"],
            "black_agent": ["UCT", "GRAVE"],
            "games": [20, 20],
            "white_wins": [12, 7],
            "white_win_rate_low95": [0.39, 0.17],
            "white_win_rate_high95": [0.78, 0.57],
        }
    )
    write_table(
        selfplay, results / "contraposition/selfplay.parquet", table="contraposition/selfplay"
    )
    write_claims(
        _claims(
            results,
            "contraposition",
            "contraposition/solutions.parquet",
            "contraposition/missing.parquet",
        ),
        results / "contraposition/claims.parquet",
        game="contraposition",
    )


def _daifugo(results: Path) -> None:
    n = np.arange(2, 3000)
    sieve = np.ones(3000, dtype=bool)
    sieve[:2] = False
    for p in range(2, 55):
        if sieve[p]:
            sieve[p * p :: p] = False
    is_prime = sieve[n]
    rng = np.random.default_rng(7)
    numbers = pd.DataFrame(
        {
            "n": n,
            "is_prime": is_prime,
            "special": pd.Series([None] * len(n), dtype="object"),
            "min_cards": (np.log10(n) + 1).astype(int),
            "playable_plain": is_prime & (rng.random(len(n)) < 0.9),
            "jokers_needed": np.zeros(len(n), dtype=int),
            "playable_composite": ~is_prime & (rng.random(len(n)) < 0.6),
            "playable_with_exponent": ~is_prime & (rng.random(len(n)) < 0.8),
        }
    )
    write_table(
        numbers,
        results / "daifugo/numbers.parquet",
        table="daifugo/numbers",
        schema=pa.schema(
            [
                ("n", pa.int64()),
                ("is_prime", pa.bool_()),
                ("special", pa.string()),
                ("min_cards", pa.int64()),
                ("playable_plain", pa.bool_()),
                ("jokers_needed", pa.int64()),
                ("playable_composite", pa.bool_()),
                ("playable_with_exponent", pa.bool_()),
            ]
        ),
    )
    write_claims(
        _claims(results, "daifugo", "daifugo/numbers.parquet"),
        results / "daifugo/claims.parquet",
        game="daifugo",
    )


SHIRITORI_WORDS = [
    "ロクロクビ",
    "ビシャガツク",
    "クツツラ",
    "ラプシヌプルクル",
    "ルルコシンプ",
    "アズキアライ",
    "アズキトギ",
    "イッタンモメン",
    "ギュウキ",
    "キジムナー",
    "ツチグモ",
    "モクモクレン",
    "ズンベラボウ",
    "ノッペラボウ",
    "ウミボウズ",
]


def _shiritori(results: Path) -> None:
    axes = dict(
        long_vowel="vowel", small_kana="enlarge", final_u="written", dakuten="strict", aliases="ban"
    )
    variants = [axes, {**axes, "dakuten": "free"}]
    words, outcomes = [], []
    for v, variant in enumerate(variants):
        variant_id = "__".join(f"{k}-{x}" for k, x in variant.items())
        for i, word in enumerate(SHIRITORI_WORDS):
            last = word[-1] if word[-1] != "ー" else "ア"
            words.append(
                {"variant_id": variant_id, **variant, "word": word, "first": word[0], "last": last}
            )
            winner = ["yokai", "human", "unknown"][(i + v) % 3]
            outcomes.append(
                {
                    "variant_id": variant_id,
                    **variant,
                    "start": word,
                    "winner": winner,
                    "line": [word, "ビシャガツク"],
                    "nodes": 5 + i,
                }
            )
    write_table(pd.DataFrame(words), results / "shiritori/words.parquet", table="shiritori/words")
    schema = pa.schema(
        [
            ("variant_id", pa.string()),
            *[(k, pa.string()) for k in axes],
            ("start", pa.string()),
            ("winner", pa.string()),
            ("line", pa.list_(pa.string())),
            ("nodes", pa.int64()),
        ]
    )
    write_table(
        pd.DataFrame(outcomes),
        results / "shiritori/outcomes.parquet",
        table="shiritori/outcomes",
        schema=schema,
    )
    write_claims(
        _claims(results, "shiritori", "shiritori/outcomes.parquet"),
        results / "shiritori/claims.parquet",
        game="shiritori",
    )


WRITERS = {
    "fivelines": _fivelines,
    "chopsticks": _chopsticks,
    "contraposition": _contraposition,
    "daifugo": _daifugo,
    "shiritori": _shiritori,
}


def write_synthetic_results(results: Path, games: tuple[str, ...] = GAMES) -> Path:
    """Synthetic tables of ``games`` and the merged claims under ``results``."""
    for game in games:
        WRITERS[game](results)
    merge_claims([results / f"{game}/claims.parquet" for game in games], results / "claims.parquet")
    return results
