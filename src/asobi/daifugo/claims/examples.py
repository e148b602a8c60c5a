"""The article's worked examples, each checked in asobi's rules engine
(:func:`asobi.daifugo.daifugo.judge`) and enumerator of composite plays
(:mod:`asobi.daifugo.layouts`). The examples of a number's layout also read its row of the
numbers table (playable, fewest cards), which the recheck query re-reads. The examples of a
refused play, the plain plays of 8 and the Ramanujan rules read the rulings table: the
engine's rulings on those very plays, written by the run (:mod:`asobi.daifugo.rulings`).

The layout examples take the deck (``rules``) besides the tables
(:data:`LAYOUT_EXAMPLES`); :data:`WORKED_EXAMPLES` lists every example in the order of the
claims.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pandas as pd

from asobi.core.claims import Claim, Reading, ResultTables, verdict_from
from asobi.core.recheck import Recheck, json_value
from asobi.daifugo.claims.citations import NUMBERS, RULES_ENGINE, RULINGS, daifugo_claim
from asobi.daifugo.claims.decisions import decide_all_hold
from asobi.daifugo.daifugo import Rules, card_names, jokers_needed, tokenisations
from asobi.daifugo.layouts import Term, composite_layouts, expression_layouts
from asobi.daifugo.notation import JOKER_ZERO_NAME


def _has_layout(n: int, expression: str, multiset: list[int], rules: Rules) -> bool:
    wanted = tuple(sorted(multiset))
    return any(
        layout.text == expression and layout.multiset == wanted
        for layout in composite_layouts(n, rules)
    )


def _names(cards: tuple[int, ...], rules: Rules) -> str:
    return " ".join(card_names(cards, rules))


def _rulings(tables: ResultTables, example: str) -> pd.DataFrame:
    """The rulings table's rows of ``example`` (the plays it asks about), by step."""
    rows = tables.read(RULINGS, filters=[("example", "==", example)])
    return rows.sort_values("step").reset_index(drop=True)


def _records(rows: pd.DataFrame, columns: Sequence[str]) -> list[dict[str, Any]]:
    """``rows``' ``columns`` as JSON records (a missing value as null)."""
    return [
        {c: None if not isinstance(v, list) and pd.isna(v) else json_value(v) for c, v in r.items()}
        for r in rows[list(columns)].to_dict("records")
    ]


def _rulings_recheck(example: str, columns: Sequence[str], rows: pd.DataFrame) -> Recheck:
    """The query that re-reads ``columns`` of ``example``'s rows of the rulings table."""
    return Recheck(
        f"SELECT {', '.join(columns)} FROM '{RULINGS}' WHERE example = '{example}' ORDER BY step",
        _records(rows, columns),
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
    rows = _rulings(tables, name)
    ruled = dict(zip(rows["play"], rows["ruling"], strict=True))
    wanted = "a foul" if foul else "refused without a foul"
    checks = {f"{wrong} {wanted}": ruled.get(wrong) == ("foul" if foul else "refused")}
    if right is not None:
        checks[f"{right} legal"] = ruled.get(right) == "legal"
    said = "; ".join(f"{r.play}: {r.ruling} ({r.reason})" for r in rows.itertuples())
    allowed = f", {right} legal" if right else ""
    return _example(
        name,
        statement,
        f"{RULES_ENGINE}, as the rulings table records: {wrong} {wanted}{allowed}",
        checks,
        f"rulings table: {said or 'no rows'}",
        (RULINGS,),
        _rulings_recheck(name, ("play", "ruling"), rows),
    )


#: The parts of the field a ruling may change.
_FIELD = ("top", "cards", "revolution")


def _checks_text(checks: Mapping[str, bool]) -> str:
    return "; ".join(f"{name}: {'holds' if ok else 'fails'}" for name, ok in checks.items())


def _example(
    name: str,
    statement: str,
    formal: str,
    checks: Mapping[str, bool],
    extra: str = "",
    table: tuple[str, ...] = (),
    recheck: Recheck | None = None,
) -> Claim:
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
    return _example(
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
    return _example(
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
    return _example(
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
    rows = _rulings(tables, "example_8")
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
            _records(legal, ("play", "cards", "twos")),
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
    return _example(
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
    return _example(
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
    return _example(
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


def ramanujan_not_composite(tables: ResultTables) -> Claim:
    """Laying 1729 as the composite 7·13·19 is a foul and starts no revolution."""
    rows = _rulings(tables, "ramanujan_not_composite")
    row = rows.iloc[0] if len(rows) else None
    checks = {
        "1729=7*13*19 a foul": row is not None
        and row["play"] == "1729=7*13*19"
        and row["ruling"] == "foul",
        "field unchanged": row is not None
        and all(row[f"{part}_after"] == row[f"{part}_before"] for part in _FIELD),
    }
    columns = ("play", "top_before", "ruling", "top_after", "cards_after", "revolution_after")
    return _example(
        "ramanujan_not_composite",
        "Laying 1729 as the composite 7·13·19 is a foul and does not start a revolution.",
        f"{RULES_ENGINE}, as the rulings table records: on a field of 1409 (4 cards), "
        "1729=7*13*19 is a foul, field unchanged",
        checks,
        "rulings table: " + (f"{row['ruling']} ({row['reason']})" if row is not None else "no row"),
        (RULINGS,),
        _rulings_recheck("ramanujan_not_composite", columns, rows),
    )


#: The example of the rulings table played as a two-player game (who plays is the game's).
OTHER_PLAYER = "ramanujan_other_player"

#: The section's rules, each shown by one step of the rulings table's sequences
#: (:data:`asobi.daifugo.rulings.QUESTIONS`, and the two-player game of
#: :data:`asobi.daifugo.rulings.OTHER_PLAYER_MOVES`): the example, the step, its play, the
#: ruling and what the row must say after it.
REVOLUTION_RULES: dict[str, tuple[str, int, str, str, dict[str, object]]] = {
    "1729 on 1409 starts a revolution": (
        "ramanujan_revolution_rules",
        1,
        "1729",
        "legal",
        {"revolution_after": True},
    ),
    "1729 partly laid by a joker starts it too": (
        "ramanujan_revolution_rules",
        11,
        "1729 [A 7 2 Joker(9)]",
        "legal",
        {"revolution_after": True, "top_after": 1729},
    ),
    "1729 stays on the field (no cut)": (
        "ramanujan_revolution_rules",
        1,
        "1729",
        "legal",
        {"top_after": 1729},
    ),
    "in revolution 2003 does not beat it": ("ramanujan_revolution_rules", 2, "2003", "refused", {}),
    "a play of other than 4 cards cannot answer 4 cards": (
        "ramanujan_revolution_rules",
        3,
        "13",
        "refused",
        {},
    ),
    "in revolution 1013 beats 1729": (
        "ramanujan_revolution_rules",
        4,
        "1013",
        "legal",
        {"top_after": 1013},
    ),
    "clearing keeps the revolution": (
        "ramanujan_revolution_rules",
        5,
        "pass",
        "legal",
        {"cleared": True, "revolution_after": True},
    ),
    "a second 1729 ends it": (
        "ramanujan_revolution_rules",
        6,
        "1729",
        "legal",
        {"revolution_after": False},
    ),
    "1729 on a cleared field starts one": (
        "ramanujan_revolution_rules",
        7,
        "1729",
        "legal",
        {"revolution_after": True},
    ),
    "1729 on a larger four-card play (2003) is refused": (
        "ramanujan_revolution_rules",
        8,
        "1729",
        "refused",
        {},
    ),
    "1729 as a composite on 2003 in revolution is a foul that keeps it": (
        "ramanujan_revolution_rules",
        9,
        "1729=7*13*19",
        "foul",
        {"revolution_after": True},
    ),
    "57 cuts the field": ("ramanujan_revolution_rules", 10, "57", "legal", {"cleared": True}),
    "game: the first player's 1729 starts it": (
        OTHER_PLAYER,
        1,
        "1729 [A 7 2 9]",
        "legal",
        {"player": "first", "revolution_after": True},
    ),
    "game: the next player answers with a smaller four-card play": (
        OTHER_PLAYER,
        2,
        "1223 [A 2 2 3]",
        "legal",
        {"player": "second", "top_after": 1223, "revolution_after": True},
    ),
    "game: the field flows, the revolution stays": (
        OTHER_PLAYER,
        3,
        "pass",
        "legal",
        {"cleared": True, "revolution_after": True},
    ),
    "game: another player's 1729 ends it": (
        OTHER_PLAYER,
        4,
        "1729 [A 7 2 9]",
        "legal",
        {"player": "second", "revolution_after": False},
    ),
}

#: The two examples of the rulings table the Ramanujan rules read.
_REVOLUTION_EXAMPLES = ("ramanujan_revolution_rules", OTHER_PLAYER)


def ramanujan_revolution_rules(tables: ResultTables) -> Claim:
    """The section's list of rules for 1729, each shown by a play: it is played like a
    four-card prime on a smaller four-card play or a cleared field, also when a joker stands
    for part of it, and flips the order; it does not clear the field; the next player
    answers with a smaller four-card play or passes; n cards answer n cards; clearing keeps
    the revolution; another player's 1729 ends it (shown in the two-player game, where who
    plays is the game's); 1729 as a composite is a foul that keeps the revolution; 57 still
    cuts."""
    rows = pd.concat([_rulings(tables, example) for example in _REVOLUTION_EXAMPLES])
    steps = {(str(row["example"]), int(row["step"])): row for _, row in rows.iterrows()}

    def shown(example: str, step: int, play: str, ruling: str, after: Mapping[str, object]) -> bool:
        row = steps.get((example, step))
        return (
            row is not None
            and row["play"] == play
            and row["ruling"] == ruling
            and all(
                not pd.isna(row[column]) and row[column] == value for column, value in after.items()
            )
        )

    checks = {name: shown(*rule) for name, rule in REVOLUTION_RULES.items()}
    columns = ("example", "step", "play", "player", "ruling", "top_after", "revolution_after")
    columns = (*columns, "cleared")
    return _example(
        "ramanujan_revolution_rules",
        "1729 is played like a four-card prime on a smaller four-card play or a cleared field, "
        "also with a joker standing for part of it, and flips the order without clearing the "
        "field; the next player answers with a smaller four-card play or passes; n-card plays "
        "still need n cards; clearing the field keeps the revolution; when another player "
        "lays 1729 again it ends; laying 1729 as a composite is a foul that does not end it.",
        f"{RULES_ENGINE}, as the rulings table records: a scripted sequence of plays on given "
        "fields, each step checked, and a two-player game (who plays is the game's: the "
        "players alternate, a pass lets the other lead) in which the first player's 1729 "
        "starts the revolution, the second answers it with a smaller four-card play and, "
        "after the field flows, ends it with 1729; a second 1729 from the same player, which "
        "the article does not speak of, is not asked",
        checks,
        f"rulings table: {len(rows)} steps",
        (RULINGS,),
        Recheck(
            f"SELECT {', '.join(columns)} FROM '{RULINGS}' WHERE example IN "
            f"({', '.join(repr(e) for e in _REVOLUTION_EXAMPLES)}) ORDER BY example, step",
            _records(rows.sort_values(["example", "step"]), columns),
        ),
    )


def joker_zero_used_in_revolution(tables: ResultTables) -> Claim:
    """With the revolution, the rule that a joker may be 0 finds use: in revolution 1729 is
    answered by a smaller four-card play, and the smallest such plays (1009, 1013, ...) can
    be laid in four cards only with a joker as 0, as the engine's rulings on every prime
    from 1000 to 1728 laid on 1729 in revolution show. Two readings: some answer needs a
    joker as 0, and the strongest answer (the smallest) needs one."""
    name = "joker_zero_used_in_revolution"
    rows = _rulings(tables, name)
    legal = rows[rows["ruling"] == "legal"].assign(
        zero=lambda f: f["discarded"].map(lambda cards: JOKER_ZERO_NAME in list(cards))
    )
    needing = legal.loc[legal["zero"], "play"].astype(int).tolist()
    smallest = legal.iloc[int(legal["play"].astype(int).argmin())] if len(legal) else None
    strongest = smallest is not None and bool(smallest["zero"])
    figures = (
        f"rulings table: {len(legal)} of {len(rows)} primes from 1000 to 1728 answer 1729 in "
        f"revolution with four cards; {len(needing)} only with a joker as 0 (smallest "
        f"{needing[:5]}); the smallest answer is "
        + (f"{smallest['play']} ({' '.join(smallest['discarded'])})" if len(legal) else "none")
    )
    recheck = Recheck(
        "SELECT count(*) FILTER (WHERE ruling = 'legal') AS answers, count(*) FILTER (WHERE "
        f"ruling = 'legal' AND list_contains(discarded, '{JOKER_ZERO_NAME}')) AS with_zero, "
        "arg_min(discarded, CAST(play AS INTEGER)) FILTER (WHERE ruling = 'legal') AS "
        f"smallest FROM '{RULINGS}' WHERE example = '{name}'",
        {
            "answers": len(legal),
            "with_zero": len(needing),
            "smallest": None if smallest is None else list(smallest["discarded"]),
        },
    )
    readings = (
        Reading(
            "some_answer",
            "some four-card prime that answers 1729 in revolution can be laid only with a "
            "joker as 0",
            figures,
            verdict_from(bool(needing)),
            recheck,
        ),
        Reading(
            "strongest_answer",
            "(ours) the smallest four-card prime below 1729, the strongest answer in "
            "revolution, can be laid only with a joker as 0",
            figures,
            verdict_from(strongest),
            recheck,
        ),
    )
    return daifugo_claim(
        name,
        "With the revolution, the rule that a joker may stand for 0 comes into real use.",
        f"{RULES_ENGINE}, as the rulings table records: in revolution 1729 is answered by a "
        "smaller play of four cards; of the primes from 1000 to 1728 laid on 1729 in "
        "revolution, some (and the smallest) can be laid only with a joker as 0",
        None,
        figures,
        (RULINGS,),
        recheck=recheck,
        readings=readings,
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

#: The worked examples, in the order of the claims.
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
