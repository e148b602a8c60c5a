"""The strength ladder: shards, summaries, ratings, the vendored tables and the trend verdicts."""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

import pandas as pd
import pytest
import yaml

from asobi.contraposition.balance import (
    Point,
    Rung,
    decide_balanced,
    decide_below_certain_win,
    decide_no_white_edge,
    decide_not_above,
    decide_trend,
    disagreeing,
    point,
    stronger_on_ratings,
    strongest_agent,
    top_budget,
    trend,
)
from asobi.contraposition.contraposition import Protocol, Rules
from asobi.contraposition.ladder import (
    calibration_rows,
    ladder_rows,
    play_ladder_shard,
    player,
    round_robin,
)
from asobi.contraposition.mcts import Agent
from asobi.contraposition.plan import games_at, ladder_stamps, shard_count, shard_range
from asobi.contraposition.ratings import rating_rows
from asobi.contraposition.tables import game_rows
from asobi.contraposition.vendored import VENDORED_SCHEMAS, check_vendored, write_vendored
from asobi.core.claims import Verdict
from asobi.core.config import validate_config
from asobi.core.errors import ConfigError, DataError, InputError
from asobi.core.tables import read_metadata, read_table, write_table

AGENTS = validate_config({})["contraposition"]["agents"]

# --- plan and shards ---------------------------------------------------------------------------


def test_shards_cover_the_games_once():
    for games, per_shard in [(1, 1), (10, 4), (400, 100), (7, 100)]:
        numbers = [
            n
            for k in range(shard_count(games, per_shard))
            for n in shard_range(games, per_shard, k)
        ]
        assert numbers == list(range(games))
    with pytest.raises(InputError):
        shard_range(10, 4, 3)


def test_games_per_budget_one_count_or_a_list():
    assert games_at(300, [300, 1000], 7) == 7
    assert games_at(1000, [300, 1000], [400, 100]) == 100
    with pytest.raises(ConfigError, match="not on the ladder"):
        games_at(3000, [300, 1000], 7)
    with pytest.raises(ConfigError, match="2 budgets"):
        games_at(300, [300, 1000], [1, 2, 3])


def test_a_game_does_not_depend_on_its_shard():
    rules, agent = Rules(3), player("grave", 8, AGENTS)
    whole = play_ladder_shard(rules, agent, [0, 1, 2, 3], seed=5)
    halves = play_ladder_shard(rules, agent, [2, 3], seed=5)
    assert whole[2:] == halves


def test_round_robin_meets_every_pair_with_both_colours():
    players = [player(kind, b, AGENTS) for kind in ("uct", "grave") for b in (10, 30)]
    shards = [round_robin(players, 2, 3, k) for k in range(3)]
    games = [(p.white.name, p.black.name, p.game) for shard in shards for p in shard]
    assert len(games) == len(set(games)) == 4 * 3 * 2
    assert ("uct10", "grave30", 1) in games and ("grave30", "uct10", 1) in games
    assert max(len(s) for s in shards) - min(len(s) for s in shards) <= 1


# --- summaries -----------------------------------------------------------------------------


def games_frame(rows: list[tuple[str, str, int, str, str]]) -> pd.DataFrame:
    """(white, black, side, protocol, winner) rows as a games table."""
    return pd.DataFrame(
        [
            {"white_agent": w, "black_agent": b, "side": s, "protocol": p, "winner": x, "game": i}
            for i, (w, b, s, p, x) in enumerate(rows)
        ]
    )


def test_ladder_rows_count_white_wins_per_point():
    games = games_frame(
        [("uct30", "uct30", 4, "basic", "white")] * 3
        + [("uct30", "uct30", 4, "basic", "black")]
        + [("grave30", "grave30", 4, "12?", "black")] * 2
    )
    rows = {(r["agent"], r["protocol"]): r for r in ladder_rows(games)}
    assert rows["uct", "basic"]["white_wins"] == 3 and rows["uct", "basic"]["games"] == 4
    assert rows["uct", "basic"]["playouts"] == 30
    assert rows["grave", "12?"]["rate"] == 0.0 and rows["grave", "12?"]["high"] < 0.9


def test_calibration_scores_the_perfect_play_winner():
    games = games_frame(
        [("uct10", "uct10", 3, "basic", "white")] * 3
        + [("uct10", "uct10", 3, "12?", "white")] * 3
        + [("uct10", "uct10", 3, "12?", "black")]
    )
    solutions = pd.DataFrame(
        {"side": [3, 3], "protocol": ["basic", "12?"], "solved": True, "winner": ["white", "black"]}
    )
    rows = {r["protocol"]: r for r in calibration_rows(games, solutions)}
    assert rows["basic"]["perfect_play_winner_wins"] == 3 and rows["basic"]["rate"] == 1.0
    assert rows["12?"]["perfect_play_winner"] == "black"
    assert rows["12?"]["perfect_play_winner_wins"] == 1 and rows["12?"]["games"] == 4


def test_ratings_order_the_winner_first():
    rows = [("grave30", "uct30", 5, "basic", "white"), ("uct30", "grave30", 5, "basic", "black")]
    rated = rating_rows(games_frame(rows * 5))
    assert [r["player"] for r in rated] == ["grave30", "uct30"]
    assert rated[0]["wins"] == 10 and rated[0]["low"] < rated[0]["mu"] < rated[0]["high"]
    assert rated[0]["agent"] == "grave" and rated[0]["playouts"] == 30


# --- the vendored full ladder ------------------------------------------------------------------


TINY_OVERLAY = {
    "contraposition": {
        "ladder": {"agents": ["uct"], "budgets": [4], "sides": [3], "protocols": ["basic"]},
        "calibration": {"side": 2, "budgets": [4], "games": 3},
    }
}


def vendored_folder(tmp_path: Path) -> tuple[Path, Path, Path]:
    """A vendored folder of tiny tables made under a tiny overlay, its overlay and a default
    config; returns (folder, overlay, default)."""
    default = tmp_path / "config.yaml"
    default.write_text(yaml.safe_dump({"contraposition": {"ladder": {"games": 2}}}))
    overlay = tmp_path / "overlay.yaml"
    overlay.write_text(yaml.safe_dump(TINY_OVERLAY))
    block = validate_config(
        {
            "contraposition": {
                **TINY_OVERLAY["contraposition"],
                "ladder": {**TINY_OVERLAY["contraposition"]["ladder"], "games": 2},
            }
        }
    )["contraposition"]
    stamps = ladder_stamps(block)
    folder = tmp_path / "vendored"
    rules, agent = Rules(3, Protocol.BASIC), Agent.default("uct", playouts=4)
    played = play_ladder_shard(rules, agent, [0, 1], seed=1)
    games = pd.DataFrame(game_rows(rules, agent, agent, 0, [0, 1], [r for _, r in played]))
    calibration = pd.DataFrame(
        [
            {
                "agent": "uct",
                "playouts": 4,
                "side": 2,
                "protocol": p,
                "games": 3,
                "perfect_play_winner": "white",
                "perfect_play_winner_wins": 2,
                "rate": 2 / 3,
                "low": 0.2,
                "high": 0.9,
            }
            for p in ("basic", "12?")
        ]
    )
    frames = {
        "ladder": pd.DataFrame(ladder_rows(games)),
        "calibration": calibration,
    }
    frames["ratings"] = pd.DataFrame(
        [
            {
                "player": "uct4",
                "agent": "uct",
                "playouts": 4,
                "games": 0,
                "wins": 0,
                "score": None,
                "mu": 25.0,
                "sigma": 8.3,
                "low": 8.7,
                "high": 41.3,
                "ordinal": 0.1,
                "rank": 1,
            }
        ]
    )
    for name, schema in VENDORED_SCHEMAS.items():
        frame = frames.get(name, games)
        write_table(
            frame,
            folder / f"{name}.parquet",
            table=f"contraposition/{name}",
            config=stamps[name],
            schema=schema,
        )
    shutil.copy(overlay, folder / "config.yaml")
    write_sums(folder)
    return folder, overlay, default


def write_sums(folder: Path) -> None:
    lines = [
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.name}"
        for p in sorted(folder.iterdir())
        if p.name != "SHA256SUMS"
    ]
    (folder / "SHA256SUMS").write_text("\n".join(lines) + "\n")


def test_vendored_tables_are_checked_and_published(tmp_path):
    folder, overlay, default = vendored_folder(tmp_path)
    out = tmp_path / "results"
    written = write_vendored(
        folder, overlay, default, {"ladder": str(out / "ladder_vendored.parquet")}
    )
    assert read_metadata(written[0])["table"] == "contraposition/ladder_vendored"
    assert read_table(written[0]).equals(read_table(folder / "ladder.parquet"))


def test_a_changed_vendored_table_is_refused(tmp_path):
    folder, overlay, default = vendored_folder(tmp_path)
    with (folder / "ratings.parquet").open("ab") as handle:
        handle.write(b"\0")
    with pytest.raises(DataError, match="sha256"):
        check_vendored(folder, overlay, default)


def test_a_vendored_table_missing_a_point_is_refused(tmp_path):
    folder, overlay, default = vendored_folder(tmp_path)
    calibration = read_table(folder / "calibration.parquet").iloc[:1]
    write_table(
        calibration,
        folder / "calibration.parquet",
        table="contraposition/calibration",
        config=read_metadata(folder / "calibration.parquet")["config"],
        schema=VENDORED_SCHEMAS["calibration"],
    )
    write_sums(folder)
    with pytest.raises(DataError, match="does not hold what the overlay asks"):
        check_vendored(folder, overlay, default)


def test_vendored_tables_of_another_config_are_refused(tmp_path):
    folder, overlay, default = vendored_folder(tmp_path)
    overlay.write_text(yaml.safe_dump({"contraposition": {"ladder": {"games": 3}}}))
    with pytest.raises(DataError, match="differs from the overlay"):
        check_vendored(folder, overlay, default)
    shutil.copy(overlay, folder / "config.yaml")
    write_sums(folder)
    with pytest.raises(DataError, match="another config"):
        check_vendored(folder, overlay, default)


# --- the trend verdicts --------------------------------------------------------------------


def ladder_frame(points: dict[tuple[str, int], tuple[int, int]]) -> pd.DataFrame:
    """(protocol, budget) -> (White wins, games) as a one-agent, one-side ladder table."""
    return pd.DataFrame(
        [
            {"agent": "grave", "playouts": b, "side": 5, "protocol": p, "white_wins": w, "games": n}
            for (p, b), (w, n) in points.items()
        ]
    )


def test_trend_names_the_budget_where_the_answer_changes():
    rungs = [Rung(300, Verdict.CONFIRMED), Rung(1000, Verdict.REFUTED), Rung(3000, Verdict.REFUTED)]
    assert decide_trend(rungs) == (Verdict.DEPENDS, 1000)
    assert decide_trend(rungs[1:]) == (Verdict.REFUTED, None)
    assert decide_trend([]) == (Verdict.UNDECIDED, None)


def test_a_rung_in_between_going_the_other_way_is_not_a_change_with_strength():
    rungs = [
        Rung(300, Verdict.CONFIRMED),
        Rung(1000, Verdict.REFUTED),
        Rung(3000, Verdict.CONFIRMED),
    ]
    assert decide_trend(rungs) == (Verdict.CONFIRMED, None)
    assert disagreeing(rungs, Verdict.CONFIRMED) == [1000]
    reverse = [
        Rung(300, Verdict.REFUTED),
        Rung(1000, Verdict.CONFIRMED),
        Rung(3000, Verdict.REFUTED),
    ]
    assert decide_trend(reverse) == (Verdict.REFUTED, None)


def test_a_point_is_one_agent_budget_side_and_protocol_never_pooled():
    ladder = pd.concat(
        [
            ladder_frame({("basic", 300): (200, 400), ("basic", 3000): (56, 100)}),
            ladder_frame({("basic", 3000): (39, 100)}).assign(agent="uct"),
            ladder_frame({("basic", 3000): (48, 100)}).assign(side=4),
        ],
        ignore_index=True,
    )
    assert point(ladder, "grave", 3000, 5, "basic") == Point("grave", 3000, 5, "basic", 56, 100)
    assert point(ladder, "grave", 3000, 4, "basic").white_wins == 48
    assert point(ladder, "uct", 3000, 5, "basic").white_wins == 39
    assert point(ladder, "grave", 10000, 5, "basic").games == 0
    assert top_budget(ladder, "basic") == 3000 and top_budget(ladder, "12?") is None
    assert "GRAVE 300 0.500 [0.45, 0.55], 3000 0.560 [0.46, 0.66]; UCT 3000 0.390" in trend(
        ladder, "basic", 5
    )


def test_the_strongest_agent_is_the_one_rated_highest_at_the_top_budget():
    ratings = ratings_frame(
        {("grave", 3000): (40, 1), ("uct", 3000): (30, 1), ("uct", 300): (50, 1)}
    )
    assert strongest_agent(ratings, 3000) == "grave"
    assert strongest_agent(ratings.assign(mu=[20, 30, 50]), 3000) == "uct"
    assert strongest_agent(ratings, 10000) is None and strongest_agent(ratings, None) is None


def test_balanced_is_two_sided_and_exact():
    # 39/100: exact interval [0.29, 0.49], Black favoured; 60/100: [0.497, 0.697], not shown
    assert decide_balanced(Point("g", 1, 5, "basic", 39, 100)) is Verdict.REFUTED
    assert decide_balanced(Point("g", 1, 5, "basic", 61, 100)) is Verdict.REFUTED
    assert decide_balanced(Point("g", 1, 5, "basic", 60, 100)) is Verdict.CONFIRMED
    assert decide_balanced(Point("g", 1, 5, "basic", 0, 0)) is Verdict.UNDECIDED


def test_mitigation_against_the_certain_mirror_win():
    black_edge = Point("g", 1, 5, "basic", 39, 100)
    assert decide_no_white_edge(black_edge) is Verdict.CONFIRMED  # over-mitigated is mitigated
    assert decide_no_white_edge(Point("g", 1, 5, "basic", 61, 100)) is Verdict.REFUTED
    assert decide_below_certain_win(Point("g", 1, 5, "12?", 61, 100)) is Verdict.CONFIRMED
    assert decide_below_certain_win(Point("g", 1, 5, "12?", 30, 30)) is Verdict.REFUTED
    assert decide_below_certain_win(Point("g", 1, 5, "12?", 0, 0)) is Verdict.UNDECIDED


def test_against_the_other_protocol_only_a_significantly_higher_white_rate_refutes():
    onetwo, basic = Point("g", 1, 4, "12?", 218, 400), Point("g", 1, 4, "basic", 187, 400)
    assert decide_not_above(onetwo, basic) is Verdict.REFUTED  # Fisher p = 0.034
    assert decide_not_above(basic, onetwo) is Verdict.CONFIRMED  # lower is not worse
    near = Point("g", 1, 4, "12?", 57, 100)
    assert decide_not_above(near, Point("g", 1, 4, "basic", 48, 100)) is Verdict.CONFIRMED
    assert decide_not_above(near, Point("g", 1, 4, "basic", 0, 0)) is Verdict.UNDECIDED


def ratings_frame(points: dict[tuple[str, int], tuple[float, float]]) -> pd.DataFrame:
    return pd.DataFrame(
        [{"agent": a, "playouts": b, "mu": m, "sigma": s} for (a, b), (m, s) in points.items()]
    )


def test_grave_stronger_on_the_ratings_both_ways():
    better = ratings_frame(
        {
            ("grave", 300): (30, 1),
            ("uct", 300): (20, 1),
            ("grave", 3000): (40, 1),
            ("uct", 3000): (30, 1),
        }
    )
    assert stronger_on_ratings(better)[:2] == (Verdict.CONFIRMED, None)
    worse = ratings_frame({("grave", 300): (20, 1), ("uct", 300): (30, 1)})
    assert stronger_on_ratings(worse)[0] is Verdict.REFUTED
    close = ratings_frame({("grave", 300): (30, 4), ("uct", 300): (28, 4)})
    assert stronger_on_ratings(close)[0] is Verdict.UNDECIDED
    flips = ratings_frame(
        {
            ("grave", 300): (30, 1),
            ("uct", 300): (20, 1),
            ("grave", 3000): (30, 1),
            ("uct", 3000): (40, 1),
        }
    )
    assert stronger_on_ratings(flips)[:2] == (Verdict.DEPENDS, 3000)


# --- the report ------------------------------------------------------------------------------


def test_ladder_figure_and_tables_for_the_report():
    from asobi.report import figures, summaries

    ladder = pd.DataFrame(
        [
            {
                "agent": a,
                "playouts": b,
                "side": s,
                "protocol": p,
                "rate": 0.5,
                "low": 0.4,
                "high": 0.6,
                "games": 10,
                "white_wins": 5,
            }
            for a in ("uct", "grave")
            for b in (10, 100)
            for s in (4, 5)
            for p in ("basic", "12?")
        ]
    )
    figure = figures.ladder_figure(ladder)
    assert len([a for a in figure.axes if a.has_data()]) == 4
    assert figure.axes[0].get_xscale() == "log"
    assert figures.ladder_figure(ladder.iloc[:0]) is None
    rated = rating_rows(games_frame([("grave30", "uct30", 5, "basic", "white")] * 3))
    table = summaries.ratings_table(pd.DataFrame(rated))
    assert list(table["player"]) == ["grave30", "uct30"] and table["95% interval"][0].startswith(
        "["
    )
