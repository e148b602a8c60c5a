"""The article's claims on how often a revolution can start, read off the hand odds table:
a revolution on any four-card prime would come more often than ordinary daifugō's, 1729 as
a composite play would be harder than 1729 as if prime, 1729 as if prime lies between the
two and (the article says) overcomes the too-frequent problem, and jokers make it likelier.
Where the article gives no measure, the verdict rests on the direction or order its words
commit to; the sizes are the evidence.
"""

from __future__ import annotations

import math

import numpy as np

from asobi.core.claims import (
    Claim,
    Reading,
    ResultTables,
    readings_evidence,
    readings_from_holds,
)
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import HAND_ODDS, ORDINARY_ODDS, daifugo_claim
from asobi.daifugo.claims.decisions import at_most, between, more_often, rarer
from asobi.daifugo.odds import ORDINARY_PLAYERS


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

    def recheck(self, *events: str) -> Recheck:
        """The chances of ``events`` per reading (hand size, jokers), one row each, as the
        hand odds table gives them (null where it lacks one)."""
        columns = ", ".join(
            f"max(probability) FILTER (WHERE event = '{event}') AS {event}" for event in events
        )
        return Recheck(
            f"SELECT hand_size, jokers, {columns} FROM '{HAND_ODDS}' "
            "GROUP BY hand_size, jokers ORDER BY hand_size, jokers",
            [
                {
                    "hand_size": size,
                    "jokers": jokers,
                    **{event: _figure(self.chance(event, size, jokers)) for event in events},
                }
                for size, jokers in self.readings
            ],
        )


def _figure(p: float) -> float | None:
    """A chance as a recheck figure (``None`` where the table lacks it)."""
    return None if math.isnan(p) else p


def _reading_evidence(values: list[str], holds: dict[str, bool]) -> str:
    if not holds:
        return "the hand_odds table has no rows"
    return f"{'; '.join(values)}; {readings_evidence(holds)}"


def _hand_readings(
    values: list[str], holds: dict[str, bool], yardstick: str
) -> tuple[Reading, ...]:
    """One reading per hand (size, jokers): ``values`` are its figures, in ``holds``' order."""
    if not holds:
        return (Reading("no_hands", yardstick, "the hand_odds table has no rows", "undecided"),)
    figures = dict(zip(holds, (value.split(": ", 1)[1] for value in values), strict=True))
    return readings_from_holds(holds, figures, yardstick)


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
        None,
        _reading_evidence(values, holds),
        (HAND_ODDS,),
        recheck=odds.recheck("prime_four_or_more", "four_of_a_kind"),
        readings=_hand_readings(
            values,
            holds,
            "some prime of four or more cards likelier than four of a kind in the same hand",
        ),
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
        None,
        _reading_evidence(values, holds),
        (HAND_ODDS,),
        recheck=odds.recheck("ramanujan_composite", "ramanujan_as_prime"),
        readings=_hand_readings(
            values, holds, "1729 as a composite play rarer than 1729 as if prime"
        ),
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
        None,
        _reading_evidence(values, holds),
        (HAND_ODDS,),
        recheck=odds.recheck("ramanujan_composite", "ramanujan_as_prime", "prime_four_or_more"),
        readings=_hand_readings(
            values,
            holds,
            "1729 as if prime rarer than some four-card prime, likelier than as a composite",
        ),
    )


def revolution_1729_overcomes_too_frequent(tables: ResultTables) -> Claim:
    """The Ramanujan revolution overcomes the four-card rule's problem, a revolution more
    frequent than in ordinary daifugō: the article's yardstick is ordinary daifugō itself, so
    a prime-daifugō hand's chance of 1729 as if prime is set against the chance of four of a
    kind in an ordinary daifugō hand (the whole deck dealt to four players, the
    ``ordinary_odds`` table), jokers standing in on both sides or on neither."""
    odds = _Odds(tables)
    table = tables.read(ORDINARY_ODDS, filters=[("players", "=", ORDINARY_PLAYERS)])
    ordinary = dict(zip(table["jokers"].astype(bool), table["probability"], strict=True))
    ordinary_size = int(table["hand_size"].max()) if len(table) else 0
    holds, values, figures = {}, [], []
    for size, jokers in odds.readings:
        prime = odds.chance("ramanujan_as_prime", size, jokers)
        yardstick = ordinary.get(jokers, float("nan"))
        holds[odds.name(size, jokers)] = at_most(prime, yardstick)
        same_hand = odds.chance("four_of_a_kind", size, jokers)
        values.append(
            f"{odds.name(size, jokers)}: {prime:.4f} vs {yardstick:.4f} "
            f"(x{prime / yardstick:.2f}; four of a kind in the same hand {same_hand:.4f})"
        )
        figures.append(
            {
                "hand_size": size,
                "jokers": jokers,
                "ramanujan_as_prime": _figure(prime),
                "ordinary": _figure(yardstick),
            }
        )
    others = tables.read(ORDINARY_ODDS, filters=[("players", "!=", ORDINARY_PLAYERS)])
    larger = ", ".join(
        f"{row.players} players ({row.hand_size} cards): {row.probability:.4f}"
        for row in others.sort_values(["players", "jokers"]).itertuples()
        if row.jokers
    )
    return daifugo_claim(
        "revolution_1729_overcomes_too_frequent",
        "The Ramanujan revolution overcomes the problem of revolutions coming more often than "
        "in ordinary daifugō.",
        f"the article's yardstick, ordinary daifugō: for {odds.hands()} of prime daifugō, the "
        "chance that the hand can lay 1729 as if prime is no higher than the chance of four "
        f"cards of one rank in an ordinary daifugō hand of {ordinary_size} cards (the whole "
        f"deck dealt to {ORDINARY_PLAYERS} players), jokers standing in on both sides or on "
        "neither",
        None,
        _reading_evidence(values, holds),
        (HAND_ODDS, ORDINARY_ODDS),
        caveat=f"ordinary daifugō read as {ORDINARY_PLAYERS} players; with fewer players its "
        f"hands are larger and four of a kind likelier (with jokers: {larger or 'not tabled'})",
        recheck=Recheck(
            "SELECT h.hand_size, h.jokers, max(h.probability) FILTER (WHERE h.event = "
            "'ramanujan_as_prime') AS ramanujan_as_prime, any_value(o.probability) AS ordinary "
            f"FROM '{HAND_ODDS}' AS h LEFT JOIN '{ORDINARY_ODDS}' AS o "
            f"ON o.jokers = h.jokers AND o.players = {ORDINARY_PLAYERS} "
            "GROUP BY h.hand_size, h.jokers ORDER BY h.hand_size, h.jokers",
            figures,
        ),
        readings=_hand_readings(
            values,
            holds,
            "1729 as if prime in a prime-daifugō hand no likelier than four of a kind in an "
            f"ordinary daifugō hand ({ORDINARY_PLAYERS} players)",
        ),
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
    event = "ramanujan_as_prime"
    return daifugo_claim(
        "revolution_jokers_somewhat_more_likely",
        "Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely.",
        f"for {odds.hands()}: the chance of laying 1729 as if prime is higher with the hand's "
        "jokers standing in than without ('somewhat' gives no measure: the ratio is the "
        "evidence)",
        None,
        _reading_evidence(values, holds),
        (HAND_ODDS,),
        recheck=Recheck(
            f"SELECT hand_size, max(probability) FILTER (WHERE event = '{event}' AND NOT jokers) "
            f"AS without_jokers, max(probability) FILTER (WHERE event = '{event}' AND jokers) "
            f"AS with_jokers FROM '{HAND_ODDS}' GROUP BY hand_size ORDER BY hand_size",
            [
                {
                    "hand_size": size,
                    "without_jokers": _figure(odds.chance(event, size, False)),
                    "with_jokers": _figure(odds.chance(event, size, True)),
                }
                for size in odds.sizes
            ],
        ),
        readings=_hand_readings(
            values, holds, "1729 as if prime likelier with the jokers standing in than without"
        ),
    )
