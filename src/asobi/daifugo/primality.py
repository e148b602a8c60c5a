"""Primality certificates for the largest playable primes, and a verifier that trusts nobody.

:func:`certify` asks PARI/GP (through ``cypari2``, its ``primecert``) for a certificate;
:func:`verify` checks one with nothing but the integer arithmetic written here: it imports
neither PARI nor the search (:mod:`asobi.daifugo.largest`).

Certificate format (a JSON object, stored as text in ``largest_primes.parquet``)
    ``{"kind": "miller_rabin", "n": "<N>", "bases": [2, 3, …, 37]}`` for ``N < 2^64``: ``N``
    passes the strong probable-prime test to each base. To the twelve bases 2…37 no
    composite below ψ12 = 318 665 857 834 031 151 167 461 (3.2·10^23; Sorenson and Webster,
    2015) is a strong pseudoprime, in particular none below 2^64, so passing it proves ``N``
    prime.

    ``{"kind": "ecpp", "n": "<N>", "steps": [[N_1, t_1, s_1, a_1, [x_1, y_1]], …]}``: PARI's
    Atkin–Morain certificate (``primecert(N)``, flag 0), numbers as decimal strings, with
    ``N_1 = N``. Step ``i`` names the curve ``E: y^2 = x^3 + a x + b`` over ``Z/N_i`` (``b``
    is fixed by the point: ``b = y^2 - x^3 - a x``), the trace ``t`` (so ``m = N_i + 1 - t``
    is the claimed order of ``E``), a cofactor ``s`` dividing ``m`` and the point
    ``P = (x, y)``. With ``q = m / s`` the step holds when

    1. ``gcd(N_i, 6) = 1`` and ``gcd(4a^3 + 27b^2, N_i) = 1`` (an elliptic curve);
    2. ``q > (N_i^(1/4) + 1)^2``, checked in integers as ``(isqrt(q) - 1)^4 > N_i``, which
       implies it (a little stricter than needed);
    3. ``Q = [s]P`` (affine double-and-add mod ``N_i``) is not the point at infinity and
       ``[q]Q`` is. Every denominator met must be invertible mod ``N_i``; two points with
       the same ``x`` cancel only when ``y_1 ≡ -y_2``, are doubled only when ``y_1 ≡ y_2``,
       and anything else is refused (it exposes a factor of ``N_i``).

    If ``q`` is prime, so is ``N_i`` (Goldwasser–Kilian, Atkin–Morain: a prime ``r | N_i``
    with ``r ≤ sqrt(N_i)`` would give ``E mod r`` a point of order ``q > (r^(1/2) + 1)^2``,
    more than Hasse's bound allows). The chain requires ``N_{i+1} = q_i``; the last ``q`` must
    be below 2^64 and is proven prime by the Miller–Rabin bases above.

The certificates were made with PARI/GP 2.15 (``cypari2`` 2.2.0), its random seed fixed so
that a run gives the same certificate every time.

The composite witnesses of the search (``last_digit``, ``factor``, ``fermat``) and its
digit-sum classes are checked by :func:`check_witness` and :func:`check_digit_sum_class`,
which read the deck rules (:mod:`asobi.daifugo.daifugo`) but not the search. What they
check is each recorded argument; that the records cover *every* candidate above the prime
rests on the search's descending enumeration, which the tests hold to a brute force.

>>> verify(certify(1_000_003), 1_000_003)
'miller_rabin'
>>> verify(certify(2**89 - 1), 2**89 - 1)
'ecpp'
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from functools import cache
from typing import Any

from asobi.core.errors import DataError
from asobi.daifugo.daifugo import Rules, fits_deck, jokers_needed
from asobi.daifugo.notation import JOKER_ZERO

#: Bases that make Miller–Rabin exact below ψ12 = MR_LIMIT (3.2·10^23, so below 2^64); the
#: thirteenth base, 41, would take it to 3.3·10^24 (``asobi.daifugo.numbers``).
MR_BASES = (2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37)
MR_LIMIT = 318_665_857_834_031_151_167_461
SMALL = 1 << 64


class CertificateError(DataError):
    """A certificate, witness or class that does not prove what it claims."""


def strong_probable_prime(n: int, base: int) -> bool:
    """Miller–Rabin to one base: ``n`` odd > 2 passes unless ``base`` proves it composite."""
    d, r = n - 1, 0
    while d % 2 == 0:
        d, r = d // 2, r + 1
    x = pow(base, d, n)
    if x in (1, n - 1):
        return True
    for _ in range(r - 1):
        x = x * x % n
        if x == n - 1:
            return True
    return False


def _mr_prime(n: int) -> bool:
    if n < 2 or n >= MR_LIMIT:
        return False
    for p in MR_BASES:
        if n % p == 0:
            return n == p
    return all(strong_probable_prime(n, a) for a in MR_BASES)


# --- the curve: points are (x, y) mod n, None for the point at infinity ----------------------

Point = tuple[int, int] | None


def _inverse(value: int, n: int) -> int:
    value %= n
    if math.gcd(value, n) != 1:
        raise CertificateError(f"a denominator is not invertible mod {n}: it is composite")
    return pow(value, -1, n)


def _add(p: Point, q: Point, a: int, n: int) -> Point:
    if p is None:
        return q
    if q is None:
        return p
    (x1, y1), (x2, y2) = p, q
    if (x1 - x2) % n == 0:
        if (y1 + y2) % n == 0:
            return None
        if (y1 - y2) % n:  # y1^2 = y2^2 but y1 != ±y2: N has a factor gcd(y1 - y2, N)
            raise CertificateError(f"two points share x but not ±y mod {n}: it is composite")
        slope = (3 * x1 * x1 + a) * _inverse(2 * y1, n) % n
    else:
        slope = (y2 - y1) * _inverse(x2 - x1, n) % n
    x3 = (slope * slope - x1 - x2) % n
    return x3, (slope * (x1 - x3) - y1) % n


def _multiply(k: int, p: Point, a: int, n: int) -> Point:
    result: Point = None
    for bit in bin(k)[2:]:
        result = _add(result, result, a, n)
        if bit == "1":
            result = _add(result, p, a, n)
    return result


def _ecpp_step(step: Sequence[Any]) -> int:
    """Check one step; return ``q``, the number whose primality it rests on."""
    n, t, s, a = (int(v) for v in step[:4])
    x, y = (int(v) for v in step[4])
    if n < 2 or math.gcd(n, 6) != 1:
        raise CertificateError(f"ECPP step for {n}: not coprime to 6")
    b = (y * y - x * x * x - a * x) % n
    if math.gcd(4 * a**3 + 27 * b * b, n) != 1:
        raise CertificateError(f"ECPP step for {n}: the curve is singular")
    m = n + 1 - t
    if s <= 0 or m % s:
        raise CertificateError(f"ECPP step for {n}: s does not divide m = N + 1 - t")
    q = m // s
    root = math.isqrt(q)
    if root < 2 or (root - 1) ** 4 <= n:
        raise CertificateError(f"ECPP step for {n}: q is not above (N^(1/4) + 1)^2")
    cofactor_point = _multiply(s, (x % n, y % n), a % n, n)
    if cofactor_point is None:
        raise CertificateError(f"ECPP step for {n}: [s]P is the point at infinity")
    if _multiply(q, cofactor_point, a % n, n) is not None:
        raise CertificateError(f"ECPP step for {n}: [m]P is not the point at infinity")
    return q


def verify(certificate: str | dict[str, Any], n: int) -> str:
    """Check that ``certificate`` proves ``n`` prime; return its kind, or raise
    :class:`CertificateError` with the reason."""
    cert = json.loads(certificate) if isinstance(certificate, str) else certificate
    if int(cert.get("n", -1)) != n:
        raise CertificateError(f"the certificate is for {cert.get('n')}, not {n}")
    kind = cert.get("kind")
    if kind == "miller_rabin":
        if n >= SMALL or tuple(cert.get("bases", ())) != MR_BASES or not _mr_prime(n):
            raise CertificateError(f"{n}: the Miller–Rabin certificate does not hold")
        return kind
    if kind == "ecpp":
        steps = cert.get("steps") or []
        expected = n
        for step in steps:
            if int(step[0]) != expected:
                raise CertificateError(f"ECPP chain: step for {step[0]}, expected {expected}")
            expected = _ecpp_step(step)
        if not steps or expected >= SMALL or not _mr_prime(expected):
            raise CertificateError(f"ECPP chain for {n} does not end in a prime below 2^64")
        return kind
    raise CertificateError(f"unknown certificate kind {kind!r}")


def certify(n: int) -> str:
    """A certificate for the prime ``n`` (JSON text): Miller–Rabin below 2^64, else PARI's
    ECPP certificate. :class:`DataError` if PARI finds ``n`` composite."""
    if n < SMALL:
        if not _mr_prime(n):
            raise DataError(f"{n} is not prime")
        return json.dumps({"kind": "miller_rabin", "n": str(n), "bases": list(MR_BASES)})
    pari = _pari()
    pari.setrand(1)  # PARI's curve search is randomised: a fixed seed, the same certificate
    cert = pari.primecert(n)
    if cert == 0:
        raise DataError(f"{n} is not prime (PARI)")
    steps = [
        [str(c[0]), str(c[1]), str(c[2]), str(c[3]), [str(c[4][0]), str(c[4][1])]] for c in cert
    ]
    return json.dumps({"kind": "ecpp", "n": str(n), "steps": steps})


@cache
def _pari() -> Any:
    import cypari2

    pari = cypari2.Pari()
    pari.default("debugmem", 0)  # no warnings when the stack grows
    pari.allocatemem(1 << 25, 1 << 30, silent=True)
    return pari


# --- the search's witnesses ---------------------------------------------------------------


def check_witness(n: int, kind: str, value: int, larger_than: int) -> None:
    """Check that ``n > larger_than`` is composite by ``kind``/``value``: ``last_digit`` (the
    last digit is 0, 2, 4, 5, 6 or 8 and ``n > 10``), ``factor`` (``1 < value < n`` divides
    ``n``) or ``fermat`` (``value^(n-1) mod n != 1``)."""
    if n <= larger_than:
        raise CertificateError(f"{n} is not larger than {larger_than}")
    ok = {
        "last_digit": lambda: n > 10 and n % 10 == value and value in (0, 2, 4, 5, 6, 8),
        "factor": lambda: 1 < value < n and n % value == 0,
        "fermat": lambda: 1 < value < n - 1 and pow(value, n - 1, n) != 1,
    }.get(kind)
    if ok is None or not ok():
        raise CertificateError(f"{n}: the witness {kind} {value} does not prove it composite")


def check_digit_sum_class(prefix: str, length: int, cards: int, rules: Rules) -> None:
    """Check that every ``cards``-card play of a ``length``-digit number starting with
    ``prefix`` has a digit sum divisible by 3 (so each such number, > 3, is composite)."""
    if not 0 < len(prefix) < length:
        raise CertificateError(f"digit-sum class {prefix!r} of length {length}: bad bounds")
    head = sum(int(c) for c in prefix)
    for tokens, open_one in _splits(prefix, rules):
        if open_one:
            options = [tuple(sorted((*tokens, 10 + x))) for x in range(4)]
            seconds = list(range(4))
        else:
            options, seconds = [tokens], [0]
        for used, second in zip(options, seconds, strict=True):
            if not fits_deck(used, rules) or len(used) > cards:
                continue
            rest = length - len(prefix) - (1 if open_one else 0)
            for residue in _completion_residues(used, cards - len(used), rest, rules):
                if (head + second + residue) % 3:
                    raise CertificateError(
                        f"digit-sum class {prefix!r} (length {length}, {cards} cards) has a "
                        "play whose digit sum is not divisible by 3"
                    )


@cache
def _splits(prefix: str, rules: Rules) -> frozenset[tuple[tuple[int, ...], bool]]:
    """The card multisets (sorted) that lay ``prefix`` within the deck, each with whether its
    last ``1`` is left open (to become 10…13 with the next digit). Built from the splits of
    the prefix one digit shorter (cached: the classes of one search share their stems)."""
    if not prefix:
        return frozenset({((), False)})
    d, first = int(prefix[-1]), len(prefix) == 1
    grown: set[tuple[tuple[int, ...], bool]] = set()
    for used, open_one in _splits(prefix[:-1], rules):
        if open_one:
            if d <= 3:
                grown.add((tuple(sorted((*used, 10 + d))), False))
            continue
        if d == 0 and (not rules.joker_zero or first):
            continue
        grown.add((tuple(sorted((*used, JOKER_ZERO if d == 0 else d))), False))
        if d == 1:
            grown.add((used, True))
    return frozenset((used, o) for used, o in grown if fits_deck(used, rules))


@cache
def _completion_residues(
    used: tuple[int, ...], tokens: int, digits: int, rules: Rules
) -> frozenset[int]:
    """Digit sums mod 3 of the ways to add ``tokens`` cards of ``digits`` digits in all to
    ``used`` within the deck. A joker left over could take any value, so it must be spent."""
    if tokens < 0:
        return frozenset()
    free = rules.jokers - jokers_needed(used, rules)
    left = Counter({v: rules.suits for v in range(1, 14)})
    left.subtract(Counter(used))
    reach = {(0, 0, 0)}  # (cards, digits, residue) from the real cards left
    for value in range(1, 14):
        width, weight = len(str(value)), sum(map(int, str(value)))
        reach = {
            (c + k, d + k * width, (r + k * weight) % 3)
            for c, d, r in reach
            for k in range(max(0, left[value]) + 1)
            if c + k <= tokens and d + k * width <= digits
        }
    found = {r for c, d, r in reach if c == tokens and d == digits}
    if (
        free > 0
        and tokens > 0
        and any(
            tokens - c <= free and tokens - c <= digits - d <= 2 * (tokens - c) for c, d, _ in reach
        )
    ):
        raise CertificateError("a digit-sum class leaves a joker free to take any value")
    return frozenset(found)
