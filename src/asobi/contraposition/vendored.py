"""The vendored full ladder: checked, then published by the default run.

The full ladder (``config/overlays/contraposition-ladder.yaml``) costs hours of CPU, so its
tables are computed once and vendored in ``resources/contraposition/ladder/``:

* the six tables ``ladder``, ``ladder_games``, ``calibration``, ``calibration_games``,
  ``ratings`` and ``rating_games`` (``<name>.parquet``, as the overlay run wrote them);
* ``config.yaml``, a copy of the overlay they were computed with;
* ``SHA256SUMS`` (``sha256sum`` format: ``<hex>  <file>``) of the tables and the config;
* ``SOURCE.md``: how, when and from which commit, and what the run cost.

:func:`check_vendored` holds the folder to three things and names the first that fails
(:class:`~asobi.core.errors.DataError`): every file's checksum; every table's schema
(the columns and types of :mod:`asobi.contraposition.tables`); and the config: the vendored
``config.yaml`` equals the overlay in ``config/overlays/``, each table's ``asobi.config``
stamp equals the one the workflow gives that table under the default config with the
overlay on top (:func:`asobi.contraposition.plan.ladder_stamps`), and each summary holds
exactly the points that config asks for, with their game counts (:func:`expected_points`).
:func:`write_vendored` then publishes each table through :func:`~asobi.core.tables.write_table` as
``contraposition/<name>_vendored``, with the vendored file as its input.
"""

from __future__ import annotations

import copy
import hashlib
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pyarrow as pa
import pyarrow.parquet as pq

from asobi.contraposition.plan import games_at, ladder_stamps
from asobi.contraposition.tables import (
    CALIBRATION_SCHEMA,
    GAME_SCHEMA,
    LADDER_SCHEMA,
    RATINGS_SCHEMA,
)
from asobi.core.config import load_yaml, validate_config
from asobi.core.errors import DataError
from asobi.core.tables import check_table, read_metadata, write_table

GAME = "contraposition"
SUMS = "SHA256SUMS"
CONFIG = "config.yaml"
VENDORED_SCHEMAS: dict[str, pa.Schema] = {
    "ladder": LADDER_SCHEMA,
    "ladder_games": GAME_SCHEMA,
    "calibration": CALIBRATION_SCHEMA,
    "calibration_games": GAME_SCHEMA,
    "ratings": RATINGS_SCHEMA,
    "rating_games": GAME_SCHEMA,
}
"""The vendored tables and their schemas."""


def merge_config(base: Mapping[str, Any], overlay: Mapping[str, Any]) -> dict[str, Any]:
    """``overlay`` on top of ``base``, mappings merged key by key as Snakemake merges
    several ``--configfile`` (other values replaced).

    >>> merge_config({"a": {"x": 1, "y": 2}, "b": 1}, {"a": {"y": 3}})
    {'a': {'x': 1, 'y': 3}, 'b': 1}
    """
    merged = copy.deepcopy(dict(base))
    for key, value in overlay.items():
        if isinstance(value, Mapping) and isinstance(merged.get(key), Mapping):
            merged[key] = merge_config(merged[key], value)
        else:
            merged[key] = copy.deepcopy(value)
    return merged


def read_sums(path: str | os.PathLike[str]) -> dict[str, str]:
    """File name -> sha256 of a ``SHA256SUMS`` file."""
    sums = {}
    for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), 1):
        if not line.strip():
            continue
        digest, _, name = line.partition("  ")
        if len(digest) != 64 or not name:
            raise DataError(f"{path}:{number}: not a '<sha256>  <file>' line")
        sums[name.strip()] = digest
    return sums


def sha256_of(path: str | os.PathLike[str]) -> str:
    """The sha256 of a file, in hex."""
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def expected_stamps(
    default_config: str | os.PathLike[str], overlay: str | os.PathLike[str]
) -> dict[str, dict[str, Any]]:
    """The ``asobi.config`` stamp of each ladder table under ``default_config`` with
    ``overlay`` on top (defaults of the schema filled in, as the workflow sees them)."""
    merged = merge_config(load_yaml(default_config) or {}, load_yaml(overlay) or {})
    return ladder_stamps(validate_config(merged)["contraposition"])


def expected_points(contraposition: Mapping[str, Any]) -> dict[str, dict[tuple, int]]:
    """What the config says each summary table holds: ``ladder`` and ``calibration`` map
    (agent, playouts, side, protocol label) to its games; ``ratings`` maps (player,) to its
    games (every ordered pair of distinct players, ``games_per_pair`` times)."""
    ladder, calibration = contraposition["ladder"], contraposition["calibration"]
    label = {"basic": "basic", "onetwo": "12?"}
    points = {
        "ladder": {
            (agent, int(b), int(side), label[p]): games_at(b, ladder["budgets"], ladder["games"])
            for agent in ladder["agents"]
            for b in ladder["budgets"]
            for side in ladder["sides"]
            for p in ladder["protocols"]
        },
        "calibration": {
            (agent, int(b), int(calibration["side"]), label[p]): games_at(
                b, calibration["budgets"], calibration["games"]
            )
            for agent in ladder["agents"]
            for b in calibration["budgets"]
            for p in ("basic", "onetwo")
        },
    }
    players = [f"{agent}{b}" for agent in ladder["agents"] for b in ladder["budgets"]]
    per_player = 2 * (len(players) - 1) * int(contraposition["ratings"]["games_per_pair"])
    points["ratings"] = {(name,): per_player for name in players}
    return points


def check_contents(name: str, path: Path, expected: Mapping[tuple, int]) -> None:
    """The summary table ``name`` holds exactly the ``expected`` points with their games."""
    keys = ["player"] if name == "ratings" else ["agent", "playouts", "side", "protocol"]
    frame = pq.read_table(path, columns=[*keys, "games"]).to_pandas()
    found = {
        tuple(row[:-1]): int(row[-1]) for row in frame[[*keys, "games"]].itertuples(index=False)
    }
    if found != dict(expected):
        missing = sorted(set(expected) - set(found))
        extra = sorted(set(found) - set(expected))
        short = sorted(k for k in set(found) & set(expected) if found[k] != expected[k])
        raise DataError(
            f"{path} does not hold what the overlay asks: missing {missing[:3]}, extra "
            f"{extra[:3]}, other game counts at {short[:3]}"
        )


def check_vendored(
    folder: str | os.PathLike[str],
    overlay: str | os.PathLike[str],
    default_config: str | os.PathLike[str],
) -> dict[str, Path]:
    """Check the vendored folder (checksums, schemas, config; see the module's docstring)
    and return each table's path."""
    folder = Path(folder)
    sums = read_sums(folder / SUMS)
    wanted = [CONFIG, *(f"{name}.parquet" for name in VENDORED_SCHEMAS)]
    for name in wanted:
        if name not in sums:
            raise DataError(f"{folder / SUMS} does not list {name}")
        if not (folder / name).is_file():
            raise DataError(f"{folder / name}: no such file (it is listed in {SUMS})")
        if sha256_of(folder / name) != sums[name]:
            raise DataError(f"{folder / name}: its sha256 differs from {SUMS}")
    if load_yaml(folder / CONFIG) != load_yaml(overlay):
        raise DataError(f"{folder / CONFIG} differs from the overlay {overlay}")
    block = validate_config(
        merge_config(load_yaml(default_config) or {}, load_yaml(overlay) or {})
    )["contraposition"]
    stamps = ladder_stamps(block)
    points = expected_points(block)
    paths = {}
    for name, schema in VENDORED_SCHEMAS.items():
        path = folder / f"{name}.parquet"
        found = check_table(path, f"{GAME}/{name}", schema.names)
        for field in schema:
            if found.field(field.name).type != field.type:
                raise DataError(
                    f"{path}: column {field.name} is {found.field(field.name).type}, "
                    f"not {field.type}"
                )
        if read_metadata(path).get("config") != stamps[name]:
            raise DataError(
                f"{path} was computed with another config than {overlay} on {default_config}"
            )
        if name in points:
            check_contents(name, path, points[name])
        paths[name] = path
    return paths


def write_vendored(
    folder: str | os.PathLike[str],
    overlay: str | os.PathLike[str],
    default_config: str | os.PathLike[str],
    outs: Mapping[str, str],
) -> list[Path]:
    """Check the vendored folder, then publish each table ``name`` to ``outs[name]`` as
    ``contraposition/<name>_vendored`` (rows as vendored; config stamp as vendored)."""
    paths = check_vendored(folder, overlay, default_config)
    written = []
    for name, out in outs.items():
        schema = VENDORED_SCHEMAS[name]
        arrow = pq.read_table(paths[name], columns=schema.names).cast(schema)
        written.append(
            write_table(
                arrow.replace_schema_metadata(None),
                out,
                table=f"{GAME}/{name}_vendored",
                inputs=[paths[name]],
                config=read_metadata(paths[name])["config"],
                schema=schema,
            )
        )
    return written
