"""The article's claims on how often a revolution can start, read off the hand odds table:
a revolution on any four-card prime would come too often, 1729 as a composite play too
seldom, 1729 as if prime about right, and jokers help somewhat.
"""

from __future__ import annotations

import numpy as np

from asobi.core.claims import Claim, ResultTables, readings_evidence, verdict_over_readings
from asobi.daifugo.claims.citations import HAND_ODDS, REVOLUTION, daifugo_claim
from asobi.daifugo.claims.decisions import (
    MORE_OFTEN,
    MUCH_RARER,
    SOMEWHAT,
    more_often,
    much_rarer,
    somewhat_more,
    suitable,
)


class _Odds:
    """The hand odds table as ``chance(event, size, jokers)``; readings are the hand sizes
    (the article leaves the hand open, 7 or 11 cards being usual) and whether the jokers
    may stand in (the joker rule is optional)."""

    def __init__(self, tables: ResultTables) -> None:
        odds = tables.read(HAND_ODDS, columns=["hand_size", "jokers", "event", "probability"])
        self.p = odds.set_index(["hand_size", "jokers", "event"])["probability"]
        pairs = zip(odds["hand_size"], odds["jokers"], strict=True)
        self.readings = sorted({(int(s), bool(j)) for s, j in pairs})
        self.sizes = sorted({size for size, _ in self.readings})

    def chance(self, event: str, size: int, jokers: bool) -> float:
        return float(self.p.get((size, jokers, event), np.nan))

    @staticmethod
    def name(size: int, jokers: bool) -> str:
        return f"{size} cards {'with' if jokers else 'without'} jokers"

    def hands(self) -> str:
        return f"hands of {', '.join(map(str, self.sizes)) or 'no'} cards"


def _reading_evidence(values: list[str], holds: dict[str, bool]) -> str:
    if not holds:
        return "the hand_odds table has no rows"
    return f"{'; '.join(values)}; {readings_evidence(holds)}"


def revolution_four_cards_too_frequent(tables: ResultTables) -> Claim:
    """A revolution on any play of four or more cards would come far more often than the
    revolution of ordinary daifugō (four of a kind)."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        rule = odds.chance("prime_four_or_more", size, jokers)
        ordinary = odds.chance("four_of_a_kind", size, jokers)
        holds[odds.name(size, jokers)] = more_often(rule, ordinary)
        values.append(f"{odds.name(size, jokers)}: {rule:.4f} vs {ordinary:.4f}")
    return daifugo_claim(
        "revolution_four_cards_too_frequent",
        REVOLUTION,
        "If every play of four or more cards started a revolution, revolutions would be "
        "possible far more often than in ordinary daifugō.",
        f"for {odds.hands()} dealt from the deck, jokers unused and standing in: the chance "
        f"that the hand can lay some prime with four or more cards is more than {MORE_OFTEN:g}× "
        "the chance of four cards of one rank (ordinary daifugō's revolution)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_1729_composite_too_hard(tables: ResultTables) -> Claim:
    """Requiring 1729 as a composite play (7·13·19) would make the revolution quite hard."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        composite = odds.chance("ramanujan_composite", size, jokers)
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        holds[odds.name(size, jokers)] = much_rarer(composite, prime)
        values.append(f"{odds.name(size, jokers)}: {composite:.5f} vs {prime:.4f}")
    return daifugo_claim(
        "revolution_1729_composite_too_hard",
        REVOLUTION,
        "Starting the revolution only when 1729 is laid as a composite play would make it "
        "quite hard to play.",
        f"for {odds.hands()}: the chance of laying 1729 = 7·13·19 with its factor cards is at "
        f"most {MUCH_RARER:g} times the chance of laying 1729 as if prime (same joker setting)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_1729_as_prime_suitable(tables: ResultTables) -> Claim:
    """Playing 1729 as if prime gives the revolution a suitable frequency."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        rule = odds.chance("prime_four_or_more", size, jokers)
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        composite = odds.chance("ramanujan_composite", size, jokers)
        holds[odds.name(size, jokers)] = suitable(prime, composite, rule)
        values.append(f"{odds.name(size, jokers)}: {composite:.5f} < {prime:.4f} < {rule:.4f}")
    return daifugo_claim(
        "revolution_1729_as_prime_suitable",
        REVOLUTION,
        "Letting 1729 be played as if prime should give the revolution a suitable frequency.",
        f"'suitable' read as between the two rules the article rejects, for {odds.hands()}: "
        f"the chance of laying 1729 as if prime is at most {MUCH_RARER:g} times that of some "
        f"prime of four or more cards (not too frequent) and at least {1 / MUCH_RARER:g} "
        "times that of 1729 as a composite play (not too hard)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_jokers_somewhat_more_likely(tables: ResultTables) -> Claim:
    """Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size in odds.sizes:
        without = odds.chance("ramanujan_as_prime", size, False)
        with_jokers = odds.chance("ramanujan_as_prime", size, True)
        ratio = with_jokers / without if without > 0 else float("inf")
        holds[f"{size} cards"] = somewhat_more(ratio)
        values.append(f"{size} cards: {without:.4f} -> {with_jokers:.4f} (x{ratio:.2f})")
    return daifugo_claim(
        "revolution_jokers_somewhat_more_likely",
        REVOLUTION,
        "Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely.",
        f"for {odds.hands()}: the chance of laying 1729 as if prime is higher with the hand's "
        f"jokers standing in than without, by less than {SOMEWHAT:g} times ('somewhat')",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )
