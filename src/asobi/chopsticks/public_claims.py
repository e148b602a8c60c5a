"""The chopsticks claims of English Wikipedia ("Chopsticks (hand game)"), read in
``variants.parquet``: each statement judged under every reading of the page's rules, with
neighbouring rule sets as evidence only."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pandas as pd

from asobi.chopsticks.citations import PUBLIC_CUTOFF, PUBLIC_ROLLOVER, cited
from asobi.chopsticks.rechecks import starts_recheck
from asobi.chopsticks.verdicts import VARIANTS_TABLE, decide_start, describe_start, start_rows
from asobi.core.claims import Claim, Reading, ResultTables


def _listed(starts: Mapping[str, pd.Series], variant_ids: Iterable[str]) -> str:
    """Start outcomes of some rule sets, ``not solved`` for those the run did not solve."""
    return ", ".join(
        describe_start(starts[v]) if v in starts else f"{v}=not solved in this run"
        for v in variant_ids
    )


def public_claim(
    tables: ResultTables,
    claim_id: str,
    readings: Mapping[str, tuple[str, str]],
    others: Mapping[str, Iterable[str]],
    holds: frozenset[str],
    **text: str,
) -> Claim:
    """A statement of English Wikipedia, judged under each reading of the page's rules
    (``readings``: reading id -> (the reading in words, its variant id)), one
    :class:`~asobi.core.claims.Reading` each; ``others`` (label -> variant ids) are
    evidence only."""
    starts = start_rows(tables.read(VARIANTS_TABLE))
    judged = [
        Reading(
            reading_id,
            f"the start at {words}: {variant}",
            _listed(starts, [variant]),
            decide_start(starts[variant].start_outcome if variant in starts else None, holds),
            starts_recheck(starts, [variant]) if variant in starts else None,
        )
        for reading_id, (words, variant) in readings.items()
    ]
    parts = [f"{r.reading_id}: {r.figures}" for r in judged]
    parts += [f"{label} (evidence only): {_listed(starts, ids)}" for label, ids in others.items()]
    return cited(
        claim_id,
        readings=judged,
        evidence="; ".join(parts),
        tables=(VARIANTS_TABLE,),
        recheck=starts_recheck(starts, [variant for _, variant in readings.values()]),
        **text,
    )


def public_cutoff_first_wins(tables: ResultTables) -> Claim:
    """Wikipedia: under the cut-off rule with transfers and revival, the first player wins."""
    base = "dies5_cutoff_split_revive"
    return public_claim(
        tables,
        PUBLIC_CUTOFF,
        {"page_rules_cutoff": ("the page's rules with its cut-off variant", base)},
        {
            "its variation with suicide (a 1 may give its point; our fusion)": [
                f"{base}_fusion_fromone",
                f"{base}_fusion",
            ],
            "mere reversal allowed (forbidden by the page)": [f"{base}_swap"],
            "dies_at 4 and 6": ["dies4_cutoff_split_revive", "dies6_cutoff_split_revive"],
        },
        frozenset({"first"}),
        statement="Under the cut-off rule, with transfers between one's hands and revival of "
        "dead hands by a split, the first player can force a win.",
        formal=(
            f"{base} (a hand dies at 5 or more; splits between live hands and onto a dead "
            "hand; no suicide, no mere swap, no re-action): start_outcome == 'first'; the "
            "page's list of winning configurations is not checked (not in the stored copy read)"
        ),
    )


def public_rollover_endless(tables: ResultTables) -> Claim:
    """Wikipedia: under the page's rules (roll-over), two perfect players play forever."""
    return public_claim(
        tables,
        PUBLIC_ROLLOVER,
        {
            "rollover": ("roll-over (the revision's official set)", "dies5_rollover_split_revive"),
            "rollover_reversal": (
                "roll-over, a mere reversal of the hands allowed (not forbidden by the revision)",
                "dies5_rollover_split_revive_swap",
            ),
            "cutoff": (
                "a hand of 5 or more dead (as one rule of the revision says)",
                "dies5_cutoff_split_revive",
            ),
            "cutoff_reversal": (
                "a hand of 5 or more dead, a mere reversal of the hands allowed",
                "dies5_cutoff_split_revive_swap",
            ),
        },
        {
            "suicide, which the revision excludes": [
                "dies5_rollover_split_revive_fusion",
                "dies5_rollover_split_revive_fusion_fromone",
            ],
            "dies_at 4 and 6": ["dies4_rollover_split_revive", "dies6_rollover_split_revive"],
        },
        frozenset({"draw"}),
        statement="Under the page's rules (roll-over as its official set, splits that may "
        "revive a dead hand), two perfect players play forever.",
        formal=(
            "start_outcome == 'draw' under each reading of the revision's rules: roll-over "
            "(exactly 5 dies, above 5 wraps) or a hand of 5 or more dead (its rules say both), "
            "each with and without a mere reversal of the hands; splits as desired and onto a "
            "dead hand; no suicide, no re-action"
        ),
    )
