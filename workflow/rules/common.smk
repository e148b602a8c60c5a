# Shared helpers: config validation (first thing), per-game output registry.
import sys

from asobi.core.config import validate_config
from asobi.core.errors import ConfigError

try:
    _validated = validate_config(
        config, f"{workflow.basedir}/workflow/schemas/config.schema.yaml"
    )
except ConfigError as error:
    sys.stderr.write(f"asobi: {error}\n")
    sys.exit(2)
config.clear()
config.update(_validated)

# Each game's .smk registers a function returning its final outputs (and its claims table).
GAME_OUTPUTS = {}
GAME_CLAIMS = {}


def enabled(game):
    """True when the config enables ``game``."""
    return bool(config.get(game, {}).get("enabled", False))


def game_claims():
    """Claims tables of the enabled games."""
    return [path for game, path in sorted(GAME_CLAIMS.items()) if enabled(game)]


def final_outputs():
    """Everything `rule all` asks for: the enabled games' tables, claims, summary."""
    outputs = []
    for game, outputs_of in sorted(GAME_OUTPUTS.items()):
        if enabled(game):
            outputs += outputs_of()
    return outputs + ["results/claims.parquet", "results/summary.txt"]
