"""The counting path of the prime tally (a segmented sieve feeding the digit split, no prime
stored), held to the catalogue on every prime below 10^7, to π(10^k), and to a plain split
enumerator; and the players' counts it decides."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pandas as pd
import pytest
from claim_checks import checks_claim
from hypothesis import given
from hypothesis import strategies as st

from asobi.core.claims import ResultTables, Verdict, run_builders
from asobi.core.config import require_at_least, validate_config
from asobi.core.errors import ConfigError, DataError
from asobi.daifugo.claims import prime_tally, with_rules
from asobi.daifugo.claims.citations import PRIME_TALLY, PRIMES
from asobi.daifugo.claims.prime_tally import (
    NINE_DIGIT_LOWER_BOUND,
    decide_readings,
    nine_digit_playable_at_least_5253883,
    public_all_primes_up_to_4_digits,
    public_tallies_5_to_7_digits,
    public_tally_8_digits,
)
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.tables import (
    counts_from_frame,
    merge_counts,
    prime_tally_frame,
    primes_frame,
    tally_frame,
)
from asobi.daifugo.tally import (
    PRIMES_BELOW_POWER_OF_TEN,
    check_against_catalogue,
    check_prime_counts,
    classify,
    classify_range,
    tally_range,
)

DECKS = [Rules(), Rules(suits=1, jokers=0), Rules(joker_zero=False), Rules(suits=2, jokers=1)]


def plain_classification(number: int, rules: Rules) -> tuple[int, int]:
    """Every split of the digits, written out: (fewest cards, fewest jokers) over those
    that fit the deck, or (-1, -1)."""
    text = str(number)
    best: tuple[int, int] | None = None

    def splits(i: int, cards: list[int]):
        if i == len(text):
            yield cards
            return
        yield from splits(i + 1, [*cards, int(text[i])])
        if text[i] == "1" and i + 1 < len(text) and text[i + 1] in "0123":
            yield from splits(i + 2, [*cards, int(text[i : i + 2])])

    for cards in splits(0, []):
        if 0 in cards and not rules.joker_zero:
            continue
        needed = cards.count(0) + sum(
            max(0, cards.count(card) - rules.suits) for card in range(1, 14)
        )
        if needed <= rules.jokers:
            cards_jokers = (len(cards), needed)
            best = (
                cards_jokers
                if best is None
                else (min(best[0], cards_jokers[0]), min(best[1], cards_jokers[1]))
            )
    return best or (-1, -1)


@pytest.mark.parametrize("rules", DECKS, ids=["standard", "one_suit", "no_zero", "two_suits"])
def test_counting_path_matches_the_catalogue_on_every_prime_below_10_7(rules):
    found, cards, jokers = classify_range(2, 10**7, rules)
    catalogue = primes_frame(2, 10**7 - 1, rules)
    assert np.array_equal(found, catalogue["n"].to_numpy())
    assert np.array_equal(cards, catalogue["min_cards"].fillna(-1).to_numpy(dtype=np.int64))
    assert np.array_equal(jokers, catalogue["jokers_needed"].fillna(-1).to_numpy(dtype=np.int64))
    counted = tally_frame(tally_range(2, 10**7, rules))
    assert check_against_catalogue(counted, prime_tally_frame(catalogue), 10**7) == list(
        range(1, 8)
    )


@given(st.integers(min_value=1, max_value=10**18), st.sampled_from(DECKS))
def test_classify_agrees_with_every_split_written_out(number, rules):
    scratch = np.zeros(32, dtype=np.int64)
    assert classify(number, rules.suits, rules.jokers, rules.joker_zero, scratch) == (
        plain_classification(number, rules)
    )


@given(st.integers(min_value=2, max_value=300_000))
def test_tallies_of_adjacent_ranges_add_up(cut):
    whole = tally_frame(tally_range(2, 300_001))
    parts = merge_counts([tally_range(2, cut), tally_range(cut, 300_001)])
    pd.testing.assert_frame_equal(tally_frame(parts), whole)
    assert tally_frame(counts_from_frame(whole)).equals(whole)


def test_smallest_eden_primes_and_prime_counts_to_10_8():
    frame = tally_frame(tally_range(2, 10**8)).set_index("digits")
    assert frame.loc[5, "smallest_eden"] == 40009
    assert frame["playable"].loc[5:8].tolist() == [8_357, 68_703, 581_998, 5_031_344]
    assert check_prime_counts(frame.reset_index(), 10**8) == list(range(1, 9))


def test_a_wrong_prime_count_fails_the_tally():
    frame = tally_frame(tally_range(2, 10**5))
    frame.loc[frame["digits"] == 3, "primes"] += 1
    with pytest.raises(DataError, match=r"counts 169 primes below 10\^3, not pi\(10\^3\) = 168"):
        check_prime_counts(frame, 10**5)
    assert PRIMES_BELOW_POWER_OF_TEN[10] == 455_052_511


def test_the_counting_path_and_the_catalogue_must_agree():
    counted = tally_frame(tally_range(2, 10**5))
    catalogue = prime_tally_frame(primes_frame(2, 10**5))
    assert check_against_catalogue(counted, catalogue, 10**5) == [1, 2, 3, 4, 5]
    assert check_against_catalogue(counted, catalogue, 50_000) == [1, 2, 3, 4]
    counted.loc[counted["digits"] == 4, "need_joker"] += 1
    with pytest.raises(DataError, match="4-digit primes: the counting path has need_joker"):
        check_against_catalogue(counted, catalogue, 10**5)


def test_tally_max_must_be_a_power_of_ten():
    assert validate_config({})["daifugo"]["tally_max"] == 10**10
    with pytest.raises(ConfigError, match="'daifugo.tally_max': 50000 is not one of"):
        validate_config({"daifugo": {"tally_max": 50_000}})


def test_tally_max_below_primes_max_is_refused():
    # the check workflow/rules/daifugo.smk makes while the workflow is parsed
    require_at_least({"tally_max": 10**8, "primes_max": 10**8}, "tally_max", "primes_max", "d")
    with pytest.raises(ConfigError, match="tally_max .* must be at least primes_max"):
        require_at_least(
            {"tally_max": 10**7, "primes_max": 10**8}, "tally_max", "primes_max", "daifugo"
        )


# --- the players' counts ---------------------------------------------------------------------


@pytest.fixture(scope="module")
def tally() -> pd.DataFrame:
    return tally_frame(tally_range(2, 10**8))


def _claim(builder, frame: pd.DataFrame):
    (claim,) = run_builders([builder], ResultTables(frames={PRIME_TALLY: frame}))
    return claim


def _with_nine_digits(frame: pd.DataFrame, playable: int) -> pd.DataFrame:
    row = {
        "digits": 9,
        "primes": 45_086_079,
        "playable": playable,
        "eden": 45_086_079 - playable,
        "need_joker": 0,
        "smallest_eden": None,
        "min_cards_histogram": [],
    }
    return pd.concat([frame, pd.DataFrame([row])], ignore_index=True)


@checks_claim("daifugo.public_tallies_5_to_7_digits", "confirmed")
def test_public_tallies_5_to_7_digits_confirmed(tally):
    claim = _claim(public_tallies_5_to_7_digits, tally)
    assert claim.verdict is Verdict.CONFIRMED
    assert "6 digits: 68703 counted, 68703 quoted" in claim.evidence


@checks_claim("daifugo.public_tallies_5_to_7_digits", "refuted", "undecided")
def test_public_tallies_5_to_7_digits_refuted_by_one_prime_and_undecided_without_rows(tally):
    off = tally.copy()
    off.loc[off["digits"] == 7, "playable"] -= 1
    assert _claim(public_tallies_5_to_7_digits, off).verdict is Verdict.REFUTED
    short = tally[tally["digits"] < 6]
    claim = _claim(public_tallies_5_to_7_digits, short)
    assert claim.verdict is Verdict.UNDECIDED and "[6, 7]" in claim.evidence


@checks_claim("daifugo.nine_digit_playable_at_least_5253883", "confirmed", "refuted")
def test_nine_digit_count_against_the_players_lower_bound(tally):
    claim = _claim(nine_digit_playable_at_least_5253883, _with_nine_digits(tally, 44_143_183))
    assert claim.verdict is Verdict.CONFIRMED and "exactly 44143183" in claim.evidence
    short = _with_nine_digits(tally, NINE_DIGIT_LOWER_BOUND - 1)
    assert _claim(nine_digit_playable_at_least_5253883, short).verdict is Verdict.REFUTED


@checks_claim("daifugo.nine_digit_playable_at_least_5253883", "undecided")
def test_nine_digit_count_undecided_below_10_9(tally):
    claim = _claim(nine_digit_playable_at_least_5253883, tally)
    assert claim.verdict is Verdict.UNDECIDED and "tally_max below 10^9" in claim.evidence


def test_nine_digit_bound_is_the_figure_quoted_with_its_scope():
    assert NINE_DIGIT_LOWER_BOUND == 5_253_883
    claim = _claim(nine_digit_playable_at_least_5253883, _with_nine_digits(pd.DataFrame(), 1))
    assert "以上" in claim.passage and "lower bound" in claim.conditions


@checks_claim("daifugo.public_all_primes_up_to_4_digits", "confirmed")
def test_all_primes_up_to_4_digits_confirmed(tally):
    claim = _claim(public_all_primes_up_to_4_digits, tally)
    assert claim.verdict is Verdict.CONFIRMED
    assert claim.evidence.startswith("1229 primes of 1…4 digits, 1229 playable")


@checks_claim("daifugo.public_all_primes_up_to_4_digits", "refuted", "undecided")
def test_all_primes_up_to_4_digits_refuted_by_one_and_undecided_without_rows(tally):
    off = tally.copy()
    off.loc[off["digits"] == 4, "playable"] -= 1
    assert _claim(public_all_primes_up_to_4_digits, off).verdict is Verdict.REFUTED
    short = tally[tally["digits"] < 4]
    claim = _claim(public_all_primes_up_to_4_digits, short)
    assert claim.verdict is Verdict.UNDECIDED and "[4]" in claim.evidence


# --- the 8-digit count under the blog's readings ------------------------------------------


def test_readings_on_hand_picked_numbers():
    from asobi.daifugo.tally_readings import READINGS, count_playable

    counts = {
        n: {r.name: count_playable(np.array([n]), r) for r in READINGS}
        for n in (10007, 40009, 11111117, 11111110007, 77777)
    }
    assert counts[10007] == {
        "game": 1,
        "digits_and_tens": 1,
        "zeros_only": 1,
        "no_ten_card": 0,  # three zeros need three jokers
        "jokers_only_zero": 1,
    }
    assert set(counts[40009].values()) == {0}
    # seven 1s: J J J 1 7 in the game; three extra 1s without J
    assert counts[11111117]["game"] == 1 and counts[11111117]["digits_and_tens"] == 0
    assert counts[11111117]["zeros_only"] == 1
    assert counts[77777]["game"] == 1 and counts[77777]["jokers_only_zero"] == 0


def test_the_game_reading_is_the_tally(tally):
    from asobi.daifugo.tally_readings import READINGS, count_playable

    primes = primes_frame(2, 10**6)["n"].to_numpy()
    playable = tally.set_index("digits").loc[1:6, "playable"].sum()
    assert count_playable(primes, READINGS[0], Rules()) == playable


@pytest.fixture(scope="module")
def eight_digits() -> dict[str, pd.DataFrame]:
    """The 8-digit primes of 10 000 000 … 10 010 000 (many zeros: the readings differ)."""
    lo, hi = 10_000_000, 10_010_000
    return {PRIME_TALLY: tally_frame(tally_range(lo, hi)), PRIMES: primes_frame(lo, hi)}


def _eight(frames, quoted, monkeypatch):
    monkeypatch.setattr(prime_tally, "EIGHT_DIGITS", quoted)
    builder = with_rules(public_tally_8_digits, Rules())
    (claim,) = run_builders([builder], ResultTables(frames=frames))
    return claim


def _reading_counts(frames) -> dict[str, int]:
    from asobi.daifugo.tally_readings import READINGS, count_playable

    primes = frames[PRIMES]["n"].to_numpy()
    return {r.name: count_playable(primes, r) for r in READINGS}


def _plain_primes(lo: int, hi: int) -> dict[str, pd.DataFrame]:
    """The 8-digit primes of ``lo`` … ``hi`` with no 0 and no digit five times or more (every
    reading of "playable" counts them alike), the tally's 8-digit row made to match."""
    primes = primes_frame(lo, hi)
    plain = primes[
        primes["n"].map(lambda n: "0" not in str(n) and max(Counter(str(n)).values()) <= 4)
    ].reset_index(drop=True)
    tally = tally_frame(tally_range(lo, hi))
    tally.loc[tally["digits"] == 8, ["primes", "playable"]] = [len(plain), len(plain)]
    return {PRIME_TALLY: tally, PRIMES: plain}


@checks_claim("daifugo.public_tally_8_digits", "confirmed")
def test_eight_digit_count_confirmed_when_every_reading_gives_it(monkeypatch):
    frames = _plain_primes(23_456_000, 23_460_000)
    counts = _reading_counts(frames)
    assert len(set(counts.values())) == 1 and counts["game"] > 0
    claim = _eight(frames, counts["game"], monkeypatch)
    assert claim.verdict is Verdict.CONFIRMED and "reproduced by: game, " in claim.evidence
    assert claim.tables == (PRIME_TALLY, PRIMES)
    assert [r.reading_id for r in claim.readings] == list(counts)


@checks_claim("daifugo.public_tally_8_digits", "depends")
def test_eight_digit_count_depends_when_only_the_games_rules_give_it(eight_digits, monkeypatch):
    """True if you count by the game's rules, false if you count without the 10 card."""
    counts = _reading_counts(eight_digits)
    claim = _eight(eight_digits, counts["game"], monkeypatch)
    assert claim.verdict is Verdict.DEPENDS
    assert "confirmed under: game" in claim.caveat and "no_ten_card" in claim.caveat


@checks_claim("daifugo.public_tally_8_digits", "depends")
def test_eight_digit_count_depends_when_only_another_reading_gives_it(eight_digits, monkeypatch):
    counts = _reading_counts(eight_digits)
    assert counts["no_ten_card"] < counts["game"]
    claim = _eight(eight_digits, counts["no_ten_card"], monkeypatch)
    assert claim.verdict is Verdict.DEPENDS and "reproduced by: no_ten_card" in claim.evidence


@checks_claim("daifugo.public_tally_8_digits", "refuted")
def test_eight_digit_count_refuted_when_no_reading_gives_it(eight_digits, monkeypatch):
    counts = _reading_counts(eight_digits)
    quoted = max(counts.values()) + 1
    claim = _eight(eight_digits, quoted, monkeypatch)
    assert claim.verdict is Verdict.REFUTED and "reproduced by: no reading" in claim.evidence
    assert f"game {counts['game']} ({counts['game'] - quoted:+d})" in claim.evidence
    gap = quoted - counts["game"]
    off = f"off by {gap:,} ({gap / quoted:.2%})".replace(",", " ").replace("%", " %")
    assert f"against {quoted} quoted; the game's reading is {off}; the tally counts " in (
        claim.evidence
    )
    assert f"the tally counts {counts['game']}" in claim.evidence


@checks_claim("daifugo.public_tally_8_digits", "undecided")
def test_eight_digit_count_undecided_without_the_whole_catalogue(eight_digits, monkeypatch):
    short = {**eight_digits, PRIMES: eight_digits[PRIMES].iloc[:-1]}
    claim = _eight(short, 5_029_944, monkeypatch)
    assert claim.verdict is Verdict.UNDECIDED and "primes_max below 10^8" in claim.evidence


def test_decide_readings():
    assert decide_readings({}, 5) is Verdict.UNDECIDED
    assert decide_readings({"game": 5, "other": 4}, 4) is Verdict.DEPENDS
    assert decide_readings({"game": 5, "other": 4}, 3) is Verdict.REFUTED


def test_the_counting_path_refuses_ranges_past_10_18():
    with pytest.raises(ValueError, match="stops below 10\\^18"):
        tally_range(10**18 - 10, 10**18 + 10)
