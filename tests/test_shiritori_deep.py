"""The deep-search tools (benchmarks/shiritori_deep.py, shiritori_merge_proofs.py): ``--warm``
searches a line's end first, ``--split`` every reply after a line, a line that cannot be
played is refused, and the files of two runs merge into one whose certificates all check."""

from __future__ import annotations

import contextlib
import importlib.util
import io
import json
import runpy
import subprocess
import sys
import traceback
from pathlib import Path

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.shiritori.data import load_clean
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, Shiritori
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, PROOFS_SCHEMA
from asobi.shiritori.verify import VariantChecker, load_nodes

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "shiritori_deep.py"
CLEAN = load_clean(REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv")


def run_script(script: Path, *args: str) -> subprocess.CompletedProcess:
    """What ``python SCRIPT ARGS`` prints and exits with, run in this process: a new
    interpreter per call spent about 2 CPU s on imports and loading numba's cached kernels,
    more than most of these runs search. The exit status is as Python's: 0, an int given to
    SystemExit, or 1 with its message (or an uncaught exception's traceback) on stderr. What
    the tools change for the rest of their process (the recursion limit) is put back."""
    stdout, stderr = io.StringIO(), io.StringIO()
    argv, sys.argv = sys.argv, [str(script), *args]
    recursion_limit = sys.getrecursionlimit()
    try:
        with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
            try:
                runpy.run_path(str(script), run_name="__main__")
                status = 0
            except SystemExit as exit:
                status = exit.code if isinstance(exit.code, int) else exit.code is not None
                if not isinstance(exit.code, int | None):
                    print(exit.code, file=sys.stderr)
            except Exception:
                traceback.print_exc()
                status = 1
    finally:
        sys.argv = argv
        sys.setrecursionlimit(recursion_limit)
    return subprocess.CompletedProcess(
        [sys.executable, str(script), *args], int(status), stdout.getvalue(), stderr.getvalue()
    )


def run_deep(
    out: Path, *args: str, start: str = "アズキトギ", variant: str = DEFAULT_RULES.variant_id
) -> subprocess.CompletedProcess:
    return run_script(
        SCRIPT,
        variant,
        start,
        *args,
        "--budget",
        "100000",
        "--table-bits",
        "16",
        "--out",
        str(out),
    )


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
    assert "--table-ways: invalid choice: 3" in result.stderr
    assert not (tmp_path / "p.parquet").exists()


def test_split_gives_every_human_reply_to_a_yokai_win_as_lost(tmp_path):
    # the article: アズキトギ is a yokai win, so every reply the human has to it loses
    result = run_script(
        SCRIPT, DEFAULT_RULES.variant_id, "--split", "アズキトギ",
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
    listed = run_script(SCRIPT, DEFAULT_RULES.variant_id, "--answers", "アズキトギ", *options)
    assert listed.returncode == 0, listed.stderr[-2000:]
    records = [json.loads(line) for line in listed.stdout.splitlines() if line.startswith("{")]
    split = run_script(
        SCRIPT, DEFAULT_RULES.variant_id, "--split", "アズキトギ",
        "--split-budget", "100000", "--table-bits", "16",
    )  # fmt: skip
    replies = [json.loads(line)["reply"] for line in split.stdout.splitlines() if "{" in line]
    assert [r["answer"] for r in records] == replies  # one per class, as --split plays them
    # the article: アズキトギ is a yokai win, so nothing known can be a human win
    assert {r["known"] for r in records} <= {"human loses", "open"}
    assert all(r["answers"] == "アズキトギ" and r["words"] >= 1 for r in records)
    no_file = run_script(SCRIPT, DEFAULT_RULES.variant_id, "--answers", "アズキトギ", "--store")
    assert no_file.returncode == 2 and "--answers reads the --stored-proofs" in no_file.stderr
    bad = run_script(SCRIPT, DEFAULT_RULES.variant_id, "--answers", "アズキトギ ガンダム", *options)
    assert bad.returncode != 0 and "--answers: ガンダム is not a word" in bad.stderr


MERGE = SCRIPT.with_name("shiritori_merge_proofs.py")


def test_two_runs_merge_into_one_file_whose_certificates_all_check(tmp_path):
    # アズキトギ is a yokai win and アズキアライ a human win in the article
    first, second, merged = (tmp_path / name for name in ("a.parquet", "b.parquet", "m.parquet"))
    assert run_deep(first).returncode == 0
    result = run_deep(second, start="アズキアライ")
    assert result.returncode == 0, result.stderr[-2000:]
    merge = run_script(MERGE, str(merged), str(first), str(second))
    assert merge.returncode == 0, merge.stderr[-2000:]
    graph, roots = load_nodes(merged, DEFAULT_RULES.variant_id)
    assert list(roots) == ["アズキトギ", "アズキアライ"]
    # each certificate's repeated strategies are stored once (13 nodes of 47 here)
    assert len(graph) < pq.read_metadata(first).num_rows + pq.read_metadata(second).num_rows
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["yokai", "human"]
    config = json.loads(pq.read_metadata(merged).metadata[b"asobi.config"])
    assert [run["starts"] for run in config["merged"]] == [["アズキトギ"], ["アズキアライ"]]


@pytest.mark.parametrize("keep_twins", [False, True])
def test_a_start_word_that_begins_and_ends_like_an_earlier_one_is_merged_as_an_exchange(
    tmp_path, keep_twins
):
    # アイヌソッキ and アッキ begin with ア, end with キ and have no aliases
    first, second, merged = (tmp_path / name for name in ("a.parquet", "b.parquet", "m.parquet"))
    assert run_deep(first, start="アイヌソッキ").returncode == 0
    assert run_deep(second, start="アッキ").returncode == 0
    options = ["--no-class-roots"] + (["--keep-twins"] if keep_twins else [])
    merge = run_script(MERGE, str(merged), str(first), str(second), *options)
    assert merge.returncode == 0, merge.stderr[-2000:]
    graph, roots = load_nodes(merged, DEFAULT_RULES.variant_id)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    winners = [checker.check(s, r) for s, r in roots.items()]
    assert list(roots) == ["アイヌソッキ", "アッキ"] and winners[0] == winners[1]
    twin = graph[roots["アッキ"]]
    # each run's certificate with its repeated strategies stored once
    shared = [
        merge_module().shared_subtrees(pq.read_table(path, schema=PROOFS_SCHEMA)).num_rows
        for path in (first, second)
    ]
    runs = sum(shared)
    if keep_twins:
        assert len(graph) == runs and twin.next != (INTERCHANGED,)
    else:
        assert (twin.replies, twin.next, twin.via) == (
            ("アッキ",),
            (INTERCHANGED,),
            ("アイヌソッキ",),
        )
        assert len(graph) == shared[0] + 1
        assert "1 by exchange (アッキ)" in merge.stdout


def test_the_other_start_words_of_a_certified_class_get_exchange_roots(tmp_path):
    # アイヌソッキ, アシアライヤシキ and アッキ begin with ア, end with キ and have no aliases;
    # only アイヌソッキ is searched, the other two are certified by exchange with it
    first, merged = tmp_path / "a.parquet", tmp_path / "m.parquet"
    assert run_deep(first, start="アイヌソッキ").returncode == 0
    merge = run_script(MERGE, str(merged), str(first))
    assert merge.returncode == 0, merge.stderr[-2000:]
    assert "2 more start words by exchange (アシアライヤシキ アッキ)" in merge.stdout
    graph, roots = load_nodes(merged, DEFAULT_RULES.variant_id)
    assert list(roots) == ["アイヌソッキ", "アシアライヤシキ", "アッキ"]
    searched = pq.read_table(first, schema=PROOFS_SCHEMA)
    # アイヌソッキ's certificate with its repeated strategies stored once, and two roots
    assert len(graph) == merge_module().shared_subtrees(searched).num_rows + 2
    for start in ("アシアライヤシキ", "アッキ"):
        root = graph[roots[start]]
        assert (root.word, root.replies, root.next, root.via) == (
            None,
            (start,),
            (INTERCHANGED,),
            ("アイヌソッキ",),
        )
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert len({checker.check(s, r) for s, r in roots.items()}) == 1
    assert run_script(MERGE, str(merged), str(first), "--no-class-roots").returncode == 0
    assert list(load_nodes(merged, DEFAULT_RULES.variant_id)[1]) == ["アイヌソッキ"]


def load_script(script: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, script)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def merge_module():
    return load_script(MERGE, "merge_proofs")


def structure(rows: list[tuple[int, str, bool, list[int]]]) -> pa.Table:
    """Certificate rows (node, start, root, next) with placeholder words: the shape only."""
    return pa.table(
        {
            "variant_id": ["v"] * len(rows),
            "start": [r[1] for r in rows],
            "node": [r[0] for r in rows],
            "root": [r[2] for r in rows],
            "word": ["w"] * len(rows),
            "replies": [["r"] * len(r[3]) for r in rows],
            "next": [r[3] for r in rows],
            "via": [[None] * len(r[3]) for r in rows],
        },
        schema=PROOFS_SCHEMA,
    )


@pytest.mark.parametrize("shape", ["alone", "shared later", "root pointed to"])
def test_a_twin_whose_nodes_another_certificate_needs_is_kept_whole(shape):
    # the structure only: アッキ begins and ends like アイヌソッキ; カッパ (checked after it)
    # reaches アッキ's node 4 or not; or アイヌソッキ's node 1 points to アッキ's root; a
    # certificate kept whole keeps its nodes
    rows = [  # node, start, root, next
        (0, "アイヌソッキ", True, [1]),
        (1, "アイヌソッキ", False, [2] if shape == "root pointed to" else []),
        (2, "アッキ", True, [3]),
        (3, "アッキ", False, [4]),
        (4, "アッキ", False, []),
        (5, "カッパ", True, [4] if shape == "shared later" else [6]),
        (6, "カッパ", False, []),
    ]
    merged, exchanged, kept_whole = merge_module().exchange_twins(
        structure(rows), Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    )
    columns = merged.to_pydict()
    if shape == "shared later":
        assert (exchanged, kept_whole) == ([], ["アッキ"])
        assert columns["node"] == [0, 1, 2, 3, 4, 5]
    elif shape == "root pointed to":
        assert (exchanged, kept_whole) == ([], ["アッキ"])
        assert columns["node"] == [0, 1, 2, 3, 4, 5, 6]
        assert set(columns["start"][:5]) == {"アイヌソッキ"}
    else:
        assert (exchanged, kept_whole) == (["アッキ"], [])
        assert columns["node"] == [0, 1, 2, 5, 6]
        assert columns["next"][2] == [INTERCHANGED] and columns["via"][2] == ["アイヌソッキ"]
        assert columns["word"][2] is None and columns["replies"][2] == ["アッキ"]
        assert columns["start"] == ["アイヌソッキ", "アイヌソッキ", "アッキ", "カッパ", "カッパ"]


def test_identical_strategies_of_one_certificate_are_stored_once_and_not_across_certificates():
    # アッキ's nodes 1 and 2 hold the same strategy (each leads to a leaf like the other's):
    # one node remains, under the lesser id, and both entries of the root point to it;
    # カッパ's leaf 6 is like アッキ's but belongs to another certificate: kept
    rows = [  # node, start, root, next
        (0, "アッキ", True, [1, 2]),
        (1, "アッキ", False, [3]),
        (2, "アッキ", False, [4]),
        (3, "アッキ", False, []),
        (4, "アッキ", False, []),
        (5, "カッパ", True, [6]),
        (6, "カッパ", False, []),
    ]
    columns = merge_module().shared_subtrees(structure(rows)).to_pydict()
    assert columns["node"] == [0, 1, 3, 5, 6]
    assert columns["next"] == [[1, 1], [3], [], [6], []]
    assert columns["start"] == ["アッキ", "アッキ", "アッキ", "カッパ", "カッパ"]


def test_a_certificate_with_a_cycle_is_refused_in_one_line():
    rows = [(0, "アッキ", True, [1]), (1, "アッキ", False, [2]), (2, "アッキ", False, [1])]
    with pytest.raises(SystemExit, match="node 2 leads back to node 1: a certificate has a cycle"):
        merge_module().shared_subtrees(structure(rows))


def test_a_node_whose_lists_differ_in_length_is_refused_in_one_line():
    table = structure([(0, "アッキ", True, [1]), (1, "アッキ", False, [])])
    table = table.set_column(
        table.schema.get_field_index("replies"),
        "replies",
        pa.array([["r", "r"], []], pa.list_(pa.string())),
    )
    with pytest.raises(SystemExit, match="a node's replies, next and via differ in length"):
        merge_module().shared_subtrees(table)


def unfolded(columns: dict, node: int) -> tuple:
    """The strategy below ``node`` written out as a tree (leaf codes kept)."""
    row = columns["node"].index(node)
    return (
        columns["word"][row],
        tuple(columns["replies"][row]),
        tuple(columns["via"][row]),
        tuple(
            unfolded(columns, target) if target >= 0 else target for target in columns["next"][row]
        ),
    )


def random_forest(draw_sizes: list[list[int]], words: list[str]) -> pa.Table:
    """Certificates as trees: one per list of ``draw_sizes``, each number a node's entry
    count (entries past the nodes left become ン leaves; a node no earlier node took is
    left unreached); words cycle through ``words``."""
    columns: dict[str, list] = {name: [] for name in PROOFS_SCHEMA.names}
    node = 0
    for k, sizes in enumerate(draw_sizes):
        ids = list(range(node, node + len(sizes)))
        children = iter(ids[1:])
        for position, size in enumerate(sizes):
            entries = []
            for _ in range(size):  # a node taken by no earlier one is left unreached
                child = next(children, ENDS_IN_N)
                entries.append(child if child > ids[position] else ENDS_IN_N)
            columns["variant_id"].append("v")
            columns["start"].append(f"s{k}")
            columns["node"].append(ids[position])
            columns["root"].append(position == 0)
            columns["word"].append(words[(ids[position] * 7) % len(words)])
            columns["replies"].append(["r"] * size)
            columns["next"].append(entries)
            columns["via"].append([None] * size)
        node += len(sizes)
    return pa.table(columns, schema=PROOFS_SCHEMA)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(st.lists(st.integers(0, 2), min_size=1, max_size=12), min_size=1, max_size=4),
    st.sampled_from([["w"], ["w", "x"], ["w", "x", "y"]]),
)
def test_sharing_strategies_keeps_every_certificate_the_same_tree(sizes, words):
    forest = random_forest(sizes, words)
    shared = merge_module().shared_subtrees(forest)
    before, after = forest.to_pydict(), shared.to_pydict()
    assert shared.num_rows <= forest.num_rows
    roots = [n for n, root in zip(before["node"], before["root"], strict=True) if root]
    assert [n for n, root in zip(after["node"], after["root"], strict=True) if root] == roots
    for root in roots:
        assert unfolded(after, root) == unfolded(before, root)
    # a node is stored for the certificate that reaches it, and only if one does
    for node, start in zip(after["node"], after["start"], strict=True):
        assert before["start"][before["node"].index(node)] == start


def test_an_entry_pointing_to_no_node_is_refused_in_one_line():
    rows = [(0, "アイヌソッキ", True, [1]), (1, "アイヌソッキ", False, [7])]
    with pytest.raises(SystemExit, match="node 1 points to node 7, which no file holds"):
        merge_module().exchange_twins(structure(rows), Shiritori(CLEAN.lexicon, DEFAULT_RULES))


def test_compacting_numbers_the_nodes_0_1_2_in_id_order_and_keeps_every_link():
    # ids 9, 4, 7 (rows out of order, with gaps) become 0, 1, 2 in the same order; the
    # entries that are node ids follow, the others (INTERCHANGED) stay
    rows = [
        (9, "カッパ", True, [4, INTERCHANGED]),
        (4, "アッキ", True, [7]),
        (7, "アッキ", False, []),
    ]
    columns = merge_module().compacted(structure(rows)).to_pydict()
    assert columns["node"] == [0, 1, 2]
    assert columns["start"] == ["アッキ", "アッキ", "カッパ"]
    assert columns["next"] == [[1], [], [0, INTERCHANGED]]


def test_compacting_refuses_an_entry_pointing_to_no_node_in_one_line():
    rows = [(0, "アイヌソッキ", True, [1]), (1, "アイヌソッキ", False, [7])]
    with pytest.raises(SystemExit, match="points to node 7, which no file holds"):
        merge_module().compacted(structure(rows))


def test_a_start_word_certified_in_two_runs_is_refused_and_nothing_is_written(tmp_path):
    first, merged = tmp_path / "a.parquet", tmp_path / "m.parquet"
    assert run_deep(first).returncode == 0
    merge = run_script(MERGE, str(merged), str(first), str(first))
    assert merge.returncode != 0
    assert "アズキトギ is certified in" in merge.stderr
    assert not merged.exists()


def test_a_file_that_is_not_certificates_is_refused_in_one_line(tmp_path):
    broken, merged = tmp_path / "broken.parquet", tmp_path / "m.parquet"
    broken.write_bytes(b"not parquet")
    merge = run_script(MERGE, str(merged), str(broken))
    assert merge.returncode != 0
    assert merge.stderr.strip().count("\n") == 0 and "not a certificate file" in merge.stderr
    assert not merged.exists()


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


def test_a_certificate_that_does_not_check_is_refused_and_nothing_is_left(tmp_path):
    first, merged = tmp_path / "a.parquet", tmp_path / "m.parquet"
    assert run_deep(first).returncode == 0
    table = pq.read_table(first)
    rows = table.to_pylist()
    loser = next(row for row in rows if len(row["replies"]) > 1)  # a yokai win: a human turn
    for column in ("replies", "next", "via"):
        loser[column] = loser[column][:-1]  # one reply of the loser left uncovered
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), first)
    merge = run_script(MERGE, str(merged), str(first))
    assert merge.returncode != 0
    assert merge.stderr.startswith("shiritori_merge_proofs: アズキトギ: ")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.parquet"]


TRANSFER = REPO / "benchmarks" / "shiritori_transfer.py"


def test_a_certificate_followed_for_other_start_words_checks_and_reuses_its_nodes(tmp_path):
    # ウシロガミ is a human win under the article's rules; オクリオオカミ and シバガミ end in ミ
    # too: their certificates are built by following ウシロガミ's, and every one checks
    hint, out = tmp_path / "hint.parquet", tmp_path / "transferred.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    words = ["オクリオオカミ", "シバガミ"]
    result = run_script(
        TRANSFER, DEFAULT_RULES.variant_id, str(hint), "ウシロガミ", *words, "--out", str(out)
    )
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["start"], r["winner"]) for r in records] == [(w, "human") for w in words]
    assert sum(r["hint_nodes_reused"] for r in records) > 0
    graph, roots = load_nodes(out, DEFAULT_RULES.variant_id)
    assert list(roots) == ["ウシロガミ", *words]
    assert len(graph) == pq.read_metadata(hint).num_rows + sum(r["nodes"] for r in records)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human"] * 3
    config = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])
    assert config["merged"][0]["starts"] == ["ウシロガミ"]
    assert config["merged"][1]["transfer"]["starts"] == words


@pytest.mark.parametrize(
    ("hint_word", "word", "options", "message"),
    [
        ("ウシロガミ", "ロクロクビ", [], "end differently"),
        ("アズキトギ", "ロクロクビ", [], "not certified as a human win"),
        ("アズキアライ", "ウシロガミ", [], "has no certificate in the file"),
        ("ウシロガミ", "ウシロガミ", [], "cannot be its own hint"),
        ("ウシロガミ", "アズキトギ", [], "certified in the file already"),
        ("ウシロガミ", "オボ", ["--first", "ゼニガミ"], "ゼニガミ does not answer オボ"),
        ("アズキトギ", "ツキノウサギ", ["--yokai", "--first", "ギバ"], "--first is the human's"),
    ],
)
def test_a_transfer_that_cannot_be_made_is_refused_in_one_line(
    tmp_path, hint_word, word, options, message
):
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, "ウシロガミ", start="アズキトギ").returncode == 0
    result = run_script(
        TRANSFER, DEFAULT_RULES.variant_id, str(hint), hint_word, word, "--out", str(out), *options
    )
    assert result.returncode != 0 and message in result.stderr.strip().splitlines()[-1]
    assert not out.exists()


def test_onto_without_a_hint_of_another_variant_is_refused_in_one_line(tmp_path):
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    args = [DEFAULT_RULES.variant_id, str(hint), "ウシロガミ", "オクリオオカミ", "--out", str(out)]
    result = run_script(TRANSFER, *args, "--onto", str(hint))
    assert result.returncode != 0
    assert "--onto is for a hint of another variant" in result.stderr.strip().splitlines()[-1]
    assert not out.exists()


def test_a_certificate_of_another_variant_is_followed_but_not_shared(tmp_path):
    # ウシロガミ's certificate under the article's rules (final ウ as written) guides the
    # certificates of ウシロガミ itself and of オクリオオカミ where a final ウ is pronounced
    # as the vowel before it; the file holds only the new variant's nodes, and they check
    pronounced = Rules.from_variant_id(DEFAULT_RULES.variant_id.replace("written", "pronounced"))
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    words = ["ウシロガミ", "オクリオオカミ"]
    result = run_script(
        TRANSFER,
        pronounced.variant_id,
        str(hint),
        "ウシロガミ",
        *words,
        "--hint-variant",
        DEFAULT_RULES.variant_id,
        "--out",
        str(out),
    )
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["start"], r["winner"]) for r in records] == [(w, "human") for w in words]
    assert records[0]["hint_moves_followed"] > 0
    assert sum(r["hint_nodes_reused"] for r in records) == 0
    assert set(pq.read_table(out).column("variant_id").to_pylist()) == {pronounced.variant_id}
    graph, roots = load_nodes(out, pronounced.variant_id)
    assert list(roots) == words
    checker = VariantChecker(Shiritori(CLEAN.lexicon, pronounced), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human"] * 2
    transfer = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])["merged"][1]
    assert transfer["transfer"]["hint_variant"] == DEFAULT_RULES.variant_id


@pytest.mark.parametrize("backtracks", [0, 1])
def test_a_hint_whose_move_loses_is_searched_past_only_with_backtracks(tmp_path, backtracks):
    # after オクリオオカミ the human wins with ミノビ (as after ウシロガミ) but loses with ミサキ
    # (the yokai then wins, --split): a hint whose first answer is ミサキ fails the word,
    # unless the position may be searched again
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    table = pq.read_table(hint)
    rows = table.to_pylist()
    (root,) = [row for row in rows if row["root"]]
    (first,) = [row for row in rows if row["node"] == root["next"][0]]
    assert first["word"].startswith("ミ") and first["word"] != "ミサキ"
    first["word"] = "ミサキ"
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), hint)
    # (a hint of another variant, here with a final ウ pronounced, so that its moves are
    # followed: a node of the same variant would be reused as it is, and refused by the check)
    pronounced = Rules.from_variant_id(DEFAULT_RULES.variant_id.replace("written", "pronounced"))
    args = [pronounced.variant_id, str(hint), "ウシロガミ", "オクリオオカミ", "--out", str(out)]
    args += ["--hint-variant", DEFAULT_RULES.variant_id, "--backtracks", str(backtracks)]
    result = run_script(TRANSFER, *args)
    assert result.returncode == 0, result.stderr[-2000:]
    (record,) = [json.loads(line) for line in result.stdout.splitlines()]
    graph, roots = load_nodes(out, pronounced.variant_id)
    if not backtracks:
        assert record["winner"].startswith("not certified: オクリオオカミ: ")
        assert "オクリオオカミ" not in roots
        return
    assert (record["winner"], record["backtracked"]) == ("human", 1)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, pronounced), graph)
    assert checker.check("オクリオオカミ", roots["オクリオオカミ"]) == "human"
    assert graph[graph[roots["オクリオオカミ"]].next[0]].word != "ミサキ"  # searched instead


def test_a_first_answer_leads_into_a_book_strategy_for_a_start_word_ending_otherwise(tmp_path):
    # オボ ends in ボ, not ミ, but after オボ → ボゼ → ゼニガミ the human answers ミ: with
    # --first ボゼ, ウシロガミ's certificate (the human answers ミ) serves there as a book
    # entry, its node reused as it is, and the certificates of both ボ words check
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    words = ["オボ", "カシャボ"]
    args = [DEFAULT_RULES.variant_id, str(hint), "ウシロガミ", *words, "--out", str(out)]
    result = run_script(TRANSFER, *args, "--first", "ボゼ")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["start"], r["winner"]) for r in records] == [(w, "human") for w in words]
    assert all(r["hint_nodes_reused"] >= 1 for r in records)  # the book's, not the root's
    graph, roots = load_nodes(out, DEFAULT_RULES.variant_id)
    assert [graph[graph[roots[w]].next[0]].word for w in words] == ["ボゼ", "ボゼ"]
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human"] * 3
    transfer = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])["merged"][1]
    assert transfer["transfer"]["first"] == "ボゼ"


def test_a_yokai_win_is_followed_for_other_start_words_with_yokai(tmp_path):
    # the article: アズキトギ is a yokai win; ツキノウサギ and ハバキヌギ end in ギ too, and
    # with --yokai every answer of the human is refuted by the yokai's answers in アズキトギ's
    # certificate, its nodes reused where they serve; every certificate checks
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint).returncode == 0
    words = ["ツキノウサギ", "ハバキヌギ"]
    args = [DEFAULT_RULES.variant_id, str(hint), "アズキトギ", *words, "--out", str(out)]
    result = run_script(TRANSFER, *args, "--yokai")
    assert result.returncode == 0, result.stderr[-2000:]
    records = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(r["start"], r["winner"]) for r in records] == [(w, "yokai") for w in words]
    assert records[0]["hint_nodes_reused"] + records[0]["hint_moves_followed"] > 0
    graph, roots = load_nodes(out, DEFAULT_RULES.variant_id)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["yokai"] * 3
    transfer = json.loads(pq.read_metadata(out).metadata[b"asobi.config"])["merged"][1]
    assert transfer["transfer"]["winner"] == "yokai"


# mirror words in pairs of classes ({ウシロガミ, ウマヤガミ, ウワバミ} and {ミアゲニュウドウ,
# ミコシニュウドウ, ミツメコゾウ, ミツメニュウドウ}) that a small deep run's certificates use
MIRROR_VARIANT = Rules(
    long_vowel="previous_kana", final_u="written", dakuten="free", aliases="independent"
).variant_id


def test_a_certificate_built_by_a_transfer_serves_as_a_hint_in_turn(tmp_path):
    # ミアゲニュウドウ's certificate pairs the mirror words ウ…ミ and ミ…ウ with itself used;
    # リュウトウ's, transferred from it, pairs ミアゲニュウドウ too (free there); a transfer
    # following リュウトウ's reads those pairs from its nodes, not as the builder would pair
    # them afresh (the verifier holds a certificate to one matching), and every one checks
    variant = MIRROR_VARIANT
    hint, middle, out = (tmp_path / f"{name}.parquet" for name in ("hint", "middle", "out"))
    deep = run_deep(hint, start="ミアゲニュウドウ", variant=variant)
    assert deep.returncode == 0, deep.stderr[-2000:]
    first = run_script(
        TRANSFER, variant, str(hint), "ミアゲニュウドウ", "リュウトウ", "--out", str(middle)
    )
    assert first.returncode == 0, first.stderr[-2000:]
    second = run_script(
        TRANSFER, variant, str(middle), "リュウトウ", "ペロリタロウ", "--out", str(out)
    )
    assert second.returncode == 0, second.stderr[-2000:]
    assert json.loads(second.stdout)["winner"] == "human"
    graph, roots = load_nodes(out, variant)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, Rules.from_variant_id(variant)), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human"] * 3


def test_a_transfer_to_a_word_of_the_hint_words_mirror_class_checks(tmp_path):
    # ミアゲニュウドウ's certificate pairs ミコシニュウドウ with ウシロガミ; with ミコシニュウドウ
    # the start word, ウシロガミ is paired with ミアゲニュウドウ instead. A node of the hint
    # brings the hint's whole matching into the verifier's walk, so the hint is followed but
    # none of its nodes is reused, and the certificate checks
    variant = MIRROR_VARIANT
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    deep = run_deep(hint, start="ミアゲニュウドウ", variant=variant)
    assert deep.returncode == 0, deep.stderr[-2000:]
    result = run_script(
        TRANSFER, variant, str(hint), "ミアゲニュウドウ", "ミコシニュウドウ", "--out", str(out)
    )
    assert result.returncode == 0, result.stderr[-2000:]
    graph, roots = load_nodes(out, variant)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, Rules.from_variant_id(variant)), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human"] * 2
    record = json.loads(result.stdout)
    assert (record["hint_nodes_reused"], record["hint_moves_followed"] > 0) == (0, True)


def test_replace_gives_a_certified_word_the_followed_certificate_instead(tmp_path):
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, "オクリオオカミ", start="ウシロガミ").returncode == 0
    args = [DEFAULT_RULES.variant_id, str(hint), "ウシロガミ", "オクリオオカミ", "--out", str(out)]
    result = run_script(TRANSFER, *args, "--replace")
    assert result.returncode == 0, result.stderr[-2000:]
    graph, roots = load_nodes(out, DEFAULT_RULES.variant_id)
    starts = pq.read_table(out).filter(pq.read_table(out).column("root")).column("start")
    assert starts.to_pylist() == ["ウシロガミ", "オクリオオカミ"]  # one root each
    assert roots["オクリオオカミ"] > max(pq.read_table(hint).column("node").to_pylist())
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human", "human"]


def test_a_long_warm_up_reports_its_progress(monkeypatch, capsys):
    # The ゼ hinge of vowel/written/ban is not decided in 3 000 nodes; with 1 000-node
    # slices a 3 000-node warm-up reports twice (not after its last slice) and ends open.
    from asobi.shiritori.compiled import CompiledSearch

    deep = load_script(SCRIPT, "shiritori_deep")
    monkeypatch.setattr(CompiledSearch, "slice_nodes", 1_000)
    variant = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-free__aliases-ban"
    argv = ["shiritori_deep.py", variant, "--warm", "ボゼ ゼニガミ ミシゲー"]
    monkeypatch.setattr(sys, "argv", [*argv, "--budget", "3000", "--table-bits", "16"])
    deep.main()
    out = capsys.readouterr().out.splitlines()
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


def test_the_stored_proofs_of_two_runs_merge_and_another_variants_are_refused(tmp_path):
    merge = REPO / "benchmarks" / "shiritori_merge_stored_proofs.py"
    files = []
    for index, start in enumerate(("アズキトギ", "ロクロクビ")):  # two searches of one variant
        files.append(tmp_path / f"stored{index}.npz")
        out = tmp_path / f"{index}.parquet"
        run = run_deep(out, "--store", "--stored-proofs", str(files[-1]), start=start)
        assert run.returncode == 0, run.stderr[-2000:]
    merged = tmp_path / "merged.npz"
    result = run_script(merge, str(merged), *map(str, files))
    assert result.returncode == 0, result.stderr[-2000:]
    assert "stored proofs kept" in result.stdout
    resumed = run_deep(tmp_path / "c.parquet", "--store", "--stored-proofs", str(merged))
    assert resumed.returncode == 0 and "loaded the stored proofs" in resumed.stdout
    other = tmp_path / "other.npz"
    variant = Rules(aliases="independent").variant_id
    out = tmp_path / "o.parquet"
    run = run_deep(out, "--store", "--stored-proofs", str(other), variant=variant)
    assert run.returncode == 0, run.stderr[-2000:]
    refused = run_script(merge, str(tmp_path / "no.npz"), str(merged), str(other))
    assert refused.returncode == 1 and refused.stderr.strip().count("\n") == 0
    assert "another reduced game" in refused.stderr and not (tmp_path / "no.npz").exists()


STORED = sorted((REPO / "resources" / "shiritori" / "stored_proofs").glob("*.npz"))


@pytest.mark.parametrize("path", STORED, ids=[p.name.split(".")[1] for p in STORED])
def test_each_kept_search_state_loads_into_the_search_its_readme_continues(path):
    # resources/shiritori/stored_proofs/VARIANT.NAME.npz: the proofs a long search stored so
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
    result = run_script(
        SCRIPT, variant, "--open-words", str(outcomes), "--budget", "100000",
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
        result = run_script(SCRIPT, variant, "--open-words", str(path), "--out", "x.parquet")
        assert result.returncode != 0
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"shiritori_deep: --open-words: {path} {expected}")


def test_open_words_with_nothing_unknown_says_so_and_searches_nothing(tmp_path):
    variant = DEFAULT_RULES.variant_id
    outcomes = tmp_path / "outcomes.parquet"
    decided = {"variant_id": [variant], "start": ["アズキトギ"], "winner": ["yokai"]}
    pd.DataFrame(decided).to_parquet(outcomes)
    out = tmp_path / "proofs.parquet"
    result = run_script(SCRIPT, variant, "--open-words", str(outcomes), "--out", str(out))
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
