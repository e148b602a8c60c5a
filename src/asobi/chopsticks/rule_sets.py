"""Which chopsticks rule sets the config asks for, and how they are cut into shards.

The config block ``chopsticks`` chooses the rule sets: the article's 68 (``article_rule_sets``)
and generalised simple chopsticks for every pair of hand counts in
``simple_hands_min..simple_hands_max``, every ``dies_at`` in ``simple_dies_min..simple_dies_max``
and every overflow in ``simple_overflows``. The list is ordered (article rule sets first) and
cut into shards of ``shard_size`` rule sets, named ``part000``, ``part001``, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import product
from typing import Any

from asobi.chopsticks.chopsticks import Rules
from asobi.core.config import validate_config
from asobi.core.errors import ConfigError

#: The config keys that choose the rule sets (``shard_size`` only cuts them into shards).
SELECTION_KEYS = (
    "article_rule_sets",
    "simple_hands_min",
    "simple_hands_max",
    "simple_dies_min",
    "simple_dies_max",
    "simple_overflows",
)


def article_rule_sets() -> list[Rules]:
    """The 68 rule sets of the article: dies_at 5/6, cutoff/rollover, the five switches.

    >>> len(article_rule_sets())
    68
    """
    found: list[Rules] = []
    for dies_at, overflow in product((5, 6), ("cutoff", "rollover")):
        found.append(Rules(dies_at=dies_at, overflow=overflow))
        for revive, fusion, swap, reaction in product((False, True), repeat=4):
            found.append(
                Rules(
                    dies_at=dies_at,
                    overflow=overflow,
                    split=True,
                    revive=revive,
                    fusion=fusion,
                    swap=swap,
                    reaction=reaction,
                )
            )
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
    return validate_config({"chopsticks": dict(config)})["chopsticks"]


def selection(config: Mapping[str, Any]) -> dict[str, Any]:
    """Only the keys that choose the rule sets (what the merged tables depend on)."""
    settings = settings_of(config)
    return {key: settings[key] for key in SELECTION_KEYS}


def rule_sets(config: Mapping[str, Any]) -> list[Rules]:
    """Every rule set the config asks for, without duplicates, in a fixed order."""
    settings = settings_of(config)
    chosen: list[Rules] = list(article_rule_sets()) if settings["article_rule_sets"] else []
    hands = range(settings["simple_hands_min"], settings["simple_hands_max"] + 1)
    dies = range(settings["simple_dies_min"], settings["simple_dies_max"] + 1)
    chosen += simple_rule_sets(hands, dies, list(settings["simple_overflows"]))
    unique = {rules.variant_id: rules for rules in reversed(chosen)}
    ordered = list(dict.fromkeys(rules.variant_id for rules in chosen))
    if not ordered:
        raise ConfigError("chopsticks: the config selects no rule set")
    return [unique[variant] for variant in ordered]


def shard_names(config: Mapping[str, Any]) -> list[str]:
    """Names of the shards: ``part000`` ... (``shard_size`` rule sets each)."""
    size = int(settings_of(config)["shard_size"])
    count = -(-len(rule_sets(config)) // size)
    return [f"part{index:03d}" for index in range(count)]


def shard_rule_sets(config: Mapping[str, Any], shard: str) -> list[Rules]:
    """The rule sets of one shard."""
    if shard not in shard_names(config):
        raise ConfigError(f"chopsticks: unknown shard {shard!r}")
    size = int(settings_of(config)["shard_size"])
    index = int(shard.removeprefix("part"))
    return rule_sets(config)[index * size : (index + 1) * size]
