"""Kana helpers shared by the games that read Japanese words (one place for each).

>>> hiragana_to_katakana("ろくろくび")
'ロクロクビ'
>>> hiragana_to_katakana("ぬらりひょん and ー")
'ヌラリヒョン and ー'
"""

from __future__ import annotations

#: Distance between a hiragana and its katakana in Unicode (ぁ U+3041 → ァ U+30A1).
HIRAGANA_TO_KATAKANA_OFFSET = 0x60


def hiragana_to_katakana(text: str) -> str:
    """Every hiragana (ぁ … ゖ) of ``text`` as its katakana; everything else unchanged."""
    return "".join(
        chr(ord(ch) + HIRAGANA_TO_KATAKANA_OFFSET) if "ぁ" <= ch <= "ゖ" else ch for ch in text
    )
