"""``asobi shiritori solve`` and the interactive ``asobi shiritori play``."""

from __future__ import annotations

import re

import pandas as pd
from click.testing import CliRunner

from asobi.cli import main
from asobi.core.tables import write_table
from asobi.shiritori.cli import command
from asobi.shiritori.compiled import CompiledSearch
from asobi.shiritori.shiritori import DEFAULT_RULES


def test_solve_prints_winner_and_line(capsys):
    assert main(["shiritori", "solve", "ロクロクビ"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("ロクロクビ: yokai wins")
    assert out.splitlines()[1].startswith("ロクロクビ → ")


def test_solve_accepts_hiragana_and_rule_options(capsys):
    assert main(["shiritori", "solve", "あずきとぎ", "--dakuten", "free"]) == 0
    assert capsys.readouterr().out.startswith("アズキトギ: human wins")


def test_solve_uses_the_compiled_stage_for_words_the_python_budgets_leave_open(capsys):
    rules = ["--final-u", "pronounced", "--dakuten", "free", "--aliases", "independent"]
    assert main(["shiritori", "solve", "アカシサマ", *rules, "--compiled-budget", "0"]) == 0
    assert capsys.readouterr().out.startswith("アカシサマ: unknown (not decided within")
    assert main(["shiritori", "solve", "アカシサマ", *rules]) == 0
    out = capsys.readouterr().out
    assert out.startswith("アカシサマ: human wins")
    assert out.splitlines()[1].startswith("アカシサマ → マ")


def test_solve_with_the_table_in_buckets_finds_the_same_winner(capsys):
    rules = ["--final-u", "pronounced", "--dakuten", "free", "--aliases", "independent"]
    command = ["shiritori", "solve", "アカシサマ", *rules, "--compiled-table-bits", "12"]
    assert main([*command, "--compiled-table-ways", "4"]) == 0
    assert capsys.readouterr().out.startswith("アカシサマ: human wins")


def test_solve_refuses_a_table_in_buckets_of_three(capsys):
    assert main(["shiritori", "solve", "ロクロクビ", "--compiled-table-ways", "3"]) == 2
    assert "--compiled-table-ways" in capsys.readouterr().err


def test_solve_reports_progress_of_a_long_compiled_search(capsys, monkeypatch):
    monkeypatch.setattr(CompiledSearch, "slice_nodes", 1000)
    command = ["shiritori", "solve", "アカシサマ", "--dakuten", "free", "--compiled-budget", "3000"]
    assert main(command) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("アカシサマ: unknown")
    lines = captured.err.splitlines()
    assert [line.split(" (")[0] for line in lines] == [
        "アカシサマ: 1,000 of 3,000 compiled nodes, not decided yet",
        "アカシサマ: 2,000 of 3,000 compiled nodes, not decided yet",
    ]
    for line in lines:  # an open root: neither number is 0 (decided) nor infinite
        numbers = re.fullmatch(
            r".* \(at the root: proof number ([\d,]+), disproof number ([\d,]+); "
            r"\d+ of \d+ answers refuted, open: \S.*\)",
            line,
        )
        assert numbers is not None, line
        assert all(0 < int(n.replace(",", "")) < 1 << 40 for n in numbers.groups())


def test_invalid_kana_exits_2(capsys):
    assert main(["shiritori", "solve", "rokurokubi"]) == 2
    assert "not a word in kana" in capsys.readouterr().err


def test_unknown_word_exits_2(capsys):
    assert main(["shiritori", "solve", "ガンダム"]) == 2
    assert "not a word of the yokai list" in capsys.readouterr().err


def test_bad_rule_value_exits_2(capsys):
    assert main(["shiritori", "solve", "ロクロクビ", "--dakuten", "loose"]) == 2


def test_play_the_article_line_and_lose_to_the_bouzu_combo():
    # ビシャガツク is the human's move in the article; the perfect yokai answers with a
    # ～ボウズ word, the only answer ズンベラボウ is then met by another ～ボウズ: no ズ left.
    result = CliRunner().invoke(command, ["play"], input="びしゃがつく\nくつつら\nずんべらぼう\n")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0] == "妖怪: ロクロクビ"
    yokai = [line for line in lines if line.startswith("妖怪: ")]
    assert len(yokai) == 3 and all(
        w.endswith("ボウズ (the yokai is sure to win)") for w in yokai[1:]
    )
    assert "Not allowed: クツツラ begins with ク, not with ズ" in result.output
    assert lines[-1] == "No yokai name starts with ズ: you lose. The yokai eats you."


def test_play_winning_as_the_human():
    runner = CliRunner()
    # アズキアライ is a human win: イシネカプ leaves the yokai without a word starting with プ.
    result = runner.invoke(command, ["play", "--yokai", "アズキアライ"], input="イシネカプ\n")
    assert result.exit_code == 0
    assert "you win" in result.output


def test_play_word_ending_in_n_loses():
    runner = CliRunner()
    result = runner.invoke(command, ["play", "--yokai", "アズキアライ"], input="イッタンモメン\n")
    assert result.exit_code == 0
    assert "イッタンモメン ends in ン: you lose" in result.output


def test_play_end_of_input_resigns():
    result = CliRunner().invoke(command, ["play"], input="")
    assert result.exit_code == 0
    assert "You resign" in result.output


def test_play_illegal_and_unknown_words_are_asked_again():
    result = CliRunner().invoke(command, ["play"], input="カッパ\nビガンダム\nビシャガツク\n\n")
    assert "Not allowed: カッパ begins with カ" in result.output
    assert "ビガンダム is not in the yokai list" in result.output
    assert "妖怪: " in result.output.split("ビシャガツク")[-1]


def test_play_invalid_kana_is_an_error():
    assert main(["shiritori", "play", "--yokai", "kappa"]) == 2


def test_verify_of_a_file_that_is_not_parquet_is_one_line(tmp_path, capsys):
    folder = tmp_path / "results" / "shiritori"
    folder.mkdir(parents=True)
    (folder / "outcomes.parquet").write_text("not a table\n", encoding="utf-8")
    (folder / "proofs.parquet").write_text("not a table\n", encoding="utf-8")
    assert main(["shiritori", "verify", str(tmp_path / "results")]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1
    assert error[0].startswith(f"asobi: error: {folder / 'outcomes.parquet'} is not a Parquet file")


def test_transfer_from_a_hint_file_that_is_not_parquet_is_one_line(tmp_path, capsys):
    hint = tmp_path / "hint.parquet"
    hint.write_text("not a table\n", encoding="utf-8")
    out = tmp_path / "out.parquet"
    args = ["shiritori", "transfer", DEFAULT_RULES.variant_id, str(hint), "ウシロガミ"]
    assert main([*args, "オクリオオカミ", "--out", str(out)]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1
    assert error[0].startswith(f"asobi: error: {hint} is not a Parquet file (")
    assert not out.exists()


def test_verify_of_a_certificates_file_that_is_not_parquet_is_one_line(tmp_path, capsys):
    folder = tmp_path / "results" / "shiritori"
    folder.mkdir(parents=True)
    outcomes = pd.DataFrame(
        {"variant_id": [DEFAULT_RULES.variant_id], "start": ["ロクロクビ"], "winner": ["yokai"]}
    )
    write_table(outcomes, folder / "outcomes.parquet", table="shiritori/outcomes")
    (folder / "proofs.parquet").write_text("not a table\n", encoding="utf-8")
    assert main(["shiritori", "verify", str(tmp_path / "results")]) == 2
    error = capsys.readouterr().err.strip().splitlines()
    assert len(error) == 1
    assert error[0].startswith(f"asobi: error: {folder / 'proofs.parquet'} is not a Parquet file")
