"""``asobi shiritori transfer``: a start word certified by following the certificate of
another one (its moves, and its nodes where the verifier's rule lets them serve), across
variants, with backtracks, a first answer, books and yokai wins; every certificate checks
and a transfer that cannot be made is refused in one line."""

from __future__ import annotations

import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from shiritori_tools import CLEAN, asobi_transfer, run_deep

from asobi.shiritori.certificates import load_nodes
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, Shiritori
from asobi.shiritori.verify import VariantChecker


def test_a_certificate_followed_for_other_start_words_checks_and_reuses_its_nodes(tmp_path):
    # ウシロガミ is a human win under the article's rules; オクリオオカミ and シバガミ end in ミ
    # too: their certificates are built by following ウシロガミ's, and every one checks
    hint, out = tmp_path / "hint.parquet", tmp_path / "transferred.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    words = ["オクリオオカミ", "シバガミ"]
    result = asobi_transfer(
        DEFAULT_RULES.variant_id,
        str(hint),
        "ウシロガミ",
        *words,
        "--out",
        str(out),
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
    result = asobi_transfer(
        DEFAULT_RULES.variant_id,
        str(hint),
        hint_word,
        word,
        "--out",
        str(out),
        *options,
    )
    assert result.returncode != 0 and message in result.stderr.strip().splitlines()[-1]
    assert not out.exists()


def test_onto_without_a_hint_of_another_variant_is_refused_in_one_line(tmp_path):
    hint, out = tmp_path / "hint.parquet", tmp_path / "out.parquet"
    assert run_deep(hint, start="ウシロガミ").returncode == 0
    args = [DEFAULT_RULES.variant_id, str(hint), "ウシロガミ", "オクリオオカミ", "--out", str(out)]
    result = asobi_transfer(*args, "--onto", str(hint))
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
    result = asobi_transfer(
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
    result = asobi_transfer(*args)
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
    result = asobi_transfer(*args, "--first", "ボゼ")
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
    result = asobi_transfer(*args, "--yokai")
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
    first = asobi_transfer(
        variant,
        str(hint),
        "ミアゲニュウドウ",
        "リュウトウ",
        "--out",
        str(middle),
    )
    assert first.returncode == 0, first.stderr[-2000:]
    second = asobi_transfer(
        variant,
        str(middle),
        "リュウトウ",
        "ペロリタロウ",
        "--out",
        str(out),
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
    result = asobi_transfer(
        variant,
        str(hint),
        "ミアゲニュウドウ",
        "ミコシニュウドウ",
        "--out",
        str(out),
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
    result = asobi_transfer(*args, "--replace")
    assert result.returncode == 0, result.stderr[-2000:]
    graph, roots = load_nodes(out, DEFAULT_RULES.variant_id)
    starts = pq.read_table(out).filter(pq.read_table(out).column("root")).column("start")
    assert starts.to_pylist() == ["ウシロガミ", "オクリオオカミ"]  # one root each
    assert roots["オクリオオカミ"] > max(pq.read_table(hint).column("node").to_pylist())
    checker = VariantChecker(Shiritori(CLEAN.lexicon, DEFAULT_RULES), graph)
    assert [checker.check(s, r) for s, r in roots.items()] == ["human", "human"]
