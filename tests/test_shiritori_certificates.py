"""Certificates: built from the solver, checked by the rules alone, and every kind of
tampering caught (a loser reply dropped, an illegal winner word, a ン leaf credited to the
wrong side, a wrong variant, a bad mirror or interchanged entry)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from asobi.core.game import mover_wins
from asobi.core.tables import write_table
from asobi.shiritori.certificates import CertificateError, Node, load_nodes
from asobi.shiritori.certify import CertificateBuilder
from asobi.shiritori.data import load_clean
from asobi.shiritori.pipeline import write_outcomes, write_outcomes_chunk, write_proofs
from asobi.shiritori.shiritori import ALL_RULES, DEFAULT_RULES, Lexicon, Rules, Shiritori
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import ENDS_IN_N, INTERCHANGED, MIRROR, PROOFS_SCHEMA
from asobi.shiritori.verify import VariantChecker

REPO = Path(__file__).resolve().parents[1]
TSV = REPO / "resources" / "yokai" / "yokai_names_2024-07-02.tsv"
CLEAN = load_clean(TSV)


def build(game: Shiritori, starts, *, node_budget: int | None, share_min_nodes=64, **budgets):
    """Solve ``starts`` and return (results by start, certificate rows)."""
    staged = StagedSolver(game, node_budget=node_budget, **budgets)
    builder = CertificateBuilder(staged, game.rules.variant_id, share_min_nodes=share_min_nodes)
    results = {}
    for start in starts:
        results[start] = staged.solve(start)
        builder.add(results[start])
    return results, builder.rows


def graph(rows) -> tuple[dict[int, Node], dict[str, int]]:
    nodes = {
        row["node"]: Node(row["word"], tuple(row["replies"]), tuple(row["next"]), tuple(row["via"]))
        for row in rows
    }
    return nodes, {row["start"]: row["node"] for row in rows if row["root"]}


def check(game: Shiritori, rows, start: str) -> str:
    nodes, roots = graph(rows)
    return VariantChecker(game, nodes).check(start, roots[start])


def check_all(game: Shiritori, rows) -> tuple[dict[str, str], int]:
    """Every certificate of ``rows`` checked in the order they were built, with one checker
    (as ``asobi shiritori verify`` does); the winners and the loser turns walked."""
    nodes, roots = graph(rows)
    checker = VariantChecker(game, nodes)
    in_order = sorted(roots.items(), key=lambda item: item[1])
    return {start: checker.check(start, root) for start, root in in_order}, checker.checked


@pytest.fixture(scope="module")
def default_certificates():
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    # カッパ and クモビ have interchangeable replies, アイヌソッキ and クモビ mirror ones
    starts = ["ロクロクビ", "アズキアライ", "アズキトギ", "ビローン"]
    starts += ["カッパ", "クモビ", "アイヌソッキ"]
    results, rows = build(game, dict.fromkeys(starts), node_budget=None)
    return game, results, rows


def test_every_certificate_proves_the_solvers_winner(default_certificates):
    game, results, rows = default_certificates
    for start, result in results.items():
        assert check(game, rows, start) == result.winner, start
    assert results["ロクロクビ"].winner == "yokai" and results["アズキアライ"].winner == "human"
    kinds = {target for row in rows for target in row["next"] if target < 0}
    assert {ENDS_IN_N, MIRROR, INTERCHANGED} <= kinds  # every kind of entry is exercised


def _tampered(rows, pick, change):
    """A copy of ``rows`` where the first row ``pick`` accepts is replaced by ``change(row)``."""
    out, done = [], False
    for row in rows:
        if not done and pick(row):
            row, done = change(dict(row)), True
        out.append(row)
    assert done, "nothing to tamper with"
    return out


def _yokai_root(rows, start):
    return next(row for row in rows if row["root"] and row["start"] == start)


def test_a_dropped_loser_reply_is_caught(default_certificates):
    game, _, rows = default_certificates
    root = _yokai_root(rows, "ロクロクビ")

    def drop_first(row):
        return {
            **row,
            "replies": row["replies"][1:],
            "next": row["next"][1:],
            "via": row["via"][1:],
        }

    bad = _tampered(rows, lambda row: row is root, drop_first)
    with pytest.raises(CertificateError, match="not covered"):
        check(game, bad, "ロクロクビ")


def test_an_illegal_winner_word_is_caught(default_certificates):
    game, _, rows = default_certificates
    human_root = _yokai_root(rows, "アズキアライ")
    answer = next(row for row in rows if row["node"] == human_root["next"][0])
    for word in ("アズキアライ", "ロクロクビ", "カッパ"):  # used, wrong unit, not in the list
        bad = _tampered(
            rows, lambda row, a=answer: row is a, lambda row, w=word: {**row, "word": w}
        )
        with pytest.raises(CertificateError, match="winner's word"):
            check(game, bad, "アズキアライ")


def test_a_n_leaf_credited_to_the_wrong_side_is_caught(default_certificates):
    game, results, rows = default_certificates
    # the yokai's own name ends in ン: a certificate claiming the yokai wins is refused
    assert results["ビローン"].winner == "human"
    bad = _tampered(
        rows,
        lambda row: row["root"] and row["start"] == "ビローン",
        lambda row: {**row, "word": "ビローン", "replies": [], "next": [], "via": []},
    )
    with pytest.raises(CertificateError, match="ends in ン"):
        check(game, bad, "ビローン")

    # a reply that does not end in ン marked as a ン leaf
    def mark(row):
        k = next(k for k, target in enumerate(row["next"]) if target >= 0)
        return {**row, "next": [*row["next"][:k], ENDS_IN_N, *row["next"][k + 1 :]]}

    bad = _tampered(rows, lambda row: row is _yokai_root(rows, "ロクロクビ"), mark)
    with pytest.raises(CertificateError, match="marked as ending in ン"):
        check(game, bad, "ロクロクビ")

    # and a ン reply given an answer node instead of its leaf
    def unmark(row):
        k = row["next"].index(ENDS_IN_N)
        return {**row, "next": [*row["next"][:k], row["node"], *row["next"][k + 1 :]]}

    has_leaf = next(row for row in rows if ENDS_IN_N in row["next"] and not row["root"])
    bad = _tampered(rows, lambda row: row is has_leaf, unmark)
    with pytest.raises(CertificateError):
        check(game, bad, has_leaf["start"])


def test_a_wrong_variant_is_caught(default_certificates):
    _, results, rows = default_certificates
    # free voicing gives the loser more replies, mora units other ones: the article's
    # certificates do not cover them (a certificate may still hold under another variant
    # when none of its words is affected, e.g. previous_kana for words without ー)
    for rules in (Rules(dakuten="free"), Rules(small_kana="mora")):
        other = Shiritori(CLEAN.lexicon, rules)
        with pytest.raises(CertificateError):
            check(other, rows, "ロクロクビ")


def test_bad_mirror_and_interchanged_entries_are_caught(default_certificates):
    game, _, rows = default_certificates
    mirror_row = next(row for row in rows if MIRROR in row["next"])
    k = mirror_row["next"].index(MIRROR)

    def wrong_answer(row):  # answer the mirror word with the word it answers instead
        return {**row, "via": [*row["via"][:k], row["replies"][k], *row["via"][k + 1 :]]}

    bad = _tampered(rows, lambda row: row is mirror_row, wrong_answer)
    with pytest.raises(CertificateError, match="mirror"):
        check(game, bad, mirror_row["start"])
    twin_row = next(row for row in rows if INTERCHANGED in row["next"])
    k = twin_row["next"].index(INTERCHANGED)
    other = next(
        reply
        for reply, target in zip(twin_row["replies"], twin_row["next"], strict=True)
        if target >= 0 and game.last[game.index[reply]] != game.last[game.index[twin_row["via"][k]]]
    )

    def wrong_twin(row):
        return {**row, "via": [*row["via"][:k], other, *row["via"][k + 1 :]]}

    bad = _tampered(rows, lambda row: row is twin_row, wrong_twin)
    with pytest.raises(CertificateError, match="not interchangeable"):
        check(game, bad, twin_row["start"])


class _Forgetful(dict):
    """A memo that keeps nothing: every mirror entry is then checked in full."""

    def __setitem__(self, key, value) -> None:
        pass


def _verdicts(checker: VariantChecker, roots: dict[str, int]) -> dict[str, object]:
    """Each start word's winner, or its failure (message and line), in build order."""
    verdicts: dict[str, object] = {}
    for start, root in sorted(roots.items(), key=lambda item: item[1]):
        try:
            verdicts[start] = checker.check(start, root)
        except CertificateError as error:
            verdicts[start] = (error.message, tuple(error.path))
    return verdicts


@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_remembered_mirror_checks_give_the_verdicts_of_full_ones(default_certificates, data):
    # the checker remembers the mirror entries whose position-free checks passed; with
    # mirror answers swapped among entries (answers used, pairs matched otherwise, words
    # said elsewhere), it must accept and refuse exactly what a full check does
    game, _, rows = default_certificates
    entries = [
        (n, k)
        for n, row in enumerate(rows)
        for k, target in enumerate(row["next"])
        if target == MIRROR
    ]
    answers = sorted({rows[n]["via"][k] for n, k in entries} | set(game.words[:50]))
    changes = data.draw(
        st.lists(st.tuples(st.sampled_from(entries), st.sampled_from(answers)), max_size=3)
    )
    tampered = [dict(row) for row in rows]
    for (n, k), answer in changes:
        tampered[n]["via"] = [*tampered[n]["via"][:k], answer, *tampered[n]["via"][k + 1 :]]
    nodes, roots = graph(tampered)
    full = VariantChecker(game, nodes)
    full._mirror_pairs = _Forgetful()
    assert _verdicts(VariantChecker(game, nodes), roots) == _verdicts(full, roots)


def test_a_remembered_mirror_entry_is_refused_where_its_answer_is_gone_or_paired_otherwise():
    # アカ → カミ hands the yokai ミ, and each ミ…ミ word it says is answered by its partner;
    # the checker remembers those entries, so a later certificate reusing one where the
    # answer is already said, or where one of the words is paired with another, must fail
    # as a full check does
    words = ("アカ", "カミ", "ミノミ", "ミズミ", "ミカミ", "ミサミ")
    game = Shiritori(Lexicon.from_pairs([(w, []) for w in words]), DEFAULT_RULES)
    mirror = {"ミノミ": "ミズミ", "ミズミ": "ミノミ", "ミカミ": "ミサミ", "ミサミ": "ミカミ"}

    def loser_node(word: str, answers: dict[str, str]) -> Node:
        return Node(word, tuple(answers), (MIRROR,) * len(answers), tuple(answers.values()))

    nodes = {
        0: Node(None, ("アカ",), (1,), (None,)),
        1: loser_node("カミ", mirror),
        # ミズミ said by the yokai, ミカミ by the human: ミノミ → ミズミ is no answer now
        2: Node(None, ("ミズミ",), (3,), (None,)),
        3: loser_node("ミカミ", {"ミノミ": "ミズミ", "ミサミ": "ミカミ"}),
        # ミズミ → ミサミ first: ミノミ → ミズミ then pairs ミズミ twice
        4: Node(None, ("アカ",), (5,), (None,)),
        5: loser_node(
            "カミ", {"ミズミ": "ミサミ", "ミノミ": "ミズミ", "ミカミ": "ミサミ", "ミサミ": "ミカミ"}
        ),
    }
    for memo in (None, _Forgetful()):
        checker = VariantChecker(game, nodes)
        if memo is not None:
            checker._mirror_pairs = memo
        assert checker.check("アカ", 0) == "human"
        with pytest.raises(CertificateError, match="ミズミ is already used or banned"):
            checker.check("ミズミ", 2)
        with pytest.raises(CertificateError, match="paired otherwise"):
            checker.check("アカ", 4)


def test_verifier_node_counts_and_outcome_mismatch(tmp_path):
    results = _results_dir(tmp_path, max_starts=30)
    folder = results / "shiritori"
    outcomes = pd.read_parquet(folder / "outcomes.parquet")
    decided = outcomes[outcomes["winner"] != "unknown"].iloc[0]
    flipped = outcomes.copy()
    other = {"yokai": "human", "human": "yokai"}[decided["winner"]]
    flipped.loc[flipped["start"] == decided["start"], "winner"] = other
    flipped.to_parquet(folder / "outcomes.parquet")
    from asobi.shiritori.verify import verify_results

    report = verify_results(folder / "outcomes.parquet", folder / "proofs.parquet", TSV)
    assert len(report.failures) == 1 and decided["start"] in report.failures[0]
    assert f"outcomes say {other}" in report.failures[0]


def test_parallel_verification_reports_what_one_process_reports(tmp_path):
    # two variants, the second's first yokai-win certificate missing a reply: checked in
    # two processes, the same failure lines (in variant order), pairs and nodes as in one
    from asobi.shiritori.verify import verify_results

    folder = tmp_path / "results" / "shiritori"
    folder.mkdir(parents=True)
    variants = [DEFAULT_RULES.variant_id, Rules(dakuten="free").variant_id]
    parts, proof_parts = [], []
    for variant in variants:
        parts.append(str(tmp_path / f"{variant}.parquet"))
        proof_parts.append(str(tmp_path / f"{variant}-proofs.parquet"))
        write_outcomes_chunk(
            str(TSV),
            parts[-1],
            proof_parts[-1],
            variant=variant,
            chunk=0,
            chunks=1,
            node_budget=1000,
            proof_budget=5000,
            max_starts=25,
        )
    write_outcomes(parts, str(folder / "outcomes.parquet"))
    write_proofs(proof_parts, str(folder / "proofs.parquet"))
    outcomes, proofs = folder / "outcomes.parquet", folder / "proofs.parquet"
    decided = (pd.read_parquet(outcomes)["winner"] != "unknown").sum()
    good, good_alone = (
        verify_results(outcomes, proofs, TSV, jobs=2),
        verify_results(outcomes, proofs, TSV),
    )
    assert not good.failures and good.pairs == decided > 40
    assert (good.pairs, good.nodes) == (good_alone.pairs, good_alone.nodes)
    # the small variants are read and checked as one task; one task each, in two processes
    apart = verify_results(outcomes, proofs, TSV, jobs=2, batch_nodes=0)
    assert (apart.failures, apart.pairs, apart.nodes) == ((), good.pairs, good.nodes)
    frame = pd.read_parquet(proofs)
    k = next(
        i
        for i, row in frame.iterrows()
        if row["variant_id"] == variants[1] and row["root"] and pd.notna(row["word"])
    )
    for column in ("replies", "next", "via"):
        frame.at[k, column] = list(frame.at[k, column])[1:]
    write_table(frame, proofs, table="shiritori/proofs", schema=PROOFS_SCHEMA)
    one, two = verify_results(outcomes, proofs, TSV), verify_results(outcomes, proofs, TSV, jobs=2)
    assert len(one.failures) == 1 and one.failures[0].startswith(variants[1])
    assert (two.failures, two.pairs, two.nodes) == (one.failures, one.pairs, one.nodes)
    apart = verify_results(outcomes, proofs, TSV, jobs=2, batch_nodes=0)
    assert (apart.failures, apart.pairs, apart.nodes) == (one.failures, one.pairs, one.nodes)
    # one variant alone is cut into two parts along its sharing groups: the same report
    one, two = (verify_results(outcomes, proofs, TSV, [variants[1]], jobs=j) for j in (1, 2))
    assert len(one.failures) == 1
    assert (two.failures, two.pairs, two.nodes) == (one.failures, one.pairs, one.nodes)


def test_sharing_groups_join_exactly_the_certificates_that_share_a_node_or_an_exchange(
    tmp_path,
):
    from asobi.shiritori.certificates import sharing_groups

    results = _results_dir(tmp_path, max_starts=120)
    nodes, roots = load_nodes(results / "shiritori" / "proofs.parquet", DEFAULT_RULES.variant_id)
    groups, owned = sharing_groups(nodes, roots)
    keys, starts = list(roots.values()), list(roots)
    seen = np.full(len(nodes), -1, dtype=np.int64)
    reach = [set(nodes.reached(key, seen, k).tolist()) for k, key in enumerate(keys)]
    # the plain way: join two start words when their walks meet or one is exchanged with the
    # other, until nothing changes
    label = list(range(len(keys)))
    changed = True
    while changed:
        changed = False
        for a in range(len(keys)):
            for b in range(a + 1, len(keys)):
                node = nodes[keys[b]]
                exchanged = node.next == (INTERCHANGED,) and node.via[0] == starts[a]
                if label[a] != label[b] and (reach[a] & reach[b] or exchanged):
                    low, high = sorted((label[a], label[b]))
                    label = [low if x == high else x for x in label]
                    changed = True
    same = {(a, b) for a in range(len(keys)) for b in range(len(keys)) if label[a] == label[b]}
    assert same == {
        (a, b) for a in range(len(keys)) for b in range(len(keys)) if groups[a] == groups[b]
    }
    assert len(set(groups)) > 1 and any(label.count(x) > 1 for x in label)
    assert sum(owned) == len(set().union(*reach))


def _results_dir(tmp_path: Path, max_starts: int) -> Path:
    """A results folder with outcomes.parquet and proofs.parquet of the default variant."""
    folder = tmp_path / "results" / "shiritori"
    folder.mkdir(parents=True)
    part, proofs = tmp_path / "part.parquet", tmp_path / "proofs-part.parquet"
    write_outcomes_chunk(
        str(TSV),
        str(part),
        str(proofs),
        variant=DEFAULT_RULES.variant_id,
        chunk=0,
        chunks=1,
        node_budget=1000,
        proof_budget=5000,
        max_starts=max_starts,
    )
    write_outcomes([str(part)], str(folder / "outcomes.parquet"))
    write_proofs([str(proofs)], str(folder / "proofs.parquet"))
    return tmp_path / "results"


VERIFY_IN_SUBPROCESS = """
import json, sys
from asobi.cli import main
code = main(["shiritori", "verify", sys.argv[1]])
loaded = sorted(m for m in sys.modules if m.startswith("asobi.shiritori"))
print(json.dumps({"code": code, "loaded": loaded}))
"""


def _run_verify(results: Path) -> tuple[dict, list[str]]:
    done = subprocess.run(
        [sys.executable, "-c", VERIFY_IN_SUBPROCESS, str(results)],
        capture_output=True,
        text=True,
        check=True,
    )
    *lines, last = done.stdout.strip().splitlines()
    return json.loads(last), lines


def test_verify_command_does_not_import_the_solver_and_fails_on_a_bad_certificate(tmp_path):
    results = _results_dir(tmp_path, max_starts=40)
    status, lines = _run_verify(results)
    assert status["code"] == 0, lines
    assert "asobi.shiritori.verify" in status["loaded"]
    assert "asobi.shiritori.solver" not in status["loaded"]
    assert "asobi.shiritori.compiled" not in status["loaded"]
    assert len(lines) == 1 and lines[0].startswith("verified ") and "nodes checked" in lines[0]
    # drop one reply from the certificate of a yokai win: one failure line, exit status 1
    proofs = results / "shiritori" / "proofs.parquet"
    frame = pd.read_parquet(proofs)
    k = next(i for i, row in frame.iterrows() if row["root"] and pd.notna(row["word"]))
    for column in ("replies", "next", "via"):
        frame.at[k, column] = list(frame.at[k, column])[1:]
    write_table(frame, proofs, table="shiritori/proofs", schema=PROOFS_SCHEMA)
    status, lines = _run_verify(results)
    assert status["code"] == 1
    assert len(lines) == 1 and "not covered" in lines[0], lines


def test_the_verifier_reads_certificates_as_written(default_certificates, tmp_path):
    # the verifier keeps the nodes as arrays (strings as numbers); every node it gives back
    # is the row that was written, in whatever order the rows were written
    game, _, rows = default_certificates
    path = tmp_path / "proofs.parquet"
    shuffled = pd.DataFrame(rows, columns=PROOFS_SCHEMA.names).sample(frac=1, random_state=3)
    write_table(shuffled, path, table="shiritori/proofs", schema=PROOFS_SCHEMA)
    nodes, roots = load_nodes(path, game.rules.variant_id)
    written, written_roots = graph(rows)
    assert roots == dict(sorted(written_roots.items(), key=lambda item: item[1]))
    assert len(nodes) == len(written) and set(nodes) == set(written)
    assert all(nodes[key] == node for key, node in written.items())
    assert max(written) + 1 not in nodes
    with pytest.raises(KeyError):
        nodes[max(written) + 1]


def test_a_node_listed_twice_or_with_lists_of_unequal_length_is_one_failure(tmp_path):
    from asobi.shiritori.verify import verify_results

    results = _results_dir(tmp_path, max_starts=20)
    folder = results / "shiritori"
    frame = pd.read_parquet(folder / "proofs.parquet")
    good = frame.copy()
    frame = pd.concat([frame, frame.iloc[[0]]])
    write_table(frame, folder / "proofs.parquet", table="shiritori/proofs", schema=PROOFS_SCHEMA)
    report = verify_results(folder / "outcomes.parquet", folder / "proofs.parquet", TSV)
    assert len(report.failures) == 1 and "listed twice" in report.failures[0], report.failures
    k = next(i for i, row in good.iterrows() if row["root"] and pd.notna(row["word"]))
    good.at[k, "next"] = list(good.at[k, "next"])[1:]
    write_table(good, folder / "proofs.parquet", table="shiritori/proofs", schema=PROOFS_SCHEMA)
    report = verify_results(folder / "outcomes.parquet", folder / "proofs.parquet", TSV)
    assert len(report.failures) == 1 and "differ in length" in report.failures[0], report.failures


def test_a_listed_reply_used_where_the_node_is_walked_is_skipped(default_certificates):
    # a node serves several positions: a reply legal where it was built may be used where
    # it is walked (the loser cannot say it), but a word that does not answer is refused
    game, results, rows = default_certificates
    nodes, roots = graph(rows)
    start, key = next(
        (start, key)
        for start, key in roots.items()
        if nodes[key].word is not None and ENDS_IN_N in nodes[key].next
    )
    node = nodes[key]
    n_word = node.replies[node.next.index(ENDS_IN_N)]
    i = game.index[start]
    checker = VariantChecker(game, nodes)
    used = game.bans[i] | game.bans[game.index[n_word]]
    checker._loser_turn(key, node, used, game.last[i])  # no error: the ン word is skipped
    stranger = next(w for w in game.words if game.first[game.index[w]] != game.last[i])
    bad = Node(node.word, (*node.replies, stranger), (*node.next, ENDS_IN_N), (*node.via, None))
    with pytest.raises(CertificateError, match=f"{stranger} is no reply"):
        VariantChecker(game, {**nodes, key: bad})._loser_turn(key, bad, used, game.last[i])
    blank = Node(node.word, (*node.replies, None), (*node.next, ENDS_IN_N), (*node.via, None))
    with pytest.raises(CertificateError, match="None is no reply"):  # a null reply: one line
        VariantChecker(game, {**nodes, key: blank})._loser_turn(key, blank, used, game.last[i])


def test_start_words_that_begin_and_end_alike_are_certified_by_exchange():
    # アイヌソッキ, アシアライヤシキ and アッキ all begin with ア and end with キ, and none has
    # an alias: exchanging two of them maps one game onto the other, so only the first
    # gets a strategy and the others one row each pointing to it
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    starts = ["アイヌソッキ", "アシアライヤシキ", "アッキ"]
    results, rows = build(game, starts, node_budget=None)
    roots = [row for row in rows if row["root"]]
    assert [row["start"] for row in roots] == starts
    for row in roots[1:]:
        assert row["next"] == [INTERCHANGED] and row["via"] == ["アイヌソッキ"]
        assert row["replies"] == [row["start"]] and row["word"] is None
    assert sum(row["start"] != "アイヌソッキ" for row in rows) == 2
    winners, _ = check_all(game, rows)
    assert winners == {start: results[start].winner for start in starts}
    assert len(set(winners.values())) == 1


def test_a_bad_exchange_is_caught(default_certificates):
    game, results, rows = default_certificates
    nodes, roots = graph(rows)
    free = max(nodes) + 1

    def exchange(start: str, twin: str, *, checked: list[str]):
        checker = VariantChecker(
            game, {**nodes, free: Node(None, (start,), (INTERCHANGED,), (twin,))}
        )
        for word in checked:
            checker.check(word, roots[word])
        return checker.check(start, free)

    # アズキアライ begins with ア, カッパ with カ
    with pytest.raises(CertificateError, match="not interchangeable"):
        exchange("アズキアライ", "カッパ", checked=["カッパ"])
    with pytest.raises(CertificateError, match="not checked"):
        exchange("アッキ", "アイヌソッキ", checked=[])
    assert (
        exchange("アッキ", "アイヌソッキ", checked=["アイヌソッキ"])
        == results["アイヌソッキ"].winner
    )


def test_a_failed_certificate_is_one_line_with_the_words_exchanged_with_it(tmp_path):
    from asobi.shiritori.verify import verify_results

    results = _results_dir(tmp_path, max_starts=40)
    folder = results / "shiritori"
    frame = pd.read_parquet(folder / "proofs.parquet")
    exchanged = frame[frame["root"] & frame["next"].map(lambda entries: list(entries) == [-3])]
    assert len(exchanged), "the first 40 start words of the default variant have no twins"
    twin = exchanged["via"].iloc[0][0]
    dependents = sorted(exchanged[exchanged["via"].map(lambda via: via[0] == twin)]["start"])
    k = frame.index[frame["root"] & (frame["start"] == twin)][0]
    if pd.isna(frame.at[k, "word"]):  # a human win: the root's reply is the start word
        frame.at[k, "replies"] = ["ヌラリヒョン"]
    else:
        for column in ("replies", "next", "via"):
            frame.at[k, column] = list(frame.at[k, column])[1:]
    write_table(frame, folder / "proofs.parquet", table="shiritori/proofs", schema=PROOFS_SCHEMA)
    report = verify_results(folder / "outcomes.parquet", folder / "proofs.parquet", TSV)
    assert len(report.failures) == 1, report.failures
    assert f" {twin}: " in report.failures[0]
    assert all(start in report.failures[0] for start in dependents)


# -- every certificate of small dense games verifies, and proves the plain negamax's winner --

KANA = "アイウダタン"
synthetic_word = st.tuples(
    st.sampled_from(KANA[:5]), st.sampled_from("カキクケコ"), st.sampled_from(KANA)
).map("".join)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    words=st.lists(synthetic_word, min_size=2, max_size=12, unique=True),
    alias_pairs=st.lists(st.tuples(st.integers(0, 11), st.integers(0, 11)), max_size=3),
    rules=st.sampled_from(ALL_RULES),
    compiled=st.booleans(),
    share_min_nodes=st.sampled_from([1, 64]),
)
def test_certificates_of_dense_lexicons_verify(
    words, alias_pairs, rules, compiled, share_min_nodes
):
    aliases: dict[str, list[str]] = {w: [] for w in words}
    for a, b in alias_pairs:
        if a < len(words) and b < len(words) and a != b:
            aliases[words[a]].append(words[b])
            aliases[words[b]].append(words[a])
    game = Shiritori(Lexicon.from_pairs(aliases.items()), rules)
    # compiled: the Python stages give up at once and the compiled df-pn decides
    budgets = (
        {"node_budget": 1, "proof_budget": 0, "compiled_budget": 10**6, "compiled_table_bits": 10}
        if compiled
        else {"node_budget": None}
    )
    # share_min_nodes=1: every node the builder may reuse at another start word is reused
    results, rows = build(game, words, share_min_nodes=share_min_nodes, **budgets)
    proved, _ = check_all(game, rows)
    for start, result in results.items():
        plain = "human" if mover_wins(game, game.opening(start)) else "yokai"
        assert result.winner == plain
        assert proved[start] == plain, start


# -- one strategy shared by start words that lead to the same trap ---------------------------

TRAP = Lexicon.from_pairs([(word, []) for word in ("オカ", "イカ", "カア", "アン", "アカ")])


def _shared_rows(lexicon_words: tuple[str, ...]) -> list[dict]:
    """Human wins for オカ and イカ, both answered by カア at one shared node."""
    rows = [
        {"start": "オカ", "node": 0, "root": True, "word": None, "replies": ["オカ"]},
        {"start": "オカ", "node": 1, "root": False, "word": "カア"},
        {"start": "イカ", "node": 2, "root": True, "word": None, "replies": ["イカ"]},
    ]
    rows[0] |= {"next": [1], "via": [None]}
    rows[2] |= {"next": [1], "via": [None]}
    replies = [w for w in lexicon_words if w.startswith("ア") and w != "アカ"]
    rows[1] |= {
        "replies": replies,
        "next": [ENDS_IN_N] * len(replies),
        "via": [None] * len(replies),
    }
    return rows


def test_a_shared_node_is_checked_once_where_the_loser_gains_no_reply():
    # after オカ / イカ → カア the yokai can only say アン; the start word is no reply there
    game = Shiritori(
        Lexicon.from_pairs([(w, []) for w in ("オカ", "イカ", "カア", "アン")]), DEFAULT_RULES
    )
    proved, walked = check_all(game, _shared_rows(game.words))
    assert proved == {"オカ": "human", "イカ": "human"}
    assert walked == 1  # the loser turn after カア, walked for オカ only


def test_a_shared_node_is_walked_again_where_the_loser_gains_a_reply():
    # アカ as the first start word: it is used when the node is built, and the yokai's reply
    # アカ after カア only exists in the other start word's game (where it wins for the yokai)
    game = Shiritori(TRAP, DEFAULT_RULES)
    rows = _shared_rows(game.words)
    rows[0] |= {"start": "アカ", "replies": ["アカ"]}
    rows[2] |= {"start": "オカ", "replies": ["オカ"]}
    with pytest.raises(CertificateError, match="reply アカ is not covered"):
        check_all(game, rows)


def test_the_builder_shares_trap_strategies_across_start_words():
    rules = Rules(small_kana="enlarge", final_u="pronounced", dakuten="free", aliases="independent")
    game = Shiritori(CLEAN.lexicon, rules)
    starts = CLEAN.words[:120]
    budgets = {"node_budget": 1000, "proof_budget": 5000}
    alone, rows_alone = build(game, starts, share_min_nodes=10**9, **budgets)
    shared, rows_shared = build(game, starts, **budgets)
    assert {s: r.winner for s, r in shared.items()} == {s: r.winner for s, r in alone.items()}
    assert len(rows_shared) < len(rows_alone)
    proved, _ = check_all(game, rows_shared)
    assert proved == {s: r.winner for s, r in shared.items() if r.winner != "unknown"}


def test_certificate_rows_refer_only_to_their_variants_nodes():
    game = Shiritori(CLEAN.lexicon, Rules(dakuten="free"))
    _, rows = build(game, CLEAN.words[:20], node_budget=1000, proof_budget=5000)
    ids = {row["node"] for row in rows}
    assert len(ids) == len(rows)
    assert all(target in ids for row in rows for target in row["next"] if target >= 0)


def test_vendored_certificates_are_used_instead_of_searching_and_checked_by_the_verify_step(
    tmp_path, monkeypatch
):
    import asobi.shiritori.vendored as vendored
    from asobi.shiritori.certify import CertificateFailure, write_certificates
    from asobi.shiritori.verify import verify_results

    variant = DEFAULT_RULES.variant_id
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    staged = StagedSolver(game, node_budget=None)
    result = staged.solve("ロクロクビ")
    folder = tmp_path / "data" / "shiritori" / "proofs"
    folder.mkdir(parents=True)
    write_certificates(staged, [result], folder / f"{variant}.parquet")
    monkeypatch.setattr(vendored, "package_data", lambda *parts: tmp_path.joinpath("data", *parts))
    words = list(CLEAN.words)
    max_starts = words.index("ロクロクビ") + 1
    part, proofs = tmp_path / "part.parquet", tmp_path / "proofs.parquet"
    chunk = {"variant": variant, "chunk": 0, "chunks": 1, "node_budget": 1000}
    write_outcomes_chunk(str(TSV), str(part), str(proofs), max_starts=max_starts, **chunk)
    outcomes = pd.read_parquet(part).set_index("start")
    assert outcomes.loc["ロクロクビ", "winner"] == "yokai"
    assert outcomes.loc["ロクロクビ", "nodes"] == 0  # not searched
    line = list(outcomes.loc["ロクロクビ", "line"])
    assert line[0] == "ロクロクビ" and len(line) % 2 == 1  # ends with the human stuck
    report = verify_results(part, proofs, TSV)
    assert not report.failures and report.pairs == max_starts
    # a vendored certificate that does not hold is copied as it is, and the verify step
    # (which fails the run) names it
    frame = pd.read_parquet(folder / f"{variant}.parquet")
    k = next(i for i, row in frame.iterrows() if row["root"])
    for column in ("replies", "next", "via"):
        frame.at[k, column] = list(frame.at[k, column])[1:]
    write_table(
        frame, folder / f"{variant}.parquet", table="shiritori/proofs", schema=PROOFS_SCHEMA
    )
    write_outcomes_chunk(str(TSV), str(part), str(proofs), max_starts=max_starts, **chunk)
    report = verify_results(part, proofs, TSV)
    assert len(report.failures) == 1 and "ロクロクビ" in report.failures[0]
    # one that points to a node it does not hold stops the step in one line
    frame.at[k, "next"] = [10**12 if target >= 0 else target for target in frame.at[k, "next"]]
    write_table(
        frame, folder / f"{variant}.parquet", table="shiritori/proofs", schema=PROOFS_SCHEMA
    )
    with pytest.raises(
        CertificateFailure, match="vendored certificate of .* ロクロクビ is malformed"
    ):
        write_outcomes_chunk(str(TSV), str(part), str(proofs), max_starts=max_starts, **chunk)


def test_vendored_certificates_are_copied_node_for_node_under_the_chunks_ids(tmp_path):
    # the copy is made from the verifier's arrays: every node, its start and root flag come
    # back under new ids (chunk 1 of 3: ids ≡ 1 mod 3, in the order of the old ones)
    from asobi.shiritori.certify import write_certificates
    from asobi.shiritori.vendored import Vendored

    variant = DEFAULT_RULES.variant_id
    game = Shiritori(CLEAN.lexicon, DEFAULT_RULES)
    staged = StagedSolver(game, node_budget=None)
    starts = ["アイヌソッキ", "アッキ", "カッパ", "クモビ", "ロクロクビ"]
    path = tmp_path / "vendored.parquet"
    write_certificates(staged, [staged.solve(start) for start in starts], path)
    nodes, roots = load_nodes(path, variant)
    builder = CertificateBuilder(StagedSolver(game, node_budget=None), variant, chunk=1, chunks=3)
    results = builder.add_vendored(Vendored(nodes, roots))
    assert [r.start for r in results] == list(roots) and builder.node_count == len(nodes)
    copied = builder.table().to_pylist()
    old = pq.read_table(path).to_pylist()
    assert [row["node"] for row in copied] == [1 + 3 * k for k in range(len(old))]
    new_id = {row["node"]: 1 + 3 * k for k, row in enumerate(sorted(old, key=lambda r: r["node"]))}
    expected = [
        {**row, "node": new_id[row["node"]], "next": [new_id.get(t, t) for t in row["next"]]}
        for row in sorted(old, key=lambda r: r["node"])
    ]
    assert copied == expected


def test_vendored_certificates_are_a_workflow_input_only_when_present_and_switched_on(
    tmp_path, monkeypatch
):
    from asobi.shiritori import vendored

    monkeypatch.setattr(vendored, "package_data", lambda *parts: tmp_path.joinpath(*parts))
    variant = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-strict__aliases-ban"
    assert vendored.vendored_inputs(variant, True) == []
    path = tmp_path / "shiritori" / "proofs" / f"{variant}.parquet"
    path.parent.mkdir(parents=True)
    path.write_bytes(b"")
    assert vendored.vendored_inputs(variant, True) == [str(path)]
    assert vendored.vendored_inputs(variant, False) == []


def test_chunk_0_asks_for_the_memory_its_vendored_check_took(tmp_path):
    # 1.37 GB peak for chunk 0 of previous_kana/written/independent with its 4.4 MB file,
    # 8.4 GB with the 36.1 MB file before its strategies were shared (docs/PERFORMANCE.md):
    # the estimate covers both, and nothing vendored asks for nothing
    from asobi.shiritori.vendored import VENDORED_CHECK_MB_PER_MB, vendored_check_mem_mb

    assert vendored_check_mem_mb([]) == 0
    for size, peak_mb in ((4_385_760, 1_368), (36_143_838, 8_444)):
        measured = tmp_path / f"{size}.parquet"
        measured.write_bytes(b"\0" * size)
        estimate = vendored_check_mem_mb([str(measured)])
        assert 3000 + estimate >= peak_mb  # the rule's 3000 MB for the search, plus the copy
        assert estimate == VENDORED_CHECK_MB_PER_MB * size // 2**20
        assert vendored_check_mem_mb([str(measured)] * 2) == 2 * estimate


VENDORED = sorted((REPO / "src" / "asobi" / "data" / "shiritori" / "proofs").glob("*.parquet"))


@pytest.mark.parametrize("path", VENDORED, ids=[p.stem for p in VENDORED])
def test_every_vendored_certificate_holds_under_its_variants_rules(path):
    # What the default run relies on instead of searching: each shipped file's certificates,
    # checked with the rules alone (one checker, in build order); check() raises
    # CertificateError on the first reply not covered or move not legal.
    variant = path.stem
    nodes, roots = load_nodes(path, variant)
    assert roots, f"{path.name} holds no certificate of {variant}"
    checker = VariantChecker(Shiritori(CLEAN.lexicon, Rules.from_variant_id(variant)), nodes)
    for start, root in roots.items():
        checker.check(start, root)


def test_the_vendored_certificates_stay_within_the_issues_50_mb():
    # issue 11's bound for certificates kept in git
    assert sum(path.stat().st_size for path in VENDORED) <= 50_000_000


def test_re_searches_without_a_snapshot_give_the_same_checked_certificates(monkeypatch):
    # deep runs with tables too large to copy let the re-searches write into the table
    from asobi.shiritori.compiled import CompiledSearch

    rules = Rules.from_variant_id(
        "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-free__aliases-ban"
    )
    game = Shiritori(CLEAN.lexicon, rules)
    starts = ["イタオニ", "オウニ", "アズキトギ"]
    snapshots = []
    real_snapshot = CompiledSearch.snapshot
    monkeypatch.setattr(
        CompiledSearch, "snapshot", lambda self: snapshots.append(1) or real_snapshot(self)
    )
    proved = {}
    for isolate in (True, False):
        snapshots.clear()
        staged = StagedSolver(
            game, node_budget=1, proof_budget=0, compiled_budget=10**6, compiled_table_bits=10
        )
        builder = CertificateBuilder(staged, rules.variant_id, isolate_research=isolate)
        winners = {}
        for start in starts:
            result = staged.solve(start)
            winners[start] = result.winner
            builder.add(result)
        assert builder.researched > 0  # the tiny table forces re-searches
        assert (len(snapshots) > 0) == isolate
        proved[isolate], _ = check_all(game, builder.rows)
        assert proved[isolate] == winners
    assert proved[True] == proved[False]


@settings(max_examples=60, deadline=None)
@given(
    st.sets(st.integers(0, 5000), min_size=1, max_size=60),
    st.sampled_from([1, 2, 3, 1000]),  # dense ids, the ids of a chunk of 2 or 3, far apart
)
def test_a_node_table_finds_each_node_by_its_id_however_the_ids_are_spread(locals_, spread):
    from asobi.shiritori.certificates import NodeTable

    columns = ("node", "word", "replies", "next", "via")
    keys = [spread * k for k in sorted(locals_, reverse=True)]  # rows not in id order
    words = [f"w{key}" for key in keys]
    table = pa.Table.from_pydict(
        {
            "node": keys,
            "word": words,
            "replies": [[] for _ in keys],
            "next": [[] for _ in keys],
            "via": [[] for _ in keys],
        },
        schema=pa.schema([PROOFS_SCHEMA.field(name) for name in columns]),
    )
    nodes = NodeTable(table)
    assert {key: nodes[key].word for key in keys} == dict(zip(keys, words, strict=True))
    for missing in {min(keys) - 1, max(keys) + 1, *(key + 1 for key in keys)} - set(keys):
        assert missing not in nodes
        with pytest.raises(KeyError):
            nodes[missing]
