"""五線 (five lines): erase a run of sticks from one row; a Nim-like game.

Rules live in :mod:`asobi.fivelines.fivelines`; the exhaustive solver in
:mod:`asobi.fivelines.solve`; the z3 lemmas in :mod:`asobi.fivelines.proofs`.
"""

from asobi.fivelines.fivelines import Erase, FiveLines, FiveLinesGame

__all__ = ["Erase", "FiveLines", "FiveLinesGame"]
