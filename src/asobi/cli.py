"""The ``asobi`` command line.

The top-level commands are registered in :data:`COMMANDS`: one per game of the registry
(:data:`asobi.core.games.GAMES`, in its order; the click command ``command`` in
``asobi/<game>/cli.py``, usually a group), then ``claims`` (:mod:`asobi.report.claims_cli`),
``report`` and ``validate`` (:mod:`asobi.report.cli`). Each is imported on first use, so
``asobi fivelines ...`` does not import the other games. Bad arguments give one line
``asobi: error: ...`` and exit code 2.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Sequence

import click

import asobi
from asobi.core.errors import AsobiError
from asobi.core.games import GAMES

#: Every top-level command: name -> ``module:attribute`` of its click command, in the order
#: ``asobi --help`` lists them.
COMMANDS = {
    **{game: f"asobi.{game}.cli:command" for game in GAMES},
    "claims": "asobi.report.claims_cli:command",
    "report": "asobi.report.cli:command",
    "validate": "asobi.report.cli:validate_command",
}


class LazyGroup(click.Group):
    """A group whose sub-commands are those of :data:`COMMANDS`, imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return [*COMMANDS, *(n for n in super().list_commands(ctx) if n not in COMMANDS)]

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        builtin = super().get_command(ctx, cmd_name)
        if builtin is not None or cmd_name not in COMMANDS:
            return builtin
        module, attribute = COMMANDS[cmd_name].split(":")
        command = getattr(importlib.import_module(module), attribute)
        if not isinstance(command, click.Command):
            raise TypeError(f"{COMMANDS[cmd_name]} is not a click command")
        return command


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(asobi.__version__, prog_name="asobi")
def cli() -> None:
    """asobi (遊び): solve five Japanese games exactly and audit the articles' claims.

    Each sub-command is one game; `asobi GAME --help` explains its commands. The whole
    pipeline (every table, the claims audit) runs with `make results`.
    """


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the CLI, turning every usage or input error into one line, exit 2."""
    try:
        result = cli.main(
            args=list(argv) if argv is not None else None, prog_name="asobi", standalone_mode=False
        )
    except click.exceptions.Exit as done:
        return done.exit_code
    except click.Abort:
        click.echo("asobi: aborted", err=True)
        return 130
    except click.ClickException as error:
        click.echo(f"asobi: error: {error.format_message()}", err=True)
        return 2
    except AsobiError as error:
        click.echo(f"asobi: error: {error}", err=True)
        return 2
    return result if isinstance(result, int) else 0


def run() -> None:
    """Console-script entry point (``asobi``)."""
    sys.exit(main())
