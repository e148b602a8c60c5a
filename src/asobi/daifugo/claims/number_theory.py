"""The article's claims about numbers, read off the tables: the least composite that needs
exponent notation, the least Eden prime, 1729 among the Carmichael numbers, the Genocchi
primes, what exponent notation changes, and the z3 cross-check of the enumerator.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from asobi.core.claims import Claim, Reading, ResultTables, Verdict, verdict_from
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import CUBE_SUMS, GENOCCHI, NUMBERS, Z3, daifugo_claim
from asobi.daifugo.claims.decisions import (
    CARMICHAEL_SEARCH_MAX,
    FIRST_EDEN_PRIME,
    FIRST_UNPLAYABLE_COMPOSITE,
    JOKER_PRIMES_BELOW,
    SMALLER_CARMICHAEL,
    SQUARE_FREE_PLAYS_MAX,
    VISIBLE_FACTORS,
    decide_carmichael,
    decide_exists,
    decide_for_all,
    decide_genocchi,
    decide_least,
    decide_looks_prime,
)
from asobi.daifugo.daifugo import GROTHENDIECK, RAMANUJAN, Rules
from asobi.daifugo.genocchi import genocchi
from asobi.daifugo.layouts import composite_layouts
from asobi.daifugo.numbers import is_carmichael


def _maybe_int(value: Any) -> int | None:
    return None if value is None or pd.isna(value) else int(value)


def smallest_unplayable_composite_without_exponent(tables: ResultTables) -> Claim:
    """Without exponent notation the least composite that cannot be laid is 128."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime", "playable_composite"])
    n_max = int(numbers["n"].max())
    composite = numbers[~numbers["is_prime"] & (numbers["n"] >= 4)]
    stuck = composite[~composite["playable_composite"].astype(bool)]
    smallest = int(stuck["n"].min()) if len(stuck) else None
    verdict = decide_least(smallest, FIRST_UNPLAYABLE_COMPOSITE, n_max)
    return daifugo_claim(
        "smallest_unplayable_composite_without_exponent",
        "Without exponent notation the smallest composite that cannot be played is 128.",
        f"least composite n ≤ {n_max} with playable_composite false",
        verdict,
        f"least such n = {smallest} (table n = 2..{n_max})",
        (NUMBERS,),
        f"the table stops at {n_max}" if verdict is Verdict.UNDECIDED else None,
        Recheck(
            f"SELECT min(n) FILTER (WHERE NOT is_prime AND n >= 4 AND NOT playable_composite) "
            f"AS smallest, max(n) AS n_max FROM '{NUMBERS}'",
            {"smallest": smallest, "n_max": n_max},
        ),
    )


def smallest_eden_prime(tables: ResultTables, rules: Rules) -> Claim:
    """The least Eden prime (a prime no deal can lay) is 40009."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime", "playable_plain"])
    n_max = int(numbers["n"].max())
    eden = numbers[numbers["is_prime"] & ~numbers["playable_plain"].astype(bool)]
    first = int(eden["n"].min()) if len(eden) else None
    verdict = decide_least(first, FIRST_EDEN_PRIME, n_max)
    following = f", next {eden['n'].iloc[1:6].tolist()}" if len(eden) > 1 else ""
    return daifugo_claim(
        "smallest_eden_prime",
        "The smallest Eden prime (a prime that cannot be laid at all) is 40009.",
        f"least prime n ≤ {n_max} with playable_plain false (deck {rules.suits} suits, "
        f"{rules.jokers} jokers, joker as 0 allowed: {rules.joker_zero})",
        verdict,
        f"least = {first}; {len(eden)} Eden primes up to {n_max}{following}",
        (NUMBERS,),
        f"the table stops at {n_max}" if verdict is Verdict.UNDECIDED else None,
        Recheck(
            f"SELECT min(n) FILTER (WHERE is_prime AND NOT playable_plain) AS least, "
            f"count(*) FILTER (WHERE is_prime AND NOT playable_plain) AS eden, "
            f"max(n) AS n_max FROM '{NUMBERS}'",
            {"least": first, "eden": len(eden), "n_max": n_max},
        ),
    )


def ramanujan_smallest_carmichael_four_cards(tables: ResultTables) -> Claim:
    """1729 is the least Carmichael number that needs four cards; 561 and 1105 need fewer."""
    numbers = tables.read(NUMBERS, columns=["n", "min_cards"])
    n_max = int(numbers["n"].max())
    cards = numbers.set_index("n")["min_cards"]
    carmichael = [n for n in range(3, min(n_max, CARMICHAEL_SEARCH_MAX) + 1, 2) if is_carmichael(n)]
    needed = {n: _maybe_int(cards.get(n)) for n in carmichael}
    verdict = decide_carmichael(needed, n_max)
    shown = {n: c for n, c in needed.items() if n <= RAMANUJAN}
    return daifugo_claim(
        "ramanujan_smallest_carmichael_four_cards",
        "1729 is the third Carmichael number, after 561 and 1105, and the smallest that needs "
        "four cards; 561 and 1105 need fewer.",
        f"Carmichael numbers up to {min(n_max, CARMICHAEL_SEARCH_MAX)} by Korselt's criterion; "
        "their fewest cards (min_cards) from the numbers table",
        verdict,
        f"Carmichael numbers up to 1729 and their fewest cards: {shown}",
        (NUMBERS,),
        f"the table stops at {n_max}, below 1729" if verdict is Verdict.UNDECIDED else None,
        Recheck(
            f"SELECT n, min_cards FROM '{NUMBERS}' "
            f"WHERE n IN ({', '.join(map(str, (*SMALLER_CARMICHAEL, RAMANUJAN)))}) ORDER BY n",
            [{"n": n, "min_cards": c} for n, c in shown.items()],
        ),
    )


def ramanujan_taxicab(tables: ResultTables) -> Claim:
    """1729 is Ramanujan's taxicab number: the least sum of two positive cubes in two ways,
    read off the table of every a³ + b³ up to a bound (one row per way)."""
    sums = tables.read(CUBE_SUMS, columns=["n", "a", "b"]).sort_values(["n", "a"])
    searched_to = int(sums["n"].max()) if len(sums) else None
    ways = {int(n): list(zip(g["a"], g["b"], strict=True)) for n, g in sums.groupby("n")}
    twice = sorted(n for n, pairs in ways.items() if len(pairs) >= 2)
    least = twice[0] if twice else None
    verdict = decide_least(least, RAMANUJAN, searched_to or 0)
    pairs = [[int(a), int(b)] for a, b in ways[least]] if least else None
    return daifugo_claim(
        "ramanujan_taxicab",
        "1729 is Ramanujan's taxicab number, the smallest number that is a sum of two "
        "positive cubes in two ways.",
        f"the cube sums table lists every a³ + b³ with 0 < a ≤ b up to {searched_to}; the "
        "least n in it with two or more ways is 1729",
        verdict,
        f"least = {least}"
        + (f" = {' = '.join(f'{a}³ + {b}³' for a, b in pairs)}" if pairs else "")
        + f"; next {twice[1:4]}; {len(sums)} ways listed up to {searched_to}",
        (CUBE_SUMS,),
        caveat=f"the table stops at {searched_to}" if verdict is Verdict.UNDECIDED else None,
        recheck=Recheck(
            "SELECT min(n) FILTER (WHERE ways >= 2) AS least, "
            "arg_min(pairs, n) FILTER (WHERE ways >= 2) AS pairs, max(n) AS searched_to "
            "FROM (SELECT n, count(*) AS ways, list([a, b] ORDER BY a) AS pairs "
            f"FROM '{CUBE_SUMS}' GROUP BY n)",
            {"least": least, "pairs": pairs, "searched_to": searched_to},
        ),
    )


def _least_factor(n: int, primes: np.ndarray) -> int | None:
    """Least prime factor of ``n`` from a list of primes reaching √n (None: it does not)."""
    for p in primes:
        if p * p > n:
            return n
        if n % p == 0:
            return int(p)
    return None


def ramanujan_looks_prime(tables: ResultTables) -> Claim:
    """1729's least prime factor is 7, while 561 (digit sum 12) and 1105 (ends in 5) show a
    factor at a glance."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime"])
    primes = numbers.loc[numbers["is_prime"].astype(bool), "n"].sort_values().to_numpy()
    smallest = {n: _least_factor(n, primes) for n in (*SMALLER_CARMICHAEL, RAMANUJAN)}
    return daifugo_claim(
        "ramanujan_looks_prime",
        "1729's smallest prime factor is 7, while 561 (digit sum 12) and 1105 (ends in 5) "
        "are visibly composite.",
        "least prime factors by division by the numbers table's primes; 'visibly' = a factor "
        f"in {VISIBLE_FACTORS} (seen from the last digit or the digit sum)",
        decide_looks_prime(smallest),
        f"least prime factors {smallest}; digit sum of 561 = {sum(map(int, '561'))}",
        (NUMBERS,),
        recheck=Recheck(
            "SELECT c.n, min(p.n) AS least_factor "
            f"FROM (VALUES {', '.join(f'({n})' for n in smallest)}) AS c(n) "
            f"LEFT JOIN '{NUMBERS}' AS p ON p.is_prime AND p.n <= c.n AND c.n % p.n = 0 "
            "GROUP BY c.n ORDER BY c.n",
            [{"n": n, "least_factor": p} for n, p in sorted(smallest.items())],
        ),
    )


def genocchi_17_only_prime(tables: ResultTables) -> Claim:
    """17 is the only Genocchi prime (the signed sequence; |G_6| = 3 is prime, G_6 negative)."""
    table = tables.read(GENOCCHI)
    top = int(table["index"].max()) if len(table) else 0
    prime = table[table["prime_absolute"].astype(bool)]
    positive = [int(i) for i in prime.loc[prime["sign"] > 0, "index"]]
    negative = [int(i) for i in prime.loc[prime["sign"] < 0, "index"]]
    verdict, caveat = decide_genocchi(positive, top)
    values = ", ".join(f"G_{i} = {genocchi(i)}" for i in positive + negative if i <= 40)
    return daifugo_claim(
        "genocchi_17_only_prime",
        "17 is the only Genocchi prime.",
        f"for every even index 2..{top}, |G_2n| is tested for primality (directly below 10, "
        "by an explicit proper divisor (2^2n-1)/(D/2) from von Staudt-Clausen above); odd "
        "indices above 1 give 0; a prime is a positive value",
        verdict,
        f"|G_2n| prime at indices {positive} with G_2n > 0 and at {negative} with G_2n < 0 "
        f"({values}); checked up to index {top}",
        (GENOCCHI,),
        caveat,
        Recheck(
            "SELECT coalesce(list(index ORDER BY index) FILTER (WHERE prime_absolute "
            "AND sign > 0), []) AS positive, coalesce(list(index ORDER BY index) "
            "FILTER (WHERE prime_absolute AND sign < 0), []) AS negative, "
            f"coalesce(max(index), 0) AS top FROM '{GENOCCHI}'",
            {"positive": sorted(positive), "negative": sorted(negative), "top": top},
        ),
    )


def _composites(numbers: pd.DataFrame) -> pd.DataFrame:
    return numbers[~numbers["is_prime"] & (numbers["n"] >= 4)]


def finding_rescued_by_exponent(tables: ResultTables) -> Claim:
    """Exponent notation makes many composites playable that were not before."""
    numbers = tables.read(
        NUMBERS, columns=["n", "is_prime", "playable_composite", "playable_with_exponent"]
    )
    n_max = int(numbers["n"].max())
    composite = _composites(numbers)
    rescued = composite[
        composite["playable_with_exponent"].astype(bool)
        & ~composite["playable_composite"].astype(bool)
    ]
    return daifugo_claim(
        "finding_rescued_by_exponent",
        "Exponent notation makes many composites playable that could not be played before.",
        f"composites n ≤ {n_max} with playable_with_exponent true and playable_composite false",
        decide_exists(len(rescued)),
        f"{len(rescued)} of {len(composite)} composites; smallest {rescued['n'].head(8).tolist()}",
        (NUMBERS,),
        recheck=Recheck(
            "SELECT count(*) FILTER (WHERE playable_with_exponent AND NOT playable_composite) "
            f"AS rescued, count(*) AS composites FROM '{NUMBERS}' WHERE NOT is_prime AND n >= 4",
            {"rescued": len(rescued), "composites": len(composite)},
        ),
    )


def finding_still_unplayable(tables: ResultTables) -> Claim:
    """Some composites stay unplayable even with exponent notation (1729 aside)."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime", "playable_with_exponent"])
    n_max = int(numbers["n"].max())
    composite = _composites(numbers)
    stuck = composite[~composite["playable_with_exponent"].astype(bool)]
    stuck = stuck[stuck["n"] != RAMANUJAN]
    return daifugo_claim(
        "finding_still_unplayable",
        "Some composites stay unplayable even with exponent notation (ours).",
        f"composites n ≤ {n_max} with playable_with_exponent false (1729 excluded by rule)",
        decide_exists(len(stuck)),
        f"{len(stuck)} such composites besides 1729; smallest {stuck['n'].head(10).tolist()}",
        (NUMBERS,),
        recheck=Recheck(
            f"SELECT count(*) AS unplayable, min(n) AS smallest FROM '{NUMBERS}' "
            f"WHERE NOT is_prime AND n >= 4 AND NOT playable_with_exponent AND n <> {RAMANUJAN}",
            {"unplayable": len(stuck), "smallest": int(stuck["n"].min()) if len(stuck) else None},
        ),
    )


def finding_primes_needing_joker(tables: ResultTables) -> Claim:
    """Some primes below 10^6 need a joker to be laid (or cannot be laid at all)."""
    numbers = tables.read(
        NUMBERS,
        columns=["n", "is_prime", "playable_plain", "jokers_needed"],
        filters=[("n", "<", JOKER_PRIMES_BELOW)],
    )
    primes = numbers[numbers["is_prime"].astype(bool)]
    needs = primes["jokers_needed"].fillna(99) >= 1
    layable = int((needs & primes["playable_plain"].astype(bool)).sum())
    share = float(needs.mean()) if len(primes) else 0.0
    return daifugo_claim(
        "finding_primes_needing_joker",
        "Some primes below 10^6 need a joker to be laid (ours).",
        f"primes n < min({JOKER_PRIMES_BELOW}, n_max + 1) with jokers_needed ≥ 1 or not "
        "layable at all",
        decide_exists(int(needs.sum())),
        f"{int(needs.sum())} of {len(primes)} primes ({share:.4%}); {layable} layable with a joker",
        (NUMBERS,),
        recheck=Recheck(
            "SELECT count(*) FILTER (WHERE coalesce(jokers_needed, 99) >= 1) AS need_joker, "
            "count(*) FILTER (WHERE coalesce(jokers_needed, 99) >= 1 AND playable_plain) "
            f"AS layable, count(*) AS primes FROM '{NUMBERS}' "
            f"WHERE is_prime AND n < {JOKER_PRIMES_BELOW}",
            {"need_joker": int(needs.sum()), "layable": layable, "primes": len(primes)},
        ),
    )


def _square_free(numbers: np.ndarray) -> np.ndarray:
    """Which of ``numbers`` have no square factor above 1 (a sieve by every k², exact)."""
    top = int(numbers.max()) if len(numbers) else 0
    free = np.ones(top + 1, dtype=bool)
    for k in range(2, math.isqrt(top) + 1):
        free[k * k :: k * k] = False
    return free[numbers]


def same_plays(n: int, rules: Rules) -> bool:
    """The composite plays of ``n`` (every card layout) are the same with and without
    exponent notation (both empty for a prime, which is laid on its own either way)."""
    return composite_layouts(n, rules, exponent=True) == composite_layouts(n, rules, exponent=False)


def square_free_unchanged(tables: ResultTables, rules: Rules) -> Claim:
    """Exponent notation changes nothing for primes and square-free numbers: the same plays
    (enumerated up to ``SQUARE_FREE_PLAYS_MAX``), and the same playability and fewest cards
    over the whole numbers table."""
    numbers = tables.read(
        NUMBERS,
        columns=[
            "n",
            "is_prime",
            "playable_composite",
            "playable_with_exponent",
            "min_cards_composite",
            "min_cards_with_exponent",
        ],
    )
    n_max = int(numbers["n"].max())
    primes = numbers.loc[numbers["is_prime"].astype(bool), "n"].to_numpy()
    composite = _composites(numbers)
    square_free = composite[_square_free(composite["n"].to_numpy(dtype=np.int64))]
    same = (
        square_free["min_cards_composite"].fillna(-1)
        == square_free["min_cards_with_exponent"].fillna(-1)
    ) & (
        square_free["playable_composite"].astype(bool)
        == square_free["playable_with_exponent"].astype(bool)
    )
    plays_to = min(n_max, SQUARE_FREE_PLAYS_MAX)
    prime_set = {int(n) for n in primes if n <= plays_to}
    wanted = prime_set | {int(n) for n in square_free["n"] if n <= plays_to}
    enumerated = sorted(wanted)
    plays_differ = [n for n in enumerated if not same_plays(n, rules)]
    n_primes = len(prime_set)
    differ = sorted({*square_free.loc[~same, "n"].tolist(), *plays_differ})[:5]
    failures = int((~same).sum()) + len(plays_differ)
    verdict, caveat = decide_for_all(
        failures,
        len(square_free) + len(enumerated),
        f"for n ≤ {n_max} (plays enumerated for n ≤ {plays_to})",
    )
    return daifugo_claim(
        "square_free_unchanged",
        "Exponent notation leaves the ways of playing primes and square-free numbers exactly "
        "as they were.",
        f"for every prime and square-free composite n ≤ {plays_to}: the set of composite "
        "plays (expression and cards) is the same with and without exponent notation; for "
        f"every square-free composite n ≤ {n_max}: playable and fewest cards are the same "
        "(a prime's own play does not involve the notation)",
        verdict,
        f"plays: {len(enumerated) - len(plays_differ)} of {len(enumerated)} numbers "
        f"({n_primes} primes) have the same plays; table: {int(same.sum())} of "
        f"{len(square_free)} square-free composites agree"
        + (f"; differ: {differ}" if differ else ""),
        (NUMBERS,),
        caveat,
        Recheck(
            f"WITH composite AS (SELECT * FROM '{NUMBERS}' WHERE NOT is_prime AND n >= 4), "
            "root AS (SELECT unnest(range(2, CAST(floor(sqrt(max(n))) AS BIGINT) + 1)) AS k "
            "FROM composite), "
            "squareful AS (SELECT DISTINCT unnest(range(k * k, (SELECT max(n) FROM composite) "
            "+ 1, k * k)) AS n FROM root) "
            "SELECT count(*) AS square_free, count(*) FILTER (WHERE "
            "coalesce(min_cards_composite, -1) = coalesce(min_cards_with_exponent, -1) AND "
            "coalesce(playable_composite, false) = coalesce(playable_with_exponent, false)) "
            "AS agree FROM composite ANTI JOIN squareful USING (n)",
            {"square_free": len(square_free), "agree": int(same.sum())},
        ),
    )


def z3_crosscheck(tables: ResultTables) -> Claim:
    """The enumerator's cheapest composite plays are optimal (an independent z3 model)."""
    z3 = tables.read(Z3, columns=["n", "origin", "agree"])
    ranged = z3[z3["origin"] == "range"]
    examples = z3.loc[z3["origin"] == "article_example", "n"].tolist()
    top = int(ranged["n"].max()) if len(ranged) else 0
    bad = z3.loc[~z3["agree"].astype(bool), "n"].head(5).tolist()
    verdict, caveat = decide_for_all(
        int((~z3["agree"].astype(bool)).sum()),
        len(z3),
        f"for the composites up to {top} and the article's examples",
    )
    return daifugo_claim(
        "z3_crosscheck",
        "The enumerator's cheapest composite plays are optimal, by an independent z3 model (ours).",
        f"for every composite n ≤ {top} and the article's examples {examples}: z3 finds a "
        "layout at the enumerator's minimum that the enumerator lists, and none with one card "
        "fewer (no layout at all when the enumerator finds none)",
        verdict,
        f"{int(z3['agree'].sum())} of {len(z3)} numbers agree"
        + (f"; disagree: {bad}" if bad else ""),
        (Z3,),
        caveat,
        Recheck(
            f"SELECT count(*) FILTER (WHERE NOT agree) AS disagree, count(*) AS checked, "
            f"coalesce(max(n) FILTER (WHERE origin = 'range'), 0) AS top FROM '{Z3}'",
            {"disagree": int((~z3["agree"].astype(bool)).sum()), "checked": len(z3), "top": top},
        ),
    )


def _non_square_free(numbers: pd.DataFrame) -> pd.DataFrame:
    """The composites of ``numbers`` (n ≥ 4) with a square factor above 1."""
    composite = _composites(numbers)
    return composite[~_square_free(composite["n"].to_numpy(dtype=np.int64))]


def non_square_free_easier(tables: ResultTables) -> Claim:
    """Exponent notation makes composites that are not square-free easier to play than
    before. "Easier" read both ways a careful reader could: more of them playable (and none
    lost), and fewer cards for those playable before (none needing more)."""
    numbers = tables.read(
        NUMBERS,
        columns=[
            "n",
            "is_prime",
            "playable_composite",
            "playable_with_exponent",
            "min_cards_composite",
            "min_cards_with_exponent",
        ],
    )
    n_max = int(numbers["n"].max())
    squareful = _non_square_free(numbers)
    before = squareful["playable_composite"].astype(bool)
    after = squareful["playable_with_exponent"].astype(bool)
    gained, lost = int((after & ~before).sum()), int((before & ~after).sum())
    old = squareful[before & after]
    saving = old["min_cards_composite"] - old["min_cards_with_exponent"]
    fewer, more = int((saving > 0).sum()), int((saving < 0).sum())
    mean = float(saving.mean()) if len(old) else 0.0
    nsf = f"composites n ≤ {n_max} that are not square-free"
    playable_figures = (
        f"{int(before.sum())} of {len(squareful)} playable before, {int(after.sum())} with "
        f"exponent notation: {gained} gained, {lost} lost"
    )
    cards_figures = (
        f"of the {len(old)} playable both ways, {fewer} need fewer cards with exponent "
        f"notation, {more} more (mean saving {mean:.2f} cards)"
    )
    square_free_sql = (
        f"WITH composite AS (SELECT * FROM '{NUMBERS}' WHERE NOT is_prime AND n >= 4), "
        "root AS (SELECT unnest(range(2, CAST(floor(sqrt(max(n))) AS BIGINT) + 1)) AS k "
        "FROM composite), "
        "squareful AS (SELECT DISTINCT unnest(range(k * k, (SELECT max(n) FROM composite) "
        "+ 1, k * k)) AS n FROM root), "
        "s AS (SELECT * FROM composite SEMI JOIN squareful USING (n)) "
    )
    readings = (
        Reading(
            "more_playable",
            f"(ours) more of the {nsf} playable with exponent notation than without, none lost",
            playable_figures,
            verdict_from(gained > 0 and lost == 0),
            Recheck(
                square_free_sql + "SELECT count(*) AS squareful, "
                "count(*) FILTER (WHERE playable_composite) AS before, "
                "count(*) FILTER (WHERE playable_with_exponent) AS after, "
                "count(*) FILTER (WHERE playable_with_exponent AND NOT playable_composite) "
                "AS gained, count(*) FILTER (WHERE playable_composite AND NOT "
                "playable_with_exponent) AS lost FROM s",
                {
                    "squareful": len(squareful),
                    "before": int(before.sum()),
                    "after": int(after.sum()),
                    "gained": gained,
                    "lost": lost,
                },
            ),
        ),
        Reading(
            "fewer_cards",
            f"(ours) of the {nsf} playable before, some need fewer cards with exponent "
            "notation and none more",
            cards_figures,
            verdict_from(fewer > 0 and more == 0),
            Recheck(
                square_free_sql + "SELECT count(*) AS both_ways, count(*) FILTER (WHERE "
                "min_cards_with_exponent < min_cards_composite) AS fewer, count(*) FILTER "
                "(WHERE min_cards_with_exponent > min_cards_composite) AS more FROM s "
                "WHERE playable_composite AND playable_with_exponent",
                {"both_ways": len(old), "fewer": fewer, "more": more},
            ),
        ),
    )
    return daifugo_claim(
        "non_square_free_easier",
        "Exponent notation makes composites that are not square-free easier to play than before.",
        f"for the {nsf} (a square factor above 1), 'easier' under two readings: more of "
        "them playable (none lost), and fewer cards for those playable before (none more)",
        None,
        f"{playable_figures}; {cards_figures}",
        (NUMBERS,),
        recheck=readings[0].recheck,
        readings=readings,
    )


def formerly_unplayable_become_playable(tables: ResultTables) -> Claim:
    """The composites that could not be played before exponent notation, 128 the least,
    become playable "all at once" (一挙に): read as 128 itself, the number the passage
    names, and as every composite unplayable before (1729 aside, laid by its own rule)."""
    numbers = tables.read(
        NUMBERS,
        columns=["n", "is_prime", "playable_composite", "playable_with_exponent"],
    )
    n_max = int(numbers["n"].max())
    composite = _composites(numbers)
    stuck = composite[~composite["playable_composite"].astype(bool)]
    stuck = stuck[stuck["n"] != RAMANUJAN]
    now = stuck["playable_with_exponent"].astype(bool)
    row = stuck[stuck["n"] == FIRST_UNPLAYABLE_COMPOSITE]
    first = bool(row["playable_with_exponent"].iloc[0]) if len(row) else None
    still = stuck.loc[~now, "n"]
    every_figures = (
        f"{int(now.sum())} of the {len(stuck)} composites unplayable before become playable, "
        f"{len(still)} stay unplayable (smallest {still.head(5).tolist()})"
    )
    first_figures = (
        f"128: {'not in the table' if first is None else 'playable' if first else 'unplayable'} "
        "with exponent notation"
    )
    readings = (
        Reading(
            "the_named_128",
            "128, the least composite unplayable before and the one the passage names, is "
            "playable with exponent notation",
            first_figures,
            "undecided" if first is None else verdict_from(first),
            Recheck(
                f"SELECT playable_composite, playable_with_exponent FROM '{NUMBERS}' "
                f"WHERE n = {FIRST_UNPLAYABLE_COMPOSITE}",
                {"playable_composite": False, "playable_with_exponent": first}
                if first is not None
                else [],
            ),
        ),
        Reading(
            "every_one",
            f"every composite n ≤ {n_max} unplayable before (1729 aside) is playable with "
            "exponent notation (一挙に read as all of them)",
            every_figures,
            verdict_from(len(stuck) > 0 and not len(still)),
            Recheck(
                f"SELECT count(*) AS unplayable_before, count(*) FILTER (WHERE "
                f"playable_with_exponent) AS now_playable FROM '{NUMBERS}' WHERE NOT is_prime "
                f"AND n >= 4 AND NOT playable_composite AND n <> {RAMANUJAN}",
                {"unplayable_before": len(stuck), "now_playable": int(now.sum())},
            ),
        ),
    )
    return daifugo_claim(
        "formerly_unplayable_become_playable",
        "Exponent notation makes the composites that could not be played before, such as "
        "128, playable all at once.",
        f"composites n ≤ {n_max} with playable_composite false (1729 aside): 128 and every "
        "one of them playable with exponent notation",
        None,
        f"{first_figures}; {every_figures}",
        (NUMBERS,),
        recheck=readings[1].recheck,
        readings=readings,
    )


def non_square_free_several_ways(tables: ResultTables) -> Claim:
    """With exponent notation a composite that is not square-free can in general be laid
    in several ways. 一般に ("in general") allows exceptions and names no share, so two
    readings, both ours: most of those playable have two or more layouts; and a larger share
    of them than of the square-free composites, whose plays exponent notation leaves as they
    were. The exceptions are the evidence."""
    numbers = tables.read(
        NUMBERS, columns=["n", "is_prime", "playable_with_exponent", "n_layouts_with_exponent"]
    )
    n_max = int(numbers["n"].max())
    composite = _composites(numbers)
    free = _square_free(composite["n"].to_numpy(dtype=np.int64))
    shares, counts = {}, {}
    for name, part in (("squareful", composite[~free]), ("square_free", composite[free])):
        playable = part[part["playable_with_exponent"].astype(bool)]
        several = int((playable["n_layouts_with_exponent"] >= 2).sum())
        counts[name] = (several, len(playable))
        shares[name] = several / len(playable) if len(playable) else 0.0
    several, playable = counts["squareful"]
    free_several, free_playable = counts["square_free"]
    squareful = _non_square_free(numbers)
    single = squareful.loc[
        squareful["playable_with_exponent"].astype(bool)
        & (squareful["n_layouts_with_exponent"] < 2),
        "n",
    ]
    figures = (
        f"{several} of the {playable} playable ones ({shares['squareful']:.1%}) have two or "
        f"more layouts, {len(single)} one (smallest {single.head(5).tolist()}); square-free "
        f"composites: {counts['square_free'][0]} of {counts['square_free'][1]} "
        f"({shares['square_free']:.1%})"
    )
    recheck = Recheck(
        f"WITH composite AS (SELECT * FROM '{NUMBERS}' WHERE NOT is_prime AND n >= 4), "
        "root AS (SELECT unnest(range(2, CAST(floor(sqrt(max(n))) AS BIGINT) + 1)) AS k "
        "FROM composite), "
        "squareful AS (SELECT DISTINCT unnest(range(k * k, (SELECT max(n) FROM composite) "
        "+ 1, k * k)) AS n FROM root) "
        "SELECT n IN (SELECT n FROM squareful) AS squareful, count(*) AS playable, "
        "count(*) FILTER (WHERE n_layouts_with_exponent >= 2) AS several FROM composite "
        "WHERE playable_with_exponent GROUP BY ALL ORDER BY squareful",
        [
            {"squareful": False, "playable": free_playable, "several": free_several},
            {"squareful": True, "playable": playable, "several": several},
        ],
    )
    readings = (
        Reading(
            "most",
            "(ours) more than half of the playable composites that are not square-free have "
            "two or more layouts",
            figures,
            verdict_from(playable > 0 and 2 * several > playable),
            recheck,
        ),
        Reading(
            "more_than_square_free",
            "(ours) a larger share of the playable composites that are not square-free have "
            "two or more layouts than of the square-free ones",
            figures,
            verdict_from(playable > 0 and shares["squareful"] > shares["square_free"]),
            recheck,
        ),
    )
    return daifugo_claim(
        "non_square_free_several_ways",
        "With exponent notation a composite that is not square-free can in general be laid "
        "in several ways.",
        f"composites n ≤ {n_max} with a square factor above 1, playable with exponent "
        "notation, a layout being one play (expression and cards): 一般に read as most of "
        "them having two or more layouts, and as a larger share than among the square-free "
        "composites",
        None,
        figures,
        (NUMBERS,),
        recheck=recheck,
        readings=readings,
    )


#: The article's factorisations of the numbers it plays as if prime or forbids as factors.
ARTICLE_FACTORISATIONS: dict[int, tuple[int, ...]] = {
    RAMANUJAN: (7, 13, 19),  # 「1729=7×13×19」
    3 * RAMANUJAN: (3, 7, 13, 19),  # 「5187=3×7×13×19」 (= 3×1729)
}


def special_numbers_not_prime(tables: ResultTables) -> Claim:
    """57 and 1729, the numbers played as if prime, are not prime, and the article's
    factorisations hold: 1729 = 7·13·19, 5187 = 3·1729 = 3·7·13·19 with prime factors."""
    wanted = sorted({GROTHENDIECK, *ARTICLE_FACTORISATIONS, 3, 7, 13, 19})
    numbers = tables.read(NUMBERS, columns=["n", "is_prime"], filters=[("n", "in", wanted)])
    prime = {int(n): bool(p) for n, p in zip(numbers["n"], numbers["is_prime"], strict=True)}
    checks = {f"{n} not prime": prime.get(n) is False for n in (GROTHENDIECK, RAMANUJAN)} | {
        f"{n} = {'·'.join(map(str, factors))}, each prime": math.prod(factors) == n
        and all(prime.get(f) is True for f in factors)
        for n, factors in ARTICLE_FACTORISATIONS.items()
    }
    checks["5187 = 3·1729"] = 3 * RAMANUJAN == 5187
    missing = [n for n in wanted if n not in prime]
    return daifugo_claim(
        "special_numbers_not_prime",
        "57 and 1729 are not prime; 1729 = 7·13·19 and 5187 = 3·1729 = 3·7·13·19.",
        "the numbers table's is_prime for 57, 1729 and the factors; the products computed",
        Verdict.UNDECIDED if missing else verdict_from(all(checks.values())),
        "; ".join(f"{name}: {'holds' if ok else 'fails'}" for name, ok in checks.items())
        + (f"; beyond the table: {missing}" if missing else ""),
        (NUMBERS,),
        recheck=Recheck(
            f"SELECT n, is_prime FROM '{NUMBERS}' WHERE n IN ({', '.join(map(str, wanted))}) "
            "ORDER BY n",
            [{"n": n, "is_prime": prime[n]} for n in wanted if n in prime],
        ),
    )
