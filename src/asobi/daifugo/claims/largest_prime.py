"""The largest prime one deck can lay, read off the table of the largest playable primes per
card count (``largest_primes.parquet``, certified and checked before the claims step).

The players' figure (their blog's progress list): the largest number of one deck has 72
digits, a number one can actually play at most 71, since no hand holds the whole deck (at
most 53 cards). The number that circulates as the largest playable prime is compared whole.
The whole deck's 72-digit prime is our own finding.
"""

from __future__ import annotations

import pandas as pd

from asobi.core.claims import Claim, ResultTables, Verdict, verdict_from
from asobi.core.proof_checks import DAIFUGO_VERIFY
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import LARGEST_PRIMES, daifugo_claim
from asobi.daifugo.daifugo import Rules
from asobi.daifugo.largest import deck_size

#: The players' digit bound for a number one can actually play (「71桁以下」).
PLAYABLE_DIGITS = 71
#: The players' digit count of the largest number of the whole deck (「最大の数は72桁」).
WHOLE_DECK_DIGITS = 72
#: The number that circulates as the largest playable prime (asangi-a4ac.hateblo.jp, 2018).
CIRCULATING = "99998888777766665555444433332222131313131313121212121111111011010101111"

_COLUMNS = ["cards", "prime", "digits", "certificate_kind", "layout"]

#: Re-checks the ECPP certificates of the largest primes (the proofs the claims rest on).
VERIFY = DAIFUGO_VERIFY.command
#: The primes are decimal strings: longer first, then by their digits, is larger first.
_LARGEST_FIRST = "ORDER BY length(prime) DESC, prime DESC LIMIT 1"


def _card_counts(frame: pd.DataFrame, most_cards: int) -> Recheck:
    """How many of the card counts 1…``most_cards`` the table has a row for."""
    present = set(frame["cards"].astype(int)) & set(range(1, most_cards + 1))
    return Recheck(
        f"SELECT count(DISTINCT cards) AS card_counts FROM '{LARGEST_PRIMES}' "
        f"WHERE cards BETWEEN 1 AND {most_cards}",
        {"card_counts": len(present)},
        command=VERIFY,
    )


def _largest_recheck(row: pd.Series, most_cards: int) -> Recheck:
    """The largest prime laid by at most ``most_cards`` cards: its cards, digits, and whether
    it is the circulating number."""
    return Recheck(
        f"SELECT cards, digits, prime, prime = '{CIRCULATING}' AS circulating "
        f"FROM '{LARGEST_PRIMES}' WHERE cards <= {most_cards} {_LARGEST_FIRST}",
        {
            "cards": int(row["cards"]),
            "digits": int(row["digits"]),
            "prime": str(row["prime"]),
            "circulating": str(row["prime"]) == CIRCULATING,
        },
        command=VERIFY,
    )


def longest_number(cards: int, rules: Rules) -> int:
    """Digits of the longest number ``cards`` cards of the deck can read (two-digit cards
    10…K and jokers standing for 10…13 first).

    >>> longest_number(53, Rules()), longest_number(54, Rules())
    (71, 72)
    """
    lengths = [2] * (4 * rules.suits + rules.jokers) + [1] * (9 * rules.suits)
    return sum(lengths[:cards])


def _largest(frame: pd.DataFrame, most_cards: int) -> pd.Series | None:
    """The row of the largest prime over the card counts up to ``most_cards`` (None if the
    table lacks a count up to it: the maximum is then unknown)."""
    rows = frame[frame["cards"] <= most_cards]
    if set(range(1, most_cards + 1)) - set(rows["cards"].astype(int)):
        return None
    return rows.loc[max(rows.index, key=lambda i: int(rows.loc[i, "prime"]))]


def _row_text(row: pd.Series) -> str:
    return (
        f"{row['prime']} ({int(row['digits'])} digits, {int(row['cards'])} cards, "
        f"{row['certificate_kind']} certificate; layout {row['layout']})"
    )


def largest_prime_71_digits(tables: ResultTables, rules: Rules) -> Claim:
    """A number one can actually play (at most 53 cards) has at most 71 digits (players)."""
    frame = tables.read(LARGEST_PRIMES, columns=_COLUMNS)
    playable = deck_size(rules) - 1
    statement = (
        f"A prime one can actually play has at most {PLAYABLE_DIGITS} digits, since no hand "
        f"holds the whole deck, whose largest number has {WHOLE_DECK_DIGITS}."
    )
    formal = (
        f"the largest prime laid by at most {playable} cards (the table's rows for 1…"
        f"{playable} cards, each found by the descending search and certified) has at most "
        f"{PLAYABLE_DIGITS} digits; the source gives a digit count, not the number (the "
        "circulating number is compared in the evidence and in its own claim)"
    )
    row = _largest(frame, playable)
    if row is None:
        return daifugo_claim(
            "largest_prime_71_digits",
            statement,
            formal,
            Verdict.UNDECIDED,
            f"the largest_primes table lacks some card count of 1…{playable}",
            (LARGEST_PRIMES,),
            recheck=_card_counts(frame, playable),
        )
    digits = int(row["digits"])
    same = "equals" if row["prime"] == CIRCULATING else "differs from"
    evidence = (
        f"at most {playable} cards lay at most {_row_text(row)}; it {same} the circulating "
        f"number; the longest number {playable} cards can read has "
        f"{longest_number(playable, rules)} digits, the whole deck's "
        f"{longest_number(deck_size(rules), rules)}"
    )
    return daifugo_claim(
        "largest_prime_71_digits",
        statement,
        formal,
        verdict_from(digits <= PLAYABLE_DIGITS),
        evidence,
        (LARGEST_PRIMES,),
        recheck=_largest_recheck(row, playable),
    )


def largest_prime_circulating_number(tables: ResultTables, rules: Rules) -> Claim:
    """The largest prime one can play is the circulating 71-digit number."""
    frame = tables.read(LARGEST_PRIMES, columns=_COLUMNS)
    playable = deck_size(rules) - 1
    statement = (
        f"The largest prime one can play (at most {playable} cards) is "
        f"{CIRCULATING[:12]}…{CIRCULATING[-8:]}, {len(CIRCULATING)} digits."
    )
    formal = (
        f"the largest prime over the table's rows for 1…{playable} cards equals the "
        "circulating number digit for digit"
    )
    row = _largest(frame, playable)
    if row is None:
        return daifugo_claim(
            "largest_prime_circulating_number",
            statement,
            formal,
            Verdict.UNDECIDED,
            f"the largest_primes table lacks some card count of 1…{playable}",
            (LARGEST_PRIMES,),
            recheck=_card_counts(frame, playable),
        )
    ours = str(row["prime"])
    common = min(len(ours), len(CIRCULATING))
    first = next((i for i in range(common) if ours[i] != CIRCULATING[i]), common)
    where = "" if ours == CIRCULATING else f"; they part at digit {first + 1}"
    return daifugo_claim(
        "largest_prime_circulating_number",
        statement,
        formal,
        verdict_from(ours == CIRCULATING),
        f"ours: {_row_text(row)}; quoted: {CIRCULATING}{where}",
        (LARGEST_PRIMES,),
        recheck=_largest_recheck(row, playable),
    )


def largest_whole_deck_prime_72_digits(tables: ResultTables, rules: Rules) -> Claim:
    """(ours) The whole deck lays a 72-digit prime, the largest of every card count."""
    frame = tables.read(LARGEST_PRIMES, columns=_COLUMNS)
    whole = deck_size(rules)
    statement = (
        f"Laid as one play, the whole deck ({whole} cards) makes a prime of "
        f"{WHOLE_DECK_DIGITS} digits, the longest any number of the deck can have (ours)."
    )
    formal = (
        f"the table's row for {whole} cards holds a certified prime of "
        f"{longest_number(whole, rules)} digits (the longest a number of the deck can read), "
        "and it is the largest over every card count"
    )
    rows = frame[frame["cards"] == whole]
    if rows.empty:
        return daifugo_claim(
            "largest_whole_deck_prime_72_digits",
            statement,
            formal,
            Verdict.UNDECIDED,
            f"the largest_primes table has no row for {whole} cards",
            (LARGEST_PRIMES,),
            recheck=Recheck(
                f"SELECT count(*) AS rows FROM '{LARGEST_PRIMES}' WHERE cards = {whole}",
                {"rows": 0},
                command=VERIFY,
            ),
        )
    row = rows.iloc[0]
    top = max(frame["prime"], key=int)
    is_top = row["prime"] == top
    return daifugo_claim(
        "largest_whole_deck_prime_72_digits",
        statement,
        formal,
        verdict_from(int(row["digits"]) == longest_number(whole, rules) and is_top),
        f"{_row_text(row)}; {'the largest' if is_top else 'not the largest'} over the table's "
        f"card counts 1…{int(frame['cards'].max())}",
        (LARGEST_PRIMES,),
        recheck=Recheck(
            f"SELECT digits, prime, prime = (SELECT prime FROM '{LARGEST_PRIMES}' "
            f"{_LARGEST_FIRST}) AS largest FROM '{LARGEST_PRIMES}' WHERE cards = {whole}",
            {"digits": int(row["digits"]), "prime": str(row["prime"]), "largest": bool(is_top)},
            command=VERIFY,
        ),
    )
