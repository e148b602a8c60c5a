"""Number theory for 素数大富豪: primality, factorisation, Carmichael numbers, sieves.

Small numbers (the rules engine, the plain enumerator) use trial division; the tables use
sieves compiled with numba; numbers of up to 24 digits (a hand of eleven cards read as one
number) use a Miller–Rabin test whose bases make it exact in that range.

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


def is_prime(n: int) -> bool:
    """Trial division (small numbers only; the tables use a sieve)."""
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
    """Prime factorisation by trial division, ``{prime: multiplicity}``."""
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


def primes_between(lo: int, hi: int) -> np.ndarray:
    """Every prime ``p`` with ``lo ≤ p < hi``, by a segmented sieve of Eratosthenes.

    Memory is one byte per number of the segment plus the base primes below ``√hi``, so a
    shard of 10^8 numbers needs about 100 MB.

    >>> primes_between(90, 110).tolist()
    [97, 101, 103, 107, 109]
    """
    lo = max(lo, 2)
    if hi <= lo:
        return np.zeros(0, dtype=np.int64)
    root = math.isqrt(hi - 1)
    spf = smallest_prime_factors(root)
    base = np.flatnonzero(spf == np.arange(root + 1)).astype(np.int64)
    return _sieve_segment(lo, hi, base[base >= 2])


@njit(cache=True)
def _sieve_segment(lo: int, hi: int, base: np.ndarray) -> np.ndarray:
    composite = np.zeros(hi - lo, dtype=np.bool_)
    for p in base:
        start = max(p * p, (lo + p - 1) // p * p)
        for multiple in range(start, hi, p):
            composite[multiple - lo] = True
    return np.flatnonzero(~composite).astype(np.int64) + lo
