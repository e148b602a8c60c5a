"""The two kinds of job of job-level proof-number search (``asobi shiritori jobs``).

* :func:`search_leaf`: the compiled df-pn on the position after a line, with a node budget;
  it returns the verdict for the player to move, or (budget spent) every reply with the
  numbers df-pn's table holds for the position after it.
* :func:`certify_pair`: the certificate of a start word whose tree the driver proved: the
  proof's decided leaves are searched first on one table with the proof store (as
  ``asobi shiritori deep --warm`` does), then the start word is solved and its certificate
  built exactly as in a deep run. The driver only counts the pair once the rules-only
  verifier accepts that certificate.

Both write one JSON file, with the compiled nodes and CPU seconds spent (the cost model's
input).
"""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from asobi.shiritori.certify import CertificateFailure
from asobi.shiritori.data import VENDORED_LIST, load_clean
from asobi.shiritori.deep import play_line, run_deep, to_move
from asobi.shiritori.jobs import write_json
from asobi.shiritori.pipeline import python_budgets
from asobi.shiritori.search import BudgetExceeded
from asobi.shiritori.shiritori import Rules, Shiritori
from asobi.shiritori.staged import StagedSolver


def search_leaf(variant: str, line: list[str], budget: int, table_bits: int) -> dict[str, Any]:
    """Search the position after ``line`` with ``budget`` compiled nodes (see the module
    docstring); ``verdict`` is ``"wins"``/``"loses"`` for the player to move, or ``"open"``
    with ``children`` (word, pn, dn for the player to move after it)."""
    began = time.process_time()
    game = Shiritori(load_clean(VENDORED_LIST).lexicon, Rules.from_variant_id(variant))
    staged = StagedSolver(game, **python_budgets(), compiled_table_bits=table_bits)
    search = staged.compiled_search()
    solver = staged.solver
    unit, gone = play_line(staged, line, "leaf")
    record: dict[str, Any] = {"variant": variant, "line": line, "to_move": to_move(line)}
    if solver.avail[unit] == 0:
        wins: bool | None = False  # no reply left: the player to move has lost
    else:
        wins = search.mover_wins(unit, budget)
    record["nodes"] = search.nodes
    if wins is not None:
        record["verdict"] = "wins" if wins else "loses"
        record["children"] = []
    else:
        record["verdict"] = "open"
        record["children"] = [
            {
                "word": game.words[solver.real_word(cls, gone)],
                "pn": int(pn),
                "dn": int(dn),
            }
            for cls, pn, dn, _ in search.answer_numbers(unit)
        ]
    record["cpu_seconds"] = round(time.process_time() - began, 3)
    return record


def certify_pair(
    variant: str,
    start: str,
    warm_lines: list[list[str]],
    *,
    budget: int,
    table_bits: int,
    out: Path,
) -> dict[str, Any]:
    """The certificate of ``start`` (module docstring) written to ``out`` (the format of
    ``proofs.parquet``; nothing is written when the search leaves the word open); the deep
    run's record of the word, with the warm-ups' nodes added."""
    began = time.process_time()
    records: list[dict[str, Any]] = []

    def collect(message: str) -> None:
        if message.startswith("{"):
            records.append(json.loads(message))

    run_deep(
        variant,
        [start],
        out=out,
        budget=budget,
        table_bits=table_bits,
        store=True,
        research_budget=budget,
        warm_lines=[" ".join(line) for line in warm_lines],
        echo=collect,
    )
    word = next(r for r in records if r.get("start") == start)
    warm_nodes = sum(r["compiled_nodes"] for r in records if "warm" in r)
    return {
        "variant": variant,
        "start": start,
        "winner": word["winner"],
        "nodes": warm_nodes + word["compiled_nodes"],
        "certificate_nodes": word["certificate_nodes"],
        "warm": [r["verdict"] for r in records if "warm" in r],
        "cpu_seconds": round(time.process_time() - began, 3),
    }


def run_leaf(variant: str, line: list[str], budget: int, table_bits: int, out: Path) -> None:
    """The leaf job of ``workflow/shiritori-jobs.smk``: :func:`search_leaf` to ``out``."""
    write_json(out, search_leaf(variant, line, budget, table_bits))


def run_certify(
    variant: str,
    start: str,
    warm_lines: list[list[str]],
    budget: int,
    table_bits: int,
    record: Path,
    proofs: Path,
) -> None:
    """The certificate job of ``workflow/shiritori-jobs.smk``: :func:`certify_pair`, its
    certificate to ``proofs`` (the driver checks it) and its record to ``record``; a search
    that runs out of budget leaves ``proofs`` empty and the record's winner ``unknown``."""
    try:
        result = certify_pair(
            variant, start, warm_lines, budget=budget, table_bits=table_bits, out=proofs
        )
    except (BudgetExceeded, CertificateFailure) as error:
        # no certificate this time: the driver retries with a larger budget, or gives up;
        # the pair stays unknown either way
        result = {"variant": variant, "start": start, "winner": "unknown", "error": str(error)}
        result |= {"nodes": 0, "certificate_nodes": 0, "cpu_seconds": 0.0}
        proofs.unlink(missing_ok=True)
        proofs.touch()
    write_json(record, result)
