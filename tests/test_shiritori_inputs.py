"""Inputs that must not bypass a check: the yokai list is verified by every step that reads
it, not only by the workflow's checksum rule; a bad entry in ``play`` is asked again."""

from __future__ import annotations

import hashlib
import os
import shutil
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from asobi.core.config import package_data
from asobi.core.errors import DataError, InputError
from asobi.core.runlog import run_step
from asobi.shiritori.cli import command
from asobi.shiritori.data import MAX_LIST_BYTES, load_clean, read_raw, verify_checksum
from asobi.shiritori.pipeline import write_words

VENDORED = package_data("yokai", "yokai_names_2024-07-02.tsv")
SUMS = package_data("yokai", "SHA256SUMS")
DEFAULT = "long_vowel-vowel__small_kana-enlarge__final_u-written__dakuten-strict__aliases-ban"


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """A copy of the vendored folder (list and SHA256SUMS), as the workflow sees it."""
    folder = tmp_path / "resources" / "yokai"
    folder.mkdir(parents=True)
    shutil.copy2(SUMS, folder / SUMS.name)
    return Path(shutil.copy2(VENDORED, folder / VENDORED.name))


def edit_and_set_mtime_back(path: Path) -> None:
    """Change one reading (still valid katakana) and restore the file's old times."""
    before = path.stat()
    text = path.read_text("utf-8")
    assert "ロクロクビ\t" in text
    path.write_text(text.replace("ロクロクビ\t", "ロクロクロ\t", 1), encoding="utf-8")
    os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))
    assert path.stat().st_mtime_ns == before.st_mtime_ns


def test_the_vendored_list_and_an_exact_copy_are_verified(copy):
    assert verify_checksum(VENDORED) == SUMS.read_text("utf-8").split()[0]
    assert verify_checksum(copy) == verify_checksum(VENDORED)
    assert len(load_clean(copy).words) == 1296


def test_words_step_refuses_an_edited_list_with_its_mtime_set_back(copy, tmp_path, capsys):
    words, quality = tmp_path / "words.parquet", tmp_path / "data_quality.parquet"
    step = {"tsv": str(copy), "words_out": str(words), "quality_out": str(quality)}
    run_step(None, write_words, **step, variants=[DEFAULT])
    assert words.exists()  # passed once, as after the checksum rule
    words.unlink()
    quality.unlink()
    edit_and_set_mtime_back(copy)
    capsys.readouterr()
    with pytest.raises(SystemExit) as stop:
        run_step(None, write_words, **step, variants=[DEFAULT])
    assert stop.value.code == 2
    stderr = capsys.readouterr().err
    lines = [line for line in stderr.splitlines() if line.startswith("asobi: ")]
    assert len(lines) == 1 and "Traceback" not in stderr, stderr
    assert "changed after it was checked" in lines[0] and str(SUMS) in lines[0]
    assert not words.exists() and not quality.exists()


def test_a_copy_is_checked_against_the_package_sums_even_without_sums_beside_it(copy):
    (copy.parent / "SHA256SUMS").unlink()
    edit_and_set_mtime_back(copy)
    with pytest.raises(DataError, match="changed after it was checked"):
        read_raw(copy)


def test_a_fetched_list_is_checked_against_the_sums_written_beside_it(tmp_path):
    fetched = tmp_path / "yokai_names.tsv"
    fetched.write_text("name\taliases\nアカナメ\t\nロクロクビ\t\n", encoding="utf-8")
    assert verify_checksum(fetched) is None  # nothing vouches for it yet
    digest = hashlib.sha256(fetched.read_bytes()).hexdigest()
    (tmp_path / "SHA256SUMS").write_text(f"{digest}  yokai_names.tsv\n", encoding="utf-8")
    assert len(load_clean(fetched).words) == 2
    edit_and_set_mtime_back(fetched)
    with pytest.raises(DataError, match=f"{tmp_path / 'SHA256SUMS'} records {digest}"):
        load_clean(fetched)


def test_an_oversized_or_unreadable_list_is_one_error(tmp_path):
    big = tmp_path / "big.tsv"
    with open(big, "wb") as handle:
        handle.write(b"name\taliases\n")
        handle.truncate(MAX_LIST_BYTES + 10)
    with pytest.raises(DataError, match="larger than"):
        read_raw(big)
    long_field = tmp_path / "long.tsv"
    long_field.write_text("name\taliases\n" + "ア" * 200_000 + "\t\n", encoding="utf-8")
    with pytest.raises(DataError, match="field larger than field limit"):
        read_raw(long_field)
    with pytest.raises(DataError, match="cannot read"):
        read_raw(tmp_path)  # a folder


def test_play_asks_again_after_an_entry_that_is_not_kana():
    result = CliRunner().invoke(
        command, ["play", "--yokai", "アズキアライ"], input="kappa\n123\nイシネカプ\n"
    )
    assert result.exit_code == 0, result.output
    refused = [line for line in result.output.splitlines() if "is not a word in kana" in line]
    assert len(refused) == 2
    assert refused[0].endswith("'kappa' is not a word in kana (katakana or hiragana). Try again.")
    assert "you win" in result.output.lower()


def test_workflow_fetches_from_a_local_stand_in_and_refuses_an_edited_fetched_list(
    snakemake_run,
):
    """``source: wikipedia`` end to end against 127.0.0.1; then the issue's bypass: edit the
    fetched list, set its mtime back, ask for ``words.parquet`` again."""
    from test_shiritori_fetch import MediaWiki

    wiki = MediaWiki()
    thread = threading.Thread(target=wiki.server.serve_forever, daemon=True)
    thread.start()
    try:
        config = {
            "shiritori": {
                "source": "wikipedia",
                "variants": [DEFAULT],
                "wikipedia": {"api_url": wiki.url, "timeout_seconds": 5, "retries": 1},
            }
        }
        targets = ["results/shiritori/words.parquet"]
        result, workdir = snakemake_run(config, targets)
        assert result.returncode == 0, result.stderr[-3000:]
        fetched = workdir / "results/shiritori/fetched/yokai_names.tsv"
        assert (fetched.parent / "SHA256SUMS").exists()
        words = workdir / targets[0]
        assert words.exists()
        words.unlink()
        edit_and_set_mtime_back(fetched)
        result, _ = snakemake_run(config, targets)
    finally:
        wiki.stop.set()
        wiki.server.shutdown()
        wiki.server.server_close()
    assert result.returncode != 0
    assert "changed after it was checked" in result.stderr
    assert not words.exists()


def test_a_compiled_table_above_the_maximum_is_refused_in_one_line(capsys):
    from asobi.cli import main
    from asobi.shiritori.search import MAX_TABLE_BITS

    assert main(["shiritori", "solve", "ボゼ", "--compiled-table-bits", "32"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("asobi: error:") and "\n" not in err
    assert f"10<=x<={MAX_TABLE_BITS}" in err


def test_a_compiled_table_larger_than_the_memory_is_refused_before_allocating():
    from asobi.shiritori.search import MAX_TABLE_BITS, check_table_memory, table_bytes

    assert table_bytes(22) == 36 << 22
    check_table_memory(22, available=table_bytes(22))
    with pytest.raises(InputError, match=r"needs 4\.8 GB, but only 1\.0 GB"):
        check_table_memory(27, available=10**9)
    with pytest.raises(InputError, match="at most"):
        check_table_memory(MAX_TABLE_BITS + 1, available=10**15)


def test_the_schema_and_the_cli_share_the_table_maximum():
    from asobi.core.config import DEFAULT_SCHEMA, load_yaml
    from asobi.shiritori.search import MAX_TABLE_BITS

    schema = load_yaml(DEFAULT_SCHEMA)["properties"]["shiritori"]["properties"]
    assert schema["compiled_table_bits"]["maximum"] == MAX_TABLE_BITS
