"""``asobi shiritori deep``: ``--warm`` searches a line's end first, ``--split`` every reply
after a line, ``--answers`` lists what stored proofs know, a line that cannot be played is
refused, stored proofs carry a search across sittings, and ``--open-words`` sweeps the words
an outcomes table leaves open."""

from __future__ import annotations

import json

import pandas as pd
import pyarrow.parquet as pq
import pytest
from shiritori_tools import CLEAN, REPO, asobi, asobi_deep, run_deep

from asobi.shiritori.certificates import load_nodes
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, Shiritori


def test_warm_reports_the_article_verdict_and_the_start_word_is_still_certified(tmp_path):
    # the article: アズキトギ is a yokai win, so after it the human (to move) loses
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--warm", "アズキトギ")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records[0]["warm"] == "アズキトギ"
    assert (records[0]["to_move"], records[0]["verdict"]) == ("human", "human loses")
    assert records[1]["start"] == "アズキトギ" and records[1]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert config["warm"] == ["アズキトギ"]


@pytest.mark.parametrize(
    ("line", "message"),
    [
        (
            "アズキトギ ロクロクビ",
            "--warm: ロクロクビ cannot be said after アズキトギ",
        ),  # ギ, not ロ
        (
            "アズキトギ → ギンギツネ",
            "--warm: → is not a word of the yokai list",
        ),  # a line as printed
    ],
)
def test_warm_refuses_a_line_that_cannot_be_played_and_writes_nothing(tmp_path, line, message):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--warm", line)
    assert result.returncode != 0
    assert message in result.stderr and result.stderr.strip().count("\n") == 0
    assert not out.exists()


def test_the_proof_store_sizes_change_no_verdict_and_are_recorded(tmp_path):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--store", "--store-sets-bits", "12", "--store-capacity", "8")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records[0]["start"] == "アズキトギ" and records[0]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert (config["store_sets_bits"], config["store_capacity"]) == (12, 8)


def test_re_searches_sharing_the_table_are_recorded_and_change_no_verdict(tmp_path):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--store", "--share-research-table")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records[0]["start"] == "アズキトギ" and records[0]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert config["share_research_table"] is True


def test_a_table_in_buckets_changes_no_verdict_and_is_recorded(tmp_path):
    out = tmp_path / "proofs.parquet"
    result = run_deep(out, "--store", "--table-ways", "4", "--warm", "アズキトギ")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert (records[0]["to_move"], records[0]["verdict"]) == ("human", "human loses")
    assert records[1]["start"] == "アズキトギ" and records[1]["winner"] == "yokai"
    assert json.loads(pq.read_metadata(out).metadata[b"asobi.config"])["compiled_table_ways"] == 4


def test_a_table_in_buckets_of_three_is_refused_in_one_line(tmp_path):
    result = run_deep(tmp_path / "p.parquet", "--table-ways", "3")
    assert result.returncode == 2
    assert "'--table-ways': '3' is not one of" in result.stderr
    assert not (tmp_path / "p.parquet").exists()


def test_split_gives_every_human_reply_to_a_yokai_win_as_lost(tmp_path):
    # the article: アズキトギ is a yokai win, so every reply the human has to it loses
    result = asobi_deep(
        DEFAULT_RULES.variant_id, "--split", "アズキトギ",
        "--split-budget", "100000", "--table-bits", "16",
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    assert records and {r["split"] for r in records} == {"アズキトギ"}
    assert {r["verdict"] for r in records} == {"human loses"}
    assert all(r["reply"].startswith("ギ") or r["reply"].startswith("キ") for r in records)


def test_answers_lists_each_reply_with_what_the_stored_proofs_know_and_searches_nothing(
    tmp_path,
):
    stored = tmp_path / "stored.npz"
    first = run_deep(tmp_path / "a.parquet", "--store", "--stored-proofs", str(stored))
    assert first.returncode == 0, first.stderr[-2000:]
    options = ("--table-bits", "16", "--store", "--stored-proofs", str(stored))
    listed = asobi_deep(DEFAULT_RULES.variant_id, "--answers", "アズキトギ", *options)
    assert listed.returncode == 0, listed.stderr[-2000:]
    records = [json.loads(line) for line in listed.stdout.splitlines() if line.startswith("{")]
    split = asobi_deep(
        DEFAULT_RULES.variant_id, "--split", "アズキトギ",
        "--split-budget", "100000", "--table-bits", "16",
    )  # fmt: skip
    replies = [json.loads(line)["reply"] for line in split.stdout.splitlines() if "{" in line]
    assert [r["answer"] for r in records] == replies  # one per class, as --split plays them
    # the article: アズキトギ is a yokai win, so nothing known can be a human win
    assert {r["known"] for r in records} <= {"human loses", "open"}
    assert all(r["answers"] == "アズキトギ" and r["words"] >= 1 for r in records)
    no_file = asobi_deep(DEFAULT_RULES.variant_id, "--answers", "アズキトギ", "--store")
    assert no_file.returncode == 2 and "--answers reads the --stored-proofs" in no_file.stderr
    bad = asobi_deep(DEFAULT_RULES.variant_id, "--answers", "アズキトギ ガンダム", *options)
    assert bad.returncode != 0 and "--answers: ガンダム is not a word" in bad.stderr


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--store-sets-bits", "60", "--store-sets-bits must be between 1 and"),
        ("--store-capacity", "0", "--store-capacity must be at least 1"),
        ("--store-archive", "0", "--store-archive must be at least 1"),
        ("--archive-depth", "-1", "--archive-depth must be at least 0"),
    ],
)
def test_a_proof_store_size_out_of_range_is_refused_in_one_line(tmp_path, option, value, message):
    result = run_deep(tmp_path / "p.parquet", "--store", option, value)
    assert result.returncode == 2
    assert message in result.stderr
    assert not (tmp_path / "p.parquet").exists()


def test_a_long_warm_up_reports_its_progress(monkeypatch):
    # The ゼ hinge of vowel/written/ban is not decided in 3 000 nodes; with 1 000-node
    # slices a 3 000-node warm-up reports twice (not after its last slice) and ends open.
    from asobi.shiritori.compiled import CompiledSearch

    monkeypatch.setattr(CompiledSearch, "slice_nodes", 1_000)
    variant = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-free__aliases-ban"
    args = ["shiritori", "deep", variant, "--warm", "ボゼ ゼニガミ ミシゲー"]
    result = asobi(*args, "--budget", "3000", "--table-bits", "16")
    assert result.returncode == 0, result.stderr[-2000:]
    out = result.stdout.splitlines()
    assert json.loads(out[-1])["verdict"] == "open"
    progress = [line for line in out if not line.startswith("{")]
    assert [line.split(":")[0] for line in progress] == ["ボゼ → ゼニガミ → ミシゲー"] * 2
    assert "1,000 of 3,000 compiled nodes" in progress[0]
    assert "2,000 of 3,000 compiled nodes" in progress[1]


def test_stored_proofs_are_written_and_the_next_run_starts_from_them(tmp_path):
    stored = tmp_path / "stored.npz"
    archive = ("--store-archive", "16", "--archive-depth", "4")
    first = run_deep(tmp_path / "a.parquet", "--store", *archive, "--stored-proofs", str(stored))
    assert first.returncode == 0, first.stderr[-2000:]
    assert stored.exists() and "loaded the stored proofs" not in first.stdout
    second = run_deep(tmp_path / "b.parquet", "--store", *archive, "--stored-proofs", str(stored))
    assert second.returncode == 0, second.stderr[-2000:]
    assert f"loaded the stored proofs of {stored}" in second.stdout
    records = [json.loads(line) for line in second.stdout.splitlines() if line.startswith("{")]
    assert records[0]["start"] == "アズキトギ" and records[0]["winner"] == "yokai"
    config = json.loads(pq.read_metadata(tmp_path / "b.parquet").metadata[b"asobi.config"])
    assert config["stored_proofs"] == "stored.npz"
    assert (config["store_archive"], config["archive_depth"]) == (16, 4)


def test_stored_proofs_of_another_variant_are_refused_in_one_line_and_nothing_is_written(
    tmp_path,
):
    stored = tmp_path / "stored.npz"
    first = run_deep(tmp_path / "a.parquet", "--store", "--stored-proofs", str(stored))
    assert first.returncode == 0, first.stderr[-2000:]
    out = tmp_path / "b.parquet"
    other = Rules(aliases="independent").variant_id
    result = run_deep(out, "--store", "--stored-proofs", str(stored), variant=other)
    assert result.returncode != 0
    assert result.stderr.strip().count("\n") == 0
    assert "--stored-proofs" in result.stderr and "another reduced game" in result.stderr
    assert not out.exists()
    without_store = run_deep(out, "--stored-proofs", str(stored))
    assert without_store.returncode == 2 and "--stored-proofs needs --store" in without_store.stderr


STORED = sorted((REPO / "resources" / "shiritori-stored-proofs").glob("*.npz"))


@pytest.mark.parametrize("path", STORED, ids=[p.name.split(".")[1] for p in STORED])
def test_each_kept_search_state_loads_into_the_search_its_readme_continues(path):
    # resources/shiritori-stored-proofs/VARIANT.NAME.npz: the proofs a long search stored so
    # far, continued with --store-capacity 256 (the default) --store-archive 128; a change
    # of the word list or of the reduced game makes them stale, and this fails
    from asobi.shiritori.compiled import CompiledSearch
    from asobi.shiritori.solver import Solver

    game = Shiritori(CLEAN.lexicon, Rules.from_variant_id(path.name.split(".")[0]))
    search = CompiledSearch(Solver(game), table_bits=10, proof_store=True, store_archive=128)
    search.load_proofs(path)
    assert search.store[9].sum() > 0 and search.store[18].sum() > 0
    assert sum(p.stat().st_size for p in STORED) <= 10_000_000


def test_open_words_solves_the_words_an_outcomes_table_leaves_unknown(tmp_path):
    # the sweep of every open word: only the variant's `unknown` rows, grouped by last kana
    variant = DEFAULT_RULES.variant_id
    outcomes = tmp_path / "outcomes.parquet"
    pd.DataFrame(
        {
            "variant_id": [variant, variant, variant, Rules(dakuten="free").variant_id],
            "start": ["ロクロクビ", "アズキアライ", "アズキトギ", "カッパ"],
            "winner": ["unknown", "human", "unknown", "unknown"],
        }
    ).to_parquet(outcomes)
    out = tmp_path / "proofs.parquet"
    result = asobi_deep(
        variant, "--open-words", str(outcomes), "--budget", "100000",
        "--table-bits", "16", "--out", str(out),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines() if line.startswith("{")]
    # ギ before ビ; the article: both are yokai wins
    assert [(r["start"], r["winner"]) for r in records] == [
        ("アズキトギ", "yokai"),
        ("ロクロクビ", "yokai"),
    ]
    assert set(load_nodes(out, variant)[1]) == {"アズキトギ", "ロクロクビ"}


def test_open_words_refuses_a_file_that_is_not_outcomes_of_the_variant(tmp_path):
    variant = DEFAULT_RULES.variant_id
    other = tmp_path / "other.parquet"
    pd.DataFrame({"variant_id": ["x"], "start": ["カッパ"], "winner": ["unknown"]}).to_parquet(
        other
    )
    not_parquet = tmp_path / "outcomes.parquet"
    not_parquet.write_text("start,winner\n", encoding="utf-8")
    for path, expected in [
        (tmp_path / "missing.parquet", "cannot be read as outcomes"),
        (not_parquet, "cannot be read as outcomes"),
        (other, f"has no row of {variant}"),
    ]:
        result = asobi_deep(variant, "--open-words", str(path), "--out", "x.parquet")
        assert result.returncode != 0
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"asobi: error: --open-words: {path} {expected}")


def test_open_words_with_nothing_unknown_says_so_and_searches_nothing(tmp_path):
    variant = DEFAULT_RULES.variant_id
    outcomes = tmp_path / "outcomes.parquet"
    decided = {"variant_id": [variant], "start": ["アズキトギ"], "winner": ["yokai"]}
    pd.DataFrame(decided).to_parquet(outcomes)
    out = tmp_path / "proofs.parquet"
    result = asobi_deep(variant, "--open-words", str(outcomes), "--out", str(out))
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip() == f"{outcomes} leaves no start word of {variant} unknown"
    assert not out.exists()


OPEN_WORDS = REPO / "docs" / "shiritori-open-words.csv"
VENDORED_DIR = REPO / "resources" / "shiritori" / "proofs"


def test_the_open_words_record_names_real_open_pairs_and_their_searches():
    # docs/shiritori-open-words.csv says how far each pair still `unknown` got (issue 11):
    # every row a word of its variant, none with a vendored certificate (a word vendored
    # later must leave the file), its open line made of the variant's words from the start
    # word on, its hinge search a file we keep
    table = pd.read_csv(OPEN_WORDS, keep_default_na=False)
    assert not table.duplicated(["variant_id", "start"]).any()
    for variant, rows in table.groupby("variant_id"):
        game = Shiritori(CLEAN.lexicon, Rules.from_variant_id(variant))
        vendored = VENDORED_DIR / f"{variant}.parquet"
        certified = set(load_nodes(vendored, variant)[1]) if vendored.exists() else set()
        for start, line, budget, nodes, hinge in zip(
            rows.start, rows.open_line, rows.compiled_budget, rows.compiled_nodes,
            rows.hinge_search, strict=True,
        ):  # fmt: skip
            assert start in game.index and start not in certified, (variant, start)
            words = line.split(" → ")
            assert words[0] == start and all(word in game.index for word in words)
            assert nodes >= budget  # searched to its budget, not stopped early
            assert hinge == "" or hinge in {path.name for path in STORED}, hinge
