"""The article's worked examples, each checked in asobi's rules engine
(:func:`asobi.daifugo.daifugo.judge`) and enumerator of composite plays
(:mod:`asobi.daifugo.layouts`). The examples of a number's layout also read its row of the
numbers table (playable, fewest cards), which the recheck query re-reads. The examples of a
refused play, the plain plays of 8 and the Ramanujan rules read the rulings table: the
engine's rulings on those very plays, written by the run (:mod:`asobi.daifugo.rulings`).

The layout examples take the deck (``rules``) besides the tables
(:data:`LAYOUT_EXAMPLES`). The Ramanujan revolution examples are in
:mod:`asobi.daifugo.claims.revolution_rules`, which reads the rulings table through this
module's :func:`rulings_rows`, :func:`rulings_recheck`, :func:`records` and builds its claims
with :func:`example_claim`; :data:`asobi.daifugo.claims.WORKED_EXAMPLES` lists every example
in the order of the claims.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from asobi.core.claims import Claim, ResultTables
from asobi.core.recheck import Recheck, json_value
from asobi.daifugo.claims.citations import NUMBERS, RULES_ENGINE, RULINGS, daifugo_claim
from asobi.daifugo.claims.decisions import decide_all_hold
from asobi.daifugo.daifugo import Rules, card_names, jokers_needed, tokenisations
from asobi.daifugo.layouts import Term, composite_layouts, expression_layouts


def _has_layout(n: int, expression: str, multiset: list[int], rules: Rules) -> bool:
    wanted = tuple(sorted(multiset))
    return any(
        layout.text == expression and layout.multiset == wanted
        for layout in composite_layouts(n, rules)
    )


def _names(cards: tuple[int, ...], rules: Rules) -> str:
    return " ".join(card_names(cards, rules))


def rulings_rows(tables: ResultTables, example: str) -> pd.DataFrame:
    """The rulings table's rows of ``example`` (the plays it asks about), by step."""
    rows = tables.read(RULINGS, filters=[("example", "==", example)])
    return rows.sort_values("step").reset_index(drop=True)


def records(rows: pd.DataFrame, columns: Sequence[str]) -> list[dict[str, Any]]:
    """``rows``' ``columns`` as JSON records (a missing value as null)."""
    return [
        {c: None if not isinstance(v, list) and pd.isna(v) else json_value(v) for c, v in r.items()}
        for r in rows[list(columns)].to_dict("records")
    ]


def rulings_recheck(example: str, columns: Sequence[str], rows: pd.DataFrame) -> Recheck:
    """The query that re-reads ``columns`` of ``example``'s rows of the rulings table."""
    return Recheck(
        f"SELECT {', '.join(columns)} FROM '{RULINGS}' WHERE example = '{example}' ORDER BY step",
        records(rows, columns),
    )


def _refused_example(
    name: str,
    statement: str,
    wrong: str,
    right: str | None,
    tables: ResultTables,
    foul: bool = False,
) -> Claim:
    """An example of a play the article refuses (``wrong``: a foul when ``foul``, else
    refused without a penalty) beside the play it allows (``right``), as the rulings table
    records the engine's rulings."""
    rows = rulings_rows(tables, name)
    ruled = dict(zip(rows["play"], rows["ruling"], strict=True))
    wanted = "a foul" if foul else "refused without a foul"
    checks = {f"{wrong} {wanted}": ruled.get(wrong) == ("foul" if foul else "refused")}
    if right is not None:
        checks[f"{right} legal"] = ruled.get(right) == "legal"
    said = "; ".join(f"{r.play}: {r.ruling} ({r.reason})" for r in rows.itertuples())
    allowed = f", {right} legal" if right else ""
    return example_claim(
        name,
        statement,
        f"{RULES_ENGINE}, as the rulings table records: {wrong} {wanted}{allowed}",
        checks,
        f"rulings table: {said or 'no rows'}",
        (RULINGS,),
        rulings_recheck(name, ("play", "ruling"), rows),
    )


def _checks_text(checks: Mapping[str, bool]) -> str:
    return "; ".join(f"{name}: {'holds' if ok else 'fails'}" for name, ok in checks.items())


def example_claim(
    name: str,
    statement: str,
    formal: str,
    checks: Mapping[str, bool],
    extra: str = "",
    table: tuple[str, ...] = (),
    recheck: Recheck | None = None,
) -> Claim:
    """The example ``name``, confirmed when every one of its ``checks`` holds; the evidence
    says which hold, then ``extra``."""
    evidence = _checks_text(checks) + (f"; {extra}" if extra else "")
    return daifugo_claim(
        name, statement, formal, decide_all_hold(checks), evidence, table, recheck=recheck
    )


def _numbers_row(
    tables: ResultTables, n: int, columns: tuple[str, str]
) -> tuple[dict[str, object] | None, Recheck]:
    """The ``columns`` (a playable flag, a fewest-cards count) of ``n``'s row of the numbers
    table (``None`` when ``n`` lies beyond it), and the query that re-reads them."""
    frame = tables.read(NUMBERS, columns=["n", *columns], filters=[("n", "==", n)])
    row = None
    if len(frame):
        first = frame.iloc[0]
        playable, cards = first[columns[0]], first[columns[1]]
        row = {
            columns[0]: None if playable is None else bool(playable),
            columns[1]: None if cards is None or cards != cards else int(cards),
        }
    sql = f"SELECT {', '.join(columns)} FROM '{NUMBERS}' WHERE n = {n}"
    return row, Recheck(sql, row if row is not None else [])


def _exponent_layout(
    tables: ResultTables, n: int, cards: int, checks: dict[str, bool]
) -> tuple[str, Recheck]:
    """Add to ``checks`` that the numbers table has ``n`` playable with exponent notation in
    at most ``cards`` cards (the example's own count), when the table reaches ``n``; the
    evidence and the query that re-reads the row."""
    row, recheck = _numbers_row(tables, n, ("playable_with_exponent", "min_cards_with_exponent"))
    if row is None:
        return f"{n} lies beyond the numbers table", recheck
    fewest = row["min_cards_with_exponent"]
    checks[f"numbers table: {n} playable with exponent notation in at most {cards} cards"] = (
        bool(row["playable_with_exponent"]) and isinstance(fewest, int) and fewest <= cards
    )
    return f"numbers table: fewest cards with exponent notation {fewest}", recheck


def example_32(tables: ResultTables, rules: Rules) -> Claim:
    """32 may be laid as 2^5 with the cards 3, 2, 2, 5."""
    checks = {"2^5 with 3 2 2 5 is a layout of 32": _has_layout(32, "2^5", [3, 2, 2, 5], rules)}
    table, recheck = _exponent_layout(tables, 32, 4, checks)
    return example_claim(
        "example_32",
        "32 may be laid as 2^5 using the cards 3, 2, 2, 5.",
        f"{RULES_ENGINE}: the composite layouts of 32 include 2^5 with cards {{3,2,2,5}}; the "
        "numbers table has 32 playable with exponent notation in at most those 4 cards",
        checks,
        table,
        (NUMBERS,),
        recheck,
    )


def example_88(tables: ResultTables, rules: Rules) -> Claim:
    """88 = 2^3·11 may be laid as 8 8 2 3 J or as 8 8 2 3 A A."""
    checks = {
        f"2^3*11 with {' '.join(card_names(tuple(cards), rules))}": _has_layout(
            88, "2^3*11", cards, rules
        )
        for cards in ([8, 8, 2, 3, 11], [8, 8, 2, 3, 1, 1])
    }
    table, recheck = _exponent_layout(tables, 88, 5, checks)
    return example_claim(
        "example_88",
        "88 = 2^3·11 may be laid as 8, 8, 2, 3, J or as 8, 8, 2, 3, A, A.",
        f"{RULES_ENGINE}: both card multisets are layouts of 88 with expression 2^3*11; the "
        "numbers table has 88 playable with exponent notation in at most 5 cards",
        checks,
        table,
        (NUMBERS,),
        recheck,
    )


def example_64(tables: ResultTables, rules: Rules) -> Claim:
    """64 may be laid fully in exponent form (2^6) or partially (2·2·2·2^3)."""
    checks = {
        "2^6 with 6 4 2 6": _has_layout(64, "2^6", [6, 4, 2, 6], rules),
        "2*2*2*2^3 with 6 4 2 2 2 2 3": _has_layout(64, "2*2*2*2^3", [6, 4, 2, 2, 2, 2, 3], rules),
    }
    table, recheck = _exponent_layout(tables, 64, 4, checks)
    return example_claim(
        "example_64",
        "64 may be laid fully in exponent form (2^6) or partially (2·2·2·2^3).",
        f"{RULES_ENGINE}: the layouts of 64 include 2^6 and 2*2*2*2^3; the numbers table has "
        "64 playable with exponent notation in at most the 4 cards of 2^6",
        checks,
        table,
        (NUMBERS,),
        recheck,
    )


def _count_words(counts: Sequence[int]) -> str:
    """``[3]`` as ``three``; several counts joined by ``or`` (digits beyond ten)."""
    words = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine")
    return " or ".join(words[c] if c < len(words) else str(c) for c in counts) or "no"


def example_8(tables: ResultTables) -> Claim:
    """To lay 8 = 2^3 as a composite (before exponent notation) one discards four 2s."""
    rows = rulings_rows(tables, "example_8")
    legal = rows[rows["ruling"] == "legal"].assign(
        cards=lambda f: f["discarded"].map(len),
        twos=lambda f: f["discarded"].map(lambda cards: list(cards).count("2")),
    )
    twos = sorted({int(t) for t in legal["twos"]})
    in_all = sorted({int(c) for c in legal["cards"]})
    plays = "; ".join(
        f"{r.play.partition('=')[2]}: {' '.join(r.discarded)}" for r in legal.itertuples()
    )
    checks = {"a plain composite play of 8 discards four 2s": 4 in twos}
    return daifugo_claim(
        "example_8",
        "Laying 8 = 2^3 as a composite play (without exponent notation) means discarding four 2s.",
        f"{RULES_ENGINE}, as the rulings table records: among the legal composite plays of 8 "
        "without exponent notation, one discards four cards 2 besides the 8",
        decide_all_hold(checks),
        _checks_text(checks) + f"; plain plays: {plays or 'none'} (2s discarded: {twos})",
        (RULINGS,),
        caveat=(
            f"a slip, not a rule at issue: the plain play discards {_count_words(twos)} 2s, "
            f"{in_all[0]} cards counting the 8; read as four cards in all, it holds"
            if in_all == [4] and 4 not in twos
            else None
        ),
        recheck=Recheck(
            "SELECT play, len(discarded) AS cards, "
            f"len(list_filter(discarded, lambda card: card = '2')) AS twos FROM '{RULINGS}' "
            "WHERE example = 'example_8' AND ruling = 'legal' ORDER BY step",
            records(legal, ("play", "cards", "twos")),
        ),
    )


def example_691(tables: ResultTables) -> Claim:
    """691 may not be laid as 691^1 (exponent 1 not allowed); 691 alone is legal."""
    return _refused_example(
        "example_691",
        "691 may not be laid as 691^1 (an exponent of 1 is not allowed).",
        "691=691^1",
        "691",
        tables,
    )


def example_155(tables: ResultTables) -> Claim:
    """155 may not be laid as 5·31^1, only as 5·31."""
    return _refused_example(
        "example_155",
        "155 may not be laid as 5·31^1, only as 5·31.",
        "155=5*31^1",
        "155=5*31",
        tables,
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
    table, recheck = _exponent_layout(tables, 23456, 10, checks)
    return example_claim(
        "example_23456",
        "23456 = 2^5·733 may be laid with a joker standing for the exponent 5.",
        f"{RULES_ENGINE}: a layout of 23456 with expression 2^5*733 exists that still fits "
        "the deck when one of its 5s is replaced by a joker; the numbers table has 23456 "
        "playable with exponent notation in at most the 10 cards of that layout",
        checks,
        f"{len(joker_free)} such layouts, e.g. {example}; {table}",
        (NUMBERS,),
        recheck,
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
    table, recheck = _exponent_layout(tables, 1024, 6, checks)
    return example_claim(
        "example_1024",
        "1024 = 2^10 may be laid with a joker as the 0 of the exponent 10.",
        f"{RULES_ENGINE}: a layout of 1024 with expression 2^10 lays the exponent as A, "
        "Joker(0); the numbers table has 1024 playable with exponent notation in at most the "
        "6 cards of that layout",
        checks,
        f"{len(with_zero)} ways to lay 1024 itself allow it, e.g. {example}; {table}",
        (NUMBERS,),
        recheck,
    )


def example_1(tables: ResultTables) -> Claim:
    """1 may not be played as 2^0 (exponent 0 not allowed)."""
    return _refused_example(
        "example_1",
        "1 may not be played as 2^0 (exponent 0 is not allowed).",
        "1=2^0",
        None,
        tables,
    )


def example_6(tables: ResultTables) -> Claim:
    """6 may not be laid as 2·3·691^0, only as 2·3."""
    return _refused_example(
        "example_6",
        "6 may not be laid as 2·3·691^0, only as 2·3.",
        "6=2*3*691^0",
        "6=2*3",
        tables,
    )


def example_65536(tables: ResultTables, rules: Rules) -> Claim:
    """65536 = 2^16 may be laid as 2^(2^4), 2^(4^2) or 2^(2^(2^2))."""
    texts = {layout.text for layout in composite_layouts(65536, rules)}
    checks = {f"{t} is a layout": t in texts for t in ("2^(2^4)", "2^(4^2)", "2^(2^(2^2))")}
    table, recheck = _exponent_layout(tables, 65536, 8, checks)
    return example_claim(
        "example_65536",
        "65536 = 2^16 may be laid with nested exponents 2^(2^4), 2^(4^2) or 2^(2^(2^2)).",
        f"{RULES_ENGINE}: each of the three nested expressions is among the layouts of 65536 "
        f"(towers of at most {rules.max_tower_depth} levels); the numbers table has 65536 "
        "playable with exponent notation in at most the 8 cards of 2^(2^4)",
        checks,
        table,
        (NUMBERS,),
        recheck,
    )


def example_5187(tables: ResultTables) -> Claim:
    """5187 may not be laid as 3·1729 (a foul); it must be laid as 3·7·13·19."""
    return _refused_example(
        "example_5187",
        "5187 may not be laid as 3·1729 (a foul); it must be laid as 3·7·13·19.",
        "5187=3*1729",
        "5187=3*7*13*19",
        tables,
        foul=True,
    )


#: The examples of a layout, which also take the deck.
LAYOUT_EXAMPLES = (
    example_32,
    example_88,
    example_64,
    example_23456,
    example_1024,
    example_65536,
)
