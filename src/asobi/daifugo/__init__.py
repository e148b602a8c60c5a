"""素数大富豪 (prime daifugō): which numbers can be played, with exponent notation.

Rooms: :mod:`~asobi.daifugo.daifugo` (the rules: cards, the rules engine, the two-player
game), :mod:`~asobi.daifugo.plays` (the field, a play and the engine's ruling),
:mod:`~asobi.daifugo.notation` (card names and factor expressions as text),
:mod:`~asobi.daifugo.numbers` (primes, factorisation, sieves),
:mod:`~asobi.daifugo.layouts` (the composite-play enumerator),
:mod:`~asobi.daifugo.kernels` (numba kernels), :mod:`~asobi.daifugo.z3check` (an
independent z3 model), :mod:`~asobi.daifugo.genocchi`, :mod:`~asobi.daifugo.tables` (rows
and schemas), :mod:`~asobi.daifugo.largest` (the largest prime a card count can lay, by a
descending search), :mod:`~asobi.daifugo.primality` (its certificates and their verifier),
:mod:`~asobi.daifugo.largest_table` (that table and its check step),
:mod:`~asobi.daifugo.claims`, :mod:`~asobi.daifugo.pipeline` (workflow steps) and
:mod:`~asobi.daifugo.cli`.
"""

from __future__ import annotations

from asobi.core.game import ConformanceCase
from asobi.daifugo.daifugo import Daifugo, Position, Rules
from asobi.daifugo.plays import Field, Play


def conformance_cases() -> list[ConformanceCase]:
    """Small two-player games: hands of up to five cards, a revolution, a Grothendieck cut.

    The game is finite and acyclic, so the conformance test checks ``winner`` against the
    plain negamax (there is no dedicated solver).
    """
    game = Daifugo(Rules())
    return [
        ConformanceCase("empty field", game, Position(Field(), (1, 3, 7), (2, 9))),
        ConformanceCase(
            "1729 on a four-card field",
            game,
            Position(Field(1409, 4), (1, 2, 7, 9, 11), (1, 1, 3, 9)),
        ),
        ConformanceCase("57 cuts", game, Position(Field(), (2, 5, 7), (3, 4, 8))),
        ConformanceCase(
            "in revolution, small deck",
            Daifugo(Rules(suits=2, jokers=0)),
            Position(Field(None, None, True), (1, 1, 3), (2, 3, 7)),
        ),
        ConformanceCase("blocked hands", game, Position(Field(), (4, 6), (8, 10, 12))),
    ]


__all__ = ["Daifugo", "Field", "Play", "Position", "Rules", "conformance_cases"]
