"""How the games of a ladder point are cut into shards (one Snakemake job each).

A module of its own, importing nothing heavy: the workflow calls it while it is parsed.
Shard ``k`` of a point holds the games ``[k * per_shard, (k + 1) * per_shard)``, the last
one fewer.

>>> [shard_range(games=10, per_shard=4, shard=k) for k in range(shard_count(10, 4))]
[range(0, 4), range(4, 8), range(8, 10)]
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from asobi.core.errors import ConfigError, InputError


def games_at(budget: int, budgets: Sequence[int], games: int | Sequence[int]) -> int:
    """Games per ladder point at ``budget``: ``games`` is one count for every budget or one
    count per budget (in the order of ``budgets``).

    >>> games_at(3000, [300, 1000, 3000], [400, 400, 150])
    150
    """
    budgets = [int(b) for b in budgets]
    if int(budget) not in budgets:
        raise ConfigError(f"contraposition: budget {budget} is not on the ladder {budgets}")
    if isinstance(games, int):
        return games
    if len(games) != len(budgets):
        raise ConfigError(
            f"contraposition: {len(games)} game counts for {len(budgets)} budgets {budgets}"
        )
    return int(games[budgets.index(int(budget))])


def shard_count(games: int, per_shard: int) -> int:
    """Shards of at most ``per_shard`` games that hold ``games`` games (at least one)."""
    return max(1, -(-int(games) // int(per_shard)))


def shard_range(games: int, per_shard: int, shard: int) -> range:
    """The game numbers of shard ``shard`` of a ladder point."""
    if not 0 <= shard < shard_count(games, per_shard):
        raise InputError(f"shard {shard} out of range for {games} games of {per_shard}")
    return range(shard * per_shard, min(games, (shard + 1) * per_shard))


def ladder_stamps(contraposition: Mapping[str, Any]) -> dict[str, dict[str, Any]]:
    """The config slice stamped on each ladder table (``asobi.config``), from a validated
    ``contraposition`` config block: the ladder's settings with its agents' constants, and
    for the calibration and the round-robin their own block beside the ladder settings they
    use (so that more ladder games leave their stamps alone). A game table has the stamp of
    its summary (``ladder_games`` that of ``ladder``, and so on).

    >>> stamps = ladder_stamps({"agents": {"uct": {"playouts": 300}}, "ladder": {
    ...     "agents": ["uct"]}, "calibration": {"side": 3}, "ratings": {"side": 5}})
    >>> stamps["ladder"]
    {'ladder': {'agents': ['uct'], 'agent_settings': {'uct': {'playouts': 300}}}}
    >>> stamps["rating_games"]["ladder"]
    {'agents': ['uct'], 'agent_settings': {'uct': {'playouts': 300}}}
    """
    ladder = {
        **contraposition["ladder"],
        "agent_settings": {
            kind: contraposition["agents"][kind] for kind in contraposition["ladder"]["agents"]
        },
    }
    # the calibration and the round-robin use only these of the ladder's settings
    used = {"calibration": ("agents", "agent_settings", "games_per_shard", "seed")}
    used["ratings"] = ("agents", "agent_settings", "budgets", "seed")
    stamps = {"ladder": {"ladder": ladder}}
    for name, keys in used.items():
        stamps[name] = {
            name: contraposition[name],
            "ladder": {key: ladder[key] for key in keys if key in ladder},
        }
    return {
        **stamps,
        "ladder_games": stamps["ladder"],
        "calibration_games": stamps["calibration"],
        "rating_games": stamps["ratings"],
    }
