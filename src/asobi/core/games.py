"""The registry of asobi's games: one list, read by the command line, the report, the
dataset card, the claims checks and the conformance test.

The order is the one every listing uses: the five articles as README.md presents them in
"The verdicts at a glance" (``asobi --help``, the report's sections, the dataset card's
sources). Each name is a sub-package ``asobi.<game>`` with ``cli.py`` (its ``asobi <game>``
command), ``claims`` (a module or a package: its claims and ``CLAIM_IDS``) and
``conformance_cases()`` in its ``__init__``.

>>> GAMES
('fivelines', 'chopsticks', 'contraposition', 'daifugo', 'shiritori')
"""

from __future__ import annotations

GAMES = ("fivelines", "chopsticks", "contraposition", "daifugo", "shiritori")
