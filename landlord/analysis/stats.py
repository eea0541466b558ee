"""The statistics of a comparison, in one home: a mean with its 95% interval, for a list of
values (:func:`mean_interval`) and per group of a table (:func:`interval_table`).

The interval is the normal approximation, mean ± 1.96·s/√n (s the sample standard deviation),
for a fixed number of games decided before looking. Values of a paired comparison (the same
seeds played under two rules) are their differences, game by game.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

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
