"""The ``asobi`` command line.

Each game contributes a click command (usually a group) as ``command`` in its
``asobi/<game>/cli.py``; they are found and loaded lazily, so ``asobi fivelines ...`` does not
import the other games. Bad arguments give one line ``asobi: error: ...`` and exit code 2.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import sys
from collections.abc import Sequence

import click

import asobi
from asobi.core.errors import AsobiError

GAME_PACKAGES = ("fivelines", "chopsticks", "contraposition", "daifugo", "shiritori")


def _command_modules() -> dict[str, str]:
    """Map command name -> module path for every sub-package that ships a ``cli.py``."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(asobi.__path__):
        if not info.ispkg or info.name == "core":
            continue
        module = f"asobi.{info.name}.cli"
        if importlib.util.find_spec(module) is not None:
            found[info.name] = module
    return found


class GamesGroup(click.Group):
    """A group whose sub-commands are the games' CLIs, imported on first use."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        names = set(_command_modules()) | set(super().list_commands(ctx))
        order = {name: index for index, name in enumerate(GAME_PACKAGES)}
        return sorted(names, key=lambda name: (order.get(name, len(order)), name))

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        builtin = super().get_command(ctx, cmd_name)
        if builtin is not None:
            return builtin
        module = _command_modules().get(cmd_name)
        if module is None:
            return None
        command = importlib.import_module(module).command
        if not isinstance(command, click.Command):
            raise TypeError(f"{module}.command is not a click command")
        return command


@click.group(cls=GamesGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(asobi.__version__, prog_name="asobi")
def cli() -> None:
    """asobi (遊び): solve five Japanese games exactly and audit the articles' claims.

    Each sub-command is one game; `asobi GAME --help` explains its commands. The whole
    pipeline (every table, the claims audit) runs with `make results`.
    """


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point: run the CLI, turning every usage or input error into one line, exit 2."""
    try:
        cli.main(args=list(argv) if argv is not None else None, prog_name="asobi",
                 standalone_mode=False)
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
    return 0



def run() -> None:
    """Console-script entry point (``asobi``)."""
    sys.exit(main())
