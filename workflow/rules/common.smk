# Shared helpers: config validation (first thing), per-game output registry.
import sys
from pathlib import Path

import asobi
from asobi.core.config import validate_config
from asobi.report.browser import find_browser
from asobi.core.errors import ConfigError
from asobi.core.games import GAMES
from asobi.core.bundles import deal
from asobi.core.shards import number_ranges


def refuse_config_unless(check, *args):
    """Run a check of the config (the schema, or a game's check of sizes a schema cannot
    bound, e.g. a position space) while the workflow is parsed and return its result: one
    line and exit 2 if refused.
    """
    try:
        return check(*args)
    except ConfigError as error:
        sys.stderr.write(f"asobi: {error}\n")
        sys.exit(2)


def number_shards(game, top, shard_size, offset=0):
    """The shard names ``lo-hi`` of ``2..config[game][top] - offset``; a tiny shard size
    would plan millions of jobs: refused here with one line naming the key (MAX_SHARDS).
    """
    block = config[game]
    ranges = refuse_config_unless(
        number_ranges, block[top] - offset, block[shard_size], f"{game}.{shard_size}"
    )
    return [f"{lo}-{hi}" for lo, hi in ranges]


_validated = refuse_config_unless(
    validate_config, config, f"{workflow.basedir}/workflow/schemas/config.schema.yaml"
)
config.clear()
config.update(_validated)


# The local plan of the many-shard steps (asobi.core.bundles): their shards dealt into this
# many bundles, one job each; 0 (the cluster plan): one job per shard.
SHARD_BUNDLES = config["shard_bundles"]


def shard_bundles(shards):
    """``shards`` dealt into :data:`SHARD_BUNDLES` bundles; [] in the cluster plan."""
    return deal(shards, SHARD_BUNDLES) if SHARD_BUNDLES else []


def files_size_mb(paths):
    """MB of the files at ``paths``, a folder's files included (a bundle's folder, whose
    own size Snakemake's ``input.size_mb`` would count instead)."""
    total = 0
    for path in map(Path, paths):
        files = path.rglob("*") if path.is_dir() else [path]
        total += sum(file.stat().st_size for file in files if file.is_file())
    return total / 2**20


def bundle_of(bundles):
    """Each shard's bundle index (shards are hashable: tuples or paths)."""
    return {shard: index for index, bundle in enumerate(bundles) for shard in bundle}


# Each game's .smk registers a function returning its final outputs (and its claims table).
GAME_OUTPUTS = {}
GAME_CLAIMS = {}
RUN_SUMMARY = [
    "results/claims.parquet",
    "results/claim_readings.parquet",
    "results/summary.txt",
]


def enabled(game):
    """True when the config enables ``game``."""
    return bool(config.get(game, {}).get("enabled", False))


def game_claims():
    """Claims tables of the enabled games, in the registry's order (``asobi.core.games``;
    every game's .smk registers one)."""
    return [GAME_CLAIMS[game] for game in GAMES if enabled(game)]


def game_readings():
    """The claim readings tables of the enabled games (each beside its claims table)."""
    return [
        str(Path(path).with_name("claim_readings.parquet")) for path in game_claims()
    ]


def claims_code(game):
    """The library files a game's claims are built from (the game's package, and the core's
    claims, sources and recheck): inputs of its claims step, so that an edit to a claim
    re-runs it (Snakemake's code trigger sees only the rule's own script)."""
    package = Path(asobi.__file__).parent
    core = [
        package / "core" / name for name in ("claims.py", "sources.py", "recheck.py")
    ]
    return [str(path) for path in sorted((package / game).rglob("*.py")) + core]


def enabled_outputs(skip=()):
    """Final outputs registered by the enabled games (except those in ``skip``)."""
    outputs = []
    for game, outputs_of in sorted(GAME_OUTPUTS.items()):
        if game not in skip and enabled(game):
            outputs += outputs_of()
    return outputs


def final_outputs():
    """Inputs of the default target `all`: the enabled games' tables, claims, summary."""
    return enabled_outputs() + RUN_SUMMARY


def report_screenshot_wanted():
    """`report.screenshot`: true, false, or auto (only when Chromium is installed)."""
    setting = config["report"]["screenshot"]
    return bool(find_browser()) if setting == "auto" else bool(setting)


def published_tables(wildcards=None):
    """Final outputs of the enabled games, their claims, the merged claims and summary."""
    return enabled_outputs(skip={"report"}) + game_claims() + RUN_SUMMARY


onstart:
    # Before any job runs (never during a dry run): delete the temporaries that a killed
    # write_table left behind, so an interrupted run leaves nothing behind once resumed.
    from asobi.core.tables import remove_stale_temporaries

    for stale in remove_stale_temporaries("results"):
        print(f"asobi: removed the stale temporary {stale}")


# --- Contraposition's strength ladder (rules in contraposition.smk; the CONTRAPOSITION_*
# names are that file's config blocks, read when these are called) ----------------------


def contraposition_ladder_games(budget):
    """Games per ladder point at ``budget`` (the config's one count or one per budget)."""
    return refuse_config_unless(
        contraposition_games_at,
        budget,
        CONTRAPOSITION_LADDER["budgets"],
        CONTRAPOSITION_LADDER["games"],
    )


def contraposition_calibration_games(budget):
    """Games per calibration point at ``budget``."""
    return refuse_config_unless(
        contraposition_games_at,
        budget,
        CONTRAPOSITION_CALIBRATION["budgets"],
        CONTRAPOSITION_CALIBRATION["games"],
    )


def contraposition_points(folder, sides, protocols, budgets, games):
    """Every shard of the ladder points, as (folder, side, protocol, agent, budget, shard):
    one shard per ``games_per_shard`` games."""
    per_shard = CONTRAPOSITION_LADDER["games_per_shard"]
    return [
        (folder, side, protocol, agent, budget, shard)
        for agent in CONTRAPOSITION_LADDER["agents"]
        for budget in budgets
        for side in sides
        for protocol in protocols
        for shard in range(contraposition_shard_count(games(budget), per_shard))
    ]


def contraposition_point_kwargs(point):
    """What write_ladder_shard gets for one shard of the ladder or the calibration, its file
    aside: the same in both plans (rules contraposition_ladder_shard and _bundle)."""
    folder, side, protocol, agent, budget, shard = point
    games = (
        contraposition_ladder_games(budget)
        if folder == "ladder_games"
        else contraposition_calibration_games(budget)
    )
    return {
        "table": folder,
        "side": side,
        "protocol": protocol,
        "agent": agent,
        "budget": budget,
        "shard": shard,
        "games": games,
        "games_per_shard": CONTRAPOSITION_LADDER["games_per_shard"],
        "seed": CONTRAPOSITION_LADDER["seed"],
        "agents": {agent: CONTRAPOSITION["agents"][agent]},  # only this shard's agent
    }


def contraposition_point_file(point, bundle=None):
    """A ladder shard's file: its own job's, or the one in its bundle's folder."""
    folder, side, protocol, agent, budget, shard = point
    name = f"side{side}_{protocol}_{agent}{budget}_s{shard}.parquet"
    if bundle is None:
        return f"results/contraposition/{folder}/{name}"
    return f"results/contraposition/bundles/ladder_b{bundle}/{folder}/{name}"


def contraposition_claims_ladder(kind):
    """The ladder table ``kind`` the claims read: the vendored full ladder's when configured
    (checked and published by contraposition_ladder_vendored), else the run's own."""
    suffix = "_vendored" if CONTRAPOSITION_VENDORED else ""
    return f"results/contraposition/{kind}{suffix}.parquet"


def contraposition_ladder_outputs():
    """The ladder's tables (the round-robin's only when enabled; the vendored full ladder's
    when configured)."""
    outputs = [
        "results/contraposition/ladder.parquet",
        "results/contraposition/calibration.parquet",
    ]
    if CONTRAPOSITION_RATINGS["enabled"]:
        outputs.append("results/contraposition/ratings.parquet")
    if CONTRAPOSITION_VENDORED:
        outputs += expand(
            "results/contraposition/{name}_vendored.parquet",
            name=CONTRAPOSITION_VENDORED_NAMES,
        )
    return outputs


# --- the many-shard steps' files in either plan (rules in shiritori.smk, contraposition.smk;
# the SHIRITORI_* and CONTRAPOSITION_* names are those files', read when these are called) --


def contraposition_batch_file(side, protocol, pairing, batch):
    """A self-play batch's file: its own job's, or the one in its bundle's folder."""
    folder = (
        f"results/contraposition/bundles/selfplay_b"
        f"{CONTRAPOSITION_BATCH_BUNDLE_OF[(side, protocol, pairing, batch)]}"
        if CONTRAPOSITION_BATCH_BUNDLES
        else "results/contraposition/games"
    )
    return f"{folder}/side{side}_{protocol}_{pairing}_b{batch}.parquet"


def contraposition_batch_kwargs(side, protocol, pairing, batch):
    """What write_selfplay_batch gets for one batch, its file aside: the same in both plans
    (rules contraposition_selfplay_batch and _bundle)."""
    white, black = pairing.split("-")
    agents = CONTRAPOSITION["agents"]
    return {
        "side": side,
        "protocol": protocol,
        "white": white,
        "black": black,
        "batch": batch,
        "games_per_batch": CONTRAPOSITION["selfplay_games_per_batch"],
        "seed": CONTRAPOSITION["selfplay_seed"],
        # only the settings of this batch's two agents
        "agents": {name: agents[name] for name in sorted({white, black})},
    }


def shiritori_solve_settings():
    """The search settings every solve shard gets, in both plans (rules shiritori_solve and
    shiritori_solve_bundle)."""
    keys = (
        "node_budget",
        "proof_budget",
        "compiled_budget",
        "compiled_table_bits",
        "compiled_table_ways",
        "compiled_store",
        "vendored_proofs",
        "max_starts",
    )
    return {
        "chunks": SHIRITORI["start_chunks"],
        **{key: SHIRITORI[key] for key in keys},
    }


def shiritori_shard_file(kind, variant, chunk):
    """A solve shard's table ``kind`` (outcomes, proofs): its own job's file, or the file in
    its bundle's folder."""
    folder = (
        f"results/shiritori/bundles/b{SHIRITORI_BUNDLE_OF[(variant, chunk)]}/{kind}"
        if SHIRITORI_BUNDLES
        else f"results/shiritori/{kind}"
    )
    return f"{folder}/{variant}/{chunk}.parquet"


def shiritori_shard_files(kind):
    """Every solve shard's table ``kind``, in variant and chunk order."""
    return [
        shiritori_shard_file(kind, variant, chunk)
        for variant in SHIRITORI_VARIANTS
        for chunk in SHIRITORI_CHUNKS
    ]


def shiritori_shard_inputs(kind):
    """What the gather of ``kind`` waits for: the shard files, or the bundles' folders."""
    if SHIRITORI_BUNDLES:
        return [
            f"results/shiritori/bundles/b{index}"
            for index in range(len(SHIRITORI_BUNDLES))
        ]
    return shiritori_shard_files(kind)


def shiritori_bundle_priority(bundle):
    """A bundle starts as early as its costliest shard would."""
    return max(solve_priority(variant) for variant, _ in SHIRITORI_BUNDLES[bundle])


def shiritori_solve_mem_mb(shards, vendored):
    """Memory (MB) of a job solving ``shards``: the compiled table on top of ~600 MB, and
    for a chunk 0 the vendored certificates it loads and copies (shiritori_verify checks
    them)."""
    table = max(3000, 1000 + (36 << SHIRITORI["compiled_table_bits"]) // 2**20)
    loads = [
        vendored_check_mem_mb(vendored_inputs(variant, vendored))
        for variant, chunk in shards
        if chunk == 0
    ]
    return table + max(loads, default=0)


def shiritori_solve_minutes(shards):
    """Minutes of a job solving ``shards``: up to ~150 open words per variant, each may
    spend the whole compiled budget at >= 400 000 nodes/s."""
    per_shard = 30 + (150 * SHIRITORI["compiled_budget"]) // (
        SHIRITORI["start_chunks"] * 400_000 * 60
    )
    return per_shard * len(shards)
