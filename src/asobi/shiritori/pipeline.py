"""The workflow steps of yokai shiritori (called by ``workflow/scripts/shiritori_*.py``).

Each ``write_*`` function reads its inputs, calls the rules, solver or claims, and writes
one table (or marker) through :func:`asobi.core.tables.write_table`; the tables and their
columns are described in :mod:`asobi.shiritori.tables` and in docs/games/shiritori.md,
"Tables".
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import pandas as pd

from asobi.core.config import schema_entry
from asobi.core.errors import DataError
from asobi.core.runlog import progress
from asobi.core.tables import concat_tables, read_as, read_table, write_table
from asobi.shiritori.certify import CertificateBuilder
from asobi.shiritori.data import checked_sha256, load_clean
from asobi.shiritori.marks import ARTICLE_MARKS_SCHEMA, compare_marks, read_marks
from asobi.shiritori.search import DEFAULT_TABLE_BITS
from asobi.shiritori.shiritori import DEFAULT_RULES, Rules, Shiritori, selected_rules
from asobi.shiritori.staged import StagedSolver
from asobi.shiritori.tables import (
    DATA_QUALITY_SCHEMA,
    EFFECT_SCHEMA,
    OUTCOMES_SCHEMA,
    PROOFS_SCHEMA,
    SUMMARY_SCHEMA,
    WORDS_SCHEMA,
    data_quality_frame,
    effect_rows,
    outcome_row,
    summary_rows,
    word_rows,
)
from asobi.shiritori.vendored import vendored_certificates
from asobi.shiritori.verify import verify_results

log = logging.getLogger("asobi.shiritori")

#: Snakemake priority of the shiritori jobs (``workflow/rules/shiritori.smk``): the solve
#: shards are the run's longest jobs and lead to a chain (certificate merge, verification),
#: so they go before the other games' jobs, which then fill the second core.
PRIORITY = 10


def python_budgets() -> dict[str, int]:
    """The default run's budgets of the two Python stages (``node_budget``, depth-first
    nodes; ``proof_budget``, Python df-pn nodes): the config schema's defaults, for the
    scripts that search "as the pipeline does"."""
    return {
        key: schema_entry("shiritori", key)["default"] for key in ("node_budget", "proof_budget")
    }


def solve_priority(variant: str) -> int:
    """Snakemake priority of a solve shard of ``variant``: :data:`PRIORITY`, and more for the
    variants whose open start words each spend the whole compiled budget (dakuten free,
    small kana enlarged: 100-150 s a shard in the default run, the others seconds), so
    that they start first of all."""
    rules = Rules.from_variant_id(variant)
    return PRIORITY + (10 if rules.dakuten == "free" and rules.small_kana == "enlarge" else 0)


def write_vendored_check(tsv: str, sums: str, out: str) -> Path:
    """Write the marker ``out`` once ``tsv`` has the sha256 recorded in ``sums`` (stop with
    a clear message otherwise)."""
    expected = checked_sha256(tsv, sums)
    target = Path(out)
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(f"{expected}  {Path(tsv).name}  OK\n", encoding="utf-8")
    log.info("vendored yokai list checksum OK (%s)", expected)
    return target


def write_words(tsv: str, words_out: str, quality_out: str, variants: Sequence[str] = ()) -> None:
    """``words.parquet`` (every word under every variant) and ``data_quality.parquet``."""
    clean = load_clean(tsv)
    fixes = data_quality_frame(clean)
    write_table(
        fixes, quality_out, table="shiritori/data_quality", inputs=[tsv], schema=DATA_QUALITY_SCHEMA
    )
    log.info("%d raw fixes recorded, %d clean words", len(fixes), len(clean.words))
    write_table(
        pd.DataFrame(word_rows(clean, selected_rules(variants))),
        words_out,
        table="shiritori/words",
        inputs=[tsv],
        config={"variants": list(variants)},
        schema=WORDS_SCHEMA,
    )


def write_outcomes_chunk(
    tsv: str,
    out: str,
    proofs_out: str,
    *,
    variant: str,
    chunk: int,
    chunks: int,
    node_budget: int,
    proof_budget: int = 0,
    compiled_budget: int = 0,
    compiled_table_bits: int = DEFAULT_TABLE_BITS,
    compiled_table_ways: int = 1,
    compiled_store: bool = False,
    vendored_proofs: bool = True,
    max_starts: int = 0,
) -> Path:
    """Solve the start words ``words[chunk::chunks]`` (of the first ``max_starts`` if > 0)
    and write each decided word's certificate to ``proofs_out``.

    Words both Python searches leave ``unknown`` get ``compiled_budget`` more nodes of the
    compiled search (:mod:`asobi.shiritori.compiled`, with the proof store when
    ``compiled_store``); its lines are checked by the rules. Start words with a vendored
    certificate (``asobi/data/shiritori/proofs/``, when ``vendored_proofs`` and every one of
    them is among the run's start words) are not searched: chunk 0 reads their winners and
    lines off them and copies them all; the ``shiritori_verify`` step checks them with the
    rules, as every other certificate.
    """
    rules = Rules.from_variant_id(variant)
    game = Shiritori(load_clean(tsv).lexicon, rules)
    run_starts = list(game.words[: max_starts or None])
    vendored = vendored_certificates(variant) if vendored_proofs else None
    if vendored is not None and not set(vendored.roots) <= set(run_starts):
        log.info("%s: not every vendored start word is in this run; searching them", variant)
        vendored = None
    staged = StagedSolver(
        game,
        node_budget=node_budget,
        proof_budget=proof_budget,
        compiled_budget=compiled_budget,
        compiled_table_bits=compiled_table_bits,
        compiled_table_ways=compiled_table_ways,
        proof_store=compiled_store,
        report=log.info,
    )
    solver = staged.solver
    certificates = CertificateBuilder(staged, variant, chunk=chunk, chunks=chunks)
    rows = []
    if vendored is not None and chunk == 0:  # the first chunk takes them all, in build order
        for result in certificates.add_vendored(vendored):
            log.info("%s: %s win by its vendored certificate", result.start, result.winner)
            rows.append(outcome_row(rules, result.start, result.winner, result.line, 0))
    skipped = set(vendored.roots) if vendored is not None else set()
    starts = [start for start in run_starts[chunk::chunks] if start not in skipped]
    for start in progress(
        starts, total=len(starts), desc=f"shiritori {variant} chunk {chunk}", logger=log
    ):
        result = staged.solve(start)
        certificates.add(result)
        rows.append(outcome_row(rules, start, result.winner, result.line, result.nodes))
    log.info(
        "%s chunk %d: %d starts, %d nodes, table %d entries; certificates: %d nodes, "
        "%d positions searched again",
        variant,
        chunk,
        len(starts),
        solver.nodes,
        len(solver.table),
        certificates.node_count,
        certificates.researched,
    )
    if staged.compiled is not None:
        compiled = staged.compiled
        log.info(
            "compiled stage: %d nodes; proof store: %d look-ups, %d hits, %d proofs stored",
            compiled.nodes,
            compiled.lookups,
            compiled.hits,
            compiled.stored_proofs,
        )
    config = {
        "node_budget": node_budget,
        "proof_budget": proof_budget,
        "compiled_budget": compiled_budget,
        "compiled_table_bits": compiled_table_bits,
        "compiled_table_ways": compiled_table_ways,
        "compiled_store": compiled_store,
        "vendored_proofs": vendored_proofs,
        "chunk": chunk,
        "chunks": chunks,
        "max_starts": max_starts,
    }
    write_table(
        certificates.table(),
        proofs_out,
        table="shiritori/proofs",
        variant=rules.as_dict(),
        inputs=[tsv],
        config=config,
        schema=PROOFS_SCHEMA,
    )
    return write_table(
        pd.DataFrame(rows, columns=OUTCOMES_SCHEMA.names),
        out,
        table="shiritori/outcomes",
        variant=rules.as_dict(),
        inputs=[tsv],
        config=config,
        schema=OUTCOMES_SCHEMA,
    )


def write_outcomes(parts: Sequence[str], out: str) -> Path:
    """Gather the solved chunks into ``outcomes.parquet`` (sorted by variant, start)."""
    return concat_tables(
        parts,
        out,
        table="shiritori/outcomes",
        schema=OUTCOMES_SCHEMA,
        sort_by=["variant_id", "start"],
    )


def write_proofs(parts: Sequence[str], out: str) -> Path:
    """Gather the chunks' certificates into ``proofs.parquet`` (by variant, start, node)."""
    return concat_tables(
        parts,
        out,
        table="shiritori/proofs",
        schema=PROOFS_SCHEMA,
        sort_by=["variant_id", "start", "node"],
    )


def write_verification(outcomes: str, proofs: str, tsv: str, out: str, jobs: int = 1) -> Path:
    """Check every certificate with the rules alone (:mod:`asobi.shiritori.verify`, the
    variants in ``jobs`` processes); stop the run with one line per failure, else write the
    summary line to ``out``."""
    report = verify_results(outcomes, proofs, tsv, jobs=jobs)
    for failure in report.failures:
        log.error("%s", failure)
    if report.failures:
        raise DataError(f"{len(report.failures)} certificate(s) failed; see the lines above")
    log.info("%s", report.summary)
    target = Path(out)
    target.write_text(report.summary + "\n", encoding="utf-8")
    return target


def write_summaries(outcomes: str, summary_out: str, effect_out: str) -> None:
    """The per-variant summary and the per-start-word ``variant_effect`` table."""
    frame = read_table(outcomes)
    write_table(
        pd.DataFrame(summary_rows(frame)),
        summary_out,
        table="shiritori/variant_summary",
        inputs=[outcomes],
        schema=SUMMARY_SCHEMA,
    )
    write_table(
        pd.DataFrame(effect_rows(frame)),
        effect_out,
        table="shiritori/variant_effect",
        inputs=[outcomes],
        schema=EFFECT_SCHEMA,
    )


def write_article_marks(marks: str, outcomes: str, out: str) -> Path:
    """``article_marks.parquet``: every row of the article's file (``marks``, checked
    against its checksum) beside the run's winner of its reading under the article's rules
    (:func:`asobi.shiritori.marks.compare_marks`)."""
    rows = read_marks(marks)
    solved = read_as(
        outcomes,
        "shiritori/outcomes",
        columns=["start", "winner"],
        filters=[("variant_id", "==", DEFAULT_RULES.variant_id)],
    ).to_pandas()
    frame = compare_marks(rows, dict(zip(solved["start"], solved["winner"], strict=True)))
    counts = frame["status"].value_counts()
    log.info(
        "%d rows of the article's file: %s; %d disagreements explained by the file",
        len(frame),
        ", ".join(f"{counts[name]} {name}" for name in sorted(counts.index)),
        int(frame["explained"].sum()),
    )
    return write_table(
        frame,
        out,
        table="shiritori/article_marks",
        variant=DEFAULT_RULES.as_dict(),
        inputs=[marks, outcomes],
        schema=ARTICLE_MARKS_SCHEMA,
    )


def write_claims_table(words: str, outcomes: str, effect: str, marks: str, out: str) -> Path:
    """``results/shiritori/claims.parquet`` from the four tables the claims rule declares
    (read from the files given, wherever they lie)."""
    from asobi.core.claims import claims_from_inputs, write_claims
    from asobi.shiritori.claims import (
        BUILDERS,
        CLAIM_IDS,
        EFFECT_TABLE,
        GAME,
        MARKS_TABLE,
        OUTCOMES_TABLE,
        WORDS_TABLE,
    )

    tables = {
        WORDS_TABLE: words,
        OUTCOMES_TABLE: outcomes,
        EFFECT_TABLE: effect,
        MARKS_TABLE: marks,
    }
    claims = claims_from_inputs(BUILDERS, tables, declared=CLAIM_IDS)
    for claim in claims:
        log.info("%s: %s", claim.claim_id, claim.verdict.value)
    return write_claims(claims, out, game=GAME, inputs=[words, outcomes, effect, marks])
