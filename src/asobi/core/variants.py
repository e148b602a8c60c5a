"""Canonical variant ids.

A variant id is a base followed by ``_<switch>`` for each switch that is on, in a fixed
order, e.g. ``dies5_cutoff_split_fusion_reaction``; or ``<axis>-<value>`` parts joined by
``__`` for variants with several multi-valued axes.

>>> variant_id("dies5_cutoff", [("split", True), ("revive", False), ("fusion", True)])
'dies5_cutoff_split_fusion'
>>> axes_variant_id({"long_vowel": "vowel", "dakuten": "strict"})
'long_vowel-vowel__dakuten-strict'
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

_TOKEN = re.compile(r"^[a-z0-9]+(?:[a-z0-9_]*[a-z0-9])?$")


def _check_token(token: str) -> str:
    if not _TOKEN.match(token):
        raise ValueError(f"variant id part {token!r} must be lower-case letters, digits, '_'")
    return token


def variant_id(base: str, switches: Iterable[tuple[str, bool]]) -> str:
    """``base`` plus ``_name`` for every switch that is on, in the order given."""
    parts = [_check_token(base)]
    parts += [_check_token(name) for name, on in switches if on]
    return "_".join(parts)


def axes_variant_id(axes: Mapping[str, str]) -> str:
    """``axis-value`` pairs joined by ``__``, in the mapping's order."""
    return "__".join(f"{_check_token(k)}-{_check_token(str(v))}" for k, v in axes.items())
