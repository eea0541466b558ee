"""A lesson's claim about what a rule does stands beside a measurement computed from games.

Issue 36, point 6: "a test that fails when a lesson's claim about a rule's effect has no
measurement computed beside it". A reveal's claims are :class:`landlord.widgets.decomposition.Claim`
rows, each pairing the words of the claim with the function that words the measurement; the
reveal builds its claims table only by running those functions. Here every claims table of
every lesson reveal is checked: each row is a registered claim, each claim's words of
measurement are computed (they change when the measured numbers change) and carry figures.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

import pandas as pd
import pytest
from landlord.widgets.decomposition import Claim, InOrderMeasured

from landlord.runs.decompose import Change, british1913, british1913_in_order, rates_paid_by_visitors
from landlord.widgets import decomposition

ROW = re.compile(r"<tr><td>(.*?)</td><td>(.*?)</td></tr>", re.S)


def _claim_sets() -> dict[str, tuple[Claim, ...]]:
    """Every tuple of claims the lesson reveals hold, by name."""
    found = {name: value for name, value in vars(decomposition).items()
             if isinstance(value, tuple) and value and all(isinstance(c, Claim) for c in value)}
    assert {"PART3_CLAIMS", "IN_ORDER_CLAIMS"} <= set(found), sorted(found)
    return found


def _scaled(obj: Any) -> Any:
    """The same measurement with every number changed (× 1.37 + 0.011): what a claim's words
    computed from it must follow."""
    if isinstance(obj, pd.DataFrame):
        out = obj.copy()
        for col in out.columns:
            if pd.api.types.is_numeric_dtype(out[col]) and not pd.api.types.is_bool_dtype(out[col]):
                out[col] = out[col] * 1.37 + 0.011
        return out
    if isinstance(obj, pd.Series):
        return obj.map(lambda v: v * 1.37 + 0.011 if isinstance(v, (int, float)) else v)
    if isinstance(obj, Change):
        return dataclasses.replace(obj, **{f: getattr(obj, f) * 1.37 + 0.011
                                           for f in ("first", "second", "diff", "low", "high")})
    if isinstance(obj, dict):
        return {k: _scaled(v) for k, v in obj.items()}
    if isinstance(obj, tuple) and hasattr(obj, "_fields"):
        return type(obj)(*(_scaled(v) for v in obj))
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return dataclasses.replace(obj, **{f.name: _scaled(getattr(obj, f.name)) for f in dataclasses.fields(obj)
                                           if not isinstance(getattr(obj, f.name), int)})
    return obj


@pytest.fixture(scope="module")
def measured() -> dict[str, tuple[Any, str]]:
    """Each claim set's measurement (a few games) and the reveal HTML built from it."""
    d = british1913(games=4)
    m = InOrderMeasured(british1913_in_order(4), rates_paid_by_visitors(4))
    return {"PART3_CLAIMS": (d, decomposition.decomposition_html(d)),
            "IN_ORDER_CLAIMS": (m, decomposition.in_order_html(m))}


def test_every_claim_in_a_reveal_is_worded_from_its_measurement(measured: dict[str, tuple[Any, str]]) -> None:
    """Each claim's words of measurement carry figures and follow the measured numbers: a
    claim whose "measurement" were fixed words would give the same text for other numbers."""
    for name, claims in _claim_sets().items():
        assert name in measured, f"{name}: a set of claims no reveal test measures"
        m, _ = measured[name]
        for c in claims:
            text = c.measured(m)
            assert re.search(r"\d", text), (name, c.said)
            assert c.measured(_scaled(m)) != text, f"{name}: {c.said!r} is not worded from its measurement"


def test_every_row_of_a_claims_table_is_a_claim_beside_its_measurement(measured: dict[str, tuple[Any, str]]) -> None:
    """The reveal's table of claims holds exactly its registered claims, each beside the words its
    measurement gives: no claim row without a measurement run for it."""
    from html import escape

    for name, claims in _claim_sets().items():
        m, page = measured[name]
        start = page.index("beside what the kit measured")
        table = page[start:page.index("</table>", start)]
        rows = ROW.findall(table)
        assert rows == [(escape(c.said), escape(c.measured(m))) for c in claims], name
