"""The audit report page, its figures and the summaries they draw, on the small synthetic
tables of :mod:`synthetic_results`."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow.parquet as pq
import pytest
from markupsafe import escape
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
    # each claim shows its passage and, beside its verdict, the conditions it was judged under
    assert '<q class="passage">synthetic passage 0 &lt;i&gt;quoted&lt;/i&gt;</q>' in html
    assert '<span class="conditions">under: synthetic conditions 1</span>' in html
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
    # A claim with a recheck query shows it under its row, ready to copy; the others do not.
    queries = claims["recheck_sql"].dropna()
    assert len(queries) == len(claims) // 2
    for sql in queries:
        assert f"<pre><code>{escape(sql)}</code></pre>" in html
    assert html.count('<tr class="recheck">') == len(queries)
    # A depends claim lists its readings under it; a claim with one reading (as stated) not.
    depends = claims[claims["verdict"] == "depends"]
    assert len(depends) and html.count('<tr class="readings">') == len(depends)
    assert '<code>first</code> <span class="verdict v-confirmed">confirmed</span>' in html
    assert "synthetic yardstick two" in html


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


LARGEST = "daifugo/largest_primes"
LARGEST_TITLE = "Largest prime each card count can lay (proven)"
LONG_PRIME = "999988887777666655554444333322221313131313121212121211111111101110110101"
LONG_LAYOUT = (
    "9 9 9 9 8 8 8 8 7 7 7 7 6 6 6 6 5 5 5 5 4 4 4 4 3 3 3 3 2 2 2 2 K K K K Joker(K) "
    "Q Q Q Q Joker(Q) J J J J 10 A A 10 A 10 10 A"
)


def _largest_primes() -> pd.DataFrame:
    """A small largest_primes table: card counts 1–3 and 54 (the whole deck), out of order;
    the certificates and witnesses carry markers that the page must not show."""
    rows = [
        (54, LONG_PRIME, 72, LONG_LAYOUT, 2, 9_766_231, 5, "ecpp"),
        (1, "13", 2, "K", 0, 0, 0, "miller_rabin"),
        (3, "131311", 6, "K K J", 0, 2, 0, "miller_rabin"),
        (2, "1213", 4, "Q K", 0, 4, 0, "miller_rabin"),
    ]
    frame = pd.DataFrame(
        rows,
        columns=[
            "cards",
            "prime",
            "digits",
            "layout",
            "jokers",
            "candidates_ruled_out",
            "digit_sum_classes",
            "certificate_kind",
        ],
    )
    return frame.assign(
        ruled_out_by='{"digit_sum": 0, "last_digit": 0, "factor": 0, "fermat": 0}',
        witnesses='[["WITNESS-MARKER", "factor", 7]]',
        classes="[]",
        certificate=frame["cards"].map(lambda n: f'{{"kind": "x", "blob": "CERT-MARKER-{n}"}}'),
    )


def test_report_shows_the_largest_primes_in_full_without_certificates(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("daifugo",))
    html = build_report(results, results / "report/index.html").read_text(encoding="utf-8")
    assert LARGEST_TITLE not in html  # no table, no section (and no note)
    assert "largest_primes" not in html
    write_table(_largest_primes(), results / "daifugo/largest_primes.parquet", table=LARGEST)
    html = build_report(results, results / "report/index.html").read_text(encoding="utf-8")
    assert f"<h3>{LARGEST_TITLE}</h3>" in html
    section = html.split(f"<h3>{LARGEST_TITLE}</h3>")[1].split("<h3>")[0]
    assert f"<td>{LONG_PRIME}</td>" in section  # the prime in full, not cut
    assert f"<td>{LONG_LAYOUT}</td>" in section
    assert section.index("<td>13</td>") < section.index("<td>1213</td>")  # by card count
    assert "CERT-MARKER" not in html and "WITNESS-MARKER" not in html
    assert "table '" not in html


def test_report_says_which_largest_primes_column_is_missing(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("daifugo",))
    frame = _largest_primes().drop(columns=["certificate_kind"])
    write_table(frame, results / "daifugo/largest_primes.parquet", table=LARGEST)
    html = build_report(results, results / "report/index.html").read_text(encoding="utf-8")
    assert f"table &#39;{LARGEST_TITLE}&#39; not shown" in html
    assert "certificate_kind" in html
    assert f"<h3>{LARGEST_TITLE}</h3>" not in html


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


def test_daifugo_largest_has_one_row_per_card_count_and_no_certificate() -> None:
    table = summaries.daifugo_largest(_largest_primes())
    assert list(table.columns) == [
        "cards",
        "digits",
        "prime",
        "jokers",
        "layout",
        "candidates_ruled_out",
        "certificate_kind",
    ]
    assert list(table["cards"]) == [1, 2, 3, 54]
    assert list(table["prime"]) == ["13", "1213", "131311", LONG_PRIME]
    assert (table["digits"] == table["prime"].str.len()).all()
    last = table.iloc[-1]
    assert (last["jokers"], last["candidates_ruled_out"], last["certificate_kind"]) == (
        2,
        9_766_231,
        "ecpp",
    )
    assert last["layout"] == LONG_LAYOUT


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
        "recheck_query_seconds": 60,
        "recheck_memory_mb": 4096,
        "recheck_threads": 2,
        "recheck_proof_seconds": 1800,
        "recheck_rebuild_seconds": 600,
        "recheck_total_seconds": 3600,
    }
    with pytest.raises(ConfigError, match="report.recheck_query_seconds"):
        validate_config({"report": {"recheck_query_seconds": 0}})
    with pytest.raises(ConfigError, match="report.screenshot"):
        validate_config({"report": {"screenshot": "maybe"}})
    with pytest.raises(ConfigError, match="unknown config key 'report.colour'"):
        validate_config({"report": {"colour": "red"}})
