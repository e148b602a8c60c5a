"""The Contraposition workflow steps (called by ``workflow/scripts/contraposition_*.py``).

Each ``write_*`` step computes one table of ``results/contraposition/`` (see
:mod:`asobi.contraposition.tables`) and writes it through :func:`asobi.core.tables.write_table`.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pyarrow as pa

from asobi.contraposition.audit import (
    all_boards,
    audit_boards,
    random_boards,
    reachable_white_counts,
)
from asobi.contraposition.claims import (
    AUDIT_TABLE,
    BUILDERS,
    CLAIM_IDS,
    EYES_TABLE,
    GAME,
    LADDER_TABLES,
    MIRROR_TABLE,
    SELFPLAY_TABLE,
    SOLUTIONS_TABLE,
)
from asobi.contraposition.contraposition import Colour, Protocol, Rules, all_rules
from asobi.contraposition.eyes import eye_cases, predicted_forced_at_least_one
from asobi.contraposition.ladder import (
    calibration_rows,
    ladder_rows,
    play_ladder_shard,
    play_round_robin_shard,
    player,
    protocol_of,
    round_robin,
)
from asobi.contraposition.mcts import Agent, game_seed, self_play
from asobi.contraposition.mirror import mirror_boards, white_wins
from asobi.contraposition.plan import shard_range
from asobi.contraposition.ratings import rating_rows
from asobi.contraposition.rule_claims import (
    PROTOCOL_FACTS_TABLE,
    RULES_SIDES,
    SINGLE_STONE_EXHAUSTIVE_SIDES,
    SINGLE_STONE_SAMPLE,
    SINGLE_STONE_TABLE,
)
from asobi.contraposition.single_stone import EndgameSample, exhaustive_search, sampled_search
from asobi.contraposition.solver import SearchBudget, solve
from asobi.contraposition.tables import (
    AUDIT_SCHEMA,
    CALIBRATION_SCHEMA,
    EYES_SCHEMA,
    GAME_KEYS,
    GAME_SCHEMA,
    LADDER_SCHEMA,
    MIRROR_SCHEMA,
    PROTOCOL_FACTS_SCHEMA,
    RATINGS_SCHEMA,
    SELFPLAY_SCHEMA,
    SINGLE_STONE_SCHEMA,
    SOLUTION_KEYS,
    SOLUTION_SCHEMA,
    eye_row,
    game_rows,
    mirror_row,
    protocol_facts_row,
    selfplay_rows,
    single_stone_rows,
    solution_row,
)
from asobi.core.claims import claims_from_inputs
from asobi.core.claims import write_claims as write_claims_table
from asobi.core.tables import concat_tables, read_table, write_table

log = logging.getLogger("asobi.contraposition")


def write_solution(
    out: str,
    side: int,
    protocol: str,
    max_nodes: int,
    tt_bits: int,
    margin: bool,
    margin_max_nodes: int,
) -> Path:
    """Solve one (side, protocol) and write a one-row ``solutions`` shard."""
    rules = Rules(int(side), Protocol(protocol))
    budget = SearchBudget(
        max_nodes=int(max_nodes), tt_bits=int(tt_bits), margin_max_nodes=int(margin_max_nodes)
    )
    row = solution_row(solve(rules, budget, margin=bool(margin)))
    log.info("side %d %s: %s", rules.side, rules.protocol.value, row)
    return write_table(
        pd.DataFrame([row]),
        out,
        table=f"{GAME}/solutions",
        variant={"side": rules.side, "protocol": rules.protocol.value},
        config={
            "max_nodes": int(max_nodes),
            "tt_bits": int(tt_bits),
            "margin": bool(margin),
            "margin_max_nodes": int(margin_max_nodes),
        },
        schema=SOLUTION_SCHEMA,
    )


def write_solutions(parts: Sequence[str], out: str) -> Path:
    """Merge the ``solutions`` shards, ordered by side and protocol."""
    return concat_tables(
        parts, out, table=f"{GAME}/solutions", schema=SOLUTION_SCHEMA, sort_by=SOLUTION_KEYS
    )


def write_selfplay_batch(
    out: str,
    side: int,
    protocol: str,
    white: str,
    black: str,
    batch: int,
    games_per_batch: int,
    seed: int,
    agents: Mapping[str, Mapping[str, Any]],
) -> Path:
    """Play one batch of seeded games between two agents (``agents``: their config settings)."""
    rules = Rules(int(side), Protocol(protocol))
    white_agent, black_agent = Agent.from_config(white, agents), Agent.from_config(black, agents)
    first = int(batch) * int(games_per_batch)
    numbers = list(range(first, first + int(games_per_batch)))
    seeds = [
        game_seed(
            int(seed), rules.side, rules.protocol.value, white_agent.name, black_agent.name, g
        )
        for g in numbers
    ]
    records = self_play(rules, white_agent, black_agent, seeds)
    rows = game_rows(rules, white_agent, black_agent, int(batch), numbers, records)
    wins = sum(r.winner == Colour.WHITE for r in records)
    log.info(
        "side %d %s %s vs %s batch %d: white won %d of %d",
        rules.side,
        protocol,
        white_agent.name,
        black_agent.name,
        batch,
        wins,
        len(records),
    )
    return write_table(
        pd.DataFrame(rows, columns=GAME_SCHEMA.names),
        out,
        table=f"{GAME}/games",
        variant={
            "side": rules.side,
            "protocol": rules.protocol.value,
            "white": white,
            "black": black,
            "batch": int(batch),
        },
        config={"games_per_batch": int(games_per_batch), "seed": int(seed), "agents": agents},
        schema=GAME_SCHEMA,
    )


def write_selfplay(parts: Sequence[str], games_out: str, out: str) -> Path:
    """Merge the batches into ``games.parquet`` and summarise each pairing in ``out``."""
    concat_tables(parts, games_out, table=f"{GAME}/games", schema=GAME_SCHEMA, sort_by=GAME_KEYS)
    rows = selfplay_rows(read_table(games_out))
    return write_table(
        pd.DataFrame(rows, columns=SELFPLAY_SCHEMA.names),
        out,
        table=f"{GAME}/selfplay",
        inputs=[games_out],
        schema=SELFPLAY_SCHEMA,
    )


def write_ladder_shard(
    out: str,
    table: str,
    agent: str,
    budget: int,
    side: int,
    protocol: str,
    shard: int,
    games: int,
    games_per_shard: int,
    seed: int,
    agents: Mapping[str, Mapping[str, Any]],
) -> Path:
    """Shard ``shard`` of one ladder point: same-agent games of ``agent`` at ``budget``
    playouts per decision (``games`` in all at this point, ``games_per_shard`` per shard),
    written as the game table ``table`` (``ladder_games`` or ``calibration_games``)."""
    rules = Rules(int(side), protocol_of(protocol))
    me = player(agent, int(budget), agents)
    numbers = shard_range(int(games), int(games_per_shard), int(shard))
    played = play_ladder_shard(rules, me, list(numbers), int(seed))
    rows = game_rows(rules, me, me, int(shard), [n for n, _ in played], [r for _, r in played])
    return write_table(
        pd.DataFrame(rows, columns=GAME_SCHEMA.names),
        out,
        table=f"{GAME}/{table}",
        variant={
            "agent": agent,
            "playouts": int(budget),
            "side": rules.side,
            "protocol": rules.protocol.value,
            "shard": int(shard),
        },
        config={
            "games": int(games),
            "games_per_shard": int(games_per_shard),
            "seed": int(seed),
            "agents": {agent: dict(agents[agent])},
        },
        schema=GAME_SCHEMA,
    )


def _merge_and_summarise(
    parts: Sequence[str],
    games_out: str,
    name: str,
    games_name: str,
    summarise: Callable[[pd.DataFrame], list[dict[str, Any]]],
    out: str,
    schema: pa.Schema,
    config: Mapping[str, Any],
    inputs: Sequence[str] = (),
) -> Path:
    """Merge self-play shards into the table ``games_name`` and write the table ``name``,
    one row per point that ``summarise`` makes of the merged games (``config`` stamped on
    both tables; ``inputs``: further tables the summary read)."""
    concat_tables(
        parts,
        games_out,
        table=f"{GAME}/{games_name}",
        schema=GAME_SCHEMA,
        sort_by=GAME_KEYS,
        config=config,
    )
    rows = summarise(read_table(games_out))
    log.info("%s: %d rows", name, len(rows))
    for row in rows:
        log.info("%s %s", name, row)
    return write_table(
        pd.DataFrame(rows, columns=schema.names),
        out,
        table=f"{GAME}/{name}",
        inputs=[games_out, *inputs],
        config=config,
        schema=schema,
    )


def write_ladder(parts: Sequence[str], games_out: str, out: str, config: Mapping[str, Any]) -> Path:
    """Merge the ladder's shards into ``ladder_games`` and summarise each point in ``out``
    (``config``: the ladder's config slice, stamped on both tables)."""
    return _merge_and_summarise(
        parts, games_out, "ladder", "ladder_games", ladder_rows, out, LADDER_SCHEMA, config
    )


def write_calibration(
    parts: Sequence[str], solutions: str, games_out: str, out: str, config: Mapping[str, Any]
) -> Path:
    """Merge the calibration's shards into ``calibration_games`` and score each point
    against the perfect-play winner of ``solutions``."""
    perfect = read_table(solutions)
    return _merge_and_summarise(
        parts,
        games_out,
        "calibration",
        "calibration_games",
        lambda games: calibration_rows(games, perfect),
        out,
        CALIBRATION_SCHEMA,
        config,
        inputs=[solutions],
    )


def write_rating_games_shard(
    out: str,
    shard: int,
    shards: int,
    side: int,
    protocol: str,
    kinds: Sequence[str],
    budgets: Sequence[int],
    games_per_pair: int,
    seed: int,
    agents: Mapping[str, Mapping[str, Any]],
) -> Path:
    """Shard ``shard`` of ``shards`` of the round-robin between every agent kind at every
    budget (:func:`asobi.contraposition.ladder.round_robin`)."""
    rules = Rules(int(side), protocol_of(protocol))
    players = [player(kind, int(b), agents) for kind in kinds for b in budgets]
    pairings = round_robin(players, int(games_per_pair), int(shards), int(shard))
    played = play_round_robin_shard(rules, pairings, int(seed))
    rows = [
        row
        for pairing, record in played
        for row in game_rows(
            rules, pairing.white, pairing.black, int(shard), [pairing.game], [record]
        )
    ]
    return write_table(
        pd.DataFrame(rows, columns=GAME_SCHEMA.names),
        out,
        table=f"{GAME}/rating_games",
        variant={"side": rules.side, "protocol": rules.protocol.value, "shard": int(shard)},
        config={
            "shards": int(shards),
            "kinds": list(kinds),
            "budgets": [int(b) for b in budgets],
            "games_per_pair": int(games_per_pair),
            "seed": int(seed),
            "agents": {k: dict(agents[k]) for k in kinds},
        },
        schema=GAME_SCHEMA,
    )


def write_ratings(
    parts: Sequence[str], games_out: str, out: str, config: Mapping[str, Any]
) -> Path:
    """Merge the round-robin's shards into ``rating_games`` and rate the players."""
    return _merge_and_summarise(
        parts, games_out, "ratings", "rating_games", rating_rows, out, RATINGS_SCHEMA, config
    )


def write_rule_audit(
    out: str,
    exhaustive_sides: Sequence[int],
    sample_sides: Sequence[int],
    sample_size: int,
    seed: int,
) -> Path:
    """Compare the winning-rule statements on full boards (all, or a seeded sample)."""
    rows = []
    generator = np.random.default_rng(int(seed))
    for rules in all_rules(exhaustive_sides):
        boards = all_boards(rules.cell_count, reachable_white_counts(rules))
        rows.append(audit_boards(rules, boards, "exhaustive"))
        log.info("rule audit %s", rows[-1])
    for rules in all_rules(sample_sides):
        boards = random_boards(
            rules.cell_count, reachable_white_counts(rules), int(sample_size), generator
        )
        rows.append(audit_boards(rules, boards, "random_sample"))
        log.info("rule audit %s", rows[-1])
    return write_table(
        pd.DataFrame(rows, columns=AUDIT_SCHEMA.names),
        out,
        table=f"{GAME}/rule_audit",
        schema=AUDIT_SCHEMA,
        config={
            "exhaustive_sides": list(exhaustive_sides),
            "sample_sides": list(sample_sides),
            "sample_size": int(sample_size),
            "seed": int(seed),
        },
    )


def write_eyes(out: str, sides: Sequence[int], positions: int, seed: int) -> Path:
    """Exhaustively solve the eye game on seeded constructed positions."""
    rows = []
    for rules in all_rules(sides):
        for case in eye_cases(rules, int(positions), int(seed) + rules.side):
            predicted = predicted_forced_at_least_one(rules, case.owner, case.eye_count)
            rows.append(eye_row(case, predicted))
    log.info("eye positions solved: %d", len(rows))
    return write_table(
        pd.DataFrame(rows, columns=EYES_SCHEMA.names),
        out,
        table=f"{GAME}/eyes",
        schema=EYES_SCHEMA,
        config={"sides": list(sides), "positions": int(positions), "seed": int(seed)},
    )


def write_mirror(out: str, sides: Sequence[int], limit: int, seed: int) -> Path:
    """Who wins every (or a sample of) mirror-strategy final board."""
    generator = np.random.default_rng(int(seed))
    rows = []
    for side in sides:
        if side < 2:
            continue  # a side-1 board has no pair of opposite cells
        boards, method = mirror_boards(int(side), int(limit), generator)
        rows.append(mirror_row(int(side), method, len(boards), white_wins(int(side), boards)))
        log.info("mirror strategy %s", rows[-1])
    return write_table(
        pd.DataFrame(rows, columns=MIRROR_SCHEMA.names),
        out,
        table=f"{GAME}/mirror",
        schema=MIRROR_SCHEMA,
        config={"sides": list(sides), "limit": int(limit), "seed": int(seed)},
    )


def write_protocol_facts(out: str, sides: Sequence[int] = RULES_SIDES) -> Path:
    """What each protocol's turns allow on each side (the rules engine alone), one row per
    (side, protocol), basic before 12?."""
    rows = [protocol_facts_row(rules) for rules in all_rules([int(s) for s in sides])]
    for row in rows:
        log.info("protocol facts %s", row)
    return write_table(
        pd.DataFrame(rows, columns=PROTOCOL_FACTS_SCHEMA.names),
        out,
        table=PROTOCOL_FACTS_TABLE.removesuffix(".parquet"),
        schema=PROTOCOL_FACTS_SCHEMA,
        config={"sides": [int(s) for s in sides]},
    )


def write_single_stone(
    out: str,
    exhaustive_sides: Sequence[int] = SINGLE_STONE_EXHAUSTIVE_SIDES,
    sample: EndgameSample = SINGLE_STONE_SAMPLE,
) -> Path:
    """12? positions solved exactly: every reachable position of ``exhaustive_sides``, then
    the seeded sample of endgames of ``sample``; one row per position searched."""
    searches = [exhaustive_search(int(side)) for side in exhaustive_sides]
    searches.append(sampled_search(sample))
    rows = [row for search in searches for row in single_stone_rows(search)]
    for search in searches:
        log.info(
            "side %d (%s): %d positions, %d won, %d won only by one-stone turns",
            search.side,
            "exhaustive" if search.exhaustive else "sample",
            search.positions,
            search.won,
            len(search.examples),
        )
    return write_table(
        pd.DataFrame(rows, columns=SINGLE_STONE_SCHEMA.names),
        out,
        table=SINGLE_STONE_TABLE.removesuffix(".parquet"),
        schema=SINGLE_STONE_SCHEMA,
        config={
            "exhaustive_sides": [int(s) for s in exhaustive_sides],
            "sample_side": sample.side,
            "sample_empties": list(sample.empties),
            "samples": sample.samples,
            "seed": sample.seed,
        },
    )


def write_claims(
    out: str,
    solutions: str,
    selfplay: str,
    audit: str,
    eyes: str,
    mirror: str,
    protocol_facts: str,
    single_stone: str,
    ladder: Mapping[str, str],
    vendored: bool,
) -> Path:
    """``results/contraposition/claims.parquet``: every claim, from the tables the claims
    rule declares (read from the files given, wherever they lie). ``ladder`` gives the
    strength ladder's ``ladder``, ``calibration``, ``ratings`` and ``rating_games`` files:
    the vendored full ladder's (``vendored``) or the run's own."""
    tables = {
        SOLUTIONS_TABLE: solutions,
        SELFPLAY_TABLE: selfplay,
        AUDIT_TABLE: audit,
        EYES_TABLE: eyes,
        MIRROR_TABLE: mirror,
        PROTOCOL_FACTS_TABLE: protocol_facts,
        SINGLE_STONE_TABLE: single_stone,
        **{LADDER_TABLES[kind][0 if vendored else 1]: path for kind, path in ladder.items()},
    }
    claims = claims_from_inputs(BUILDERS, tables, declared=CLAIM_IDS)
    for claim in claims:
        log.info("%s: %s", claim.claim_id, claim.verdict.value)
    return write_claims_table(claims, out, game=GAME, inputs=list(tables.values()))
