"""The article's claims on how often a revolution can start, read off the hand odds and the
ordinary daifugō odds: a revolution on any four-card prime would come more often than
ordinary daifugō's, 1729 as if prime overcomes that problem and gives a suitable frequency
(above the composite play, no likelier than ordinary daifugō's revolution), 1729 as a
composite play would be harder than 1729 as if prime, and jokers make it likelier.
Where the article gives no measure, the verdict rests on the direction or order its words
commit to; the sizes are the evidence. "More often than ordinary daifugō" has two
yardsticks, read the same way in every claim that uses the phrase: four of a kind in a hand
of the same size, and four of a kind in ordinary daifugō as it deals (the whole deck to 3,
4 or 5 players); each hand (size, jokers) and yardstick is one reading.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from asobi.core.claims import (
    Claim,
    Reading,
    ResultTables,
    Verdict,
    reading_slug,
    readings_evidence,
    readings_from_holds,
    verdict_from,
)
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import HAND_ODDS, ORDINARY_ODDS, daifugo_claim
from asobi.daifugo.claims.decisions import at_most, more_often, rarer


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


class _Yardsticks:
    """The two yardsticks of "more often than ordinary daifugō" (the article's words, in
    both frequency claims, read the same way): four of a kind in a hand of the same size
    from the same deck (``same_hand``), and four of a kind in ordinary daifugō as it deals,
    the whole deck to 3, 4 or 5 players (``as_dealt``, the ``ordinary_odds`` table); the
    jokers stand in on both sides or on neither."""

    def __init__(self, tables: ResultTables, odds: _Odds) -> None:
        table = tables.read(
            ORDINARY_ODDS, columns=["players", "hand_size", "jokers", "probability"]
        )
        self.odds = odds
        self.ordinary = {
            (int(row.players), bool(row.jokers)): (int(row.hand_size), float(row.probability))
            for row in table.itertuples()
        }
        self.players = sorted({players for players, _ in self.ordinary})

    def yardsticks(self, size: int, jokers: bool) -> list[tuple[str, str, float, str]]:
        """Per yardstick for the hand (``size``, ``jokers``): its reading id, its words,
        the chance of four of a kind under it, and the SQL giving that chance."""
        name = _Odds.name(size, jokers)
        same = self.odds.chance("four_of_a_kind", size, jokers)
        found = [
            (
                reading_slug(f"same hand {name}"),
                f"four of a kind in a hand of the same size ({name})",
                same,
                f"(SELECT max(probability) FROM '{HAND_ODDS}' WHERE event = 'four_of_a_kind' "
                f"AND hand_size = {size} AND jokers = {_sql_bool(jokers)})",
            )
        ]
        for players in self.players:
            hand, chance = self.ordinary.get((players, jokers), (0, float("nan")))
            found.append(
                (
                    reading_slug(f"as dealt {players} players {name}"),
                    f"four of a kind in ordinary daifugō as dealt: the whole deck to "
                    f"{players} players ({hand}-card hands), against a prime-daifugō {name}",
                    chance,
                    f"(SELECT max(probability) FROM '{ORDINARY_ODDS}' WHERE players = "
                    f"{players} AND jokers = {_sql_bool(jokers)})",
                )
            )
        return found


def _sql_bool(value: bool) -> str:
    return "true" if value else "false"


def _frequency_readings(
    odds: _Odds,
    sticks: _Yardsticks,
    event: str,
    holds: Callable[[float, float, float], bool],
    what: str,
    with_composite: bool = False,
) -> tuple[tuple[Reading, ...], str]:
    """Per hand (size, jokers) and yardstick, one reading: ``holds(p, yardstick,
    composite)`` with ``p`` the chance of ``event`` and ``composite`` that of 1729 as a
    composite play (same hand, a figure of the reading when ``with_composite``); ``what``
    says what holds in words. Also the evidence: the
    figures per hand and which readings hold."""
    if not odds.readings:
        reading = Reading("no_hands", what, "the hand_odds table has no rows", "undecided")
        return (reading,), "the hand_odds table has no rows"
    readings, lines = [], []
    for size, jokers in odds.readings:
        p = odds.chance(event, size, jokers)
        composite = odds.chance("ramanujan_composite", size, jokers)
        shown = []
        for reading_id, words, chance, sql in sticks.yardsticks(size, jokers):
            figures = f"{event} {p:.4f} vs four of a kind {chance:.4f}"
            columns = {"chance": p, "yardstick": chance}
            select = (
                f"(SELECT max(probability) FROM '{HAND_ODDS}' WHERE event = '{event}' AND "
                f"hand_size = {size} AND jokers = {_sql_bool(jokers)}) AS chance, "
                f"{sql} AS yardstick"
            )
            if with_composite:
                figures += f" (1729 as a composite play {composite:.5f})"
                columns["composite"] = composite
                select += (
                    f", (SELECT max(probability) FROM '{HAND_ODDS}' WHERE event = "
                    f"'ramanujan_composite' AND hand_size = {size} AND jokers = "
                    f"{_sql_bool(jokers)}) AS composite"
                )
            ok = holds(p, chance, composite)
            readings.append(
                Reading(
                    reading_id,
                    f"{what}: {words}",
                    figures,
                    "undecided" if math.isnan(chance) or math.isnan(p) else verdict_from(ok),
                    Recheck(
                        f"SELECT {select}",
                        {key: _figure(value) for key, value in columns.items()},
                    ),
                )
            )
            shown.append(f"{chance:.4f}")
        lines.append(
            f"{_Odds.name(size, jokers)}: {p:.4f} vs four of a kind {shown[0]} (same hand), "
            f"{'/'.join(shown[1:])} (as dealt to {'/'.join(map(str, sticks.players))} players)"
        )
    held = [r.reading_id for r in readings if r.verdict is Verdict.CONFIRMED]
    failed = [r.reading_id for r in readings if r.verdict is Verdict.REFUTED]
    evidence = (
        f"{'; '.join(lines)}; holds under {len(held)} of {len(readings)} readings; fails "
        f"under: {', '.join(failed) or 'none'}"
    )
    return tuple(readings), evidence


#: What the frequency claims leave out, in their conditions and caveat.
_NO_DRAWING = (
    "hands as dealt at the start: the article's game draws from a deck (山札) that the "
    "flowed cards go back to, but it does not say when a player draws, so hands growing by "
    "drawing are left out"
)


def revolution_four_cards_too_frequent(tables: ResultTables) -> Claim:
    """A revolution on any play of four or more cards would come more often than the
    revolution of ordinary daifugō (four of a kind), under each yardstick of "ordinary
    daifugō" (a same-size hand; ordinary daifugō as dealt to 3, 4 or 5 players)."""
    odds = _Odds(tables)
    readings, evidence = _frequency_readings(
        odds,
        _Yardsticks(tables, odds),
        "prime_four_or_more",
        lambda p, yardstick, _: more_often(p, yardstick),
        "some prime of four or more cards likelier than",
    )
    return daifugo_claim(
        "revolution_four_cards_too_frequent",
        "If every play of four or more cards started a revolution, revolutions would be "
        "possible more often than in ordinary daifugō.",
        f"for {odds.hands()} dealt from the deck, jokers unused and standing in: the chance "
        "that the hand can lay some prime with four or more cards is higher than the chance "
        "of four cards of one rank (ordinary daifugō's revolution), in a hand of the same "
        "size and in ordinary daifugō as dealt (the whole deck to 3, 4 or 5 players); "
        f"{_NO_DRAWING}",
        None,
        evidence,
        (HAND_ODDS, ORDINARY_ODDS),
        recheck=odds.recheck("prime_four_or_more", "four_of_a_kind"),
        readings=readings,
    )


def revolution_1729_as_prime_suitable(tables: ResultTables) -> Claim:
    """Playing 1729 as if prime gives the revolution a suitable frequency: read as the band
    the article's own words set, likelier than the rule it calls too hard (1729 as a
    composite play) and no likelier than the revolution of ordinary daifugō (the problem the
    four-card rule had), under each yardstick of "ordinary daifugō"."""
    odds = _Odds(tables)
    readings, evidence = _frequency_readings(
        odds,
        _Yardsticks(tables, odds),
        "ramanujan_as_prime",
        lambda p, yardstick, composite: rarer(composite, p) and at_most(p, yardstick),
        "1729 as if prime likelier than as a composite play and no likelier than",
        with_composite=True,
    )
    return daifugo_claim(
        "revolution_1729_as_prime_suitable",
        "Letting 1729 be played as if prime should give the revolution a suitable frequency.",
        f"'suitable' read as the band the article's words set, for {odds.hands()}: the "
        "chance of laying 1729 as if prime is higher than that of 1729 as a composite play "
        "(the rule it calls too hard) and no higher than that of four of a kind, the "
        "revolution of ordinary daifugō (the four-card rule's problem), in a hand of the "
        "same size and in ordinary daifugō as dealt (the whole deck to 3, 4 or 5 players); "
        f"{_NO_DRAWING}",
        None,
        evidence,
        (HAND_ODDS, ORDINARY_ODDS),
        recheck=odds.recheck("ramanujan_composite", "ramanujan_as_prime", "four_of_a_kind"),
        readings=readings,
    )


def revolution_1729_overcomes_too_frequent(tables: ResultTables) -> Claim:
    """The Ramanujan revolution overcomes the four-card rule's problem, a revolution more
    frequent than in ordinary daifugō: the same readings of "ordinary daifugō" as
    :func:`revolution_four_cards_too_frequent` (a same-size hand; ordinary daifugō as dealt
    to 3, 4 or 5 players), 1729 as if prime no likelier than four of a kind under each."""
    odds = _Odds(tables)
    readings, evidence = _frequency_readings(
        odds,
        _Yardsticks(tables, odds),
        "ramanujan_as_prime",
        lambda p, yardstick, _: at_most(p, yardstick),
        "1729 as if prime no likelier than",
    )
    return daifugo_claim(
        "revolution_1729_overcomes_too_frequent",
        "The Ramanujan revolution overcomes the problem of revolutions coming more often than "
        "in ordinary daifugō.",
        f"for {odds.hands()} of prime daifugō, jokers unused and standing in: the chance "
        "that the hand can lay 1729 as if prime is no higher than the chance of four cards "
        "of one rank, in a hand of the same size and in ordinary daifugō as dealt (the "
        f"whole deck to 3, 4 or 5 players), jokers on both sides or on neither; {_NO_DRAWING}",
        None,
        evidence,
        (HAND_ODDS, ORDINARY_ODDS),
        recheck=odds.recheck("ramanujan_as_prime", "four_of_a_kind"),
        readings=readings,
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
