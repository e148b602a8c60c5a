"""asobi (遊び): verification and data-generation pipeline for five Japanese games.

Sub-packages, one per game, share the small :mod:`asobi.core`.
"""

__version__ = "1.0.0"
