"""Eyes ("眼"): empty cells enclosed by one colour, and what they force.

The article (section ボードを埋めるゲーム) argues: the game ends only when the board is
full, so a cell a player never fills is filled by the opponent or is the last cell. A
player who keeps several empty cells completely surrounded by their own stones therefore
forces the opponent to put a stone in one of them, where it becomes an opponent group of
size 1. In section 先手有利の相殺 it adds the parity remark for the basic protocol: White
places the last stone, so one Black eye is enough to force White in, while White needs two.

We state this precisely and check it by exhaustive search on constructed positions:

* An *eye* of colour P is an empty cell all of whose neighbours (on the board) hold P's
  stones. An opponent stone played there is a group of size 1 that no later move can grow.
* The *owner* P follows the strategy "never place a stone in one of my eyes while any other
  empty cell exists"; the opponent plays freely and tries to fill as few of P's eyes as
  possible. :func:`forced_eye_fills` is the number of P's eyes (of the starting position)
  that the opponent ends up filling under best play of both sides (owner restricted as said).
* Claim (several eyes): with at least two eyes the opponent fills at least one, under both
  protocols. Claim (one eye, basic protocol): the opponent is forced into a single eye
  exactly when the owner is Black.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from asobi.contraposition.board import EMPTY, cell_count, neighbours, side_of
from asobi.contraposition.contraposition import Colour, Contraposition, Position, Protocol, Rules
from asobi.core.errors import InputError


def eyes(board: tuple[int, ...], colour: Colour) -> frozenset[int]:
    """Empty cells whose every neighbour is a stone of ``colour``."""
    around = neighbours(side_of(len(board)))
    return frozenset(
        cell
        for cell, value in enumerate(board)
        if value == EMPTY and all(board[o] == colour for o in around[cell])
    )


MAX_EMPTY = 10


def forced_eye_fills(rules: Rules, position: Position, owner: Colour) -> int:
    """How many of ``owner``'s eyes the opponent is forced to fill (see the module doc).

    Exhaustive search; at most :data:`MAX_EMPTY` empty cells.

    >>> from asobi.contraposition.board import parse_board
    >>> board = parse_board("WWB/W.WB/WWWBB/BBWW/B..")  # a White eye on cell 4
    >>> forced_eye_fills(Rules(3), Position(board, Colour.WHITE), Colour.WHITE)
    0
    >>> forced_eye_fills(Rules(3), Position(board, Colour.BLACK), Colour.WHITE)
    1
    """
    empty = position.empty_cells
    if len(empty) > MAX_EMPTY:
        raise InputError(f"forced_eye_fills searches at most {MAX_EMPTY} empty cells")
    eye_cells = eyes(position.board, owner)
    game = Contraposition(rules)

    @cache
    def value(current: Position) -> int:
        if game.is_over(current):
            return 0
        moves = list(game.legal_moves(current))
        if current.to_move is owner:
            outside = [m for m in moves if not eye_cells.intersection(m.cells)]
            return max(value(game.play(current, m)) for m in (outside or moves))
        return min(
            len(eye_cells.intersection(m.cells)) + value(game.play(current, m)) for m in moves
        )

    return value(position)


@dataclass(frozen=True)
class EyeCase:
    """One constructed position for the eye claims."""

    rules: Rules
    position: Position
    owner: Colour
    eye_count: int
    forced: int


def constructed_positions(
    rules: Rules, count: int, seed: int, max_extra_empty: int = 4
) -> Iterator[Position | None]:
    """Random near-full boards with eyes carved out for a random owner (seeded).

    Eyes are chosen first (1 to 3 pairwise non-adjacent cells), their neighbours get the
    owner's colour, then a few other non-adjacent empty cells are left, then the rest is
    coloured at random. Under the basic protocol the stone counts and the colour to move are
    those the protocol produces (White has as many stones as Black, or one more); boards
    that cannot meet them are skipped (``None`` is yielded so the caller can count tries).
    """
    generator = random.Random(seed)
    side = rules.side
    n = cell_count(side)
    around = neighbours(side)
    for _ in range(count):
        owner = generator.choice((Colour.WHITE, Colour.BLACK))
        board = [None] * n
        eye_count = generator.randint(1, 3)
        cells_ = list(range(n))
        generator.shuffle(cells_)
        chosen: list[int] = []
        for cell in cells_:
            if len(chosen) == eye_count:
                break
            if all(cell not in around[e] and cell != e for e in chosen):
                chosen.append(cell)
        for eye in chosen:
            board[eye] = EMPTY
            for other in around[eye]:
                board[other] = owner
        extra = generator.randint(0, max_extra_empty)
        for cell in cells_:
            if extra == 0:
                break
            if board[cell] is None and not any(board[o] == EMPTY for o in around[cell]):
                board[cell] = EMPTY
                extra -= 1
        free = [c for c in range(n) if board[c] is None]
        placed = n - sum(1 for v in board if v == EMPTY)
        if rules.protocol is Protocol.BASIC:
            whites = (placed + 1) // 2
            to_move = Colour.WHITE if placed % 2 == 0 else Colour.BLACK
        else:
            whites = generator.randint(1, placed - 1) if placed > 1 else placed
            to_move = generator.choice((Colour.WHITE, Colour.BLACK))
        fixed_whites = sum(1 for v in board if v == Colour.WHITE)
        fixed_blacks = sum(1 for v in board if v == Colour.BLACK)
        need_white = whites - fixed_whites
        if need_white < 0 or need_white > len(free) or placed - whites < fixed_blacks:
            yield None
            continue
        generator.shuffle(free)
        for i, cell in enumerate(free):
            board[cell] = Colour.WHITE if i < need_white else Colour.BLACK
        yield Position(tuple(int(v) for v in board), to_move)


def eye_cases(rules: Rules, count: int, seed: int) -> list[EyeCase]:
    """Solve :func:`forced_eye_fills` on constructed positions that have owner eyes."""
    cases = []
    for position in constructed_positions(rules, count, seed):
        if position is None:
            continue
        for owner in (Colour.WHITE, Colour.BLACK):
            found = eyes(position.board, owner)
            if not found:
                continue
            forced = forced_eye_fills(rules, position, owner)
            cases.append(EyeCase(rules, position, owner, len(found), forced))
    return cases


def predicted_forced_at_least_one(rules: Rules, owner: Colour, eye_count: int) -> bool | None:
    """The article's prediction: is the opponent forced into at least one eye?

    Two or more eyes: yes (both protocols). One eye under the basic protocol: yes exactly
    when the owner is Black (White places the last stone). One eye under 12?: no
    prediction (the article only says the count-game control matters), ``None``.
    """
    if eye_count >= 2:
        return True
    if rules.protocol is Protocol.BASIC:
        return owner is Colour.BLACK
    return None
