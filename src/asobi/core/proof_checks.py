"""The proof checks asobi defines, per claim, and how ``asobi claims recheck`` runs them.

A verdict may rest on a proof that a query cannot re-derive (the shiritori certificates,
the largest primes' certificates). The check of such a proof is asobi's, never the
dataset's: each game declares ``PROOF_CHECKS`` in its claims module (claim id →
:class:`ProofCheck`), and ``asobi claims recheck`` runs the checks the *installed* asobi
declares for the claims it re-checks, with fixed arguments (the results folder), as a
subprocess of this Python (``python -m asobi <game> verify .``, in the results folder),
under a time limit. The column ``recheck_command`` of a published ``claims.parquet`` only
says which check the writer ran; a value that differs from the installed definition is a
MISMATCH, and is never run.

>>> DAIFUGO_VERIFY.argv
('daifugo', 'verify', '.')
"""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from asobi.core.games import GAMES


@dataclass(frozen=True)
class ProofCheck:
    """One proof check: ``argv``, the arguments of asobi's own command line that run it in
    the results folder (a constant of the library, never read from data)."""

    argv: tuple[str, ...]

    @property
    def command(self) -> str:
        """The check as ``claims.parquet`` publishes it (column ``recheck_command``)."""
        return " ".join(("asobi", *self.argv))


#: Re-checks every certificate behind the shiritori winners (``asobi shiritori verify .``).
SHIRITORI_VERIFY = ProofCheck(("shiritori", "verify", "."))
#: Re-checks the certificates of the largest primes (``asobi daifugo verify .``).
DAIFUGO_VERIFY = ProofCheck(("daifugo", "verify", "."))


@cache
def declared_proof_checks() -> Mapping[str, ProofCheck]:
    """Claim id → the proof check the installed asobi defines for it (every game's
    ``PROOF_CHECKS``); a claim not named has none."""
    checks: dict[str, ProofCheck] = {}
    for game in GAMES:
        module = importlib.import_module(f"asobi.{game}.claims")
        checks.update(getattr(module, "PROOF_CHECKS", {}))
    return checks


@cache
def declared_claim_ids() -> Mapping[str, str]:
    """Claim id → game, for every claim the installed asobi declares (``CLAIM_IDS``)."""
    ids: dict[str, str] = {}
    for game in GAMES:
        module = importlib.import_module(f"asobi.{game}.claims")
        ids.update({claim_id: game for claim_id in module.CLAIM_IDS})
    return ids


@dataclass(frozen=True)
class ProofRun:
    """The outcome of one proof check: its exit status (``None`` when it was stopped at its
    time limit) and the end of its output."""

    command: str
    returncode: int | None
    output: str

    @property
    def ok(self) -> bool:
        return self.returncode == 0

    def problem(self, seconds: float) -> str:
        """The one-line reason the check failed."""
        if self.returncode is None:
            return f"proof check `{self.command}` stopped at its time limit ({seconds:g} s)"
        last = self.output.splitlines()[-1:] or ["no output"]
        return f"proof check `{self.command}` fails (exit {self.returncode}): {last[0]}"


def run_proof_check(
    check: ProofCheck, results: str | os.PathLike[str], *, seconds: float
) -> ProofRun:
    """Run ``check`` with this Python's asobi in the folder ``results``, killed (with its
    whole process group) after ``seconds``."""
    argv = [sys.executable, "-m", "asobi", *check.argv]
    process = subprocess.Popen(
        argv,
        cwd=Path(results),
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        stdin=subprocess.DEVNULL,
        text=True,
        start_new_session=True,
    )
    try:
        output, _ = process.communicate(timeout=seconds)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        output, _ = process.communicate()
        return ProofRun(check.command, None, output[-2000:])
    lines = output.strip().splitlines()
    return ProofRun(check.command, process.returncode, "\n".join(lines[-5:]))
