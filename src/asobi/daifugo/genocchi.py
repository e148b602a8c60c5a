"""Genocchi numbers and a compositeness certificate for each of them.

The article's opening remark (「唯一のジェノッキ素数である」) calls 17 the only Genocchi
prime. With the usual signed Genocchi numbers ``G_{2n} = 2(1 - 4^n) B_{2n}`` (OEIS A001469:
-1, 1, -3, 17, -155, 2073, …; odd indices above 1 give 0) the only positive prime is 17 and
``G_6 = -3`` is the only negative one whose absolute value is prime; MathWorld ("Genocchi
Number") reports a proof by D. Terr that there are no others.

We compute ``G_{2n}`` exactly from the tangent numbers ``T_{2n-1}`` (Knuth–Buckholtz
recurrence, integers only): ``G_{2n} = (-1)^n n T_{2n-1} / 4^(n-1)``. For ``2n ≥ 10`` we
exhibit a proper divisor instead of testing primality of a huge number: by von
Staudt–Clausen the denominator of ``B_{2n}`` is ``D = ∏ p`` over primes with ``p-1 | 2n``,
and every odd such ``p`` divides ``2^{2n} - 1`` (Fermat), so ``r = (2^{2n} - 1)/(D/2)`` is
an integer and ``G_{2n} = -r · N_{2n}`` with ``N_{2n}`` the numerator of ``B_{2n}``. We check
``r | G_{2n}`` and ``1 < r < |G_{2n}|`` directly.

>>> [genocchi(2 * n) for n in range(1, 7)]
[-1, 1, -3, 17, -155, 2073]
"""

from __future__ import annotations

from dataclasses import dataclass

from asobi.daifugo.numbers import is_prime


def tangent_numbers(count: int) -> list[int]:
    """``[T_1, T_3, …, T_{2·count-1}]`` (1, 2, 16, 272, …) by the Knuth–Buckholtz recurrence.

    >>> tangent_numbers(4)
    [1, 2, 16, 272]
    """
    if count <= 0:
        return []
    values = [0] * (count + 1)
    values[1] = 1
    for k in range(2, count + 1):
        values[k] = (k - 1) * values[k - 1]
    for k in range(2, count + 1):
        for j in range(k, count + 1):
            values[j] = (j - k) * values[j - 1] + (j - k + 2) * values[j]
    return values[1:]


def genocchi_even(max_index: int) -> dict[int, int]:
    """``{2n: G_{2n}}`` for ``2 ≤ 2n ≤ max_index``."""
    half = max_index // 2
    tangents = tangent_numbers(half)
    result = {}
    for n in range(1, half + 1):
        numerator = n * tangents[n - 1]
        value, remainder = divmod(numerator, 4 ** (n - 1))
        if remainder:
            raise ArithmeticError(f"G_{2 * n} is not an integer: tangent recurrence slipped")
        result[2 * n] = -value if n % 2 else value
    return result


def genocchi(index: int) -> int:
    """``G_index`` (0 for odd indices above 1; ``G_1 = 1``)."""
    if index == 1:
        return 1
    if index < 1 or index % 2:
        return 0
    return genocchi_even(index)[index]


def _staudt_half_denominator(even: int) -> int:
    """``D/2`` where ``D`` is the denominator of ``B_even`` (von Staudt–Clausen)."""
    product = 1
    for d in range(1, even + 1):
        if even % d == 0 and d + 1 > 2 and is_prime(d + 1):
            product *= d + 1
    return product


def decimal_digits(value: int) -> int:
    """Decimal digits of a positive integer without converting it to text."""
    estimate = max(1, int(value.bit_length() * 0.30102999566398120))
    while 10**estimate <= value:
        estimate += 1
    while estimate > 1 and 10 ** (estimate - 1) > value:
        estimate -= 1
    return estimate


@dataclass(frozen=True)
class GenocchiCheck:
    """One index: the value's sign and size, whether it is prime, and a proper divisor."""

    index: int
    sign: int
    digits: int
    prime_absolute: bool
    divisor: int | None


def check_genocchi(max_index: int) -> list[GenocchiCheck]:
    """Decide primality of ``|G_{2n}|`` for every even index up to ``max_index``.

    Indices below 10 are tested directly (values up to 155); above, a proper divisor ``r``
    is verified, so ``|G_{2n}|`` is composite.

    >>> [(c.index, c.sign * (17 if c.prime_absolute and c.index == 8 else 1)) for c in
    ...  check_genocchi(10) if c.prime_absolute]
    [(6, -1), (8, 17)]
    """
    rows = []
    for index, value in genocchi_even(max_index).items():
        size = abs(value)
        sign = 1 if value > 0 else -1
        if index < 10:
            rows.append(GenocchiCheck(index, sign, decimal_digits(size), is_prime(size), None))
            continue
        divisor = (2**index - 1) // _staudt_half_denominator(index)
        if (2**index - 1) % _staudt_half_denominator(index) or size % divisor:
            raise ArithmeticError(f"certificate failed at index {index}")
        if not 1 < divisor < size:
            raise ArithmeticError(f"no proper divisor found at index {index}")
        rows.append(GenocchiCheck(index, sign, decimal_digits(size), False, divisor))
    return rows
