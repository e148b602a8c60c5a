"""The data package (``datapackage.json``, the dataset card) and its validation, on the
small synthetic tables of :mod:`synthetic_results`."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
import yaml
from synthetic_results import write_synthetic_results

from asobi.cli import main
from asobi.core.tables import sha256_file, write_table
from asobi.report.datapackage import build_package, dataset_card, write_package
from asobi.report.validate import validate_results


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


def test_hub_card_header_follows_the_package(results: Path) -> None:
    from asobi.report.hub import hub_card

    package = build_package(results)
    card = hub_card(package)
    header = yaml.safe_load(card.split("---\n", 2)[1])
    # Yokai-derived tables are CC BY-SA 4.0, the others MIT: both licences, each table's in
    # the card's table of tables.
    assert header["license"] == ["cc-by-sa-4.0", "mit"]
    assert header["size_categories"] == ["1K<n<10K"]  # 3 257 rows in all
    configs = {c["config_name"]: c for c in header["configs"]}
    assert configs["claims"]["default"] is True
    assert sum(bool(c.get("default")) for c in configs.values()) == 1
    assert configs["shiritori.words"]["data_files"] == [
        {"split": "train", "path": "shiritori/words.parquet"}
    ]
    # Below the header, the dataset card of DATASET.md with the Hub's two sections added.
    body = card.split("---\n", 2)[2]
    assert body.lstrip("\n").startswith(f"# {package['title']}")
    assert "## Load with 🤗 Datasets" in body and "```bibtex\n@misc{asobi_results_" in body
    assert body.replace(body[body.index("## Load") : body.index("## Licences")], "") == (
        "\n" + dataset_card(package)
    )


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
    assert "## 素数大富豪: the deck and playable primes" in card
    assert "two jokers, a joker standing for any value 0…13" in card
    assert "A\nprime is *playable* when some split fits the deck" in card


def test_dataset_card_without_daifugo_tables_has_no_deck_note(tmp_path: Path) -> None:
    results = write_synthetic_results(tmp_path / "results", ("chopsticks",))
    assert "the deck and playable primes" not in dataset_card(build_package(results))


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
