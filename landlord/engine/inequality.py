"""Inequality measures with their conventions stated.

Convention for debtors: a net worth below zero counts as zero (a player who owes more than he
holds owns nothing); every function here applies it, and says so in its name of the measure.
The reason: every measure here is a share of a positive total, and a negative "share" has no
meaning on a Lorenz curve. The unclipped worths stay in the metrics frames for anyone who wants
another rule.

Conventions for the small tables these games have (2 to 6 players), stated once:

* **Lorenz curve**: the points (k/n, share held by the k poorest) for k = 0..n, joined by
  straight lines; "the share held by a fraction p of the players" reads that polyline, so a
  fraction of a player holds that fraction of his wealth (the standard linear interpolation).
* **Top share**: the share of the total held by the richest ``k`` players (default 1).
* **Palma ratio**: share of the top 10% over share of the bottom 40%, both read off the Lorenz
  polyline, so with 4 players the "top 10%" is 0.4 of the richest player's wealth and the
  "bottom 40%" is the poorest player plus 0.6 of the next. With equal wealth it is 0.25; it is
  ``inf`` when the bottom 40% hold nothing and someone holds something; 0/0 (nobody holds
  anything) is defined as equality, 0.25.
* **Theil T**: (1/n) Σ (xi/μ) ln(xi/μ) with 0·ln 0 = 0 (the limit), so players holding
  nothing are allowed; 0 for equal wealth, ln n when one player holds everything; 0 when nobody
  holds anything.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

GINI_FORMS = {
    "population": "Gini (population form; debts count as 0)",
    "sample": "Gini (sample form, × n/(n−1); debts count as 0)",
}
"""Each Gini form's name in plain words, as chart titles and axes show it (students read these;
the formulas are in :func:`gini`: population Σ|xi−xj| / 2n²μ, sample = population × n/(n−1))."""

PALMA_TOP = 0.1
PALMA_BOTTOM = 0.4


def clipped(values: Sequence[float]) -> list[float]:
    """The values with debts counted as zero (each negative value becomes 0), sorted ascending.

    Raises ValueError for no values or a value that is not finite.
    """
    xs = [float(v) for v in values]
    if not xs:
        raise ValueError("an inequality measure of no values")
    for v in xs:
        if not math.isfinite(v):
            raise ValueError(f"an inequality measure of a value that is not finite: {v}")
    return sorted(max(0.0, v) for v in xs)


def gini(values: Sequence[float], form: str = "population") -> float:
    """Gini coefficient of ``values`` in the named ``form`` (``population`` or ``sample``).

    Equal values give 0; one holder of everything gives (n−1)/n in the population form and 1 in
    the sample form. All-zero wealth gives 0.
    """
    if form not in GINI_FORMS:
        raise ValueError(f"unknown Gini form {form!r} (known: {', '.join(GINI_FORMS)})")
    xs = sorted(max(0.0, float(v)) for v in values)
    n = len(xs)
    if n == 0:
        raise ValueError("Gini of no values")
    total = sum(xs)
    if total == 0:
        return 0.0
    # Σ_i Σ_j |xi − xj| = 2 Σ_i (2i − n + 1) x_(i) for sorted x (0-based i)
    pair_sum = 2 * sum((2 * i - n + 1) * x for i, x in enumerate(xs))
    g = pair_sum / (2 * n * total)  # = Σ|xi−xj| / (2 n² μ) with μ = total/n
    if form == "sample":
        return g * n / (n - 1) if n > 1 else 0.0
    return g


def lorenz(values: Sequence[float]) -> list[tuple[float, float]]:
    """Lorenz curve points ``(population share, wealth share)`` from (0, 0) to (1, 1).

    One point per player, poorest first (n + 1 points with the origin). With nobody holding
    anything the curve is the line of equality (k/n, k/n).
    """
    xs = clipped(values)
    n, total = len(xs), sum(xs)
    points = [(0.0, 0.0)]
    running = 0.0
    for k, x in enumerate(xs, start=1):
        running += x
        points.append((k / n, running / total if total else k / n))
    points[-1] = (1.0, 1.0)
    return points


def lorenz_share(values: Sequence[float], p: float) -> float:
    """L(p): the share of wealth held by the poorest fraction ``p`` (0..1) of the players,
    read off the Lorenz polyline (a fraction of a player holds that fraction of his wealth)."""
    if not 0.0 <= p <= 1.0:
        raise ValueError(f"a population share must be between 0 and 1, not {p}")
    pts = lorenz(values)
    n = len(pts) - 1
    k = min(int(p * n), n - 1)
    (x0, y0), (x1, y1) = pts[k], pts[k + 1]
    return y0 + (y1 - y0) * (p - x0) / (x1 - x0)


def top_share(values: Sequence[float], k: int = 1) -> float:
    """Share of the total held by the richest ``k`` players (debts count as 0).

    With nobody holding anything the share is k/n (equality)."""
    xs = clipped(values)
    n = len(xs)
    if not 1 <= k <= n:
        raise ValueError(f"top share of the richest {k} of {n} players")
    total = sum(xs)
    if total == 0:
        return k / n
    return sum(xs[n - k:]) / total


def palma(values: Sequence[float]) -> float:
    """Palma ratio: share of the richest 10% over share of the poorest 40%, both read off the
    Lorenz polyline (see the module docstring for small tables). Equal wealth gives 0.25."""
    top = 1.0 - lorenz_share(values, 1.0 - PALMA_TOP)
    bottom = lorenz_share(values, PALMA_BOTTOM)
    if bottom == 0.0:
        return math.inf if top > 0.0 else PALMA_TOP / PALMA_BOTTOM
    return top / bottom


def theil(values: Sequence[float]) -> float:
    """Theil T index, (1/n) Σ (xi/μ) ln(xi/μ), with 0·ln 0 = 0 so zeros are allowed.

    Equal wealth gives 0, one holder of everything gives ln n, nobody holding anything gives 0.
    """
    xs = clipped(values)
    n, total = len(xs), sum(xs)
    if total == 0:
        return 0.0
    mu = total / n
    return max(0.0, sum((x / mu) * math.log(x / mu) for x in xs if x > 0) / n)


MEASURES = {
    "gini_population": "Gini, population form (debts count as 0)",
    "gini_sample": "Gini, sample form n/(n−1) (debts count as 0)",
    "top_share": "share of the richest player (debts count as 0)",
    "palma": "Palma ratio, top 10% / bottom 40% on the Lorenz polyline (debts count as 0)",
    "theil": "Theil T, 0·ln 0 = 0 (debts count as 0)",
}


def measures(values: Sequence[float]) -> dict[str, float]:
    """Every measure of :data:`MEASURES` for one set of values, keyed as there."""
    return {
        "gini_population": gini(values, "population"),
        "gini_sample": gini(values, "sample"),
        "top_share": top_share(values, 1),
        "palma": palma(values),
        "theil": theil(values),
    }


def measures_array(worths: np.ndarray, names: Sequence[str] | None = None) -> dict[str, np.ndarray]:
    """:func:`measures` of every row of a 2-D array (one row per table, one column per
    player), vectorised for the per-turn frames of many games; same conventions and results.
    ``names``: only these measures (of :data:`MEASURES`; all unless given)."""
    x = np.sort(np.clip(np.asarray(worths, dtype=float), 0.0, None), axis=1)
    rows, n = x.shape
    if n == 0:
        raise ValueError("an inequality measure of no values")
    if not np.isfinite(x).all():
        raise ValueError("an inequality measure of a value that is not finite")
    total = x.sum(axis=1)
    empty = total == 0
    safe = np.where(empty, 1.0, total)
    weights = 2 * np.arange(n) - n + 1
    g = np.where(empty, 0.0, (x * weights).sum(axis=1) / (n * safe))
    ginis = {"gini_population": g, "gini_sample": g * n / (n - 1) if n > 1 else np.zeros(rows)}
    if names is not None and set(names) <= set(ginis):
        return {k: ginis[k] for k in names}
    share = x / safe[:, None]
    with np.errstate(divide="ignore", invalid="ignore"):
        terms = np.where(x > 0, share * n * np.log(np.where(x > 0, share * n, 1.0)), 0.0)
    theil_t = np.where(empty, 0.0, np.maximum(0.0, terms.sum(axis=1) / n))
    cum = np.concatenate([np.zeros((rows, 1)), np.cumsum(share, axis=1)], axis=1)
    cum[:, -1] = 1.0
    cum[empty] = np.arange(n + 1) / n

    def lorenz_at(p: float) -> np.ndarray:
        k = min(int(p * n), n - 1)
        return cum[:, k] + (cum[:, k + 1] - cum[:, k]) * (p * n - k)

    top = 1.0 - lorenz_at(1.0 - PALMA_TOP)
    bottom = lorenz_at(PALMA_BOTTOM)
    with np.errstate(divide="ignore", invalid="ignore"):
        pal = np.where(bottom == 0.0, np.where(top > 0.0, np.inf, PALMA_TOP / PALMA_BOTTOM),
                       top / np.where(bottom == 0.0, 1.0, bottom))
    out = {
        **ginis,
        "top_share": np.where(empty, 1.0 / n, x[:, -1] / safe),
        "palma": pal,
        "theil": theil_t,
    }
    return out if names is None else {k: out[k] for k in names}
