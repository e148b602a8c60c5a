"""Who places the last stone, and the mirror strategy's weak point under 12?.

The article argues about the count of stones alone (先手有利の相殺, 12?プロトコル): under the
basic protocol White places the last stone; under 12? the count per turn varies, so the last
placer varies, and "as in a count game" one player can force the other to place the last
stone. These functions play that count game through the rules engine's turn sizes (the
number of cells of :meth:`Contraposition.legal_moves`), ignoring which cells are taken.

>>> from asobi.contraposition.contraposition import Rules
>>> sorted(c.label for c in last_placers(Rules(5)))
['white']
>>> sorted(c.label for c in last_placers(Rules(5, "onetwo")))
['black', 'white']
>>> forces_other_last(Rules(5, "onetwo")).label
'black'
"""

from __future__ import annotations

from functools import cache

from asobi.contraposition.board import cells, index_of
from asobi.contraposition.contraposition import (
    Colour,
    Contraposition,
    Move,
    Rules,
    initial_position,
)


@cache
def turn_sizes(rules: Rules) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """How many stones a turn may place: at the opening and afterwards, read from the
    rules engine's legal turns on a board of ``rules`` (a side-2 board when the side is
    larger: the turn sizes do not depend on the side)."""
    small = Rules(min(rules.side, 2), rules.protocol)
    game = Contraposition(small)
    opening = initial_position(small)
    after = game.play(opening, next(iter(game.legal_moves(opening))))
    return (
        tuple(sorted({len(m.cells) for m in game.legal_moves(opening)})),
        tuple(sorted({len(m.cells) for m in game.legal_moves(after)})),
    )


def _count_states(rules: Rules) -> tuple[int, tuple[int, ...], tuple[int, ...]]:
    opening, later = turn_sizes(rules)
    return rules.cell_count, opening, later


def last_placers(rules: Rules) -> set[Colour]:
    """The colours that can place the last stone of some game under ``rules``."""
    n, opening, later = _count_states(rules)
    finals: set[Colour] = set()
    frontier = {(k, Colour.WHITE) for k in opening if k <= n}
    seen = set(frontier)
    while frontier:
        nxt = set()
        for placed, mover in frontier:
            if placed == n:
                finals.add(mover)
                continue
            for k in later:
                state = (placed + k, mover.opponent)
                if placed + k <= n and state not in seen:
                    seen.add(state)
                    nxt.add(state)
        frontier = nxt
    return finals


def forces_other_last(rules: Rules) -> Colour | None:
    """The colour that can force the other colour to place the last stone, whatever the
    other does (the count game of the whole game, from the empty board), or ``None``.

    Each colour wants the other to be the last placer; the game ends when all cells are
    taken. A state is (stones placed, mover); the mover wins when some turn leaves a state
    the other loses, or when that turn fills the board (then the mover placed last and
    loses, so such a turn is never a win).
    """
    n, opening, later = _count_states(rules)
    # mover_forces[p]: with p stones placed, the mover can force the other to be last: some
    # turn k that does not fill the board leads to a state the new mover loses (filled
    # backwards from the full board, where nobody moves)
    mover_forces = [False] * (n + 1)
    for placed in range(n - 1, -1, -1):
        mover_forces[placed] = any(placed + k < n and not mover_forces[placed + k] for k in later)
    white_wins = any(k < n and not mover_forces[k] for k in opening)
    if white_wins:
        return Colour.WHITE
    # White cannot: Black can, unless White's only openings fill the board (side 1)
    if all(k < n for k in opening):
        return Colour.BLACK
    return None


def mirror_breaking_turn(rules: Rules) -> Move | None:
    """After White's first stone on the centre, a legal Black turn that takes both cells of
    a pair of point-reflected cells (after which White can never again answer stone for
    stone by reflection), or ``None`` when the rules allow no such turn."""
    side = rules.side
    centre_rules = Rules(side, "onetwo")  # the basic protocol forbids the centre opening
    where = index_of(side)
    mirror = [where[(-q, -r)] for q, r in cells(side)]
    opening = initial_position(centre_rules)
    after = Contraposition(centre_rules).play(opening, Move(where[(0, 0)]))
    after_rules = Contraposition(rules)
    for move in after_rules.legal_moves(after):
        if len(move.cells) == 2 and mirror[move.cells[0]] == move.cells[1]:
            return move
    return None
