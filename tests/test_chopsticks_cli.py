"""`asobi chopsticks ...` from the command line, and one small real Snakemake run."""

from __future__ import annotations

import shlex
from pathlib import Path

import pandas as pd
import pytest

from asobi.chopsticks.chopsticks import Rules
from asobi.chopsticks.claims import CLAIM_IDS
from asobi.chopsticks.rule_sets import rule_sets, shard_names, shard_rule_sets, work
from asobi.chopsticks.solver import solve
from asobi.chopsticks.tables import variant_row
from asobi.cli import main
from asobi.core.errors import ConfigError
from asobi.core.tables import read_metadata, write_table


def test_best_prints_outcome_distance_and_moves(capsys):
    assert main(["chopsticks", "best", "1,2 1,1", "--split", "--fusion", "--reaction"]) == 0
    out = capsys.readouterr().out
    assert "rules: dies5_cutoff_split_fusion_reaction" in out
    assert "outcome: second" in out and "plies: 4" in out


def test_best_of_the_first_move_in_the_article_rules(capsys):
    assert main(["chopsticks", "best", "1,1 1,1", "--split", "--fusion", "--reaction"]) == 0
    out = capsys.readouterr().out
    assert "outcome: first" in out and "plies: 5" in out and "best moves: 1>1" in out


def test_best_shows_a_draw_without_distance(capsys):
    assert main(["chopsticks", "best", "1,1 1,1", "--overflow", "rollover"]) == 0
    out = capsys.readouterr().out
    assert "outcome: draw" in out and "plies: -" in out


def test_best_with_unequal_hands(capsys):
    assert main(["chopsticks", "best", "1 1,1", "--hands", "1", "--other-hands", "2"]) == 0
    assert "outcome: second" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["1,5 1,1"], "hand value 5 is out of range"),
        (["1,1,1 1,1"], "wrong number of hands"),
        (["a,b 1,1"], "comma-separated numbers"),
        (["1,1 0,0"], "already over"),
        (["1,1 1,1", "--fusion"], "need split"),
        (["1,1 1,1", "--split", "--from-one"], "from_one needs fusion"),
        (["1,1 1,1", "--from-one"], "need"),
        (["1,1 1,1", "--dies-at", "1"], "dies-at"),
        (["1,1,1,1,1,1,1,1 1,1,1,1,1,1,1,1", "--hands", "8", "--dies-at", "16"], "positions"),
    ],
)
def test_best_rejects_bad_input_with_one_line(capsys, argv, message):
    assert main(["chopsticks", "best", *argv]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


TABLE_RULES = ["--dies-at", "4", "--split", "--revive", "--fusion", "--reaction", "--from-one"]


def _tsv(capsys, argv: list[str]) -> list[list[str]]:
    assert main(["chopsticks", "table", *argv]) == 0
    return [line.split("\t") for line in capsys.readouterr().out.splitlines()]


def test_table_rows_agree_with_best_row_by_row(capsys):
    header, *rows = _tsv(capsys, TABLE_RULES)
    assert header == ["mover", "other", "outcome", "plies", "best_moves"]
    assert rows and all(len(row) == 5 for row in rows)
    keys = [(tuple(map(int, r[0].split(","))), tuple(map(int, r[1].split(",")))) for r in rows]
    assert keys == sorted(keys) and len(set(keys)) == len(keys)
    assert ((1, 1), (1, 1)) in keys  # the start
    for mover, other, outcome, plies, best_moves in rows:
        assert main(["chopsticks", "best", f"{mover} {other}", *TABLE_RULES]) == 0
        printed = dict(line.split(": ", 1) for line in capsys.readouterr().out.splitlines())
        assert printed["outcome"].split()[0] == outcome
        assert printed["plies"] == (plies or "-")
        assert printed["best moves"] == (best_moves or "-")
        assert "0,0" not in (mover, other)  # both players alive


def test_table_all_lists_every_position_with_both_players_alive(capsys):
    _, *reachable = _tsv(capsys, TABLE_RULES)
    _, *every = _tsv(capsys, [*TABLE_RULES, "--all"])
    hands = [f"{a},{b}" for a in range(4) for b in range(a, 4) if (a, b) != (0, 0)]
    assert [row[:2] for row in every] == [[m, o] for m in hands for o in hands]
    assert len(reachable) < len(every)
    assert all(row in every for row in reachable)


def test_table_with_unequal_hands(capsys):
    _, *rows = _tsv(capsys, ["--hands", "1", "--other-hands", "2", "--dies-at", "3", "--all"])
    assert ["1", "1,1", "second", "2", "1>1"] in rows  # 1>1, then the 2 taps the 1
    assert {len(row[0].split(",")) for row in rows} == {1, 2}


def test_variants_prints_the_68_rule_sets(capsys):
    assert main(["chopsticks", "variants"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 69
    assert any(
        line.split()[:3] == ["dies5_cutoff_split_fusion_reaction", "first", "5"] for line in lines
    )


def test_variants_missing_table(capsys, tmp_path):
    assert main(["chopsticks", "variants", "--table", str(tmp_path / "none.parquet")]) == 2
    assert "no variants table" in capsys.readouterr().err


def _variants_error(capsys, table: Path) -> str:
    assert main(["chopsticks", "variants", "--table", str(table)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("asobi: error: ") and err.count("\n") == 1, err
    assert "Traceback" not in err and str(table) in err
    return err


def test_variants_table_that_is_not_parquet_is_one_line(capsys, tmp_path):
    text = tmp_path / "passwd"
    text.write_text("root:x:0:0:root:/root:/bin/bash\n")
    assert "is not a Parquet file" in _variants_error(capsys, text)


def test_variants_table_of_another_table_is_one_line(capsys, tmp_path):
    rows = pd.DataFrame([variant_row(solve(Rules()))])
    other = write_table(rows, tmp_path / "positions.parquet", table="chopsticks/positions")
    err = _variants_error(capsys, other)
    assert "holds the table chopsticks/positions, not chopsticks/variants" in err
    plain = tmp_path / "plain.parquet"
    rows.drop(columns=["n_draw"]).to_parquet(plain)
    assert "is not a chopsticks/variants table: it has no column n_draw" in _variants_error(
        capsys, plain
    )
    right = write_table(rows, tmp_path / "variants.parquet", table="chopsticks/variants")
    assert main(["chopsticks", "variants", "--table", str(right)]) == 0
    assert capsys.readouterr().out.splitlines()[1].split()[0] == Rules().variant_id


def test_default_config_rule_sets_and_shards():
    chosen = rule_sets({})
    ids = [rules.variant_id for rules in chosen]
    # 68 article rule sets + 16 hand pairs x 9 dies_at x 2 overflows, minus the 4 simple
    # 2-against-2 rule sets with dies_at 5 or 6 that are article rule sets already; then
    # dies_at 2..10 x 2 overflows x (no split, 16 switch sets, 8 from_one readings), minus
    # the 68 article ones and the 14 other simple 2-against-2 ones
    assert len(ids) == len(set(ids)) == 68 + 16 * 9 * 2 - 4 + 9 * 2 * 25 - 68 - 14
    assert shard_names({}) == [f"part{i:03d}" for i in range(7)]
    shards = [shard_rule_sets({}, name) for name in shard_names({})]
    assert [rules for shard in shards for rules in shard] == chosen  # in order, each once
    assert all(sum(map(work, shard)) <= 1_200_000 or len(shard) == 1 for shard in shards)
    # the largest simple rule set (h4v4, dies_at 10: 715 multisets each) weighs the most
    assert max(map(work, chosen)) == work(Rules(hands_first=4, hands_second=4, dies_at=10))
    assert work(Rules(hands_first=4, hands_second=4, dies_at=10)) == 715**2 + 1_000
    with pytest.raises(ConfigError, match="unknown shard"):
        shard_rule_sets({}, "part999")
    with pytest.raises(ConfigError, match="no rule set"):
        rule_sets(
            {
                "article_rule_sets": False,
                "simple_overflows": [],
                "split_dies_min": 3,
                "split_dies_max": 2,
            }
        )


def test_snakemake_run_of_chopsticks(snakemake_run, capsys):
    config = {
        "chopsticks": {
            "simple_hands_max": 2,
            "simple_dies_max": 4,
            "split_dies_min": 4,
            "split_dies_max": 5,
            "shard_positions": 100_000,
        }
    }
    result, workdir = snakemake_run(config, ["results/chopsticks/claims.parquet"], cores=2)
    assert result.returncode == 0, result.stderr[-3000:]
    variants = pd.read_parquet(workdir / "results/chopsticks/variants.parquet")
    # 68 article rule sets; h1v1, h1v2, h2v1, h2v2 x dies 2..4 x 2 overflows; dies_at 4 with
    # every switch set (50, 2 of them simple, 16 from_one) and the 32 from_one readings of the
    # article's fusion rule sets (dies_at 5 and 6)
    assert len(variants) == 68 + 4 * 3 * 2 + 48 + 32
    assert variants.variant_id.is_unique and variants.from_one.sum() == 16 + 32
    positions = pd.read_parquet(workdir / "results/chopsticks/positions.parquet")
    assert len(positions) == variants.n_positions.sum()
    meta = read_metadata(workdir / "results/chopsticks/positions.parquet")
    assert meta["table"] == "chopsticks/positions"
    assert len(meta["inputs"]) == 3  # 172 rule sets in shards of 77, 87 and 8 (by work)
    claims = pd.read_parquet(workdir / "results/chopsticks/claims.parquet")
    assert len(claims) == len(CLAIM_IDS) and claims.claim_id.str.startswith("chopsticks.").all()
    assert (workdir / "logs/chopsticks/merge.log").exists()
    # asking again changes nothing
    again, _ = snakemake_run(config, ["results/chopsticks/claims.parquet"], cores=2)
    assert again.returncode == 0 and "Nothing to be done" in again.stdout + again.stderr
    assert (
        main(
            [
                "chopsticks",
                "variants",
                "--table",
                str(workdir / "results/chopsticks/variants.parquet"),
            ]
        )
        == 0
    )
    assert len(capsys.readouterr().out.splitlines()) == len(variants) + 1


def test_the_game_pages_command_line_examples_run(capsys):
    page = Path(__file__).resolve().parents[1] / "docs" / "games" / "chopsticks.md"
    section = page.read_text(encoding="utf-8").split("## Command line")[1].split("\n## ")[0]
    commands = [
        shlex.split(line.split("#")[0])[1:]
        for line in section.splitlines()
        if line.startswith("asobi chopsticks") and "results/" not in line
    ]
    assert len(commands) >= 4
    for argv in commands:
        assert main(argv) == 0, argv
    assert "outcome:" in capsys.readouterr().out
