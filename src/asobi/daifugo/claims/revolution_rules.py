"""The article's Ramanujan revolution (ラマヌジャン革命) examples, each checked in asobi's rules
engine (:func:`asobi.daifugo.daifugo.judge`) as the rulings table records its rulings: 1729
laid as a composite is a foul (:func:`ramanujan_not_composite`), the section's list of rules
for 1729 (:data:`REVOLUTION_RULES`, :func:`ramanujan_revolution_rules`, partly shown in the
two-player game) and the use a joker as 0 finds in revolution
(:func:`joker_zero_used_in_revolution`). They read the rulings table through the helpers of
:mod:`asobi.daifugo.claims.examples`.
"""

from __future__ import annotations

from collections.abc import Mapping

import pandas as pd

from asobi.core.claims import Claim, Reading, ResultTables, verdict_from
from asobi.core.recheck import Recheck
from asobi.daifugo.claims.citations import RULES_ENGINE, RULINGS, daifugo_claim
from asobi.daifugo.claims.examples import example_claim, records, rulings_recheck, rulings_rows
from asobi.daifugo.notation import JOKER_ZERO_NAME

#: The parts of the field a ruling may change.
_FIELD = ("top", "cards", "revolution")


def ramanujan_not_composite(tables: ResultTables) -> Claim:
    """Laying 1729 as the composite 7·13·19 is a foul and starts no revolution."""
    rows = rulings_rows(tables, "ramanujan_not_composite")
    row = rows.iloc[0] if len(rows) else None
    checks = {
        "1729=7*13*19 a foul": row is not None
        and row["play"] == "1729=7*13*19"
        and row["ruling"] == "foul",
        "field unchanged": row is not None
        and all(row[f"{part}_after"] == row[f"{part}_before"] for part in _FIELD),
    }
    columns = ("play", "top_before", "ruling", "top_after", "cards_after", "revolution_after")
    return example_claim(
        "ramanujan_not_composite",
        "Laying 1729 as the composite 7·13·19 is a foul and does not start a revolution.",
        f"{RULES_ENGINE}, as the rulings table records: on a field of 1409 (4 cards), "
        "1729=7*13*19 is a foul, field unchanged",
        checks,
        "rulings table: " + (f"{row['ruling']} ({row['reason']})" if row is not None else "no row"),
        (RULINGS,),
        rulings_recheck("ramanujan_not_composite", columns, rows),
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
    rows = pd.concat([rulings_rows(tables, example) for example in _REVOLUTION_EXAMPLES])
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
    return example_claim(
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
            records(rows.sort_values(["example", "step"]), columns),
        ),
    )


def joker_zero_used_in_revolution(tables: ResultTables) -> Claim:
    """With the revolution, the rule that a joker may be 0 finds use: in revolution 1729 is
    answered by a smaller four-card play, and the smallest such plays (1009, 1013, ...) can
    be laid in four cards only with a joker as 0, as the engine's rulings on every prime
    from 1000 to 1728 laid on 1729 in revolution show. Two readings: some answer needs a
    joker as 0, and the strongest answer (the smallest) needs one."""
    name = "joker_zero_used_in_revolution"
    rows = rulings_rows(tables, name)
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
