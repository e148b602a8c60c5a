"""``asobi chopsticks``: query solved positions and the variant table."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
import pandas as pd

from asobi.chopsticks.chopsticks import Chopsticks, Rules
from asobi.chopsticks.rule_sets import article_rule_sets
from asobi.chopsticks.solver import solve
from asobi.chopsticks.tables import STRATEGY_COLUMNS, strategy_table, variant_row
from asobi.core.errors import ConfigError, DataError
from asobi.core.tables import read_as

#: The columns ``asobi chopsticks variants`` prints (and needs in a ``--table``).
VARIANTS_COLUMNS = (
    "variant_id",
    "start_outcome",
    "start_plies",
    "n_positions",
    "n_first",
    "n_second",
    "n_draw",
)


def _rules_options(function):  # type: ignore[no-untyped-def]
    options = [
        click.option(
            "--hands",
            type=click.IntRange(1, 8),
            default=2,
            show_default=True,
            help="Hands of the player to move.",
        ),
        click.option(
            "--other-hands",
            type=click.IntRange(1, 8),
            default=None,
            help="Hands of the other player (default: same as --hands).",
        ),
        click.option(
            "--dies-at",
            type=click.IntRange(2, 16),
            default=5,
            show_default=True,
            help="A hand dies at this value (cut-off) or exactly at it (roll-over).",
        ),
        click.option(
            "--overflow",
            type=click.Choice(["cutoff", "rollover"]),
            default="cutoff",
            show_default=True,
            help="What happens above dies_at.",
        ),
        click.option("--split", is_flag=True, help="Allow splits (分身)."),
        click.option("--revive", is_flag=True, help="A split may revive a dead hand (復活)."),
        click.option("--fusion", is_flag=True, help="A split may empty the giving hand (融合)."),
        click.option("--swap", is_flag=True, help="A split may merely exchange hands (交換)."),
        click.option("--reaction", is_flag=True, help="Attack again after a split (再行動)."),
        click.option(
            "--from-one",
            is_flag=True,
            help="With --fusion, a hand of 1 may also give its point (a reading, not the "
            "article's rule).",
        ),
    ]
    for option in reversed(options):
        function = option(function)
    return function


@click.group(name="chopsticks")
def command() -> None:
    """数字を増やす遊び (chopsticks): exact values of positions under every rule set."""


def _rules(
    hands: int, other_hands: int | None, dies_at: int, overflow: str, **switches: bool
) -> Rules:
    """The rule set of the command-line options (a bad combination is a usage error)."""
    try:
        return Rules(
            hands_first=hands,
            hands_second=other_hands or hands,
            dies_at=dies_at,
            overflow=overflow,  # type: ignore[arg-type]
            **switches,
        )
    except ConfigError as error:
        raise click.UsageError(str(error).removeprefix("chopsticks: ")) from None


@command.command()
@click.argument("position")
@_rules_options
def best(position: str, **options: Any) -> None:
    """Outcome, distance and optimal moves of POSITION.

    POSITION is the mover's hands, a space, the other player's hands: "1,1 2,1". Moves are
    written m>v (my m taps your v), =a,b (split to a,b), =a,b+m>v (split, then attack).
    """
    rules = _rules(**options)
    parsed = Chopsticks(rules).parse_position(position)
    solution = solve(rules)
    index = solution.index(parsed)
    outcome = solution.outcome(index)
    distance = solution.distance(index)
    meaning = {
        "first": "the player to move wins",
        "second": "the player to move loses",
        "draw": "neither side can force a win",
    }[outcome.value]
    click.echo(f"rules: {rules.variant_id}")
    click.echo(f"position: {parsed} (mover first)")
    click.echo(f"outcome: {outcome.value} ({meaning})")
    click.echo(f"plies: {'-' if distance is None else distance}")
    click.echo(f"best moves: {' '.join(solution.best_moves(parsed)) or '-'}")


@command.command()
@_rules_options
@click.option(
    "--all",
    "every",
    is_flag=True,
    help="Every legal position with both players alive, reachable from the start or not.",
)
def table(every: bool, **options: Any) -> None:
    """The strategy table of a rule set, as TSV: every position a player meets.

    One row per position with both players alive (default: reachable from the start):
    mover, other (hands a,b ascending), outcome for the player to move (first / second /
    draw), plies to the end (empty for a draw) and best_moves (optimal moves, space
    separated), sorted by mover then other.
    """
    rules = _rules(**options)
    rows = strategy_table(solve(rules), every=every)
    click.echo("\t".join(STRATEGY_COLUMNS))
    for row in rows.itertuples(index=False):
        click.echo("\t".join(row))


@command.command()
@click.option(
    "--table",
    "table",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Print a stored variants.parquet instead of solving the 68 rule sets now.",
)
def variants(table: Path | None) -> None:
    """The variant table: start outcome and position counts of each rule set."""
    if table is not None:
        if not table.exists():
            raise DataError(f"no variants table at {table} (run `make results` first)")
        frame = read_as(table, "chopsticks/variants", VARIANTS_COLUMNS).to_pandas()
    else:
        frame = pd.DataFrame([variant_row(solve(rules)) for rules in article_rule_sets()])
    frame["start_plies"] = frame["start_plies"].astype("Int64")
    columns = list(VARIANTS_COLUMNS)
    with pd.option_context("display.max_rows", None, "display.width", 200):
        click.echo(frame[columns].to_string(index=False))
