"""The Contraposition claims on what the rules engine's turns allow, read from the tables
the run computes from the rules engine alone: ``protocol_facts.parquet`` (the stones each
colour needs, who places the last stone, the count game of 12?, the mirror-breaking turn)
and ``single_stone.parquet`` (12? endgames won only by one-stone turns). Each verdict comes
from a small decision function over those facts (:func:`decide_no_counterexample`,
:func:`decide_supply`, :func:`decide_existence`); the constants below say what the two
tables cover (the workflow step passes them to :mod:`asobi.contraposition.pipeline`).
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from functools import cache

import pandas as pd

from asobi.contraposition import contraposition as rules
from asobi.contraposition.citations import cited
from asobi.contraposition.contraposition import Colour
from asobi.contraposition.single_stone import EndgameSample
from asobi.core.claims import Claim, ResultTables, Verdict
from asobi.core.recheck import Recheck

PROTOCOL_FACTS_TABLE = "contraposition/protocol_facts.parquet"
SINGLE_STONE_TABLE = "contraposition/single_stone.parquet"

RULES_SIDES = range(2, 11)
"""Board sides of ``protocol_facts`` (the rules-engine claims, the mirror under 12?)."""
SUPPLY = {"basic": (1, 2), "12?": (2, 3)}
"""The article's stone supply per colour, as a share of the cells (half; 2/3 with 12?)."""
SINGLE_STONE_EXHAUSTIVE_SIDES = (2,)
"""Boards whose every reachable 12? position is searched for one-stone-only wins."""
SINGLE_STONE_SAMPLE = EndgameSample(side=3, empties=(5,), samples=200, seed=0)
"""Sampled 12? endgames (reached by seeded random legal turns) searched exactly."""
CONTRAST_SIDE = 5
"""The side whose figures the evidence spells out (the article's board)."""


def decide_no_counterexample(cases: int, counterexamples: int) -> Verdict:
    """A universal statement checked case by case: refuted by any counterexample, confirmed
    when some cases were checked and none fails, undecided when none was checked."""
    if counterexamples:
        return Verdict.REFUTED
    return Verdict.CONFIRMED if cases else Verdict.UNDECIDED


def supply(cells: int, share: tuple[int, int]) -> int:
    """The article's supply of one colour: ``share`` of the cells, rounded up (a board has
    an odd number of cells, so "half" is half rounded up)."""
    return math.ceil(cells * share[0] / share[1])


def decide_supply(shortfalls: list[int]) -> Verdict:
    """The article's supply suffices: refuted when some colour on some side checked needs
    more stones than it (a positive shortfall), confirmed otherwise; undecided when nothing
    was checked."""
    if not shortfalls:
        return Verdict.UNDECIDED
    return Verdict.REFUTED if max(shortfalls) > 0 else Verdict.CONFIRMED


def decide_existence(examples: int, exhaustive: bool) -> Verdict:
    """An existence: confirmed by an example; refuted when none is found and every search
    was exhaustive over its board; undecided when none is found in a sample."""
    if examples:
        return Verdict.CONFIRMED
    return Verdict.REFUTED if exhaustive else Verdict.UNDECIDED


def sides_text(sides: Sequence[int]) -> str:
    """``sides 2..10`` for a run of sides, else ``sides [2, 4]``.

    >>> sides_text([2, 3, 4]), sides_text([2, 4])
    ('sides 2..4', 'sides [2, 4]')
    """
    ordered = sorted(int(s) for s in sides)
    if ordered and ordered == list(range(ordered[0], ordered[-1] + 1)) and len(ordered) > 1:
        return f"sides {ordered[0]}..{ordered[-1]}"
    return f"sides {ordered}"


def _protocol(facts: pd.DataFrame, protocol: str) -> pd.DataFrame:
    """The ``protocol_facts`` rows of one protocol (``basic`` or ``12?``), by side."""
    return facts[facts["protocol"] == protocol].sort_values("side")


def _most_stones(row) -> int:
    return int(max(row.white_most_stones, row.black_most_stones))


def stones_per_colour(tables: ResultTables) -> Claim:
    """コンポーネント: half the cells per colour suffice under the basic protocol, 2/3 with
    the 12? variant (each rounded up): the most stones a colour places in any game
    (``protocol_facts``) never exceeds that supply on the sides checked."""
    facts = tables.read(PROTOCOL_FACTS_TABLE)
    rows = facts[facts["protocol"].isin(list(SUPPLY))]
    shortfalls = [
        _most_stones(r) - supply(int(r.cells), SUPPLY[r.protocol]) for r in rows.itertuples()
    ]
    verdict = decide_supply(shortfalls)
    contrast = [
        f"{r.protocol}: a colour places up to {_most_stones(r)} of {r.cells} stones "
        f"({_most_stones(r) / r.cells:.3f}), supply {supply(int(r.cells), SUPPLY[r.protocol])}"
        for r in rows[rows["side"] == CONTRAST_SIDE].itertuples()
    ]
    half_short = [
        int(r.side)
        for r in _protocol(facts, "12?").itertuples()
        if _most_stones(r) > supply(int(r.cells), SUPPLY["basic"])
    ]
    excess = max(shortfalls) if shortfalls else None
    return cited(
        "stones_per_colour",
        statement="Each colour needs stones for half of the cells under the basic rules, "
        "and for about two thirds of them with the 12? variant.",
        formal=f"On {sides_text(set(rows['side']))}: the most stones one colour places in a "
        "game (every turn sequence the protocol allows) <= ceil(N/2) under basic and "
        "<= ceil(2N/3) under 12?, N = 3s(s-1)+1 cells.",
        verdict=verdict,
        evidence=f"{len(shortfalls)} (side, protocol) cases; largest excess over the supply "
        f"{excess} stones"
        + (f"; side {CONTRAST_SIDE}: " + "; ".join(contrast) if contrast else "")
        + f"; under 12? half the cells would fall short on sides {half_short}",
        tables=(PROTOCOL_FACTS_TABLE,),
        recheck=Recheck(
            "SELECT count(*) AS cases, max(greatest(white_most_stones, black_most_stones) - "
            "CASE protocol WHEN 'basic' THEN (cells + 1) // 2 ELSE (2 * cells + 2) // 3 END) "
            f"AS largest_excess FROM '{PROTOCOL_FACTS_TABLE}' WHERE protocol IN ('basic', '12?')",
            {"cases": len(shortfalls), "largest_excess": excess},
        ),
    )


def _placers(row) -> list[str]:
    return [c for c in ("black", "white") if getattr(row, f"{c}_can_place_last")]


def basic_white_places_last(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol the first player (White) places the last
    stone of every game, on every side checked (the count game of the rules engine's turns,
    ``protocol_facts``)."""
    facts = tables.read(PROTOCOL_FACTS_TABLE)
    basic = _protocol(facts, "basic")
    other = [int(r.side) for r in basic.itertuples() if _placers(r) != ["white"]]
    verdict = decide_no_counterexample(len(basic), len(other))
    onetwo = [_placers(r) for r in _protocol(facts, "12?").itertuples() if r.side == CONTRAST_SIDE]
    return cited(
        "basic_white_places_last",
        statement="Under the basic rules the first player places the last stone.",
        formal=f"On {sides_text(set(basic['side']))}, basic protocol: every game's last stone "
        "is White's (the cell count is odd and turns place one stone each).",
        verdict=verdict,
        evidence=(
            f"White places the last stone of every game on {sides_text(set(basic['side']))}"
            if not other
            else f"Black can place the last stone on sides {other}"
        )
        + (
            f"; for contrast, under 12? the last stone can be placed by "
            f"{' or '.join(onetwo[0])} (side {CONTRAST_SIDE})"
            if onetwo
            else ""
        ),
        tables=(PROTOCOL_FACTS_TABLE,),
        recheck=Recheck(
            "SELECT count(*) AS sides, count(*) FILTER (WHERE black_can_place_last OR NOT "
            f"white_can_place_last) AS black_last FROM '{PROTOCOL_FACTS_TABLE}' "
            "WHERE protocol = 'basic'",
            {"sides": len(basic), "black_last": len(other)},
        ),
    )


def onetwo_last_placer_count_game(tables: ResultTables) -> Claim:
    """12?プロトコル: under 12? the last placer varies with the stone counts, and as in a
    count game one player can force the other to place the last stone, on every side
    checked (``protocol_facts``)."""
    facts = tables.read(PROTOCOL_FACTS_TABLE)
    onetwo = _protocol(facts, "12?")
    failing = [
        int(r.side)
        for r in onetwo.itertuples()
        if len(_placers(r)) < 2 or pd.isna(r.forces_other_last)
    ]
    verdict = decide_no_counterexample(len(onetwo), len(failing))
    forcers = sorted(set(onetwo["forces_other_last"].dropna()))
    return cited(
        "onetwo_last_placer_count_game",
        statement="Under 12? the player who places the last stone is not fixed, and one "
        "player can force the other to place it, as in a count game.",
        formal=f"On {sides_text(set(onetwo['side']))}, 12? turns (1 stone, then 1 or 2): both "
        "colours can place the last stone, and the count game 'make the other place the "
        "last stone' is won by one colour from the empty board.",
        verdict=verdict,
        evidence=(
            f"on every side checked ({sides_text(set(onetwo['side']))}) either colour can "
            f"place the last stone, and {' and '.join(forcers)} can force the other to place it"
            if not failing
            else f"fails on sides {failing}"
        ),
        tables=(PROTOCOL_FACTS_TABLE,),
        recheck=Recheck(
            "SELECT count(*) AS sides, count(*) FILTER (WHERE NOT (white_can_place_last AND "
            "black_can_place_last) OR forces_other_last IS NULL) AS failing, "
            "list_sort(list_distinct(list(forces_other_last))) AS forcers "
            f"FROM '{PROTOCOL_FACTS_TABLE}' WHERE protocol = '12?'",
            {"sides": len(onetwo), "failing": len(failing), "forcers": forcers},
        ),
    )


def _searches(endgames: pd.DataFrame) -> pd.DataFrame:
    """One row per search of ``single_stone`` (side, method): positions searched, those the
    mover wins, those won only by one-stone turns, ordered by side and method."""
    return (
        endgames.groupby(["side", "method"], sort=True)
        .agg(
            positions=("board", "size"),
            won=("mover_wins", "sum"),
            examples=("one_stone_wins_only", "sum"),
        )
        .reset_index()
        .astype({"side": int, "positions": int, "won": int, "examples": int})
    )


def _describe_search(search, endgames: pd.DataFrame) -> str:
    exhaustive = search.method == "exhaustive"
    scope = (
        "every reachable position"
        if exhaustive
        else f"{search.positions} endgames of seeded random play"
    )
    text = (
        f"side {search.side} ({scope}): {search.won} won by the mover, "
        f"{search.examples} only by one-stone turns"
    )
    mine = endgames[
        (endgames["side"] == search.side)
        & (endgames["method"] == search.method)
        & endgames["one_stone_wins_only"].astype(bool)
    ]
    if len(mine):
        first = mine.iloc[0]
        text += (
            f", e.g. {first['board']} with {first['to_move']} to move, winning only by "
            f"{' or '.join(first['winning_turns'])}"
        )
    return text


def onetwo_single_stone_matters(tables: ResultTables) -> Claim:
    """12?プロトコル: late in a 12? game a one-stone turn matters: some endgame (two-stone
    turns legal) is won only by one-stone turns, found by the exact search of every position
    of the small boards and of sampled endgames of a larger one (``single_stone``)."""
    endgames = tables.read(SINGLE_STONE_TABLE)
    searches = _searches(endgames)
    examples = int(searches["examples"].sum())
    exhaustive = searches["method"] == "exhaustive"
    verdict = decide_existence(examples, bool(len(searches)) and bool(exhaustive.all()))
    sampled = searches[~exhaustive]
    sample_rows = endgames[endgames["method"] != "exhaustive"]
    return cited(
        "onetwo_single_stone_matters",
        statement="Under 12?, placing a single stone can be what wins late in the game.",
        formal="Exact search (plain negamax) of 12? positions where two-stone turns are "
        "legal: some position the mover wins has no winning two-stone turn. Searched: every "
        f"reachable position of sides {sorted(set(searches.loc[exhaustive, 'side']))}; "
        f"endgames with {sorted(set(sample_rows['empty_cells'].astype(int)))} empty cells of "
        f"sides {sorted(set(sampled['side']))}, reached by seeded random legal turns.",
        verdict=verdict,
        caveat=(
            "an existence shown by example; how often: "
            + "; ".join(
                f"{s.examples} of {s.won} won sampled endgames" for s in sampled.itertuples()
            )
            if verdict is Verdict.CONFIRMED and len(sampled)
            else None
        ),
        evidence="; ".join(_describe_search(s, endgames) for s in searches.itertuples())
        or "no position searched",
        tables=(SINGLE_STONE_TABLE,),
        recheck=Recheck(
            "SELECT side, method, count(*) AS positions, count(*) FILTER (WHERE mover_wins) "
            "AS won, count(*) FILTER (WHERE one_stone_wins_only) AS examples "
            f"FROM '{SINGLE_STONE_TABLE}' GROUP BY side, method ORDER BY side, method",
            searches.to_dict("records"),
        ),
    )


# --- the final-board example (終局例) ------------------------------------------------------

EXAMPLE_MAX_STONES = 19
"""The most stones per colour of the size lists checked against the final-board example's
caption (19: White's stones on a full side-4 board under the basic protocol)."""


def _partitions(stones: int, least: int = 2) -> Iterator[tuple[int, ...]]:
    """Every list of group sizes >= ``least`` (ascending) that adds up to ``stones``."""
    if stones == 0:
        yield ()
        return
    for first in range(least, stones + 1):
        for rest in _partitions(stones - first, first):
            yield (first, *rest)


@cache
def example_cases(max_stones: int) -> tuple[int, list[str]]:
    """The size-list pairs the caption of 終局例 describes (no size-1 group, as many size-2
    groups each, White a size-3 group, Black none; at most ``max_stones`` a colour), and
    those where one of the article's two rule statements or Ludii's score does not name
    Black (as ``white sizes vs black sizes: winners``)."""
    lists = [p for n in range(max_stones + 1) for p in _partitions(n)]
    black_by_twos: dict[int, list[tuple[int, ...]]] = {}
    for sizes in lists:
        if 3 not in sizes:
            black_by_twos.setdefault(sizes.count(2), []).append(sizes)
    cases, wrong = 0, []
    for white in (sizes for sizes in lists if 3 in sizes):
        for black in black_by_twos.get(white.count(2), []):
            cases += 1
            named = [
                rules.counts_rule(white, black),
                rules.sorted_sizes_rule(white, black),
                rules.ludii_rule(white, black),
            ]
            if any(winner is not Colour.BLACK for winner in named):
                wrong.append(f"{list(white)} vs {list(black)}: {named}")
    return cases, wrong


def final_board_example(tables: ResultTables) -> Claim:
    """終局例: the caption's reasoning. With no size-1 group, equal size-2 counts, and a
    size-3 group for White only, Black wins: the counts first differ at size 3, where White
    has more (its rule); White's sorted list shows 3 where Black's shows more or runs out
    (the second statement); White's Ludii score is 3, Black's larger (none at sizes up to
    3). Checked by the rules engine on every such pair of size lists up to
    :data:`EXAMPLE_MAX_STONES` stones a colour (the picture is not in the saved text)."""
    del tables  # the rules engine alone
    cases, wrong = example_cases(EXAMPLE_MAX_STONES)
    return cited(
        "final_board_example",
        statement="In the final-board example neither colour has a group of one stone, both "
        "have as many groups of two, and only White has a group of three: Black wins.",
        formal="For every pair of group-size lists (sizes >= 2, at most "
        f"{EXAMPLE_MAX_STONES} stones a colour) with equal numbers of size-2 groups, a "
        "size-3 group for White and none for Black: the count rule, the sorted-sizes rule "
        "and Ludii's score all name Black.",
        verdict=decide_no_counterexample(cases, len(wrong)),
        caveat="the board itself is a picture, not in the saved text: the caption's "
        "reasoning is checked, on size lists, not the pictured board",
        evidence=f"{cases} pairs of size lists fit the caption; {len(wrong)} where a rule does "
        "not name Black" + (f", e.g. {wrong[0]}" if wrong else ""),
    )
