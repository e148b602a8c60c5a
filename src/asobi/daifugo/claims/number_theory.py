"""The article's claims about numbers, read off the tables: the least composite that needs
exponent notation, the least Eden prime, 1729 among the Carmichael numbers, the Genocchi
primes, what exponent notation leaves unchanged (primes and square-free numbers), and the z3
cross-check of the enumerator. The claims about composite plays with exponent notation are
in :mod:`asobi.daifugo.claims.composites`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import CUBE_SUMS, GENOCCHI, NUMBERS, Z3, daifugo_claim
from asobi.daifugo.claims.composites import (
    PLAYABILITY_COLUMNS,
    composites_of,
    square_free_mask,
)
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
        columns=list(PLAYABILITY_COLUMNS),
    )
    n_max = int(numbers["n"].max())
    primes = numbers.loc[numbers["is_prime"].astype(bool), "n"].to_numpy()
    composite = composites_of(numbers)
    square_free = composite[square_free_mask(composite["n"].to_numpy(dtype=np.int64))]
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
