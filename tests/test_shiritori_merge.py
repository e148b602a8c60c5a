"""``asobi shiritori merge-proofs`` and ``merge-store``: the files of two runs merge into one
whose certificates all check (start words that begin and end alike by exchange, repeated
strategies stored once, compact ids), and every bad file is refused in one line."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from shiritori_tools import CLEAN, asobi_merge_proofs, asobi_merge_store, run_deep

from asobi.core.errors import DataError
from asobi.shiritori.certificates import load_nodes
from asobi.shiritori.merge import compacted, exchange_twins, shared_subtrees
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, Shiritori
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, PROOFS_SCHEMA
from asobi.shiritori.verify import VariantChecker


def test_two_runs_merge_into_one_file_whose_certificates_all_check(tmp_path):
    # アズキトギ is a yokai win and アズキアライ a human win in the article
    first, second, merged = (tmp_path / name for name in ("a.parquet", "b.parquet", "m.parquet"))
    assert run_deep(first).returncode == 0
    result = run_deep(second, start="アズキアライ")
    assert result.returncode == 0, result.stderr[-2000:]
    merge = asobi_merge_proofs(str(merged), str(first), str(second))
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
    merge = asobi_merge_proofs(str(merged), str(first), str(second), *options)
    assert merge.returncode == 0, merge.stderr[-2000:]
    graph, roots = load_nodes(merged, DEFAULT_RULES.variant_id)
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    winners = [checker.check(s, r) for s, r in roots.items()]
    assert list(roots) == ["アイヌソッキ", "アッキ"] and winners[0] == winners[1]
    twin = graph[roots["アッキ"]]
    # each run's certificate with its repeated strategies stored once
    shared = [
        shared_subtrees(pq.read_table(path, schema=PROOFS_SCHEMA)).num_rows
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
    merge = asobi_merge_proofs(str(merged), str(first))
    assert merge.returncode == 0, merge.stderr[-2000:]
    assert "2 more start words by exchange (アシアライヤシキ アッキ)" in merge.stdout
    graph, roots = load_nodes(merged, DEFAULT_RULES.variant_id)
    assert list(roots) == ["アイヌソッキ", "アシアライヤシキ", "アッキ"]
    searched = pq.read_table(first, schema=PROOFS_SCHEMA)
    # アイヌソッキ's certificate with its repeated strategies stored once, and two roots
    assert len(graph) == shared_subtrees(searched).num_rows + 2
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
    assert asobi_merge_proofs(str(merged), str(first), "--no-class-roots").returncode == 0
    assert list(load_nodes(merged, DEFAULT_RULES.variant_id)[1]) == ["アイヌソッキ"]


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
    merged, exchanged, kept_whole = exchange_twins(
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
    columns = shared_subtrees(structure(rows)).to_pydict()
    assert columns["node"] == [0, 1, 3, 5, 6]
    assert columns["next"] == [[1, 1], [3], [], [6], []]
    assert columns["start"] == ["アッキ", "アッキ", "アッキ", "カッパ", "カッパ"]


def test_a_certificate_with_a_cycle_is_refused_in_one_line():
    rows = [(0, "アッキ", True, [1]), (1, "アッキ", False, [2]), (2, "アッキ", False, [1])]
    with pytest.raises(DataError, match="node 2 leads back to node 1: a certificate has a cycle"):
        shared_subtrees(structure(rows))


def test_a_node_whose_lists_differ_in_length_is_refused_in_one_line():
    table = structure([(0, "アッキ", True, [1]), (1, "アッキ", False, [])])
    table = table.set_column(
        table.schema.get_field_index("replies"),
        "replies",
        pa.array([["r", "r"], []], pa.list_(pa.string())),
    )
    with pytest.raises(DataError, match="a node's replies, next and via differ in length"):
        shared_subtrees(table)


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
    shared = shared_subtrees(forest)
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
    with pytest.raises(DataError, match="node 1 points to node 7, which no file holds"):
        exchange_twins(structure(rows), Shiritori(CLEAN.lexicon, DEFAULT_RULES))


def test_compacting_numbers_the_nodes_0_1_2_in_id_order_and_keeps_every_link():
    # ids 9, 4, 7 (rows out of order, with gaps) become 0, 1, 2 in the same order; the
    # entries that are node ids follow, the others (INTERCHANGED) stay
    rows = [
        (9, "カッパ", True, [4, INTERCHANGED]),
        (4, "アッキ", True, [7]),
        (7, "アッキ", False, []),
    ]
    columns = compacted(structure(rows)).to_pydict()
    assert columns["node"] == [0, 1, 2]
    assert columns["start"] == ["アッキ", "アッキ", "カッパ"]
    assert columns["next"] == [[1], [], [0, INTERCHANGED]]


def test_compacting_refuses_an_entry_pointing_to_no_node_in_one_line():
    rows = [(0, "アイヌソッキ", True, [1]), (1, "アイヌソッキ", False, [7])]
    with pytest.raises(DataError, match="points to node 7, which no file holds"):
        compacted(structure(rows))


def test_a_start_word_certified_in_two_runs_is_refused_and_nothing_is_written(tmp_path):
    first, merged = tmp_path / "a.parquet", tmp_path / "m.parquet"
    assert run_deep(first).returncode == 0
    merge = asobi_merge_proofs(str(merged), str(first), str(first))
    assert merge.returncode != 0
    assert "アズキトギ is certified in" in merge.stderr
    assert not merged.exists()


def test_a_file_that_is_not_certificates_is_refused_in_one_line(tmp_path):
    broken, merged = tmp_path / "broken.parquet", tmp_path / "m.parquet"
    broken.write_bytes(b"not parquet")
    merge = asobi_merge_proofs(str(merged), str(broken))
    assert merge.returncode != 0
    assert merge.stderr.strip().count("\n") == 0 and "not a certificate file" in merge.stderr
    assert not merged.exists()


def test_a_certificate_that_does_not_check_is_refused_and_nothing_is_left(tmp_path):
    first, merged = tmp_path / "a.parquet", tmp_path / "m.parquet"
    assert run_deep(first).returncode == 0
    table = pq.read_table(first)
    rows = table.to_pylist()
    loser = next(row for row in rows if len(row["replies"]) > 1)  # a yokai win: a human turn
    for column in ("replies", "next", "via"):
        loser[column] = loser[column][:-1]  # one reply of the loser left uncovered
    pq.write_table(pa.Table.from_pylist(rows, schema=table.schema), first)
    merge = asobi_merge_proofs(str(merged), str(first))
    assert merge.returncode != 0
    assert merge.stderr.startswith("asobi: error: アズキトギ: ")
    assert sorted(path.name for path in tmp_path.iterdir()) == ["a.parquet"]


def test_the_stored_proofs_of_two_runs_merge_and_another_variants_are_refused(tmp_path):
    files = []
    for index, start in enumerate(("アズキトギ", "ロクロクビ")):  # two searches of one variant
        files.append(tmp_path / f"stored{index}.npz")
        out = tmp_path / f"{index}.parquet"
        run = run_deep(out, "--store", "--stored-proofs", str(files[-1]), start=start)
        assert run.returncode == 0, run.stderr[-2000:]
    merged = tmp_path / "merged.npz"
    result = asobi_merge_store(str(merged), *map(str, files))
    assert result.returncode == 0, result.stderr[-2000:]
    assert "stored proofs kept" in result.stdout
    resumed = run_deep(tmp_path / "c.parquet", "--store", "--stored-proofs", str(merged))
    assert resumed.returncode == 0 and "loaded the stored proofs" in resumed.stdout
    other = tmp_path / "other.npz"
    variant = Rules(aliases="independent").variant_id
    out = tmp_path / "o.parquet"
    run = run_deep(out, "--store", "--stored-proofs", str(other), variant=variant)
    assert run.returncode == 0, run.stderr[-2000:]
    refused = asobi_merge_store(str(tmp_path / "no.npz"), str(merged), str(other))
    assert refused.returncode == 2 and refused.stderr.strip().count("\n") == 0
    assert "another reduced game" in refused.stderr and not (tmp_path / "no.npz").exists()
