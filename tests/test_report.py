"""Report, data package and validation, on small synthetic tables shaped like the games' tables.

The synthetic tables follow the schemas of the game issues (column names and types); their
values are made up (deterministic), since the point here is the publishing code.
"""

from __future__ import annotations

import itertools
import json
import shutil
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from asobi.cli import main
from asobi.core.claims import Claim, Verdict, write_claims
from asobi.core.summary import merge_claims
from asobi.core.tables import sha256_file, write_table
from asobi.report import figures
from asobi.report.datapackage import build_package, dataset_card, write_package
from asobi.report.report import build_report
from asobi.report.validate import validate_results

ALL_GAMES = ("fivelines", "chopsticks", "contraposition", "daifugo", "shiritori")
INT_LIST = pa.list_(pa.int64())


def _claims(game: str, *tables: str) -> list[Claim]:
    verdicts = list(Verdict)
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
        _claims("fivelines", "fivelines/positions.parquet"),
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
        _claims("chopsticks", "chopsticks/variants.parquet"),
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
            "contraposition", "contraposition/solutions.parquet", "contraposition/missing.parquet"
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
        _claims("daifugo", "daifugo/numbers.parquet"),
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
        _claims("shiritori", "shiritori/outcomes.parquet"),
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


def write_synthetic_results(results: Path, games: tuple[str, ...] = ALL_GAMES) -> Path:
    """Synthetic tables of ``games`` and the merged claims under ``results``."""
    for game in games:
        WRITERS[game](results)
    merge_claims([results / f"{game}/claims.parquet" for game in games], results / "claims.parquet")
    return results


@pytest.fixture
def results(tmp_path: Path) -> Path:
    return write_synthetic_results(tmp_path / "results")


# --- data package ----------------------------------------------------------------------------


def test_datapackage_describes_every_table(results: Path) -> None:
    package = build_package(results)
    paths = sorted(p.relative_to(results).as_posix() for p in results.rglob("*.parquet"))
    resources = {r["path"]: r for r in package["resources"]}
    assert sorted(resources) == paths
    variants = resources["chopsticks/variants.parquet"]
    assert variants["rows"] == 68 + 8
    assert variants["hash"] == "sha256:" + sha256_file(results / "chopsticks/variants.parquet")
    assert variants["file_bytes"] == (results / "chopsticks/variants.parquet").stat().st_size
    assert "bytes" not in variants  # frictionless cannot check it on Parquet (see the card)
    assert variants["description"].startswith("One rule set")
    assert variants["variants"].startswith("76 distinct `variant_id`: ")
    fields = {f["name"]: f for f in variants["schema"]["fields"]}
    assert fields["start_outcome"]["type"] == "string"
    assert fields["start_plies"]["type"] == "integer"
    assert "start position" in fields["start_outcome"]["description"]
    positions = {f["name"]: f for f in resources["fivelines/positions.parquet"]["schema"]["fields"]}
    assert positions["rows"]["type"] == "any"  # frictionless reads Parquet lists as numpy arrays
    assert positions["rows"]["arrow_type"] == "list<element: int64>"
    assert variants["asobi"]["table"] == "chopsticks/variants"
    assert len({r["name"] for r in package["resources"]}) == len(paths)


def test_datapackage_licences_yokai_tables_cc_by_sa(results: Path) -> None:
    resources = {r["path"]: r for r in build_package(results)["resources"]}
    licence = {path: r["licenses"][0]["name"] for path, r in resources.items()}
    assert licence["shiritori/outcomes.parquet"] == "CC-BY-SA-4.0"
    assert licence["shiritori/words.parquet"] == "CC-BY-SA-4.0"
    # The merged claims carry shiritori rows: share-alike applies to the whole table.
    assert licence["claims.parquet"] == "CC-BY-SA-4.0"
    assert licence["daifugo/numbers.parquet"] == "MIT"
    assert licence["chopsticks/claims.parquet"] == "MIT"
    sources = " ".join(s["title"] for s in resources["shiritori/words.parquet"]["sources"])
    assert "日本の妖怪一覧" in sources and "ようかいしりとり" in sources


def test_merged_claims_without_shiritori_keep_project_licence(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("daifugo",))
    resources = {r["path"]: r for r in build_package(results)["resources"]}
    assert resources["claims.parquet"]["licenses"][0]["name"] == "MIT"


def test_datapackage_is_deterministic(results: Path, tmp_path: Path) -> None:
    first = write_package(results, tmp_path / "a.json").read_bytes()
    second = write_package(results, tmp_path / "b.json").read_bytes()
    assert first == second
    assert json.loads(first)["resources"]


def test_dataset_card_lists_tables_and_licences(results: Path) -> None:
    card = dataset_card(build_package(results))
    assert "CC BY-SA 4.0" in card or "CC-BY-SA-4.0" in card
    assert "`chopsticks/variants.parquet`" in card
    assert "| `start_outcome` | string" in card


# --- validation ------------------------------------------------------------------------------


def _published(results: Path) -> Path:
    write_package(results)
    return results


def test_validate_passes_on_a_fresh_package(results: Path, capsys) -> None:
    _published(results)
    assert validate_results(results) == []
    assert main(["validate", str(results)]) == 0
    assert "every table matches" in capsys.readouterr().out


def test_validate_names_a_truncated_table(results: Path, capsys) -> None:
    _published(results)
    victim = results / "daifugo/numbers.parquet"
    victim.write_bytes(victim.read_bytes()[: victim.stat().st_size // 2])
    assert main(["validate", str(results)]) == 2
    err = capsys.readouterr().err
    assert str(victim) in err
    assert "bytes" in err and "sha256" in err and "cannot be read as Parquet" in err


def test_validate_names_a_corrupted_table(results: Path) -> None:
    _published(results)
    victim = results / "shiritori/outcomes.parquet"
    data = bytearray(victim.read_bytes())
    data[len(data) // 3] ^= 0xFF
    victim.write_bytes(bytes(data))
    problems = validate_results(results)
    assert problems and all(str(victim) in p for p in problems)
    assert any("sha256" in p for p in problems)


def test_validate_detects_rows_schema_missing_and_extra_tables(results: Path) -> None:
    _published(results)
    grundy = results / "fivelines/grundy.parquet"
    write_table(pd.DataFrame({"n": range(5), "grundy": range(5)}), grundy, table="fivelines/grundy")
    selfplay = results / "contraposition/selfplay.parquet"
    frame = pq.read_table(selfplay).to_pandas().rename(columns={"games": "matches"})
    write_table(frame, selfplay, table="contraposition/selfplay")
    (results / "daifugo/numbers.parquet").unlink()
    shutil.copy(results / "claims.parquet", results / "stray.parquet")
    problems = "\n".join(validate_results(results))
    assert f"{grundy}: 5 rows, the package says 30" in problems
    assert f"{selfplay}: columns" in problems
    assert "daifugo/numbers.parquet: missing" in problems
    assert "stray.parquet: table not described in the package" in problems


def _edit_package(results: Path, edit) -> None:  # type: ignore[no-untyped-def]
    path = results / "datapackage.json"
    package = json.loads(path.read_text("utf-8"))
    edit(package["resources"])
    path.write_text(json.dumps(package), encoding="utf-8")


def _resource(resources: list, table: str) -> dict:
    return next(r for r in resources if r["path"] == table)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (
            lambda rs: rs.append({**rs[0], "path": "../outside.parquet"}),
            "path '../outside.parquet' is outside the results folder",
        ),
        (
            lambda rs: rs.append({**rs[0], "path": "/etc/hostname"}),
            "path '/etc/hostname' is outside the results folder",
        ),
        (
            lambda rs: _resource(rs, "shiritori/outcomes.parquet").update(
                licenses=[{"name": "CC0-1.0", "title": "CC0 1.0"}]
            ),
            "shiritori/outcomes.parquet: licenses is [{'name': 'CC0-1.0'",
        ),
        (
            lambda rs: _resource(rs, "fivelines/grundy.parquet")["schema"]["fields"][0].update(
                type="string"
            ),
            "column 'n' is 'string' (Arrow int64) in the package, 'integer' (Arrow int64)",
        ),
        (lambda rs: rs.append(dict(rs[0])), "described twice in the package"),
        (lambda rs: rs.append("fivelines/grundy.parquet"), "is a str, not an object"),
        (
            lambda rs: _resource(rs, "fivelines/grundy.parquet")["schema"].update(fields=[None]),
            "fivelines/grundy.parquet: the package's schema has no list of field objects",
        ),
        (lambda rs: rs[0].update(path=None), "has no path"),
    ],
    ids=["parent", "absolute", "licence", "field-type", "duplicate", "string", "null", "no-path"],
)
def test_validate_reports_each_edit_of_the_package_in_one_line(
    results: Path, capsys, edit, message
) -> None:
    _published(results)
    _edit_package(results, edit)
    problems = validate_results(results, reference=False)
    assert any(message in problem for problem in problems), problems
    assert main(["validate", str(results)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_validate_without_package_is_one_line_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("asobi: error: data package not found") and "\n" not in err


def test_validate_missing_folder_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["validate", str(tmp_path / "nope")]) == 2
    assert "does not exist" in capsys.readouterr().err


def test_validate_malformed_package(tmp_path: Path, capsys) -> None:
    (tmp_path / "datapackage.json").write_text("{not json", encoding="utf-8")
    assert main(["validate", str(tmp_path)]) == 2
    assert "not valid JSON" in capsys.readouterr().err


# --- report ----------------------------------------------------------------------------------


def test_report_has_every_claim_figure_and_table(results: Path) -> None:
    package = write_package(results)
    page = build_report(results, results / "report/index.html", package)
    html = page.read_text(encoding="utf-8")
    claims = pq.read_table(results / "claims.parquet").to_pandas()
    for claim_id in claims["claim_id"]:
        assert f'id="{claim_id}"' in html
    assert "&lt;b&gt;not bold&lt;/b&gt;" in html  # claim text is escaped
    for stem in [
        "fivelines_misere",
        "chopsticks_variants",
        "contraposition_boards",
        "contraposition_selfplay",
        "daifugo_playable",
        "shiritori_graph",
    ]:
        png = results / "report/figures" / f"{stem}.png"
        assert png.is_file() and png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
        assert f'src="figures/{stem}.png"' in html
    assert "The pyramid 1-2-3-4-5" in html
    assert "Start outcome of the 2-hand rule sets" in html
    assert "Outcomes per variant" in html
    assert 'href="../datapackage.json"' in html
    assert 'href="../chopsticks/variants.parquet"' in html
    # A claim naming two tables links the one that exists and names the other.
    assert (
        '<a href="../contraposition/solutions.parquet">contraposition/solutions.parquet</a>, '
        "contraposition/missing.parquet" in html
    )
    assert "not drawn" not in html


def test_report_draws_only_the_games_that_exist(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("daifugo",))
    html = build_report(results, results / "report/index.html").read_text(encoding="utf-8")
    assert 'id="daifugo"' in html
    for game in ("fivelines", "chopsticks", "contraposition", "shiritori"):
        assert f'<h2 id="{game}">' not in html
    assert sorted(p.name for p in (results / "report/figures").iterdir()) == [
        "daifugo_playable.png"
    ]


def test_report_on_empty_results(tmp_path: Path) -> None:
    html = build_report(tmp_path, tmp_path / "report/index.html").read_text(encoding="utf-8")
    assert "No claims table was found" in html


def test_report_says_which_column_is_missing(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("contraposition", "daifugo"))
    numbers = results / "daifugo/numbers.parquet"
    frame = pq.read_table(numbers).to_pandas().drop(columns=["playable_with_exponent"])
    write_table(frame, numbers, table="daifugo/numbers")
    html = build_report(results, results / "report/index.html").read_text(encoding="utf-8")
    assert "figure daifugo_playable not drawn" in html
    assert "playable_with_exponent" in html
    assert 'src="figures/contraposition_boards.png"' in html


def test_report_cli_builds_package_card_and_page(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("contraposition",))
    assert main(["report", "datapackage", str(results)]) == 0
    assert main(["report", "card", str(results)]) == 0
    assert main(["report", "build", str(results)]) == 0
    assert (results / "datapackage.json").is_file()
    assert (results / "DATASET.md").read_text(encoding="utf-8").startswith("# asobi")
    assert (results / "report/index.html").is_file()


def test_report_cli_bad_folder_exit_2(tmp_path: Path, capsys) -> None:
    assert main(["report", "build", str(tmp_path / "missing")]) == 2
    assert "asobi: error:" in capsys.readouterr().err


# --- figures ---------------------------------------------------------------------------------


@pytest.mark.parametrize("side", [1, 2, 3, 5, 7])
def test_hex_board_has_3s_s_minus_1_plus_1_cells(side: int) -> None:
    cells = figures.hex_cells(side)
    assert len(cells) == len(set(cells)) == 3 * side * (side - 1) + 1
    assert all(max(abs(q), abs(r), abs(q + r)) < side for q, r in cells)


def test_parse_cells_reads_indices_and_axial_pairs() -> None:
    cells, unread = figures.parse_cells(np.array([0, 18]), 3)
    assert cells == [(0, -2), (0, 2)] and unread == []
    assert figures.parse_cells("(0, 0);2,-2", 3) == ([(0, 0), (2, -2)], [])
    assert figures.parse_cells(None, 3) == ([], [])


def test_chopsticks_matrix_has_17_rule_rows_and_4_columns(results: Path) -> None:
    variants = pq.read_table(results / "chopsticks/variants.parquet").to_pandas()
    matrix = figures.chopsticks_matrix(variants)
    assert matrix.shape == (17, 4)
    assert matrix.index[0] == "attacks only (no split)"
    assert matrix.notna().all().all()


def test_daifugo_by_digits_counts_every_number(results: Path) -> None:
    numbers = pq.read_table(results / "daifugo/numbers.parquet").to_pandas()
    table = figures.daifugo_by_digits(numbers)
    assert list(table["digits"]) == [1, 2, 3, 4]
    assert (table["primes"] + table["composites"]).sum() == len(numbers)
    assert table.loc[0, "primes"] == 4  # 2, 3, 5, 7


def test_fivelines_by_total_counts_partitions(results: Path) -> None:
    positions = pq.read_table(results / "fivelines/positions.parquet").to_pandas()
    table = figures.fivelines_by_total(positions).set_index("total")
    assert table.loc[8, "positions"] == 22  # partitions of 8


def test_report_config_block_defaults_and_bad_values() -> None:
    from asobi.core.config import validate_config
    from asobi.core.errors import ConfigError

    config = validate_config({})
    assert config["report"] == {
        "enabled": True,
        "screenshot": "auto",
        "screenshot_width": 1280,
        "screenshot_height": 2400,
    }
    with pytest.raises(ConfigError, match="report.screenshot"):
        validate_config({"report": {"screenshot": "maybe"}})
    with pytest.raises(ConfigError, match="unknown config key 'report.colour'"):
        validate_config({"report": {"colour": "red"}})
