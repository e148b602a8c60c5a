"""``asobi claims recheck`` on hostile copies of a dataset: each ends in one clear line, a
non-zero exit, and nothing written outside the results folder; the data never chooses what
runs (issue 60).

The copies start from tiny synthetic folders: the ``g`` folder of ``test_recheck.py`` (two
tables, three claims with queries) and, where the installed asobi's own builders must run on
the tables (whose query), the synthetic five-lines tables of ``synthetic_results.py`` with
two real five-lines claims built on them.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pandas as pd
import pyarrow.parquet as pq
import pytest
from synthetic_results import write_synthetic_results
from test_recheck import TALLY, _tally, _words, count_builder, list_builder, winner_builder

from asobi.cli import main
from asobi.core.claims import ResultTables, run_builders, write_claims
from asobi.core.summary import merge_claims
from asobi.core.tables import write_table
from asobi.fivelines import claims as fivelines_claims

WORDS = "g/words.parquet"
PYRAMID = "fivelines.pyramid_first_player_wins"


def _tree(root: Path) -> dict[str, bytes]:
    """Every file under ``root`` (not following links) → its bytes."""
    found = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and not path.is_symlink():
            found[str(path.relative_to(root))] = path.read_bytes()
    return found


@pytest.fixture
def workspace(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A folder holding the results copy, an outside folder and the working directory."""
    (tmp_path / "cwd").mkdir()
    (tmp_path / "outside").mkdir()
    monkeypatch.chdir(tmp_path / "cwd")
    return tmp_path


@pytest.fixture
def results(workspace: Path) -> Path:
    """The synthetic ``g`` folder: two tables, three claims that have queries."""
    folder = workspace / "results"
    write_table(_tally(), folder / TALLY, table="g/tally")
    write_table(_words(), folder / WORDS, table="g/words")
    claims = run_builders([count_builder, winner_builder, list_builder], ResultTables(folder))
    write_claims(claims, folder / "g/claims.parquet", game="g")
    merge_claims([folder / "g/claims.parquet"], folder / "claims.parquet")
    return folder


def _recheck(results: Path, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``asobi claims recheck RESULTS ARGS``; (exit status, stdout, stderr), after
    checking that nothing was written outside ``results``."""
    outside = results.parent
    before = {k: v for k, v in _tree(outside).items() if not k.startswith("results/")}
    code = main(["claims", "recheck", str(results), "--no-proofs", *args])
    after = {k: v for k, v in _tree(outside).items() if not k.startswith("results/")}
    assert after == before, "recheck wrote outside the results folder"
    out, err = capsys.readouterr()
    assert "Traceback" not in out + err
    return code, out, err


def _edit_claim(results: Path, claim_id: str, **columns: object) -> None:
    claims = pd.read_parquet(results / "claims.parquet")
    for name, value in columns.items():
        claims[name] = claims[name].astype(object)
        claims.loc[claims["claim_id"] == claim_id, name] = value
    write_table(claims, results / "claims.parquet", table="claims")


def _edit_readings(results: Path, claim_id: str, **columns: object) -> None:
    readings = pd.read_parquet(results / "claim_readings.parquet")
    for name, value in columns.items():
        readings.loc[readings["claim_id"] == claim_id, name] = value
    write_table(readings, results / "claim_readings.parquet", table="claim_readings")


def _mismatch_line(out: str, claim_id: str) -> str:
    """The one MISMATCH line of ``claim_id`` (there must be exactly one)."""
    lines = [
        line for line in out.splitlines() if re.match(rf"MISMATCH +{re.escape(claim_id)}:", line)
    ]
    assert len(lines) == 1, out
    return lines[0]


def test_the_untouched_copy_passes(results, capsys):
    code, out, _ = _recheck(results, capsys)
    assert code == 0, out
    assert out.strip().splitlines()[-1].startswith("3 claims: 3 ok, 0 mismatched")


# --- what runs ------------------------------------------------------------------------------


def test_a_forged_proof_command_is_a_mismatch_and_never_runs(results, capsys):
    elsewhere = results.parent / "outside" / "release"
    forged = f"asobi report release --out {elsewhere} ."
    _edit_claim(results, "g.count", recheck_command=forged)
    code, out, _ = _recheck(results, capsys, "--claim", "g.count")
    assert code == 1
    line = _mismatch_line(out, "g.count")
    assert "the published proof command `asobi report release --out" in line
    assert "is not asobi's proof check for this claim (none); it was not run" in line
    assert not elsewhere.exists()
    # With proofs on too: still never run.
    assert main(["claims", "recheck", str(results), "--claim", "g.count"]) == 1
    assert not elsewhere.exists()


def test_a_dropped_proof_command_is_a_mismatch(results, capsys, monkeypatch):
    from asobi.core import recheck_run
    from asobi.core.proof_checks import ProofCheck

    check = ProofCheck(("fivelines", "1", "2", "3"))
    monkeypatch.setattr(recheck_run, "declared_proof_checks", lambda: {"g.count": check})
    _edit_claim(results, "g.count", recheck_command=check.command)
    code, out, _ = _recheck(results, capsys, "--claim", "g.count")
    assert code == 0, out
    _edit_claim(results, "g.count", recheck_command=None)  # the copy drops asobi's check
    code, out, _ = _recheck(results, capsys, "--claim", "g.count")
    assert code == 1
    assert "the dataset names no proof check; asobi's is `asobi fivelines 1 2 3`" in (
        _mismatch_line(out, "g.count")
    )


def test_asobis_own_proof_check_is_stopped_at_its_time_limit(results, capsys, monkeypatch):
    from asobi.core import recheck_run
    from asobi.core.proof_checks import ProofCheck

    # Any real check takes longer than a millisecond (Python alone starts slower).
    slow = ProofCheck(("fivelines", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10"))
    monkeypatch.setattr(recheck_run, "declared_proof_checks", lambda: {"g.count": slow})
    _edit_claim(results, "g.count", recheck_command=slow.command)
    code = main(
        ["claims", "recheck", str(results), "--claim", "g.count", "--proof-seconds", "0.001"]
    )
    out = capsys.readouterr().out
    assert code == 1
    assert f"proof check `{slow.command}` stopped at its time limit (0.001 s)" in (
        _mismatch_line(out, "g.count")
    )


# --- bounded work ---------------------------------------------------------------------------


def test_a_runaway_query_is_stopped_at_its_time_limit(results, capsys):
    runaway = f"SELECT count(*) AS playable FROM range(100000000000) r, '{TALLY}' p"
    _edit_claim(results, "g.count", recheck_sql=runaway)
    code, out, _ = _recheck(results, capsys, "--query-seconds", "0.5")
    assert code == 1
    assert "the query was stopped at its time limit (0.5 s)" in _mismatch_line(out, "g.count")
    assert re.search(r"^ok +g\.winner", out, re.M)


def test_a_query_over_the_memory_limit_is_one_line(results, capsys):
    greedy = f"SELECT count(DISTINCT r.range) AS playable FROM range(50000000) r, '{TALLY}' p"
    _edit_claim(results, "g.count", recheck_sql=greedy)
    code, out, _ = _recheck(results, capsys, "--memory-mb", "64", "--query-seconds", "60")
    assert code == 1
    assert "the query went over its memory limit (64 MiB)" in _mismatch_line(out, "g.count")


def test_the_whole_run_is_bounded(results, capsys):
    runaway = f"SELECT count(*) AS playable FROM range(100000000000) r, '{TALLY}' p"
    _edit_claim(results, "g.count", recheck_sql=runaway)
    code, out, _ = _recheck(results, capsys, "--total-seconds", "0.5")
    assert code == 1
    assert "stopped at its time limit" in _mismatch_line(out, "g.count")
    for claim_id in ("g.list", "g.winner"):  # after the deadline: not run, and said so
        assert "not re-checked: the run's time limit (0.5 s) passed" in (
            _mismatch_line(out, claim_id)
        )


# --- whose query ----------------------------------------------------------------------------


@pytest.fixture
def fivelines_results(workspace: Path) -> Path:
    """Synthetic five-lines tables and two of asobi's own five-lines claims built on them
    (the builders that need only those tables), merged as a published folder."""
    folder = workspace / "results"
    write_synthetic_results(folder, ("fivelines",))
    builders = [fivelines_claims.pyramid_first_player_wins, fivelines_claims.misere_almost_same]
    claims = run_builders(builders, ResultTables(folder))
    write_claims(claims, folder / "fivelines/claims.parquet", game="fivelines")
    merge_claims([folder / "fivelines/claims.parquet"], folder / "claims.parquet")
    return folder


def test_a_consistent_forgery_of_query_and_figures_is_not_asobis_query(fivelines_results, capsys):
    results = fivelines_results
    code, out, _ = _recheck(results, capsys, "--claim", PYRAMID, "--strict")
    assert code == 0, out
    assert re.search(rf"^ok +{PYRAMID}  \[asobi's query\]$", out, re.M)
    forged_sql = "SELECT 'first' AS outcome FROM 'fivelines/positions.parquet' LIMIT 1"
    forged_figures = json.dumps({"outcome": "first"})
    _edit_claim(results, PYRAMID, recheck_sql=forged_sql, recheck_expected=forged_figures)
    _edit_readings(results, PYRAMID, recheck_sql=forged_sql, recheck_expected=forged_figures)
    code, out, _ = _recheck(results, capsys, "--claim", PYRAMID)
    assert code == 0  # the figures do come out of the tables: only whose query differs
    assert re.search(
        rf"^ok +{PYRAMID}  \[not asobi's query: its query, figures, readings differ from "
        r"asobi [0-9.]+'s\]$",
        out,
        re.M,
    ), out
    assert "1 not asobi's" in out.strip().splitlines()[-1]
    code, out, _ = _recheck(results, capsys, "--claim", PYRAMID, "--strict")
    assert code == 1
    assert (
        out.strip()
        .splitlines()[-1]
        .endswith("--strict: a difference from the installed asobi fails the run")
    )


def test_another_asobi_version_is_said_once_in_the_summary(fivelines_results, capsys):
    results = fivelines_results
    table = pq.read_table(results / "claims.parquet")
    metadata = {**table.schema.metadata, b"asobi.version": b"0.9.0"}
    pq.write_table(table.replace_schema_metadata(metadata), results / "claims.parquet")
    code, out, _ = _recheck(results, capsys, "--claim", PYRAMID)
    assert code == 0
    assert out.count("written by asobi 0.9.0") == 1
    summary = out.strip().splitlines()[-1]
    assert "; written by asobi 0.9.0, re-checked with asobi 1.0.0" in summary


# --- a broken claims table: one line on stderr, exit 2 ----------------------------------------


def _fails_in_one_line(results: Path, capsys, expected: str) -> None:
    code, out, err = _recheck(results, capsys)
    assert code == 2
    assert out == ""
    assert err.strip().count("\n") == 0 and expected in err, err


def test_a_claims_table_that_is_not_parquet(results, capsys):
    (results / "claims.parquet").write_bytes(b"PAR1 this is not a table")
    _fails_in_one_line(results, capsys, "claims.parquet is not a Parquet table")


def test_a_claims_table_without_a_column(results, capsys):
    claims = pd.read_parquet(results / "claims.parquet").drop(columns=["recheck_expected"])
    write_table(claims, results / "claims.parquet", table="claims")
    _fails_in_one_line(results, capsys, "has no column recheck_expected")


def test_a_claims_table_with_duplicate_claim_ids(results, capsys):
    claims = pd.read_parquet(results / "claims.parquet")
    doubled = pd.concat([claims, claims[claims["claim_id"] == "g.count"]], ignore_index=True)
    write_table(doubled, results / "claims.parquet", table="claims")
    _fails_in_one_line(results, capsys, "has duplicate claim ids: ['g.count']")


# --- hostile figures: a MISMATCH line naming the claim ---------------------------------------


@pytest.mark.parametrize(
    ("figures", "reason"),
    [
        ("{'playable': 21", "recheck figures are not JSON"),
        (json.dumps([{"playable": 21}] * 200_000), "recheck figures are longer than"),
        ("[" * 100_000 + "]" * 100_000, "recheck figures nest deeper than 32 levels"),
        ('{"playable": NaN}', "recheck figures are not strict JSON: NaN is not a JSON number"),
    ],
    ids=["not-json", "huge", "deeply-nested", "nan"],
)
def test_hostile_figures(results, capsys, figures, reason):
    _edit_claim(results, "g.count", recheck_expected=figures)
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    line = _mismatch_line(out, "g.count")
    assert reason in line and len(line) < 400, line


# --- hostile tables ---------------------------------------------------------------------------


def test_a_cited_table_that_is_missing(results, capsys):
    (results / TALLY).unlink()
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    assert "the table g/tally.parquet is missing" in _mismatch_line(out, "g.count")
    assert str(results) not in _mismatch_line(out, "g.count")  # names the table, not a path


def test_a_cited_table_that_is_empty(results, capsys):
    (results / TALLY).write_bytes(b"")
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    for claim_id in ("g.count", "g.list"):
        assert "the table g/tally.parquet is empty (0 bytes)" in _mismatch_line(out, claim_id)


def test_a_cited_table_that_links_out_of_the_folder(results, capsys):
    elsewhere = results.parent / "outside" / "tally.parquet"
    write_table(_tally(), elsewhere, table="g/tally")
    (results / TALLY).unlink()
    os.symlink(elsewhere, results / TALLY)
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    assert "the table g/tally.parquet is a link out of the results folder" in (
        _mismatch_line(out, "g.count")
    )


def test_a_query_giving_nan(results, capsys):
    nan = f"SELECT 'NaN'::DOUBLE AS playable FROM '{TALLY}' LIMIT 1"
    _edit_claim(results, "g.count", recheck_sql=nan)
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    assert "nan is not a JSON number" in _mismatch_line(out, "g.count")


def test_a_query_returning_too_many_rows(results, capsys):
    _edit_claim(
        results,
        "g.list",
        recheck_sql=f"SELECT r.range AS digits FROM range(1000000) r, '{TALLY}' p",
    )
    code, out, _ = _recheck(results, capsys)
    assert code == 1
    assert "the query returns more than 10000 rows" in _mismatch_line(out, "g.list")


# --- asobi's definitions ------------------------------------------------------------------------


def test_the_proof_checks_are_asobi_commands_of_declared_claims():
    import click

    from asobi.cli import cli
    from asobi.core.proof_checks import declared_claim_ids, declared_proof_checks

    checks, ids = declared_proof_checks(), declared_claim_ids()
    assert checks and set(checks) <= set(ids)
    context = click.Context(cli)
    for claim_id, check in checks.items():
        game, name, *_ = check.argv
        assert game == ids[claim_id]  # a game's claims rest on that game's check
        assert cli.get_command(context, game).get_command(context, name) is not None


def test_the_core_does_not_import_the_command_line():
    code = (
        "import sys, asobi.core.recheck_run, asobi.core.rebuild, asobi.core.proof_checks; "
        "print(sorted(m for m in sys.modules if m == 'click' or m.startswith('asobi.cli')))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
