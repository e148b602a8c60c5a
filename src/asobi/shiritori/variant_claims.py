"""The claims about other readings of the rules and other names: variants of the rules the
article names change winners, some of them save a yokai win, and the name a yokai gives
can change the winner.

The variant claims read ``outcomes.parquet`` (and ``variant_effect.parquet`` for the
evidence on every variant); a start word left ``unknown`` under either rule set is counted
as open, never as a change.
"""

from __future__ import annotations

from dataclasses import dataclass

import pandas as pd

from asobi.core.claims import Claim, Reading, ResultTables, Verdict
from asobi.core.recheck import Recheck
from asobi.shiritori.citations import NAMED_AXES, cited
from asobi.shiritori.claim_tables import (
    ARTICLE_SQL,
    EFFECT_TABLE,
    OUTCOMES_TABLE,
    PROOF_CHECK,
    WORDS_TABLE,
    default_winners,
    default_words,
    rules_sql,
)
from asobi.shiritori.shiritori import AXES, DEFAULT_RULES, Rules

AXIS_NAMES = {
    "long_vowel": "ー as the kana before it",
    "final_u": "final ウ as pronounced (オ)",
    "small_kana": "small kana kept as a mora",
    "dakuten": "voiced marks free",
    "aliases": "aliases independent",
}
#: The (variant, start word) pairs of the variants changing only the named rules, beside
#: the start word's winner under the article's rules, tallied per start word.
NAMED_PAIRS_SQL = (
    f"WITH base AS (SELECT start, winner FROM '{OUTCOMES_TABLE}' WHERE {ARTICLE_SQL}), "
    "pairs AS (SELECT v.start, coalesce(base.winner, 'unknown') AS base, v.winner "
    f"FROM '{OUTCOMES_TABLE}' AS v LEFT JOIN base USING (start) "
    f"WHERE v.aliases = 'ban' AND NOT ({rules_sql(skip='aliases', alias='v')})), "
    "per AS (SELECT start, any_value(base) AS base, "
    "bool_or(base <> 'unknown' AND winner <> 'unknown' AND base <> winner) AS changed, "
    "bool_or(base = 'yokai' AND winner = 'human') AS saved, "
    "bool_or(base = 'unknown' OR winner = 'unknown') AS undecided FROM pairs GROUP BY start) "
)


# -- reading the variants ----------------------------------------------------------------------


def named_variant_pairs(tables: ResultTables) -> pd.DataFrame:
    """Every (variant, start word) of the variants that change only the rules the article
    names (:data:`NAMED_AXES`), beside the start word's winner under the article's rules:
    columns ``variant_id``, ``axes`` (the changed axes, a tuple), ``start``, ``base``,
    ``winner``, ``changes`` (both decided and different)."""
    outcomes = tables.read(OUTCOMES_TABLE, columns=["variant_id", "start", "winner"])
    default = DEFAULT_RULES.as_dict()
    changed_axes = {}
    for variant in outcomes["variant_id"].unique():
        rules = Rules.from_variant_id(variant).as_dict()
        changed = tuple(axis for axis in AXES if rules[axis] != default[axis])
        if changed and set(changed) <= set(NAMED_AXES):
            changed_axes[variant] = changed
    base = outcomes[outcomes["variant_id"] == DEFAULT_RULES.variant_id].set_index("start")
    pairs = outcomes[outcomes["variant_id"].isin(changed_axes)].copy()
    pairs["axes"] = pairs["variant_id"].map(changed_axes)
    pairs["base"] = pairs["start"].map(base["winner"]).fillna("unknown")
    decided = pairs["base"].ne("unknown") & pairs["winner"].ne("unknown")
    pairs["changes"] = decided & pairs["base"].ne(pairs["winner"])
    return pairs.reset_index(drop=True)


@dataclass(frozen=True)
class VariantTally:
    """Start words whose winner changes under a set of variants: ``changed`` start words
    (some decided winner differs from the article's), ``saved`` of them yokai wins that
    become human wins, ``lost`` human wins that become yokai wins, ``open`` start words
    with no change found but a pair undecided, of ``starts`` start words solved;
    ``yokai_starts`` yokai wins under the article's rules, ``yokai_open`` start words that
    may be yokai wins and are not saved by any decided pair but have an undecided one."""

    variants: int
    starts: int
    changed: int
    saved: int
    lost: int
    open: int
    yokai_starts: int
    yokai_open: int

    @classmethod
    def of(cls, pairs: pd.DataFrame) -> VariantTally:
        by_start = pairs.groupby("start")
        changed = by_start["changes"].any()
        saved = (pairs["changes"] & pairs["base"].eq("yokai")).groupby(pairs["start"]).any()
        lost = (pairs["changes"] & pairs["base"].eq("human")).groupby(pairs["start"]).any()
        undecided = (
            (pairs["base"].eq("unknown") | pairs["winner"].eq("unknown"))
            .groupby(pairs["start"])
            .any()
        )
        maybe_yokai = pairs.groupby("start")["base"].first().isin(["yokai", "unknown"])
        return cls(
            variants=int(pairs["variant_id"].nunique()),
            starts=len(changed),
            changed=int(changed.sum()),
            saved=int(saved.sum()),
            lost=int(lost.sum()),
            open=int((undecided & ~changed).sum()),
            yokai_starts=int(pairs.groupby("start")["base"].first().eq("yokai").sum()),
            yokai_open=int((undecided & ~saved & maybe_yokai).sum()),
        )

    def describe(self) -> str:
        text = (
            f"{self.changed} of {self.starts} start words change winner (yokai → human "
            f"{self.saved}, human → yokai {self.lost})"
        )
        return text + (f", {self.open} more open" if self.open else "")


def variant_tallies(pairs: pd.DataFrame) -> dict[str, VariantTally]:
    """The tally of each named rule changed alone (keyed by axis) and of every combination
    (key ``combined``); an axis the run did not solve alone is left out."""
    tallies = {}
    for axis in NAMED_AXES:
        alone = pairs[pairs["axes"].map(lambda axes, axis=axis: axes == (axis,))]
        if len(alone):
            tallies[axis] = VariantTally.of(alone)
    if len(pairs):
        tallies["combined"] = VariantTally.of(pairs)
    return tallies


def _tally_evidence(tallies: dict[str, VariantTally]) -> str:
    parts = [
        f"{AXIS_NAMES[axis]}: {tallies[axis].describe()}" for axis in NAMED_AXES if axis in tallies
    ]
    if "combined" in tallies:
        both = tallies["combined"]
        parts.append(f"any of the {both.variants} combinations: {both.describe()}")
    return "; ".join(parts) if parts else "no variant of the named rules was solved in this run"


# -- decisions -------------------------------------------------------------------------------


def decide_exists(found: int, open_: int, cases: int) -> Verdict:
    """An existence the article asserts: confirmed by one decided case; refuted only when
    every one of the ``cases`` is decided and none has it; ``undecided`` when none has it
    but some are open (an open case is counted neither way) or there is no case at all."""
    if found > 0:
        return Verdict.CONFIRMED
    return Verdict.UNDECIDED if open_ or not cases else Verdict.REFUTED


# -- builders --------------------------------------------------------------------------------


def _all_variants_evidence(tables: ResultTables) -> str:
    """Beside the article's reading: every other variant, the alias rule included."""
    effect = tables.read(EFFECT_TABLE)
    decided = effect[effect["default_winner"] != "unknown"]
    changed = int((decided["winner_changes"] > 0).sum())
    variants = int((effect["variants_decided"] + effect["unknown"]).max()) if len(effect) else 0
    return (
        f"beside it, with the alias rule too, which the article does not name here: {changed} "
        f"of {len(decided)} start words change in some of the {max(variants - 1, 0)} other "
        f"variants, {int(effect['unknown'].sum())} (start word, variant) pairs open"
    )


#: Each variant of the named rules: the start words whose decided winner changes, the
#: yokai wins it turns into human wins, and the (variant, start word) pairs left open.
PER_VARIANT_SQL = (
    f"WITH base AS (SELECT start, winner FROM '{OUTCOMES_TABLE}' WHERE {ARTICLE_SQL}), "
    "pairs AS (SELECT v.variant_id, v.start, coalesce(base.winner, 'unknown') AS base, "
    f"v.winner FROM '{OUTCOMES_TABLE}' AS v LEFT JOIN base USING (start) "
    f"WHERE v.aliases = 'ban' AND NOT ({rules_sql(skip='aliases', alias='v')})), "
    "per AS (SELECT variant_id, count(*) AS starts, "
    "count(*) FILTER (WHERE base <> 'unknown' AND winner <> 'unknown' AND base <> winner) "
    "AS changed, count(*) FILTER (WHERE base = 'yokai' AND winner = 'human') AS saved, "
    "count(*) FILTER (WHERE base = 'unknown' OR winner = 'unknown') AS open, "
    "count(*) FILTER (WHERE base IN ('yokai', 'unknown') AND 'unknown' IN (base, winner)) "
    "AS yokai_open, count(*) FILTER (WHERE base = 'yokai') AS yokai "
    "FROM pairs GROUP BY variant_id) "
    "SELECT coalesce(max(starts), 0) AS starts, coalesce(max(yokai), 0) AS yokai_starts, "
    "coalesce(max(changed), 0) AS most_changed, "
    "coalesce(max(changed + open), 0) AS most_changed_or_open, "
    "coalesce(max(saved), 0) AS most_saved, "
    "coalesce(max(saved + yokai_open), 0) AS most_saved_or_open FROM per"
)
#: The shares of 大きく we judge by (ours: the article gives no measure): a tenth, a quarter.
LARGE_SHARES = {"tenth": 0.10, "quarter": 0.25}


@dataclass(frozen=True)
class LargestChange:
    """Over the variants of the named rules: the most start words one variant changes
    (``changed``; with its open pairs counted as changes, ``changed_or_open``), the most
    yokai wins one variant turns into human wins (``saved``, ``saved_or_open``), of
    ``starts`` start words and ``yokai_starts`` yokai wins under the article's rules."""

    starts: int
    yokai_starts: int
    changed: int
    changed_or_open: int
    saved: int
    saved_or_open: int

    @classmethod
    def of(cls, pairs: pd.DataFrame) -> LargestChange:
        if not len(pairs):
            return cls(0, 0, 0, 0, 0, 0)
        undecided = pairs["base"].eq("unknown") | pairs["winner"].eq("unknown")
        frame = pairs.assign(
            saved=pairs["changes"] & pairs["base"].eq("yokai"),
            open=undecided,
            yokai_open=undecided & pairs["base"].isin(["yokai", "unknown"]),
            yokai=pairs["base"].eq("yokai"),
        )
        per = frame.groupby("variant_id").agg(
            starts=("start", "size"),
            changed=("changes", "sum"),
            saved=("saved", "sum"),
            open=("open", "sum"),
            yokai_open=("yokai_open", "sum"),
            yokai=("yokai", "sum"),
        )
        return cls(
            starts=int(per["starts"].max()),
            yokai_starts=int(per["yokai"].max()),
            changed=int(per["changed"].max()),
            changed_or_open=int((per["changed"] + per["open"]).max()),
            saved=int(per["saved"].max()),
            saved_or_open=int((per["saved"] + per["yokai_open"]).max()),
        )

    def expected(self) -> dict[str, int]:
        """The figures :data:`PER_VARIANT_SQL` re-derives."""
        return {
            "starts": self.starts,
            "yokai_starts": self.yokai_starts,
            "most_changed": self.changed,
            "most_changed_or_open": self.changed_or_open,
            "most_saved": self.saved,
            "most_saved_or_open": self.saved_or_open,
        }


def decide_share(found: int, at_most: int, total: int, share: float) -> Verdict:
    """``found`` (decided) of ``total`` reaches ``share``: confirmed; even ``at_most`` (the
    open cases counted as found) falls short: refuted; otherwise (or with no case)
    undecided."""
    if not total:
        return Verdict.UNDECIDED
    if found >= share * total:
        return Verdict.CONFIRMED
    return Verdict.REFUTED if at_most < share * total else Verdict.UNDECIDED


def _percent(part: int, whole: int) -> str:
    return f"{100 * part / whole:.1f} %" if whole else "no case"


def variants_change_outcomes(tables: ResultTables) -> Claim:
    """Other readings of long vowels, small kana and voiced marks change winners greatly
    (大きく): some change, and a large one measured against the start words and against
    the yokai wins, each share of ours a reading of its own."""
    pairs = named_variant_pairs(tables)
    tallies = variant_tallies(pairs)
    combined = tallies.get("combined", VariantTally(0, 0, 0, 0, 0, 0, 0, 0))
    largest = LargestChange.of(pairs)
    per_variant = Recheck(PER_VARIANT_SQL, largest.expected(), command=PROOF_CHECK)
    alone = ", ".join(
        f"{AXIS_NAMES[axis]} {tallies[axis].changed}" for axis in NAMED_AXES if axis in tallies
    )
    readings = [
        Reading(
            "some_change",
            "what 変化する commits to: under some variant of the named rules (one or more "
            "of them changed, aliases banned) some start word's decided winner differs from "
            "its winner under the article's rules",
            f"{combined.changed} of {combined.starts} start words change under some of the "
            f"{combined.variants} variants"
            + (f", {combined.open} more open" if combined.open else ""),
            decide_exists(combined.changed, combined.open, combined.starts),
            Recheck(
                NAMED_PAIRS_SQL + "SELECT count(*) AS starts, count(*) FILTER (WHERE changed) "
                "AS changed, count(*) FILTER (WHERE undecided AND NOT changed) AS open FROM per",
                {"starts": combined.starts, "changed": combined.changed, "open": combined.open},
                command=PROOF_CHECK,
            ),
        )
    ]
    for name, share in LARGE_SHARES.items():
        readings.append(
            Reading(
                f"{name}_of_start_words",
                f"大きく as a share of the start words (ours: the article gives no measure): "
                f"one variant of the named rules changes the decided winner of at least a "
                f"{name} ({share:.0%}) of the {largest.starts} start words",
                f"the variant changing most changes {largest.changed} of {largest.starts} "
                f"({_percent(largest.changed, largest.starts)}; at most "
                f"{largest.changed_or_open} with open pairs); one rule alone: {alone}",
                decide_share(largest.changed, largest.changed_or_open, largest.starts, share),
                per_variant,
            )
        )
    for name, share in LARGE_SHARES.items():
        readings.append(
            Reading(
                f"{name}_of_yokai_wins",
                "大きく against the article's × (ours: the article gives no measure; its next "
                "sentence speaks of yokai that could be beaten): one variant of the named "
                f"rules turns at least a {name} ({share:.0%}) of the {largest.yokai_starts} "
                "yokai wins under the article's rules into human wins",
                f"the variant saving most turns {largest.saved} of {largest.yokai_starts} "
                f"yokai wins into human wins ({_percent(largest.saved, largest.yokai_starts)}; "
                f"at most {largest.saved_or_open} with open pairs)",
                decide_share(largest.saved, largest.saved_or_open, largest.yokai_starts, share),
                per_variant,
            )
        )
    return cited(
        "shiritori.variants_change_outcomes",
        statement="Treating long vowels, small kana or voiced marks otherwise than the article "
        "does would change greatly (大きく) which start words are first-player (yokai) wins "
        "and which second-player (human) wins.",
        formal="under the variants that change only the long-vowel, final-ウ, small-kana or "
        "voiced-mark rule (aliases banned): some start word's decided winner changes "
        "(some_change); the variant changing most reaches a tenth or a quarter of the start "
        "words, or of the yokai wins (our shares of 大きく, each its own reading)",
        readings=readings,
        evidence=f"{_tally_evidence(tallies)}; {_all_variants_evidence(tables)}",
        tables=(OUTCOMES_TABLE, EFFECT_TABLE),
        recheck=per_variant,
    )


def variants_save_yokai_wins(tables: ResultTables) -> Claim:
    """Some yokai win under the article's rules is a human win under another reading."""
    tallies = variant_tallies(named_variant_pairs(tables))
    combined = tallies.get("combined", VariantTally(0, 0, 0, 0, 0, 0, 0, 0))
    alone = "; ".join(
        f"{AXIS_NAMES[axis]}: {tallies[axis].saved}" for axis in NAMED_AXES if axis in tallies
    )
    evidence = (
        f"{combined.saved} of the {combined.yokai_starts} yokai wins (×) under the article's "
        f"rules are human wins under some of the {combined.variants} variants of the named "
        "rules"
        + (f", {combined.yokai_open} more open" if combined.yokai_open else "")
        + (f"; with one rule changed alone: {alone}" if alone else "")
    )
    return cited(
        "shiritori.variants_save_yokai_wins",
        statement="Under another reading of long vowels, small kana or voiced marks, some "
        "yokai the human cannot beat under the article's rules could be beaten.",
        formal="some start word that is a yokai win under the article's rules is a decided "
        "human win under a variant that changes only the long-vowel, final-ウ, small-kana or "
        "voiced-mark rule (aliases banned)",
        verdict=decide_exists(combined.saved, combined.yokai_open, combined.yokai_starts),
        evidence=evidence,
        tables=(OUTCOMES_TABLE,),
        recheck=Recheck(
            NAMED_PAIRS_SQL + "SELECT count(*) FILTER (WHERE base = 'yokai') AS yokai_starts, "
            "count(*) FILTER (WHERE saved) AS saved, count(*) FILTER (WHERE undecided AND NOT "
            "saved AND base IN ('yokai', 'unknown')) AS yokai_open FROM per",
            {
                "yokai_starts": combined.yokai_starts,
                "saved": combined.saved,
                "yokai_open": combined.yokai_open,
            },
            command=PROOF_CHECK,
        ),
    )


def alias_groups(words: pd.DataFrame) -> list[tuple[str, ...]]:
    """The names of one yokai: the words joined by the list's aliases (``bans``), groups of
    two or more, each sorted."""
    parent = {word: word for word in words["word"]}

    def find(word: str) -> str:
        while parent[word] != word:
            parent[word] = parent[parent[word]]
            word = parent[word]
        return word

    for row in words.itertuples():
        for alias in row.bans:
            if alias in parent:
                parent[find(alias)] = find(row.word)
    groups: dict[str, list[str]] = {}
    for word in parent:
        groups.setdefault(find(word), []).append(word)
    return sorted(tuple(sorted(g)) for g in groups.values() if len(g) > 1)


#: The yokai with several names (a name with its aliases, as the list gives them), those
#: whose names hold a yokai win and a human win, and those with an undecided name and no
#: change found.
NAME_GROUPS_SQL = (
    "WITH groups AS (SELECT DISTINCT list_sort(list_append(bans, word)) AS names "
    f"FROM '{WORDS_TABLE}' WHERE {ARTICLE_SQL} AND len(bans) > 0), "
    "named AS (SELECT names, unnest(names) AS name FROM groups), "
    "winners AS (SELECT names, coalesce(o.winner, 'unknown') AS winner FROM named LEFT JOIN "
    f"'{OUTCOMES_TABLE}' AS o ON o.start = named.name AND {rules_sql(alias='o')}), "
    "per AS (SELECT names, bool_or(winner = 'yokai') AND bool_or(winner = 'human') AS differ, "
    "bool_or(winner NOT IN ('yokai', 'human')) AS undecided FROM winners GROUP BY names) "
    "SELECT count(*) AS yokai, count(*) FILTER (WHERE differ) AS differ, "
    "count(*) FILTER (WHERE undecided AND NOT differ) AS open FROM per"
)


def name_changes_winner(tables: ResultTables) -> Claim:
    """For some yokai the winner depends on the name it gives."""
    winners = default_winners(tables)
    groups = alias_groups(default_words(tables))
    differ: list[tuple[str, ...]] = []
    open_: list[tuple[str, ...]] = []
    for group in groups:
        found = [str(winners.get(w, "unknown")) for w in group]
        decided = {w for w in found if w in {"yokai", "human"}}
        if len(decided) == 2:
            differ.append(group)
        elif any(w not in {"yokai", "human"} for w in found):
            open_.append(group)
    examples = ", ".join("/".join(g) for g in differ[:4])
    return cited(
        "shiritori.name_changes_winner",
        statement="The winner can depend on which of its names a yokai gives: for some yokai one "
        "name is a first-player win and another a second-player win.",
        formal="some group of names joined by aliases holds a decided yokai win and a decided "
        "human win under the article's rules",
        verdict=decide_exists(len(differ), len(open_), len(groups)),
        evidence=f"{len(differ)} of {len(groups)} yokai with more than one name change winner "
        f"with the name"
        + (f" (e.g. {examples})" if differ else "")
        + (f"; {len(open_)} groups with a name undecided and no change found" if open_ else ""),
        tables=(WORDS_TABLE, OUTCOMES_TABLE),
        recheck=Recheck(
            NAME_GROUPS_SQL,
            {"yokai": len(groups), "differ": len(differ), "open": len(open_)},
            command=PROOF_CHECK,
        ),
    )
