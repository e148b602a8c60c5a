"""``asobi fivelines ROWS...``: who wins a five-lines position, and the winning moves."""

from __future__ import annotations

import re

import click

from asobi.core.errors import InputError
from asobi.fivelines.fivelines import FiveLines, Position, Rules
from asobi.fivelines.solver import solve_positions, theorem_mover_wins, theorem_winning_moves

SEARCH_LIMIT = 45  # exhaustive search up to this many sticks takes about a second
#: The formula's winning moves take time linear in the sticks (about a second for 10^6).
MAX_STICKS = 1_000_000
#: Winning moves printed; a long row can have hundreds of thousands.
MAX_MOVES_SHOWN = 50
_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def parse_rows(texts: tuple[str, ...]) -> Position:
    """Row lengths from the command line: whole numbers ≥ 0 in the digits 0-9 (as everywhere
    in asobi: full-width ``１２`` is refused, as daifugō refuses it), at most
    :data:`MAX_STICKS` sticks in all."""
    rows = []
    for text in texts:
        if not _WHOLE_NUMBER.fullmatch(text):
            raise InputError(
                f"row length {text!r} is not a whole number written with the digits 0-9"
            )
        if len(text.lstrip("-")) > len(str(MAX_STICKS)):
            raise InputError(f"row length {text} is more than {MAX_STICKS} sticks")
        rows.append(int(text))
    position = Position(tuple(rows))
    if position.total > MAX_STICKS:
        raise InputError(
            f"{position.total} sticks in all is more than {MAX_STICKS} (the winning moves "
            "take time linear in the sticks)"
        )
    return position


@click.command(name="fivelines", context_settings={"ignore_unknown_options": True})
@click.argument("rows", nargs=-1, required=True)
@click.option("--misere", is_flag=True, help="Whoever erases the last stick loses.")
@click.option(
    "--method",
    type=click.Choice(["auto", "search", "theorem"]),
    default="auto",
    show_default=True,
    help=(
        "search: exhaustive search (no formula), up to "
        f"{SEARCH_LIMIT} sticks; theorem: the XOR rule (misère-Nim rule with --misere), "
        "which results/claims.parquet verifies; auto: search when small enough."
    ),
)
def command(rows: tuple[str, ...], misere: bool, method: str) -> None:
    """五線 (five lines): who wins from ROWS (row lengths), and how.

    A move erases a run of consecutive sticks from one row. Normal play: whoever erases
    the last stick wins; --misere: that player loses. The player to move is "first".

    Row lengths are whole numbers in the digits 0-9, at most 1000000 sticks in all; at most
    50 winning moves are listed (with the count of the rest).

    Example: asobi fivelines 1 2 3 4 5
    """
    position = parse_rows(rows)
    game = FiveLines(Rules(misere=misere))
    if method == "auto":
        method = "search" if position.total <= SEARCH_LIMIT else "theorem"
    if method == "search":
        if position.total > SEARCH_LIMIT:
            raise InputError(
                f"{position.total} sticks is more than --method search handles ({SEARCH_LIMIT})"
            )
        solved = solve_positions(position.total)
        winning = set(solved.winning_moves(position.rows, misere=misere))
        outcome_of = solved.misere_outcome_of if misere else solved.normal_outcome_of
        mover_wins = outcome_of(position.rows) == "first"
        winning_moves = [
            move for move in game.legal_moves(position) if game.play(position, move).rows in winning
        ]
    else:
        winning_moves = theorem_winning_moves(position, misere=misere)
        mover_wins = theorem_mover_wins(position, misere=misere)
    rule = "misère (last stick loses)" if misere else "normal (last stick wins)"
    click.echo(f"position {position.key() or '(empty)'}, {rule}, method: {method}")
    click.echo(f"winner with perfect play: {'first' if mover_wins else 'second'} (player to move)")
    if winning_moves:
        click.echo("winning moves:")
        for move in winning_moves[:MAX_MOVES_SHOWN]:
            result = game.play(position, move)
            click.echo(
                f"  row of {move.row}: keep {move.left} and {move.right} -> "
                f"{result.key() or '(empty)'}"
            )
        if len(winning_moves) > MAX_MOVES_SHOWN:
            click.echo(f"  … and {len(winning_moves) - MAX_MOVES_SHOWN} more winning moves")
    else:
        click.echo("no winning move: every move loses against perfect play")
