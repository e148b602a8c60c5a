"""The 素数大富豪 claims, each pushed to every verdict it can take.

The tables come from the real steps on small bounds (numbers and the prime tally up to
50 000, Genocchi indices up to 60, z3 on the composites up to 40, hand odds for 5 and 7
cards, the engine's rulings, sums of two cubes up to 10^5), then one value is changed where a
claim should flip. The worked examples are pushed to `refuted` by a deck where the article's
layout does not fit, by a numbers table that disagrees with the layout, or by a rulings
table written by an engine without the article's rules put in place of the real one.
"""

from __future__ import annotations

from pathlib import Path

import pandas as pd
import pytest
from claim_checks import checks_claim

from asobi.core.claims import Claim, ResultTables, Verdict, run_builders
from asobi.core.errors import DataError
from asobi.core.tables import write_table
from asobi.daifugo import claims, daifugo
from asobi.daifugo.claims import (
    composites,
    examples,
    number_theory,
    revolution_odds,
    revolution_rules,
)
from asobi.daifugo.claims.citations import (
    CUBE_SUMS,
    GENOCCHI,
    HAND_ODDS,
    LARGEST_PRIMES,
    NUMBERS,
    ORDINARY_ODDS,
    PRIME_TALLY,
    PRIMES,
    RULINGS,
    Z3,
)
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.largest_table import largest_primes_frame
from asobi.daifugo.odds import HandOdds, four_of_a_kind_probability
from asobi.daifugo.plays import Ruling
from asobi.daifugo.rulings import cube_sums_frame, rulings_frame
from asobi.daifugo.tables import (
    genocchi_frame,
    hand_odds_frame,
    numbers_frame,
    ordinary_odds_frame,
    primes_frame,
    tally_frame,
)
from asobi.daifugo.tally import tally_range
from asobi.daifugo.z3check import crosscheck_rows

NO_SPARE_CARDS = Rules(suits=1, jokers=0)


@pytest.fixture(scope="module")
def frames() -> dict[str, pd.DataFrame]:
    return {
        NUMBERS: numbers_frame(2, 50_000),
        Z3: pd.DataFrame(crosscheck_rows(range(4, 41), "range", Rules())),
        GENOCCHI: genocchi_frame(60),
        HAND_ODDS: hand_odds_frame(Rules(), [5, 7]),
        ORDINARY_ODDS: ordinary_odds_frame(Rules()),
        LARGEST_PRIMES: largest_primes_frame(Rules(), [1, 2, 3]),
        PRIME_TALLY: tally_frame(tally_range(2, 50_000)),
        PRIMES: primes_frame(2, 50_000),
        RULINGS: rulings_frame(Rules()),
        CUBE_SUMS: cube_sums_frame(),
    }


def _claim(builder, frames, changed=None, rules: Rules | None = None):
    if builder in (
        *examples.LAYOUT_EXAMPLES,
        number_theory.smallest_eden_prime,
        number_theory.square_free_unchanged,
    ):
        builder = claims.with_rules(builder, rules or Rules())
    (claim,) = run_builders([builder], ResultTables(frames={**frames, **(changed or {})}))
    return claim


def _set(frame: pd.DataFrame, where, column: str, value) -> pd.DataFrame:
    changed = frame.copy()
    changed.loc[where(changed), column] = value
    return changed


def _lenient(field, play, rules=None):
    """An engine without the article's rules: every play is legal, nothing is a foul."""
    return Ruling(True, False, "accepted (lenient engine)", field)


@pytest.fixture
def lenient_engine(monkeypatch):
    monkeypatch.setattr(daifugo, "judge", _lenient)


# --- the worked examples -------------------------------------------------------------------

LAYOUT_EXAMPLES = {  # example -> a deck where the article's layout does not fit
    examples.example_32: NO_SPARE_CARDS,  # 3 2 2 5 needs two 2s
    examples.example_88: NO_SPARE_CARDS,  # two 8s
    examples.example_64: NO_SPARE_CARDS,  # two 6s
    examples.example_23456: Rules(jokers=0),  # no joker to stand for the 5
    examples.example_1024: Rules(joker_zero=False),  # no joker as 0
    examples.example_65536: Rules(max_tower_depth=1),  # no nested exponent
}
ENGINE_EXAMPLES = [
    examples.example_691,
    examples.example_155,
    examples.example_1,
    examples.example_6,
    examples.example_5187,
    revolution_rules.ramanujan_not_composite,
    revolution_rules.ramanujan_revolution_rules,
]


@checks_claim("daifugo.example_32", "confirmed")
@checks_claim("daifugo.example_88", "confirmed")
@checks_claim("daifugo.example_64", "confirmed")
@checks_claim("daifugo.example_691", "confirmed")
@checks_claim("daifugo.example_155", "confirmed")
@checks_claim("daifugo.example_23456", "confirmed")
@checks_claim("daifugo.example_1024", "confirmed")
@checks_claim("daifugo.example_1", "confirmed")
@checks_claim("daifugo.example_6", "confirmed")
@checks_claim("daifugo.example_65536", "confirmed")
@checks_claim("daifugo.example_5187", "confirmed")
@checks_claim("daifugo.ramanujan_not_composite", "confirmed")
@checks_claim("daifugo.ramanujan_revolution_rules", "confirmed")
@pytest.mark.parametrize(
    "builder",
    [
        b
        for b in claims.WORKED_EXAMPLES
        if b not in (examples.example_8, revolution_rules.joker_zero_used_in_revolution)
    ],
    ids=lambda b: b.__name__,
)
def test_examples_confirmed_by_the_engine_on_the_standard_deck(builder, frames):
    claim = _claim(builder, frames)
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence
    assert "holds" in claim.evidence and "fails" not in claim.evidence
    assert claim.recheck is not None
    if builder in LAYOUT_EXAMPLES:
        # the numbers row is re-read by the recheck query (65536 lies beyond these frames)
        assert claim.tables == (NUMBERS,)
        assert ("beyond the numbers table" in claim.evidence) == (claim.recheck.expected == [])
    else:  # the engine's rulings, re-read from the rulings table
        assert claim.tables == (RULINGS,) and "rulings table" in claim.evidence
        assert claim.recheck.tables == (RULINGS,) and claim.recheck.expected


@checks_claim("daifugo.example_32", "refuted")
@checks_claim("daifugo.example_88", "refuted")
@checks_claim("daifugo.example_64", "refuted")
@checks_claim("daifugo.example_23456", "refuted")
@checks_claim("daifugo.example_1024", "refuted")
@checks_claim("daifugo.example_65536", "refuted")
@pytest.mark.parametrize(
    ("builder", "rules"), LAYOUT_EXAMPLES.items(), ids=lambda x: getattr(x, "__name__", "")
)
def test_layout_examples_refuted_when_the_deck_cannot_lay_them(builder, rules, frames):
    claim = _claim(builder, frames, rules=rules)
    assert claim.verdict is Verdict.REFUTED and "fails" in claim.evidence


@checks_claim("daifugo.example_32", "refuted")
def test_example_32_refuted_when_the_numbers_table_needs_more_cards(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 32, "min_cards_with_exponent", 5)
    claim = _claim(examples.example_32, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED
    assert "at most 4 cards: fails" in claim.evidence
    assert claim.recheck.expected == {"playable_with_exponent": True, "min_cards_with_exponent": 5}


@checks_claim("daifugo.example_691", "refuted")
@checks_claim("daifugo.example_155", "refuted")
@checks_claim("daifugo.example_1", "refuted")
@checks_claim("daifugo.example_6", "refuted")
@checks_claim("daifugo.example_5187", "refuted")
@checks_claim("daifugo.ramanujan_not_composite", "refuted")
@checks_claim("daifugo.ramanujan_revolution_rules", "refuted")
@pytest.mark.parametrize("builder", ENGINE_EXAMPLES, ids=lambda b: b.__name__)
def test_rule_examples_refuted_by_an_engine_without_the_articles_rules(builder, lenient_engine):
    claim = _claim(builder, {RULINGS: rulings_frame(Rules())})
    assert claim.verdict is Verdict.REFUTED and "fails" in claim.evidence
    assert "accepted (lenient engine)" in claim.evidence or "steps" in claim.evidence


@checks_claim("daifugo.example_155", "refuted")
def test_example_155_refuted_by_a_deck_without_a_third_5(frames):
    claim = _claim(examples.example_155, {RULINGS: rulings_frame(NO_SPARE_CARDS)})
    assert claim.verdict is Verdict.REFUTED and "155=5*31 legal: fails" in claim.evidence
    assert "the deck cannot lay 155" in claim.evidence


@checks_claim("daifugo.ramanujan_revolution_rules", "refuted")
def test_ramanujan_revolution_rules_refuted_by_a_missing_step(frames):
    rulings = frames[RULINGS]
    without = rulings[
        ~((rulings["example"] == "ramanujan_revolution_rules") & (rulings["step"] == 5))
    ]
    claim = _claim(revolution_rules.ramanujan_revolution_rules, {RULINGS: without})
    assert claim.verdict is Verdict.REFUTED
    assert "clearing keeps the revolution: fails" in claim.evidence
    assert claim.evidence.count(": fails") == 1


@checks_claim("daifugo.joker_zero_used_in_revolution", "confirmed")
def test_joker_zero_used_in_revolution_confirmed_1009_the_strongest_answer():
    claim = _claim(
        revolution_rules.joker_zero_used_in_revolution, {RULINGS: rulings_frame(Rules())}
    )
    assert claim.verdict is Verdict.CONFIRMED
    assert "the smallest answer is 1009 (A Joker(0) Joker(0) 9)" in claim.evidence
    assert claim.tables == (RULINGS,)


@checks_claim("daifugo.joker_zero_used_in_revolution", "refuted")
def test_joker_zero_used_in_revolution_refuted_without_the_joker_as_0():
    """Without the joker as 0 no four-card answer needs one; the smallest is 1117."""
    rulings = rulings_frame(Rules(joker_zero=False))
    claim = _claim(revolution_rules.joker_zero_used_in_revolution, {RULINGS: rulings})
    assert claim.verdict is Verdict.REFUTED
    assert "0 only with a joker as 0" in claim.evidence and "is 1117 (A A A 7)" in claim.evidence


@checks_claim("daifugo.ramanujan_revolution_rules", "refuted")
def test_ramanujan_revolution_rules_refuted_without_a_joker_to_stand_in():
    """A deck without jokers refuses 1729 laid partly with a joker: that rule is not shown."""
    claim = _claim(
        revolution_rules.ramanujan_revolution_rules, {RULINGS: rulings_frame(Rules(jokers=0))}
    )
    assert claim.verdict is Verdict.REFUTED
    assert "1729 partly laid by a joker starts it too: fails" in claim.evidence


@checks_claim("daifugo.ramanujan_revolution_rules", "refuted")
def test_ramanujan_revolution_rules_refuted_when_the_same_player_ends_it(frames):
    """The article has another player end the revolution: a table whose ending 1729 is
    the first player's own does not show that rule."""
    rulings = frames[RULINGS].copy()
    at = (rulings["example"] == revolution_rules.OTHER_PLAYER) & (rulings["step"] == 4)
    rulings.loc[at, "player"] = "first"
    claim = _claim(revolution_rules.ramanujan_revolution_rules, {RULINGS: rulings})
    assert claim.verdict is Verdict.REFUTED
    assert "game: another player's 1729 ends it: fails" in claim.evidence
    assert "game: the first player's 1729 starts it: holds" in claim.evidence


@checks_claim("daifugo.example_691", "refuted")
def test_a_refused_example_refuted_when_its_row_is_missing(frames):
    rulings = frames[RULINGS]
    without = rulings[rulings["play"] != "691=691^1"]
    claim = _claim(examples.example_691, {RULINGS: without})
    assert claim.verdict is Verdict.REFUTED
    assert "691=691^1 refused without a foul: fails; 691 legal: holds" in claim.evidence
    assert claim.recheck.expected == [{"play": "691", "ruling": "legal"}]


@checks_claim("daifugo.example_8", "refuted")
def test_example_8_refuted_three_twos_with_four_cards_in_all_as_caveat(frames):
    claim = _claim(examples.example_8, frames)
    assert claim.verdict is Verdict.REFUTED and claim.tables == (RULINGS,)
    assert "plain plays: 2*2*2: 8 2 2 2 (2s discarded: [3])" in claim.evidence
    assert claim.caveat == (
        "a slip, not a rule at issue: the plain play discards three 2s, 4 cards counting the "
        "8; read as four cards in all, it holds"
    )
    assert claim.recheck.expected == [{"play": "8=2*2*2", "cards": 4, "twos": 3}]


@checks_claim("daifugo.example_8", "confirmed")
def test_example_8_confirmed_by_a_rulings_table_that_discards_four_twos(frames):
    rulings = frames[RULINGS].copy()
    eight = rulings.index[rulings["example"] == "example_8"]
    rulings.loc[eight, "discarded"] = pd.Series([["8", "2", "2", "2", "2"]], index=eight)
    claim = _claim(examples.example_8, {RULINGS: rulings})
    assert claim.verdict is Verdict.CONFIRMED and claim.caveat is None
    assert claim.recheck.expected == [{"play": "8=2*2*2", "cards": 5, "twos": 4}]


@checks_claim("daifugo.ramanujan_taxicab", "confirmed")
def test_ramanujan_taxicab_confirmed(frames):
    claim = _claim(number_theory.ramanujan_taxicab, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.tables == (CUBE_SUMS,)
    assert claim.evidence.startswith("least = 1729 = 1³ + 12³ = 9³ + 10³; next [4104, 13832")
    assert claim.recheck.expected == {
        "least": 1729,
        "pairs": [[1, 12], [9, 10]],
        "searched_to": 99937,
    }


@checks_claim("daifugo.ramanujan_taxicab", "refuted")
def test_ramanujan_taxicab_refuted_when_a_smaller_sum_has_two_ways(frames):
    extra = pd.DataFrame({"n": [1001, 1001], "a": [1, 2], "b": [10, 9]})
    sums = pd.concat([frames[CUBE_SUMS], extra], ignore_index=True)
    claim = _claim(number_theory.ramanujan_taxicab, frames, {CUBE_SUMS: sums})
    assert claim.verdict is Verdict.REFUTED and claim.evidence.startswith("least = 1001")
    assert claim.recheck.expected["least"] == 1001


@checks_claim("daifugo.ramanujan_taxicab", "undecided")
def test_ramanujan_taxicab_undecided_below_1729(frames):
    claim = _claim(number_theory.ramanujan_taxicab, frames, {CUBE_SUMS: cube_sums_frame(1000)})
    assert claim.verdict is Verdict.UNDECIDED and claim.caveat == "the table stops at 945"
    assert claim.recheck.expected == {"least": None, "pairs": None, "searched_to": 945}


def test_carmichael_decision_wants_1729_third():
    from asobi.daifugo.claims.decisions import decide_carmichael

    assert decide_carmichael({561: 3, 1105: 3, 1729: 4}, 2000) is Verdict.CONFIRMED
    assert decide_carmichael({561: 3, 1105: 3, 1500: 2, 1729: 4}, 2000) is Verdict.REFUTED


# --- the numbers, z3 and Genocchi tables ---------------------------------------------------


@checks_claim("daifugo.smallest_unplayable_composite_without_exponent", "confirmed")
def test_smallest_unplayable_composite_without_exponent_confirmed(frames):
    claim = _claim(number_theory.smallest_unplayable_composite_without_exponent, frames)
    assert claim.verdict is Verdict.CONFIRMED and "least such n = 128" in claim.evidence


@checks_claim("daifugo.smallest_unplayable_composite_without_exponent", "refuted")
def test_smallest_unplayable_composite_without_exponent_refuted_when_100_is_stuck(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 100, "playable_composite", False)
    claim = _claim(
        number_theory.smallest_unplayable_composite_without_exponent, frames, {NUMBERS: numbers}
    )
    assert claim.verdict is Verdict.REFUTED and "least such n = 100" in claim.evidence


@checks_claim("daifugo.smallest_unplayable_composite_without_exponent", "undecided")
def test_smallest_unplayable_composite_without_exponent_undecided_below_128(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] <= 100]
    claim = _claim(
        number_theory.smallest_unplayable_composite_without_exponent, frames, {NUMBERS: numbers}
    )
    assert claim.verdict is Verdict.UNDECIDED and claim.caveat == "the table stops at 100"


@checks_claim("daifugo.smallest_eden_prime", "confirmed")
def test_smallest_eden_prime_confirmed(frames):
    claim = _claim(number_theory.smallest_eden_prime, frames)
    assert claim.verdict is Verdict.CONFIRMED and claim.evidence.startswith("least = 40009")


@checks_claim("daifugo.smallest_eden_prime", "refuted")
def test_smallest_eden_prime_refuted_when_40009_is_playable(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 40009, "playable_plain", True)
    claim = _claim(number_theory.smallest_eden_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "40009" not in claim.evidence.split(";")[0]


@checks_claim("daifugo.smallest_eden_prime", "undecided")
def test_smallest_eden_prime_undecided_when_the_table_stops_below_40009(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] <= 30_000]
    claim = _claim(number_theory.smallest_eden_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.UNDECIDED and "30000" in claim.caveat


@checks_claim("daifugo.ramanujan_smallest_carmichael_four_cards", "confirmed")
def test_ramanujan_smallest_carmichael_four_cards_confirmed(frames):
    claim = _claim(number_theory.ramanujan_smallest_carmichael_four_cards, frames)
    assert claim.verdict is Verdict.CONFIRMED and "1729: 4" in claim.evidence


@checks_claim("daifugo.ramanujan_smallest_carmichael_four_cards", "refuted")
def test_ramanujan_smallest_carmichael_four_cards_refuted_when_561_needs_four(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 561, "min_cards", 4)
    claim = _claim(
        number_theory.ramanujan_smallest_carmichael_four_cards, frames, {NUMBERS: numbers}
    )
    assert claim.verdict is Verdict.REFUTED and "561: 4" in claim.evidence


@checks_claim("daifugo.ramanujan_smallest_carmichael_four_cards", "undecided")
def test_ramanujan_smallest_carmichael_four_cards_undecided_below_1729(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] <= 1500]
    claim = _claim(
        number_theory.ramanujan_smallest_carmichael_four_cards, frames, {NUMBERS: numbers}
    )
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("daifugo.ramanujan_looks_prime", "confirmed")
def test_ramanujan_looks_prime_confirmed(frames):
    claim = _claim(number_theory.ramanujan_looks_prime, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "{561: 3, 1105: 5, 1729: 7}" in claim.evidence


@checks_claim("daifugo.ramanujan_looks_prime", "refuted")
def test_ramanujan_looks_prime_refuted_when_7_is_not_listed_as_prime(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 7, "is_prime", False)
    claim = _claim(number_theory.ramanujan_looks_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "1729: 13" in claim.evidence


@checks_claim("daifugo.ramanujan_looks_prime", "undecided")
def test_ramanujan_looks_prime_undecided_when_the_primes_stop_before_7(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] <= 6]
    claim = _claim(number_theory.ramanujan_looks_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("daifugo.genocchi_17_only_prime", "confirmed")
def test_genocchi_17_only_prime_confirmed_with_the_index_checked_as_caveat(frames):
    claim = _claim(number_theory.genocchi_17_only_prime, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.caveat == "checked for even indices up to 60; no proof beyond"
    assert "G_8 = 17" in claim.evidence and "G_6 = -3" in claim.evidence


@checks_claim("daifugo.genocchi_17_only_prime", "refuted")
def test_genocchi_17_only_prime_refuted_when_g6_were_positive(frames):
    genocchi = _set(frames[GENOCCHI], lambda f: f["index"] == 6, "sign", 1)
    claim = _claim(number_theory.genocchi_17_only_prime, frames, {GENOCCHI: genocchi})
    assert claim.verdict is Verdict.REFUTED and "[6, 8] with G_2n > 0" in claim.evidence


@checks_claim("daifugo.genocchi_17_only_prime", "undecided")
def test_genocchi_17_only_prime_undecided_below_index_8(frames):
    genocchi = frames[GENOCCHI][frames[GENOCCHI]["index"] <= 6]
    claim = _claim(number_theory.genocchi_17_only_prime, frames, {GENOCCHI: genocchi})
    assert claim.verdict is Verdict.UNDECIDED and "below G_8" in claim.caveat


@checks_claim("daifugo.finding_rescued_by_exponent", "confirmed")
def test_finding_rescued_by_exponent_confirmed(frames):
    claim = _claim(composites.finding_rescued_by_exponent, frames)
    assert claim.verdict is Verdict.CONFIRMED and "smallest [128" in claim.evidence


@checks_claim("daifugo.finding_rescued_by_exponent", "refuted")
def test_finding_rescued_by_exponent_refuted_when_exponents_add_nothing(frames):
    numbers = frames[NUMBERS].assign(playable_with_exponent=frames[NUMBERS]["playable_composite"])
    claim = _claim(composites.finding_rescued_by_exponent, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and claim.evidence.startswith("0 of")


def _exponents_add_nothing(frames, cards: bool = True, playable: bool = True) -> pd.DataFrame:
    """The numbers table as if exponent notation changed no fewest-card count (``cards``)
    and made no composite playable that was not before (``playable``)."""
    numbers = frames[NUMBERS].copy()
    if cards:
        numbers["min_cards_with_exponent"] = numbers["min_cards_composite"]
    if playable:
        numbers["playable_with_exponent"] = numbers["playable_composite"]
    return numbers


@checks_claim("daifugo.non_square_free_easier", "confirmed")
def test_non_square_free_easier_confirmed_more_playable_and_fewer_cards(frames):
    claim = _claim(composites.non_square_free_easier, frames)
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence
    assert [r.reading_id for r in claim.readings] == ["more_playable", "fewer_cards"]
    assert "0 lost" in claim.evidence and ", 0 more" in claim.evidence


@checks_claim("daifugo.non_square_free_easier", "refuted")
def test_non_square_free_easier_refuted_when_exponents_add_nothing(frames):
    numbers = _exponents_add_nothing(frames)
    claim = _claim(composites.non_square_free_easier, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED
    assert "0 gained" in claim.evidence and "0 need fewer cards" in claim.evidence


@checks_claim("daifugo.non_square_free_easier", "depends")
def test_non_square_free_easier_depends_when_only_more_numbers_become_playable(frames):
    """Some become playable, but none playable before needs fewer cards: "easier" holds
    in one reading and fails in the other."""
    numbers = _exponents_add_nothing(frames, playable=False)
    claim = _claim(composites.non_square_free_easier, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == "confirmed under: more_playable; refuted under: fewer_cards"


@checks_claim("daifugo.non_square_free_easier", "depends")
def test_non_square_free_easier_depends_when_a_number_needs_more_cards(frames):
    numbers = frames[NUMBERS].copy()
    at = numbers["n"] == 8  # 8 = 2^3 (8 2 3) read as needing more than 8 2 2 2
    numbers.loc[at, "min_cards_with_exponent"] = 9
    claim = _claim(composites.non_square_free_easier, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.DEPENDS and ", 1 more" in claim.evidence


@checks_claim("daifugo.formerly_unplayable_become_playable", "depends")
def test_formerly_unplayable_become_playable_depends_128_yes_all_no(frames):
    """128 becomes playable, but 2000 (2^4·5^3) and others stay unplayable."""
    claim = _claim(composites.formerly_unplayable_become_playable, frames)
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == "confirmed under: the_named_128; refuted under: every_one"
    assert "smallest [2000," in claim.evidence


@checks_claim("daifugo.formerly_unplayable_become_playable", "confirmed")
def test_formerly_unplayable_become_playable_confirmed_when_every_one_is(frames):
    numbers = frames[NUMBERS].assign(playable_with_exponent=True)
    claim = _claim(composites.formerly_unplayable_become_playable, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.CONFIRMED


@checks_claim("daifugo.formerly_unplayable_become_playable", "refuted")
def test_formerly_unplayable_become_playable_refuted_when_exponents_add_nothing(frames):
    numbers = _exponents_add_nothing(frames, cards=False)
    claim = _claim(composites.formerly_unplayable_become_playable, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "128: unplayable" in claim.evidence


@checks_claim("daifugo.non_square_free_several_ways", "confirmed")
def test_non_square_free_several_ways_confirmed_with_the_exceptions_as_evidence(frames):
    claim = _claim(composites.non_square_free_several_ways, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "layouts, 108 one (smallest [2008," in claim.evidence


@checks_claim("daifugo.non_square_free_several_ways", "refuted")
def test_non_square_free_several_ways_refuted_when_most_have_one_layout(frames):
    numbers = frames[NUMBERS].assign(n_layouts_with_exponent=1)
    claim = _claim(composites.non_square_free_several_ways, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "(0.0%) have two or more" in claim.evidence


@checks_claim("daifugo.non_square_free_several_ways", "depends")
def test_non_square_free_several_ways_depends_when_square_free_ones_have_more(frames):
    """Most have several layouts, but every square-free composite has as many."""
    numbers = frames[NUMBERS].assign(n_layouts_with_exponent=5)
    claim = _claim(composites.non_square_free_several_ways, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.DEPENDS
    assert claim.caveat == "confirmed under: most; refuted under: more_than_square_free"


@checks_claim("daifugo.special_numbers_not_prime", "confirmed")
def test_special_numbers_not_prime_confirmed(frames):
    claim = _claim(number_theory.special_numbers_not_prime, frames)
    assert claim.verdict is Verdict.CONFIRMED
    assert "1729 = 7·13·19, each prime: holds" in claim.evidence


@checks_claim("daifugo.special_numbers_not_prime", "refuted")
def test_special_numbers_not_prime_refuted_when_the_table_calls_57_prime(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 57, "is_prime", True)
    claim = _claim(number_theory.special_numbers_not_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "57 not prime: fails" in claim.evidence


@checks_claim("daifugo.special_numbers_not_prime", "refuted")
def test_special_numbers_not_prime_refuted_when_a_factor_is_not_prime(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 13, "is_prime", False)
    claim = _claim(number_theory.special_numbers_not_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "5187 = 3·7·13·19, each prime: fails" in (
        claim.evidence
    )


@checks_claim("daifugo.special_numbers_not_prime", "undecided")
def test_special_numbers_not_prime_undecided_below_1729(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] < 1000]
    claim = _claim(number_theory.special_numbers_not_prime, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.UNDECIDED and "beyond the table: [1729, 5187]" in (
        claim.evidence
    )


@checks_claim("daifugo.finding_still_unplayable", "confirmed")
def test_finding_still_unplayable_confirmed(frames):
    assert _claim(composites.finding_still_unplayable, frames).verdict is Verdict.CONFIRMED


@checks_claim("daifugo.finding_still_unplayable", "refuted")
def test_finding_still_unplayable_refuted_when_every_composite_is_playable(frames):
    numbers = frames[NUMBERS].assign(playable_with_exponent=True)
    claim = _claim(composites.finding_still_unplayable, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED


@checks_claim("daifugo.finding_primes_needing_joker", "confirmed")
def test_finding_primes_needing_joker_confirmed(frames):
    claim = _claim(number_theory.finding_primes_needing_joker, frames)
    assert claim.verdict is Verdict.CONFIRMED and "of 5133 primes" in claim.evidence


@checks_claim("daifugo.finding_primes_needing_joker", "refuted")
def test_finding_primes_needing_joker_refuted_when_no_prime_needs_one(frames):
    numbers = frames[NUMBERS].assign(jokers_needed=0, playable_plain=True)
    claim = _claim(number_theory.finding_primes_needing_joker, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED


@checks_claim("daifugo.square_free_unchanged", "confirmed")
def test_square_free_unchanged_confirmed_up_to_the_table(frames):
    claim = _claim(number_theory.square_free_unchanged, frames)
    assert claim.verdict is Verdict.CONFIRMED and "n ≤ 50000" in claim.caveat
    assert claim.evidence.startswith("plays: 6082 of 6082 numbers (1229 primes)")
    assert "(ours)" not in claim.statement and "指数表記出し" in claim.source


@checks_claim("daifugo.square_free_unchanged", "refuted")
def test_square_free_unchanged_refuted_when_exponents_change_30(frames):
    numbers = _set(frames[NUMBERS], lambda f: f["n"] == 30, "min_cards_with_exponent", 1)
    claim = _claim(number_theory.square_free_unchanged, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.REFUTED and "differ: [30]" in claim.evidence


@checks_claim("daifugo.square_free_unchanged", "refuted")
def test_square_free_unchanged_refuted_when_a_play_of_a_prime_changes(frames, monkeypatch):
    real = number_theory.composite_layouts

    def extra_play_of_7(n, rules, exponent=True):
        return ["7 as 7^1"] if n == 7 and exponent else real(n, rules, exponent)

    monkeypatch.setattr(number_theory, "composite_layouts", extra_play_of_7)
    claim = _claim(number_theory.square_free_unchanged, frames)
    assert claim.verdict is Verdict.REFUTED and "differ: [7]" in claim.evidence
    assert "6081 of 6082 numbers" in claim.evidence


@checks_claim("daifugo.square_free_unchanged", "undecided")
def test_square_free_unchanged_undecided_without_primes_or_square_free_numbers(frames):
    numbers = frames[NUMBERS][frames[NUMBERS]["n"] == 4]
    claim = _claim(number_theory.square_free_unchanged, frames, {NUMBERS: numbers})
    assert claim.verdict is Verdict.UNDECIDED


@checks_claim("daifugo.z3_crosscheck", "confirmed")
def test_z3_crosscheck_confirmed(frames):
    claim = _claim(number_theory.z3_crosscheck, frames)
    assert claim.verdict is Verdict.CONFIRMED and "up to 40" in claim.caveat


@checks_claim("daifugo.z3_crosscheck", "refuted")
def test_z3_crosscheck_refuted_by_one_disagreement(frames):
    z3 = _set(frames[Z3], lambda f: f["n"] == 12, "agree", False)
    claim = _claim(number_theory.z3_crosscheck, frames, {Z3: z3})
    assert claim.verdict is Verdict.REFUTED and "disagree: [12]" in claim.evidence


@checks_claim("daifugo.z3_crosscheck", "undecided")
def test_z3_crosscheck_undecided_with_nothing_checked(frames):
    claim = _claim(number_theory.z3_crosscheck, frames, {Z3: frames[Z3].iloc[:0]})
    assert claim.verdict is Verdict.UNDECIDED


# --- how often a revolution can start ------------------------------------------------------


def _odds(frames, event: str, value, size: int | None = None) -> pd.DataFrame:
    def where(f):
        return (f["event"] == event) & (True if size is None else f["hand_size"] == size)

    return _set(frames[HAND_ODDS], where, "probability", value)


def _scaled(frames, event: str, reference: str, factor: float, jokers: bool | None = None):
    """``event``'s chance set to ``factor`` times ``reference``'s (same hand, jokers)."""
    odds = frames[HAND_ODDS].copy()
    keys = ["hand_size", "jokers"]
    base = odds[odds["event"] == reference].set_index(keys)["probability"]
    rows = (odds["event"] == event) & (True if jokers is None else odds["jokers"] == jokers)
    odds.loc[rows, "probability"] = [
        factor * base[(s, j)] for s, j in odds.loc[rows, keys].itertuples(index=False)
    ]
    return odds


FREQUENCY_CLAIMS = (
    revolution_odds.revolution_four_cards_too_frequent,
    revolution_odds.revolution_1729_overcomes_too_frequent,
    revolution_odds.revolution_1729_as_prime_suitable,
)


def _ordinary(frames, value: float) -> pd.DataFrame:
    """The ordinary daifugō odds with every chance of four of a kind set to ``value``."""
    return frames[ORDINARY_ODDS].assign(probability=value)


def test_the_frequency_claims_share_their_readings_of_ordinary_daifugo(frames):
    """「通常の大富豪に比べて」 is read the same way in every claim that uses it: per hand,
    a same-size hand and ordinary daifugō as dealt to 3, 4 and 5 players."""
    built = [_claim(builder, frames) for builder in FREQUENCY_CLAIMS]
    ids = [[r.reading_id for r in claim.readings] for claim in built]
    assert ids[0] == ids[1] == ids[2]
    assert len(ids[0]) == 2 * 2 * (1 + 3)  # hands of 5 and 7 cards, jokers off and on
    assert {"same_hand_7_cards_with_jokers", "as_dealt_4_players_5_cards_without_jokers"} <= set(
        ids[0]
    )
    for claim in built:
        assert sorted(claim.tables) == [HAND_ODDS, ORDINARY_ODDS]
        assert "山札" in claim.formal and "left out" in claim.formal
        assert all(r.recheck is not None for r in claim.readings)


@checks_claim("daifugo.revolution_four_cards_too_frequent", "confirmed")
def test_revolution_four_cards_too_frequent_confirmed_under_every_yardstick(frames):
    claim = _claim(revolution_odds.revolution_four_cards_too_frequent, frames)
    assert claim.verdict is Verdict.CONFIRMED and "fails under: none" in claim.evidence
    assert "(as dealt to 3/4/5 players)" in claim.evidence


@checks_claim("daifugo.revolution_four_cards_too_frequent", "refuted")
def test_revolution_four_cards_too_frequent_refuted_when_four_of_a_kind_is_certain(frames):
    changed = {HAND_ODDS: _odds(frames, "four_of_a_kind", 1.0), ORDINARY_ODDS: _ordinary(frames, 1)}
    claim = _claim(revolution_odds.revolution_four_cards_too_frequent, frames, changed)
    assert claim.verdict is Verdict.REFUTED


@checks_claim("daifugo.revolution_four_cards_too_frequent", "depends")
def test_revolution_four_cards_too_frequent_depends_on_the_yardstick(frames):
    """Four of a kind certain in a same-size hand but not in ordinary daifugō as dealt."""
    odds = _odds(frames, "four_of_a_kind", 1.0)
    claim = _claim(revolution_odds.revolution_four_cards_too_frequent, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.DEPENDS
    assert "refuted under: same_hand_5_cards_without_jokers" in claim.caveat
    assert "confirmed under: as_dealt_3_players_5_cards_without_jokers" in claim.caveat


@checks_claim("daifugo.revolution_four_cards_too_frequent", "depends")
def test_revolution_four_cards_too_frequent_depends_on_the_players_dealt_to(frames):
    ordinary = frames[ORDINARY_ODDS].copy()
    ordinary.loc[ordinary["players"] == 3, "probability"] = 1.0
    claim = _claim(
        revolution_odds.revolution_four_cards_too_frequent, frames, {ORDINARY_ODDS: ordinary}
    )
    assert claim.verdict is Verdict.DEPENDS
    failed = [r.reading_id for r in claim.readings if r.verdict is Verdict.REFUTED]
    assert failed and all(r.startswith("as_dealt_3_players") for r in failed)


@checks_claim("daifugo.revolution_four_cards_too_frequent", "undecided")
def test_revolution_four_cards_too_frequent_undecided_without_odds(frames):
    claim = _claim(
        revolution_odds.revolution_four_cards_too_frequent,
        frames,
        {HAND_ODDS: frames[HAND_ODDS][:0]},
    )
    assert claim.verdict is Verdict.UNDECIDED and "no rows" in claim.evidence


@checks_claim("daifugo.revolution_1729_composite_too_hard", "confirmed")
def test_revolution_1729_composite_too_hard_confirmed(frames):
    claim = _claim(revolution_odds.revolution_1729_composite_too_hard, frames)
    assert claim.verdict is Verdict.CONFIRMED


@checks_claim("daifugo.revolution_1729_composite_too_hard", "refuted")
def test_revolution_1729_composite_too_hard_refuted_when_as_easy_as_1729_as_prime(frames):
    odds = _scaled(frames, "ramanujan_composite", "ramanujan_as_prime", 1.0)
    claim = _claim(revolution_odds.revolution_1729_composite_too_hard, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.REFUTED


@checks_claim("daifugo.revolution_1729_composite_too_hard", "depends")
def test_revolution_1729_composite_too_hard_depends_on_the_joker_rule(frames):
    odds = _scaled(frames, "ramanujan_composite", "ramanujan_as_prime", 1.5, jokers=True)
    claim = _claim(revolution_odds.revolution_1729_composite_too_hard, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.DEPENDS and "fails under: 5 cards with jokers" in claim.evidence


@checks_claim("daifugo.revolution_1729_as_prime_suitable", "confirmed")
def test_revolution_1729_as_prime_suitable_confirmed_inside_the_band(frames):
    """1729 as if prime at 0.001 %: above the composite play (impossible in 5- and 7-card
    hands), below four of a kind under every yardstick."""
    odds = _odds(frames, "ramanujan_as_prime", 1e-5)
    claim = _claim(revolution_odds.revolution_1729_as_prime_suitable, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.CONFIRMED and "fails under: none" in claim.evidence


@checks_claim("daifugo.revolution_1729_as_prime_suitable", "refuted")
def test_revolution_1729_as_prime_suitable_refuted_when_as_rare_as_the_composite_play(frames):
    """The band's lower side: no likelier than the rule the article calls too hard."""
    rare = {**frames, HAND_ODDS: _odds(frames, "ramanujan_as_prime", 1e-5)}
    odds = _odds(rare, "ramanujan_composite", 1e-5)
    claim = _claim(revolution_odds.revolution_1729_as_prime_suitable, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.REFUTED


@checks_claim("daifugo.revolution_1729_as_prime_suitable", "refuted")
def test_revolution_1729_as_prime_suitable_refuted_when_above_ordinary_daifugo(frames):
    """The band's upper side: likelier than four of a kind under every yardstick."""
    odds = _odds(frames, "ramanujan_as_prime", 0.9)
    claim = _claim(revolution_odds.revolution_1729_as_prime_suitable, frames, {HAND_ODDS: odds})
    assert claim.verdict is Verdict.REFUTED and "holds under 0 of 16" in claim.evidence


@checks_claim("daifugo.revolution_1729_as_prime_suitable", "depends")
def test_revolution_1729_as_prime_suitable_depends_on_the_yardstick(frames):
    """The real 5- and 7-card odds: 1729 as if prime (1.9 % of 7-card hands) is likelier
    than four of a kind in a same-size hand, rarer than in most ordinary deals."""
    claim = _claim(revolution_odds.revolution_1729_as_prime_suitable, frames)
    assert claim.verdict is Verdict.DEPENDS
    verdicts = {r.reading_id: r.verdict for r in claim.readings}
    assert verdicts["same_hand_7_cards_without_jokers"] is Verdict.REFUTED
    assert verdicts["as_dealt_4_players_7_cards_without_jokers"] is Verdict.CONFIRMED
    assert verdicts["as_dealt_5_players_7_cards_without_jokers"] is Verdict.REFUTED


@checks_claim("daifugo.revolution_1729_overcomes_too_frequent", "confirmed")
def test_revolution_1729_overcomes_too_frequent_confirmed_when_rarer_under_every_yardstick(frames):
    odds = _odds(frames, "ramanujan_as_prime", 1e-5)
    claim = _claim(
        revolution_odds.revolution_1729_overcomes_too_frequent, frames, {HAND_ODDS: odds}
    )
    assert claim.verdict is Verdict.CONFIRMED, claim.evidence


@checks_claim("daifugo.revolution_1729_overcomes_too_frequent", "depends")
def test_revolution_1729_overcomes_too_frequent_depends_on_the_yardstick(frames):
    """The real odds: 7 cards without jokers 0.0193 against 0.0014 in the same hand,
    0.0293 as dealt to 4 players and 0.0086 to 5."""
    claim = _claim(revolution_odds.revolution_1729_overcomes_too_frequent, frames)
    assert claim.verdict is Verdict.DEPENDS
    assert "7 cards without jokers: 0.0193 vs four of a kind 0.0014 (same hand), " in (
        claim.evidence
    )
    assert "0.1225/0.0293/0.0086 (as dealt to 3/4/5 players)" in claim.evidence


@checks_claim("daifugo.revolution_1729_overcomes_too_frequent", "refuted")
def test_revolution_1729_overcomes_too_frequent_refuted_when_likelier_in_every_hand(frames):
    odds = _ramanujan_times(frames, 50.0)
    claim = _claim(
        revolution_odds.revolution_1729_overcomes_too_frequent, frames, {HAND_ODDS: odds}
    )
    assert claim.verdict is Verdict.REFUTED and "holds under 0 of 16" in claim.evidence


@checks_claim("daifugo.revolution_1729_overcomes_too_frequent", "refuted")
def test_revolution_1729_overcomes_too_frequent_reads_the_yardstick_from_its_table(frames):
    """The ordinary daifugō odds come from the published table: a yardstick of 0.001 %
    (and four of a kind as rare in the same hand) makes 1729 likelier under every one."""
    changed = {
        ORDINARY_ODDS: _ordinary(frames, 1e-5),
        HAND_ODDS: _odds(frames, "four_of_a_kind", 1e-5),
    }
    claim = _claim(revolution_odds.revolution_1729_overcomes_too_frequent, frames, changed)
    assert claim.verdict is Verdict.REFUTED


def _ramanujan_times(frames, factor: float, size: int | None = None) -> pd.DataFrame:
    odds = frames[HAND_ODDS].copy()
    rows = odds["event"] == "ramanujan_as_prime"
    if size is not None:
        rows &= odds["hand_size"] == size
    odds.loc[rows, "probability"] = (odds.loc[rows, "probability"] * factor).clip(upper=1.0)
    return odds


def test_ordinary_daifugo_hands_deal_the_whole_deck():
    frame = ordinary_odds_frame(Rules()).set_index(["players", "jokers"])
    assert frame.loc[(3, False), "hand_size"] == 18 and frame.loc[(5, True), "hand_size"] == 10
    # larger hands, likelier four of a kind; jokers standing in make it likelier still
    assert frame.loc[(3, True), "probability"] > frame.loc[(4, True), "probability"]
    assert frame.loc[(4, True), "probability"] > frame.loc[(4, False), "probability"]
    assert (frame["hands"] / frame["total"] == frame["probability"]).all()


def test_four_of_a_kind_by_generating_function_equals_the_enumeration():
    odds = HandOdds(Rules())
    for size in (4, 5, 7):
        for jokers in (False, True):
            expected = odds.probability("four_of_a_kind", size, jokers)
            assert four_of_a_kind_probability(Rules(), size, jokers) == expected


@checks_claim("daifugo.revolution_jokers_somewhat_more_likely", "confirmed")
def test_revolution_jokers_more_likely_confirmed_with_the_size_as_evidence(frames):
    claim = _claim(revolution_odds.revolution_jokers_somewhat_more_likely, frames)
    assert claim.verdict is Verdict.CONFIRMED and "fails under: none" in claim.evidence
    assert "(x3.20)" in claim.evidence and "(x2.87)" in claim.evidence


def _jokers_times(frames, factor: float, size: int | None = None) -> pd.DataFrame:
    odds = frames[HAND_ODDS].copy()
    as_prime = odds["event"] == "ramanujan_as_prime"
    plain = odds[as_prime & ~odds["jokers"]].set_index("hand_size")["probability"]
    rows = as_prime & odds["jokers"] & ((odds["hand_size"] == size) if size else True)
    odds.loc[rows, "probability"] = factor * plain.loc[odds.loc[rows, "hand_size"]].values
    return odds


@checks_claim("daifugo.revolution_jokers_somewhat_more_likely", "refuted")
def test_revolution_jokers_more_likely_refuted_when_jokers_add_nothing(frames):
    odds = _jokers_times(frames, 1.0)
    claim = _claim(
        revolution_odds.revolution_jokers_somewhat_more_likely, frames, {HAND_ODDS: odds}
    )
    assert claim.verdict is Verdict.REFUTED and "(x1.00)" in claim.evidence


@checks_claim("daifugo.revolution_jokers_somewhat_more_likely", "depends")
def test_revolution_jokers_more_likely_depends_on_the_hand(frames):
    odds = _jokers_times(frames, 0.9, size=7)
    claim = _claim(
        revolution_odds.revolution_jokers_somewhat_more_likely, frames, {HAND_ODDS: odds}
    )
    assert claim.verdict is Verdict.DEPENDS and "fails under: 7 cards" in claim.evidence


# --- all builders together, and the claims step ----------------------------------------------


def test_every_daifugo_claim_is_built_and_cites_what_it_read(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames), declared=claims.CLAIM_IDS)
    assert [c.claim_id for c in built] == list(claims.CLAIM_IDS)
    assert [c.claim_id for c in built if c.recheck is None] == []
    assert {c.verdict for c in built} <= set(Verdict)
    assert {c.claim_id: c.citation for c in built} == claims.CITATIONS


def test_every_citation_names_its_source_as_the_rules_ask():
    from asobi.core.sources import ARTICLES, check_passages

    title = ARTICLES["daifugo"].title
    assert set(claims.CITATIONS) == set(claims.CLAIM_IDS)
    for claim_id, citation in claims.CITATIONS.items():
        ours = citation.source.startswith("asobi's finding (ours)")
        article = title in citation.source
        assert ours + article + ("read 20" in citation.source) == 1, claim_id
        assert len(citation.passage) <= 60, claim_id
    articles = Path(__file__).parents[2] / "shared" / "articles"
    if not articles.is_dir():
        articles = Path("/work/shared/articles")
    if articles.is_dir():
        missing = [
            c.claim_id for c in check_passages(claims.CITATIONS, articles) if c.found is False
        ]
        assert missing == []


def test_our_findings_say_so_and_the_articles_claims_do_not(frames):
    built = run_builders(claims.BUILDERS, ResultTables(frames=frames))
    for claim in built:
        assert ("(ours)" in claim.statement) == claim.source.startswith("asobi's finding"), (
            claim.claim_id
        )


def test_a_builder_citing_a_table_it_did_not_read_fails(frames):
    def cites_layouts(tables):
        claim = examples.example_32(tables, Rules())
        return Claim(**{**claim.__dict__, "tables": ("daifugo/layouts.parquet",)})

    with pytest.raises(DataError, match="cites"):
        run_builders([cites_layouts], ResultTables(frames=frames))


def test_claims_step_reads_exactly_the_rule_inputs(tmp_path: Path, frames):
    # The tables come from the files the rule gives (stamped like a run's), wherever they
    # lie; one that holds another table is refused, naming the file.
    from asobi.daifugo.pipeline import write_claims

    paths = {}
    for i, (name, frame) in enumerate(frames.items()):
        paths[name] = write_table(frame, tmp_path / f"in{i}.parquet", table=name[:-8])
    out = tmp_path / "out" / "claims.parquet"
    args = {
        "numbers": paths[NUMBERS],
        "z3": paths[Z3],
        "genocchi": paths[GENOCCHI],
        "largest_primes": paths[LARGEST_PRIMES],
        "prime_tally": paths[PRIME_TALLY],
        "primes": paths[PRIMES],
        "rulings": paths[RULINGS],
        "cube_sums": paths[CUBE_SUMS],
        "ordinary_odds": paths[ORDINARY_ODDS],
    }
    write_claims(out, hand_odds=paths[HAND_ODDS], rules={"suits": 4}, **args)
    written = pd.read_parquet(out)
    assert written["claim_id"].tolist() == list(claims.CLAIM_IDS)
    assert set(written["verdict"]) <= {"confirmed", "refuted", "undecided", "depends"}
    cited = run_builders(claims.BUILDERS, ResultTables(frames=frames))
    assert [list(t) for t in written["tables"]] == [list(c.tables) for c in cited]
    wrong = f"{paths[GENOCCHI]} holds the table daifugo/genocchi, not daifugo/z3_crosscheck"
    with pytest.raises(DataError, match=wrong):
        write_claims(out, hand_odds=paths[HAND_ODDS], rules={}, **{**args, "z3": paths[GENOCCHI]})
