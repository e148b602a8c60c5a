"""The article's claims about composite plays with exponent notation (指数表記出し), read
off the numbers table: the composites it rescues and those it leaves unplayable, 128 and
the others unplayable before made playable, and what it does for composites that are not
square-free (easier, several layouts). :func:`composites_of` and :func:`square_free_mask`
are shared with :mod:`asobi.daifugo.claims.number_theory`.
"""

from __future__ import annotations

import math

import numpy as np
import pandas as pd

from asobi.core.claims import Claim, Reading, ResultTables, verdict_from
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import NUMBERS, daifugo_claim
from asobi.daifugo.claims.decisions import FIRST_UNPLAYABLE_COMPOSITE, decide_exists
from asobi.daifugo.daifugo import RAMANUJAN

#: The numbers table's columns that say how a number is played with and without exponents.
PLAYABILITY_COLUMNS = (
    "n",
    "is_prime",
    "playable_composite",
    "playable_with_exponent",
    "min_cards_composite",
    "min_cards_with_exponent",
)


def composites_of(numbers: pd.DataFrame) -> pd.DataFrame:
    """The composites of ``numbers`` (n ≥ 4, not prime)."""
    return numbers[~numbers["is_prime"] & (numbers["n"] >= 4)]


def square_free_mask(numbers: np.ndarray) -> np.ndarray:
    """Which of ``numbers`` have no square factor above 1 (a sieve by every k², exact)."""
    top = int(numbers.max()) if len(numbers) else 0
    free = np.ones(top + 1, dtype=bool)
    for k in range(2, math.isqrt(top) + 1):
        free[k * k :: k * k] = False
    return free[numbers]


def non_square_free(numbers: pd.DataFrame) -> pd.DataFrame:
    """The composites of ``numbers`` (n ≥ 4) with a square factor above 1."""
    composite = composites_of(numbers)
    return composite[~square_free_mask(composite["n"].to_numpy(dtype=np.int64))]


def finding_rescued_by_exponent(tables: ResultTables) -> Claim:
    """Exponent notation makes many composites playable that were not before."""
    numbers = tables.read(
        NUMBERS, columns=["n", "is_prime", "playable_composite", "playable_with_exponent"]
    )
    n_max = int(numbers["n"].max())
    composite = composites_of(numbers)
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
    composite = composites_of(numbers)
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


def non_square_free_easier(tables: ResultTables) -> Claim:
    """Exponent notation makes composites that are not square-free easier to play than
    before. "Easier" read both ways a careful reader could: more of them playable (and none
    lost), and fewer cards for those playable before (none needing more)."""
    numbers = tables.read(
        NUMBERS,
        columns=list(PLAYABILITY_COLUMNS),
    )
    n_max = int(numbers["n"].max())
    squareful = non_square_free(numbers)
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
    composite = composites_of(numbers)
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
    composite = composites_of(numbers)
    free = square_free_mask(composite["n"].to_numpy(dtype=np.int64))
    shares, counts = {}, {}
    for name, part in (("squareful", composite[~free]), ("square_free", composite[free])):
        playable = part[part["playable_with_exponent"].astype(bool)]
        several = int((playable["n_layouts_with_exponent"] >= 2).sum())
        counts[name] = (several, len(playable))
        shares[name] = several / len(playable) if len(playable) else 0.0
    several, playable = counts["squareful"]
    free_several, free_playable = counts["square_free"]
    squareful = non_square_free(numbers)
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
