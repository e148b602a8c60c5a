"""The article's claims about 素数大富豪, each decided from computed facts.

One builder per claim (:data:`BUILDERS`, or :func:`builders` for another deck); each reads
the tables it needs through :class:`~asobi.core.claims.ResultTables` (the worked examples
read none: they ask the rules engine and the enumerator of composite plays, and cite no
table) and gets its verdict from a small decision function over the facts it computed,
with the thresholds as named constants. Three groups: the worked examples, the claims read
off the numbers, z3 and Genocchi tables, and the article's statements on how often a
revolution can start (hand odds). The module is longer than most (about 900 lines) because
each claim carries its own statement, formal reading and decision; splitting the groups
apart would scatter one article's claims over several files.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial, update_wrapper
from typing import Any

import numpy as np
import pandas as pd

from asobi.core.claims import (
    Claim,
    ClaimBuilder,
    ResultTables,
    Verdict,
    readings_evidence,
    verdict_from,
    verdict_over_readings,
)
from asobi.daifugo import daifugo
from asobi.daifugo.daifugo import (
    RAMANUJAN,
    Field,
    Play,
    Rules,
    Ruling,
    card_names,
    jokers_needed,
    tokenisations,
)
from asobi.daifugo.genocchi import genocchi
from asobi.daifugo.layouts import Term, composite_layouts, expression_layouts
from asobi.daifugo.numbers import is_carmichael

GAME = "daifugo"
ARTICLE = "「[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し」 (integers, 2016-12-22)"
EXPONENT = f"{ARTICLE}, section 合成数出しに関する指数表記出し"
REVOLUTION = f"{ARTICLE}, section ラマヌジャン革命"
INTRO = f"{ARTICLE}, introduction"
RULES_ENGINE = "asobi's rules engine (daifugo.judge) and enumerator of composite plays"

NUMBERS = "daifugo/numbers.parquet"
Z3 = "daifugo/z3_crosscheck.parquet"
GENOCCHI = "daifugo/genocchi.parquet"
HAND_ODDS = "daifugo/hand_odds.parquet"

#: The article's smallest composite that cannot be laid without exponent notation.
FIRST_UNPLAYABLE_COMPOSITE = 128
#: The article's smallest Eden prime (no deal can lay it).
FIRST_EDEN_PRIME = 40009
#: Cards 1729 needs, the count of ordinary daifugō's revolution.
REVOLUTION_CARDS = 4
#: The Carmichael numbers the article names below 1729.
SMALLER_CARMICHAEL = (561, 1105)
#: Carmichael numbers are looked for up to this (and ``n_max``).
CARMICHAEL_SEARCH_MAX = 100_000
#: Factors a player sees at a glance (last digit, digit sum): 2, 3 and 5.
VISIBLE_FACTORS = (2, 3, 5)
#: The Genocchi index of 17, the one positive Genocchi prime the article names.
GENOCCHI_17_INDEX = 8
#: Primes below this are asked whether they need a joker.
JOKER_PRIMES_BELOW = 10**6
#: "More often than in ordinary daifugō": the odds exceed this multiple of four of a kind.
MORE_OFTEN = 1.0
#: "Quite hard" / "much rarer": at most this multiple of the other odds (an order of magnitude).
MUCH_RARER = 0.1
#: "Somewhat more likely": more likely, by less than this factor.
SOMEWHAT = 2.0

CLAIM_IDS = tuple(
    f"{GAME}.{name}"
    for name in (
        "example_32",
        "example_88",
        "example_64",
        "example_691",
        "example_155",
        "example_23456",
        "example_1024",
        "example_1",
        "example_6",
        "example_65536",
        "example_5187",
        "ramanujan_not_composite",
        "ramanujan_revolution_rules",
        "smallest_unplayable_composite_without_exponent",
        "smallest_eden_prime",
        "ramanujan_smallest_carmichael_four_cards",
        "ramanujan_looks_prime",
        "genocchi_17_only_prime",
        "finding_rescued_by_exponent",
        "finding_still_unplayable",
        "finding_primes_needing_joker",
        "square_free_unchanged",
        "z3_crosscheck",
        "revolution_four_cards_too_frequent",
        "revolution_1729_composite_too_hard",
        "revolution_1729_as_prime_suitable",
        "revolution_jokers_somewhat_more_likely",
    )
)


def _claim(
    name: str,
    source: str,
    statement: str,
    formal: str,
    verdict: Verdict,
    evidence: str,
    tables: tuple[str, ...] = (),
    caveat: str | None = None,
) -> Claim:
    return Claim(
        f"{GAME}.{name}", GAME, source, statement, formal, verdict, evidence, tables, caveat
    )


# --- decision functions ----------------------------------------------------------------------


def decide_all_hold(checks: Mapping[str, bool]) -> Verdict:
    """A worked example: confirmed when every step of it holds in the engine, else refuted."""
    return verdict_from(bool(checks) and all(checks.values()))


def decide_least(found: int | None, expected: int, searched_to: int) -> Verdict:
    """ "The least n with a property is ``expected``": confirmed when the table's least is it;
    undecided when the table stops below ``expected`` and has none; refuted otherwise."""
    if found == expected:
        return Verdict.CONFIRMED
    if found is None and searched_to < expected:
        return Verdict.UNDECIDED
    return Verdict.REFUTED


def decide_carmichael(cards: Mapping[int, int | None], n_max: int) -> Verdict:
    """1729 the least Carmichael number needing ``REVOLUTION_CARDS`` cards, 561 and 1105
    fewer: undecided when the table stops below 1729."""
    if n_max < RAMANUJAN:
        return Verdict.UNDECIDED
    first = next((n for n, c in sorted(cards.items()) if c is not None and c >= 4), None)
    smaller = all(
        cards.get(n) is not None and cards[n] < REVOLUTION_CARDS for n in SMALLER_CARMICHAEL
    )
    return verdict_from(first == RAMANUJAN and cards[RAMANUJAN] == REVOLUTION_CARDS and smaller)


def decide_looks_prime(smallest: Mapping[int, int | None]) -> Verdict:
    """1729's least prime factor is 7 (not one seen at a glance); 561 and 1105 have one of
    ``VISIBLE_FACTORS`` (undecided when a factor is unknown: the table is too short)."""
    if any(p is None for p in smallest.values()):
        return Verdict.UNDECIDED
    visible = all(smallest[n] in VISIBLE_FACTORS for n in SMALLER_CARMICHAEL)
    return verdict_from(smallest[RAMANUJAN] == 7 and visible)


def decide_genocchi(positive_primes: Sequence[int], top: int) -> tuple[Verdict, str | None]:
    """17 (G_8) the only positive Genocchi prime: refuted by any other positive prime (or by
    G_8 not prime); confirmed up to the index checked (the caveat), undecided below 8."""
    if top < GENOCCHI_17_INDEX and not positive_primes:
        return Verdict.UNDECIDED, f"the table stops at index {top}, below G_8 = 17"
    if list(positive_primes) != [GENOCCHI_17_INDEX]:
        return Verdict.REFUTED, None
    return Verdict.CONFIRMED, f"checked for even indices up to {top}; no proof beyond"


def decide_exists(count: int) -> Verdict:
    """ "Some n has the property": confirmed by one, refuted by none in the table."""
    return verdict_from(count > 0)


def decide_for_all(failures: int, checked: int, bound: str) -> tuple[Verdict, str | None]:
    """A statement about every n, checked on a finite table: refuted by one failure;
    undecided with nothing checked; else confirmed with the bound as caveat."""
    if failures:
        return Verdict.REFUTED, None
    if not checked:
        return Verdict.UNDECIDED, f"nothing to check {bound}"
    return Verdict.CONFIRMED, f"checked {bound}, no proof beyond"


def more_often(p: float, reference: float) -> bool:
    """``p`` exceeds ``MORE_OFTEN`` times the reference odds."""
    return p > MORE_OFTEN * reference


def much_rarer(p: float, reference: float) -> bool:
    """``p`` is at most ``MUCH_RARER`` times the reference odds."""
    return p <= MUCH_RARER * reference


def suitable(p: float, too_rare: float, too_frequent: float) -> bool:
    """Between the two rules the article rejects, an order of magnitude from each: much
    rarer than the too-frequent rule, and the too-rare rule much rarer than ``p``."""
    return much_rarer(p, too_frequent) and much_rarer(too_rare, p)


def somewhat_more(ratio: float) -> bool:
    """More likely, by less than ``SOMEWHAT`` times."""
    return 1 < ratio < SOMEWHAT


# --- the worked examples (rules engine and enumerator, no table) -----------------------------


def _has_layout(n: int, expression: str, multiset: list[int], rules: Rules) -> bool:
    wanted = tuple(sorted(multiset))
    return any(
        layout.text == expression and layout.multiset == wanted
        for layout in composite_layouts(n, rules)
    )


def _names(cards: tuple[int, ...], rules: Rules) -> str:
    return " ".join(card_names(cards, rules))


def _ruling(text: str, rules: Rules, field: Field | None = None) -> Ruling:
    # through the module so that a test can put another engine in its place
    return daifugo.judge(field or Field(), Play.parse(text), rules)


def _checks_text(checks: Mapping[str, bool]) -> str:
    return "; ".join(f"{name}: {'holds' if ok else 'fails'}" for name, ok in checks.items())


def _example(
    name: str, source: str, statement: str, formal: str, checks: Mapping[str, bool], extra=""
) -> Claim:
    evidence = _checks_text(checks) + (f"; {extra}" if extra else "")
    return _claim(name, source, statement, formal, decide_all_hold(checks), evidence)


def example_32(tables: ResultTables, rules: Rules) -> Claim:
    """32 may be laid as 2^5 with the cards 3, 2, 2, 5."""
    checks = {"2^5 with 3 2 2 5 is a layout of 32": _has_layout(32, "2^5", [3, 2, 2, 5], rules)}
    return _example(
        "example_32",
        EXPONENT,
        "32 may be laid as 2^5 using the cards 3, 2, 2, 5.",
        f"{RULES_ENGINE}: the composite layouts of 32 include 2^5 with cards {{3,2,2,5}}",
        checks,
    )


def example_88(tables: ResultTables, rules: Rules) -> Claim:
    """88 = 2^3·11 may be laid as 8 8 2 3 J or as 8 8 2 3 A A."""
    checks = {
        f"2^3*11 with {' '.join(card_names(tuple(cards), rules))}": _has_layout(
            88, "2^3*11", cards, rules
        )
        for cards in ([8, 8, 2, 3, 11], [8, 8, 2, 3, 1, 1])
    }
    return _example(
        "example_88",
        EXPONENT,
        "88 = 2^3·11 may be laid as 8, 8, 2, 3, J or as 8, 8, 2, 3, A, A.",
        f"{RULES_ENGINE}: both card multisets are layouts of 88 with expression 2^3*11",
        checks,
    )


def example_64(tables: ResultTables, rules: Rules) -> Claim:
    """64 may be laid fully in exponent form (2^6) or partially (2·2·2·2^3)."""
    checks = {
        "2^6 with 6 4 2 6": _has_layout(64, "2^6", [6, 4, 2, 6], rules),
        "2*2*2*2^3 with 6 4 2 2 2 2 3": _has_layout(64, "2*2*2*2^3", [6, 4, 2, 2, 2, 2, 3], rules),
    }
    return _example(
        "example_64",
        EXPONENT,
        "64 may be laid fully in exponent form (2^6) or partially (2·2·2·2^3).",
        f"{RULES_ENGINE}: the layouts of 64 include 2^6 and 2*2*2*2^3",
        checks,
    )


def example_691(tables: ResultTables, rules: Rules) -> Claim:
    """691 may not be laid as 691^1 (exponent 1 not allowed); 691 alone is legal."""
    wrong, right = _ruling("691=691^1", rules), _ruling("691", rules)
    checks = {
        "691=691^1 refused": not wrong.legal,
        "not a foul": not wrong.foul,
        "691 alone legal": right.legal,
    }
    return _example(
        "example_691",
        EXPONENT,
        "691 may not be laid as 691^1 (an exponent of 1 is not allowed).",
        f"{RULES_ENGINE}: 691=691^1 refused without a foul; 691 alone is a legal prime play",
        checks,
        f"engine: {wrong.reason} / {right.reason}",
    )


def example_155(tables: ResultTables, rules: Rules) -> Claim:
    """155 may not be laid as 5·31^1, only as 5·31."""
    wrong, right = _ruling("155=5*31^1", rules), _ruling("155=5*31", rules)
    checks = {
        "155=5*31^1 refused": not wrong.legal,
        "not a foul": not wrong.foul,
        "155=5*31 legal": right.legal,
    }
    return _example(
        "example_155",
        EXPONENT,
        "155 may not be laid as 5·31^1, only as 5·31.",
        f"{RULES_ENGINE}: 155=5*31^1 refused (not a foul), 155=5*31 accepted",
        checks,
        f"engine: {wrong.reason} / {right.reason}",
    )


def example_23456(tables: ResultTables, rules: Rules) -> Claim:
    """23456 = 2^5·733 may be laid with a joker standing for the exponent 5."""
    joker_free = [
        layout
        for layout in expression_layouts(23456, (Term(2, (5,)), Term(733)), rules)
        if layout.jokers + 1 <= rules.jokers and 5 in layout.multiset
    ]
    checks = {"a layout of 2^5*733 still fits with a joker for a 5": bool(joker_free)}
    example = _names(joker_free[0].cards, rules) if joker_free else "none"
    return _example(
        "example_23456",
        EXPONENT,
        "23456 = 2^5·733 may be laid with a joker standing for the exponent 5.",
        f"{RULES_ENGINE}: a layout of 23456 with expression 2^5*733 exists that still fits "
        "the deck when one of its 5s is replaced by a joker",
        checks,
        f"{len(joker_free)} such layouts, e.g. {example}",
    )


def example_1024(tables: ResultTables, rules: Rules) -> Claim:
    """1024 = 2^10 may be laid with a joker as the 0 of the exponent 10."""
    multisets = {lay.multiset for lay in expression_layouts(1024, (Term(2, (10,)),), rules)}
    with_zero = [
        own + (2, 1, 0)
        for own in sorted(tokenisations(1024, rules), key=lambda t: (jokers_needed(t, rules), t))
        if (1, 0) in tokenisations(10, rules) and tuple(sorted(own + (2, 1, 0))) in multisets
    ]
    checks = {"2^10 laid with the exponent as A, Joker(0)": bool(with_zero)}
    example = _names(with_zero[0], rules) if with_zero else "none"
    return _example(
        "example_1024",
        EXPONENT,
        "1024 = 2^10 may be laid with a joker as the 0 of the exponent 10.",
        f"{RULES_ENGINE}: a layout of 1024 with expression 2^10 lays the exponent as A, Joker(0)",
        checks,
        f"{len(with_zero)} ways to lay 1024 itself allow it, e.g. {example}",
    )


def example_1(tables: ResultTables, rules: Rules) -> Claim:
    """1 may not be played as 2^0 (exponent 0 not allowed)."""
    wrong = _ruling("1=2^0", rules)
    checks = {"1=2^0 refused": not wrong.legal, "not a foul": not wrong.foul}
    return _example(
        "example_1",
        EXPONENT,
        "1 may not be played as 2^0 (exponent 0 is not allowed).",
        f"{RULES_ENGINE}: 1=2^0 refused without a foul",
        checks,
        f"engine: {wrong.reason}",
    )


def example_6(tables: ResultTables, rules: Rules) -> Claim:
    """6 may not be laid as 2·3·691^0, only as 2·3."""
    wrong, right = _ruling("6=2*3*691^0", rules), _ruling("6=2*3", rules)
    checks = {
        "6=2*3*691^0 refused": not wrong.legal,
        "not a foul": not wrong.foul,
        "6=2*3 legal": right.legal,
    }
    return _example(
        "example_6",
        EXPONENT,
        "6 may not be laid as 2·3·691^0, only as 2·3.",
        f"{RULES_ENGINE}: 6=2*3*691^0 refused (not a foul), 6=2*3 accepted",
        checks,
        f"engine: {wrong.reason} / {right.reason}",
    )


def example_65536(tables: ResultTables, rules: Rules) -> Claim:
    """65536 = 2^16 may be laid as 2^(2^4), 2^(4^2) or 2^(2^(2^2))."""
    texts = {layout.text for layout in composite_layouts(65536, rules)}
    checks = {f"{t} is a layout": t in texts for t in ("2^(2^4)", "2^(4^2)", "2^(2^(2^2))")}
    return _example(
        "example_65536",
        EXPONENT,
        "65536 = 2^16 may be laid with nested exponents 2^(2^4), 2^(4^2) or 2^(2^(2^2)).",
        f"{RULES_ENGINE}: each of the three nested expressions is among the layouts of 65536 "
        f"(towers of at most {rules.max_tower_depth} levels)",
        checks,
    )


def example_5187(tables: ResultTables, rules: Rules) -> Claim:
    """5187 may not be laid as 3·1729 (a foul); it must be laid as 3·7·13·19."""
    wrong, right = _ruling("5187=3*1729", rules), _ruling("5187=3*7*13*19", rules)
    checks = {"5187=3*1729 a foul": wrong.foul, "5187=3*7*13*19 legal": right.legal}
    return _example(
        "example_5187",
        REVOLUTION,
        "5187 may not be laid as 3·1729 (a foul); it must be laid as 3·7·13·19.",
        f"{RULES_ENGINE}: 5187=3*1729 is a foul, 5187=3*7*13*19 is legal",
        checks,
        f"engine: {wrong.reason} / {right.reason}",
    )


def ramanujan_not_composite(tables: ResultTables, rules: Rules) -> Claim:
    """Laying 1729 as the composite 7·13·19 is a foul and starts no revolution."""
    field = Field(1409, 4)
    ruling = _ruling("1729=7*13*19", rules, field)
    checks = {"1729=7*13*19 a foul": ruling.foul, "field unchanged": ruling.field == field}
    return _example(
        "ramanujan_not_composite",
        REVOLUTION,
        "Laying 1729 as the composite 7·13·19 is a foul and does not start a revolution.",
        f"{RULES_ENGINE}: on a field of 1409 (4 cards), 1729=7*13*19 is a foul, field unchanged",
        checks,
        f"engine: {ruling.reason}",
    )


def ramanujan_revolution_rules(tables: ResultTables, rules: Rules) -> Claim:
    """1729 plays like a four-card prime and flips the order; n cards answer n cards;
    clearing keeps the revolution; another 1729 ends it; 57 cuts."""
    start = _ruling("1729", rules, Field(1409, 4))
    field = start.field
    smaller, larger = _ruling("1013", rules, field), _ruling("2003", rules, field)
    two_cards = _ruling("13", rules, field)
    cleared = smaller.field.cleared()
    again = _ruling("1729", rules, cleared)
    cut = _ruling("57", rules, Field(53, 2))
    checks = {
        "1729 on 1409 starts a revolution": start.legal and start.field.revolution,
        "in revolution 1013 beats 1729": smaller.legal,
        "in revolution 2003 does not": not larger.legal,
        "a 2-card play cannot answer 4 cards": not two_cards.legal,
        "clearing keeps the revolution": cleared.revolution,
        "a second 1729 ends it": again.legal and not again.field.revolution,
        "57 cuts the field": cut.legal and cut.field.top is None,
    }
    return _example(
        "ramanujan_revolution_rules",
        REVOLUTION,
        "1729 is played like a four-card prime and flips the order; n-card plays still need "
        "n cards; clearing the field keeps the revolution; another 1729 ends it.",
        f"{RULES_ENGINE}: a scripted sequence of plays, each step checked",
        checks,
    )


# --- the numbers, z3 and Genocchi tables -----------------------------------------------------


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
    return _claim(
        "smallest_unplayable_composite_without_exponent",
        EXPONENT,
        "Without exponent notation the smallest composite that cannot be played is 128.",
        f"least composite n ≤ {n_max} with playable_composite false",
        verdict,
        f"least such n = {smallest} (table n = 2..{n_max})",
        (NUMBERS,),
        f"the table stops at {n_max}" if verdict is Verdict.UNDECIDED else None,
    )


def smallest_eden_prime(tables: ResultTables, rules: Rules) -> Claim:
    """The least Eden prime (a prime no deal can lay) is 40009."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime", "playable_plain"])
    n_max = int(numbers["n"].max())
    eden = numbers[numbers["is_prime"] & ~numbers["playable_plain"].astype(bool)]
    first = int(eden["n"].min()) if len(eden) else None
    verdict = decide_least(first, FIRST_EDEN_PRIME, n_max)
    following = f", next {eden['n'].iloc[1:6].tolist()}" if len(eden) > 1 else ""
    return _claim(
        "smallest_eden_prime",
        EXPONENT,
        "The smallest Eden prime (a prime that cannot be laid at all) is 40009.",
        f"least prime n ≤ {n_max} with playable_plain false (deck {rules.suits} suits, "
        f"{rules.jokers} jokers, joker as 0 allowed: {rules.joker_zero})",
        verdict,
        f"least = {first}; {len(eden)} Eden primes up to {n_max}{following}",
        (NUMBERS,),
        f"the table stops at {n_max}" if verdict is Verdict.UNDECIDED else None,
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
    return _claim(
        "ramanujan_smallest_carmichael_four_cards",
        REVOLUTION,
        "1729 is the smallest Carmichael number that needs four cards; 561 and 1105 need fewer.",
        f"Carmichael numbers up to {min(n_max, CARMICHAEL_SEARCH_MAX)} by Korselt's criterion; "
        "their fewest cards (min_cards) from the numbers table",
        verdict,
        f"Carmichael numbers up to 1729 and their fewest cards: {shown}",
        (NUMBERS,),
        f"the table stops at {n_max}, below 1729" if verdict is Verdict.UNDECIDED else None,
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
    return _claim(
        "ramanujan_looks_prime",
        REVOLUTION,
        "1729's smallest prime factor is 7, while 561 (digit sum 12) and 1105 (ends in 5) "
        "are visibly composite.",
        "least prime factors by division by the numbers table's primes; 'visibly' = a factor "
        f"in {VISIBLE_FACTORS} (seen from the last digit or the digit sum)",
        decide_looks_prime(smallest),
        f"least prime factors {smallest}; digit sum of 561 = {sum(map(int, '561'))}",
        (NUMBERS,),
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
    return _claim(
        "genocchi_17_only_prime",
        INTRO,
        "17 is the only Genocchi prime.",
        f"for every even index 2..{top}, |G_2n| is tested for primality (directly below 10, "
        "by an explicit proper divisor (2^2n-1)/(D/2) from von Staudt-Clausen above); odd "
        "indices above 1 give 0; a prime is a positive value",
        verdict,
        f"|G_2n| prime at indices {positive} with G_2n > 0 and at {negative} with G_2n < 0 "
        f"({values}); checked up to index {top}",
        (GENOCCHI,),
        caveat,
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
    return _claim(
        "finding_rescued_by_exponent",
        EXPONENT,
        "Exponent notation makes many composites playable that could not be played before.",
        f"composites n ≤ {n_max} with playable_with_exponent true and playable_composite false",
        decide_exists(len(rescued)),
        f"{len(rescued)} of {len(composite)} composites; smallest {rescued['n'].head(8).tolist()}",
        (NUMBERS,),
    )


def finding_still_unplayable(tables: ResultTables) -> Claim:
    """Some composites stay unplayable even with exponent notation (1729 aside)."""
    numbers = tables.read(NUMBERS, columns=["n", "is_prime", "playable_with_exponent"])
    n_max = int(numbers["n"].max())
    composite = _composites(numbers)
    stuck = composite[~composite["playable_with_exponent"].astype(bool)]
    stuck = stuck[stuck["n"] != RAMANUJAN]
    return _claim(
        "finding_still_unplayable",
        EXPONENT,
        "Some composites stay unplayable even with exponent notation (our finding).",
        f"composites n ≤ {n_max} with playable_with_exponent false (1729 excluded by rule)",
        decide_exists(len(stuck)),
        f"{len(stuck)} such composites besides 1729; smallest {stuck['n'].head(10).tolist()}",
        (NUMBERS,),
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
    return _claim(
        "finding_primes_needing_joker",
        EXPONENT,
        "Some primes below 10^6 need a joker to be laid (our finding; the share is the evidence).",
        f"primes n < min({JOKER_PRIMES_BELOW}, n_max + 1) with jokers_needed ≥ 1 or not "
        "layable at all",
        decide_exists(int(needs.sum())),
        f"{int(needs.sum())} of {len(primes)} primes ({share:.4%}); {layable} layable with a joker",
        (NUMBERS,),
    )


def _square_free(n: int, primes: np.ndarray) -> bool:
    for p in primes:
        if p * p > n:
            return True
        if n % (p * p) == 0:
            return False
    return True


def square_free_unchanged(tables: ResultTables) -> Claim:
    """Exponent notation changes nothing for primes and square-free numbers."""
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
    square_free = composite[[_square_free(int(n), primes) for n in composite["n"]]]
    same = (
        square_free["min_cards_composite"].fillna(-1)
        == square_free["min_cards_with_exponent"].fillna(-1)
    ) & (
        square_free["playable_composite"].astype(bool)
        == square_free["playable_with_exponent"].astype(bool)
    )
    differ = square_free.loc[~same, "n"].head(5).tolist()
    verdict, caveat = decide_for_all(int((~same).sum()), len(square_free), f"for n ≤ {n_max}")
    return _claim(
        "square_free_unchanged",
        EXPONENT,
        "Exponent notation changes nothing for primes and square-free numbers.",
        f"for every square-free composite n ≤ {n_max}, playable and minimum card count are "
        "the same with and without exponent notation",
        verdict,
        f"{int(same.sum())} of {len(square_free)} square-free composites agree"
        + (f"; differ: {differ}" if differ else ""),
        (NUMBERS,),
        caveat,
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
    return _claim(
        "z3_crosscheck",
        EXPONENT,
        "The enumerator's cheapest composite plays are optimal (independent z3 model).",
        f"for every composite n ≤ {top} and the article's examples {examples}: z3 finds a "
        "layout at the enumerator's minimum that the enumerator lists, and none with one card "
        "fewer (no layout at all when the enumerator finds none)",
        verdict,
        f"{int(z3['agree'].sum())} of {len(z3)} numbers agree"
        + (f"; disagree: {bad}" if bad else ""),
        (Z3,),
        caveat,
    )


# --- how often a revolution can start (hand_odds table) -------------------------------------


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
    return _claim(
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
    return _claim(
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
    return _claim(
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
    return _claim(
        "revolution_jokers_somewhat_more_likely",
        REVOLUTION,
        "Letting jokers stand in for cards of 1729 makes the revolution somewhat more likely.",
        f"for {odds.hands()}: the chance of laying 1729 as if prime is higher with the hand's "
        f"jokers standing in than without, by less than {SOMEWHAT:g} times ('somewhat')",
        verdict_over_readings(holds),
        _reading_evidence(values, holds),
        (HAND_ODDS,),
    )


# --- the builders ----------------------------------------------------------------------------

#: Builders that also need the deck (the worked examples and the Eden prime's formal text).
_NEED_RULES = (
    example_32,
    example_88,
    example_64,
    example_691,
    example_155,
    example_23456,
    example_1024,
    example_1,
    example_6,
    example_65536,
    example_5187,
    ramanujan_not_composite,
    ramanujan_revolution_rules,
)
_TABLE_ONLY_FIRST = (smallest_unplayable_composite_without_exponent,)
_TABLE_ONLY = (
    ramanujan_smallest_carmichael_four_cards,
    ramanujan_looks_prime,
    genocchi_17_only_prime,
    finding_rescued_by_exponent,
    finding_still_unplayable,
    finding_primes_needing_joker,
    square_free_unchanged,
    z3_crosscheck,
    revolution_four_cards_too_frequent,
    revolution_1729_composite_too_hard,
    revolution_1729_as_prime_suitable,
    revolution_jokers_somewhat_more_likely,
)


def _with_rules(builder: Callable[..., Claim], rules: Rules) -> ClaimBuilder:
    return update_wrapper(partial(builder, rules=rules), builder)


def builders(rules: Rules) -> list[ClaimBuilder]:
    """Every claim builder for the deck ``rules``, in the order of :data:`CLAIM_IDS`."""
    return [
        *(_with_rules(b, rules) for b in _NEED_RULES),
        *_TABLE_ONLY_FIRST,
        _with_rules(smallest_eden_prime, rules),
        *_TABLE_ONLY,
    ]


#: The builders for the default deck (4 suits, 2 jokers, a joker may be 0).
BUILDERS = builders(Rules())
