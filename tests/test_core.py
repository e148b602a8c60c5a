"""Core: table writing with provenance, claims, config validation, variant ids."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from asobi import __version__
from asobi.core.claims import (
    Claim,
    Reading,
    ResultTables,
    Verdict,
    claims_frame,
    claims_from_inputs,
    headline_verdict,
    readings_evidence,
    readings_frame,
    run_builders,
    verdict_over_readings,
    write_claims,
)
from asobi.core.config import load_config, load_yaml, validate_config
from asobi.core.errors import ConfigError, DataError
from asobi.core.recheck import Recheck
from asobi.core.sources import Citation
from asobi.core.summary import merge_claims, write_summary
from asobi.core.tables import (
    concat_tables,
    read_as,
    read_metadata,
    sha256_file,
    write_table,
)
from asobi.core.variants import axes_variant_id, variant_id


def _claim(claim_id: str = "g.one", verdict: str = "confirmed") -> Claim:
    return Claim(
        claim_id,
        "g",
        "article, section",
        "a statement",
        "what was checked",
        verdict,
        "evidence",
        ("g/t.parquet",),
        passage="a passage",
        conditions="the article's rules",
    )


def test_write_table_stamps_provenance_and_is_deterministic(tmp_path):
    source = tmp_path / "input.txt"
    source.write_text("data")
    frame = pd.DataFrame({"n": [1, 2, 3]})
    kwargs = dict(table="g/t", variant={"b": 1, "a": "x"}, inputs=[source], config={"k": 2})
    first = write_table(frame, tmp_path / "one.parquet", **kwargs)
    second = write_table(frame, tmp_path / "two.parquet", **kwargs)
    assert first.read_bytes() == second.read_bytes()
    meta = read_metadata(first)
    assert meta == {
        "version": __version__,
        "table": "g/t",
        "variant": {"a": "x", "b": 1},
        "inputs": {str(source): sha256_file(source)},
        "config": {"k": 2},
    }
    assert b"pandas" not in (pq.read_schema(first).metadata or {})


def test_interrupted_write_leaves_no_table(tmp_path, monkeypatch):
    import asobi.core.tables as tables

    def boom(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tables.pq, "write_table", boom)
    with pytest.raises(KeyboardInterrupt):
        write_table(pd.DataFrame({"n": [1]}), tmp_path / "t.parquet", table="t")
    assert os.listdir(tmp_path) == []


def test_claims_need_known_verdicts_and_unique_ids(tmp_path):
    with pytest.raises(ValueError):
        _claim(verdict="probably")
    with pytest.raises(DataError):
        claims_frame([_claim(), _claim()])
    with pytest.raises(DataError):
        Claim(
            "x",
            "g",
            "",
            "s",
            "f",
            Verdict.CONFIRMED,
            "e",
            ("g/t.parquet",),
            passage="p",
            conditions="c",
        )
    engine_only = Claim(
        "x", "g", "src", "s", "f", Verdict.CONFIRMED, "e", passage="p", conditions="c"
    )
    assert engine_only.tables == ()
    with pytest.raises(DataError, match="tables must be a tuple"):
        Claim(
            "x",
            "g",
            "src",
            "s",
            "f",
            Verdict.CONFIRMED,
            "e",
            "g/t.parquet",
            passage="p",
            conditions="c",
        )  # type: ignore[arg-type]
    with pytest.raises(ValueError):
        Verdict("confirmed_with_caveat")  # the four verdicts only (issue 12)
    with pytest.raises(DataError, match="not a results table path"):
        Claim(
            "x",
            "g",
            "src",
            "s",
            "f",
            Verdict.CONFIRMED,
            "e",
            ("../outside.parquet",),
            passage="p",
            conditions="c",
        )
    with pytest.raises(DataError, match="empty caveat"):
        Claim(
            "x",
            "g",
            "src",
            "s",
            "f",
            Verdict.CONFIRMED,
            "e",
            ("g/t.parquet",),
            caveat=" ",
            passage="p",
            conditions="c",
        )


def test_verdict_over_readings_takes_every_value():
    assert verdict_over_readings({"a": True, "b": True}) is Verdict.CONFIRMED
    assert verdict_over_readings({"a": False, "b": False}) is Verdict.REFUTED
    assert verdict_over_readings({"a": True, "b": False}) is Verdict.DEPENDS
    assert verdict_over_readings({}) is Verdict.UNDECIDED
    assert readings_evidence({"a": True, "b": False}) == "holds under: a; fails under: b"


def test_claims_merge_and_summary(tmp_path):
    write_claims([_claim("a.one")], tmp_path / "a.parquet", game="a")
    write_claims([_claim("b.one", "refuted")], tmp_path / "b.parquet", game="b")
    merged = merge_claims(
        [tmp_path / "a.parquet", tmp_path / "b.parquet"], tmp_path / "all.parquet"
    )
    frame = pd.read_parquet(merged)
    assert list(frame["claim_id"]) == ["a.one", "b.one"]
    assert list(frame.columns) == [
        "claim_id",
        "game",
        "source",
        "passage",
        "conditions",
        "statement",
        "formal",
        "verdict",
        "caveat",
        "tables",
        "evidence",
        "recheck_sql",
        "recheck_expected",
        "recheck_command",
    ]
    assert list(frame["tables"].iloc[0]) == ["g/t.parquet"]
    assert frame["caveat"].isna().all()
    assert frame["recheck_sql"].isna().all()
    text = write_summary(merged, tmp_path / "summary.txt").read_text()
    assert "[refuted] g b.one" in text
    with pytest.raises(DataError):
        merge_claims([tmp_path / "a.parquet", tmp_path / "a.parquet"], tmp_path / "dup.parquet")


def test_claims_written_by_an_older_asobi_are_not_merged(tmp_path):
    """A game's claims table from before passage/conditions existed (its claims step not
    re-run) stops the merge with one line naming the file, instead of empty passages."""
    write_claims([_claim("a.one")], tmp_path / "a.parquet", game="a")
    old = pd.read_parquet(tmp_path / "a.parquet").drop(columns=["passage", "conditions"])
    write_table(old, tmp_path / "old.parquet", table="a/claims")
    with pytest.raises(DataError, match="old.parquet has no column passage, conditions"):
        merge_claims([tmp_path / "a.parquet", tmp_path / "old.parquet"], tmp_path / "m.parquet")
    assert not (tmp_path / "m.parquet").exists()


def _reading(reading_id: str, verdict: str, recheck: Recheck | None = None) -> Reading:
    return Reading(reading_id, f"yardstick {reading_id}", f"figures {reading_id}", verdict, recheck)


def _cited(*readings: Reading, caveat: str | None = None) -> Claim:
    citation = Citation("article, section", "a passage", "the article's rules")
    return Claim.cited(
        "g.vague",
        "g",
        citation,
        statement="a vague statement",
        formal="what was checked",
        evidence="evidence",
        tables=("g/t.parquet",),
        caveat=caveat,
        readings=readings,
    )


@pytest.mark.parametrize(
    ("verdicts", "headline"),
    [
        (["confirmed"], "confirmed"),
        (["confirmed", "confirmed"], "confirmed"),
        (["refuted", "refuted", "refuted"], "refuted"),
        (["confirmed", "refuted"], "depends"),
        (["refuted", "confirmed", "undecided"], "depends"),
        (["confirmed", "undecided"], "undecided"),
        (["undecided"], "undecided"),
    ],
)
def test_the_headline_verdict_follows_from_the_readings(verdicts, headline):
    readings = [_reading(f"r{i}", verdict) for i, verdict in enumerate(verdicts)]
    claim = _cited(*readings)
    assert claim.verdict.value == headline
    assert headline_verdict(verdicts).value == headline
    if headline == "depends":
        assert claim.caveat.startswith("confirmed under: ")
        assert "refuted under: " in claim.caveat
    elif len(set(verdicts)) == 1:
        assert claim.caveat is None


def test_a_split_verdict_names_each_reading_before_the_builders_caveat():
    claim = _cited(_reading("one", "confirmed"), _reading("two", "refuted"), caveat="small n")
    assert claim.caveat == "confirmed under: one; refuted under: two. small n"


def test_a_verdict_that_is_not_its_readings_headline_is_refused():
    with pytest.raises(DataError, match="verdict confirmed but its readings give depends"):
        Claim.cited(
            "g.vague",
            "g",
            Citation("article, section", "a passage", "the article's rules"),
            statement="s",
            formal="f",
            evidence="e",
            verdict=Verdict.CONFIRMED,
            readings=[_reading("one", "confirmed"), _reading("two", "refuted")],
        )
    with pytest.raises(DataError, match="depends verdict needs the readings"):
        _claim("g.depends", "depends")


def test_a_reading_is_confirmed_refuted_or_undecided_with_a_slug_id():
    with pytest.raises(DataError, match="not depends"):
        _reading("one", "depends")
    with pytest.raises(DataError, match="not lower_case_words"):
        _reading("Two Words", "confirmed")
    with pytest.raises(DataError, match="duplicate reading ids"):
        _cited(_reading("one", "confirmed"), _reading("one", "confirmed"))


def test_a_claim_without_readings_has_one_reading_as_stated():
    claim = _claim("g.one", "refuted")
    assert [(r.reading_id, r.verdict.value) for r in claim.readings] == [("as_stated", "refuted")]
    frame = readings_frame([claim])
    assert frame.loc[0, "yardstick"] == claim.formal
    assert frame.loc[0, "figures"] == claim.evidence


def test_a_reading_query_may_read_only_what_its_claim_cites():
    stray = Recheck("SELECT count(*) AS n FROM 'h/other.parquet'", {"n": 1})
    with pytest.raises(DataError, match="reads h/other.parquet, which the claim does not cite"):
        _cited(_reading("one", "confirmed", stray))


def test_each_reading_query_is_run_against_the_tables_the_builder_read():
    table = pd.DataFrame({"x": [1, 2, 3]})
    right = Recheck("SELECT count(*) AS n FROM 'g/t.parquet'", {"n": 3})
    wrong = Recheck("SELECT max(x) AS top FROM 'g/t.parquet'", {"top": 4})

    def builder(tables: ResultTables) -> Claim:
        tables.read("g/t.parquet")
        return _cited(_reading("one", "confirmed", right), _reading("two", "refuted", wrong))

    with pytest.raises(DataError, match="figure 'top': the query gives 3, the claim states 4"):
        run_builders([builder], ResultTables(frames={"g/t.parquet": table}))


def test_the_merge_writes_the_readings_and_refuses_a_broken_headline(tmp_path):
    split = _cited(_reading("one", "confirmed"), _reading("two", "refuted"))
    write_claims([split, _claim("g.two")], tmp_path / "g" / "claims.parquet", game="g")
    assert (tmp_path / "g" / "claim_readings.parquet").is_file()
    merged = merge_claims([tmp_path / "g" / "claims.parquet"], tmp_path / "claims.parquet")
    readings = pd.read_parquet(tmp_path / "claim_readings.parquet")
    assert list(zip(readings["claim_id"], readings["reading_id"], strict=True)) == [
        ("g.two", "as_stated"),
        ("g.vague", "one"),
        ("g.vague", "two"),
    ]
    assert pd.read_parquet(merged).set_index("claim_id").loc["g.vague", "verdict"] == "depends"
    # a readings table edited after the claims were written breaks the headline rule
    edited = readings[readings["claim_id"] == "g.vague"].assign(verdict="confirmed")
    write_table(edited, tmp_path / "g" / "claim_readings.parquet", table="g/claim_readings")
    with pytest.raises(DataError, match="g.vague: verdict depends, its readings give confirmed"):
        merge_claims([tmp_path / "g" / "claims.parquet"], tmp_path / "again.parquet")
    assert not (tmp_path / "again.parquet").exists()


DEFAULT_CONFIG = Path(__file__).resolve().parents[1] / "config" / "config.yaml"


def test_default_config_is_valid_and_filled():
    config = load_config(DEFAULT_CONFIG)
    assert config["fivelines"]["grundy_max"] >= 2048


def test_the_shiritori_deep_overlay_is_a_valid_config_on_top_of_the_default():
    default = load_yaml(DEFAULT_CONFIG)
    overlay = load_yaml(DEFAULT_CONFIG.parent / "shiritori-deep.yaml")
    default["shiritori"].update(overlay["shiritori"])  # what --configfile A B does
    config = validate_config(default)
    default_config = load_config(DEFAULT_CONFIG)["shiritori"]
    assert config["shiritori"]["compiled_budget"] > default_config["compiled_budget"]
    # the default run's table is the always-replaced one; deep budgets keep the costliest rows
    assert (default_config["compiled_table_ways"], config["shiritori"]["compiled_table_ways"]) == (
        1,
        4,
    )


@pytest.mark.parametrize(
    ("config", "message"),
    [
        ({"fivelines": {"total_max": "abc"}}, "config key 'fivelines.total_max'"),
        ({"fivelines": {"total_max": 0}}, "config key 'fivelines.total_max'"),
        ({"fivelines": {"grundy_max": 1.0e1}}, "'fivelines.grundy_max': 10.0 is not an integer"),
        ({"fivelines": {"grundy_max": True}}, "config key 'fivelines.grundy_max'"),
        (
            {"shiritori": {"wikipedia": {"timeout_seconds": float("nan")}}},
            "'shiritori.wikipedia.timeout_seconds': nan is not a finite number",
        ),
        (
            {"shiritori": {"wikipedia": {"timeout_seconds": float("inf")}}},
            "'shiritori.wikipedia.timeout_seconds': inf is not a finite number",
        ),
        ({"fivelines": {"grundy_max": 100000}}, "100000 is greater than the maximum of 8192"),
        ({"shard_bundles": -1}, "'shard_bundles': -1 is less than the minimum of 0"),
        ({"shard_bundles": 10**6}, "'shard_bundles': 1000000 is greater than the maximum of 1000"),
        (
            {"contraposition": {"selfplay_batches": 100000000}},
            "'contraposition.selfplay_batches': 100000000 is greater than the maximum of 100",
        ),
        (
            {"contraposition": {"solve_max_nodes": 10**15}},
            "'contraposition.solve_max_nodes': 1000000000000000 is greater than the maximum",
        ),
        (
            {"contraposition": {"agents": {"grave": {"playouts": 10**9}}}},
            "'contraposition.agents.grave.playouts': 1000000000 is greater than the maximum",
        ),
        (
            {"chopsticks": {"shard_positions": 10**10}},
            "'chopsticks.shard_positions': 10000000000 is greater than the maximum",
        ),
        ({"shiritori": {"compiled_table_ways": 3}}, "'shiritori.compiled_table_ways': 3 is not"),
        ({"fivelines": {"totl_max": 3}}, "unknown config key 'fivelines.totl_max'"),
        ({"no_such_game": {}}, "unknown config key 'no_such_game'"),
        ([1, 2], "must be a mapping"),
    ],
)
def test_bad_config_names_the_key(config, message):
    with pytest.raises(ConfigError, match=message.replace(".", r"\.")):
        validate_config(config)


def test_defaults_fill_missing_keys():
    config = validate_config({"fivelines": {"total_max": 7}})
    assert config["fivelines"]["total_max"] == 7
    assert config["fivelines"]["grundy_max"] == 2048


def test_variant_ids():
    assert (
        variant_id("dies5_cutoff", [("split", True), ("swap", True)]) == "dies5_cutoff_split_swap"
    )
    assert axes_variant_id({"a": "x"}) == "a-x"
    with pytest.raises(ValueError):
        variant_id("Bad Id", [])
    assert json.dumps(variant_id("x", [])) == '"x"'


def _cites(names: tuple[str, ...], reads: tuple[str, ...]):
    def builder(tables: ResultTables) -> Claim:
        for name in reads:
            tables.read(name)
        return Claim(
            "g.c", "g", "src", "s", "f", Verdict.CONFIRMED, "e", names, passage="p", conditions="c"
        )

    return builder


def test_a_claim_must_cite_exactly_the_tables_its_builder_read(tmp_path):
    frames = {"g/a.parquet": pd.DataFrame({"x": [1]}), "g/b.parquet": pd.DataFrame({"x": [2]})}
    tables = ResultTables(frames=frames)
    both = ("g/a.parquet", "g/b.parquet")
    assert len(run_builders([_cites(both, both)], tables, declared=["g.c"])) == 1
    with pytest.raises(DataError, match="cites .* but its builder read"):
        run_builders([_cites(both, ("g/a.parquet",))], tables)
    with pytest.raises(DataError, match="cites .* but its builder read"):
        run_builders([_cites(("g/a.parquet",), both)], tables)
    with pytest.raises(DataError, match="missing \\['g.d'\\]"):
        run_builders([_cites(both, both)], tables, declared=["g.c", "g.d"])
    with pytest.raises(DataError, match="results/g/zz.parquet, which is missing"):
        ResultTables(tmp_path).read("g/zz.parquet")


def test_claims_read_exactly_the_tables_the_rule_declares(tmp_path):
    # The files may lie anywhere: a claim cites them by the names the rule gives them.
    a = write_table(pd.DataFrame({"x": [1]}), tmp_path / "one.parquet", table="g/a")
    b = write_table(pd.DataFrame({"x": [2]}), tmp_path / "two.parquet", table="g/b")
    both = ("g/a.parquet", "g/b.parquet")
    files = {"g/a.parquet": a, "g/b.parquet": b}
    (claim,) = claims_from_inputs([_cites(both, both)], files, declared=["g.c"])
    assert claim.tables == both
    with pytest.raises(DataError, match=r"results/g/zz.parquet, which the claims rule does not"):
        claims_from_inputs([_cites(("g/zz.parquet",), ("g/zz.parquet",))], files)
    with pytest.raises(DataError, match=r"the claims read \['g/a.parquet'\] but the rule gives"):
        claims_from_inputs([_cites(("g/a.parquet",), ("g/a.parquet",))], files)
    with pytest.raises(DataError, match="one.parquet holds the table g/a, not g/b"):
        claims_from_inputs([_cites(both, both)], {**files, "g/b.parquet": a})
    with pytest.raises(DataError, match=r"results/g/b.parquet, which is missing \(.*nope"):
        claims_from_inputs([_cites(both, both)], {**files, "g/b.parquet": tmp_path / "nope"})


def test_read_as_names_the_file_and_what_is_wrong(tmp_path):
    table = write_table(pd.DataFrame({"x": [1]}), tmp_path / "t.parquet", table="g/t")
    plain = tmp_path / "plain.parquet"
    pd.DataFrame({"x": [1]}).to_parquet(plain)
    text = tmp_path / "text.parquet"
    text.write_text("not parquet\n")
    assert read_as(table, "g/t", ["x"]).num_rows == read_as(plain, "g/u").num_rows == 1
    with pytest.raises(DataError, match=r"text.parquet is not a Parquet file \("):
        read_as(text, "g/t")
    with pytest.raises(DataError, match="t.parquet holds the table g/t, not g/u"):
        read_as(table, "g/u")
    with pytest.raises(DataError, match="plain.parquet is not a g/u table: it has no column y"):
        read_as(plain, "g/u", ["x", "y"])
    with pytest.raises(DataError, match="nope.parquet: no such file"):
        read_as(tmp_path / "nope.parquet", "g/u")


def test_tables_given_as_one_string_is_refused():
    with pytest.raises(DataError, match="tables must be a tuple of paths"):
        Claim(
            "x",
            "g",
            "src",
            "s",
            "f",
            Verdict.CONFIRMED,
            "e",
            "g/t.parquet",
            passage="p",
            conditions="c",
        )


def test_concat_tables_sorts_the_rows_of_its_shards_and_keeps_the_schema(tmp_path: Path):
    schema = pa.schema(
        [("start", pa.string()), ("node", pa.int64()), ("via", pa.list_(pa.string()))]
    )
    shards = []
    for chunk, starts in enumerate((["ア", "ウ"], ["イ", "エ"], [])):  # the last one empty
        path = tmp_path / f"{chunk}.parquet"
        rows = [(start, node, [start] * node) for start in starts for node in range(3)]
        columns = list(zip(*rows, strict=True)) or [[], [], []]
        pq.write_table(pa.table(columns, schema=schema), path)
        shards.append(path)
    out = concat_tables(shards, tmp_path / "all.parquet", table="t", schema=schema,
                        sort_by=["start", "node"])  # fmt: skip
    merged = pq.read_table(out)
    assert merged.schema.remove_metadata().equals(schema)
    assert merged.column("start").to_pylist() == [s for s in "アイウエ" for _ in range(3)]
    assert merged.column("node").to_pylist() == [0, 1, 2] * 4
    assert merged.column("via").to_pylist()[3:6] == [[], ["イ"], ["イ", "イ"]]
