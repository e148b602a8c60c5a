"""What the published tables mean: articles, licences, what a row is, the rule variants a
table covers, column descriptions. The registries of rows, variant columns and rules covered
are in :mod:`asobi.report.catalog_tables`; this module looks tables up in them.

The descriptions restate the "Tables" section of each game's page (docs/games/<game>.md). A
table or column that is not registered here is still published, with a description saying
so, and the data-package step logs it so that the registry can be completed.

>>> game_of("shiritori/outcomes")
'shiritori'
>>> licence_for("shiritori/words")["name"]
'CC-BY-SA-4.0'
>>> licence_for("daifugo/numbers")["name"]
'MIT'
>>> describe_column("chopsticks/variants", "start_outcome")[:12]
'Who wins fro'
>>> describe_row("daifugo/claims")[:13]
'One claim of '
>>> variant_columns("contraposition/games")
('side', 'protocol')
"""

from __future__ import annotations

from asobi.core.games import GAMES
from asobi.core.sources import ARTICLES
from asobi.report.catalog_tables import RULES_COVERED, TABLE_ROWS, VARIANT_COLUMNS

PROJECT_LICENCE = {
    "name": "MIT",
    "path": "https://opensource.org/licenses/MIT",
    "title": "MIT License (the asobi project's licence)",
}
#: What the 素数大富豪 tables mean by the deck and by "playable" (the dataset card states it
#: whenever the package holds one of them).
DAIFUGO_DECK_NOTE = """\
The 素数大富豪 tables assume one deck, as in the article: four of each card A (1) to K (13)
and two jokers, a joker standing for any value 0…13 (a joker as 0 never leads a number). A
number is laid by splitting its decimal digits into cards: a 1 followed by 0…3 may be one
card 10…13 (10, J, Q, K), every other digit is one card, and a lone 0 needs a joker. A
prime is *playable* when some split fits the deck (no card more than four times beyond what
the two jokers cover); an *Eden prime* has no split that fits, so no deal can ever play it.
`min_cards` and `jokers_needed` are the fewest cards and the fewest jokers over the splits
that fit. Another deck (`suits`, `jokers`, `joker_zero` in the config) shows in a table's
rule variants."""

YOKAI_LICENCE = {
    "name": "CC-BY-SA-4.0",
    "path": "https://creativecommons.org/licenses/by-sa/4.0/",
    "title": "Creative Commons Attribution-ShareAlike 4.0 (derived from Wikipedia)",
}
WIKIPEDIA_SOURCE = {
    "title": "Japanese Wikipedia, 「日本の妖怪一覧」, revision of 2024-07-02 15:49 JST "
    "(as processed for the yokai shiritori article's data file, "
    "repository nodai2hITC/youkai_shiritori)",
    "path": "https://ja.wikipedia.org/wiki/日本の妖怪一覧",
}

# Games whose tables derive from the yokai list (Wikipedia, CC BY-SA 4.0).
YOKAI_DERIVED_GAMES = frozenset({"shiritori"})


def game_of(table: str) -> str:
    """The game a table belongs to: the part of its name before the first ``/``."""
    return table.split("/", 1)[0]


def licence_for(table: str, *, contains_yokai_rows: bool = False) -> dict[str, str]:
    """CC BY-SA 4.0 for tables derived from the yokai list, the project's licence otherwise.

    ``contains_yokai_rows`` marks mixed tables (the merged claims) that carry shiritori rows:
    share-alike then applies to the whole table.
    """
    if game_of(table) in YOKAI_DERIVED_GAMES or contains_yokai_rows:
        return dict(YOKAI_LICENCE)
    return dict(PROJECT_LICENCE)


def sources_for(table: str, games: tuple[str, ...] = ()) -> list[dict[str, str]]:
    """The articles (and the Wikipedia revision) a table's content comes from."""
    involved = [game_of(table)] if game_of(table) in ARTICLES else list(games)
    sources = [
        {"title": f"{ARTICLES[g].title} (article on {ARTICLES[g].heading})"}
        for g in GAMES
        if g in involved
    ]
    if any(g in YOKAI_DERIVED_GAMES for g in involved):
        sources.append(dict(WIKIPEDIA_SOURCE))
    return sources


_OUTCOME = "Who wins with perfect play: `first` (the player to move) or `second`"
_VARIANT_ID = (
    "Canonical variant id (docs/games/chopsticks.md, section Variant ids; "
    "docs/games/shiritori.md, section Rules and readings): the rule set the row belongs to"
)

# Column descriptions by game; table-specific entries (``game/table``) take precedence.
COLUMN_DESCRIPTIONS: dict[str, dict[str, str]] = {
    "claims": {
        "claim_id": "Unique id of the claim, prefixed with its game",
        "game": "Game (sub-package) the claim belongs to",
        "source": "Where the claim is made: the article's title and section, or a public "
        "reference with the revision or date read",
        "passage": "A short verbatim quote (at most about 60 characters) that finds the claim in "
        "its source: a citation, not a copy",
        "conditions": "The conditions and scope the source attaches to the claim, in our words",
        "statement": "The claim restated in our own words (the articles are cited, not copied)",
        "formal": "What exactly was checked, in English",
        "verdict": "confirmed / refuted / undecided / depends (holds under some readings of "
        "the rules and not under others)",
        "caveat": "A computed qualification of the verdict (null when there is none)",
        "tables": "The result tables (paths under results/) the verdict was computed from",
        "evidence": "Short evidence: counterexample, line of play, proof method",
        "recheck_sql": "One DuckDB query that re-derives the verdict's decisive figures from the "
        "published tables it cites (paths relative to the results folder; null when the claim "
        "has none); `asobi claims recheck` runs it",
        "recheck_expected": "The figures the query must return, as JSON: an object (column to "
        "value) for one row, a list of objects for rows (null without a query)",
        "recheck_command": "The name of asobi's proof check the claim rests on (certificates; "
        "null when there is none): `asobi claims recheck` runs the installed asobi's own "
        "check for the claim and reports a name that differs, never running this text",
    },
    "claim_readings": {
        "claim_id": "The claim this reading belongs to (claims.parquet)",
        "game": "Game (sub-package) the claim belongs to",
        "reading_id": "Name of the reading within its claim (`as_stated` when the source's "
        "words admit one yardstick)",
        "yardstick": "What exactly is measured and against what, in words ((ours) where the "
        "source names no measure)",
        "figures": "The figures this reading gave, every one computed in the run",
        "verdict": "confirmed / refuted / undecided under this reading alone; the claim's "
        "verdict is confirmed or refuted when all its readings agree, else depends",
        "recheck_sql": "One DuckDB query that re-derives this reading's figures from the "
        "tables its claim cites (null when it has none)",
        "recheck_expected": "The figures the query must return, as JSON (null without a query)",
    },
    "fivelines/grundy": {
        "n": "Length of a single row of sticks",
        "grundy": "Grundy value of that row, by brute force over every move",
    },
    "fivelines/positions": {
        "rows": "Row lengths of the position, sorted (rows of length 0 omitted)",
        "total": "Total number of sticks",
        "xor": "XOR of the row lengths",
        "normal_outcome": _OUTCOME + " under normal play (last stick wins)",
        "misere_outcome": _OUTCOME + " under misère play (last stick loses)",
        "normal_winning_moves": "Positions reachable in one move that win for the mover, "
        "normal play",
        "misere_winning_moves": "Positions reachable in one move that win for the mover, "
        "misère play",
    },
    "fivelines/proofs": {
        "lemma": "Which z3 lemma was checked",
        "width": "Bit-vector width of the check",
        "rows": "Number of rows (lemma b) or null",
        "status": "`proved` or `counterexample`",
        "z3_rlimit": "z3's deterministic work count for the check (its `rlimit count` "
        "statistic, from a fresh context): the same on every run with the same z3 version",
        "counterexample": "The counterexample found, if any",
    },
    "chopsticks/variants": {
        "variant_id": _VARIANT_ID,
        "hands_first": "Hands of the first player",
        "hands_second": "Hands of the second player",
        "dies_at": "A hand reaching this value dies (cut-off) or is exactly dead (roll-over)",
        "overflow": "`cutoff` or `rollover`",
        "split": "Splitting (分身) allowed",
        "revive": "Revival (復活) allowed",
        "fusion": "Fusion (融合) allowed",
        "swap": "Swap (交換) allowed",
        "reaction": "Re-action (再行動) allowed",
        "from_one": "Reading in which a hand of 1 may give its point (with fusion)",
        "start_outcome": "Who wins from the start position: `first`, `second` or `draw`",
        "start_plies": "Plies to the end under optimal play from the start (null for a draw)",
        "n_positions": "Reachable positions",
        "n_first": "Reachable positions won by the player to move",
        "n_second": "Reachable positions lost by the player to move",
        "n_draw": "Reachable positions that are draws",
    },
    "chopsticks/positions": {
        "variant_id": _VARIANT_ID,
        "mover": "Hand values of the player to move, sorted",
        "other": "Hand values of the opponent, sorted",
        "outcome": "`first` (mover wins), `second` or `draw`",
        "plies": "Plies to the end under optimal play (null for a draw)",
        "best_moves": "Optimal moves, in the notation of docs/games/chopsticks.md "
        "(section Move notation)",
    },
    "contraposition/solutions": {
        "side": "Board side (side s has 3s(s-1)+1 cells)",
        "protocol": "`basic` or `12?` placement protocol",
        "cells": "Number of cells of the board",
        "winner": "`white` or `black` with perfect play",
        "best_first_moves": "Winning first moves (cell indices), up to the board's 12 symmetries",
        "best_first_move_cells": "Every cell of the winning first moves' symmetry classes",
        "first_move_cells": "The first moves examined (one cell per symmetry class)",
        "first_move_white_wins": "For each examined first move: does White win after it",
        "first_move_nodes": "For each examined first move: search nodes",
        "nodes": "Search nodes visited",
        "solved": "True when solved exactly; false (with the reason) if the budget ran out",
        "reason": "Why the position was not solved, if it was not",
        "deciding_size": "Group size at which the final comparison is decided",
    },
    "contraposition/selfplay": {
        "side": "Board side",
        "protocol": "`basic` or `12?` placement protocol",
        "white_agent": "Agent playing White",
        "black_agent": "Agent playing Black",
        "games": "Games played",
        "white_wins": "Games won by White",
        "white_win_rate": "Share of games won by White",
        "white_win_rate_low95": "Lower end of the 95% interval of White's win rate",
        "white_win_rate_high95": "Upper end of the 95% interval of White's win rate",
        "decided_at_size_1_share": "Share of games decided at group size 1",
    },
    "contraposition/protocol_facts": {
        "side": "Board side (side s has 3s(s-1)+1 cells)",
        "protocol": "`basic` or `12?` placement protocol",
        "cells": "Number of cells of the board",
        "white_most_stones": "Most stones White places in one game (every turn sequence the "
        "protocol allows)",
        "black_most_stones": "Most stones Black places in one game",
        "white_can_place_last": "Some game ends with White placing the last stone",
        "black_can_place_last": "Some game ends with Black placing the last stone",
        "forces_other_last": "The colour that can force the other to place the last stone "
        "from the empty board (the count game of stones alone), or null",
        "mirror_breaking_turn": "After White's first stone on the centre, a legal Black turn "
        "taking both cells of a point-reflected pair (cells, e.g. `0,6`); null: none",
    },
    "contraposition/single_stone": {
        "side": "Board side",
        "method": "`exhaustive` (every reachable 12? position) or `random_sample` (endgames "
        "reached by seeded random legal turns)",
        "board": "The position, rows of the hex board top to bottom (`W`, `B`, `.` empty)",
        "to_move": "The colour to move",
        "empty_cells": "Empty cells of the position",
        "two_stone_turns_legal": "The mover may place two stones this turn",
        "mover_wins": "The mover wins with perfect play (exact search)",
        "winning_turns": "The mover's winning turns (cells placed, e.g. `7` or `7,18`)",
        "one_stone_wins_only": "The mover wins, two-stone turns are legal, and every winning "
        "turn places one stone",
    },
    "contraposition/ladder": {
        "agent": "Agent kind playing both colours: `uct` or `grave`",
        "playouts": "Playouts per decision (the rung of the ladder)",
        "games": "Games played",
        "white_wins": "Games won by White",
        "rate": "Share of games won by White",
        "low": "Lower end of the 95% Wilson interval of the rate",
        "high": "Upper end of the 95% Wilson interval of the rate",
    },
    "contraposition/calibration": {
        "agent": "Agent kind playing both colours: `uct` or `grave`",
        "playouts": "Playouts per decision",
        "perfect_play_winner": "The colour that wins under perfect play (solutions table)",
        "perfect_play_winner_wins": "Games won by that colour",
        "rate": "Share of games won by the perfect-play winner",
        "low": "Lower end of the 95% Wilson interval of the rate",
        "high": "Upper end of the 95% Wilson interval of the rate",
    },
    "contraposition/ratings": {
        "player": "Agent kind and playouts per decision, e.g. `grave3000`",
        "agent": "Agent kind: `uct` or `grave`",
        "playouts": "Playouts per decision",
        "games": "Round-robin games played (both colours)",
        "wins": "Games won",
        "score": "Share of games won",
        "mu": "OpenSkill (Plackett-Luce) rating after every game, in the schedule's order",
        "sigma": "Uncertainty of the rating",
        "low": "mu - 1.96 sigma",
        "high": "mu + 1.96 sigma",
        "ordinal": "Conservative rating mu - 3 sigma",
        "rank": "Rank by mu (1: strongest)",
    },
    "daifugo/numbers": {
        "n": "The number",
        "is_prime": "True when n is prime",
        "special": "`grothendieck` (57), `ramanujan` (1729) or null",
        "min_cards": "Fewest cards that read as n",
        "playable_plain": "n can be laid as cards that read n (prime plays)",
        "jokers_needed": "Jokers needed by the cheapest plain layout",
        "playable_composite": "Composite n can be played with plain factors",
        "min_cards_composite": "Fewest cards of a composite play with plain factors",
        "playable_with_exponent": "Composite n can be played using exponent notation",
        "min_cards_with_exponent": "Fewest cards of a composite play with exponent notation",
        "n_layouts_with_exponent": "Distinct valid composite layouts with exponent notation",
    },
    "daifugo/layouts": {
        "n": "The composite number",
        "expression": "The factorisation as laid, e.g. 2^5*733",
        "exponent_notation": "The expression uses exponent notation (指数表記出し)",
        "cards": "The cards laid",
        "n_cards": "Number of cards",
        "jokers": "Jokers used",
    },
    "daifugo/genocchi": {
        "index": "Even index 2n of the Genocchi number G_2n",
        "sign": "Sign of G_2n (+1 or -1)",
        "digits": "Decimal digits of |G_2n|",
        "prime_absolute": "|G_2n| is prime",
        "divisor_digits": "Digits of the proper divisor (2^2n-1)/(D/2) that proves |G_2n| "
        "composite (null below index 10)",
    },
    "daifugo/z3_crosscheck": {
        "n": "The composite number checked",
        "origin": "`range` (every composite up to z3_max) or `article_example`",
        "enumerator_min_cards": "Fewest cards of the enumerator's layouts (null: none)",
        "z3_at_min": "z3 at the enumerator's minimum card count: `sat` or `unsat`",
        "z3_below_min": "z3 with one card fewer: `unsat` expected (`skipped` without a minimum)",
        "z3_expression": "The expression of the layout z3 found",
        "z3_cards": "The card values of the layout z3 found (0: a joker as 0)",
        "z3_layout_listed": "The layout z3 found is among the enumerator's layouts",
        "agree": "z3 and the enumerator agree on this number",
    },
    "daifugo/primes": {
        "n": "The prime (every prime below primes_max)",
        "digits": "Number of decimal digits",
        "min_cards": "Fewest cards that read the prime within the deck (null: none fits)",
        "jokers_needed": "Fewest jokers over its layouts that fit the deck (null: none fits)",
        "playable": "Some layout fits the deck; false marks an Eden prime",
        "n_layouts": "Splits of the digits into cards that fit the deck",
    },
    "daifugo/prime_tally": {
        "digits": "Number of decimal digits",
        "primes": "Primes with that many digits (every one below tally_max, 10^10 by "
        "default; past primes_max counted without being stored)",
        "playable": "Of them, primes some layout of which fits the deck",
        "eden": "Eden primes: no layout fits the deck, no deal can ever play them",
        "need_joker": "Playable primes whose every layout needs a joker",
        "smallest_eden": "The smallest Eden prime with that many digits (null: none)",
        "min_cards_histogram": "Playable primes by their fewest cards: (min_cards, primes) pairs",
    },
    "daifugo/hand_odds": {
        "hand_size": "Cards dealt to the hand from the deck",
        "event": "What the hand can lay: ramanujan_as_prime, ramanujan_composite (7·13·19 with "
        "its factor cards), prime_four_or_more, grothendieck (57) or four_of_a_kind (ordinary "
        "daifugō's revolution)",
        "jokers": "Whether the hand's jokers may stand in for missing cards",
        "hands": "Hands (sets of cards of the deck) that allow it",
        "total": "All hands of that size, C(deck, hand_size)",
        "probability_exact": "hands / total as a reduced fraction p/q",
        "probability": "hands / total as a float",
    },
    "daifugo/ordinary_odds": {
        "players": "Players of ordinary daifugō the whole deck is dealt to",
        "hand_size": "Cards in the smallest hand of that deal",
        "jokers": "Whether the hand's jokers may stand in for missing cards",
        "hands": "Hands of that size holding four cards of one rank (the revolution of "
        "ordinary daifugō)",
        "total": "All hands of that size, C(deck, hand_size)",
        "probability_exact": "hands / total as a reduced fraction p/q",
        "probability": "hands / total as a float",
    },
    "daifugo/largest_primes": {
        "cards": "Cards laid in one play, 1 up to the whole deck (54: 52 cards and 2 jokers)",
        "prime": "The largest prime that many cards can lay (decimal digits)",
        "digits": "Its digit count",
        "layout": "One play laying it, card by card; a joker shows as Joker(value)",
        "jokers": "Jokers in that play",
        "candidates_ruled_out": "Larger numbers that many cards can lay, all shown composite",
        "digit_sum_classes": "Prefixes under which every play has a digit sum divisible by 3 "
        "(each rules out every candidate starting with it)",
        "ruled_out_by": "JSON: candidates ruled out per argument (last_digit, factor, fermat "
        "one by one; digit_sum: the candidates inside the classes)",
        "witnesses": "JSON list of [candidate, argument, value], larger first: the last digit, "
        "a prime factor, or a Fermat base a with a^(N-1) mod N != 1",
        "classes": "JSON list of [prefix, digit count] of the digit-sum classes",
        "certificate_kind": "miller_rabin (below 2^64) or ecpp (PARI's primecert)",
        "certificate": "JSON primality certificate, checked by asobi.daifugo.primality",
    },
    "daifugo/rulings": {
        "example": "The claim whose example asks about the play, e.g. example_691",
        "step": "Order of the play within its example (1, 2, ...)",
        "play": "The play: the number, `=` and its factors for a composite play (691=691^1), "
        "or `pass` (everyone passes)",
        "top_before": "Number on the field before the play (null: an empty field)",
        "cards_before": "Card count of the play on the field before (null: an empty field)",
        "revolution_before": "The revolution (革命) is on before the play",
        "ruling": "The engine's ruling: `legal`, `refused`, or `foul` (a penalised play, 反則)",
        "reason": "The engine's reason for its ruling",
        "top_after": "Number on the field after the play (null: cleared or still empty)",
        "cards_after": "Card count of the play on the field after (null: none)",
        "revolution_after": "The revolution is on after the play",
        "cleared": "The play cleared the field (a pass, or 57's Grothendieck cut)",
        "discarded": "The cards a legal play discards: the number's and, for a composite "
        "play, its factors' and exponents' (null when not legal); Joker(9) is a joker "
        "standing in for a 9",
        "player": "Who makes the play in the two-player game (`first`, `second`) of the "
        "example ramanujan_other_player; null for the plays asked on given fields",
    },
    "daifugo/cube_sums": {
        "n": "A sum of two positive cubes, n = a³ + b³ ≤ 100 000",
        "a": "The smaller cube root a (0 < a ≤ b)",
        "b": "The larger cube root b",
    },
    "shiritori/outcomes": {
        "start": "The start word (the yokai's name)",
        "winner": "`yokai` (first player), `human`, or `unknown` if undecided in budget",
        "line": "One winning line (principal variation); for `unknown`, the open line "
        "the search was following when its budget ran out (decides nothing)",
        "nodes": "Search nodes visited",
    },
    "shiritori/proofs": {
        "start": "The start word whose certificate first needed this node",
        "node": "Node id, unique within the variant",
        "root": "True for the root of the start word's certificate (the empty game)",
        "word": "The winner's word at this node (null where the loser is to move)",
        "replies": "Every legal reply of the loser after it (a shared node may also list "
        "replies used where it is reached, which are skipped there)",
        "next": "Per reply: the node answering it, -1 (it ends in ン), -2 (mirror) or "
        "-3 (interchangeable; at a root: the start word is certified by exchange)",
        "via": "Per reply: the mirror answer (-2) or the interchangeable reply it copies (-3; "
        "at a root: the start word whose certificate it is exchanged with)",
    },
    "shiritori/article_marks": {
        "row": "The row of the article's data file (1-based, header not counted)",
        "line": "The line of the article's data file (header = 1), as in data_quality",
        "mark": "The article's mark: ○ (the human, second player, wins) or × (the yokai wins)",
        "article_winner": "The winner the mark names: `human` or `yokai`",
        "name": "The name as the article's file has it (quirks such as a trailing space kept)",
        "aliases": "The aliases as the article's file has them",
        "word": "The reading we play: the name with NFKC and whitespace removed",
        "quirks": "The data quirks of the row in the article's file (cleaning fixes, "
        "readings on more than one row, aliases matching no row exactly)",
        "literal_winner": "The winner when the article's file, read as written (aliases "
        "matched exactly), decides the start word at the first answer; null otherwise",
        "winner": "The run's winner of `word` under the article's rules (`yokai`, `human`, "
        "`unknown`); null when the run did not solve it",
        "status": "`agree`, `disagree` (both decided, different) or `open` (no winner to compare)",
        "explained": "True for a disagreement where `literal_winner` is the article's mark: "
        "the article's file explains it",
        "explanation": "Why the row does not agree, from the data (null when it agrees)",
    },
    "shiritori": {
        "long_vowel": "How a final ー counts: `vowel` or `previous_kana`",
        "small_kana": "How a final small kana counts: `enlarge` or `mora`",
        "final_u": "How a final ウ counts: `written` or `pronounced`",
        "dakuten": "Voiced marks: `strict` or `free`",
        "aliases": "Aliases: `ban` (banned together) or `independent`",
        "word": "The reading (katakana)",
        "first": "The unit the word starts with, under the variant",
        "last": "The unit the word ends with, under the variant",
    },
}

# The games tables of the ladder have the columns of ``contraposition/games``; the vendored
# tables those of the table they copy.
for _name in ("ladder_games", "calibration_games", "rating_games"):
    COLUMN_DESCRIPTIONS[f"contraposition/{_name}"] = {
        "white_agent": "Agent playing White, kind and playouts (e.g. `grave1000`)",
        "black_agent": "Agent playing Black, kind and playouts",
        "batch": "Shard the game was played in",
        "game": "Game number within its pairing (its seed derives from it)",
        "seed": "The game's random seed",
        "winner": "`white` or `black`: who won the game",
        "deciding_size": "Group size at which the final comparison was decided",
        "white_score": "White's Ludii score (10^9: infinite)",
        "black_score": "Black's Ludii score (10^9: infinite)",
        "final_board": "The full board, rows separated by `/` (W white, B black)",
    }
for _name in (
    "ladder",
    "ladder_games",
    "calibration",
    "calibration_games",
    "ratings",
    "rating_games",
):
    COLUMN_DESCRIPTIONS[f"contraposition/{_name}_vendored"] = COLUMN_DESCRIPTIONS[
        f"contraposition/{_name}"
    ]

# Descriptions shared by several games.
COMMON_DESCRIPTIONS = {
    "variant_id": _VARIANT_ID,
    "variant": _VARIANT_ID,
    "outcome": _OUTCOME,
    "nodes": "Search nodes visited",
}

UNDOCUMENTED = "(no description registered for this column)"
UNDESCRIBED_ROW = "(no row description registered for this table)"


def _registry_keys(table: str) -> list[str]:
    """Keys to look a table up by: itself, ``claims`` (``claim_readings``) for a game's
    claims (readings) table, then its game."""
    return [*_shared_keys(table), game_of(table)]


def _shared_keys(table: str) -> list[str]:
    """``table``, then the merged table a game's claims or readings table shares its
    descriptions with."""
    for merged in ("claims", "claim_readings"):
        if table == merged or table.endswith(f"/{merged}"):
            return [table, merged]
    return [table]


def describe_row(table: str) -> str:
    """What one row of ``table`` is."""
    return next((TABLE_ROWS[k] for k in _registry_keys(table) if k in TABLE_ROWS), UNDESCRIBED_ROW)


def variant_columns(table: str) -> tuple[str, ...]:
    """The columns that name a row's rule variant in ``table`` or its game's tables (the
    data-package step uses those the table has)."""
    found = (VARIANT_COLUMNS[k] for k in _registry_keys(table) if k in VARIANT_COLUMNS)
    return next(found, ())


def rules_covered(table: str) -> str:
    """The rules ``table`` covers, for tables without variant columns."""
    found = (RULES_COVERED[k] for k in _registry_keys(table) if k in RULES_COVERED)
    return next(found, "(not registered)")


def describe_column(table: str, column: str) -> str:
    """Description of ``column`` of ``table``: this table's entry, then the game's shared
    entries, then any table of the game, then descriptions shared by all games."""
    game = game_of(table)
    keys = _shared_keys(table)
    # This table, then the game's shared entries, then the same column in a sibling
    # table of the game (``side`` means the same in every contraposition table).
    siblings = sorted(k for k in COLUMN_DESCRIPTIONS if k.startswith(f"{game}/"))
    for key in [*keys, game, *siblings]:
        found = COLUMN_DESCRIPTIONS.get(key, {}).get(column)
        if found:
            return found
    return COMMON_DESCRIPTIONS.get(column, UNDOCUMENTED)
