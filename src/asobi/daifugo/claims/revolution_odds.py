"""The article's claims on how often a revolution can start, read off the hand odds table:
a revolution on any four-card prime would come more often than ordinary daifugō's, 1729 as
a composite play would be harder than 1729 as if prime, 1729 as if prime lies between the
two and (the article says) overcomes the too-frequent problem, and jokers make it likelier.
Where the article gives no measure, the verdict rests on the direction or order its words
commit to; the sizes are the evidence.
"""

from __future__ import annotations

import numpy as np

from asobi.core.claims import Claim, ResultTables, readings_evidence, verdict_over_readings
from asobi.daifugo.claims.citations import HAND_ODDS, daifugo_claim
from asobi.daifugo.claims.decisions import at_most, between, more_often, rarer


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
    """A revolution on any play of four or more cards would come more often than the
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
        "If every play of four or more cards started a revolution, revolutions would be "
        "possible more often than in ordinary daifugō.",
        f"for {odds.hands()} dealt from the deck, jokers unused and standing in: the chance "
        "that the hand can lay some prime with four or more cards is higher than the chance "
        "of four cards of one rank (ordinary daifugō's revolution)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_1729_composite_too_hard(tables: ResultTables) -> Claim:
    """Requiring 1729 as a composite play (7·13·19) would make the revolution hard to play:
    harder than the rule adopted, 1729 as if prime."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        composite = odds.chance("ramanujan_composite", size, jokers)
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        holds[odds.name(size, jokers)] = rarer(composite, prime)
        share = f" ({composite / prime:.1%} of it)" if prime > 0 else ""
        values.append(f"{odds.name(size, jokers)}: {composite:.5f} vs {prime:.4f}{share}")
    return daifugo_claim(
        "revolution_1729_composite_too_hard",
        "Starting the revolution only when 1729 is laid as a composite play would make it "
        "quite hard to play.",
        f"for {odds.hands()}: the chance of laying 1729 = 7·13·19 with its factor cards is "
        "lower than the chance of laying 1729 as if prime (same joker setting); 'quite' "
        "gives no measure, the share is the evidence",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_1729_as_prime_suitable(tables: ResultTables) -> Claim:
    """Playing 1729 as if prime gives the revolution a suitable frequency: between the rule
    the article calls too frequent and the one it calls too hard."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        rule = odds.chance("prime_four_or_more", size, jokers)
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        composite = odds.chance("ramanujan_composite", size, jokers)
        holds[odds.name(size, jokers)] = between(prime, composite, rule)
        values.append(f"{odds.name(size, jokers)}: {composite:.5f} < {prime:.4f} < {rule:.4f}")
    return daifugo_claim(
        "revolution_1729_as_prime_suitable",
        "Letting 1729 be played as if prime should give the revolution a suitable frequency.",
        f"'suitable' read as the order the article's words commit to, for {odds.hands()}: the "
        "chance of laying 1729 as if prime is lower than that of some prime of four or more "
        "cards (the rule it calls too frequent) and higher than that of 1729 as a composite "
        "play (the rule it calls too hard)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


def revolution_1729_overcomes_too_frequent(tables: ResultTables) -> Claim:
    """The Ramanujan revolution overcomes the four-card rule's problem, a revolution more
    frequent than in ordinary daifugō: 1729 as if prime no likelier than four of a kind."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size, jokers in odds.readings:
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        ordinary = odds.chance("four_of_a_kind", size, jokers)
        holds[odds.name(size, jokers)] = at_most(prime, ordinary)
        ratio = f" (x{prime / ordinary:.1f})" if ordinary > 0 else ""
        values.append(f"{odds.name(size, jokers)}: {prime:.4f} vs {ordinary:.4f}{ratio}")
    return daifugo_claim(
        "revolution_1729_overcomes_too_frequent",
        "The Ramanujan revolution overcomes the problem of revolutions coming more often than "
        "in ordinary daifugō.",
        f"the article's yardstick, for {odds.hands()}: the chance that the hand can lay 1729 "
        "as if prime is no higher than the chance of four cards of one rank (ordinary "
        "daifugō's revolution), same hand and joker setting",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
        caveat="same hand sizes for both; ordinary daifugō deals the whole deck among the "
        "players (larger hands), where four of a kind is likelier than in these hands",
    )


def revolution_jokers_somewhat_more_likely(tables: ResultTables) -> Claim:
    """Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely:
    more likely (the direction); by how much is the evidence."""
    odds = _Odds(tables)
    holds, values = {}, []
    for size in odds.sizes:
        without = odds.chance("ramanujan_as_prime", size, False)
        with_jokers = odds.chance("ramanujan_as_prime", size, True)
        ratio = with_jokers / without if without > 0 else float("inf")
        holds[f"{size} cards"] = more_often(with_jokers, without)
        values.append(f"{size} cards: {without:.4f} -> {with_jokers:.4f} (x{ratio:.2f})")
    return daifugo_claim(
        "revolution_jokers_somewhat_more_likely",
        "Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely.",
        f"for {odds.hands()}: the chance of laying 1729 as if prime is higher with the hand's "
        "jokers standing in than without ('somewhat' gives no measure: the ratio is the "
        "evidence)",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )
