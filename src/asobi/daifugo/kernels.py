"""Numba kernels for 素数大富豪: the numbers table's card counts over packed multisets.

A card multiset is packed in one int64, four bits per symbol (symbol 0 is a joker standing
for the digit 0, symbols 1…13 the cards). Laying several numbers in one play adds their
multisets; we add nibble by nibble, drop any multiset that needs more jokers than the deck
has (a count can never exceed ``suits + jokers`` ≤ 12, so four bits suffice), and keep the
distinct sums. For each ``n`` we build the multisets of its own layouts, then add the
factor cards of every expression (one *shape* per prime: a multiset of terms whose
exponents add up to the prime's multiplicity). The plain reference is
:func:`asobi.daifugo.layouts.summarise`; tests check both agree.

>>> columns = numbers_columns(2, 130)
>>> [int(columns[name][128 - 2]) for name in ("min_plain", "min_exp")]
[-1, 4]
"""

from __future__ import annotations

import numpy as np
from numba import njit

from asobi.daifugo.daifugo import RAMANUJAN, Rules
from asobi.daifugo.layouts import towers
from asobi.daifugo.numbers import smallest_prime_factors

NIBBLE = 4
N_SYMBOLS = 14


@njit(cache=True)
def _n_cards(packed: np.int64) -> int:
    total = 0
    for s in range(N_SYMBOLS):
        total += (packed >> (NIBBLE * s)) & 15
    return total


@njit(cache=True)
def _jokers(packed: np.int64, suits: int) -> int:
    needed = packed & 15
    for s in range(1, N_SYMBOLS):
        c = (packed >> (NIBBLE * s)) & 15
        if c > suits:
            needed += c - suits
    return needed


@njit(cache=True)
def _add(a: np.int64, b: np.int64, suits: int, jokers: int) -> np.int64:
    """``a + b`` as multisets, or -1 when the sum needs more jokers than the deck has."""
    needed = 0
    total = np.int64(0)
    for s in range(N_SYMBOLS):
        c = ((a >> (NIBBLE * s)) & 15) + ((b >> (NIBBLE * s)) & 15)
        if s == 0:
            needed += c
        elif c > suits:
            needed += c - suits
        if needed > jokers:
            return np.int64(-1)
        total |= np.int64(c) << (NIBBLE * s)
    return total


@njit(cache=True)
def _unique(values: np.ndarray, count: int) -> np.ndarray:
    if count == 0:
        return values[:0].copy()
    ordered = np.sort(values[:count])
    out = np.empty(count, dtype=np.int64)
    k = 0
    for i in range(count):
        if i == 0 or ordered[i] != ordered[i - 1]:
            out[k] = ordered[i]
            k += 1
    return out[:k].copy()


@njit(cache=True)
def _sumset(a: np.ndarray, b: np.ndarray, suits: int, jokers: int) -> np.ndarray:
    """Distinct feasible sums ``x + y`` for ``x`` in ``a`` and ``y`` in ``b``."""
    out = np.empty(len(a) * len(b), dtype=np.int64)
    k = 0
    for x in a:
        for y in b:
            z = _add(x, y, suits, jokers)
            if z >= 0:
                out[k] = z
                k += 1
    return _unique(out, k)


@njit(cache=True)
def _layout_sets(m: int, joker_zero: bool, suits: int, jokers: int) -> np.ndarray:
    """Packed multisets of the layouts of ``m`` alone that fit the deck."""
    digits = np.zeros(12, dtype=np.int64)
    length = 0
    x = m
    while x > 0:
        digits[length] = x % 10
        x //= 10
        length += 1
    digits[:length] = digits[:length][::-1].copy()
    # positions where a 10..13 card may start: a 1 followed by 0..3
    starts = np.zeros(length, dtype=np.int64)
    n_starts = 0
    for i in range(length - 1):
        if digits[i] == 1 and digits[i + 1] <= 3:
            starts[n_starts] = i
            n_starts += 1
    out = np.empty(1 << n_starts, dtype=np.int64)
    k = 0
    for mask in range(1 << n_starts):
        merged = np.zeros(length, dtype=np.bool_)
        ok = True
        for j in range(n_starts):
            if (mask >> j) & 1:
                i = starts[j]
                if merged[i] or merged[i + 1]:
                    ok = False
                    break
                merged[i] = True
                merged[i + 1] = True
        if not ok:
            continue
        packed = np.int64(0)
        i = 0
        while i < length:
            if merged[i]:
                symbol = 10 + digits[i + 1]
                i += 2
            else:
                symbol = digits[i]
                if symbol == 0 and not joker_zero:
                    ok = False
                    break
                i += 1
            packed += np.int64(1) << (NIBBLE * symbol)
            if ((packed >> (NIBBLE * symbol)) & 15) > suits + jokers:
                ok = False
                break
        if ok and _jokers(packed, suits) <= jokers:
            out[k] = packed
            k += 1
    return _unique(out, k)


@njit(cache=True)
def _term_set(
    prime: int, term: int, term_levels: np.ndarray, joker_zero: bool, suits: int, jokers: int
) -> np.ndarray:
    result = _layout_sets(prime, joker_zero, suits, jokers)
    for level in term_levels[term]:
        if level == 0 or len(result) == 0:
            break
        result = _sumset(result, _layout_sets(level, joker_zero, suits, jokers), suits, jokers)
    return result


@njit(cache=True)
def _best(values: np.ndarray) -> int:
    best = -1
    for v in values:
        c = _n_cards(v)
        if best < 0 or c < best:
            best = c
    return best


@njit(cache=True)
def numbers_kernel(
    lo: int,
    hi: int,
    spf: np.ndarray,
    term_levels: np.ndarray,
    shape_terms: np.ndarray,
    shape_offsets: np.ndarray,
    shapes_of: np.ndarray,
    suits: int,
    jokers: int,
    joker_zero: bool,
):
    """Columns of the numbers table for ``lo ≤ n < hi`` (-1 stands for missing)."""
    size = hi - lo
    min_cards = np.full(size, -1, dtype=np.int64)
    jokers_needed = np.full(size, -1, dtype=np.int64)
    min_plain = np.full(size, -1, dtype=np.int64)
    min_exp = np.full(size, -1, dtype=np.int64)
    n_layouts = np.full(size, -1, dtype=np.int64)
    empty = np.zeros(1, dtype=np.int64)
    primes = np.zeros(40, dtype=np.int64)
    mults = np.zeros(40, dtype=np.int64)
    for n in range(lo, hi):
        row = n - lo
        own = _layout_sets(n, joker_zero, suits, jokers)
        if len(own) > 0:
            min_cards[row] = _best(own)
            least = 99
            for v in own:
                least = min(least, _jokers(v, suits))
            jokers_needed[row] = least
        if n < 4 or spf[n] == n:
            continue
        n_layouts[row] = 0
        if n == RAMANUJAN:
            continue
        # factorise
        k = 0
        x = n
        while x > 1:
            p = spf[x]
            primes[k] = p
            mults[k] = 0
            while x % p == 0:
                x //= p
                mults[k] += 1
            k += 1
        # plain composite play: every prime repeated
        plain = own
        for i in range(k):
            single = _layout_sets(primes[i], joker_zero, suits, jokers)
            for _ in range(mults[i]):
                if len(plain) == 0:
                    break
                plain = _sumset(plain, single, suits, jokers)
        if len(plain) > 0:
            min_plain[row] = _best(plain)
        if len(own) == 0:
            continue
        # exponent notation: per prime, one block set per shape; then every combination
        block_sets = []
        block_start = np.zeros(k + 1, dtype=np.int64)
        for i in range(k):
            block_start[i] = len(block_sets)
            for s in range(shapes_of[mults[i]], shapes_of[mults[i] + 1]):
                block = empty
                for t in range(shape_offsets[s], shape_offsets[s + 1]):
                    if len(block) == 0:
                        break
                    block = _sumset(
                        block,
                        _term_set(
                            primes[i], shape_terms[t], term_levels, joker_zero, suits, jokers
                        ),
                        suits,
                        jokers,
                    )
                block_sets.append(block)
        block_start[k] = len(block_sets)
        # odometer over shape choices with prefix sums cached per level
        choice = np.zeros(k, dtype=np.int64)
        prefix = [own]
        for i in range(k):
            prefix.append(_sumset(prefix[i], block_sets[block_start[i]], suits, jokers))
        best = -1
        count = 0
        while True:
            final = prefix[k]
            count += len(final)
            if len(final) > 0:
                c = _best(final)
                if best < 0 or c < best:
                    best = c
            # advance
            level = k - 1
            while level >= 0:
                choice[level] += 1
                if block_start[level] + choice[level] < block_start[level + 1]:
                    break
                choice[level] = 0
                level -= 1
            if level < 0:
                break
            for i in range(level, k):
                prefix[i + 1] = _sumset(
                    prefix[i], block_sets[block_start[i] + choice[i]], suits, jokers
                )
        n_layouts[row] = count
        min_exp[row] = best
    return min_cards, jokers_needed, min_plain, min_exp, n_layouts


def shape_tables(max_multiplicity: int, rules: Rules):
    """Terms and shapes as arrays for the kernel.

    Term 0 is the plain prime; every other term is one exponent tower (levels padded with 0).
    A shape for multiplicity ``a`` is a multiset of terms whose exponents add up to ``a``.
    """
    terms: list[tuple[int, tuple[int, ...]]] = [(1, ())]
    for e in range(2, max_multiplicity + 1):
        terms += [(e, t) for t in towers(e, rules.max_tower_depth)]
    depth = max(rules.max_tower_depth, 1)
    term_levels = np.zeros((len(terms), depth), dtype=np.int64)
    for index, (_, levels) in enumerate(terms):
        term_levels[index, : len(levels)] = levels
    shape_terms: list[int] = []
    shape_offsets = [0]
    shapes_of = [0, 0]  # multiplicity 0 has no shapes
    for a in range(1, max_multiplicity + 1):

        def walk(start: int, left: int, acc: list[int]) -> None:
            if left == 0:
                shape_terms.extend(acc)
                shape_offsets.append(len(shape_terms))
                return
            for index in range(start, len(terms)):
                if terms[index][0] <= left:
                    walk(index, left - terms[index][0], [*acc, index])

        walk(0, a, [])
        shapes_of.append(len(shape_offsets) - 1)
    return (
        term_levels,
        np.array(shape_terms, dtype=np.int64),
        np.array(shape_offsets, dtype=np.int64),
        np.array(shapes_of, dtype=np.int64),
    )


#: The arrays :func:`numbers_columns` returns (-1 stands for missing).
NUMBERS_COLUMNS = ("min_cards", "jokers_needed", "min_plain", "min_exp", "n_layouts", "spf")


def numbers_columns(lo: int, hi: int, rules: Rules | None = None) -> dict[str, np.ndarray]:
    """The kernel's columns for ``lo ≤ n ≤ hi`` (``lo`` ≥ 2), and ``spf`` (the smallest prime
    factor of each ``n``, so ``spf == n`` marks the primes)."""
    rules = rules or Rules()
    spf = smallest_prime_factors(hi)
    max_multiplicity = max(1, int(hi).bit_length() - 1)
    tables = shape_tables(max_multiplicity, rules)
    columns = numbers_kernel(lo, hi + 1, spf, *tables, rules.suits, rules.jokers, rules.joker_zero)
    return dict(zip(NUMBERS_COLUMNS, (*columns, spf[lo : hi + 1]), strict=True))
