"""Recheck queries: a claim's figures re-derived by DuckDB from the tables it cites, when
the claims are built and by ``asobi claims recheck`` on a published folder."""

from __future__ import annotations

import json
import re
from pathlib import Path

import numpy as np
import pandas as pd
import pytest
from synthetic_results import write_synthetic_results

from asobi.cli import main
from asobi.core.claims import (
    Claim,
    ResultTables,
    Verdict,
    claims_frame,
    claims_from_inputs,
    run_builders,
    write_claims,
)
from asobi.core.errors import DataError
from asobi.core.proof_checks import ProofCheck
from asobi.core.recheck import (
    QueryLimits,
    Recheck,
    check_command,
    differences,
    run_query,
    table_references,
)
from asobi.core.recheck_run import recheck_results
from asobi.core.summary import merge_claims
from asobi.core.tables import write_table

ROOT = Path(__file__).resolve().parents[1]
TALLY = "g/tally.parquet"
WORDS = "g/words.parquet"


def _tally() -> pd.DataFrame:
    return pd.DataFrame({"digits": [1, 2, 2, 3], "playable": [4, 10, 11, 30]})


def _words() -> pd.DataFrame:
    return pd.DataFrame(
        {
            "start": ["アズキアライ", "ロクロクビ", "ロクロクビ"],
            "rules": ["article", "article", "other"],
            "winner": ["human", "yokai", "human"],
            "line": [["アズキアライ", "イ"], ["ロクロクビ", "ビ", "ル"], ["ロクロクビ"]],
        }
    )


def _claim(claim_id: str, tables: tuple[str, ...], recheck: Recheck | None) -> Claim:
    return Claim(
        claim_id,
        "g",
        "synthetic article, section 1",
        "a statement",
        "what was checked",
        Verdict.CONFIRMED,
        "evidence",
        tables,
        passage="a passage",
        conditions="the article's rules",
        recheck=recheck,
    )


# One builder per kind of claim: a count, a single winner, a list of figures, a proof.


def count_builder(tables: ResultTables) -> Claim:
    """A count: how many numbers of two digits are playable, computed with pandas."""
    tally = tables.read(TALLY)
    playable = tally.loc[tally["digits"] == 2, "playable"].sum()  # a numpy integer
    sql = f"SELECT sum(playable) AS playable FROM '{TALLY}' WHERE digits = 2"
    return _claim("g.count", (TALLY,), Recheck(sql, {"playable": playable}))


def winner_builder(tables: ResultTables) -> Claim:
    """A single winner, with its line of play."""
    words = tables.read(WORDS)
    row = words[(words["start"] == "ロクロクビ") & (words["rules"] == "article")].iloc[0]
    sql = f"SELECT winner, line FROM '{WORDS}' WHERE start = 'ロクロクビ' AND rules = 'article'"
    return _claim(
        "g.winner", (WORDS,), Recheck(sql, {"winner": row["winner"], "line": row["line"]})
    )


def list_builder(tables: ResultTables) -> Claim:
    """A list of figures: the playable count of every digit count, in order."""
    per = tables.read(TALLY).groupby("digits", as_index=False)["playable"].sum()
    sql = f"SELECT digits, sum(playable) AS playable FROM '{TALLY}' GROUP BY digits ORDER BY digits"
    return _claim("g.list", (TALLY,), Recheck(sql, per.to_dict("records")))


def proof_builder(tables: ResultTables) -> Claim:
    """A claim resting on a proof: the query checks the table, the command the proof."""
    words = tables.read(WORDS)
    sql = f"SELECT count(*) AS decided FROM '{WORDS}' WHERE winner IS NOT NULL"
    check = Recheck(sql, {"decided": len(words)}, command="asobi fivelines 1 2 3")
    return _claim("g.proof", (WORDS,), check)


def plain_builder(tables: ResultTables) -> Claim:
    """A claim without a query."""
    tables.read(WORDS)
    return _claim("g.plain", (WORDS,), None)


BUILDERS = [count_builder, winner_builder, list_builder, proof_builder, plain_builder]


@pytest.fixture
def frames() -> dict[str, pd.DataFrame]:
    return {TALLY: _tally(), WORDS: _words()}


#: The proof check this test's registry defines for ``g.proof`` (proof_builder's command).
G_PROOF = ProofCheck(("fivelines", "1", "2", "3"))


@pytest.fixture
def results(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A published folder: two tables and the claims built from them; the installed
    asobi's proof checks are this test's (``g.proof`` → :data:`G_PROOF`)."""
    from asobi.core import recheck_run

    monkeypatch.setattr(recheck_run, "declared_proof_checks", lambda: {"g.proof": G_PROOF})
    folder = tmp_path / "results"
    write_table(_tally(), folder / TALLY, table="g/tally")
    write_table(_words(), folder / WORDS, table="g/words")
    claims = run_builders(BUILDERS, ResultTables(folder))
    write_claims(claims, folder / "g/claims.parquet", game="g")
    merge_claims([folder / "g/claims.parquet"], folder / "claims.parquet")
    return folder


def test_builders_of_every_kind_agree_with_their_queries(frames):
    claims = run_builders(BUILDERS, ResultTables(frames=frames))
    by_id = {claim.claim_id: claim for claim in claims}
    assert by_id["g.count"].recheck.expected == {"playable": 21}
    assert by_id["g.winner"].recheck.expected == {
        "winner": "yokai",
        "line": ["ロクロクビ", "ビ", "ル"],
    }
    assert by_id["g.list"].recheck.expected == [
        {"digits": 1, "playable": 4},
        {"digits": 2, "playable": 21},
        {"digits": 3, "playable": 30},
    ]
    assert by_id["g.plain"].recheck is None


def test_a_builder_whose_figure_the_query_does_not_reproduce_fails_naming_both(frames):
    def wrong(tables: ResultTables) -> Claim:
        tables.read(TALLY)
        sql = f"SELECT count(*) AS rows, max(digits) AS digits FROM '{TALLY}'"
        return _claim("g.wrong", (TALLY,), Recheck(sql, {"rows": 4, "digits": 2}))

    message = r"claim 'g.wrong'.*figure 'digits': the query gives 3, the claim states 2"
    with pytest.raises(DataError, match=message):
        run_builders([wrong], ResultTables(frames=frames))

    def off_by_one(tables: ResultTables) -> Claim:
        tally = tables.read(TALLY)
        last = tally[tally["digits"] == 2].iloc[:-1]  # a slip that drops a row
        sql = f"SELECT digits, playable FROM '{TALLY}' WHERE digits = 2 ORDER BY playable"
        return _claim("g.slip", (TALLY,), Recheck(sql, last.to_dict("records")))

    with pytest.raises(DataError, match=r"'g.slip'.*returns 2 rows, the claim states 1 rows"):
        run_builders([off_by_one], ResultTables(frames=frames))


def test_the_query_runs_on_the_files_the_claims_rule_declares(tmp_path):
    # The files may lie anywhere: the query names them as the claim cites them.
    tally = write_table(_tally(), tmp_path / "elsewhere.parquet", table="g/tally")
    (claim,) = claims_from_inputs([count_builder], {TALLY: tally})
    assert claim.recheck.tables == (TALLY,)


def test_a_query_reading_a_table_the_claim_does_not_cite_is_refused(frames):
    sql = f"SELECT count(*) AS n FROM '{WORDS}'"
    with pytest.raises(DataError, match=r"'g.c': its recheck query reads g/words.parquet, which"):
        _claim("g.c", (TALLY,), Recheck(sql, {"n": 3}))

    def sneaky(tables: ResultTables) -> Claim:
        # the path is not a literal the claim can be checked against: DuckDB refuses it
        tables.read(TALLY)
        hidden = f"SELECT count(*) AS n FROM '{TALLY}', read_parquet('g/words.parq' || 'uet')"
        return _claim("g.sneaky", (TALLY,), Recheck(hidden, {"n": 12}))

    with pytest.raises(DataError, match=r"'g.sneaky'.*reads a file other than .*g/tally.parquet"):
        run_builders([sneaky], ResultTables(frames=frames))


def test_a_query_can_read_no_file_but_its_tables(tmp_path):
    table = write_table(_tally(), tmp_path / "t.parquet", table="g/tally")
    other = write_table(_words(), tmp_path / "g/words.parquet", table="g/words")
    assert run_query(f"SELECT count(*) AS n FROM '{TALLY}'", {TALLY: table}) == [{"n": 4}]
    for sql in (
        f"SELECT * FROM read_parquet('{other}')",
        "SELECT * FROM read_csv('/etc/hostname')",
        "SELECT * FROM glob('*')",
    ):
        with pytest.raises(DataError, match="reads a file other than"):
            run_query(sql, {TALLY: table})
    for sql in (f"SELECT 1 AS n FROM '{TALLY}'; SELECT 2", "COPY (SELECT 1) TO 'out.csv'"):
        with pytest.raises(DataError, match="one SELECT statement"):
            run_query(sql, {TALLY: table})
    with pytest.raises(DataError, match="the query fails: .*nope"):
        run_query(f"SELECT nope FROM '{TALLY}'", {TALLY: table})
    with pytest.raises(DataError, match="is missing"):
        run_query(f"SELECT * FROM '{TALLY}'", {TALLY: tmp_path / "gone.parquet"})


def test_queries_over_frames_see_only_their_own_frames_and_no_file(tmp_path):
    # Queries over frames share one DuckDB database per process (a connection each): a
    # frame one query read is not there for the next, no file can be read, and the limits
    # hold and leave the database working.
    other = write_table(_words(), tmp_path / "g/words.parquet", table="g/words")
    assert run_query(f"SELECT count(*) AS n FROM '{WORDS}'", {WORDS: _words()}) == [{"n": 3}]
    with pytest.raises(DataError, match=r"reads a file other than .*\(g/tally.parquet\)"):
        run_query(f"SELECT count(*) AS n FROM '{WORDS}'", {TALLY: _tally()})
    for sql in (f"SELECT * FROM read_parquet('{other}')", "SELECT * FROM glob('*')"):
        with pytest.raises(DataError, match="reads a file other than"):
            run_query(sql, {TALLY: _tally()})
    runaway = f"SELECT count(*) AS n FROM range(100000000000) r, '{TALLY}'"
    with pytest.raises(DataError, match=r"stopped at its time limit \(0.3 s\)"):
        run_query(runaway, {TALLY: _tally()}, limits=QueryLimits(seconds=0.3))
    greedy = f"SELECT count(DISTINCT r.range) AS n FROM range(50000000) r, '{TALLY}'"
    with pytest.raises(DataError, match=r"went over its memory limit \(64 MiB\)"):
        run_query(greedy, {TALLY: _tally()}, limits=QueryLimits(memory_mb=64))
    assert run_query(f"SELECT sum(playable) AS n FROM '{TALLY}'", {TALLY: _tally()}) == [{"n": 55}]


def test_a_recheck_states_json_figures_of_a_query_over_quoted_tables():
    assert table_references("SELECT 1 FROM 'a/b.parquet', 'it''s.parquet'") == (
        "a/b.parquet",
        "it's.parquet",
    )
    check = Recheck("  SELECT 1 AS n FROM 'g/a.parquet'\n", {"n": np.int64(1), "x": (1.5,)})
    assert check.sql.startswith("SELECT") and check.expected == {"n": 1, "x": [1.5]}
    assert json.loads(check.expected_json) == check.expected
    assert Recheck.from_columns(check.sql, check.expected_json) == check
    assert Recheck.from_columns(None, None) is None
    with pytest.raises(DataError, match="reads no quoted"):
        Recheck("SELECT 1 AS n", {"n": 1})
    with pytest.raises(DataError, match="not a results table path"):
        Recheck("SELECT * FROM '/etc/x.parquet'", {"n": 1})
    for bad in ({}, 3, [{"n": 1}, {}], {"n": float("nan")}, {"d": pd.Timestamp(0)}):
        with pytest.raises(DataError):
            Recheck("SELECT 1 AS n FROM 'g/a.parquet'", bad)
    with pytest.raises(DataError, match="without its figures"):
        Recheck.from_columns("SELECT 1 AS n FROM 'g/a.parquet'", None)


def test_proof_commands_are_asobi_commands_of_plain_words_only():
    for good in ("asobi shiritori verify .", "asobi daifugo verify .", "asobi fivelines 1 2 3"):
        assert check_command(good) == good
    for bad in ("rm -rf /", "asobi", "asobi 'unclosed", "asobi x; rm -rf /", "asobi $(id)"):
        with pytest.raises(DataError):
            check_command(bad)
    with pytest.raises(DataError, match="not an asobi command"):
        Recheck("SELECT 1 AS n FROM 'g/a.parquet'", {"n": 1}, command="python -c 1")


def test_differences_name_each_figure_and_compare_json_values():
    assert differences([{"x": 1.0 + 1e-12}], {"x": 1}) == []
    assert differences([{"x": True}], {"x": 1}) == [
        "figure 'x': the query gives true, the claim states 1"
    ]
    assert differences([{"x": 1}], {"y": 1}) == [
        "the query returns the columns ['x'], the claim states ['y']"
    ]
    assert differences([], {"x": 1}) == ["the query returns 0 rows, the claim states one row"]
    assert differences([], []) == []
    assert differences([{"w": "a"}, {"w": "b"}], [{"w": "a"}, {"w": "c"}]) == [
        """row 2, figure 'w': the query gives "b", the claim states "c\""""
    ]


def test_claims_table_publishes_the_query_its_figures_and_command(frames):
    frame = claims_frame(run_builders(BUILDERS, ResultTables(frames=frames))).set_index("claim_id")
    assert frame.loc["g.count", "recheck_sql"].startswith("SELECT sum(playable)")
    assert json.loads(frame.loc["g.count", "recheck_expected"]) == {"playable": 21}
    assert frame.loc["g.proof", "recheck_command"] == "asobi fivelines 1 2 3"
    assert frame.loc["g.plain", ["recheck_sql", "recheck_expected"]].isna().all()
    assert "ロクロクビ" in frame.loc["g.winner", "recheck_expected"]  # not \\u escapes


def test_recheck_command_passes_on_a_published_folder(results, capsys):
    assert main(["claims", "recheck", str(results)]) == 0
    out = capsys.readouterr().out
    assert re.search(
        r"^ok +g\.count  \[not asobi's query: asobi .* has no claim g\.count\]$", out, re.M
    )
    assert re.search(r"^no query +g\.plain  \[", out, re.M)
    assert out.strip().splitlines()[-1] == (
        "5 claims: 4 ok, 0 mismatched, 1 without a query; 1 proof checks run, 0 failed; "
        "queries: 0 asobi's, 5 not asobi's, 0 not compared"
    )


def test_recheck_command_fails_naming_the_claim_after_one_value_changes(results, capsys):
    changed = _tally()
    changed.loc[2, "playable"] = 12
    write_table(changed, results / TALLY, table="g/tally")
    assert main(["claims", "recheck", str(results), "--no-proofs"]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH  g.count: figure 'playable': the query gives 22, the claim states 21" in out
    assert "MISMATCH  g.list: row 2, figure 'playable'" in out
    assert re.search(r"^ok +g\.winner  \[", out, re.M)
    assert "2 mismatched, 1 without a query; proof checks skipped;" in out.strip().splitlines()[-1]


def test_recheck_command_fails_when_a_proof_check_fails(results, capsys, monkeypatch):
    from asobi.core import recheck_run

    failing = ProofCheck(("fivelines", "not-a-number"))
    monkeypatch.setattr(recheck_run, "declared_proof_checks", lambda: {"g.proof": failing})
    claims = pd.read_parquet(results / "claims.parquet")
    claims["recheck_command"] = claims["recheck_command"].where(
        claims["recheck_command"].isna(), failing.command
    )
    write_table(claims, results / "claims.parquet", table="claims")
    assert main(["claims", "recheck", str(results), "--claim", "g.proof"]) == 1
    out = capsys.readouterr().out
    assert "MISMATCH  g.proof: proof check `asobi fivelines not-a-number` fails (exit 2)" in out
    report = recheck_results(results, proofs=False, claim_ids=["g.proof"])
    assert not report.failed and [c.status for c in report.checks] == ["ok"]
    with pytest.raises(DataError, match="has no claim g.nope"):
        recheck_results(results, claim_ids=["g.nope"])


def test_recheck_command_runs_no_query_on_a_table_its_claim_does_not_cite(results, capsys):
    claims = pd.read_parquet(results / "claims.parquet")
    claims.loc[claims["claim_id"] == "g.count", "recheck_sql"] = f"SELECT 1 AS n FROM '{WORDS}'"
    write_table(claims, results / "claims.parquet", table="claims")
    assert main(["claims", "recheck", str(results), "--no-proofs", "--claim", "g.count"]) == 1
    assert (
        "MISMATCH  g.count: the query reads g/words.parquet, which the claim does not cite"
        in capsys.readouterr().out
    )


def test_recheck_command_refuses_an_old_claims_table(tmp_path, capsys):
    old = claims_frame([_claim("g.a", (TALLY,), None)]).drop(columns=["recheck_sql"])
    write_table(old, tmp_path / "claims.parquet", table="claims")
    assert main(["claims", "recheck", str(tmp_path)]) == 2
    assert "no column recheck_sql" in capsys.readouterr().err


def _readme_query() -> str:
    """The query of the README's "Check a verdict yourself" example."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## Check a verdict yourself", 1)[1].split("\n## ", 1)[0]
    return re.search(r'duckdb -c "(.*)"', section).group(1)


def test_the_readme_example_query_runs_on_a_table_of_the_same_shape(tmp_path):
    columns = ["variant_id", "long_vowel", "small_kana", "final_u", "dakuten", "aliases"]
    article = ["article", "vowel", "enlarge", "written", "strict", "ban"]
    other = ["other", "previous_kana", "enlarge", "written", "free", "ban"]
    rows = [
        dict(
            zip(columns, article, strict=True),
            start="ロクロクビ",
            winner="yokai",
            line=["ロクロクビ"],
        ),
        dict(
            zip(columns, other, strict=True),
            start="ロクロクビ",
            winner="human",
            line=["ロクロクビ"],
        ),
        dict(
            zip(columns, article, strict=True),
            start="アズキトギ",
            winner="human",
            line=["アズキトギ"],
        ),
    ]
    name = "shiritori/outcomes.parquet"
    path = write_table(pd.DataFrame(rows).assign(nodes=1), tmp_path / name, table=name[:-8])
    assert run_query(_readme_query(), {name: path}) == [{"winner": "yokai"}]


def test_recheck_command_passes_on_the_synthetic_tables_of_the_report_tests(tmp_path, capsys):
    results = write_synthetic_results(tmp_path / "results")
    assert main(["claims", "recheck", str(results)]) == 0
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert summary.startswith(
        "10 claims: 5 ok, 0 mismatched, 5 without a query; 0 proof checks run, 0 failed; "
        "queries: 0 asobi's, 10 not asobi's, 0 not compared"
    )


def test_daifugo_verify_rechecks_the_largest_primes_certificates(tmp_path, capsys):
    from asobi.daifugo.largest_table import write_largest_primes

    path = tmp_path / "daifugo/largest_primes.parquet"
    path.parent.mkdir()
    write_largest_primes(path, {"suits": 1, "jokers": 0})
    assert main(["daifugo", "verify", str(tmp_path)]) == 0
    assert "13 rows verified (13 miller_rabin certificates)" in capsys.readouterr().out
    frame = pd.read_parquet(path)
    frame.loc[3, "certificate"] = frame.loc[2, "certificate"]  # another prime's certificate
    write_table(frame, path, table="daifugo/largest_primes", variant={"suits": 1, "jokers": 0})
    assert main(["daifugo", "verify", str(tmp_path)]) == 2
    assert "largest_primes row 4:" in capsys.readouterr().err


def test_recheck_passes_on_the_shared_tiny_run_and_fails_on_an_emptied_table(
    tiny_run, tmp_path, capsys
):
    import shutil

    published = tmp_path / "results"
    shutil.copytree(tiny_run / "results", published)
    assert main(["claims", "recheck", str(published), "--no-proofs", "--strict"]) == 0
    summary = capsys.readouterr().out.strip().splitlines()[-1]
    assert "0 mismatched, 0 without a query" in summary
    assert re.search(r"queries: [1-9][0-9]* asobi's, 0 not asobi's, 0 not compared$", summary)
    claims = pd.read_parquet(published / "claims.parquet")
    assert len(claims) > 0 and claims["recheck_sql"].notna().all()
    # Empty the table most queries read: each claim that then fails is named, and only those.
    names = [name for sql in claims["recheck_sql"] for name in table_references(sql)]
    table = max(set(names), key=names.count)
    emptied = pd.read_parquet(published / table).iloc[:0]
    write_table(emptied, published / table, table=table.removesuffix(".parquet"))
    assert main(["claims", "recheck", str(published), "--no-proofs", "--no-rebuild"]) == 1
    failed = re.findall(r"^MISMATCH +(\S+):", capsys.readouterr().out, re.M)
    readers = {row.claim_id for row in claims.itertuples() if table in row.recheck_sql}
    assert failed and set(failed) <= readers
