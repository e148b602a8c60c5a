"""The table registries of the catalog (:mod:`asobi.report.catalog`): what one row of each
published table is (:data:`TABLE_ROWS`), the columns that name a row's rule variant
(:data:`VARIANT_COLUMNS`) and the rules a table covers when no column names them
(:data:`RULES_COVERED`), each keyed by table or game (first match).
"""

from __future__ import annotations

# What one row of each table is (the dataset card's "One row"); ``claims`` stands for every
# game's claims table and the merged one.
TABLE_ROWS: dict[str, str] = {
    "claims": "One claim of an article (or a public reference), with its verdict and evidence",
    "claim_readings": "One reading of one claim: a yardstick, its figures and the verdict under it",
    "fivelines/grundy": "One single row of `n` sticks and its Grundy value",
    "fivelines/positions": "One position: a multiset of row lengths with at most `total_max` "
    "sticks in all (config in `asobi.config`)",
    "fivelines/proofs": "One z3 lemma checked at one bit-vector width (and number of rows)",
    "chopsticks/variants": "One rule set, solved from the start position",
    "chopsticks/positions": "One position reachable from the start under one rule set",
    "contraposition/solutions": "One board side × placement protocol, solved exactly",
    "contraposition/games": "One self-play game",
    "contraposition/selfplay": "One board side × protocol × pairing of agents (self-play "
    "statistics)",
    "contraposition/rule_audit": "One board side × protocol × way of enumerating final boards "
    "(the winning-rule statements compared on them)",
    "contraposition/eyes": "One constructed position × owner of the eyes",
    "contraposition/mirror": "One board side: the final boards of the centre-opening mirror "
    "strategy",
    "contraposition/protocol_facts": "One board side × placement protocol: what its turns "
    "allow (stones per colour, the last stone, the mirror-breaking turn)",
    "contraposition/single_stone": "One 12? position solved exactly (every reachable position "
    "of a small board, or a sampled endgame)",
    "contraposition/ladder": "One agent × playouts per decision × board side × protocol: "
    "White's wins when the agent plays itself",
    "contraposition/ladder_games": "One same-agent game of the strength ladder",
    "contraposition/calibration": "One agent × playouts × protocol on a solved board: how often "
    "the perfect-play winner won",
    "contraposition/calibration_games": "One same-agent game on a solved board",
    "contraposition/ratings": "One player (agent kind at one budget) of the round-robin, rated",
    "contraposition/rating_games": "One round-robin game",
    "contraposition/ladder_vendored": "As contraposition/ladder, from the vendored full ladder "
    "(config/overlays/contraposition-ladder.yaml)",
    "contraposition/ladder_games_vendored": "As contraposition/ladder_games, vendored full ladder",
    "contraposition/calibration_vendored": "As contraposition/calibration, vendored full ladder",
    "contraposition/calibration_games_vendored": "As contraposition/calibration_games, vendored",
    "contraposition/ratings_vendored": "As contraposition/ratings, vendored full round-robin",
    "contraposition/rating_games_vendored": "As contraposition/rating_games, vendored",
    "daifugo/numbers": "One number n from 2 to `n_max`",
    "daifugo/layouts": "One way to lay a composite n: (expression, card multiset)",
    "daifugo/z3_crosscheck": "One composite (or article example) cross-checked by z3",
    "daifugo/genocchi": "One Genocchi number G_2n",
    "daifugo/primes": "One prime below `primes_max` and how it is laid on its own",
    "daifugo/prime_tally": "One digit count: its primes, playable and Eden primes",
    "daifugo/largest_primes": "One card count: the largest prime it can lay, proven",
    "daifugo/hand_odds": "One hand size × revolution event × joker setting: the exact "
    "chance a dealt hand allows it",
    "daifugo/ordinary_odds": "One deal of ordinary daifugō (players) × joker setting: the "
    "exact chance of four of a kind in its smallest hand, the article's yardstick",
    "daifugo/rulings": "One play an example of the article asks about: the rules engine's "
    "ruling and the field before and after",
    "daifugo/cube_sums": "One way to write n ≤ 100 000 as a sum of two positive cubes",
    "shiritori/data_quality": "One change made while cleaning the yokai list",
    "shiritori/words": "One word under one rule variant",
    "shiritori/outcomes": "One start word under one rule variant",
    "shiritori/variant_summary": "One rule variant",
    "shiritori/variant_effect": "One start word, summarised over every solved variant",
    "shiritori/article_marks": "One row of the article's data file: its ○/× beside the run's "
    "winner",
    "shiritori/fetched/diff": "One difference between the fetched Wikipedia list and the "
    "vendored one",
}

# Columns that name the rule variant of a row, by table or game (first match).
VARIANT_COLUMNS: dict[str, tuple[str, ...]] = {
    "chopsticks": ("variant_id",),
    "contraposition": ("side", "protocol"),
    "shiritori": ("variant_id",),
}

# The rules a table covers when no column names them, by table or game (first match).
RULES_COVERED: dict[str, str] = {
    "claims": "each claim's rules are stated in its `formal` column",
    "claim_readings": "each reading's yardstick is stated in its `yardstick` column",
    "fivelines/grundy": "normal play",
    "fivelines/positions": "normal and misère play (one outcome column each)",
    "fivelines/proofs": "normal play (the lemmas of the XOR rule)",
    "daifugo": "the deck and play rules of the run's config (`suits`, `jokers`, `joker_zero`, "
    "`max_tower_depth` in the resource's `asobi.config`)",
    "shiritori/data_quality": "none: the cleaning of the word list comes before any rule",
    "shiritori/variant_effect": "every solved variant, summarised per start word",
    "shiritori/article_marks": "the article's rules (the default variant)",
    "shiritori/fetched/diff": "none: the word list itself",
}
