"""The players' figure for the largest prime one deck can lay, read off the table of the
largest playable primes per card count (``largest_primes.parquet``).
"""

from __future__ import annotations

from asobi.core.claims import Claim, ResultTables, Verdict
from asobi.daifugo.claims.citations import LARGEST_PRIMES, PLAYERS_LARGEST, daifugo_claim

#: The players' digit count for the largest prime of one deck (issue 49). The number itself
#: is not cited in the article, so only its digit count can be compared.
COMMUNITY_DIGITS = 71


def largest_prime_71_digits(tables: ResultTables) -> Claim:
    """The largest prime one deck can lay has 71 digits (players' figure)."""
    frame = tables.read(
        LARGEST_PRIMES, columns=["cards", "prime", "digits", "certificate_kind", "layout"]
    )
    formal = (
        "the largest prime laid by a play of the whole deck (52 cards and 2 jokers, a joker "
        "standing for any value 0…13 but no leading 0), found by the descending search with "
        "every larger candidate ruled out and the prime certified; confirmed if it has "
        f"{COMMUNITY_DIGITS} digits (the players' number itself is not cited, so only its "
        "digit count is compared)"
    )
    statement = (
        f"The largest prime that one deck can lay has {COMMUNITY_DIGITS} digits (a figure "
        "players quote, found by hand and a primality test)."
    )
    if frame.empty:
        return daifugo_claim(
            "largest_prime_71_digits",
            PLAYERS_LARGEST,
            statement,
            formal,
            Verdict.UNDECIDED,
            "the largest_primes table has no rows",
            (LARGEST_PRIMES,),
        )
    whole = frame.loc[frame["cards"].idxmax()]
    top = max(frame["prime"], key=int)
    digits = int(whole["digits"])
    verdict = Verdict.CONFIRMED if digits == COMMUNITY_DIGITS else Verdict.REFUTED
    evidence = (
        f"{int(whole['cards'])} cards lay at most {whole['prime']} ({digits} digits, "
        f"{whole['certificate_kind']} certificate; layout {whole['layout']}); "
        f"{'it is' if top == whole['prime'] else 'it is not'} the largest over the table's "
        f"card counts 1…{int(frame['cards'].max())}"
    )
    return daifugo_claim(
        "largest_prime_71_digits",
        PLAYERS_LARGEST,
        statement,
        formal,
        verdict,
        evidence,
        (LARGEST_PRIMES,),
    )
