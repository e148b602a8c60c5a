"""The article's printed lines of play, its side remarks on them and the positions of its
endless-game argument, replayed with the rules and looked up in the solved positions.

``resources/chopsticks/article_lines.yaml`` transcribes them as facts (hand values only); the
claims built from them are in :mod:`asobi.chopsticks.line_claims`.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, replace
from typing import Any

import pyarrow as pa

from asobi.chopsticks.chopsticks import Chopsticks, Position, Rules
from asobi.core.config import load_yaml, package_data
from asobi.core.errors import DataError

LINES_FILE = package_data("chopsticks", "article_lines.yaml")
#: (outcome, plies) of each stored position of one rule set
Outcomes = Mapping[Position, tuple[str, Any]]


def alternatives(rules: Rules) -> list[Rules]:
    """The rule sets next to ``rules``, replayed as evidence only: its from_one reading when
    fusion is on (a reading the article's 「片手が2以上の場合」 rules out), then dies_at one
    below and one above."""
    found = []
    if rules.fusion and not rules.from_one:
        found.append(replace(rules, from_one=True))
    for dies_at in (rules.dies_at - 1, rules.dies_at + 1):
        if 2 <= dies_at <= 16:
            found.append(replace(rules, dies_at=dies_at))
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


def _narrated_position(item: Mapping[str, Any]) -> Position:
    """The position of one narrated step of the argument (the author to move)."""
    author, opponent, _ = _row(item["hands"])
    return Position(tuple(sorted(author)), tuple(sorted(opponent)))


def argument_positions(narrated: Mapping[str, Any]) -> list[Position]:
    """The positions of the endless-game argument, in the order narrated."""
    return [_narrated_position(item) for item in narrated["author_to_move"]]


def check_argument(narrated: Mapping[str, Any], outcomes: Outcomes) -> tuple[list[str], list[str]]:
    """The narrated positions' outcomes and the steps where the argument's claim fails."""
    found, wrong = [], []
    for item in narrated["author_to_move"]:
        position = _narrated_position(item)
        outcome, plies = outcomes.get(position, ("unreachable", None))
        ok = outcome == "first" if item["says"] == "win" else outcome in ("first", "draw")
        text = f"{position}:{outcome}{'' if plies is None else plies}"
        found.append(text)
        if not ok:
            wrong.append(f"step {item['step']}: {text}")
    return found, wrong


SIDES = ("opponent", "author")  # the top row moves first


def _position(hands: tuple[tuple[int, int], tuple[int, int]], to_move: int) -> Position:
    """The position with side ``to_move`` (0 top, 1 bottom) to move."""
    return Position(tuple(sorted(hands[to_move])), tuple(sorted(hands[1 - to_move])))


@dataclass(frozen=True)
class Turn:
    """One turn of a printed line: steps ``start`` to ``end`` (0-based), made by side
    ``mover``; ``split_to`` is the split shown before a re-action attack (else None)."""

    start: int
    end: int
    mover: int
    before: Position
    after: Position
    split_to: tuple[int, ...] | None


def line_turns(line: Mapping[str, Any]) -> list[Turn]:
    """The turns of a line (a split and its re-action attack are one turn)."""
    steps = [_row(text) for text in line["steps"]]
    turns = []
    i, to_move = 0, 0  # the opponent moves first
    while i < len(steps) - 1:
        end = i + 1
        split_to = None
        if end + 1 < len(steps) and steps[end + 1][2]:
            split_to = tuple(sorted(steps[end][to_move]))
            end += 1
        before = _position(steps[i][:2], to_move)
        after = _position(steps[end][:2], 1 - to_move)
        turns.append(Turn(i, end, to_move, before, after, split_to))
        i, to_move = end, 1 - to_move
    return turns


def line_positions(line: Mapping[str, Any]) -> list[Position]:
    """The positions a line shows, each with the side to move: before each turn, then the
    last one."""
    turns = line_turns(line)
    last = _row(line["steps"][-1])
    return [t.before for t in turns] + [_position(last[:2], len(turns) % 2)]


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
    turns = line_turns(line)
    shown = [(t.start, t.mover, t.before) for t in turns]
    shown.append((len(line["steps"]) - 1, len(turns) % 2, line_positions(line)[-1]))
    seen = []
    for k, (step, to_move, position) in enumerate(shown):
        if position not in outcomes:
            return (
                False,
                f"position {position} (step {step + 1}) is not reachable in {rules.variant_id}",
            )
        outcome, plies = outcomes[position]
        wins = {"first": SIDES[to_move], "second": SIDES[1 - to_move]}.get(outcome)
        if wins != line["winner"]:
            return False, (
                f"step {step + 1}: {SIDES[to_move]} to move at {position} is "
                f"{outcome}, so the {line['winner']} does not win"
            )
        seen.append(f"{position}:{outcome}{'' if plies is None else plies}")
        if k == len(turns):
            break
        turn = turns[k]
        found = [
            m
            for m in game.legal_moves(position)
            if game.play(position, m) == turn.after
            and (turn.split_to is None or (m.split == turn.split_to and m.attacker is not None))
        ]
        if not found:
            return (
                False,
                f"step {turn.start + 1} -> {turn.end + 1}: no legal move of the "
                f"{SIDES[turn.mover]} gives it",
            )
    return True, f"{len(seen) - 1} legal turns; the {line['winner']} wins at each: " + " ".join(
        seen
    )


def load_remarks(path: str | os.PathLike[str] = LINES_FILE) -> list[dict[str, Any]]:
    """The article's side remarks on its lines (see ``article_lines.yaml``)."""
    return load_yaml(path)["remarks"]


def remark_positions(branch: Mapping[str, Any], winner: str) -> tuple[Position, Position, Position]:
    """A remark's three positions: the loser to move, the winner to move, the loser to move."""
    loser = 1 - SIDES.index(winner)
    at, instead, reply = (_row(branch[key])[:2] for key in ("at", "instead", "reply"))
    return _position(at, loser), _position(instead, 1 - loser), _position(reply, loser)


def check_remark(
    remark: Mapping[str, Any], outcomes: Outcomes, rules: Rules | None = None
) -> tuple[bool, str]:
    """Each branch of a side remark: the losing side's other move is legal, the winner's
    answer is legal and ends the game, and the positions table gives the winner a win in
    1 ply after the other move."""
    rules = Rules(**remark["rules"]) if rules is None else rules
    game = Chopsticks(rules)
    winner = remark["winner"]
    found, wrong = [], []
    for branch in remark["branches"]:
        at, instead, reply = remark_positions(branch, winner)
        outcome, plies = outcomes.get(instead, ("unreachable", None))
        text = f"{at} -> {instead}:{outcome}{'' if plies is None else plies} -> {reply}"
        found.append(text)
        successors = {game.play(at, m) for m in game.legal_moves(at)}
        answers = {game.play(instead, m) for m in game.legal_moves(instead)}
        if instead not in successors:
            wrong.append(f"{text}: no legal move of the loser gives {instead}")
        elif reply not in answers or not game.is_over(reply):
            wrong.append(f"{text}: no legal move of the {winner} ends the game")
        elif (outcome, plies) != ("first", 1):
            wrong.append(f"{text}: the {winner} does not win at once")
    return not wrong, "; ".join(wrong) if wrong else "; ".join(found)


@dataclass(frozen=True)
class Gap:
    """A reply of the losing side that the printed argument leaves out: ``move`` from
    ``at`` gives ``after`` (the winner to move)."""

    at: Position
    move: str
    after: Position


def proof_gaps(
    lines: Iterable[Mapping[str, Any]],
    remarks: Iterable[Mapping[str, Any]],
    rules: Rules,
    winner: str,
) -> tuple[list[Gap], int]:
    """The losing side's replies that the lines and remarks (of one section, one winner)
    leave out, at every position where the printed argument lets the loser move: (the
    left-out replies, the number of loser positions examined)."""
    game = Chopsticks(rules)
    loser = 1 - SIDES.index(winner)
    printed: dict[Position, set[Position]] = {}
    for line in lines:
        for turn in line_turns(line):
            if turn.mover == loser:
                printed.setdefault(turn.before, set()).add(turn.after)
    for remark in remarks:
        for branch in remark["branches"]:
            at, instead, _ = remark_positions(branch, winner)
            printed.setdefault(at, set()).add(instead)
    gaps = []
    for at, shown in printed.items():
        for move in game.legal_moves(at):
            after = game.play(at, move)
            if after not in shown:
                shown.add(after)  # one gap per position reached
                gaps.append(Gap(at, str(move), after))
    return gaps, len(printed)


def variant_ids_to_read(rules: Iterable[Rules]) -> list[str]:
    """The variant ids of these rule sets and of their alternatives, sorted."""
    wanted = {r.variant_id for r in rules}
    wanted |= {other.variant_id for r in rules for other in alternatives(r)}
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
