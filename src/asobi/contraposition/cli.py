"""``asobi contraposition ...``: draw boards, score full boards, solve small boards."""

from __future__ import annotations

import click

from asobi.contraposition.board import cell_count, parse_board, render, render_indices
from asobi.contraposition.contraposition import (
    LUDII_INFINITY,
    Colour,
    Protocol,
    Rules,
    deciding_size,
    group_sizes,
    ludii_scores,
    winner_by_counts,
    winner_by_ludii_score,
    winner_by_sorted_sizes,
)
from asobi.core.config import schema_entry, validate_config
from asobi.core.errors import InputError

PROTOCOL_CHOICE = click.Choice([p.value for p in Protocol])
DEFAULTS = validate_config({"contraposition": {}})["contraposition"]
"""The ``contraposition`` config block filled with the schema's defaults (the budgets)."""


@click.group(name="contraposition")
def command() -> None:
    """Contraposition: a hex board-filling game won by having fewer small groups."""


@command.command()
@click.option(
    "--side",
    type=click.IntRange(1, 12),
    default=5,
    show_default=True,
    help="Cells on each edge of the hexagonal board.",
)
@click.option(
    "--board",
    "board_text",
    default=None,
    help="Draw this board instead (W/O white, B/X black, '.' empty; rows by '/').",
)
@click.option("--indices", is_flag=True, help="Number the cells (the numbering of the tables).")
def show(side: int, board_text: str | None, indices: bool) -> None:
    """Draw a board as ASCII art."""
    if board_text is not None:
        click.echo(render(parse_board(board_text)))
    elif indices:
        click.echo(render_indices(side))
    else:
        click.echo(render((0,) * cell_count(side)))


def _score(score: int) -> str:
    return "infinity" if score == LUDII_INFINITY else str(score)


@command.command()
@click.argument("board_text", metavar="BOARD")
def winner(board_text: str) -> None:
    """Score a full BOARD (W/O white, B/X black; rows separated by '/')."""
    board = parse_board(board_text)
    if 0 in board:
        raise InputError(
            f"the board has {board.count(0)} empty cell(s); only a full board can be scored"
        )
    click.echo(render(board))
    for colour in Colour:
        click.echo(f"{colour.label} group sizes: {group_sizes(board, colour)}")
    by_counts = winner_by_counts(board)
    by_sorted = winner_by_sorted_sizes(board)
    by_ludii = winner_by_ludii_score(board)
    white_score, black_score = ludii_scores(board)
    click.echo(
        f"winner (smallest-size counts): {by_counts.label if by_counts else 'draw'}"
        f" (decided at size {deciding_size(board)})"
    )
    click.echo(f"winner (sorted sizes): {by_sorted.label if by_sorted else 'draw'}")
    click.echo(
        f"Ludii scores: white {_score(white_score)}, black {_score(black_score)}"
        f" -> {by_ludii.label if by_ludii else 'draw'}"
    )


@command.command()
@click.option("--side", type=click.IntRange(1, 3), default=2, show_default=True)
@click.option(
    "--protocol",
    type=PROTOCOL_CHOICE,
    default="basic",
    show_default=True,
    help="basic, or onetwo (the article's 12? protocol).",
)
@click.option(
    "--max-nodes",
    type=click.IntRange(1, schema_entry("contraposition", "solve_max_nodes")["maximum"]),
    default=DEFAULTS["solve_max_nodes"],
    show_default=True,
    help="Node budget of the win/loss search (config key contraposition.solve_max_nodes).",
)
def solve(side: int, protocol: str, max_nodes: int) -> None:
    """Solve a small board with perfect play."""
    from asobi.contraposition.solver import SearchBudget
    from asobi.contraposition.solver import solve as solve_rules

    rules = Rules(side, Protocol(protocol))
    result = solve_rules(rules, SearchBudget.default(max_nodes=max_nodes))
    if not result.solved:
        click.echo(f"not solved: {result.reason} ({result.nodes} nodes)")
        return
    click.echo(
        f"side {side}, {rules.protocol.display}: {result.winner.label} wins ({result.nodes} nodes)"
    )
    for move in result.first_moves:
        click.echo(
            f"  first stone on {move.cell} (and its {len(move.class_cells) - 1} "
            f"images): {'white' if move.white_wins else 'black'} wins"
        )
    click.echo(f"smallest deciding group size the winner can force: {result.deciding_size}")
