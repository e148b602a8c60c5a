"""Number theory for 素数大富豪: primality, factorisation, Carmichael numbers, sieves.

Small numbers (the rules engine, the plain enumerator) use trial division; the tables use
sieves compiled with numba; larger numbers (up to 24 digits: a hand of eleven cards read as
one number, or a number given on the command line) use a Miller–Rabin test whose bases make
it exact in that range, and sympy's ``factorint`` to factorise.

>>> factorise(23456)
{2: 5, 733: 1}
>>> [n for n in range(2, 3000) if is_carmichael(n)]
[561, 1105, 1729, 2465, 2821]
"""

from __future__ import annotations

import math

import numpy as np
from numba import njit

#: Miller–Rabin with these bases is exact below 3.3·10^24 (Sorenson and Webster, 2015).
MILLER_RABIN_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41)
MILLER_RABIN_LIMIT = 3_317_044_064_679_887_385_961_981


#: Below this, primality by trial division; above, Miller–Rabin (exact to 3.3·10^24).
TRIAL_DIVISION_BELOW = 1 << 20


def is_prime(n: int) -> bool:
    """Primality of one number (the tables use a sieve): trial division for small ``n``,
    deterministic Miller–Rabin above (numbers up to 10^18 come from the command line)."""
    if n >= TRIAL_DIVISION_BELOW:
        return is_prime_exact(n)
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    return all(n % d for d in range(3, math.isqrt(n) + 1, 2))


def is_prime_exact(n: int) -> bool:
    """Deterministic Miller–Rabin for ``n`` below :data:`MILLER_RABIN_LIMIT` (24+ digits).

    >>> is_prime_exact(1_000_000_007), is_prime_exact(561), is_prime_exact(2)
    (True, False, True)
    """
    if n >= MILLER_RABIN_LIMIT:
        raise ValueError(f"{n} is beyond the exact range of the Miller-Rabin bases")
    if n < 2:
        return False
    for p in MILLER_RABIN_BASES:
        if n % p == 0:
            return n == p
    d, s = n - 1, 0
    while d % 2 == 0:
        d //= 2
        s += 1
    for a in MILLER_RABIN_BASES:
        x = pow(a, d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def factorise(n: int) -> dict[int, int]:
    """Prime factorisation ``{prime: multiplicity}``: trial division for small ``n``, sympy's
    ``factorint`` (Pollard rho and p−1) above, fast for every number up to 10^18, the largest
    the command line accepts.

    >>> factorise(1729), factorise(999_999_999_999_999_999)
    ({7: 1, 13: 1, 19: 1}, {3: 4, 7: 1, 11: 1, 13: 1, 19: 1, 37: 1, 52579: 1, 333667: 1})
    """
    if n >= TRIAL_DIVISION_BELOW:
        from sympy import factorint  # imported here: sympy takes a second to load

        return {int(p): int(m) for p, m in sorted(factorint(n).items())}
    result: dict[int, int] = {}
    d = 2
    while d * d <= n:
        while n % d == 0:
            result[d] = result.get(d, 0) + 1
            n //= d
        d += 1
    if n > 1:
        result[n] = result.get(n, 0) + 1
    return result


def is_carmichael(n: int) -> bool:
    """Korselt's criterion: odd, composite, square-free, ``p - 1 | n - 1`` for each ``p | n``."""
    if n < 3 or n % 2 == 0 or is_prime(n):
        return False
    factors = factorise(n)
    return all(m == 1 and (n - 1) % (p - 1) == 0 for p, m in factors.items())


@njit(cache=True)
def smallest_prime_factors(limit: int) -> np.ndarray:
    """``spf[k]`` = smallest prime factor of ``k`` for ``k`` ≤ ``limit`` (0 for 0 and 1)."""
    spf = np.zeros(limit + 1, dtype=np.int32)
    for i in range(2, limit + 1):
        if spf[i] == 0:
            spf[i] = i
            if i * i <= limit:
                for j in range(i * i, limit + 1, i):
                    if spf[j] == 0:
                        spf[j] = i
    return spf


#: Odd numbers sieved per segment: a bytes array that stays in the L2 cache.
SEGMENT_ODDS = 1 << 17


def base_primes(hi: int) -> np.ndarray:
    """The odd primes up to √hi, which sieve every odd number below ``hi``."""
    root = math.isqrt(max(hi - 1, 1))
    spf = smallest_prime_factors(root)
    base = np.flatnonzero(spf == np.arange(root + 1)).astype(np.int64)
    return base[base >= 3]


@njit(cache=True)
def sieve_odds(lo: int, size: int, base: np.ndarray, composite: np.ndarray) -> None:
    """Mark ``composite[k]`` for the odd number ``lo + 2k`` (``lo`` odd, ``k < size``) that
    has an odd prime factor from ``base`` below itself; 1 is left unmarked."""
    composite[:size] = False
    top = lo + 2 * size
    for p in base:
        square = p * p
        if square >= top:
            break
        start = square if square >= lo else (lo + p - 1) // p * p
        if start % 2 == 0:
            start += p
        for k in range((start - lo) // 2, size, p):
            composite[k] = True


def primes_between(lo: int, hi: int) -> np.ndarray:
    """Every prime ``p`` with ``lo ≤ p < hi``, by a segmented sieve of Eratosthenes over the
    odd numbers (segments of :data:`SEGMENT_ODDS`).

    Memory is the primes found (8 bytes each) plus one segment and the primes below √hi.

    >>> primes_between(90, 110).tolist()
    [97, 101, 103, 107, 109]
    """
    lo = max(lo, 2)
    if hi <= lo:
        return np.zeros(0, dtype=np.int64)
    return _primes_in(lo, hi, base_primes(hi))


@njit(cache=True)
def _primes_in(lo: int, hi: int, base: np.ndarray) -> np.ndarray:
    found = np.empty(1024, dtype=np.int64)
    count = 0
    if lo <= 2 < hi:
        found[0] = 2
        count = 1
    start = max(lo, 3) | 1
    composite = np.zeros(SEGMENT_ODDS, dtype=np.bool_)
    while start < hi:
        size = min(SEGMENT_ODDS, (hi - start + 1) // 2)
        sieve_odds(start, size, base, composite)
        for k in range(size):
            if not composite[k]:
                if count == len(found):
                    grown = np.empty(2 * len(found), dtype=np.int64)
                    grown[:count] = found[:count]
                    found = grown
                found[count] = start + 2 * k
                count += 1
        start += 2 * size
    return found[:count].copy()
