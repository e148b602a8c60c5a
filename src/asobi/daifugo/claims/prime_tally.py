"""The players' counts of playable primes by digit count, read off the prime tally
(``prime_tally.parquet``, every prime below ``tally_max``, 10^10 by default).

The counts players quote (issue 49): 8 357, 68 703 and 581 998 playable primes of 5, 6 and 7
digits, and for 9 digits an unfinished count, "at least 5.25 million".
"""

from __future__ import annotations

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.daifugo.claims.citations import PLAYERS_TALLY, PRIME_TALLY, daifugo_claim

#: Playable primes by digit count, as players quote them.
PUBLIC_TALLIES = {5: 8_357, 6: 68_703, 7: 581_998}
#: The players' unfinished count of playable 9-digit primes, a lower bound.
NINE_DIGIT_LOWER_BOUND = 5_250_000


def _playable(tables: ResultTables) -> dict[int, int]:
    frame = tables.read(PRIME_TALLY, columns=["digits", "playable"])
    return dict(zip(frame["digits"].astype(int), frame["playable"].astype(int), strict=True))


def public_tallies_5_to_7_digits(tables: ResultTables) -> Claim:
    """Players count 8 357, 68 703 and 581 998 playable primes of 5, 6 and 7 digits."""
    playable = _playable(tables)
    statement = (
        "There are 8 357 playable primes of 5 digits, 68 703 of 6 and 581 998 of 7 (counts "
        "players quote)."
    )
    formal = (
        "playable primes (some split of the digits into cards fits one deck) per digit "
        "count in the prime tally equal the quoted counts for 5, 6 and 7 digits"
    )
    missing = [d for d in PUBLIC_TALLIES if d not in playable]
    if missing:
        verdict = Verdict.UNDECIDED
        evidence = f"the prime tally has no row for {missing} digits"
    else:
        verdict = verdict_from(all(playable[d] == n for d, n in PUBLIC_TALLIES.items()))
        evidence = "; ".join(
            f"{d} digits: {playable[d]} counted, {n} quoted" for d, n in PUBLIC_TALLIES.items()
        )
    return daifugo_claim(
        "public_tallies_5_to_7_digits",
        PLAYERS_TALLY,
        statement,
        formal,
        verdict,
        evidence,
        (PRIME_TALLY,),
    )


def nine_digit_playable_at_least_5_25_million(tables: ResultTables) -> Claim:
    """Players' unfinished count: at least 5.25 million playable 9-digit primes."""
    playable = _playable(tables)
    statement = (
        "At least 5.25 million 9-digit primes are playable (an unfinished count players quote)."
    )
    formal = (
        f"playable 9-digit primes, counted exactly over every prime below 10^9, are at "
        f"least {NINE_DIGIT_LOWER_BOUND}"
    )
    if 9 not in playable:
        return daifugo_claim(
            "nine_digit_playable_at_least_5_25_million",
            PLAYERS_TALLY,
            statement,
            formal,
            Verdict.UNDECIDED,
            "the prime tally has no row for 9 digits (tally_max below 10^9)",
            (PRIME_TALLY,),
        )
    exact = playable[9]
    return daifugo_claim(
        "nine_digit_playable_at_least_5_25_million",
        PLAYERS_TALLY,
        statement,
        formal,
        verdict_from(exact >= NINE_DIGIT_LOWER_BOUND),
        f"exactly {exact} playable 9-digit primes ({exact / NINE_DIGIT_LOWER_BOUND:.2f} times "
        f"the quoted lower bound of {NINE_DIGIT_LOWER_BOUND})",
        (PRIME_TALLY,),
        caveat="the quoted figure is a lower bound from an unfinished count; the exact "
        "count is the evidence",
    )
