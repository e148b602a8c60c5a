"""Statistics of the self-play results: confidence intervals of win rates."""

from __future__ import annotations

import math
from functools import lru_cache

Z_95 = 1.959964
"""The standard normal quantile of a two-sided 95% interval."""


def wilson_interval(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """95% Wilson score interval of a proportion (``(0, 1)`` without trials).

    >>> [round(x, 3) for x in wilson_interval(5, 10)]
    [0.237, 0.763]
    """
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    denominator = 1 + z * z / trials
    centre = (p + z * z / (2 * trials)) / denominator
    half = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


ALPHA = 0.05
"""The level of the exact tests: 95% intervals, two-sided tests at 5%."""


@lru_cache(maxsize=64)
def _log_factorials(n: int) -> tuple[float, ...]:
    """``log i!`` (``lgamma(i + 1)``) for i = 0…n."""
    return tuple(math.lgamma(i + 1) for i in range(n + 1))


def binomial_tail(k: int, n: int, p: float, upper: bool) -> float:
    """P(X >= k) (``upper``) or P(X <= k) for X ~ Binomial(n, p), summed exactly term by
    term (``n`` up to a few thousand games): term i is
    ``exp(log n! - log i! - log (n-i)! + i log p + (n-i) log(1-p))``.

    >>> round(binomial_tail(56, 100, 0.5, upper=True), 4)
    0.1356
    """
    if p <= 0.0:
        return 1.0 if (k <= 0 if upper else k >= 0) else 0.0
    if p >= 1.0:
        return 1.0 if (upper or k >= n) else 0.0
    terms = range(max(k, 0), n + 1) if upper else range(0, min(k, n) + 1)
    log_factorial = _log_factorials(n)
    log_p, log_q = math.log(p), math.log1p(-p)
    return min(
        1.0,
        sum(
            math.exp(
                log_factorial[n]
                - log_factorial[i]
                - log_factorial[n - i]
                + i * log_p
                + (n - i) * log_q
            )
            for i in terms
        ),
    )


@lru_cache(maxsize=4096)
def clopper_pearson(successes: int, trials: int, alpha: float = ALPHA) -> tuple[float, float]:
    """The exact (Clopper–Pearson) ``1 - alpha`` interval of a proportion, by bisection on
    the binomial tails (``(0, 1)`` without trials; remembered, as the claims and tables ask
    for the same counts again). It excludes ½ exactly when the
    two-sided exact test of :func:`binomial_two_sided_p` rejects an even game at ``alpha``.

    >>> [round(x, 3) for x in clopper_pearson(56, 100)]
    [0.457, 0.659]
    """
    if trials == 0:
        return 0.0, 1.0

    def solve(tail) -> float:
        low, high = 0.0, 1.0
        for _ in range(60):
            middle = (low + high) / 2
            low, high = (middle, high) if tail(middle) else (low, middle)
        return (low + high) / 2

    lower = (
        0.0
        if successes == 0
        else solve(lambda p: binomial_tail(successes, trials, p, upper=True) < alpha / 2)
    )
    upper = (
        1.0
        if successes == trials
        else solve(lambda p: binomial_tail(successes, trials, p, upper=False) > alpha / 2)
    )
    return lower, upper


def binomial_two_sided_p(successes: int, trials: int) -> float:
    """The exact two-sided p-value of "an even game" (success probability ½): twice the
    smaller tail, at most 1 (1 without trials).

    >>> round(binomial_two_sided_p(56, 100), 3), round(binomial_two_sided_p(39, 100), 3)
    (0.271, 0.035)
    """
    if trials == 0:
        return 1.0
    below = binomial_tail(successes, trials, 0.5, upper=False)
    above = binomial_tail(successes, trials, 0.5, upper=True)
    return min(1.0, 2 * min(below, above))


def fisher_two_sided_p(wins_a: int, games_a: int, wins_b: int, games_b: int) -> float:
    """Fisher's exact two-sided p-value that two win rates are equal (a 2×2 table of wins
    and losses; the tables as likely as the observed one or less, summed); 1 without games.

    >>> round(fisher_two_sided_p(218, 400, 187, 400), 3)
    0.034
    """
    wins, n = wins_a + wins_b, games_a + games_b
    if games_a == 0 or games_b == 0 or wins in (0, n):
        return 1.0

    def log_p(k: int) -> float:
        return _log_comb(games_a, k) + _log_comb(games_b, wins - k) - _log_comb(n, wins)

    observed = log_p(wins_a)
    ks = range(max(0, wins - games_b), min(wins, games_a) + 1)
    total = sum(math.exp(log_p(k)) for k in ks if log_p(k) <= observed + 1e-7)
    return min(1.0, total)


def _log_comb(n: int, k: int) -> float:
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
