"""素数大富豪: the article's examples, deck limits, the rules engine, property tests."""

from __future__ import annotations

import csv
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome
from asobi.daifugo.daifugo import (
    PASS,
    Daifugo,
    Position,
    Rules,
    fits_deck,
    jokers_needed,
    judge,
    tokenisations,
)
from asobi.daifugo.genocchi import check_genocchi, genocchi_even
from asobi.daifugo.layouts import (
    Term,
    composite_layouts,
    expression_layouts,
    expression_value,
    expressions,
    summarise,
    towers,
)
from asobi.daifugo.notation import check_number
from asobi.daifugo.numbers import factorise, is_carmichael, is_prime, is_prime_exact
from asobi.daifugo.plays import Field, Play

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
    from asobi.daifugo.tables import numbers_frame

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
    field = judge(Field(1409, 4), Play.parse("1729")).field
    assert field == Field(1729, 4, True)
    assert not judge(field, Play.parse("2003")).legal
    assert not judge(field, Play.parse("13")).legal  # a 4-card play needs 4 cards
    ruling = judge(field, Play.parse("1013"))
    assert ruling.cards == (1, 0, 1, 3)  # laid as A, Joker(0), A, 3
    field = ruling.field
    assert field == Field(1013, 4, True)
    field = field.cleared()
    assert field.revolution
    assert not judge(field, Play.parse("1729")).field.revolution


def test_1729_needs_a_smaller_four_card_play_on_the_field():
    assert not judge(Field(2003, 4), Play.parse("1729")).legal
    assert judge(Field(2003, 4, True), Play.parse("1729")).legal
    assert not judge(Field(13, 2), Play.parse("1729")).legal


GAME = Daifugo(RULES)


def test_play_raises_on_illegal_moves():
    start = Position(Field(), (1, 2, 3, 9), (5, 7))
    with pytest.raises(IllegalMoveError, match="not prime"):
        GAME.play(start, Play.parse("91"))
    with pytest.raises(IllegalMoveError, match="not modelled"):
        GAME.play(start, Play.parse("6=2*3"))
    with pytest.raises(IllegalMoveError, match="does not hold K"):
        GAME.play(start, Play(13, (13,)))
    with pytest.raises(IllegalMoveError, match="must play"):
        GAME.play(start, PASS)


def test_play_returns_the_next_players_turn():
    after = GAME.play(Position(Field(), (1, 3, 7), (2, 9)), Play(13, (1, 3)))
    assert after == Position(Field(13, 2), (2, 9), (7,))
    assert GAME.play(after, PASS) == Position(Field(), (7,), (2, 9))


def test_legal_moves_from_a_hand():
    moves = GAME.legal_moves(Position(Field(13, 2), (1, 2, 7, 9), (3,)))
    assert [str(m) for m in moves] == [
        "17 [A 7]",
        "19 [A 9]",
        "29 [2 9]",
        "71 [7 A]",
        "79 [7 9]",
        "97 [9 7]",
        "pass",
    ]
    assert all(judge(Field(13, 2), m).legal for m in moves if m != PASS)


def test_grothendieck_cut_forces_a_pass_and_the_cutter_leads():
    after = GAME.play(Position(Field(53, 2), (2, 5, 7), (3, 11)), Play(57, (5, 7)))
    assert after == Position(Field(), (3, 11), (2,), cut=True)
    assert GAME.legal_moves(after) == [PASS]
    with pytest.raises(IllegalMoveError, match="cut by 57"):
        GAME.play(after, Play(3, (3,)))
    assert GAME.play(after, PASS) == Position(Field(), (2,), (3, 11))


def test_revolution_in_the_game():
    after = GAME.play(Position(Field(1409, 4), (1, 2, 3, 7, 9), (1, 1, 3, 9)), Play(1729))
    assert after.field == Field(1729, 4, True) and after.other == (3,)
    assert [str(m) for m in GAME.legal_moves(after)] == [
        "1193 [A A 9 3]",
        "1319 [A 3 A 9]",
        "pass",
    ]


def test_the_end_and_the_winner():
    finished = GAME.play(Position(Field(), (2, 9), (3,)), Play(29, (2, 9)))
    assert GAME.is_over(finished) and GAME.legal_moves(finished) == []
    assert GAME.winner(finished) == Outcome.SECOND
    blocked = Position(Field(), (4, 6), (8,))
    assert GAME.is_over(blocked) and GAME.winner(blocked) == Outcome.DRAW
    stuck = Position(Field(), (4, 6), (3, 8))
    assert not GAME.is_over(stuck) and GAME.legal_moves(stuck) == [PASS]
    with pytest.raises(ValueError, match="not over"):
        GAME.winner(stuck)


@pytest.mark.parametrize(
    "text", ["1729", "88=2^3*11", "65536=2^(2^(2^2))", "1013 [A Joker(0) A 3]", "13 [K]"]
)
def test_plays_print_and_parse_back(text):
    assert str(Play.parse(text)) == text
    assert GAME.parse_move(text) == Play.parse(text)
    assert GAME.parse_move("pass") == PASS


def test_play_notation_errors():
    for bad in ["13 [A 4]", "13 [A 3", "13 [X]"]:
        with pytest.raises(InputError):
            Play.parse(bad)


def test_rules_from_config_ignore_other_keys():
    assert Rules.from_config({"suits": 2, "n_max": 10}) == Rules(suits=2)


def test_miller_rabin_agrees_with_trial_division():
    assert [n for n in range(20000) if is_prime_exact(n)] == [
        n for n in range(20000) if is_prime(n)
    ]
    assert is_prime_exact(2**61 - 1) and not is_prime_exact(2**61 + 1)
    assert not is_prime_exact(3215031751)  # a strong pseudoprime to bases 2, 3, 5, 7


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
    if is_prime(n) or n == 1729:
        return
    for expression in expressions(n, rules)[:6]:
        factors = tuple((t.prime, t.tower) for t in expression)
        ruling = judge(Field(), Play(n, None, factors), rules)
        assert ruling.legal == bool(expression_layouts(n, expression, rules)), expression


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=1, max_value=13), min_size=2, max_size=5),
    st.lists(st.integers(min_value=1, max_value=13), min_size=2, max_size=5),
    st.randoms(use_true_random=False),
)
def test_random_playouts_stay_legal(mine, theirs, rng):
    position = Position(Field(), tuple(sorted(mine)), tuple(sorted(theirs)))
    for _ in range(40):
        if GAME.is_over(position):
            break
        move = rng.choice(GAME.legal_moves(position))
        after = GAME.play(position, move)
        assert after.hand == position.other
        if move != PASS:
            assert len(after.other) + len(move.cards) == len(position.hand)
            assert after.field.top is None or after.field.n_cards == len(move.cards)
        position = after
    assert GAME.is_over(position)


def test_a_joker_may_stand_in_for_part_of_a_play_within_the_decks_jokers():
    """「$1729$ を出す際に一部をジョーカー利用で出してもよい」: the stand-ins, zeros and copies
    beyond the deck together take at most the deck's jokers."""
    play = Play.parse("1729 [A 7 2 Joker(9)]")
    assert play.stand_ins == (9,) and str(play) == "1729 [A 7 2 Joker(9)]"
    assert judge(Field(1409, 4), play, RULES).field == Field(1729, 4, revolution=True)
    two = Play.parse("1729 [Joker(A) 7 2 Joker(9)]")
    assert judge(Field(), two, RULES).legal
    three = Play.parse("1729 [Joker(A) Joker(7) 2 Joker(9)]")
    assert "it needs 3 jokers, it has 2" in judge(Field(), three, RULES).reason
    zero_too = Play.parse("1013 [A Joker(0) Joker(A) 3]")  # a zero and a stand-in: two
    assert judge(Field(), zero_too, RULES).legal
    assert not judge(Field(), zero_too, Rules(jokers=1)).legal


def test_hands_hold_no_stand_in_jokers_in_the_two_player_game():
    start = Position(Field(), (1, 2, 7, 9), (3,))
    with pytest.raises(IllegalMoveError, match="no jokers"):
        GAME.play(start, Play.parse("1729 [A 7 2 Joker(9)]"))
