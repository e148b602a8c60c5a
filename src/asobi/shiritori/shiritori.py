"""The rules of ようかいしりとり (yokai shiritori) and its 32 rule variants.

The yokai says its own name first; then the human answers; and so on. Every word must begin
with the *unit* (a kana, or a mora such as チョ) that the previous word ends with. A word may
be played once, and playing a word also bans its aliases (別名). A player who cannot move
loses; a player who says a word ending in ン (「ン」で終わる) loses at once. There are no draws.

How a word ends is the variant ("ルール", article 「もしも妖怪にしりとりを挑まれたら～ようかい
しりとり完全解析」, section 「ようかいしりとり」ルールの詳細). The article's choice is the default:

* ``long_vowel``: ``vowel`` (長音 ー takes the vowel of the kana before it, アカガンター → ア)
  or ``previous_kana`` (ー is ignored, アカガンター → タ).
* ``small_kana``: ``enlarge`` (拗音・促音 at the end count as their large form,
  ダイダラボッチ → チ, キジョ → ヨ) or ``mora`` (the final kana with its small kana is the
  unit, キジョ → ジョ, and a word starting with ジョ… answers only ジョ). A final ッ has no
  kana to combine with and is read as ツ in both settings.
* ``final_u``: ``written`` (ミツメコゾウ → ウ) or ``pronounced`` (a final ウ after an o-row
  kana counts as オ: ミツメコゾウ → オ).
* ``dakuten``: ``strict`` (シチホダ → ダ only) or ``free`` (a final voiced or semi-voiced kana
  may also be answered by its plain form: シチホダ → ダ or タ; a plain final stays plain).
* ``aliases``: ``ban`` (ノッペラボウ bans ズンベラボウ) or ``independent``.

>>> rules = Rules()
>>> last_unit("アカガンター", rules), last_unit("ダイダラボッチ", rules)
('ア', 'チ')
>>> last_unit("ミツメコゾウ", Rules(final_u="pronounced"))
'オ'
>>> last_unit("キジョ", Rules(small_kana="mora"))
'ジョ'
>>> sorted(accepted_units("ダ", Rules(dakuten="free")))
['タ', 'ダ']
"""

from __future__ import annotations

import itertools
import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from functools import cached_property
from typing import NamedTuple

from asobi.core.errors import ConfigError, IllegalMoveError, InputError
from asobi.core.game import Outcome, not_over_error
from asobi.core.variants import axes_variant_id

GAME = "shiritori"

#: The axes and their values; the first value of each axis is the article's rule.
AXES: dict[str, tuple[str, ...]] = {
    "long_vowel": ("vowel", "previous_kana"),
    "small_kana": ("enlarge", "mora"),
    "final_u": ("written", "pronounced"),
    "dakuten": ("strict", "free"),
    "aliases": ("ban", "independent"),
}

LOSING_UNIT = "ン"
LONG_VOWEL_MARK = "ー"
SMALL_TO_LARGE = dict(zip("ァィゥェォャュョッヮヵヶ", "アイウエオヤユヨツワカケ", strict=True))
#: Small kana that combine with the kana before them into one mora (not ッ).
COMBINING_SMALL = frozenset("ァィゥェォャュョヮ")
_VOWEL_ROWS = {
    "ア": "アカサタナハマヤラワガザダバパァャヮヵ",
    "イ": "イキシチニヒミリギジヂビピィヰ",
    "ウ": "ウクスツヌフムユルグズヅブプゥュッヴ",
    "エ": "エケセテネヘメレゲゼデベペェヱヶ",
    "オ": "オコソトノホモヨロヲゴゾドボポォョ",
}
VOWEL_OF = {kana: vowel for vowel, row in _VOWEL_ROWS.items() for kana in row}
KATAKANA = frozenset(VOWEL_OF) | {LOSING_UNIT, LONG_VOWEL_MARK} | set(SMALL_TO_LARGE)


def is_katakana_word(text: str) -> bool:
    """True when ``text`` is a non-empty katakana reading that starts with a full-size kana.

    >>> is_katakana_word("ロクロクビ"), is_katakana_word("ろくろくび"), is_katakana_word("ーア")
    (True, False, False)
    """
    return (
        bool(text)
        and all(ch in KATAKANA for ch in text)
        and text[0] not in SMALL_TO_LARGE
        and text[0] not in {LONG_VOWEL_MARK, LOSING_UNIT}
    )


def plain_form(unit: str) -> str:
    """The unit without 濁点/半濁点 on its first kana (ダ → タ, パ → ハ, ジョ → ショ, ヴ → ウ)."""
    head = unicodedata.normalize("NFD", unit[0])
    head = unicodedata.normalize("NFC", head.replace("\u3099", "").replace("\u309a", ""))
    return head + unit[1:]


@dataclass(frozen=True)
class Rules:
    """One rule variant (defaults: the article's rules)."""

    long_vowel: str = "vowel"
    small_kana: str = "enlarge"
    final_u: str = "written"
    dakuten: str = "strict"
    aliases: str = "ban"

    def __post_init__(self) -> None:
        for axis, values in AXES.items():
            if getattr(self, axis) not in values:
                raise ConfigError(
                    f"shiritori rule {axis}={getattr(self, axis)!r} "
                    f"is not one of {', '.join(values)}"
                )

    @property
    def variant_id(self) -> str:
        """``long_vowel-vowel__small_kana-enlarge__...`` (see :mod:`asobi.core.variants`)."""
        return axes_variant_id(self.as_dict())

    def as_dict(self) -> dict[str, str]:
        return asdict(self)

    @classmethod
    def from_variant_id(cls, variant: str) -> Rules:
        """Inverse of :attr:`variant_id`.

        >>> Rules.from_variant_id(Rules(dakuten="free").variant_id) == Rules(dakuten="free")
        True
        """
        try:
            pairs = dict(part.split("-", 1) for part in variant.split("__"))
        except ValueError:
            raise ConfigError(f"not a shiritori variant id: {variant!r}") from None
        if set(pairs) != set(AXES):
            raise ConfigError(f"not a shiritori variant id: {variant!r}")
        return cls(**pairs)


DEFAULT_RULES = Rules()
ALL_RULES: tuple[Rules, ...] = tuple(Rules(*values) for values in itertools.product(*AXES.values()))


def first_unit(word: str, rules: Rules) -> str:
    """The unit a word begins with (a kana, or kana + small kana under ``small_kana=mora``).

    >>> first_unit("チョウチンオバケ", Rules())
    'チ'
    >>> first_unit("チョウチンオバケ", Rules(small_kana="mora"))
    'チョ'
    """
    if rules.small_kana == "mora" and len(word) >= 2 and word[1] in COMBINING_SMALL:
        return word[:2]
    return word[0]


def last_unit(word: str, rules: Rules) -> str:
    """The unit the next word must begin with (before the ``dakuten`` rule widens it)."""
    body = word.rstrip(LONG_VOWEL_MARK)
    if not body:
        raise InputError(f"word {word!r} has no kana before its long-vowel mark")
    if body != word and rules.long_vowel == "vowel":
        vowel = VOWEL_OF.get(body[-1])
        if vowel is None:
            raise InputError(f"word {word!r}: the kana before ー has no vowel")
        return vowel
    last = body[-1]
    if last in SMALL_TO_LARGE:
        if rules.small_kana == "mora" and last in COMBINING_SMALL and len(body) >= 2:
            unit = body[-2:]
        else:
            unit = SMALL_TO_LARGE[last]
    else:
        unit = last
    if (
        rules.final_u == "pronounced"
        and unit == "ウ"
        and len(body) >= 2
        and VOWEL_OF.get(body[-2]) == "オ"
    ):
        unit = "オ"
    return unit


def accepted_units(unit: str, rules: Rules) -> frozenset[str]:
    """First units allowed after a word ending in ``unit``."""
    if rules.dakuten == "free":
        return frozenset({unit, plain_form(unit)})
    return frozenset({unit})


@dataclass(frozen=True)
class Lexicon:
    """The playable words (clean katakana readings) and, for each, the aliases it bans."""

    words: tuple[str, ...]
    aliases: Mapping[str, tuple[str, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if len(set(self.words)) != len(self.words):
            raise InputError("lexicon words must be distinct")
        for word in self.words:
            if not is_katakana_word(word):
                raise InputError(f"lexicon word {word!r} is not a katakana reading")

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, Sequence[str]]]) -> Lexicon:
        """Build from ``(word, aliases)`` pairs; aliases that are not words are ignored."""
        pairs = list(pairs)
        words = tuple(word for word, _ in pairs)
        known = set(words)
        aliases = {
            word: tuple(a for a in dict.fromkeys(alias) if a in known and a != word)
            for word, alias in pairs
        }
        return cls(words, aliases)


def bits(mask: int) -> list[int]:
    """Indices of the set bits of ``mask`` (word indices of a used-word set), ascending.

    >>> bits(0b10110)
    [1, 2, 4]
    """
    found = []
    while mask:
        low = mask & -mask
        found.append(low.bit_length() - 1)
        mask ^= low
    return found


class Position(NamedTuple):
    """Words already used or banned (bit i = ``lexicon.words[i]``) and the unit to answer.

    ``letter == "ン"`` means the previous player said a word ending in ン: the player to
    move has won.
    """

    used: int
    letter: str


class Shiritori:
    """The game on one lexicon under one rule variant (the :class:`asobi.core.game.Game`
    protocol). A move is a word (``str(move)`` is the word; :meth:`parse_move` reads it back).

    >>> game = Shiritori(Lexicon.from_pairs([("ロクロクビ", ()), ("ビシャガツク", ())]))
    >>> position = game.opening("ロクロクビ")
    >>> game.legal_moves(position)
    ('ビシャガツク',)
    >>> after = game.play(position, "ビシャガツク")
    >>> game.is_over(after), game.winner(after)
    (True, <Outcome.SECOND: 'second'>)
    """

    def __init__(self, lexicon: Lexicon, rules: Rules = DEFAULT_RULES) -> None:
        self.lexicon = lexicon
        self.rules = rules
        self.words = lexicon.words
        self.index = {word: i for i, word in enumerate(self.words)}
        self.first = tuple(first_unit(w, rules) for w in self.words)
        self.last = tuple(last_unit(w, rules) for w in self.words)
        bans = []
        for i, word in enumerate(self.words):
            banned = 1 << i
            if rules.aliases == "ban":
                for alias in lexicon.aliases.get(word, ()):
                    banned |= 1 << self.index[alias]
            bans.append(banned)
        self.bans = tuple(bans)

    @cached_property
    def _starting_with(self) -> dict[str, tuple[int, ...]]:
        table: dict[str, list[int]] = {}
        for i, unit in enumerate(self.first):
            table.setdefault(unit, []).append(i)
        return {unit: tuple(items) for unit, items in table.items()}

    def word_index(self, word: str) -> int:
        try:
            return self.index[word]
        except KeyError:
            raise InputError(f"{word!r} is not a word of the yokai list") from None

    def opening(self, start: str) -> Position:
        """The position after the yokai has said its own name ``start`` (the human to move)."""
        i = self.word_index(start)
        return Position(self.bans[i], self.last[i])

    def candidates(self, letter: str) -> tuple[int, ...]:
        """Indices of every word (used or not) that may answer ``letter``."""
        if letter == LOSING_UNIT:
            return ()
        found: list[int] = []
        for unit in sorted(accepted_units(letter, self.rules)):
            found.extend(self._starting_with.get(unit, ()))
        return tuple(sorted(found))

    def candidate_bits(self, letter: str) -> int:
        """:meth:`candidates` as a bit set (bit ``i`` for word ``i``)."""
        known = self._candidate_bits.get(letter)
        if known is None:
            known = sum(1 << i for i in self.candidates(letter))
            self._candidate_bits[letter] = known
        return known

    @cached_property
    def _candidate_bits(self) -> dict[str, int]:
        return {}

    def legal_moves(self, position: Position) -> tuple[str, ...]:
        """Every unused word that may answer ``position.letter`` (words ending in ン included:
        saying one is legal, and loses); none once the game is over."""
        return tuple(
            self.words[i] for i in self.candidates(position.letter) if not position.used >> i & 1
        )

    def play(self, position: Position, move: str) -> Position:
        i = self.word_index(move)
        if position.letter == LOSING_UNIT:
            raise IllegalMoveError("the game is over: the last word ended in ン")
        if position.used >> i & 1:
            raise IllegalMoveError(f"{move} was already played or is banned as an alias")
        if self.first[i] not in accepted_units(position.letter, self.rules):
            raise IllegalMoveError(
                f"{move} begins with {self.first[i]}, not with "
                f"{' or '.join(sorted(accepted_units(position.letter, self.rules)))}"
            )
        return Position(position.used | self.bans[i], self.last[i])

    def is_over(self, position: Position) -> bool:
        """Over when the last word ended in ン, or when no unused word answers the letter."""
        return position.letter == LOSING_UNIT or not any(
            not position.used >> i & 1 for i in self.candidates(position.letter)
        )

    def winner(self, position: Position) -> Outcome:
        """``FIRST`` (the player to move has won) when the opponent's word ended in ン,
        ``SECOND`` when the player to move has no word to say."""
        if not self.is_over(position):
            raise not_over_error(position)
        return Outcome.FIRST if position.letter == LOSING_UNIT else Outcome.SECOND

    def parse_move(self, text: str) -> str:
        """The word ``text`` names (one of the lexicon's readings)."""
        return self.words[self.word_index(text)]


def line_winner(game: Shiritori, line: Sequence[str]) -> str | None:
    """Who wins at the end of ``line`` (the yokai's name first) by the rules: ``yokai``,
    ``human``, or None unless the line is legal and the game over after it.

    >>> game = Shiritori(Lexicon.from_pairs([("ロクロクビ", ()), ("ビシャガツク", ())]))
    >>> line_winner(game, ("ロクロクビ", "ビシャガツク")), line_winner(game, ("ロクロクビ",))
    ('human', None)
    """
    try:
        position = game.opening(line[0])
        for word in line[1:]:
            position = game.play(position, word)
    except ValueError:
        return None
    human_to_move = len(line) % 2 == 1
    if not game.is_over(position):
        return None
    mover_won = game.winner(position) is Outcome.FIRST
    return "human" if mover_won == human_to_move else "yokai"


def selected_rules(variants: Sequence[str] = ()) -> list[Rules]:
    """The variants named by id, or all 32 when none is named (article's rules first)."""
    if not variants:
        return list(ALL_RULES)
    return [Rules.from_variant_id(v) for v in variants]
