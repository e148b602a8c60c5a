"""The article's claims about 素数大富豪, each checked against the tables or the rules engine.

Every verdict below is computed; the statements restate the article in our own words.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd

from asobi.core.claims import Claim, Verdict, verdict_from
from asobi.daifugo.daifugo import (
    Field,
    Play,
    Rules,
    Ruling,
    card_names,
    jokers_needed,
    judge,
    tokenisations,
)
from asobi.daifugo.layouts import Term, composite_layouts, expression_layouts
from asobi.daifugo.numbers import factorise, is_carmichael, smallest_prime_factors

GAME = "daifugo"
ARTICLE = "「[素数大富豪] ラマヌジャン革命と合成数出しにおける指数表記出し」 (integers, 2016-12-22)"
EXPONENT = f"{ARTICLE}, section 合成数出しに関する指数表記出し"
REVOLUTION = f"{ARTICLE}, section ラマヌジャン革命"
INTRO = f"{ARTICLE}, introduction"


def _claim(
    name: str, source: str, statement: str, formal: str, verdict: Verdict, evidence: str, table: str
) -> Claim:
    return Claim(f"{GAME}.{name}", GAME, source, statement, formal, verdict, evidence, table=table)


def _has_layout(n: int, expression: str, multiset: list[int], rules: Rules) -> bool:
    wanted = tuple(sorted(multiset))
    return any(
        layout.text == expression and layout.multiset == wanted
        for layout in composite_layouts(n, rules)
    )


def _names(cards: tuple[int, ...], rules: Rules) -> str:
    return " ".join(card_names(cards, rules))


def _ruling(text: str, field: Field | None = None, rules: Rules | None = None) -> Ruling:
    return judge(field or Field(), Play.parse(text), rules)


def example_claims(rules: Rules) -> list[Claim]:
    """The article's worked examples, laid or refused through the enumerator and the engine."""
    claims = []
    layouts = "results/daifugo/layouts.parquet"

    ok32 = _has_layout(32, "2^5", [3, 2, 2, 5], rules)
    claims.append(
        _claim(
            "example_32",
            EXPONENT,
            "32 may be laid as 2^5 using the cards 3, 2, 2, 5.",
            "the composite layouts of 32 include expression 2^5 with card multiset {3,2,2,5}",
            verdict_from(ok32),
            f"layout 2^5 with 3 2 2 5 {'found' if ok32 else 'missing'}",
            layouts,
        )
    )
    ok88 = [
        _has_layout(88, "2^3*11", cards, rules) for cards in ([8, 8, 2, 3, 11], [8, 8, 2, 3, 1, 1])
    ]
    claims.append(
        _claim(
            "example_88",
            EXPONENT,
            "88 = 2^3·11 may be laid as 8, 8, 2, 3, J or as 8, 8, 2, 3, A, A.",
            "both card multisets appear among the layouts of 88 with expression 2^3*11",
            verdict_from(all(ok88)),
            f"J version {ok88[0]}, A A version {ok88[1]}",
            layouts,
        )
    )
    ok64 = [
        _has_layout(64, "2^6", [6, 4, 2, 6], rules),
        _has_layout(64, "2*2*2*2^3", [6, 4, 2, 2, 2, 2, 3], rules),
    ]
    claims.append(
        _claim(
            "example_64",
            EXPONENT,
            "64 may be laid fully in exponent form (2^6) or partially (2·2·2·2^3).",
            "layouts of 64 include 2^6 and 2*2*2*2^3",
            verdict_from(all(ok64)),
            f"2^6 {ok64[0]}, 2*2*2*2^3 {ok64[1]}",
            layouts,
        )
    )
    r691, r691_prime = _ruling("691=691^1", rules=rules), _ruling("691", rules=rules)
    claims.append(
        _claim(
            "example_691",
            EXPONENT,
            "691 may not be laid as 691^1 (an exponent of 1 is not allowed).",
            "the rules engine refuses 691=691^1 without a foul; 691 alone is a legal prime play",
            verdict_from(not r691.legal and not r691.foul and r691_prime.legal),
            f"691=691^1: {r691.reason}; 691: {r691_prime.reason}",
            "rules engine",
        )
    )
    r155, r155_ok = _ruling("155=5*31^1", rules=rules), _ruling("155=5*31", rules=rules)
    claims.append(
        _claim(
            "example_155",
            EXPONENT,
            "155 may not be laid as 5·31^1, only as 5·31.",
            "engine refuses 155=5*31^1 (not a foul) and accepts 155=5*31",
            verdict_from(not r155.legal and not r155.foul and r155_ok.legal),
            f"5*31^1: {r155.reason}; 5*31: {r155_ok.reason}",
            "rules engine",
        )
    )
    joker_free = [
        layout
        for layout in expression_layouts(23456, (Term(2, (5,)), Term(733)), rules)
        if layout.jokers + 1 <= rules.jokers and 5 in layout.multiset
    ]
    claims.append(
        _claim(
            "example_23456",
            EXPONENT,
            "23456 = 2^5·733 may be laid with a joker standing for the exponent 5.",
            "a layout of 23456 with expression 2^5*733 exists that still fits the deck when one "
            "of its 5s is replaced by a joker",
            verdict_from(bool(joker_free)),
            f"{len(joker_free)} such layouts, e.g. "
            f"{_names(joker_free[0].cards, rules) if joker_free else None}",
            layouts,
        )
    )
    # the exponent 10 laid as A, Joker(0): some layout of the number plus 2, A, Joker(0)
    multisets = {lay.multiset for lay in expression_layouts(1024, (Term(2, (10,)),), rules)}
    with_zero = [
        own + (2, 1, 0)
        for own in sorted(tokenisations(1024, rules), key=lambda t: (jokers_needed(t, rules), t))
        if (1, 0) in tokenisations(10, rules) and tuple(sorted(own + (2, 1, 0))) in multisets
    ]
    claims.append(
        _claim(
            "example_1024",
            EXPONENT,
            "1024 = 2^10 may be laid with a joker as the 0 of the exponent 10.",
            "a layout of 1024 with expression 2^10 lays the exponent as A, Joker(0)",
            verdict_from(bool(with_zero)),
            f"{len(with_zero)} ways to lay 1024 itself allow it, e.g. "
            f"{_names(with_zero[0], rules) if with_zero else None}",
            layouts,
        )
    )
    r1 = _ruling("1=2^0", rules=rules)
    claims.append(
        _claim(
            "example_1",
            EXPONENT,
            "1 may not be played as 2^0 (exponent 0 is not allowed).",
            "engine refuses 1=2^0 without a foul",
            verdict_from(not r1.legal and not r1.foul),
            r1.reason,
            "rules engine",
        )
    )
    r6, r6_ok = _ruling("6=2*3*691^0", rules=rules), _ruling("6=2*3", rules=rules)
    claims.append(
        _claim(
            "example_6",
            EXPONENT,
            "6 may not be laid as 2·3·691^0, only as 2·3.",
            "engine refuses 6=2*3*691^0 (not a foul) and accepts 6=2*3",
            verdict_from(not r6.legal and not r6.foul and r6_ok.legal),
            f"2*3*691^0: {r6.reason}; 2*3: {r6_ok.reason}",
            "rules engine",
        )
    )
    towers = ["2^(2^4)", "2^(4^2)", "2^(2^(2^2))"]
    ok65536 = {
        t: any(layout.text == t for layout in composite_layouts(65536, rules)) for t in towers
    }
    claims.append(
        _claim(
            "example_65536",
            EXPONENT,
            "65536 = 2^16 may be laid with nested exponents 2^(2^4), 2^(4^2) or 2^(2^(2^2)).",
            "each of the three nested expressions is among the layouts of 65536",
            verdict_from(all(ok65536.values())),
            str(ok65536),
            layouts,
        )
    )
    r5187, r5187_ok = _ruling("5187=3*1729", rules=rules), _ruling("5187=3*7*13*19", rules=rules)
    claims.append(
        _claim(
            "example_5187",
            REVOLUTION,
            "5187 may not be laid as 3·1729 (a foul); it must be laid as 3·7·13·19.",
            "engine: 5187=3*1729 is a foul, 5187=3*7*13*19 is legal",
            verdict_from(r5187.foul and r5187_ok.legal),
            f"3*1729: {r5187.reason}; 3*7*13*19: {r5187_ok.reason}",
            "rules engine",
        )
    )
    r1729c = _ruling("1729=7*13*19", Field(1409, 4), rules)
    claims.append(
        _claim(
            "ramanujan_not_composite",
            REVOLUTION,
            "Laying 1729 as the composite 7·13·19 is a foul and does not start a revolution.",
            "engine on a field of 1409 (4 cards): 1729=7*13*19 is a foul, field unchanged",
            verdict_from(r1729c.foul and r1729c.field == Field(1409, 4)),
            r1729c.reason,
            "rules engine",
        )
    )
    claims.append(_revolution_claim(rules))
    return claims


def _revolution_claim(rules: Rules) -> Claim:
    steps: list[tuple[str, bool]] = []
    field = Field(1409, 4)
    start = judge(field, Play.parse("1729"), rules)
    steps.append(("1729 on 1409 starts a revolution", start.legal and start.field.revolution))
    field = start.field
    smaller = judge(field, Play.parse("1013"), rules)
    larger = judge(field, Play.parse("2003"), rules)
    two_cards = judge(field, Play.parse("13"), rules)
    steps.append(("in revolution 1013 beats 1729", smaller.legal))
    steps.append(("in revolution 2003 does not", not larger.legal))
    steps.append(("a 2-card play cannot answer 4 cards", not two_cards.legal))
    cleared = smaller.field.cleared()
    steps.append(("clearing keeps the revolution", cleared.revolution))
    again = judge(cleared, Play.parse("1729"), rules)
    steps.append(("a second 1729 ends it", again.legal and not again.field.revolution))
    cut = judge(Field(53, 2), Play.parse("57"), rules)
    steps.append(("57 cuts the field", cut.legal and cut.field.top is None))
    failed = [name for name, ok in steps if not ok]
    return _claim(
        "ramanujan_revolution_rules",
        REVOLUTION,
        "1729 is played like a four-card prime and flips the order; n-card plays still need "
        "n cards; clearing the field keeps the revolution; another 1729 ends it.",
        "a scripted sequence through the rules engine: " + "; ".join(n for n, _ in steps),
        verdict_from(not failed),
        "all steps hold" if not failed else "failed: " + ", ".join(failed),
        "rules engine",
    )


def table_claims(
    numbers: pd.DataFrame, z3: pd.DataFrame, genocchi: pd.DataFrame, rules: Rules, z3_max: int
) -> list[Claim]:
    """Claims read off the numbers, z3 and Genocchi tables."""
    n_max = int(numbers["n"].max())
    table = "results/daifugo/numbers.parquet"
    claims = []
    composite = numbers[~numbers["is_prime"] & (numbers["n"] >= 4)]
    not_plain = composite[~composite["playable_composite"].astype(bool)]
    smallest = int(not_plain["n"].min()) if len(not_plain) else None
    claims.append(
        _claim(
            "smallest_unplayable_composite_without_exponent",
            EXPONENT,
            "Without exponent notation the smallest composite that cannot be played is 128.",
            f"least composite n ≤ {n_max} with playable_composite false",
            _bounded_verdict(smallest == 128, smallest is None and n_max < 128),
            f"least such n = {smallest}",
            table,
        )
    )
    primes = numbers[numbers["is_prime"]]
    eden = primes[~primes["playable_plain"]]
    first_eden = int(eden["n"].min()) if len(eden) else None
    claims.append(
        _claim(
            "smallest_eden_prime",
            EXPONENT,
            "The smallest Eden prime (a prime that cannot be laid at all) is 40009.",
            f"least prime n ≤ {n_max} with playable_plain false (deck {rules.suits}"
            f" suits, {rules.jokers} jokers, joker as 0 allowed: {rules.joker_zero})",
            _bounded_verdict(first_eden == 40009, first_eden is None and n_max < 40009),
            f"least = {first_eden}; {len(eden)} Eden primes up to {n_max}"
            + (f", next: {eden['n'].iloc[1:6].tolist()}" if len(eden) > 1 else ""),
            table,
        )
    )
    cards = numbers.set_index("n")["min_cards"]
    carmichael = [n for n in range(561, min(n_max, 100_000) + 1, 2) if is_carmichael(n)]
    four = [n for n in carmichael if _maybe_int(cards.get(n)) is not None and cards[n] >= 4]
    few = {n: _maybe_int(cards.get(n)) for n in carmichael if n < 1729}
    holds = (
        bool(four)
        and four[0] == 1729
        and cards.get(1729) == 4
        and all(c is not None and c < 4 for c in few.values())
    )
    claims.append(
        _claim(
            "ramanujan_smallest_carmichael_four_cards",
            REVOLUTION,
            "1729 is the smallest Carmichael number that needs four cards; "
            "561 and 1105 need fewer.",
            "Carmichael numbers by Korselt's criterion; min_cards from the numbers table",
            _bounded_verdict(holds, n_max < 1729),
            f"Carmichael below 1729 and their card counts: {few}; "
            f"1729 needs {_maybe_int(cards.get(1729))}",
            table,
        )
    )
    spf = {n: min(factorise(n)) for n in (561, 1105, 1729)}
    obvious = sum(int(d) for d in "561") % 3 == 0 and 1105 % 10 in (0, 5)
    claims.append(
        _claim(
            "ramanujan_looks_prime",
            REVOLUTION,
            "1729's smallest prime factor is 7, while 561 (digit sum 12) and 1105 (ends in 5) "
            "are visibly composite.",
            "smallest prime factors by trial division; digit-sum test for 3, last digit for 5",
            verdict_from(spf[1729] == 7 and spf[561] == 3 and spf[1105] == 5 and obvious),
            f"smallest prime factors {spf}",
            "none (arithmetic)",
        )
    )
    claims.append(_genocchi_claim(genocchi))
    claims += _finding_claims(numbers, n_max, table)
    claims.append(_z3_claim(z3, z3_max))
    return claims


def _bounded_verdict(holds: bool, out_of_range: bool) -> Verdict:
    """``undecided`` when the table does not reach the number the claim is about."""
    return Verdict.UNDECIDED if out_of_range and not holds else verdict_from(holds)


def _genocchi_claim(genocchi: pd.DataFrame) -> Claim:
    top = int(genocchi["index"].max())
    prime_rows = genocchi[genocchi["prime_absolute"]]
    positive = prime_rows[prime_rows["sign"] > 0]["index"].tolist()
    negative = prime_rows[prime_rows["sign"] < 0]["index"].tolist()
    holds = positive == [8]
    return _claim(
        "genocchi_17_only_prime",
        INTRO,
        "17 is the only Genocchi prime.",
        f"for every even index 2..{top}, |G_2n| is tested for primality (directly below 10, "
        "by an explicit proper divisor (2^2n-1)/(D/2) from von Staudt-Clausen above); odd "
        "indices above 1 give 0",
        Verdict.CONFIRMED_WITH_CAVEAT if holds else Verdict.REFUTED,
        f"positive prime values only at index {positive} (G_8 = 17); |G_6| = 3 is prime but "
        f"G_6 = -3 is negative (indices {negative}), so the claim holds for the signed "
        f"sequence; checked up to index {top}; MathWorld cites a proof (D. Terr) for all "
        "indices",
        "results/daifugo/genocchi.parquet",
    )


def _finding_claims(numbers: pd.DataFrame, n_max: int, table: str) -> list[Claim]:
    composite = numbers[~numbers["is_prime"] & (numbers["n"] >= 4)].copy()
    plain = composite["playable_composite"].astype(bool)
    full = composite["playable_with_exponent"].astype(bool)
    rescued = composite[full & ~plain]
    stuck = composite[~full]
    primes = numbers[numbers["is_prime"]]
    with_joker = primes[primes["playable_plain"] & (primes["jokers_needed"].fillna(0) >= 1)]
    below_million = numbers["n"] < 10**6
    primes_m = numbers[numbers["is_prime"] & below_million]
    share = (primes_m["jokers_needed"].fillna(99) >= 1).mean() if len(primes_m) else float("nan")
    spf = smallest_prime_factors(n_max)
    n_values = composite["n"].to_numpy()
    square_free = np.array([_square_free(int(n), spf) for n in n_values])
    sf = composite[square_free]
    same = (sf["min_cards_composite"].fillna(-1) == sf["min_cards_with_exponent"].fillna(-1)) & (
        sf["playable_composite"].astype(bool) == sf["playable_with_exponent"].astype(bool)
    )
    return [
        _claim(
            "finding_rescued_by_exponent",
            EXPONENT,
            "Exponent notation makes many composites playable that could not be played before.",
            f"composites n ≤ {n_max} with playable_with_exponent true and playable_composite false",
            verdict_from(len(rescued) > 0),
            f"{len(rescued)} of {len(composite)} composites; "
            f"smallest {rescued['n'].head(8).tolist()}",
            table,
        ),
        _claim(
            "finding_still_unplayable",
            EXPONENT,
            "Some composites stay unplayable even with exponent notation (our finding).",
            f"composites n ≤ {n_max} with playable_with_exponent false (1729 excluded by rule)",
            verdict_from(bool((stuck["n"] != 1729).any())),
            f"{int((stuck['n'] != 1729).sum())} such composites besides 1729; smallest "
            f"{stuck[stuck['n'] != 1729]['n'].head(10).tolist()}",
            table,
        ),
        _claim(
            "finding_primes_needing_joker",
            EXPONENT,
            "Some primes below 10^6 need a joker to be laid (our finding; the share is the "
            "evidence).",
            "primes n < min(10^6, n_max+1) with jokers_needed ≥ 1 or not layable at all",
            verdict_from(bool(share > 0)),
            f"{share:.4%} of {len(primes_m)} primes ({len(with_joker)} layable with a joker)",
            table,
        ),
        _claim(
            "square_free_unchanged",
            EXPONENT,
            "Exponent notation changes nothing for primes and square-free numbers.",
            f"for every square-free composite n ≤ {n_max}, playable and minimum card count are "
            "the same with and without exponent notation",
            verdict_from(bool(same.all())),
            f"{int(same.sum())} of {len(sf)} square-free composites agree",
            table,
        ),
    ]


def _square_free(n: int, spf: np.ndarray) -> bool:
    while n > 1:
        p = int(spf[n])
        n //= p
        if n % p == 0:
            return False
    return True


def _maybe_int(value: Any) -> int | None:
    return None if value is None or pd.isna(value) else int(value)


def _z3_claim(z3: pd.DataFrame, z3_max: int) -> Claim:
    agree = bool(z3["agree"].all())
    examples = z3[z3["origin"] == "article_example"]["n"].tolist()
    return _claim(
        "z3_crosscheck",
        EXPONENT,
        "The enumerator's cheapest composite plays are optimal (independent z3 model).",
        f"for every composite n ≤ {z3_max} and the article's examples {examples}: "
        "z3 finds a layout at the enumerator's minimum that the enumerator lists, and none "
        "with one card fewer (no layout at all when the enumerator finds none)",
        verdict_from(agree),
        f"{int(z3['agree'].sum())} of {len(z3)} numbers agree",
        "results/daifugo/z3_crosscheck.parquet",
    )
