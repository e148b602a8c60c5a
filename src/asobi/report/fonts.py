"""Kana in the figures without a system font: the IPAex Gothic that the
``matplotlib-fontja`` dependency ships, or a CJK font of the system, chosen per text.
"""

from __future__ import annotations

import importlib.util
import re
from functools import cache
from itertools import chain
from pathlib import Path

from matplotlib import font_manager

CJK_FONT_HINT = re.compile(r"(ipa|cjk|takao|vl-?gothic|ume|droidsansfallback|noto.*jp)", re.I)


def bundled_cjk_font() -> Path | None:
    """IPAex Gothic as shipped by the ``matplotlib-fontja`` dependency (a kana font that needs
    nothing installed system-wide), or ``None`` if that package is missing.

    The package is located, not imported: importing it switches matplotlib's global default
    font, and the figures choose their fonts per text instead.
    """
    spec = importlib.util.find_spec("matplotlib_fontja")
    if spec is None or not spec.submodule_search_locations:
        return None
    path = Path(next(iter(spec.submodule_search_locations))) / "fonts" / "ipaexg.ttf"
    return path if path.is_file() else None


@cache
def cjk_font_family() -> str | None:
    """A font family that has kana: the bundled IPAex Gothic (:func:`bundled_cjk_font`),
    otherwise a system CJK font matplotlib has not seen, registered on first use.

    Returns ``None`` only when neither exists (labels in kana then show as boxes).
    """
    bundled = bundled_cjk_font()
    system = (p for p in font_manager.findSystemFonts() if CJK_FONT_HINT.search(Path(p).name))
    for path in chain([str(bundled)] if bundled else [], system):
        try:
            font_manager.fontManager.addfont(path)
            return font_manager.FontProperties(fname=path).get_name()
        except (OSError, RuntimeError, ValueError):
            continue
    return None


def text_font() -> dict[str, object]:
    """Font keyword arguments for text that may contain kana."""
    family = cjk_font_family()
    return {"fontfamily": [family, "DejaVu Sans"]} if family else {}
