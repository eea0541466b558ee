"""Inequality measures against analytic values, hand-worked vectors and an independent
O(n²) reference written from the textbook definitions (no kept library fits as a test-only
dependency)."""

from __future__ import annotations

import itertools
import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from landlord.engine.inequality import (
    GINI_FORMS,
    MEASURES,
    gini,
    lorenz,
    lorenz_share,
    measures,
    measures_array,
    palma,
    theil,
    top_share,
)


# -- independent references, straight from the definitions --------------------------------
def ref_gini_population(xs: list[float]) -> float:
    """Σ_i Σ_j |xi − xj| / (2 n² μ), debts as 0."""
    xs = [max(0.0, x) for x in xs]
    n, mu = len(xs), sum(xs) / len(xs)
    if mu == 0:
        return 0.0
    return sum(abs(a - b) for a in xs for b in xs) / (2 * n * n * mu)


def ref_theil(xs: list[float]) -> float:
    xs = [max(0.0, x) for x in xs]
    mu = sum(xs) / len(xs)
    if mu == 0:
        return 0.0
    return sum((x / mu) * math.log(x / mu) for x in xs if x > 0) / len(xs)


wealth = st.lists(st.integers(min_value=-2000, max_value=5000), min_size=2, max_size=8)


# -- analytic values ---------------------------------------------------------------------------
@pytest.mark.parametrize("n", [2, 3, 4, 6])
def test_equal_wealth_is_perfect_equality(n: int) -> None:
    xs = [700] * n
    assert gini(xs, "population") == 0.0
    assert gini(xs, "sample") == 0.0
    assert theil(xs) == pytest.approx(0.0, abs=1e-12)
    assert top_share(xs) == pytest.approx(1 / n)
    assert palma(xs) == pytest.approx(0.1 / 0.4)
    assert lorenz(xs) == [pytest.approx((k / n, k / n)) for k in range(n + 1)]


@pytest.mark.parametrize("n", [2, 3, 4, 5, 6])
def test_one_holder_of_everything(n: int) -> None:
    xs = [0] * (n - 1) + [1000]
    assert gini(xs, "population") == pytest.approx((n - 1) / n)
    assert gini(xs, "sample") == pytest.approx(1.0)
    assert theil(xs) == pytest.approx(math.log(n))
    assert top_share(xs) == 1.0
    assert palma(xs) == math.inf


def test_four_players_forms_differ_by_a_third() -> None:
    """The issue's point: with four players the sample form is 4/3 of the population form."""
    xs = [100, 250, 400, 1250]
    assert gini(xs, "sample") == pytest.approx(gini(xs, "population") * 4 / 3)


def test_hand_worked_vector_1_2_3_4() -> None:
    """x = (1, 2, 3, 4): Σ|xi−xj| over ordered pairs = 2·(1+2+3+1+2+1) = 20, 2n²μ = 80."""
    xs = [4, 1, 3, 2]
    assert gini(xs, "population") == pytest.approx(0.25)
    assert gini(xs, "sample") == pytest.approx(1 / 3)
    assert lorenz(xs) == [pytest.approx(pt) for pt in [(0, 0), (0.25, 0.1), (0.5, 0.3), (0.75, 0.6), (1, 1)]]
    assert top_share(xs) == pytest.approx(0.4)
    assert top_share(xs, 2) == pytest.approx(0.7)
    # top 10% = 0.4 of the richest player's 4 = 1.6 of 10; bottom 40% = 1 + 0.6·2 = 2.2 of 10
    assert palma(xs) == pytest.approx(1.6 / 2.2)
    mu = 2.5
    expected = sum((x / mu) * math.log(x / mu) for x in (1, 2, 3, 4)) / 4
    assert theil(xs) == pytest.approx(expected)


def test_hand_worked_two_players() -> None:
    """(0, 100): Gini 1/2 population, 1 sample; (100, 300): |100−300|·2 / (2·4·200) = 1/4."""
    assert gini([0, 100]) == pytest.approx(0.5)
    assert gini([100, 300]) == pytest.approx(0.25)
    assert gini([100, 300], "sample") == pytest.approx(0.5)


def test_debts_count_as_zero() -> None:
    """The documented rule for negative net worth: a debtor owns nothing."""
    assert gini([-500, 0, 100]) == gini([0, 0, 100])
    assert theil([-1, 50, 50]) == theil([0, 50, 50])
    assert lorenz([-30, 10, 30]) == lorenz([0, 10, 30])
    assert palma([-30, 10, 30, 60]) == palma([0, 10, 30, 60])


def test_nobody_holding_anything_counts_as_equality() -> None:
    xs = [0, -10, 0, 0]
    assert gini(xs) == 0.0 and theil(xs) == 0.0
    assert top_share(xs) == 0.25
    assert palma(xs) == pytest.approx(0.25)
    assert lorenz(xs)[2] == (0.5, 0.5)


def test_theil_allows_zeros() -> None:
    """0·ln 0 = 0: (0, 50, 50) is two equal holders out of three: ln(3/2)."""
    assert theil([0, 50, 50]) == pytest.approx(math.log(1.5))


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown Gini form"):
        gini([1, 2], "median")
    with pytest.raises(ValueError, match="no values"):
        theil([])
    with pytest.raises(ValueError, match="not finite"):
        palma([1, float("nan")])
    with pytest.raises(ValueError, match="richest 5 of 4"):
        top_share([1, 2, 3, 4], 5)
    with pytest.raises(ValueError, match="between 0 and 1"):
        lorenz_share([1, 2], 1.5)


def test_measures_named_as_documented() -> None:
    out = measures([1, 2, 3, 4])
    assert set(out) == set(MEASURES)
    assert "population" in GINI_FORMS["population"] and "n/(n−1)" in GINI_FORMS["sample"]
    assert all("debts count as 0" in text for text in MEASURES.values())


# -- against the independent reference and known identities ------------------------------------
@settings(max_examples=200, deadline=None)
@given(wealth)
def test_gini_matches_the_double_sum_definition(xs: list[int]) -> None:
    g = gini(xs, "population")
    assert g == pytest.approx(ref_gini_population(xs), abs=1e-12)
    n = len(xs)
    assert gini(xs, "sample") == pytest.approx(g * n / (n - 1), abs=1e-12)
    assert 0.0 <= g <= (n - 1) / n + 1e-12


@settings(max_examples=200, deadline=None)
@given(wealth)
def test_gini_is_one_minus_twice_the_area_under_lorenz(xs: list[int]) -> None:
    pts = lorenz(xs)
    area = sum((p1 - p0) * (l0 + l1) / 2 for (p0, l0), (p1, l1) in itertools.pairwise(pts))
    assert gini(xs) == pytest.approx(1 - 2 * area, abs=1e-12)


@settings(max_examples=200, deadline=None)
@given(wealth)
def test_lorenz_is_convex_from_origin_to_one(xs: list[int]) -> None:
    pts = lorenz(xs)
    assert pts[0] == (0.0, 0.0) and pts[-1] == (1.0, 1.0)
    slopes = [(l1 - l0) / (p1 - p0) for (p0, l0), (p1, l1) in itertools.pairwise(pts)]
    assert all(b >= a - 1e-12 for a, b in itertools.pairwise(slopes))
    assert all(w <= p + 1e-12 for p, w in pts)


@settings(max_examples=200, deadline=None)
@given(wealth, st.integers(min_value=1, max_value=50))
def test_theil_matches_definition_and_is_scale_free(xs: list[int], k: int) -> None:
    t = theil(xs)
    assert t == pytest.approx(ref_theil(xs), abs=1e-12)
    assert theil([k * x for x in xs]) == pytest.approx(t, abs=1e-9)
    assert 0.0 <= t <= math.log(len(xs)) + 1e-12


@settings(max_examples=200, deadline=None)
@given(wealth)
def test_palma_reads_the_lorenz_polyline(xs: list[int]) -> None:
    top = 1 - lorenz_share(xs, 0.9)
    bottom = lorenz_share(xs, 0.4)
    p = palma(xs)
    if bottom > 0:
        assert p == pytest.approx(top / bottom)
    else:
        assert p == math.inf or p == pytest.approx(0.25)
    assert p >= 0.25 - 1e-12  # equality is the least unequal a table can be


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=2, max_value=6).flatmap(
    lambda n: st.lists(st.lists(st.integers(min_value=-300, max_value=3000), min_size=n, max_size=n),
                       min_size=1, max_size=6)))
def test_vectorised_measures_match_the_scalar_ones(tables: list[list[int]]) -> None:
    """measures_array (used for per-turn frames of many games) gives measures() row by row."""
    tables = [*tables, [0] * len(tables[0]), [-5] * len(tables[0])]  # nobody holding anything
    out = measures_array(np.array(tables))
    for i, row in enumerate(tables):
        for key, value in measures(row).items():
            got = float(out[key][i])
            assert got == value or got == pytest.approx(value, rel=1e-9, abs=1e-12), (key, row)
