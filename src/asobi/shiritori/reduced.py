"""The reduced game the shiritori searches play: classes of interchangeable words, mirror
pairs set aside, and the state both searches (Python and compiled) share.

* **Interchangeable words counted, not enumerated.** Words with the same first and last
  unit that neither ban nor are banned by an alias form one *class*; a position only needs
  how many words of each class are left. Words of a class are always taken in list order,
  so the used-word bitset is canonical and doubles as the transposition key (bit
  ``base[c] + size[c] - left`` is the next word of class ``c``).
* **Mirror pairs removed** (a strategy-stealing argument): if two interchangeable words x and
  y are such that x can only ever be played when the unit to answer is the last unit of y,
  and y only after x (a self-loop word such as ウ…ウ paired with a second one, or ア…イ with
  イ…ア), then removing one x and one y does not change the winner: whoever wins the smaller
  game answers every x the opponent plays with a y (and vice versa), which restores the unit
  to answer. Under ``dakuten=free`` the answer may also leave a unit that accepts a subset
  of the words the opponent could answer before (タ instead of ダ): the opponent is then no
  better off, so ア…タ with タ…ア pair up although タ…ア can also answer ダ.
* Words ending in ン are not moves of the reduced game: saying one loses at once, exactly
  like having no move.
"""

from __future__ import annotations

from asobi.shiritori.shiritori import LOSING_UNIT, Shiritori, accepted_units, bits


class ReducedGame:
    """The reduced game of one lexicon under one rule variant, and its current state
    (``remaining`` words per class, the canonical ``used`` bitset, ``avail`` replies per
    unit).

    Public API (what the searches, the certificate builder and the deep-search tools use):
    the static description (``units``, ``unit_id``, ``class_words``, ``class_of_word``,
    ``size``, ``base``, ``top``, ``end``, ``playable_at``, ``answers``, ``bans``,
    ``ban_effects``, ``self_answer``, ``mirror_pairs``, ``partner``, ``losing_words_at``),
    setting the state (:meth:`load_start`, :meth:`load`), moving in it (:meth:`play`,
    :meth:`unplay`, :meth:`peek`) and naming real words (:meth:`real_word`,
    :meth:`real_unused`).
    """

    def __init__(self, game: Shiritori, *, reduce_mirror_pairs: bool = True) -> None:
        self.game = game
        self.reduce_mirror_pairs = reduce_mirror_pairs
        rules = game.rules
        words = game.words
        playable = [i for i in range(len(words)) if game.last[i] != LOSING_UNIT]
        units = sorted(set(game.first) | set(game.last))
        self.units = units
        unit_id = {u: k for k, u in enumerate(units)}
        banned_by_other = {j for i in range(len(words)) for j in bits(game.bans[i] & ~(1 << i))}
        groups: dict[tuple[str, str], list[int]] = {}
        singles: list[list[int]] = []
        for i in playable:
            if game.bans[i] == 1 << i and i not in banned_by_other:
                groups.setdefault((game.first[i], game.last[i]), []).append(i)
            else:
                singles.append([i])
        classes = sorted([*groups.values(), *singles])
        self.class_words = classes
        self.class_of_word = {w: c for c, members in enumerate(classes) for w in members}
        self.size = [len(m) for m in classes]
        self.free = [
            len(m) > 1 or (game.bans[m[0]] == 1 << m[0] and m[0] not in banned_by_other)
            for m in classes
        ]
        self.base = []
        bit = 0
        for members in classes:
            self.base.append(bit)
            bit += len(members)
        self.end = [unit_id[game.last[m[0]]] for m in classes]
        first = [game.first[m[0]] for m in classes]
        # playable_at[u]: classes that may answer unit u; answers[c]: units c may answer.
        self.playable_at: list[list[int]] = [[] for _ in units]
        self.answers: list[list[int]] = [[] for _ in classes]
        for u, unit in enumerate(units):
            accepted = accepted_units(unit, rules)
            for c in range(len(classes)):
                if first[c] in accepted:
                    self.playable_at[u].append(c)
                    self.answers[c].append(u)
        self.bans: list[list[int]] = []
        for members in classes:
            i = members[0]
            banned = [
                self.class_of_word[j]
                for j in bits(game.bans[i] & ~(1 << i))
                if j in self.class_of_word
            ]
            self.bans.append(sorted(set(banned)))
        self.losing_words_at: list[list[int]] = [
            [i for i in game.candidates(unit) if game.last[i] == LOSING_UNIT] for unit in units
        ]
        self.unit_id = unit_id
        self.self_answer = [int(self.end[c] in self.answers[c]) for c in range(len(classes))]
        # base + size of each class: its next word's bit is top[c] - remaining[c]
        self.top = [b + n for b, n in zip(self.base, self.size, strict=True)]
        # per class, its banned aliases as (class, top, 1 if it answers the unit the class
        # ends on): what peek() needs to tell the position after a move without making it
        self.ban_effects = [
            [(b, self.top[b], int(self.end[c] in self.answers[b])) for b in self.bans[c]]
            for c in range(len(classes))
        ]
        self.mirror_pairs = self._mirror_pairs() if reduce_mirror_pairs else []
        self._paired = {c for pair in self.mirror_pairs for c in pair}
        self._unpaired: tuple[list[int], int, list[int]] | None = None
        self.partner = {}
        for x, y in self.mirror_pairs:
            self.partner[x] = y
            self.partner[y] = x

    # -- static analysis ---------------------------------------------------------------------

    def _mirror_pairs(self) -> list[tuple[int, int]]:
        """Pairs (x, y) of free classes that the winner of the smaller game can mirror.

        The winner answers the opponent's x with y (and y with x), so y must be playable
        where x ends and x where y ends. The answer need not give back the unit t the
        opponent answered: it is enough that every word allowed after the answer's last
        unit is allowed after t (under ``dakuten=free`` タ accepts fewer words than ダ), so
        the opponent is no better off than at t. Checked for every unit t where x (or y)
        can ever be played: the last units of the words (``x == y`` is a self-loop pair).
        """
        reachable = {self.end[c] for c in range(len(self.class_words))}
        rules = self.game.rules
        accepted = [accepted_units(unit, rules) for unit in self.units]
        legal = [
            frozenset(u for u in self.answers[c] if u in reachable)
            for c in range(len(self.class_words))
        ]

        def mirrors(x: int, y: int) -> bool:
            """After the opponent plays x anywhere, answering y leaves it no better off."""
            return self.end[x] in self.answers[y] and all(
                accepted[self.end[y]] <= accepted[t] for t in legal[x]
            )

        pairs = []
        paired: set[int] = set()
        for x in range(len(self.class_words)):
            if not self.free[x] or x in paired:
                continue
            for y in range(x, len(self.class_words)):
                if y in paired or not self.free[y]:
                    continue
                if mirrors(x, y) and mirrors(y, x):
                    pairs.append((x, y))
                    paired.update((x, y))
                    break
        return pairs

    # -- state ---------------------------------------------------------------------------------

    def _reset(self) -> None:
        self.remaining = list(self.size)
        self.used = 0
        self.avail = [
            sum(self.size[c] for c in self.playable_at[u]) for u in range(len(self.units))
        ]

    def _take(self, c: int) -> None:
        """Use one word of class ``c`` (no bans)."""
        remaining = self.remaining
        left = remaining[c]
        self.used |= 1 << (self.top[c] - left)
        remaining[c] = left - 1
        avail = self.avail
        for u in self.answers[c]:
            avail[u] -= 1

    def _untake(self, c: int) -> None:
        remaining = self.remaining
        left = remaining[c] + 1
        remaining[c] = left
        self.used ^= 1 << (self.top[c] - left)
        avail = self.avail
        for u in self.answers[c]:
            avail[u] += 1

    def peek(self, c: int) -> tuple[int, int]:
        """(used bitset, replies of the opponent) after playing class ``c`` (which must have
        a word left), the state unchanged."""
        remaining = self.remaining
        used = self.used | 1 << (self.top[c] - remaining[c])
        replies = self.avail[self.end[c]] - self.self_answer[c]
        # the aliases play() would ban: their next words gone, and one reply fewer for each
        # that answers the unit c ends on
        for b, top, answers_end in self.ban_effects[c]:
            left = remaining[b]
            if left:
                used |= 1 << (top - left)
                replies -= answers_end
        return used, replies

    def play(self, c: int) -> list[int]:
        """Play class ``c`` and ban its aliases; return the banned classes (for undo)."""
        self._take(c)
        bans = self.bans[c]
        if not bans:
            return []
        remaining = self.remaining
        banned = [b for b in bans if remaining[b]]
        for b in banned:
            self._take(b)
        return banned

    def unplay(self, c: int, banned: list[int]) -> None:
        """Undo :meth:`play` of class ``c`` (``banned``: what :meth:`play` returned)."""
        for b in reversed(banned):
            self._untake(b)
        self._untake(c)

    def load_start(self, start: str) -> None:
        """Set the state to the position right after the yokai said ``start`` (the word and
        its aliases gone, mirror pairs removed): the human is to answer its last unit."""
        self.load(self.game.bans[self.game.word_index(start)])

    def load(self, real_used: int) -> None:
        """Set the state to the words of ``real_used`` gone, then remove mirror pairs.

        When no gone word is in a mirror pair's class, removing the pairs first gives the
        same counts, so the state after removing them from the full list is kept and reused.
        """
        taken = [self.class_of_word[j] for j in bits(real_used) if j in self.class_of_word]
        if self._paired.isdisjoint(taken):
            if self._unpaired is None:
                self._load_pairs_removed([])
                self._unpaired = (list(self.remaining), self.used, list(self.avail))
            remaining, used, avail = self._unpaired
            self.remaining, self.used, self.avail = list(remaining), used, list(avail)
            for c in taken:
                self._take(c)
            return
        self._load_pairs_removed(taken)

    def _load_pairs_removed(self, taken: list[int]) -> None:
        self._reset()
        for c in taken:
            self._take(c)
        for x, y in self.mirror_pairs:
            if x == y:
                while self.remaining[x] >= 2:
                    self._take(x)
                    self._take(x)
            else:
                while self.remaining[x] and self.remaining[y]:
                    self._take(x)
                    self._take(y)

    def real_word(self, c: int, real_used: int) -> int:
        """The first word of class ``c`` (in list order) not in the real-word bitset
        ``real_used``: the word the reduced game's move of ``c`` stands for."""
        return next(w for w in self.class_words[c] if not real_used >> w & 1)

    def real_unused(self, u: int, real_used: int) -> int | None:
        """A real word not in ``real_used`` that may answer unit ``u`` (mirror words
        included), or None."""
        for c in self.playable_at[u]:
            for w in self.class_words[c]:
                if not real_used >> w & 1:
                    return w
        return None
