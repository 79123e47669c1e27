"""The statistics a simulation report needs, from the standard library alone.

Each is a textbook formula, small enough to read and checked in the tests
against published values; pulling in scipy for five formulas would make every
install of rulelang much heavier.

- ``wilson``: the Wilson score interval for a proportion (good even near 0 % or
  100 % and for small counts, where the plain "p +- 1.96 se" interval is not).
- ``binomial_test``: the exact two-sided binomial test (the same p-value as
  scipy's ``binomtest``: the chance of any count at most as likely as the one seen).
- ``fisher_exact``: Fisher's exact two-sided test of two proportions (2 x 2 table).
- ``welch``: the difference of two means with Welch's standard error and the
  large-sample normal approximation (both samples need ``MIN_FOR_MEANS`` games).
- ``holm``: Holm's step-down correction when many figures are tested at once.
"""
from __future__ import annotations

import math
import statistics
from statistics import NormalDist

import attrs

LEVEL = 0.95  # every interval is a 95 % interval
ALPHA = 1 - LEVEL  # and every test is at the 5 % level
Z = NormalDist().inv_cdf(1 - ALPHA / 2)  # 1.95996...
MIN_FOR_MEANS = 30  # below this many games a normal approximation of a mean is not trusted


@attrs.frozen
class Rate:
    """``count`` of ``total`` games, as a share with its 95 % Wilson interval."""
    count: int
    total: int
    share: float
    low: float
    high: float


@attrs.frozen
class Spread:
    """A number seen once per game: its mean, standard deviation and range."""
    games: int
    mean: float
    sd: float
    low: float
    median: float
    high: float


@attrs.frozen
class Difference:
    """A figure in a variant against the same figure in the baseline."""
    test: str  # which test gave the p-value
    difference: float  # variant minus baseline (a share, or a mean)
    low: float | None  # 95 % interval of the difference, where the test gives one
    high: float | None
    p_value: float | None  # None: too few games to test
    adjusted_p: float | None = None  # after Holm's correction over every figure compared
    significant: bool = False


def wilson(count: int, total: int) -> Rate:
    if total <= 0:
        return Rate(count, total, 0.0, 0.0, 1.0)
    p = count / total
    z2 = Z * Z
    denominator = 1 + z2 / total
    centre = (p + z2 / (2 * total)) / denominator
    half = Z / denominator * math.sqrt(p * (1 - p) / total + z2 / (4 * total * total))
    low = 0.0 if count == 0 else max(0.0, centre - half)  # exact ends, not rounding noise
    high = 1.0 if count == total else min(1.0, centre + half)
    return Rate(count, total, p, low, high)


def spread(values) -> Spread | None:
    values = list(values)
    if not values:
        return None
    sd = statistics.stdev(values) if len(values) > 1 else 0.0
    return Spread(len(values), statistics.fmean(values), sd, min(values),
                  statistics.median(values), max(values))


# A term counts towards a two-sided p-value when it is at most this much more likely than
# the one observed: exact ties in probability are not lost to rounding (as scipy does).
_RELATIVE = 1 + 1e-7


def binomial_test(successes: int, trials: int, p: float) -> float:
    """Two-sided exact p-value for ``successes`` in ``trials`` when each succeeds with ``p``."""
    if trials <= 0:
        return 1.0
    if p <= 0 or p >= 1:
        return 1.0 if successes == trials * p else 0.0
    log_p, log_q = math.log(p), math.log1p(-p)

    def log_pmf(k):
        return (math.lgamma(trials + 1) - math.lgamma(k + 1) - math.lgamma(trials - k + 1)
                + k * log_p + (trials - k) * log_q)

    observed = log_pmf(successes) + math.log(_RELATIVE)
    total = sum(math.exp(lp) for lp in map(log_pmf, range(trials + 1)) if lp <= observed)
    return min(1.0, total)


def chi_square_even(counts: list[int]) -> float:
    """p-value of Pearson's chi-square test that ``counts`` came from equal chances (each
    of k places 1/k): the chi-square distribution's upper tail with k - 1 degrees of freedom,
    worked out exactly (no scipy)."""
    total, k = sum(counts), len(counts)
    if k < 2 or total == 0:
        return 1.0
    expected = total / k
    half = sum((c - expected) ** 2 for c in counts) / expected / 2
    df = k - 1
    if df % 2 == 0:  # Q(df/2, x/2) = e^-x/2 (1 + x/2 + (x/2)^2/2! + ...)
        term = tail = math.exp(-half)
        for i in range(1, df // 2):
            term *= half / i
            tail += term
    else:  # erfc(sqrt(x/2)) + e^-x/2 (x/2)^(i+1/2) / Gamma(i+3/2), i < (df-1)/2
        tail = math.erfc(math.sqrt(half))
        for i in range((df - 1) // 2):
            tail += math.exp(-half + (i + 0.5) * math.log(half) - math.lgamma(i + 1.5)) \
                if half > 0 else 0.0
    return min(1.0, max(0.0, tail))


def fisher_exact(hits_a: int, total_a: int, hits_b: int, total_b: int) -> float:
    """Two-sided p-value of Fisher's exact test: do two groups succeed equally often?"""
    hits, total = hits_a + hits_b, total_a + total_b
    if total_a == 0 or total_b == 0 or hits in (0, total):
        return 1.0

    def log_pmf(k):  # k hits in group a, given the margins (hypergeometric)
        return (_log_comb(total_a, k) + _log_comb(total_b, hits - k) - _log_comb(total, hits))

    observed = log_pmf(hits_a) + math.log(_RELATIVE)
    low, high = max(0, hits - total_b), min(hits, total_a)
    p = sum(math.exp(lp) for lp in map(log_pmf, range(low, high + 1)) if lp <= observed)
    return min(1.0, p)


def _log_comb(n, k):
    return math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)


def proportions(base: Rate, other: Rate) -> Difference:
    """Two shares compared with Fisher's exact test; the interval is Newcombe's (from the
    two Wilson intervals, his method 10)."""
    d = other.share - base.share
    low = d - math.sqrt((other.share - other.low) ** 2 + (base.high - base.share) ** 2)
    high = d + math.sqrt((other.high - other.share) ** 2 + (base.share - base.low) ** 2)
    p = fisher_exact(other.count, other.total, base.count, base.total)
    return Difference("Fisher's exact test", d, max(-1.0, low), min(1.0, high), p)


def against_share(rate: Rate, fair: float) -> Difference:
    """A share against the share it would have by chance alone (``fair``: 1/P of the games
    for one seat of P), with the exact two-sided binomial test; the interval is the share's
    Wilson interval less ``fair``."""
    return Difference("exact binomial test", rate.share - fair, rate.low - fair,
                      rate.high - fair, binomial_test(rate.count, rate.total, fair))


def welch(base: Spread | None, other: Spread | None) -> Difference:
    """Two means compared: Welch's standard error, normal approximation (large samples)."""
    if base is None or other is None:
        return Difference("Welch's test", 0.0, None, None, None)
    d = other.mean - base.mean
    if min(base.games, other.games) < MIN_FOR_MEANS:
        return Difference("Welch's test", d, None, None, None)
    se = math.sqrt(base.sd ** 2 / base.games + other.sd ** 2 / other.games)
    if se == 0:
        return Difference("Welch's test", d, d, d, 1.0 if d == 0 else 0.0)
    p = 2 * (1 - NormalDist().cdf(abs(d) / se))
    return Difference("Welch's test", d, d - Z * se, d + Z * se, p)


def holm(differences: list[Difference]) -> list[Difference]:
    """The same differences, with p-values adjusted for testing them all at once."""
    tested = sorted((d.p_value, i) for i, d in enumerate(differences) if d.p_value is not None)
    m = len(tested)
    adjusted, running = {}, 0.0
    for rank, (p, i) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[i] = running
    return [attrs.evolve(d, adjusted_p=adjusted[i], significant=adjusted[i] < ALPHA)
            if i in adjusted else d for i, d in enumerate(differences)]
