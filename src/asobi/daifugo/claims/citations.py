"""What a 素数大富豪 claim cites: the article and its sections, the rules engine, the tables.

:func:`daifugo_claim` makes a :class:`~asobi.core.claims.Claim` of the game from its short
name; every claim module of :mod:`asobi.daifugo.claims` builds its claims through it.
"""

from __future__ import annotations

from asobi.core.claims import Claim, Verdict

GAME = "daifugo"
ARTICLE = "「[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し」 (integers, 2016-12-22)"
EXPONENT = f"{ARTICLE}, section 合成数出しに関する指数表記出し"
REVOLUTION = f"{ARTICLE}, section ラマヌジャン革命"
INTRO = f"{ARTICLE}, introduction"
PLAYERS_LARGEST = (
    "players' figure for the largest prime of one deck (71 digits, quoted in asobi issue 49; "
    "not stated in the article)"
)
PLAYERS_TALLY = (
    "players' counts of playable primes by digit count (5 to 7 digits, and an unfinished "
    "9-digit count; quoted in asobi issue 49, not stated in the article)"
)
RULES_ENGINE = "asobi's rules engine (daifugo.judge) and enumerator of composite plays"

NUMBERS = "daifugo/numbers.parquet"
Z3 = "daifugo/z3_crosscheck.parquet"
GENOCCHI = "daifugo/genocchi.parquet"
HAND_ODDS = "daifugo/hand_odds.parquet"
LARGEST_PRIMES = "daifugo/largest_primes.parquet"
PRIME_TALLY = "daifugo/prime_tally.parquet"


def daifugo_claim(
    name: str,
    source: str,
    statement: str,
    formal: str,
    verdict: Verdict,
    evidence: str,
    tables: tuple[str, ...] = (),
    caveat: str | None = None,
) -> Claim:
    """The claim ``daifugo.<name>`` (its id is the game and the builder's name).

    >>> daifugo_claim("example_1", INTRO, "s", "f", Verdict.CONFIRMED, "e").claim_id
    'daifugo.example_1'
    """
    return Claim(
        f"{GAME}.{name}", GAME, source, statement, formal, verdict, evidence, tables, caveat
    )
