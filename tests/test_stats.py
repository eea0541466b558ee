"""The statistics of a comparison (landlord.analysis.stats): the interval valid under
repeated looks checked against a worked example and, by simulation, for its coverage."""

from __future__ import annotations

import math

import numpy as np
import pytest

from landlord.analysis.stats import (
    MIN_VALUES,
    difference_interval,
    mean_interval,
    mixture_rho2,
    sequence_interval,
    sequence_margin,
    verdict,
)


def test_sequence_interval_worked_example() -> None:
    """Values 0.1, 0.3, −0.2, 0.4 with ρ² = 0.5, α = 0.05, worked by hand: mean 0.6/4 = 0.15;
    squared deviations 0.0025 + 0.0225 + 0.1225 + 0.0625 = 0.21, over n = 4: s² = 0.0525,
    s = 0.2291288; nρ² + 1 = 3, 2·3/(4²·0.5) = 0.75, ln(√3/0.05) = ln 34.641016 = 3.5450384;
    half-width = 0.2291288 · √(0.75 · 3.5450384) = 0.2291288 · 1.6305762 = 0.3736119."""
    m, h = sequence_interval([0.1, 0.3, -0.2, 0.4], alpha=0.05, rho2=0.5)
    assert m == pytest.approx(0.15)
    assert h == pytest.approx(0.3736119, abs=1e-6)


def test_mixture_tuning_worked_example() -> None:
    """ρ² tuned at 100 values, α = 0.05: (2·ln 20 + ln(1 + 2·ln 20)) / 100
    = (5.9914645 + ln 6.9914645) / 100 = (5.9914645 + 1.9446970) / 100 = 0.0793616."""
    assert mixture_rho2(100, 0.05) == pytest.approx(0.0793616, abs=1e-6)
    # narrowest about there: wider at a tenth and at ten times the tuned count (per √n)
    at = {n: sequence_margin(n, 1.0) * math.sqrt(n) for n in (10, 100, 1000)}
    assert at[100] < at[10] and at[100] < at[1000]
    assert 1.4 < at[100] / 1.96 < 1.7  # about half as wide again as the fixed interval there


def _running(x: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Running n, mean and standard deviation (divided by n) along the last axis."""
    n = np.arange(1, x.shape[-1] + 1)
    mean = np.cumsum(x, axis=-1) / n
    var = np.maximum(np.cumsum(x * x, axis=-1) / n - mean ** 2, 0.0)
    return n, mean, np.sqrt(var)


def test_coverage_under_repeated_looks_by_simulation() -> None:
    """A case with a known answer: values drawn from Beta(0.5, 3) (skewed, in [0, 1], mean
    exactly 1/7). Over 1,000 runs of 2,000 values, looked at after every value from the
    100th on (the stop rule's first look), the interval valid under repeated looks ever misses
    1/7 in at most 5% of runs; the fixed 95% interval, looked at as often, misses in far more of them (which is why
    the lab does not stop on it)."""
    rng = np.random.default_rng(20240601)
    x = rng.beta(0.5, 3.0, size=(1000, 2000))
    n, mean, sd = _running(x)
    looks = slice(MIN_VALUES - 1, None)
    truth = 1 / 7
    seq = np.abs(mean - truth)[:, looks] > sequence_margin(n, sd)[:, looks]
    fixed = np.abs(mean - truth)[:, looks] > (1.96 * sd / np.sqrt(np.maximum(n - 1, 1)))[:, looks]  # s: n − 1
    ever_seq, ever_fixed = seq.any(axis=1).mean(), fixed.any(axis=1).mean()
    assert ever_seq <= 0.05, ever_seq
    assert ever_fixed >= 0.2, ever_fixed
    # at one look decided in advance the fixed interval is right: about 5% miss at 2,000
    assert 0.03 <= fixed[:, -1].mean() <= 0.07


def test_paired_and_unpaired_differences() -> None:
    """Paired: the interval of the differences seed by seed; unpaired: each side's at α/2,
    the half-widths added."""
    a = [0.30, 0.32, 0.28, 0.35, 0.31]
    b = [0.25, 0.30, 0.22, 0.33, 0.27]
    m, h, n = difference_interval(a, b, paired=True)
    dm, dh = sequence_interval([y - x for x, y in zip(a, b, strict=True)])
    assert (n, m, h) == (5, pytest.approx(dm), pytest.approx(dh)) and m == pytest.approx(-0.038)
    m, h, n = difference_interval(a, b[:4], paired=False)
    ma, ha = sequence_interval(a, 0.025)
    mb, hb = sequence_interval(b[:4], 0.025)
    assert (n, m, h) == (4, pytest.approx(mb - ma), pytest.approx(ha + hb))


def test_verdict_says_which_way_or_no_difference_that_large() -> None:
    """The stop rule: direction and size when the interval lies within ±25% of the estimate;
    no difference as large as the smallest that matters when it lies inside ±that; never on
    fewer than 100 values."""
    assert verdict(-0.40, 0.10, 0.01, 100) == "direction"     # −0.50 to −0.30: within ±25%
    assert verdict(-0.40, 0.11, 0.01, 100) is None            # not yet within ±25%
    assert verdict(0.002, 0.007, 0.01, 200) == "no difference"  # −0.005 to 0.009: inside ±0.01
    assert verdict(0.004, 0.007, 0.01, 200) is None           # up to 0.011: could be that large
    assert verdict(-0.40, 0.01, 0.01, 99) is None             # too few values to say
    assert verdict(math.nan, math.nan, 0.01, 100) is None


def test_fixed_interval_is_unchanged() -> None:
    """mean ± 1.96·s/√n, s with n − 1: for 1, 2, 3 the mean 2, s = 1, half-width 1.96/√3."""
    assert mean_interval([1.0, 2.0, 3.0]) == (2.0, pytest.approx(1.96 / math.sqrt(3)))
