"""Style gates that CI enforces: ruff (lint and format) on Python, snakefmt and
``snakemake --lint`` on the workflow."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent

# Snakemake lints accepted on purpose. asobi's software environment is the project's venv
# (`make .venv/.installed-run`, every version pinned in constraints.txt); each rule runs the
# installed library through `script:`. No conda environment or container is declared per rule:
# asobi is not packaged for conda, and no conda or container runtime is on the machines
# the workflow is tested on, so such a declaration could not be checked.
ACCEPTED_LINTS = frozenset({"Specify a conda environment or container for each rule."})
LINT_HEADER = re.compile(r"^Lints for (?P<where>.+):$")
LINT_TITLE = re.compile(r"^    \* (?P<title>.+?):$")


def snakemake_lints(output: str) -> list[tuple[str, str]]:
    """(where, title) of every lint in the text output of ``snakemake --lint``.

    >>> snakemake_lints("Lints for rule a (line 1, x.smk):\\n    * Use a log.:\\n      why\\n")
    [('rule a (line 1, x.smk)', 'Use a log.')]
    """
    lints, where = [], None
    for line in output.splitlines():
        if header := LINT_HEADER.match(line):
            where = header["where"]
        elif (title := LINT_TITLE.match(line)) and where is not None:
            lints.append((where, title["title"]))
    return lints


@pytest.mark.parametrize(
    "command",
    [
        ["ruff", "check", "src", "tests", "benchmarks"],
        ["ruff", "format", "--check", "src", "tests", "benchmarks"],
        ["snakefmt", "--check", "Snakefile", "workflow/rules", "workflow/shiritori-jobs.smk"],
    ],
    ids=["ruff-check", "ruff-format", "snakefmt"],
)
def test_style(command):
    result = subprocess.run(
        [str(BIN / command[0]), *command[1:]], cwd=REPO, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_snakemake_lint():
    """`snakemake --lint` finds nothing but the accepted lints (see ACCEPTED_LINTS)."""
    result = subprocess.run(
        [str(BIN / "snakemake"), "--lint"], cwd=REPO, capture_output=True, text=True
    )
    output = result.stdout + result.stderr
    lints = snakemake_lints(output)
    assert result.returncode == 0 or lints, output[-3000:]  # a failure is a list of lints
    unexpected = [f"{where}: {title}" for where, title in lints if title not in ACCEPTED_LINTS]
    assert not unexpected, "\n".join(unexpected)
