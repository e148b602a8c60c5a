"""Which chopsticks rule sets the config asks for, and how they are cut into shards.

The config block ``chopsticks`` chooses the rule sets, in this order:

1. the article's 68 (``article_rule_sets``);
2. generalised simple chopsticks for every pair of hand counts in
   ``simple_hands_min..simple_hands_max``, every ``dies_at`` in
   ``simple_dies_min..simple_dies_max`` and every overflow in ``simple_overflows``;
3. every 2-hand rule set for each ``dies_at`` in ``split_dies_min..split_dies_max``: both
   overflows, no split and every combination of the split switches, each fusion rule set
   also under the ``from_one`` reading when ``from_one`` is on (which also adds that reading
   of the article's fusion rule sets).

A rule set listed twice keeps its first place, so the rule sets of a smaller config keep their
order (and their rows) in a larger one. The list is cut into consecutive shards of about equal
work (:func:`work`, at most ``shard_positions`` each), named ``part000``, ``part001``, ...:
hundreds of small 2-hand rule sets share one Snakemake job, the largest simple rule sets get
one each, so that the job start-up (a few seconds each) does not dominate.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cache
from itertools import product
from math import comb
from typing import Any

from asobi.chopsticks.chopsticks import Rules
from asobi.core.config import validate_config
from asobi.core.errors import ConfigError

#: The config keys that choose the rule sets (``shard_positions`` only cuts them into shards).
SELECTION_KEYS = (
    "article_rule_sets",
    "simple_hands_min",
    "simple_hands_max",
    "simple_dies_min",
    "simple_dies_max",
    "simple_overflows",
    "split_dies_min",
    "split_dies_max",
    "from_one",
)
OVERFLOWS = ("cutoff", "rollover")
#: A rule set's fixed set-up (about 5 ms) costs as much as solving about this many positions
#: (5-8 µs each, positions table included); measured with ``benchmarks/chopsticks_solve.py``.
SET_UP_POSITIONS = 1_000
#: Largest position space of one rule set: solving takes about 500 bytes per position at its
#: peak (9.7 GB and 81 s for the 19.1 M positions of 5 hands each, dies_at 12, measured on the
#: 24 GiB reference machine), so 20 M is about 10 GB.
MAX_RULE_SET_POSITIONS = 20_000_000
#: Largest sum over the selected rule sets: the merge holds the whole positions table
#: (about 100 bytes a row in Arrow).
MAX_TOTAL_POSITIONS = 60_000_000


def article_rule_sets() -> list[Rules]:
    """The 68 rule sets of the article: dies_at 5/6, cutoff/rollover, the five switches.

    >>> len(article_rule_sets())
    68
    """
    return two_hand_rule_sets((5, 6), from_one=False)


def two_hand_rule_sets(dies_at: Iterable[int], *, from_one: bool) -> list[Rules]:
    """2 against 2 for each ``dies_at`` and overflow: no split, then every split switch set.

    With ``from_one`` each fusion rule set is followed by its ``from_one`` reading: 17 rule
    sets per (dies_at, overflow) without it, 25 with it.

    >>> [len(two_hand_rule_sets([7], from_one=flag)) for flag in (False, True)]
    [34, 50]
    """
    found: list[Rules] = []
    for dies, overflow in product(dies_at, OVERFLOWS):
        found.append(Rules(dies_at=dies, overflow=overflow))  # type: ignore[arg-type]
        for revive, fusion, swap, reaction in product((False, True), repeat=4):
            rules = Rules(
                dies_at=dies,
                overflow=overflow,  # type: ignore[arg-type]
                split=True,
                revive=revive,
                fusion=fusion,
                swap=swap,
                reaction=reaction,
            )
            found.append(rules)
            if fusion and from_one:
                found.append(replace(rules, from_one=True))
    return found


def simple_rule_sets(
    hands: range | list[int], dies_at: range | list[int], overflows: list[str]
) -> list[Rules]:
    """Generalised simple chopsticks (attacks only) for every pair of hand counts."""
    return [
        Rules(hands_first=a, hands_second=b, dies_at=d, overflow=o)  # type: ignore[arg-type]
        for a, b, d, o in product(hands, hands, dies_at, overflows)
    ]


def settings_of(config: Mapping[str, Any]) -> dict[str, Any]:
    """The ``chopsticks`` config block, validated, with the schema's defaults filled in."""
    return json.loads(_validated(json.dumps(dict(config), sort_keys=True)))


@cache
def _validated(config_json: str) -> str:
    """Validation reads the schema file each time: remember each block's result."""
    block = json.loads(config_json)
    return json.dumps(validate_config({"chopsticks": block})["chopsticks"])


def selection(config: Mapping[str, Any]) -> dict[str, Any]:
    """Only the keys that choose the rule sets (what the merged tables depend on)."""
    settings = settings_of(config)
    return {key: settings[key] for key in SELECTION_KEYS}


def rule_sets(config: Mapping[str, Any]) -> list[Rules]:
    """Every rule set the config asks for, without duplicates, in a fixed order."""
    return _chosen(settings_of(config))


def shard_names(config: Mapping[str, Any]) -> list[str]:
    """Names of the shards: ``part000``, ``part001``, ..."""
    return [f"part{index:03d}" for index in range(len(_shards(settings_of(config))))]


def shard_rule_sets(config: Mapping[str, Any], shard: str) -> list[Rules]:
    """The rule sets of one shard."""
    shards = _shards(settings_of(config))
    names = [f"part{index:03d}" for index in range(len(shards))]
    if shard not in names:
        raise ConfigError(f"chopsticks: unknown shard {shard!r}")
    return shards[names.index(shard)]


def work(rules: Rules) -> int:
    """The solving work of a rule set, counted in positions.

    Its whole position space (what the solver numbers, builds moves for and solves), plus
    ``SET_UP_POSITIONS`` for the fixed set-up every rule set needs (the per-hand-multiset move
    tables and the table rows, in Python).

    >>> work(Rules()), work(Rules(hands_first=1, hands_second=3, dies_at=4))
    (1225, 1160)
    """
    first = comb(rules.dies_at + rules.hands_first - 1, rules.hands_first)
    second = comb(rules.dies_at + rules.hands_second - 1, rules.hands_second)
    orientations = 1 if rules.hands_first == rules.hands_second else 2
    return first * second * orientations + SET_UP_POSITIONS


def _shards(settings: Mapping[str, Any]) -> list[list[Rules]]:
    """Consecutive runs of rule sets, each as long as its work stays within ``shard_positions``
    (a rule set that alone exceeds it gets a shard of its own)."""
    shards: list[list[Rules]] = [[]]
    load = 0
    for rules in _chosen(settings):
        if shards[-1] and load + work(rules) > settings["shard_positions"]:
            shards.append([])
            load = 0
        shards[-1].append(rules)
        load += work(rules)
    return shards


def _chosen(settings: Mapping[str, Any]) -> list[Rules]:
    chosen: list[Rules] = list(article_rule_sets()) if settings["article_rule_sets"] else []
    hands = range(settings["simple_hands_min"], settings["simple_hands_max"] + 1)
    dies = range(settings["simple_dies_min"], settings["simple_dies_max"] + 1)
    chosen += simple_rule_sets(hands, dies, list(settings["simple_overflows"]))
    two_hand = range(settings["split_dies_min"], settings["split_dies_max"] + 1)
    chosen += two_hand_rule_sets(two_hand, from_one=settings["from_one"])
    if settings["article_rule_sets"] and settings["from_one"]:
        chosen += [replace(r, from_one=True) for r in article_rule_sets() if r.fusion]
    unique = {rules.variant_id: rules for rules in reversed(chosen)}
    ordered = list(dict.fromkeys(rules.variant_id for rules in chosen))
    if not ordered:
        raise ConfigError("chopsticks: the config selects no rule set")
    selected = [unique[variant] for variant in ordered]
    check_size(selected)
    return selected


def check_size(selected: list[Rules]) -> None:
    """Refuse a selection whose solving would not fit in memory (see the two maxima)."""
    for rules in selected:
        reason = too_big(rules)
        if reason:
            raise ConfigError(f"chopsticks: {reason}: lower simple_hands_max or simple_dies_max")
    total = sum(work(rules) - SET_UP_POSITIONS for rules in selected)
    if total > MAX_TOTAL_POSITIONS:
        raise ConfigError(
            f"chopsticks: the selected rule sets have {total} positions in all, more than "
            f"{MAX_TOTAL_POSITIONS} (the merged positions table is held in memory)"
        )


def too_big(rules: Rules) -> str | None:
    """Why one rule set is too big to solve (:data:`MAX_RULE_SET_POSITIONS`), or None.

    >>> too_big(Rules()) is None
    True
    """
    positions = work(rules) - SET_UP_POSITIONS
    if positions <= MAX_RULE_SET_POSITIONS:
        return None
    return (
        f"rule set {rules.variant_id} has {positions} positions, more than "
        f"{MAX_RULE_SET_POSITIONS} (about 500 bytes each while solving)"
    )
