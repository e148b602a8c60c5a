"""Contraposition: a hex board-filling game won by having fewer small groups.

The rooms: :mod:`~asobi.contraposition.contraposition` (the rules: moves, groups, the
winning rule) on the board of :mod:`~asobi.contraposition.board`;
:mod:`~asobi.contraposition.solver` (exact solving of sides 1 to 3, by the numba search
of :mod:`~asobi.contraposition.search` on the bit masks of
:mod:`~asobi.contraposition.bitboard`);
:mod:`~asobi.contraposition.mcts` (UCT and GRAVE self-play) on the numba kernels of
:mod:`~asobi.contraposition.kernels`; :mod:`~asobi.contraposition.audit` (the
winning-rule audit), :mod:`~asobi.contraposition.eyes`, :mod:`~asobi.contraposition.mirror`
and :mod:`~asobi.contraposition.stats`; :mod:`~asobi.contraposition.tables` (rows and
schemas), :mod:`~asobi.contraposition.claims`, :mod:`~asobi.contraposition.pipeline` (the
workflow steps) and :mod:`~asobi.contraposition.cli`.
"""

from __future__ import annotations

from functools import partial

from asobi.core.game import ConformanceCase


def conformance_cases() -> list[ConformanceCase]:
    """Small boards for the conformance test: sides 1 and 2 from the empty board under
    both protocols (side 1 has only 12?), and near-full side-3 positions; ``solve`` is the
    exact solver (:func:`~asobi.contraposition.solver.exact_outcome`)."""
    from asobi.contraposition.board import parse_board
    from asobi.contraposition.contraposition import (
        Colour,
        Contraposition,
        Position,
        Protocol,
        Rules,
        all_rules,
        initial_position,
    )
    from asobi.contraposition.solver import exact_outcome

    cases = [
        ConformanceCase(
            label=f"side{rules.side}_{rules.protocol.value}",
            game=Contraposition(rules),
            start=initial_position(rules),
            solve=partial(exact_outcome, rules),
        )
        for rules in all_rules([1, 2])
    ]
    near_full = parse_board("WB./BW.B/WBBW./..WB/WBW")  # side 3: 7 + 7 stones, 6 empty
    for protocol in Protocol:
        rules = Rules(3, protocol)
        cases.append(
            ConformanceCase(
                label=f"side3_{protocol.value}_near_full",
                game=Contraposition(rules),
                start=Position(near_full, Colour.WHITE),
                solve=partial(exact_outcome, rules),
            )
        )
    return cases
