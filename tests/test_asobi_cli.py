"""The top-level ``asobi`` command: its commands come from the one game registry, load
lazily, and ``asobi validate`` is registered explicitly (no package exists for it)."""

from __future__ import annotations

import importlib.util
import subprocess
import sys

from asobi.cli import COMMANDS, main
from asobi.core.games import GAMES


def test_the_commands_are_the_registered_games_then_claims_report_and_validate(capsys):
    assert list(COMMANDS) == [*GAMES, "claims", "report", "validate"]
    assert main(["--help"]) == 0
    listed = capsys.readouterr().out.split("Commands:")[1].splitlines()
    assert [line.split()[0] for line in listed if line.strip()] == list(COMMANDS)


def test_validate_is_a_command_of_the_report_not_a_package(capsys):
    assert importlib.util.find_spec("asobi.validate") is None
    assert main(["validate", "--help"]) == 0
    assert "RESULTS/datapackage.json" in capsys.readouterr().out


def _modules_loaded_by(*args: str) -> set[str]:
    code = (
        "import sys\nfrom asobi.cli import main\n"
        f"status = main({list(args)!r})\n"
        "print(status, ' '.join(sorted(sys.modules)))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    status, *modules = result.stdout.splitlines()[-1].split()
    assert status == "0", result.stderr
    return set(modules)


def test_a_game_command_imports_no_other_game():
    loaded = _modules_loaded_by("fivelines", "1", "2", "3")
    assert "asobi.fivelines.cli" in loaded
    others = {m.split(".")[1] for m in loaded if m.startswith("asobi.")} & set(GAMES)
    assert others == {"fivelines"}


def test_validate_imports_neither_the_games_nor_the_figures():
    loaded = _modules_loaded_by("validate", "--help")
    assert "asobi.report.validate" in loaded
    assert not {m.split(".")[1] for m in loaded if m.startswith("asobi.")} & set(GAMES)
    assert "matplotlib" not in loaded and "asobi.report.figures" not in loaded
