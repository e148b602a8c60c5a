"""The table of the largest playable primes (``largest_primes.parquet``) and its checks.

One row per card count 1 … deck size: the prime the descending search of
:mod:`asobi.daifugo.largest` stops on, one play that lays it, how every larger candidate was
ruled out (its witnesses and digit-sum classes, in the order met) and a primality
certificate (:mod:`asobi.daifugo.primality`). :func:`check_rows` reruns the verifier on
every row: the certificate, every witness and every class, and that the play lays the prime
with the row's card count within the deck. It never calls the search.
"""

from __future__ import annotations

import json
import logging
import os
import time
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa

from asobi.core.errors import DataError
from asobi.core.tables import read_table, write_table
from asobi.daifugo.daifugo import Rules, card_names, fits_deck
from asobi.daifugo.largest import ARGUMENTS, deck_size, largest_prime
from asobi.daifugo.notation import card_token
from asobi.daifugo.primality import CertificateError, certify, verify
from asobi.daifugo.primality import check_digit_sum_class as check_class
from asobi.daifugo.primality import check_witness as check_composite

log = logging.getLogger("asobi.daifugo")

PathLike = str | os.PathLike[str]

LARGEST_PRIMES_SCHEMA = pa.schema(
    [
        ("cards", pa.int64()),
        ("prime", pa.string()),
        ("digits", pa.int64()),
        ("layout", pa.string()),
        ("jokers", pa.int64()),
        ("candidates_ruled_out", pa.int64()),
        ("digit_sum_classes", pa.int64()),
        ("ruled_out_by", pa.string()),
        ("witnesses", pa.string()),
        ("classes", pa.string()),
        ("certificate_kind", pa.string()),
        ("certificate", pa.string()),
    ]
)


def largest_primes_frame(rules: Rules, cards: Iterable[int] | None = None) -> pd.DataFrame:
    """One row per card count (default: every count from 1 to the whole deck)."""
    rows = []
    for n in cards if cards is not None else range(1, deck_size(rules) + 1):
        start = time.process_time()
        found = largest_prime(n, rules)
        searched = time.process_time()
        assert found.prime is not None
        certificate = certify(found.prime)
        log.info(
            "%d cards: %d digits, %d candidates and %d classes ruled out; search %.3f s, "
            "certificate %.3f s",
            n,
            found.digits,
            len(found.witnesses),
            len(found.classes),
            searched - start,
            time.process_time() - searched,
        )
        by = {k: found.ruled_out.get(k, 0) for k in ARGUMENTS}
        rows.append(
            {
                "cards": n,
                "prime": str(found.prime),
                "digits": found.digits,
                "layout": " ".join(card_names(found.tokens, rules)),
                "jokers": sum(1 for name in card_names(found.tokens, rules) if "Joker" in name),
                "candidates_ruled_out": sum(by.values()),
                "digit_sum_classes": len(found.classes),
                "ruled_out_by": json.dumps(by),
                "witnesses": json.dumps([[str(m), kind, v] for m, kind, v in found.witnesses]),
                "classes": json.dumps([[prefix, length] for prefix, length in found.classes]),
                "certificate_kind": json.loads(certificate)["kind"],
                "certificate": certificate,
            }
        )
    return pd.DataFrame(rows, columns=LARGEST_PRIMES_SCHEMA.names)


def layout_tokens(layout: str) -> tuple[int, ...]:
    """The card values of a layout written with card names (``Joker(K)`` is 13)."""
    return tuple(
        card_token(name[6:-1] if name.startswith("Joker(") and name != "Joker(0)" else name)
        for name in layout.split()
    )


def check_row(row: pd.Series, rules: Rules) -> str:
    """Check one row; return the certificate kind or raise :class:`CertificateError`."""
    cards, prime = int(row["cards"]), int(row["prime"])
    tokens = layout_tokens(row["layout"])
    if len(tokens) != cards or "".join(map(str, tokens)) != row["prime"]:
        raise CertificateError(f"{cards} cards: the layout does not lay {prime} with {cards} cards")
    if not fits_deck(tokens, rules) or tokens[0] == 0:
        raise CertificateError(f"{cards} cards: the layout of {prime} does not fit the deck")
    if int(row["digits"]) != len(row["prime"]):
        raise CertificateError(f"{cards} cards: {prime} does not have {row['digits']} digits")
    kind = verify(row["certificate"], prime)
    if kind != row["certificate_kind"]:
        raise CertificateError(
            f"{cards} cards: the certificate is {kind}, not {row['certificate_kind']}"
        )
    witnesses = json.loads(row["witnesses"])
    by = json.loads(row["ruled_out_by"])
    if len(witnesses) != sum(by[k] for k in ARGUMENTS if k != "digit_sum"):
        raise CertificateError(f"{cards} cards: the witnesses do not match their count")
    for n, witness, value in witnesses:
        check_composite(int(n), witness, int(value), prime)
    classes = json.loads(row["classes"])
    if len(classes) != int(row["digit_sum_classes"]):
        raise CertificateError(f"{cards} cards: the digit-sum classes do not match their count")
    for prefix, length in classes:
        if int(length) < len(row["prime"]) or (
            int(length) == len(row["prime"]) and prefix <= row["prime"][: len(prefix)]
        ):
            raise CertificateError(f"{cards} cards: the class {prefix!r} is not above {prime}")
        check_class(prefix, int(length), cards, rules)
    return kind


def check_rows(frame: pd.DataFrame, rules: Rules) -> dict[str, int]:
    """Check every row (:func:`check_row`); the count of certificates of each kind. A row
    that fails raises :class:`DataError` naming its card count and the reason."""
    kinds: dict[str, int] = {}
    for _, row in frame.iterrows():
        try:
            kind = check_row(row, rules)
        except (CertificateError, ValueError, KeyError, TypeError) as error:
            raise DataError(f"largest_primes row {row['cards']}: {error}") from error
        kinds[kind] = kinds.get(kind, 0) + 1
    return kinds


# --- the workflow steps -------------------------------------------------------------------


def write_largest_primes(out: PathLike, rules: Mapping[str, Any]) -> None:
    """Search every card count of the deck and write ``largest_primes.parquet``."""
    deck = Rules.from_config(rules)
    write_table(
        largest_primes_frame(deck),
        out,
        table="daifugo/largest_primes",
        variant=deck.variant,
        config=deck.variant,
        schema=LARGEST_PRIMES_SCHEMA,
    )


def write_largest_primes_check(out: PathLike, table: PathLike, rules: Mapping[str, Any]) -> None:
    """Verify every row of ``table`` (:func:`check_rows`) and write a one-line report to
    ``out``; a row that fails raises :class:`DataError`, which fails the run."""
    deck = Rules.from_config(rules)
    frame = read_table(table)
    start = time.process_time()
    kinds = check_rows(frame, deck)
    seconds = time.process_time() - start
    summary = ", ".join(f"{count} {kind}" for kind, count in sorted(kinds.items()))
    log.info("largest primes: %d rows verified (%s) in %.2f s", len(frame), summary, seconds)
    Path(out).write_text(f"{len(frame)} rows verified: {summary}\n", encoding="utf-8")
