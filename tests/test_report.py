"""The audit report page, its figures and the summaries they draw, on the small synthetic
tables of :mod:`synthetic_results`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from synthetic_results import write_synthetic_results

from asobi.cli import main
from asobi.core.tables import write_table
from asobi.report import figures, summaries
from asobi.report.datapackage import write_package
from asobi.report.report import build_report


@pytest.fixture
def results(tmp_path: Path) -> Path:
    return write_synthetic_results(tmp_path / "results")


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


# --- summaries -------------------------------------------------------------------------------


def test_chopsticks_matrix_has_17_rule_rows_and_4_columns(results: Path) -> None:
    variants = pq.read_table(results / "chopsticks/variants.parquet").to_pandas()
    matrix = summaries.chopsticks_matrix(variants)
    assert matrix.shape == (17, 4)
    assert matrix.index[0] == "attacks only (no split)"
    assert matrix.notna().all().all()


def test_daifugo_by_digits_counts_every_number(results: Path) -> None:
    numbers = pq.read_table(results / "daifugo/numbers.parquet").to_pandas()
    table = summaries.daifugo_by_digits(numbers)
    assert list(table["digits"]) == [1, 2, 3, 4]
    assert (table["primes"] + table["composites"]).sum() == len(numbers)
    assert table.loc[0, "primes"] == 4  # 2, 3, 5, 7


def test_fivelines_by_total_counts_partitions(results: Path) -> None:
    positions = pq.read_table(results / "fivelines/positions.parquet").to_pandas()
    table = summaries.fivelines_by_total(positions).set_index("total")
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
