"""``asobi shiritori``: solve a start word, play against the perfect yokai, or check the
certificates of a run without the solver (``verify``; the solver is imported only by the
commands that search)."""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.config import package_data, schema_entry
from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.kana import hiragana_to_katakana
from asobi.shiritori.data import clean_text, load_clean
from asobi.shiritori.shiritori import (
    AXES,
    LOSING_UNIT,
    Rules,
    Shiritori,
    accepted_units,
    is_katakana_word,
)

DEFAULT_DATA = package_data("yokai", "yokai_names_2024-07-02.tsv")


def _rule_options(function):  # type: ignore[no-untyped-def]
    for axis, values in reversed(AXES.items()):
        function = click.option(
            f"--{axis.replace('_', '-')}",
            axis,
            type=click.Choice(values),
            default=values[0],
            show_default=True,
            help=f"Rule for {axis}.",
        )(function)
    return click.option(
        "--data",
        type=click.Path(dir_okay=False, path_type=Path),
        default=DEFAULT_DATA,
        show_default=False,
        help="Yokai list TSV (default: the vendored list).",
    )(function)


def _game(data: Path, axes: dict[str, str]) -> Shiritori:
    return Shiritori(load_clean(data).lexicon, Rules(**axes))


def to_katakana(text: str) -> str:
    """Clean typed input: NFKC, no spaces, hiragana → katakana; reject anything else.

    >>> to_katakana("ろくろくび ")
    'ロクロクビ'
    """
    cleaned = clean_text(text)
    katakana = hiragana_to_katakana(cleaned)
    if not is_katakana_word(katakana):
        raise InputError(f"{text.strip()!r} is not a word in kana (katakana or hiragana)")
    return katakana


@click.group(name="shiritori")
def command() -> None:
    """ようかいしりとり (yokai shiritori): the yokai says its name, then the human answers."""


_BUDGET_KEYS = ("node_budget", "proof_budget", "compiled_budget", "compiled_table_bits")


def _budget_options(function):  # type: ignore[no-untyped-def]
    """``--node-budget`` … ``--compiled-table-bits``: range, default and help text come from
    the ``shiritori`` keys of the config schema, so the CLI searches as the pipeline does."""
    for key in reversed(_BUDGET_KEYS):
        entry = schema_entry("shiritori", key)
        function = click.option(
            f"--{key.replace('_', '-')}",
            key,
            type=click.IntRange(min=entry.get("minimum"), max=entry.get("maximum")),
            default=entry["default"],
            show_default=True,
            help=" ".join(entry["description"].split()),
        )(function)
    return function


@command.command()
@click.argument("start")
@_rule_options
@_budget_options
@click.option(
    "--compiled-table-ways",
    type=click.Choice(
        [str(ways) for ways in schema_entry("shiritori", "compiled_table_ways")["enum"]]
    ),
    default=str(schema_entry("shiritori", "compiled_table_ways")["default"]),
    show_default=True,
    help=" ".join(schema_entry("shiritori", "compiled_table_ways")["description"].split()),
)
@click.option(
    "--compiled-store/--no-compiled-store",
    default=schema_entry("shiritori", "compiled_store")["default"],
    show_default=True,
    help=" ".join(schema_entry("shiritori", "compiled_store")["description"].split()),
)
@click.option(
    "--certificate",
    type=click.Path(dir_okay=False, path_type=Path),
    default=None,
    help="Also write the winner's certificate to this Parquet file (the format of "
    "results/shiritori/proofs.parquet; see README).",
)
def solve(
    start: str,
    data: Path,
    node_budget: int,
    proof_budget: int,
    compiled_budget: int,
    compiled_table_bits: int,
    compiled_table_ways: str,
    compiled_store: bool,
    certificate: Path | None,
    **axes: str,
) -> None:
    """Who wins when the yokai starts with START, and one winning line.

    The search is the pipeline's (same default budgets): depth-first search, then
    proof-number search, then a compiled proof-number search for words still open. A word
    none of them decides is reported unknown, never guessed; raise the budgets to go on
    (progress goes to stderr every 10 million compiled nodes).
    """
    from asobi.shiritori.certify import write_certificates
    from asobi.shiritori.search import check_table_memory
    from asobi.shiritori.staged import StagedSolver

    if compiled_budget:
        check_table_memory(compiled_table_bits)
    game = _game(data, axes)
    word = to_katakana(start)
    game.word_index(word)
    staged = StagedSolver(
        game,
        node_budget=node_budget,
        proof_budget=proof_budget,
        compiled_budget=compiled_budget,
        compiled_table_bits=compiled_table_bits,
        compiled_table_ways=int(compiled_table_ways),
        proof_store=compiled_store,
        report=lambda message: click.echo(message, err=True),
    )
    result = staged.solve(word)
    if certificate is not None and result.winner != "unknown":
        rows = write_certificates(staged, [result], certificate)
        click.echo(f"certificate: {rows} nodes written to {certificate}", err=True)
    if result.winner == "unknown":
        click.echo(
            f"{word}: unknown (not decided within {result.nodes} nodes; "
            "try a larger --compiled-budget)"
        )
        return
    click.echo(f"{word}: {result.winner} wins ({result.nodes} nodes searched)")
    click.echo(" → ".join(result.line))


@command.command()
@click.option(
    "--yokai",
    "start",
    default="ロクロクビ",
    show_default=True,
    help="The yokai who challenges you (its name is the first word).",
)
@_rule_options
def play(start: str, data: Path, **axes: str) -> None:
    """Play against the perfect yokai: type a word (kana) to answer; empty input resigns."""
    from asobi.shiritori.solver import Solver

    game = _game(data, axes)
    solver = Solver(game)
    word = to_katakana(start)
    position = game.opening(word)
    click.echo(f"妖怪: {word}")
    if position.letter == LOSING_UNIT:
        click.echo("The yokai said a word ending in ン: you win!")
        return
    while True:
        options = game.legal_moves(position)
        units = "/".join(sorted(accepted_units(position.letter, game.rules)))
        if not options:
            click.echo(f"No yokai name starts with {units}: you lose. The yokai eats you.")
            return
        try:
            answer = click.prompt(f"あなた ({units}…)", default="", show_default=False)
        except click.Abort:  # end of input (or Ctrl-C) resigns
            answer = ""
        if not answer.strip():
            click.echo("You resign. The yokai eats you.")
            return
        try:
            typed = to_katakana(answer)
        except InputError as error:
            click.echo(f"{error}. Try again.")
            continue
        try:
            position = game.play(position, typed)
        except IllegalMoveError as error:
            click.echo(f"Not allowed: {error}. Try again.")
            continue
        except InputError:
            click.echo(f"{typed} is not in the yokai list. Try again.")
            continue
        if position.letter == LOSING_UNIT:
            click.echo(f"{typed} ends in ン: you lose. The yokai eats you.")
            return
        reply, status = solver.choose(position)
        if reply is None:
            click.echo("The yokai has no word left: you win!")
            return
        position = game.play(position, reply)
        note = {"win": " (the yokai is sure to win)", "loss": " (the yokai is losing)"}.get(
            status, ""
        )
        click.echo(f"妖怪: {reply}{note}")
        if position.letter == LOSING_UNIT:
            click.echo(f"{reply} ends in ン: the yokai loses, you win!")
            return


@command.command()
@click.argument(
    "results",
    default="results",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
)
@click.option(
    "--data",
    type=click.Path(dir_okay=False, exists=True, path_type=Path),
    default=DEFAULT_DATA,
    show_default=False,
    help="Yokai list TSV the run used (default: the vendored list; a run with "
    "source: wikipedia used RESULTS/shiritori/fetched/yokai_names.tsv).",
)
@click.option(
    "--jobs",
    type=click.IntRange(min=1),
    default=1,
    show_default=True,
    help="Processes checking variants side by side (the small variants as one task; each "
    "holds one variant's nodes: the largest, previous_kana/written/independent, under 1 GB). "
    "On the 2-core reference machine one process checks the default run in about 27 s and "
    "two in about 25 s: the largest variant is most of the work.",
)
def verify(results: Path, data: Path, jobs: int) -> None:
    """Check every certificate of RESULTS/shiritori/proofs.parquet with the rules alone.

    Each certificate must prove its winner against the word list and its variant's rules,
    and every decided pair of RESULTS/shiritori/outcomes.parquet needs one. Prints one line
    per failure (exit status 1), or one summary line.
    """
    from asobi.shiritori.verify import verify_results

    folder = results / "shiritori"
    for name in ("outcomes.parquet", "proofs.parquet"):
        if not (folder / name).exists():
            raise InputError(f"{folder / name} does not exist: run the workflow first")
    report = verify_results(folder / "outcomes.parquet", folder / "proofs.parquet", data, jobs=jobs)
    for failure in report.failures:
        click.echo(failure)
    if report.failures:
        click.get_current_context().exit(1)
    click.echo(report.summary)
