"""``asobi shiritori``: solve a start word, play against the perfect yokai, or check the
certificates of a run without the solver (``verify``; the solver is imported only by the
commands that search)."""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.config import schema_entry
from asobi.core.errors import IllegalMoveError, InputError
from asobi.core.kana import hiragana_to_katakana
from asobi.shiritori.data import VENDORED_LIST, clean_text, load_clean
from asobi.shiritori.jobs_cli import jobs as jobs_command
from asobi.shiritori.search import TABLE_WAYS
from asobi.shiritori.shiritori import (
    AXES,
    LOSING_UNIT,
    Rules,
    Shiritori,
    accepted_units,
    is_katakana_word,
)

DEFAULT_DATA = VENDORED_LIST


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
    "results/shiritori/proofs.parquet; see docs/games/shiritori.md, section Certificates).",
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


# -- the deep-search tools (issue 11): searches too long for the default run, and their files


def _lines(name: str, dest: str, help_text: str):  # type: ignore[no-untyped-def]
    """A repeatable option of lines "START W1 W2 ..." (words separated by spaces)."""
    return click.option(name, dest, multiple=True, metavar="LINE", help=help_text)


@command.command()
@click.argument("variant")
@click.argument("words", nargs=-1)
@click.option(
    "--open-words",
    "open_words_from",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="OUTCOMES",
    help="Also solve the start words this outcomes.parquet leaves unknown in the variant, "
    "grouped by last character (after the words given).",
)
@click.option(
    "--budget",
    type=int,
    default=300_000_000,
    show_default=True,
    help="Compiled nodes per start word and per --warm line.",
)
@click.option(
    "--table-bits",
    type=int,
    default=27,
    show_default=True,
    help="2**N entries in the search's table, shared by every word (28 takes about 11.7 GB "
    "with the store).",
)
@click.option(
    "--table-ways",
    type=click.Choice([str(ways) for ways in TABLE_WAYS]),
    default="1",
    show_default=True,
    help="Rows per bucket of the table: 1 replaces a position's one slot always; more evict "
    "the row with the least work below it, which keeps what a long search paid most for.",
)
@click.option("--store", is_flag=True, help="Use the proof store.")
@click.option(
    "--research-budget",
    type=int,
    default=50_000_000,
    show_default=True,
    help="Nodes per re-search while a certificate is built.",
)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    help="The certificates of the decided words (Parquet), written after each.",
)
@_lines("--warm", "warm_lines", 'Search the position after "START W1 W2 ..." first (repeatable).')
@_lines(
    "--split", "split_lines", 'Search the position after each reply to "START W1 ..." (repeatable).'
)
@_lines(
    "--answers",
    "answers_lines",
    'Before any search, list every answer after "START W1 ..." with what the --stored-proofs '
    "file already decides of it, searching nothing (repeatable).",
)
@click.option(
    "--split-budget",
    type=int,
    default=2_000_000,
    show_default=True,
    help="Nodes per reply searched by --split.",
)
@click.option(
    "--store-sets-bits",
    type=int,
    help="2**N slots for the proof store's sets table (default: the compiled search's 20; "
    "24 took 30 % fewer nodes on a 64 M-node hinge, docs/PERFORMANCE.md, section "
    "ようかいしりとり (yokai shiritori)).",
)
@click.option(
    "--store-capacity",
    type=int,
    help="Proofs kept per unit by the proof store (default: the compiled search's 256).",
)
@click.option(
    "--store-archive",
    type=int,
    metavar="N",
    help="Keep, per unit, the last N proofs of nodes at most --archive-depth plies below the "
    "searched position in an archive the search looks up too (default: none); saved with "
    "--stored-proofs.",
)
@click.option(
    "--archive-depth",
    type=int,
    help="How far below the searched position a proof is archived (default: 6 plies).",
)
@click.option(
    "--share-research-table",
    is_flag=True,
    help="Let the certificates' re-searches write into the search's table instead of a "
    "snapshot of it (the snapshot copies the table and proof store: with --table-bits 28 "
    "that is 11 GB more); later words may then take other node counts, never other winners.",
)
@click.option(
    "--stored-proofs",
    type=click.Path(dir_okay=False, path_type=Path),
    metavar="FILE",
    help="Start the proof store from FILE (.npz) when it exists, and write the store's proofs "
    "there after every slice of 10 M nodes and at the end: a search too long for one sitting "
    "goes on where the last one stopped (needs --store and the same --store-capacity and "
    "--store-archive; what it keeps: docs/notes/shiritori-deep-runs.md, paragraph Searches "
    "that go on across sittings).",
)
def deep(variant: str, words: tuple[str, ...], **options: object) -> None:
    """Deep searches of start words the default budgets leave open, with certificates.

    Solves the WORDS of VARIANT (a variant id, as in results/shiritori/outcomes.parquet)
    one after the other with the pipeline's stages on one table, writes the certificates of
    the decided words to --out after each word, and prints one JSON line per word (and per
    --warm, --split and --answers line). Merge the file with `asobi shiritori merge-proofs`
    to vendor it.
    """
    from asobi.shiritori.deep import run_deep

    options["table_ways"] = int(options["table_ways"])  # type: ignore[call-overload]
    run_deep(variant, list(words), echo=click.echo, **options)  # type: ignore[arg-type]


@command.command()
@click.argument("variant")
@click.argument("hint_file", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("hint_word")
@click.argument("words", nargs=-1, required=True)
@click.option(
    "--out",
    type=click.Path(dir_okay=False, path_type=Path),
    required=True,
    help="The hint file (or --onto) with the new certificates after it.",
)
@click.option(
    "--hint-variant",
    help="The variant of the hint file, when it is another one: its moves are followed, its "
    "nodes not reused (default: VARIANT).",
)
@click.option(
    "--onto",
    type=click.Path(dir_okay=False, path_type=Path),
    help="With --hint-variant: VARIANT's certificates so far, which the new ones follow in "
    "--out (default: none).",
)
@click.option(
    "--research-budget",
    type=int,
    default=20_000_000,
    show_default=True,
    help="Compiled nodes per position the hint does not cover.",
)
@click.option("--table-bits", type=int, default=24, show_default=True, help="2**N entries.")
@click.option(
    "--backtracks",
    type=int,
    default=0,
    show_default=True,
    help="Per word: positions where the hint's move failed below and that are searched again "
    "for a move of their own, each with --research-budget nodes (0: the word fails where the "
    "hint does).",
)
@_lines(
    "--book",
    "book",
    "Another certified start word of the hint file, followed at every winner's turn that "
    "answers a unit like its last one and that no other hint reaches; or "
    '"START W1 W2 ...": its certificate from the human\'s turn after that line (repeatable).',
)
@click.option(
    "--first",
    metavar="WORD",
    help="The human's answer to every start word; the start words may then end unlike "
    "HINT_WORD (whose certificate then serves like a --book entry).",
)
@click.option(
    "--yokai",
    is_flag=True,
    help="Certify the start words as yokai wins: every answer of the human is followed by "
    "the book's strategies, HINT_WORD's among them, or searched.",
)
@click.option(
    "--replace",
    is_flag=True,
    help="A word the file certifies already gets the new certificate instead (its old root "
    "is left out; merge-proofs then drops the nodes nothing reaches).",
)
def transfer(
    variant: str, hint_file: Path, hint_word: str, words: tuple[str, ...], **options: object
) -> None:
    """Certify start words by following the certificate of another one (a hint).

    Builds the certificate of each of WORDS (VARIANT) following HINT_WORD's in HINT_FILE,
    reusing its nodes wherever the verifier's rule lets them serve and searching only the
    positions it does not cover; writes --out (the hint file with the new certificates
    after it, to be checked by `asobi shiritori merge-proofs`) and prints one JSON line per
    word. Nothing here is trusted: the verifier checks every certificate.
    """
    from asobi.shiritori.transfer import run_transfer

    run_transfer(variant, hint_file, hint_word, words, echo=click.echo, **options)  # type: ignore[arg-type]


@command.command(name="merge-proofs")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("runs", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option(
    "--keep-twins",
    is_flag=True,
    help="Keep the whole certificate of a start word that begins and ends like one certified "
    "before it (default: one root pointing to that word's certificate).",
)
@click.option(
    "--no-class-roots",
    is_flag=True,
    help="Add no root for the start words that no file certifies but that begin and end like "
    "a certified one (default: one root each, pointing to that word's certificate).",
)
def merge_proofs(out: Path, runs: tuple[Path, ...], keep_twins: bool, no_class_roots: bool) -> None:
    """Merge certificate files of one variant into the one file vendored.

    RUNS are certificate files of one variant (`asobi shiritori deep --out`, or a vendored
    file), in the order their certificates are checked. OUT is written compact and only
    once every certificate in it checks with the rules; one summary line.
    """
    from asobi.shiritori.merge import merge_proofs as merge

    merge(out, runs, keep_twins=keep_twins, no_class_roots=no_class_roots, echo=click.echo)


@command.command(name="merge-store")
@click.argument("out", type=click.Path(dir_okay=False, path_type=Path))
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def merge_store(out: Path, files: tuple[Path, ...]) -> None:
    """Merge the stored proofs (--stored-proofs files) of several deep searches.

    FILES (at least two, .npz) must be of one reduced game and store size; OUT keeps each
    distinct proof once per unit (an equal share of each file's newest where the rings are
    full). Stored proofs only steer a search: they are not certificates.
    """
    from asobi.shiritori.merge import merge_stored_proofs

    merge_stored_proofs(out, files, echo=click.echo)


# `asobi shiritori jobs`: job-level proof-number search over the open pairs
command.add_command(jobs_command)
