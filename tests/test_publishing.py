"""Publishing that outside tools accept, on the tables of a small real run: the reference
Frictionless validator, the dataset card's load lines (pandas, DuckDB), the byte-reproducible
release archive, the Hugging Face Hub folder (🤗 Datasets, offline), Croissant (mlcroissant),
CITATION.cff (cffconvert), and kana in figures without system fonts."""

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
from asobi.report import licences
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
    expected = {"datapackage.json", "croissant.json", "DATASET.md", "CITATION.cff", "LICENSE"}
    expected.add("SHA256SUMS")
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


# --- the Hugging Face Hub folder and Croissant ------------------------------------------------

# Loads every config of a Hub folder with 🤗 Datasets, offline (run in a fresh interpreter with
# the offline switches set before `datasets` is imported); prints {config: rows} as JSON.
LOAD_EVERY_CONFIG = """
import json, sys
from datasets import get_dataset_config_names, load_dataset
folder = sys.argv[1]
rows = {name: len(load_dataset(folder, name, split="train", cache_dir=sys.argv[2]))
        for name in get_dataset_config_names(folder)}
print(json.dumps(rows))
"""


@pytest.fixture(scope="module")
def released(tiny_run: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``dist/`` after `asobi report release` on the shared tiny run (the archive and the Hub
    folder). Read only."""
    dist = tmp_path_factory.mktemp("release") / "dist"
    assert main(["report", "release", str(tiny_run / "results"), "--out", str(dist)]) == 0
    return dist


def _front_matter(card: str) -> dict[str, Any]:
    assert card.startswith("---\n")
    return yaml.safe_load(card.split("---\n", 2)[1])


def test_hub_folder_loads_every_config_offline(released: Path, tmp_path: Path) -> None:
    pytest.importorskip("datasets")
    hub = released / f"asobi-results-{asobi.__version__}-hub"
    package = load_package(hub / "datapackage.json")
    card = (hub / "README.md").read_text("utf-8")
    header = _front_matter(card)
    assert [c["config_name"] for c in header["configs"]] == [
        r["name"] for r in package["resources"]
    ]
    assert header["license"] == "mit"  # five lines only: no yokai-derived table
    assert header["pretty_name"] == package["title"] and "parquet" in header["tags"]
    env = {
        **os.environ,
        "HF_DATASETS_OFFLINE": "1",
        "HF_HUB_OFFLINE": "1",
        "HF_HOME": str(tmp_path / "hf-home"),
    }
    result = subprocess.run(
        [sys.executable, "-c", LOAD_EVERY_CONFIG, str(hub), str(tmp_path / "cache")],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded == {r["name"]: r["rows"] for r in package["resources"]}
    # The card's own load line, as a reader would paste it in the folder above the Hub's.
    line = next(x for x in card.splitlines() if x.startswith("from datasets import"))
    assert f'load_dataset("{hub.name}", "claims", split="train")' in line
    # Every file is listed in SHA256SUMS with its hash; the tables are the archive's bytes.
    sums = dict(
        reversed(x.split("  ", 1)) for x in (hub / "SHA256SUMS").read_text("utf-8").splitlines()
    )
    files = {p.relative_to(hub).as_posix() for p in hub.rglob("*") if p.is_file()}
    assert set(sums) == files - {"SHA256SUMS"} and "DATASET.md" not in files
    assert all(_sha256(hub / name) == digest for name, digest in sums.items())
    with tarfile.open(released / archive_name(asobi.__version__)) as tar:
        folder = f"asobi-results-{asobi.__version__}"
        for name in files - {"README.md", "SHA256SUMS"}:
            assert tar.extractfile(f"{folder}/{name}").read() == (hub / name).read_bytes()


def test_hub_folder_is_reproducible(published: Path, released: Path, tmp_path: Path) -> None:
    from asobi.report.hub import write_hub

    hub = released / f"asobi-results-{asobi.__version__}-hub"
    again = write_hub(_copy(published, tmp_path / "results"), tmp_path / "dist")
    assert again.name == hub.name
    names = sorted(p.relative_to(hub).as_posix() for p in hub.rglob("*") if p.is_file())
    assert names == sorted(p.relative_to(again).as_posix() for p in again.rglob("*") if p.is_file())
    assert all((hub / n).read_bytes() == (again / n).read_bytes() for n in names)
    assert write_hub(published, tmp_path / "dist") == again  # an older folder is replaced
    assert sorted(p.name for p in (tmp_path / "dist").iterdir()) == [hub.name]


# mlcroissant's own use of rdflib and pandas, not ours.
@pytest.mark.filterwarnings("ignore:ConjunctiveGraph is deprecated")
@pytest.mark.filterwarnings("ignore:The inplace keyword")
def test_croissant_validates_and_reads_records(released: Path) -> None:
    mlc = pytest.importorskip("mlcroissant")
    hub = released / f"asobi-results-{asobi.__version__}-hub"
    package = load_package(hub / "datapackage.json")
    dataset = mlc.Dataset(jsonld=str(hub / "croissant.json"))  # raises on any error
    issues = dataset.metadata.ctx.issues
    assert not issues.errors
    # The one warning: no datePublished (the package is kept free of dates).
    assert all("datePublished" in w for w in issues.warnings), issues.report()
    assert [r.uuid for r in dataset.metadata.record_sets] == [
        r["name"] for r in package["resources"]
    ]
    document = json.loads((hub / "croissant.json").read_text("utf-8"))
    for entry in document["distribution"]:
        assert entry["sha256"] == _sha256(hub / entry["contentUrl"])
    # The first records of the positions table, read through mlcroissant, equal the Parquet
    # rows; its list columns are typed arrays of integers.
    positions = next(r for r in document["recordSet"] if r["@id"] == "fivelines.positions")
    types = {f["name"]: (f["dataType"], f.get("arrayShape")) for f in positions["field"]}
    assert types["rows"] == ("sc:Integer", "-1")
    assert types["normal_winning_moves"] == ("sc:Integer", "-1,-1")
    assert types["normal_outcome"] == ("sc:Text", None)
    expected = pq.read_table(hub / "fivelines/positions.parquet").slice(0, 5).to_pylist()
    records = []
    for record in dataset.records("fivelines.positions"):
        records.append(record)
        if len(records) == len(expected):
            break
    for record, row in zip(records, expected, strict=True):
        assert [int(x) for x in record["fivelines.positions/rows"]] == row["rows"]
        assert record["fivelines.positions/normal_outcome"].decode() == row["normal_outcome"]
        moves = record["fivelines.positions/normal_winning_moves"]
        assert [[int(x) for x in move] for move in moves] == row["normal_winning_moves"]


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


# --- dependency licences -------------------------------------------------------------------


def test_dependency_licence_table_is_current(tmp_path: Path, capsys) -> None:
    page = REPO / "docs/publishing.md"

    def run(path: Path, *options: str) -> int:
        pyproject = str(REPO / "pyproject.toml")
        return licences.main(["--page", str(path), "--pyproject", pyproject, *options])

    assert run(page, "--check") == 0, "run `make licences` and commit docs/publishing.md"
    table = page.read_text("utf-8").split(licences.BEGIN, 1)[1].split(licences.END, 1)[0]
    rows = {line.split(" | ")[0].strip("| "): line for line in table.splitlines()[4:-1]}
    assert "asobi" not in rows and {"snakemake", "pandas", "z3-solver"} <= set(rows)
    assert "General Public License, version 2 or later" in rows["cypari2"]
    assert "cypari2 (GPL-2.0+)" in page.read_text("utf-8")
    # A stale table fails the check, and `make licences` rewrites it.
    stale = tmp_path / "publishing.md"
    stale.write_text(page.read_text("utf-8").replace(rows["cypari2"] + "\n", ""), "utf-8")
    assert run(stale, "--check") == 1
    assert "not current" in capsys.readouterr().out
    assert run(stale) == 0
    assert stale.read_text("utf-8") == page.read_text("utf-8")


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
