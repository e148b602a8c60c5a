"""Small summaries of the result tables, which the figures draw and the page shows as key
tables: who wins each chopsticks rule set, five-lines outcomes by total, playable numbers by
digit count, the largest prime each card count lays, and the shiritori word graph under the
article's rules.

Each takes the frame it needs and returns a frame (empty when there is nothing to show); a
frame that lacks a needed column raises :class:`KeyError`.
"""

from __future__ import annotations

from collections.abc import Sequence

import pandas as pd

CHOPSTICKS_SWITCHES = ("split", "revive", "fusion", "swap", "reaction")
SHIRITORI_DEFAULTS = {
    "long_vowel": "vowel",
    "small_kana": "enlarge",
    "final_u": "written",
    "dakuten": "strict",
    "aliases": "ban",
}


# --- 数字を増やす遊び (chopsticks) ----------------------------------------------------------


def switch_label(row: pd.Series) -> str:
    """The switches of a rule set's row, joined by " + " ("attacks only" without split)."""
    if not bool(row["split"]):
        return "attacks only (no split)"
    return " + ".join(name for name in CHOPSTICKS_SWITCHES if bool(row[name]))


def from_one_reading(variants: pd.DataFrame) -> pd.Series:
    """The ``from_one`` reading of each rule set (False where the column is absent)."""
    if "from_one" not in variants:
        return pd.Series(False, index=variants.index)
    return variants["from_one"].fillna(False).astype(bool)


def chopsticks_matrix(variants: pd.DataFrame) -> pd.DataFrame:
    """Start outcome of the 2-hand rule sets: switch combination × (dies_at, overflow)."""
    base = variants[
        (variants["hands_first"] == 2)
        & (variants["hands_second"] == 2)
        & variants["dies_at"].isin([5, 6])
        & ~from_one_reading(variants)
    ].copy()
    if base.empty:
        return pd.DataFrame()
    for name in CHOPSTICKS_SWITCHES:
        base[name] = base[name].fillna(False).astype(bool)
    base["rules"] = base.apply(switch_label, axis=1)
    base["order"] = base[list(CHOPSTICKS_SWITCHES)].astype(int).astype(str).agg("".join, axis=1)
    base["column"] = "dies" + base["dies_at"].astype(str) + " " + base["overflow"].astype(str)
    plies = base["start_plies"].map(lambda v: "" if pd.isna(v) else str(int(v)))
    base["cell"] = base["start_outcome"].map(str) + "|" + plies
    base = base.drop_duplicates(["order", "column"]).sort_values(["order", "column"])
    matrix = base.pivot(index=["order", "rules"], columns="column", values="cell")
    return matrix.droplevel("order")


# --- 五線 (five lines) ----------------------------------------------------------------------


def fivelines_by_total(positions: pd.DataFrame) -> pd.DataFrame:
    """Per total number of sticks: positions, second-player wins (normal, misère), disagreements."""
    frame = positions[["total", "normal_outcome", "misere_outcome"]]
    grouped = frame.assign(
        normal_second=frame["normal_outcome"] == "second",
        misere_second=frame["misere_outcome"] == "second",
        differ=frame["normal_outcome"] != frame["misere_outcome"],
    ).groupby("total")
    return pd.DataFrame(
        {
            "positions": grouped.size(),
            "second_wins_normal": grouped["normal_second"].sum(),
            "second_wins_misere": grouped["misere_second"].sum(),
            "outcome_differs": grouped["differ"].sum(),
        }
    ).reset_index()


# --- 素数大富豪 (prime daifugō) ------------------------------------------------------------


def daifugo_by_digits(numbers: pd.DataFrame) -> pd.DataFrame:
    """Per digit count: primes and composites, and the shares that can be played."""
    frame = numbers.assign(digits=numbers["n"].astype("int64").astype(str).str.len())
    composite = frame[~frame["is_prime"].astype(bool)]
    prime = frame[frame["is_prime"].astype(bool)]
    by_composite = composite.groupby("digits")
    by_prime = prime.groupby("digits")
    table = (
        pd.DataFrame(
            {
                "primes": by_prime.size(),
                "primes_playable": by_prime["playable_plain"].sum(),
                "composites": by_composite.size(),
                "composites_playable_plain": by_composite["playable_composite"].sum(),
                "composites_playable_with_exponent": by_composite["playable_with_exponent"].sum(),
            }
        )
        .fillna(0)
        .astype("int64")
    )
    return table.reset_index()


LARGEST_COLUMNS = [
    "cards",
    "digits",
    "prime",
    "jokers",
    "layout",
    "candidates_ruled_out",
    "certificate_kind",
]


def daifugo_largest(largest: pd.DataFrame) -> pd.DataFrame:
    """Per card count: the largest prime it lays (in full), one play laying it, how many
    larger candidates were ruled out and the kind of its primality certificate (the
    certificates, witnesses and classes themselves stay in the table)."""
    return largest[LARGEST_COLUMNS].sort_values("cards", kind="stable").reset_index(drop=True)


# --- ようかいしりとり (yokai shiritori) -----------------------------------------------------


def ratings_table(ratings: pd.DataFrame) -> pd.DataFrame:
    """The round-robin's ratings for the report: rank, player, games, score, ``mu`` with its
    95% interval (rounded), strongest first."""
    frame = ratings.sort_values("rank")
    return pd.DataFrame(
        {
            "rank": frame["rank"],
            "player": frame["player"],
            "games": frame["games"],
            "score": frame["score"].round(3),
            "rating (mu)": frame["mu"].round(1),
            "95% interval": [
                f"[{lo:.1f}, {hi:.1f}]" for lo, hi in zip(frame["low"], frame["high"], strict=True)
            ],
        }
    )


def calibration_table(calibration: pd.DataFrame) -> pd.DataFrame:
    """The side-3 calibration for the report: per protocol and agent, the perfect-play
    winner's share of wins at each budget (columns), with the games per point."""
    frame = calibration.assign(
        cell=[
            f"{r:.2f} [{lo:.2f}, {hi:.2f}]"
            for r, lo, hi in zip(
                calibration["rate"], calibration["low"], calibration["high"], strict=True
            )
        ]
    )
    table = frame.pivot_table(
        index=["protocol", "perfect_play_winner", "agent"],
        columns="playouts",
        values="cell",
        aggfunc="first",
    )
    table.columns = [f"{c} playouts" for c in table.columns]
    return table.reset_index()


def default_variant(frame: pd.DataFrame) -> pd.DataFrame:
    """Rows of the article's rules (the default variant), when variant columns exist."""
    mask = pd.Series(True, index=frame.index)
    for axis, value in SHIRITORI_DEFAULTS.items():
        if axis in frame.columns:
            mask &= frame[axis] == value
    return frame[mask]


def _pick(frame: pd.DataFrame, names: Sequence[str]) -> str:
    for name in names:
        if name in frame.columns:
            return name
    raise KeyError(f"none of the columns {', '.join(names)}")


WORD_COLUMNS = ("word", "reading", "name", "start")
FIRST_COLUMNS = ("first", "first_unit", "first_letter", "head")
LAST_COLUMNS = ("last", "last_unit", "last_letter", "tail")


def shiritori_graph_frame(words: pd.DataFrame, outcomes: pd.DataFrame) -> pd.DataFrame:
    """Default-variant words with their first and last units and the winner as start word."""
    words = default_variant(words)
    outcomes = default_variant(outcomes)
    word, first, last = (
        _pick(words, WORD_COLUMNS),
        _pick(words, FIRST_COLUMNS),
        _pick(words, LAST_COLUMNS),
    )
    winners = outcomes.drop_duplicates("start").set_index("start")["winner"]
    frame = words[[word, first, last]].drop_duplicates(word)
    frame.columns = ["word", "first", "last"]
    return frame.assign(winner=frame["word"].map(winners).fillna("unknown"))
