"""The statistics of a comparison, in one home: a mean with its 95% interval, for a list of
values (:func:`mean_interval`), per group of a table (:func:`interval_table`) and from running
sums (:func:`sums_interval`); a mean's interval that stays valid however often it is looked at
as games arrive (:func:`sequence_interval`, a confidence sequence), and the rule that stops a
run once that interval answers the question (:func:`verdict`).

The fixed interval is the normal approximation, mean ± 1.96·s/√n (s the sample standard
deviation), for a number of games decided before looking. Values of a paired comparison (the
same seeds played under two rules) are their differences, game by game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pandas as pd

Z95 = 1.96
"""The normal quantile of a two-sided 95% interval."""


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its interval (z·s/√n): NaN, NaN for no
    values; a zero half-width for one."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = math.fsum(values) / n
    if n < 2:
        return m, 0.0
    sd = math.sqrt(math.fsum((v - m) ** 2 for v in values) / (n - 1))
    return m, z * sd / math.sqrt(n)


def interval_table(df: pd.DataFrame, x: str, y: str, by: str | None = None,
                   z: float = Z95, bounds: tuple[float, float] | None = None) -> pd.DataFrame:
    """Mean of ``y`` per ``x`` (and ``by``), with its interval mean ± z·s/√n:
    ``[by,] x, mean, lo, hi, n`` (a single value has a zero-width interval). ``bounds`` clip
    the interval to the values ``y`` can take (a Gini lies in [0, 1])."""
    keys = [by, x] if by else [x]
    g = df.groupby(keys)[y]
    out = g.agg(["mean", "std", "count"]).reset_index()
    half = z * out["std"].fillna(0.0) / out["count"].map(math.sqrt)
    out["lo"], out["hi"] = out["mean"] - half, out["mean"] + half
    if bounds is not None:
        out["lo"], out["hi"] = out["lo"].clip(*bounds), out["hi"].clip(*bounds)
    return out.rename(columns={"count": "n"})[[*keys, "mean", "lo", "hi", "n"]]


def sums_interval(n: np.ndarray, total: np.ndarray, squares: np.ndarray,
                  z: float = Z95) -> tuple[np.ndarray, np.ndarray]:
    """:func:`mean_interval` from running sums, element by element: the means ``total / n`` and
    their half-widths z·s/√n (s from the sum of ``squares``; zero for a single value). For
    means kept as values arrive, without the values (every ``n`` at least 1)."""
    mean = total / n
    var = np.where(n > 1, np.maximum(squares - n * mean * mean, 0.0) / np.maximum(n - 1, 1), 0.0)
    return mean, z * np.sqrt(var / n)


# -- intervals valid under repeated looks ------------------------------------------------
ALPHA = 0.05
"""One minus the coverage of the lab's intervals (95%)."""
LOOK_TUNED_AT = 100
"""The number of values at which :func:`sequence_interval` is narrowest (its mixture's
tuning, :func:`mixture_rho2`); it is valid at every number of values whatever this is."""
MIN_VALUES = 100
""":func:`verdict` gives no answer on fewer values. The interval is asymptotic: measured by
simulation (``tests/test_stats.py``), on skewed values it misses the true mean at some look
in about 8% of runs when looks start at 30 values and under 5% when they start at 100; on
values as skewed as a 1-in-10 event's 0/1, about 6% from 100."""


def mixture_rho2(tuned_at: int = LOOK_TUNED_AT, alpha: float = ALPHA) -> float:
    """The mixture's tuning ρ² that makes :func:`sequence_interval` about narrowest at
    ``tuned_at`` values: ρ² = (2·ln(1/α) + ln(1 + 2·ln(1/α))) / t* (Waudby-Smith et al. 2024,
    the closed-form approximation to the exact optimum; any ρ² > 0 gives a valid sequence)."""
    if tuned_at < 1 or not 0 < alpha < 1:
        raise ValueError(f"need tuned_at >= 1 and 0 < alpha < 1, got {tuned_at}, {alpha}")
    low = 2 * math.log(1 / alpha)
    return (low + math.log(1 + low)) / tuned_at


def sequence_margin(n: np.ndarray | int, sd: np.ndarray | float, alpha: float = ALPHA,
                    rho2: float | None = None) -> np.ndarray | float:
    """The half-width of :func:`sequence_interval` after ``n`` values of standard deviation
    ``sd`` (arrays work element by element):

        sd · √( 2(nρ² + 1) / (n²ρ²) · ln(√(nρ² + 1) / α) )

    Robbins' normal-mixture boundary with the sample standard deviation in place of the
    known one (Waudby-Smith, Arnold, Ramdas & Howard, "Time-uniform central limit theory and
    asymptotic confidence sequences", Annals of Statistics 52 (2024), Theorem 2.2)."""
    r2 = mixture_rho2() if rho2 is None else rho2
    t = np.asarray(n, dtype=float)
    inner = t * r2 + 1.0
    out = np.asarray(sd, dtype=float) * np.sqrt(2 * inner / (t * t * r2) * np.log(np.sqrt(inner) / alpha))
    return float(out) if out.ndim == 0 else out


def sequence_interval(values: Sequence[float] | np.ndarray, alpha: float = ALPHA,
                      rho2: float | None = None) -> tuple[float, float]:
    """The mean of ``values`` and the half-width of its interval **valid under repeated
    looks**: a (1 − α) asymptotic confidence sequence. Look after every game, stop whenever
    the answer is clear: the chance that the interval *ever* misses the true mean stays about
    α (the fixed interval of :func:`mean_interval`, looked at after every game, misses far more
    often: its 95% is for one look decided in advance).

    The interval is mean ± :func:`sequence_margin` (n, s), s the standard deviation of the n
    values (divided by n, as in the paper: Waudby-Smith et al. 2024, Theorem 2.2). It is
    asymptotic, like the normal approximation of the fixed interval: its coverage is right
    once the values are many (from :data:`MIN_VALUES` on) and their spread is finite — for a
    Gini or a difference of two Ginis, always (they lie in [−1, 1]). It is wider than the
    fixed interval by about half at :data:`LOOK_TUNED_AT` values, the price of looking at will.
    NaN, NaN for no values."""
    x = np.asarray(values, dtype=float)
    n = len(x)
    if n == 0:
        return math.nan, math.nan
    m = float(x.mean())
    return m, float(sequence_margin(n, float(x.std()), alpha, rho2))


CLEAR_SHARE = 0.25
""":func:`verdict` knows the direction and the size once the interval lies within ±25% of the
estimate (its half-width at most a quarter of the estimate's size)."""


def verdict(mean: float, half: float, smallest: float, n: int) -> str | None:
    """Whether a difference's interval (``mean`` ± ``half``, valid under repeated looks, on
    ``n`` values) answers the question: ``"direction"`` when it excludes zero and lies within
    ±:data:`CLEAR_SHARE` of the estimate (which way and about how much are known);
    ``"no difference"`` when it lies wholly inside ±``smallest`` (no difference as large as
    the smallest that matters: every value the interval allows is smaller); else None (play
    on). Never an answer on fewer than :data:`MIN_VALUES` values."""
    if n < MIN_VALUES or math.isnan(mean) or math.isnan(half):
        return None
    if mean != 0 and half <= CLEAR_SHARE * abs(mean):
        return "direction"
    if abs(mean) + half < smallest:
        return "no difference"
    return None


def difference_interval(a: Sequence[float] | np.ndarray, b: Sequence[float] | np.ndarray, paired: bool,
                        alpha: float = ALPHA) -> tuple[float, float, int]:
    """The mean of ``b`` minus the mean of ``a``, its half-width valid under repeated looks,
    and the number of values it stands on. ``paired`` (the same seeds, in the same order, under
    both rules): the :func:`sequence_interval` of the differences game by game, on the pairs;
    else each side's at α/2, the half-widths added (both hold together at 1 − α), on the
    fewer games of the two."""
    x, y = np.asarray(a, dtype=float), np.asarray(b, dtype=float)
    if paired:
        n = min(len(x), len(y))
        m, h = sequence_interval(y[:n] - x[:n], alpha)
        return m, h, n
    ma, ha = sequence_interval(x, alpha / 2)
    mb, hb = sequence_interval(y, alpha / 2)
    return mb - ma, ha + hb, min(len(x), len(y))
