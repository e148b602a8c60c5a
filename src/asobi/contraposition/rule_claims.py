"""The Contraposition claims the rules engine decides alone (no result table): the stones
each colour needs, who places the last stone, the count game of 12?, and 12? endgames won
only by one-stone turns. Each verdict comes from a small decision function over computed
facts (:func:`decide_no_counterexample`, :func:`decide_supply`, :func:`decide_existence`).
"""

from __future__ import annotations

import math

from asobi.contraposition.audit import reachable_white_counts
from asobi.contraposition.board import cell_count
from asobi.contraposition.citations import cited
from asobi.contraposition.contraposition import Colour, Rules
from asobi.contraposition.last_stone import forces_other_last, last_placers
from asobi.contraposition.single_stone import (
    EndgameSample,
    EndgameSearch,
    exhaustive_search,
    sampled_search,
)
from asobi.core.claims import Claim, ResultTables, Verdict

RULES_SIDES = range(2, 11)
"""Board sides on which the rules-engine claims (and the mirror under 12?) are checked."""
SUPPLY = {"basic": (1, 2), "12?": (2, 3)}
"""The article's stone supply per colour, as a share of the cells (half; 2/3 with 12?)."""
SINGLE_STONE_EXHAUSTIVE_SIDES = (2,)
"""Boards whose every reachable 12? position is searched for one-stone-only wins."""
SINGLE_STONE_SAMPLE = EndgameSample(side=3, empties=(5,), samples=200, seed=0)
"""Sampled 12? endgames (reached by seeded random legal turns) searched exactly."""


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


def sides_text(sides: range) -> str:
    """``sides 2..10``."""
    return f"sides {sides.start}..{sides.stop - 1}"


def stones_per_colour(tables: ResultTables) -> Claim:
    """コンポーネント: half the cells per colour suffice under the basic protocol, 2/3 with
    the 12? variant (each rounded up): the most stones a colour places in any game, from the
    rules engine's protocol, never exceeds that supply on the sides checked."""
    del tables  # the rules engine alone
    shortfalls: list[int] = []
    side5 = []
    for protocol, share in SUPPLY.items():
        for side in RULES_SIDES:
            rules = Rules(side, "basic" if protocol == "basic" else "onetwo")
            whites = reachable_white_counts(rules)
            n = rules.cell_count
            most = max(max(whites), n - min(whites))
            shortfalls.append(most - supply(n, share))
            if side == 5:
                side5.append(
                    f"{protocol}: a colour places up to {most} of {n} stones ({most / n:.3f}), "
                    f"supply {supply(n, share)}"
                )
    verdict = decide_supply(shortfalls)
    half_short = [
        side
        for side in RULES_SIDES
        if _most_stones(Rules(side, "onetwo")) > supply(cell_count(side), SUPPLY["basic"])
    ]
    return cited(
        "stones_per_colour",
        statement="Each colour needs stones for half of the cells under the basic rules, "
        "and for about two thirds of them with the 12? variant.",
        formal=f"On {sides_text(RULES_SIDES)}: the most stones one colour places in a game "
        "(every turn sequence the protocol allows) <= ceil(N/2) under basic and "
        "<= ceil(2N/3) under 12?, N = 3s(s-1)+1 cells.",
        verdict=verdict,
        evidence=f"largest excess over the supply {max(shortfalls)} stones; side 5: "
        + "; ".join(side5)
        + f"; under 12? half the cells would fall short on sides {half_short}",
    )


def _most_stones(rules: Rules) -> int:
    whites = reachable_white_counts(rules)
    return max(max(whites), rules.cell_count - min(whites))


def basic_white_places_last(tables: ResultTables) -> Claim:
    """先手有利の相殺: under the basic protocol the first player (White) places the last
    stone of every game, on every side checked (the count game of the rules engine's
    turns)."""
    del tables
    placers = {side: last_placers(Rules(side)) for side in RULES_SIDES}
    other = [side for side, who in placers.items() if who != {Colour.WHITE}]
    verdict = decide_no_counterexample(len(placers), len(other))
    onetwo = sorted(c.label for c in last_placers(Rules(5, "onetwo")))
    return cited(
        "basic_white_places_last",
        statement="Under the basic rules the first player places the last stone.",
        formal=f"On {sides_text(RULES_SIDES)}, basic protocol: every game's last stone is "
        "White's (the cell count is odd and turns place one stone each).",
        verdict=verdict,
        evidence=(
            f"White places the last stone of every game on {sides_text(RULES_SIDES)}"
            if not other
            else f"Black can place the last stone on sides {other}"
        )
        + f"; for contrast, under 12? the last stone can be placed by {' or '.join(onetwo)} "
        "(side 5)",
    )


def onetwo_last_placer_count_game(tables: ResultTables) -> Claim:
    """12?プロトコル: under 12? the last placer varies with the stone counts, and as in a
    count game one player can force the other to place the last stone, on every side
    checked."""
    del tables
    facts = {
        side: (last_placers(Rules(side, "onetwo")), forces_other_last(Rules(side, "onetwo")))
        for side in RULES_SIDES
    }
    failing = [side for side, (who, forcer) in facts.items() if len(who) < 2 or forcer is None]
    verdict = decide_no_counterexample(len(facts), len(failing))
    forcers = sorted({forcer.label for _, forcer in facts.values() if forcer is not None})
    return cited(
        "onetwo_last_placer_count_game",
        statement="Under 12? the player who places the last stone is not fixed, and one "
        "player can force the other to place it, as in a count game.",
        formal=f"On {sides_text(RULES_SIDES)}, 12? turns (1 stone, then 1 or 2): both "
        "colours can place the last stone, and the count game 'make the other place the "
        "last stone' is won by one colour from the empty board.",
        verdict=verdict,
        evidence=(
            f"on every side checked either colour can place the last stone, and "
            f"{' and '.join(forcers)} can force the other to place it"
            if not failing
            else f"fails on sides {failing}"
        ),
    )


def _describe_search(search: EndgameSearch) -> str:
    scope = (
        "every reachable position"
        if search.exhaustive
        else f"{search.positions} endgames of seeded random play"
    )
    text = (
        f"side {search.side} ({scope}): {search.won} won by the mover, "
        f"{len(search.examples)} only by one-stone turns"
    )
    if search.examples:
        board, mover, wins = search.examples[0]
        text += f", e.g. {board} with {mover} to move, winning only by {' or '.join(wins)}"
    return text


def onetwo_single_stone_matters(tables: ResultTables) -> Claim:
    """12?プロトコル: late in a 12? game a one-stone turn matters: some endgame (two-stone
    turns legal) is won only by one-stone turns, found by exact search of every position of
    the small boards and of sampled endgames of a larger one."""
    del tables
    searches = [exhaustive_search(side) for side in SINGLE_STONE_EXHAUSTIVE_SIDES]
    searches.append(sampled_search(SINGLE_STONE_SAMPLE))
    examples = sum(len(s.examples) for s in searches)
    verdict = decide_existence(examples, all(s.exhaustive for s in searches))
    sampled = [s for s in searches if not s.exhaustive]
    return cited(
        "onetwo_single_stone_matters",
        statement="Under 12?, placing a single stone can be what wins late in the game.",
        formal="Exact search (plain negamax) of 12? positions where two-stone turns are "
        "legal: some position the mover wins has no winning two-stone turn. Searched: every "
        f"reachable position of sides {list(SINGLE_STONE_EXHAUSTIVE_SIDES)}; endgames with "
        f"{list(SINGLE_STONE_SAMPLE.empties)} empty cells of side "
        f"{SINGLE_STONE_SAMPLE.side}, reached by seeded random legal turns.",
        verdict=verdict,
        caveat=(
            "an existence shown by example; how often: "
            + "; ".join(f"{len(s.examples)} of {s.won} won sampled endgames" for s in sampled)
            if verdict is Verdict.CONFIRMED and sampled
            else None
        ),
        evidence="; ".join(_describe_search(s) for s in searches),
    )
