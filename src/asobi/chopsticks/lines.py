"""The article's printed lines of play and the positions of its endless-game argument,
replayed with the rules and looked up in the solved positions.

``resources/chopsticks/article_lines.yaml`` transcribes them as facts (hand values only); the
claims built from them are in :mod:`asobi.chopsticks.claims`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

import pyarrow as pa

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.core.config import load_yaml, package_data
from asobi.core.errors import DataError

LINES_FILE = package_data("chopsticks", "article_lines.yaml")
#: (outcome, plies) of each stored position of one rule set
Outcomes = Mapping[Position, tuple[str, Any]]


def alternatives(rules: Rules) -> list[tuple[Rules, bool]]:
    """The rule sets next to ``rules``: its from_one reading (judged) when fusion is on, then
    dies_at one below and one above (evidence only)."""
    found = []
    if rules.fusion and not rules.from_one:
        found.append((replace(rules, from_one=True), True))
    for dies_at in (rules.dies_at - 1, rules.dies_at + 1):
        if 2 <= dies_at <= 16:
            found.append((replace(rules, dies_at=dies_at), False))
    return found


def _row(text: str) -> tuple[tuple[int, int], tuple[int, int], bool]:
    """``"3 0 / 0 1 reaction"``: top hands, bottom hands, is it a re-action attack."""
    words = text.split()
    reaction = words[-1] == "reaction"
    numbers = [int(w) for w in words if w not in ("/", "reaction")]
    if len(numbers) != 4:
        raise DataError(f"chopsticks: bad article matrix {text!r}")
    return (numbers[0], numbers[1]), (numbers[2], numbers[3]), reaction


def load_lines(path: str | os.PathLike[str] = LINES_FILE) -> list[dict[str, Any]]:
    """The article's lines of play (see ``resources/chopsticks/article_lines.yaml``)."""
    return load_yaml(path)["lines"]


def load_argument(path: str | os.PathLike[str] = LINES_FILE) -> dict[str, Any]:
    """The positions of the endless-game argument (終わらないゲーム), with their rules."""
    return load_yaml(path)["positions"]


def check_argument(narrated: Mapping[str, Any], outcomes: Outcomes) -> tuple[list[str], list[str]]:
    """The narrated positions' outcomes and the steps where the argument's claim fails."""
    found, wrong = [], []
    for item in narrated["author_to_move"]:
        author, opponent, _ = _row(item["hands"])
        position = Position(tuple(sorted(author)), tuple(sorted(opponent)))
        outcome, plies = outcomes.get(position, ("unreachable", None))
        ok = outcome == "first" if item["says"] == "win" else outcome in ("first", "draw")
        text = f"{position}:{outcome}{'' if plies is None else plies}"
        found.append(text)
        if not ok:
            wrong.append(f"step {item['step']}: {text}")
    return found, wrong


def check_line(
    line: Mapping[str, Any],
    outcomes: Outcomes,
    rules: Rules | None = None,
) -> tuple[bool, str]:
    """Replay one line: every turn legal, the article's winner wins from every position.

    ``rules``: the rule set to replay it under (default: the options the line states).
    """
    rules = Rules(**line["rules"]) if rules is None else rules
    game = Chopsticks(rules)
    steps = [_row(text) for text in line["steps"]]
    sides = ("opponent", "author")
    to_move = 0  # the opponent moves first
    i = 0
    turns = []
    while True:
        top, bottom, _ = steps[i]
        hands = (top, bottom)
        position = Position(tuple(sorted(hands[to_move])), tuple(sorted(hands[1 - to_move])))
        if position not in outcomes:
            return (
                False,
                f"position {position} (step {i + 1}) is not reachable in {rules.variant_id}",
            )
        outcome, plies = outcomes[position]
        wins = (
            sides[to_move]
            if outcome == "first"
            else sides[1 - to_move]
            if outcome == "second"
            else None
        )
        if wins != line["winner"]:
            return False, (
                f"step {i + 1}: {sides[to_move]} to move at {position} is "
                f"{outcome}, so the {line['winner']} does not win"
            )
        turns.append(f"{position}:{outcome}{'' if plies is None else plies}")
        if i == len(steps) - 1:
            break
        end = i + 1
        split_to = None
        if end + 1 < len(steps) and steps[end + 1][2]:
            split_to = tuple(sorted(steps[end][to_move]))
            end += 1
        after = steps[end]
        expected = Position(tuple(sorted(after[1 - to_move])), tuple(sorted(after[to_move])))
        found = [
            m
            for m in game.legal_moves(position)
            if game.play(position, m) == expected
            and (split_to is None or (m.split == split_to and m.attacker is not None))
        ]
        if not found:
            return (
                False,
                f"step {i + 1} -> {end + 1}: no legal move of the {sides[to_move]} gives it",
            )
        i = end
        to_move = 1 - to_move
    return True, f"{len(turns) - 1} legal turns; the {line['winner']} wins at each: " + " ".join(
        turns
    )


def variant_ids_to_read(rules: Iterable[Rules]) -> list[str]:
    """The variant ids of these rule sets and of their alternatives, sorted."""
    wanted = {r.variant_id for r in rules}
    wanted |= {other.variant_id for r in rules for other, _ in alternatives(r)}
    return sorted(wanted)


def outcomes_by_variant(table: pa.Table) -> dict[str, dict[Position, tuple[str, int | None]]]:
    """Outcome and plies (None for a draw) of every position in ``table`` (columns
    ``variant_id``, ``mover``, ``other``, ``outcome``, ``plies``), by variant id; a rule set
    without rows is absent (not solved in the run)."""
    columns = table.select(["variant_id", "mover", "other", "outcome", "plies"]).to_pydict()
    found: dict[str, dict[Position, tuple[str, int | None]]] = {}
    for variant, m, o, out, p in zip(*columns.values(), strict=True):
        plies = None if p is None or p != p else int(p)  # NaN: a draw read through pandas
        found.setdefault(variant, {})[Position(tuple(m), tuple(o))] = (out, plies)
    return found
