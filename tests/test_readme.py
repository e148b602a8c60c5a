"""The README's console examples run, and print what the README shows.

In every ```console block, each ``$ asobi ...`` line is run through the CLI; the lines that
follow it (up to the next ``$`` line) must equal its output exactly. A command followed by
no lines is only required to succeed. In ```sh blocks every ``asobi ...`` line must succeed,
except interactive ones (``play``) and ones that read a finished run's ``results/``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from asobi.cli import main

README = Path(__file__).resolve().parents[1] / "README.md"


def _examples() -> list[tuple[str, list[str]]]:
    examples: list[tuple[str, list[str]]] = []
    for block in re.findall(r"```console\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for chunk in re.split(r"^(?=\$ )", block, flags=re.M):
            lines = chunk.rstrip("\n").splitlines()
            if lines and lines[0].startswith("$ asobi "):
                examples.append((lines[0][2:], lines[1:]))
    return examples


def _shell_examples() -> list[str]:
    commands = []
    for block in re.findall(r"```sh\n(.*?)```", README.read_text(encoding="utf-8"), re.S):
        for line in block.splitlines():
            if line.startswith("asobi ") and " play" not in line and "results/" not in line:
                commands.append(line)
    return commands


EXAMPLES = _examples()
SHELL_EXAMPLES = _shell_examples()


def test_readme_has_examples():
    assert len(EXAMPLES) >= 2


@pytest.mark.parametrize(("command", "expected"), EXAMPLES, ids=[c for c, _ in EXAMPLES])
def test_readme_example(capsys, command, expected):
    status = main(shlex.split(command)[1:])
    out = capsys.readouterr().out
    assert status == 0, command
    if expected:
        assert out.rstrip("\n").splitlines() == expected


@pytest.mark.parametrize("line", SHELL_EXAMPLES)
def test_readme_shell_example_runs(capsys, line):
    status = main(shlex.split(line, comments=True)[1:])
    capsys.readouterr()
    assert status == 0, line
