"""素数大富豪: the article's examples, deck limits, the rules engine, property tests."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.daifugo.daifugo import (
    Field,
    Play,
    Position,
    Rules,
    Term,
    check_number,
    composite_layouts,
    expression_layouts,
    expression_value,
    factorise,
    fits_deck,
    is_carmichael,
    is_prime,
    jokers_needed,
    judge,
    legal_moves,
    play,
    summarise,
    tokenisations,
    towers,
)
from asobi.daifugo.genocchi import check_genocchi, genocchi_even

DATA = Path(__file__).parent / "data" / "daifugo"
RULES = Rules()


def has_layout(n: int, expression: str, cards: list[int], rules: Rules = RULES) -> bool:
    wanted = tuple(sorted(cards))
    return any(
        lay.text == expression and lay.multiset == wanted for lay in composite_layouts(n, rules)
    )


# --- the article's examples ---------------------------------------------------------------


def test_32_laid_as_3_2_2_5():
    assert has_layout(32, "2^5", [3, 2, 2, 5])
    assert composite_layouts(32, RULES)[0].n_cards == 4


def test_88_laid_with_jack_or_two_aces():
    assert has_layout(88, "2^3*11", [8, 8, 2, 3, 11])
    assert has_layout(88, "2^3*11", [8, 8, 2, 3, 1, 1])


def test_64_full_and_partial_exponent():
    assert has_layout(64, "2^6", [6, 4, 2, 6])
    assert has_layout(64, "2*2*2*2^3", [6, 4, 2, 2, 2, 2, 3])


def test_691_to_the_first_is_refused_without_penalty():
    ruling = judge(Field(), Play.parse("691=691^1"))
    assert not ruling.legal and not ruling.foul and "exponent 1" in ruling.reason
    assert judge(Field(), Play.parse("691")).legal


def test_155_as_5_times_31_to_the_first_is_refused():
    assert not judge(Field(), Play.parse("155=5*31^1")).legal
    assert judge(Field(), Play.parse("155=5*31")).legal
    assert all(
        all(level >= 2 for t in lay.expression for level in t.tower)
        for lay in composite_layouts(155, RULES)
    )


def test_23456_with_a_joker_for_the_exponent_5():
    layouts = expression_layouts(23456, (Term(2, (5,)), Term(733)), RULES)
    assert layouts
    # replacing one 5 by a joker still fits a deck with two jokers
    assert any(5 in lay.multiset and lay.jokers + 1 <= RULES.jokers for lay in layouts)
    no_jokers = Rules(jokers=0)
    assert expression_layouts(23456, (Term(2, (5,)), Term(733)), no_jokers)


def test_1024_with_a_joker_as_zero_in_the_exponent():
    def multisets(rules):
        return {lay.multiset for lay in expression_layouts(1024, (Term(2, (10,)),), rules)}

    # 1024 laid as 10, 2, 4; then 2 and the exponent 10 as A, Joker(0)
    play_cards = tuple(sorted((10, 2, 4, 2, 1, 0)))
    assert play_cards in multisets(RULES)
    assert play_cards not in multisets(Rules(joker_zero=False))
    assert play_cards not in multisets(Rules(jokers=0))


def test_1_as_2_to_the_zero_is_refused():
    ruling = judge(Field(), Play.parse("1=2^0"))
    assert not ruling.legal and not ruling.foul
    assert composite_layouts(1, RULES) == []


def test_6_with_691_to_the_zero_is_refused():
    assert not judge(Field(), Play.parse("6=2*3*691^0")).legal
    assert judge(Field(), Play.parse("6=2*3")).legal


def test_65536_nested_exponents():
    texts = {lay.text for lay in composite_layouts(65536, RULES)}
    assert {"2^16", "2^(2^4)", "2^(4^2)", "2^(2^(2^2))"} <= texts
    assert "2^(2^(2^2))" not in {
        lay.text for lay in composite_layouts(65536, Rules(max_tower_depth=2))
    }


def test_5187_must_be_laid_as_3_7_13_19():
    foul = judge(Field(), Play.parse("5187=3*1729"))
    assert foul.foul and not foul.legal
    assert judge(Field(), Play.parse("5187=3*7*13*19")).legal
    assert {lay.text for lay in composite_layouts(5187, RULES)} == {"3*7*13*19"}


def test_1729_is_never_a_composite_play():
    assert composite_layouts(1729, RULES) == []
    ruling = judge(Field(1409, 4), Play.parse("1729=7*13*19"))
    assert ruling.foul and ruling.field == Field(1409, 4)


def test_57_is_never_a_factor():
    assert judge(Field(), Play.parse("171=3*57")).foul
    assert judge(Field(), Play.parse("57")).field.top is None  # Grothendieck cut


@pytest.mark.parametrize(
    "row",
    list(
        csv.DictReader(
            (
                line
                for line in (DATA / "article_plays.tsv").open(encoding="utf-8")
                if not line.startswith("#")
            ),
            delimiter="\t",
        )
    ),
    ids=lambda row: row["play"],
)
def test_article_plays_table(row):
    ruling = judge(Field(), Play.parse(row["play"]))
    assert ruling.legal == (row["legal"] == "true")
    assert ruling.foul == (row["foul"] == "true")


def test_smallest_composite_unplayable_without_exponent_is_128():
    unplayable = [
        n for n in range(4, 129) if not is_prime(n) and not summarise(n, RULES).playable_composite
    ]
    assert unplayable == [128]
    assert summarise(128, RULES).playable_with_exponent


def test_smallest_eden_prime_is_40009():
    from asobi.daifugo.fast import numbers_frame

    table = numbers_frame(2, 40009)
    eden = table[table["is_prime"] & ~table["playable_plain"]]["n"].tolist()
    assert eden == [40009]
    assert not summarise(40009, RULES).playable_plain


def test_1729_smallest_carmichael_needing_four_cards():
    carmichael = [n for n in range(3, 1730) if is_carmichael(n)]
    assert carmichael == [561, 1105, 1729]
    cards = {n: summarise(n, RULES).min_cards for n in carmichael}
    assert cards == {561: 3, 1105: 3, 1729: 4}


def test_1729_smallest_prime_factor_is_7():
    assert min(factorise(1729)) == 7
    assert min(factorise(561)) == 3 and min(factorise(1105)) == 5


def test_genocchi_17_only_positive_prime():
    checks = check_genocchi(400)
    primes = [(c.index, c.sign) for c in checks if c.prime_absolute]
    assert primes == [(6, -1), (8, 1)]


def test_genocchi_matches_bernoulli():
    # independent route: Bernoulli numbers by the Akiyama–Tanigawa algorithm
    def bernoulli(m: int) -> Fraction:
        a = [Fraction(0)] * (m + 1)
        for k in range(m + 1):
            a[k] = Fraction(1, k + 1)
            for j in range(k, 0, -1):
                a[j - 1] = j * (a[j - 1] - a[j])
        return a[0]

    values = genocchi_even(30)
    for index, value in values.items():
        assert value == 2 * (1 - 2**index) * bernoulli(index)


# --- deck limits --------------------------------------------------------------------------


def test_five_twos_need_one_joker():
    assert jokers_needed([2] * 5, RULES) == 1
    assert summarise(22222, RULES).jokers_needed == 1
    assert summarise(2222222, RULES).playable_plain is False  # seven 2s: three jokers


def test_zeros_need_jokers_unless_part_of_ten():
    assert summarise(101, RULES).jokers_needed == 0
    assert summarise(307, RULES).jokers_needed == 1
    assert not summarise(307, Rules(joker_zero=False)).playable_plain
    assert summarise(1000, RULES).min_cards == 3  # 10, Joker(0), Joker(0)


def test_deck_limit_counts_the_whole_play():
    # 2^10 plain: ten 2s plus the number's own 2 are beyond four 2s and two jokers
    assert not fits_deck([1, 0, 2, 4] + [2] * 10, RULES)
    assert summarise(1024, RULES).playable_composite is False
    assert summarise(1024, RULES).playable_with_exponent is True
    # with one suit only even 4 = 2*2 needs a joker
    assert composite_layouts(4, Rules(suits=1, jokers=0)) == []
    assert composite_layouts(4, Rules(suits=1, jokers=1))


def test_rules_reject_bad_decks():
    with pytest.raises(ConfigError):
        Rules(suits=0)
    with pytest.raises(ConfigError):
        Rules(jokers=9)


def test_towers():
    assert towers(16, 3) == ((16,), (2, 4), (2, 2, 2), (4, 2))
    assert towers(7, 3) == ((7,),)
    assert towers(1, 3) == ()


# --- rules engine -------------------------------------------------------------------------


def test_ramanujan_revolution_sequence():
    field = play(Field(1409, 4), Play.parse("1729"))
    assert field == Field(1729, 4, True)
    assert not judge(field, Play.parse("2003")).legal
    assert not judge(field, Play.parse("13")).legal  # a 4-card play needs 4 cards
    field = play(field, Play.parse("1013"))  # laid as A, Joker(0), A, 3
    assert field == Field(1013, 4, True)
    field = field.cleared()
    assert field.revolution
    field = play(field, Play.parse("1729"))
    assert not field.revolution


def test_1729_needs_a_smaller_four_card_play_on_the_field():
    assert not judge(Field(2003, 4), Play.parse("1729")).legal
    assert judge(Field(2003, 4, True), Play.parse("1729")).legal
    assert not judge(Field(13, 2), Play.parse("1729")).legal


def test_play_raises_on_illegal_moves():
    with pytest.raises(IllegalMoveError, match="not prime"):
        play(Field(), Play.parse("91"))
    with pytest.raises(IllegalMoveError, match="multiply"):
        play(Field(), Play.parse("12=2*3"))


def test_legal_moves_from_a_hand():
    moves = legal_moves(Position(Field(13, 2), (1, 2, 7, 9)))
    assert [m.number for m in moves] == [17, 19, 29, 71, 79, 97]
    assert all(judge(Field(13, 2), m).legal for m in moves)


def test_check_number_errors():
    for bad in ["", "abc", "12a", "-5", "0", "1.5", "١٢"]:
        with pytest.raises(InputError):
            check_number(bad)
    with pytest.raises(InputError):
        Play.parse("12=2*")


# --- properties ---------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(st.integers(min_value=1, max_value=10**7))
def test_tokenisations_read_back(n):
    for tokens in tokenisations(n, RULES):
        assert "".join(str(t) for t in tokens) == str(n)
        assert tokens[0] != 0 and all(0 <= t <= 13 for t in tokens)


@settings(max_examples=120, deadline=None)
@given(
    st.integers(min_value=4, max_value=6000),
    st.sampled_from(
        [Rules(), Rules(suits=2, jokers=1), Rules(suits=1, jokers=0, joker_zero=False)]
    ),
)
def test_every_layout_multiplies_out_and_fits_the_deck(n, rules):
    for layout in composite_layouts(n, rules):
        assert expression_value(layout.expression) == n
        assert all(p >= 2 and is_prime(p) for p in (t.prime for t in layout.expression))
        assert all(level >= 2 for t in layout.expression for level in t.tower)
        assert fits_deck(layout.cards, rules) and layout.jokers == jokers_needed(
            layout.cards, rules
        )
        laid = [n] + [x for t in layout.expression for x in t.numbers()]
        assert sorted(layout.cards) == sorted(layout.multiset)
        # the cards, read in play order, spell the number and then every factor and exponent
        assert "".join(str(c) for c in layout.cards) == "".join(str(x) for x in laid)
        assert n != 1729 and 57 not in laid[1:] and 1729 not in laid[1:]
    keys = [(lay.text, lay.multiset) for lay in composite_layouts(n, rules)]
    assert len(keys) == len(set(keys))


@settings(max_examples=80, deadline=None)
@given(
    st.integers(min_value=4, max_value=3000),
    st.sampled_from([Rules(), Rules(suits=1, jokers=1), Rules(suits=1, jokers=0)]),
)
def test_engine_accepts_exactly_the_enumerated_expressions(n, rules):
    from asobi.daifugo.daifugo import expressions

    if is_prime(n) or n == 1729:
        return
    for expression in expressions(n, rules)[:6]:
        factors = tuple((t.prime, t.tower) for t in expression)
        ruling = judge(Field(), Play(n, None, factors), rules)
        assert ruling.legal == bool(expression_layouts(n, expression, rules)), expression


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=13), min_size=3, max_size=6),
    st.randoms(use_true_random=False),
)
def test_random_playouts_stay_legal(cards, rng):
    position = Position(Field(), tuple(sorted(cards)))
    for _ in range(6):
        moves = legal_moves(position)
        if not moves:
            position = Position(position.field.cleared(), position.hand)  # everyone passed
            if not legal_moves(position):
                break
            continue
        move = rng.choice(moves)
        after = play(position, move)
        assert len(after.hand) == len(position.hand) - len(move.cards)
        assert after.field.top is None or after.field.n_cards == len(move.cards)
        position = after
