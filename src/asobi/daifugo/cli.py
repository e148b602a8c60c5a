"""``asobi daifugo``: lay numbers as cards, list composite plays, judge a play on a field,
re-check the certificates of a run's largest playable primes."""

from __future__ import annotations

from pathlib import Path

import click

from asobi.core.config import DEFAULT_SCHEMA, load_yaml
from asobi.core.errors import InputError
from asobi.daifugo.daifugo import (
    Rules,
    card_names,
    jokers_needed,
    judge,
    special_name,
    tokenisations,
)
from asobi.daifugo.layouts import check_layout_work, composite_layouts
from asobi.daifugo.notation import check_number
from asobi.daifugo.numbers import is_prime
from asobi.daifugo.plays import Field, Play


def _deck_options(command):  # type: ignore[no-untyped-def]
    """``--suits``, ``--jokers``, ``--joker-zero/--no-joker-zero``: defaults and help text come
    from the ``daifugo`` keys of the config schema, so the CLI lays cards as the pipeline does
    (out-of-range values are refused by :class:`Rules` with one line)."""
    schema = load_yaml(DEFAULT_SCHEMA)["properties"]["daifugo"]["properties"]
    for key in ("joker_zero", "jokers", "suits"):
        entry = schema[key]
        flag = f"--{key.replace('_', '-')}"
        command = click.option(
            f"{flag}/--no-{key.replace('_', '-')}" if entry["type"] == "boolean" else flag,
            key,
            default=entry["default"],
            show_default=True,
            help=" ".join(entry["description"].split()),
        )(command)
    return command


def _rules(suits: int, jokers: int, joker_zero: bool) -> Rules:
    return Rules(suits=suits, jokers=jokers, joker_zero=joker_zero)


@click.group(name="daifugo")
def command() -> None:
    """素数大富豪 (prime daifugō): which numbers can be laid as cards."""


@command.command(context_settings={"ignore_unknown_options": True})
@click.argument("number")
@click.option(
    "--limit",
    type=click.IntRange(min=0),
    default=20,
    show_default=True,
    help="Show at most this many layouts (0: only the count).",
)
@click.option("--plain", is_flag=True, help="Without exponent notation.")
@_deck_options
def layouts(
    number: str, limit: int, plain: bool, suits: int, jokers: int, joker_zero: bool
) -> None:
    """Every valid composite play of NUMBER, fewest cards first."""
    n = check_number(number)
    rules = _rules(suits, jokers, joker_zero)
    if is_prime(n) or n < 4:
        click.echo(f"{n} is not composite: it has no composite play")
        return
    check_layout_work(n)
    found = composite_layouts(n, rules, exponent=not plain)
    if not found:
        reason = " (1729 is never played as a composite)" if n == 1729 else ""
        click.echo(f"{n} cannot be played as a composite{reason}")
        return
    click.echo(f"{n}: {len(found)} composite plays, cheapest {found[0].n_cards} cards")
    for layout in found[:limit]:
        click.echo(
            f"  {layout.text:<24} {' '.join(card_names(layout.cards, rules))}"
            f"  ({layout.n_cards} cards, {layout.jokers} jokers)"
        )
    if len(found) > limit:
        click.echo(f"  … {len(found) - limit} more (use --limit)")


@command.command(context_settings={"ignore_unknown_options": True})
@click.argument("number")
@_deck_options
def cards(number: str, suits: int, jokers: int, joker_zero: bool) -> None:
    """How NUMBER is laid on its own: every split into cards, and whether the deck allows it."""
    n = check_number(number)
    rules = _rules(suits, jokers, joker_zero)
    kind = "prime" if is_prime(n) else "not prime"
    special = special_name(n)
    if special:
        kind += f", {special} (played as if prime)"
    click.echo(f"{n}: {kind}")
    options = sorted(tokenisations(n, rules), key=lambda t: (len(t), t))
    if not options:
        click.echo("  no split into cards (a 0 that is not part of a 10 needs a joker as 0)")
    for tokens in options:
        needed = jokers_needed(tokens, rules)
        verdict = "fits the deck" if needed <= rules.jokers else "does not fit the deck"
        click.echo(
            f"  {' '.join(card_names(tokens, rules)):<28} {len(tokens)} cards, "
            f"{needed} jokers: {verdict}"
        )
    if is_prime(n) and not any(jokers_needed(t, rules) <= rules.jokers for t in options):
        click.echo(f"  {n} is an Eden prime: it cannot be played")


def _parse_field(text: str | None, revolution: bool) -> Field:
    if text is None:
        return Field(None, None, revolution)
    top, _, count = text.partition(":")
    n = check_number(top)
    if count:
        n_cards = int(check_number(count))
    else:
        options = tokenisations(n, Rules())
        if not options:
            raise InputError(f"field {n} cannot be laid with cards; give its card count as {n}:K")
        n_cards = min(len(t) for t in options)
    return Field(n, n_cards, revolution)


@command.command(context_settings={"ignore_unknown_options": True})
@click.argument("play")
@click.option("--field", "field_text", default=None, help="Top of the field as N or N:CARDS.")
@click.option("--revolution", is_flag=True, help="The Ramanujan revolution is on.")
@_deck_options
def check(
    play: str, field_text: str | None, revolution: bool, suits: int, jokers: int, joker_zero: bool
) -> None:
    """Judge PLAY ("1729", "64=2*2*2*2^3") on the field; print the ruling and new field."""
    rules = _rules(suits, jokers, joker_zero)
    field = _parse_field(field_text, revolution)
    ruling = judge(field, Play.parse(play), rules)
    status = "legal" if ruling.legal else ("FOUL" if ruling.foul else "not allowed")
    click.echo(f"{play.strip()}: {status}: {ruling.reason}")
    if ruling.cards is not None:
        click.echo(f"  laid as {' '.join(card_names(ruling.cards, rules))}")
    after = ruling.field
    top = "cleared" if after.top is None else f"{after.top} ({after.n_cards} cards)"
    click.echo(f"  field: {top}, revolution {'on' if after.revolution else 'off'}")


@command.command(context_settings={"ignore_unknown_options": True})
@click.option(
    "--cards",
    "n_cards",
    default="54",
    metavar="N",
    show_default=True,
    help="The number of cards to lay: 1 up to the whole deck (54 with two jokers).",
)
@_deck_options
def largest(n_cards: str, suits: int, jokers: int, joker_zero: bool) -> None:
    """The largest prime --cards cards can lay, with its layout.

    The candidates are searched from the largest number down; every larger one is shown
    composite (a digit sum divisible by 3, a last digit 0, 2, 4, 5, 6 or 8, a small factor
    or a Fermat witness) and the prime is certified (Miller–Rabin below 2^64, else ECPP)
    and the certificate checked.
    """
    from asobi.daifugo.largest import check_cards, largest_prime
    from asobi.daifugo.primality import certify, verify

    rules = _rules(suits, jokers, joker_zero)
    if not n_cards.strip().isascii() or not n_cards.strip().isdigit():
        raise InputError(f"--cards must be a whole number, got {n_cards!r}")
    found = largest_prime(check_cards(int(n_cards), rules), rules, keep_witnesses=False)
    assert found.prime is not None
    kind = verify(certify(found.prime), found.prime)
    ruled = found.ruled_out
    click.echo(f"{found.cards} cards: {found.prime} ({found.digits} digits), {kind} certificate")
    click.echo(f"  laid as {' '.join(card_names(found.tokens, rules))}")
    click.echo(
        f"  {sum(ruled.values())} larger candidates, all composite: {ruled['last_digit']} by "
        f"the last digit, {ruled['factor']} by a small factor, {ruled['fermat']} by a Fermat "
        f"witness, {ruled['digit_sum']} by a digit sum divisible by 3 "
        f"({len(found.classes)} prefixes)"
    )


@command.command()
@click.argument(
    "results",
    default="results",
    type=click.Path(file_okay=False, exists=True, path_type=Path),
)
def verify(results: Path) -> None:
    """Check every row of RESULTS/daifugo/largest_primes.parquet without searching.

    Per card count: the prime's certificate (ECPP, or Miller–Rabin below 2^64), the
    witness or digit-sum class that rules out each larger candidate, and that the play lays
    the prime with that many cards of the deck the table was made with (its variant
    metadata). Prints one summary line; a failing row is reported naming its card count
    (exit status 2).
    """
    from asobi.core.tables import read_as, read_metadata
    from asobi.daifugo.largest_table import check_rows

    path = results / "daifugo" / "largest_primes.parquet"
    if not path.is_file():
        raise InputError(f"{path} does not exist: run the workflow first")
    deck = Rules.from_config(read_metadata(path).get("variant") or {})
    frame = read_as(path, "daifugo/largest_primes").to_pandas()
    kinds = check_rows(frame, deck)
    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    click.echo(f"{path}: {len(frame)} rows verified ({summary} certificates)")
