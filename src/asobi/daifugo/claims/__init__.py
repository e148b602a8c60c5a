"""The article's claims about 素数大富豪, each decided from computed facts.

One builder per claim (:data:`BUILDERS`, or :func:`builders` for another deck); each reads
the tables it needs through :class:`~asobi.core.claims.ResultTables` and gets its verdict
from a small decision function over the facts it computed. Rooms:
:mod:`~asobi.daifugo.claims.citations` (:data:`CITATIONS`: where each claim is made, its
passage and conditions; and the tables a claim cites),
:mod:`~asobi.daifugo.claims.decisions` (the decision functions),
:mod:`~asobi.daifugo.claims.examples` (the worked examples, checked in the rules engine:
its rulings table and the numbers table; :data:`WORKED_EXAMPLES` lists them all in order),
:mod:`~asobi.daifugo.claims.revolution_rules` (the Ramanujan revolution examples, read off
the rulings table), :mod:`~asobi.daifugo.claims.number_theory` (the claims read off the
numbers, z3, Genocchi and cube sums tables), :mod:`~asobi.daifugo.claims.composites` (the
claims about composite plays with exponent notation, read off the numbers table),
:mod:`~asobi.daifugo.claims.revolution_odds` (how often a revolution can start, from the
hand odds),
:mod:`~asobi.daifugo.claims.largest_prime` (the players' largest prime of one deck, and the
whole deck's) and :mod:`~asobi.daifugo.claims.prime_tally` (the players' counts of playable
primes).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial, update_wrapper

from asobi.core.claims import Claim, ClaimBuilder
from asobi.core.errors import DataError
from asobi.core.proof_checks import DAIFUGO_VERIFY, ProofCheck
from asobi.daifugo.claims.citations import CITATIONS, GAME
from asobi.daifugo.claims.composites import (
    finding_rescued_by_exponent,
    finding_still_unplayable,
    formerly_unplayable_become_playable,
    non_square_free_easier,
    non_square_free_several_ways,
)
from asobi.daifugo.claims.examples import (
    LAYOUT_EXAMPLES,
    example_1,
    example_6,
    example_8,
    example_32,
    example_64,
    example_88,
    example_155,
    example_691,
    example_1024,
    example_5187,
    example_23456,
    example_65536,
)
from asobi.daifugo.claims.largest_prime import (
    largest_prime_71_digits,
    largest_prime_circulating_number,
    largest_whole_deck_prime_72_digits,
)
from asobi.daifugo.claims.number_theory import (
    finding_primes_needing_joker,
    genocchi_17_only_prime,
    ramanujan_looks_prime,
    ramanujan_smallest_carmichael_four_cards,
    ramanujan_taxicab,
    smallest_eden_prime,
    smallest_unplayable_composite_without_exponent,
    special_numbers_not_prime,
    square_free_unchanged,
    z3_crosscheck,
)
from asobi.daifugo.claims.prime_tally import (
    nine_digit_playable_at_least_5253883,
    public_all_primes_up_to_4_digits,
    public_tallies_5_to_7_digits,
    public_tally_8_digits,
)
from asobi.daifugo.claims.revolution_odds import (
    revolution_1729_as_prime_suitable,
    revolution_1729_composite_too_hard,
    revolution_1729_overcomes_too_frequent,
    revolution_four_cards_too_frequent,
    revolution_jokers_somewhat_more_likely,
)
from asobi.daifugo.claims.revolution_rules import (
    joker_zero_used_in_revolution,
    ramanujan_not_composite,
    ramanujan_revolution_rules,
)
from asobi.daifugo.daifugo import Rules

__all__ = [
    "BUILDERS",
    "CITATIONS",
    "CLAIM_IDS",
    "GAME",
    "PROOF_CHECKS",
    "WORKED_EXAMPLES",
    "builders",
    "with_rules",
]

CLAIM_IDS = tuple(
    f"{GAME}.{name}"
    for name in (
        "example_8",
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
        "joker_zero_used_in_revolution",
        "special_numbers_not_prime",
        "smallest_unplayable_composite_without_exponent",
        "smallest_eden_prime",
        "ramanujan_smallest_carmichael_four_cards",
        "ramanujan_taxicab",
        "ramanujan_looks_prime",
        "genocchi_17_only_prime",
        "finding_rescued_by_exponent",
        "non_square_free_easier",
        "formerly_unplayable_become_playable",
        "non_square_free_several_ways",
        "finding_still_unplayable",
        "finding_primes_needing_joker",
        "square_free_unchanged",
        "z3_crosscheck",
        "revolution_four_cards_too_frequent",
        "revolution_1729_composite_too_hard",
        "revolution_1729_as_prime_suitable",
        "revolution_1729_overcomes_too_frequent",
        "revolution_jokers_somewhat_more_likely",
        "largest_prime_71_digits",
        "largest_prime_circulating_number",
        "largest_whole_deck_prime_72_digits",
        "public_all_primes_up_to_4_digits",
        "public_tallies_5_to_7_digits",
        "public_tally_8_digits",
        "nine_digit_playable_at_least_5253883",
    )
)
if set(CITATIONS) != set(CLAIM_IDS):  # pragma: no cover - a module that cannot load
    raise DataError(
        f"daifugo CITATIONS and CLAIM_IDS differ: {sorted(set(CITATIONS) ^ set(CLAIM_IDS))}"
    )

#: The worked examples, in the order of the claims (the layout examples among them take the
#: deck too, :data:`~asobi.daifugo.claims.examples.LAYOUT_EXAMPLES`).
WORKED_EXAMPLES = (
    example_8,
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
    joker_zero_used_in_revolution,
)

#: Builders of the tables alone, and those that take the deck too (in the claims' order).
_TABLE_ONLY_FIRST = (special_numbers_not_prime, smallest_unplayable_composite_without_exponent)
_NUMBERS = (
    ramanujan_smallest_carmichael_four_cards,
    ramanujan_taxicab,
    ramanujan_looks_prime,
    genocchi_17_only_prime,
    finding_rescued_by_exponent,
    non_square_free_easier,
    formerly_unplayable_become_playable,
    non_square_free_several_ways,
    finding_still_unplayable,
    finding_primes_needing_joker,
)
_ODDS = (
    z3_crosscheck,
    revolution_four_cards_too_frequent,
    revolution_1729_composite_too_hard,
    revolution_1729_as_prime_suitable,
)
_WITH_DECK = (
    largest_prime_71_digits,
    largest_prime_circulating_number,
    largest_whole_deck_prime_72_digits,
)


def with_rules(builder: Callable[..., Claim], rules: Rules) -> ClaimBuilder:
    """``builder`` with the deck ``rules`` bound, under the builder's own name."""
    return update_wrapper(partial(builder, rules=rules), builder)


def builders(rules: Rules) -> list[ClaimBuilder]:
    """Every claim builder for the deck ``rules``, in the order of :data:`CLAIM_IDS`."""
    return [
        *(with_rules(b, rules) if b in LAYOUT_EXAMPLES else b for b in WORKED_EXAMPLES),
        *_TABLE_ONLY_FIRST,
        with_rules(smallest_eden_prime, rules),
        *_NUMBERS,
        with_rules(square_free_unchanged, rules),
        *_ODDS,
        revolution_1729_overcomes_too_frequent,
        revolution_jokers_somewhat_more_likely,
        *(with_rules(b, rules) for b in _WITH_DECK),
        public_all_primes_up_to_4_digits,
        public_tallies_5_to_7_digits,
        with_rules(public_tally_8_digits, rules),
        nine_digit_playable_at_least_5253883,
    ]


#: The builders for the default deck (4 suits, 2 jokers, a joker may be 0).
BUILDERS = builders(Rules())

#: The claims that rest on the largest primes' certificates: ``asobi claims recheck`` runs
#: ``asobi daifugo verify .`` for them (see :mod:`asobi.core.proof_checks`).
PROOF_CHECKS: dict[str, ProofCheck] = {
    f"{GAME}.{name}": DAIFUGO_VERIFY
    for name in (
        "largest_prime_71_digits",
        "largest_prime_circulating_number",
        "largest_whole_deck_prime_72_digits",
    )
}
