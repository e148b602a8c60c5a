"""What the article asks the rules engine, as tables: the rulings of its example plays, and
the sums of two cubes behind Ramanujan's taxicab number.

:func:`rulings_frame` lays each play the article's examples and the Ramanujan revolution's
rules ask about (:data:`QUESTIONS`, and every plain composite play of 8, listed by the
enumerator) on its field through :func:`asobi.daifugo.daifugo.judge`, and keeps the ruling:
legal, refused or a foul, the reason, the field after, the cards discarded. A pass (everyone
passes) clears the field as the game does (:meth:`Field.cleared`). :func:`cube_sums_frame`
lists every a³ + b³ up to a bound. The claims read these tables, so that their verdicts can
be re-checked from the published tables alone.

>>> frame = rulings_frame(Rules())
>>> frame.loc[frame["play"] == "691=691^1", ["ruling", "reason"]].values.tolist()
[['refused', 'exponent 1 is not allowed']]
"""

from __future__ import annotations

from collections.abc import Iterator

import pandas as pd
import pyarrow as pa

from asobi.core.errors import IllegalMoveError
from asobi.daifugo import daifugo
from asobi.daifugo.daifugo import RAMANUJAN, Rules, card_names, jokers_needed, lay_numbers
from asobi.daifugo.layouts import composite_layouts
from asobi.daifugo.numbers import is_prime
from asobi.daifugo.plays import Field, Play, Ruling

RULINGS_SCHEMA = pa.schema(
    [
        ("example", pa.string()),
        ("step", pa.int64()),
        ("play", pa.string()),
        ("top_before", pa.int64()),
        ("cards_before", pa.int64()),
        ("revolution_before", pa.bool_()),
        ("ruling", pa.string()),
        ("reason", pa.string()),
        ("top_after", pa.int64()),
        ("cards_after", pa.int64()),
        ("revolution_after", pa.bool_()),
        ("cleared", pa.bool_()),
        ("discarded", pa.list_(pa.string())),
        ("player", pa.string()),
    ]
)

CUBE_SUMS_SCHEMA = pa.schema([("n", pa.int64()), ("a", pa.int64()), ("b", pa.int64())])

#: Sums of two cubes are listed up to this (1729 and the next few taxicab-like numbers).
CUBE_SUMS_MAX = 100_000

PASS = "pass"

#: Per example, the plays it asks about in order: the play (notation of :meth:`Play.parse`,
#: or ``pass``) and its field (``None``: the field the previous play left).
QUESTIONS: dict[str, tuple[tuple[str, Field | None], ...]] = {
    "example_691": (("691=691^1", Field()), ("691", Field())),
    "example_155": (("155=5*31^1", Field()), ("155=5*31", Field())),
    "example_1": (("1=2^0", Field()),),
    "example_6": (("6=2*3*691^0", Field()), ("6=2*3", Field())),
    "example_5187": (("5187=3*1729", Field()), ("5187=3*7*13*19", Field())),
    "ramanujan_not_composite": (("1729=7*13*19", Field(1409, 4)),),
    "ramanujan_revolution_rules": (
        ("1729", Field(1409, 4)),  # 1: starts a revolution on a smaller four-card play
        ("2003", None),  # 2: in revolution a larger play is refused
        ("13", None),  # 3: two cards do not answer four
        ("1013", None),  # 4: a smaller four-card play beats 1729
        (PASS, None),  # 5: the field flows, the revolution stays
        ("1729", None),  # 6: another 1729 ends it
        ("1729", Field()),  # 7: 1729 on a cleared field starts one
        ("1729", Field(2003, 4)),  # 8: not on a larger four-card play
        ("1729=7*13*19", Field(2003, 4, revolution=True)),  # 9: a foul, the revolution stays
        ("57", Field(53, 2)),  # 10: 57 still cuts
        ("1729 [A 7 2 Joker(9)]", Field(1409, 4)),  # 11: partly laid by a joker, it starts one
    ),
    # every prime from 1000 to 1728 as an answer to 1729 in revolution (four cards)
    "joker_zero_used_in_revolution": tuple(
        (str(n), Field(RAMANUJAN, 4, revolution=True))
        for n in range(1000, RAMANUJAN)
        if is_prime(n)
    ),
}

#: The example played as a two-player game (:class:`~asobi.daifugo.daifugo.Daifugo`), so
#: that who plays is the game's: the hands, then the moves in turn (first player first).
OTHER_PLAYER = "ramanujan_other_player"
OTHER_PLAYER_HANDS = ((1, 2, 3, 7, 9), (1, 1, 2, 2, 2, 3, 5, 7, 9))
OTHER_PLAYER_MOVES = (
    "1729 [A 7 2 9]",  # first: starts the revolution
    "1223 [A 2 2 3]",  # second, the next player: a smaller four-card play answers it
    PASS,  # first: the field flows, the revolution stays, the second player leads
    "1729 [A 7 2 9]",  # second, another player: 1729 again ends the revolution
)

#: The number whose plain composite plays (without exponent notation) example_8 asks about.
PLAIN_EIGHT = 8


def discarded(play: Play, ruling: Ruling, rules: Rules) -> tuple[int, ...] | None:
    """The cards a legal play discards: the number's own cards (the engine's choice) and, for
    a composite play, the cheapest cards of its factors and exponents (None when refused).

    >>> rules = Rules()
    >>> play = Play.parse("8=2*2*2")
    >>> discarded(play, daifugo.judge(Field(), play, rules), rules)
    (8, 2, 2, 2)
    """
    if not ruling.legal or ruling.cards is None:
        return None
    own = ruling.cards
    if play.factors is None:
        return own
    laid = [play.number, *(x for base, levels in play.factors for x in (base, *levels))]
    options = [c for c in lay_numbers(laid, rules).values() if c[: len(own)] == own]
    return min(options, key=lambda cards: (len(cards), jokers_needed(cards, rules), cards))


def _questions(rules: Rules) -> Iterator[tuple[str, tuple[tuple[str, Field | None], ...]]]:
    """:data:`QUESTIONS`, with example_8's plays: every plain composite play of 8."""
    plain = composite_layouts(PLAIN_EIGHT, rules, exponent=False)
    texts = dict.fromkeys(f"{PLAIN_EIGHT}={layout.text}" for layout in plain)
    yield "example_8", tuple((text, Field()) for text in texts)
    yield from QUESTIONS.items()


def _row(
    example: str, step: int, text: str, before: Field, rules: Rules
) -> tuple[dict[str, object], Field]:
    """The row of one play on ``before``, and the field it leaves."""
    play = None
    if text == PASS:
        ruling = Ruling(True, False, "everyone passes: the field flows", before.cleared())
        cards = None
    else:
        play = Play.parse(text)
        # through the module so that a test can put another engine in its place
        ruling = daifugo.judge(before, play, rules)
        cards = discarded(play, ruling, rules)
    after = ruling.field
    if cards is not None and play is not None and play.stand_ins:
        names = play.card_names()
    else:
        names = None if cards is None else card_names(cards, rules)
    return {
        "example": example,
        "step": step,
        "play": text,
        "top_before": before.top,
        "cards_before": before.n_cards,
        "revolution_before": before.revolution,
        "ruling": "foul" if ruling.foul else "legal" if ruling.legal else "refused",
        "reason": ruling.reason,
        "top_after": after.top,
        "cards_after": after.n_cards,
        "revolution_after": after.revolution,
        "cleared": after.top is None and before.top is not None,
        "discarded": names,
        "player": None,
    }, after


def _game_rows(rules: Rules) -> list[dict[str, object]]:
    """The rows of :data:`OTHER_PLAYER`: its moves played in turn in the two-player game,
    each ruled by the engine on the field the game holds, with the player who made it."""
    game = daifugo.Daifugo(rules)
    position = daifugo.Position(Field(), *OTHER_PLAYER_HANDS)
    rows = []
    for step, text in enumerate(OTHER_PLAYER_MOVES, start=1):
        player = "first" if step % 2 else "second"
        row, _ = _row(OTHER_PLAYER, step, text, position.field, rules)
        rows.append({**row, "player": player})
        if row["ruling"] != "legal":
            break
        try:
            position = game.play(position, game.parse_move(text))
        except IllegalMoveError:  # the game refuses what the engine allowed: stop there
            break
    return rows


def rulings_frame(rules: Rules) -> pd.DataFrame:
    """One row per play the article's examples ask about, ruled by the engine for ``rules``
    (the two-player example played in turn through the game)."""
    rows = []
    for example, plays in _questions(rules):
        field = Field()
        for step, (text, given) in enumerate(plays, start=1):
            row, field = _row(example, step, text, field if given is None else given, rules)
            rows.append(row)
    rows.extend(_game_rows(rules))
    frame = pd.DataFrame(rows, columns=RULINGS_SCHEMA.names)
    for column in ("top_before", "cards_before", "top_after", "cards_after"):
        frame[column] = frame[column].astype("Int64")
    return frame


def cube_sums_frame(limit: int = CUBE_SUMS_MAX) -> pd.DataFrame:
    """Every ``n = a³ + b³ ≤ limit`` with ``0 < a ≤ b``, one row per way, by ``n`` then ``a``.

    >>> cube_sums_frame(1729).tail(2).values.tolist()
    [[1729, 1, 12], [1729, 9, 10]]
    """
    rows = []
    a = 1
    while 2 * a**3 <= limit:
        b = a
        while a**3 + b**3 <= limit:
            rows.append((a**3 + b**3, a, b))
            b += 1
        a += 1
    return pd.DataFrame(sorted(rows), columns=CUBE_SUMS_SCHEMA.names)
