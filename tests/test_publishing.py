"""Publishing that outside tools accept, on the tables of a small real run: the reference
Frictionless validator, the dataset card's load lines (pandas, DuckDB), the byte-reproducible
release archive, CITATION.cff (cffconvert), and kana in figures without system fonts."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tarfile
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pyarrow.parquet as pq
import pytest
import yaml
from conftest import REPO
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.figure import Figure

import asobi
from asobi.cli import main
from asobi.core.config import package_data
from asobi.report.datapackage import load_lines, load_package
from asobi.report.fonts import bundled_cjk_font, text_font
from asobi.report.release import FIXED_MTIME, archive_name, write_release
from asobi.report.validate import validate_results

BIN = Path(sys.executable).parent


@pytest.fixture
def published(tiny_run: Path) -> Path:
    """results/ of a real (tiny) run: five lines' tables, the claims, the package, the card
    (the session's shared run, conftest.TINY_RUN: every game off but five lines, the report
    on without a screenshot). Read only: tests that change it work on a copy."""
    return tiny_run / "results"


def _copy(results: Path, target: Path) -> Path:
    """A copy of ``results`` with fresh mtimes (file contents only)."""
    shutil.copytree(results, target, copy_function=shutil.copyfile)
    return target


# --- the reference validator -------------------------------------------------------------------


def test_frictionless_validates_the_package_of_a_real_run(published: Path) -> None:
    package = load_package(published / "datapackage.json")
    fields = [f for r in package["resources"] for f in r["schema"]["fields"]]
    # The run has the two kinds of column frictionless used to reject: lists (numpy arrays
    # through pandas) and integers with nulls (NaN through pandas).
    assert any(f["arrow_type"].startswith("list<") and f["type"] == "any" for f in fields)
    proofs_rows = pq.read_table(published / "fivelines/proofs.parquet").column("rows")
    assert proofs_rows.null_count > 0
    result = subprocess.run(
        [str(BIN / "frictionless"), "validate", "datapackage.json"],
        cwd=published,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "INVALID" not in result.stdout
    assert result.stdout.count(" VALID ") >= len(package["resources"])


def test_asobi_validate_runs_frictionless(published: Path, capsys) -> None:
    assert main(["validate", str(published)]) == 0
    assert "(frictionless: valid, first 10000 rows of each table)" in capsys.readouterr().out
    assert main(["validate", str(published), "--frictionless-rows", "0"]) == 0
    assert "(frictionless: valid, every row)" in capsys.readouterr().out


def test_asobi_validate_reports_what_only_frictionless_sees(published: Path, tmp_path) -> None:
    results = _copy(published, tmp_path / "results")
    package_path = results / "datapackage.json"
    package = json.loads(package_path.read_text("utf-8"))
    grundy = next(r for r in package["resources"] if r["path"] == "fivelines/positions.parquet")
    field = next(f for f in grundy["schema"]["fields"] if f["name"] == "normal_outcome")
    # The cells are "first"/"second": constraint errors for frictionless. asobi checks the
    # names and types of the fields, not constraints (it writes none).
    field["constraints"] = {"enum": ["draw"]}
    package_path.write_text(json.dumps(package), encoding="utf-8")
    assert validate_results(results, reference=False) == []
    problems = validate_results(results)
    assert problems and all("fivelines/positions.parquet: frictionless:" in p for p in problems)
    assert any("more error(s)" in p for p in problems)  # 5 shown, the rest counted


def test_byte_counts_are_checked_by_asobi_validate(published: Path, tmp_path) -> None:
    results = _copy(published, tmp_path / "results")
    package_path = results / "datapackage.json"
    package = json.loads(package_path.read_text("utf-8"))
    package["resources"][0]["file_bytes"] += 1
    package_path.write_text(json.dumps(package), encoding="utf-8")
    problems = validate_results(results, reference=False)
    assert len(problems) == 1 and "bytes, the package says" in problems[0]
    assert "frictionless cannot count the bytes" in (published / "DATASET.md").read_text("utf-8")


# --- the dataset card ----------------------------------------------------------------------------


def test_dataset_card_states_rows_variants_and_runnable_load_lines(
    published: Path, monkeypatch
) -> None:
    pytest.importorskip("duckdb")
    card = (published / "DATASET.md").read_text("utf-8")
    package = load_package(published / "datapackage.json")
    monkeypatch.chdir(published)  # the card's paths are relative to the package folder
    for resource in package["resources"]:
        section = card.split(f"### `{resource['path']}`", 1)[1].split("\n### ", 1)[0]
        assert f"- One row: {resource['description']}" in section
        assert "- Rule variants: " in section and "(not registered)" not in section
        lines = load_lines(resource["path"])
        for library in ("pandas", "polars", "duckdb"):
            assert lines[library] in section
        for library in ("pandas", "duckdb"):
            scope: dict[str, Any] = {}
            exec(lines[library], scope)  # the card's line, as a reader would paste it
            assert len(scope["df"]) == resource["rows"], (library, resource["path"])
    positions = next(r for r in package["resources"] if r["path"] == "fivelines/positions.parquet")
    assert positions["variants"] == "normal and misère play (one outcome column each)"


# --- the release archive ----------------------------------------------------------------------


def _sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_release_is_byte_reproducible(published: Path, tmp_path: Path) -> None:
    first = write_release(published, tmp_path / "one")
    # The same tables elsewhere, with other mtimes and another umask: the same bytes.
    copy = _copy(published, tmp_path / "copy")
    os.utime(copy / "claims.parquet", (1_000_000_000, 1_000_000_000))
    old_umask = os.umask(0o077)
    try:
        second = write_release(copy, tmp_path / "two")
    finally:
        os.umask(old_umask)
    assert first.name == second.name == archive_name(asobi.__version__)
    print(f"release sha256: {_sha256(first)} and {_sha256(second)}")
    assert _sha256(first) == _sha256(second)
    assert first.read_bytes()[4:8] == b"\0\0\0\0"  # gzip header without a time


def test_release_members_sums_and_metadata(published: Path, tmp_path: Path) -> None:
    archive = write_release(published, tmp_path / "dist")
    folder = f"asobi-results-{asobi.__version__}"
    with tarfile.open(archive) as tar:
        entries = tar.getmembers()
        names = [e.name for e in entries]
        assert names == sorted(names)
        assert {(e.mtime, e.uid, e.gid, e.uname, e.gname) for e in entries} == {
            (FIXED_MTIME, 0, 0, "", "")
        }
        files = {
            e.name.removeprefix(f"{folder}/"): tar.extractfile(e).read()
            for e in entries
            if e.isfile()
        }
    package = load_package(published / "datapackage.json")
    expected = {"datapackage.json", "DATASET.md", "CITATION.cff", "LICENSE", "SHA256SUMS"}
    expected |= {r["path"] for r in package["resources"]}
    assert set(files) == expected  # five lines only: no CC BY-SA table, no CC BY-SA text
    assert files["datapackage.json"] == (published / "datapackage.json").read_bytes()
    assert files["CITATION.cff"] == (REPO / "CITATION.cff").read_bytes()
    assert files["LICENSE"] == (REPO / "LICENSE").read_bytes()
    sums = dict(reversed(line.split("  ", 1)) for line in files["SHA256SUMS"].decode().splitlines())
    assert set(sums) == expected - {"SHA256SUMS"}
    assert all(hashlib.sha256(files[name]).hexdigest() == digest for name, digest in sums.items())


def test_release_refuses_tables_that_differ_from_the_package(published: Path, tmp_path) -> None:
    results = _copy(published, tmp_path / "results")
    (results / "fivelines/grundy.parquet").write_bytes(b"not parquet")
    assert main(["report", "release", str(results), "--out", str(tmp_path / "dist")]) == 2
    assert not (tmp_path / "dist").exists()


# --- citation ------------------------------------------------------------------------------------


def test_citation_cff_is_valid_for_cffconvert(tmp_path: Path) -> None:
    cffconvert = BIN / "cffconvert"
    if not cffconvert.exists():
        pytest.skip("cffconvert is installed by `make .venv/.installed-test`")
    citation = REPO / "CITATION.cff"
    result = subprocess.run(
        [str(cffconvert), "--validate", "-i", str(citation)], capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr
    broken = tmp_path / "CITATION.cff"
    broken.write_text(citation.read_text("utf-8").replace("\ntitle:", "\ntitel:"), "utf-8")
    result = subprocess.run(
        [str(cffconvert), "--validate", "-i", str(broken)], capture_output=True, text=True
    )
    assert result.returncode != 0
    data = yaml.safe_load(citation.read_text("utf-8"))
    assert data["version"] == asobi.__version__
    assert package_data("CITATION.cff").read_bytes() == citation.read_bytes()
    licences = {data["license"]} | {r.get("license") for r in data["references"]}
    assert {"MIT", "CC-BY-SA-4.0"} <= licences
    assert sum(r["type"] == "blog" for r in data["references"]) == 5  # the five articles


# --- kana in figures --------------------------------------------------------------------------


def _glyph_mask(text: str, font: dict[str, object]) -> np.ndarray:
    figure = Figure(figsize=(1, 1), dpi=100)
    canvas = FigureCanvasAgg(figure)
    figure.text(0.5, 0.5, text, fontsize=48, ha="center", va="center", **font)
    canvas.draw()
    pixels = np.asarray(canvas.buffer_rgba())[..., :3]
    return pixels.min(axis=2) < 128


def test_kana_are_drawn_with_the_bundled_font() -> None:
    assert bundled_cjk_font() is not None and bundled_cjk_font().name == "ipaexg.ttf"
    font = text_font()
    assert font["fontfamily"][0] == "IPAexGothic"
    a, ru = _glyph_mask("ア", font), _glyph_mask("ル", font)
    assert a.sum() > 50 and ru.sum() > 50
    assert (a != ru).sum() > 50, "two kana drew the same shape: the missing-glyph box"
    # The check can fail: without a kana font both are the same box.
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        box_a = _glyph_mask("ア", {"fontfamily": ["DejaVu Sans"]})
        box_ru = _glyph_mask("ル", {"fontfamily": ["DejaVu Sans"]})
    assert (box_a == box_ru).all()
    assert (a != box_a).sum() > 50
