"""The rulings table (the engine's rulings on the article's example plays) and the table of
sums of two cubes, as the run writes them."""

from __future__ import annotations

from pathlib import Path

import pandas as pd

from asobi.core.tables import read_metadata, read_table
from asobi.daifugo.daifugo import Rules, judge
from asobi.daifugo.pipeline import write_cube_sums, write_rulings
from asobi.daifugo.plays import Field, Play
from asobi.daifugo.rulings import (
    CUBE_SUMS_MAX,
    OTHER_PLAYER,
    OTHER_PLAYER_MOVES,
    PASS,
    QUESTIONS,
    cube_sums_frame,
    rulings_frame,
)


def _field(row, when: str) -> Field:
    top, cards = row[f"top_{when}"], row[f"cards_{when}"]
    return Field(
        None if pd.isna(top) else int(top),
        None if pd.isna(cards) else int(cards),
        bool(row[f"revolution_{when}"]),
    )


def test_every_row_is_the_engines_ruling_on_its_field():
    frame = rulings_frame(Rules())
    assert list(frame["example"].unique()) == ["example_8", *QUESTIONS, OTHER_PLAYER]
    for _, row in frame.iterrows():
        before, after = _field(row, "before"), _field(row, "after")
        if row["play"] == PASS:
            assert after == before.cleared() and row["ruling"] == "legal"
            continue
        ruling = judge(before, Play.parse(row["play"]), Rules())
        expected = "foul" if ruling.foul else "legal" if ruling.legal else "refused"
        assert (row["ruling"], row["reason"], after) == (expected, ruling.reason, ruling.field)
        assert (row["discarded"] is None) == (not ruling.legal)


def test_a_step_without_a_field_plays_on_the_field_the_previous_step_left():
    frame = rulings_frame(Rules())
    steps = frame[frame["example"] == "ramanujan_revolution_rules"].reset_index(drop=True)
    assert steps["step"].tolist() == list(range(1, 12))
    for index, (_, given) in enumerate(QUESTIONS["ramanujan_revolution_rules"]):
        if index and given is None:
            assert _field(steps.iloc[index], "before") == _field(steps.iloc[index - 1], "after")
    # 1729 starts a revolution, the pass clears the field and keeps it, 1729 again ends it
    assert steps.loc[[0, 4, 5], "revolution_after"].tolist() == [True, True, False]
    assert steps.loc[4, "cleared"] and steps.loc[5, "revolution_before"]


def test_the_two_player_example_is_played_in_turn_through_the_game():
    """Who plays is the game's: the players alternate, a pass lets the other lead, and the
    field of each step is the one the game holds after the previous move."""
    frame = rulings_frame(Rules())
    steps = frame[frame["example"] == OTHER_PLAYER].reset_index(drop=True)
    assert steps["play"].tolist() == list(OTHER_PLAYER_MOVES)
    assert steps["player"].tolist() == ["first", "second", "first", "second"]
    assert (steps["ruling"] == "legal").all()
    for index in range(1, len(steps)):
        assert _field(steps.iloc[index], "before") == _field(steps.iloc[index - 1], "after")
    assert frame.loc[frame["example"] != OTHER_PLAYER, "player"].isna().all()


def test_a_joker_may_stand_for_part_of_1729_within_the_decks_jokers():
    frame = rulings_frame(Rules()).set_index("play")
    row = frame.loc["1729 [A 7 2 Joker(9)]"]
    assert row["ruling"] == "legal" and row["revolution_after"]
    assert row["discarded"] == ["A", "7", "2", "Joker(9)"]
    without = rulings_frame(Rules(jokers=0)).set_index("play").loc["1729 [A 7 2 Joker(9)]"]
    assert without["ruling"] == "refused" and "needs 1 jokers, it has 0" in without["reason"]


def test_a_legal_play_lists_every_card_it_discards():
    frame = rulings_frame(Rules()).set_index("play")
    assert frame.loc["8=2*2*2", "discarded"] == ["8", "2", "2", "2"]  # the only plain play of 8
    assert frame.loc["155=5*31", "discarded"] == ["A", "5", "5", "5", "3", "A"]
    assert frame.loc["691", "discarded"] == ["6", "9", "A"]
    assert frame.loc["691=691^1", "discarded"] is None


def test_the_rulings_follow_the_deck():
    frame = rulings_frame(Rules(suits=1, jokers=0)).set_index("play")
    assert frame.loc["155=5*31", "ruling"] == "refused"  # no third 5
    assert frame.loc["155=5*31", "reason"] == "the deck cannot lay 155 (not enough cards or jokers)"


def test_cube_sums_lists_every_way_up_to_the_bound():
    frame = cube_sums_frame(5000)
    brute = sorted(
        (a**3 + b**3, a, b) for a in range(1, 18) for b in range(a, 18) if a**3 + b**3 <= 5000
    )
    assert list(frame.itertuples(index=False, name=None)) == brute
    ways = frame.groupby("n").size()
    assert ways[ways >= 2].index.tolist() == [1729, 4104]


def test_the_steps_write_the_tables(tmp_path: Path):
    write_rulings(tmp_path / "rulings.parquet", rules={"suits": 4, "jokers": 2})
    write_cube_sums(tmp_path / "cube_sums.parquet")
    rulings = read_table(tmp_path / "rulings.parquet")
    assert read_metadata(tmp_path / "rulings.parquet")["table"] == "daifugo/rulings"
    assert rulings["discarded"].iloc[0].tolist() == ["8", "2", "2", "2"]
    assert rulings["top_before"].isna().iloc[0] and rulings["ruling"].iloc[0] == "legal"
    sums = read_table(tmp_path / "cube_sums.parquet")
    assert read_metadata(tmp_path / "cube_sums.parquet")["config"] == {
        "cube_sums_max": CUBE_SUMS_MAX
    }
    assert sums["n"].max() <= CUBE_SUMS_MAX and len(sums) == len(cube_sums_frame())
