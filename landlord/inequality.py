"""Inequality measures with their conventions stated.

Convention for debtors: a net worth below zero counts as zero (a player who owes more than he
holds owns nothing); every function here applies it, and says so in its name of the measure.
"""

from __future__ import annotations

from collections.abc import Sequence

GINI_FORMS = {
    "population": "Gini (population form, Σ|xi−xj| / 2n²μ; debts count as 0)",
    "sample": "Gini (sample form, population × n/(n−1); debts count as 0)",
}


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
