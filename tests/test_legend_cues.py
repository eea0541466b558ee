"""Issue 25.5: colour is never the only cue in the what-if lab's and the class debrief's charts.

The specs the widgets draw are walked (the lab after a small run, with a class opened beside it;
the teacher's dashboard after its debrief): every field a chart colours by must also be told
apart by a second, non-colour channel on the same field — a point's shape or a line's dash in
the same legend, or the chart's own words (row headers, text) — and a layer that draws a colour
legend for the field must draw that second cue in it (one legend, under one title: Vega-Lite
merges the two only then).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd
import pytest
from landlord.widgets.lab import ScenarioLab
from test_classroom_widgets import SECRET, a_class

from landlord.apps.classroom import Referee
from landlord.charts import figures

COLOURS = ("color", "fill", "stroke")
LEGEND_CUES = ("shape", "strokeDash")
WORDS = ("row", "column", "facet", "text")
"""Channels that name a field's groups in the chart itself."""


def units(spec: dict[str, Any], inherited: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """Every mark's encoding, with what it inherits from the layers and facets around it."""
    enc = {**(inherited or {}), **spec.get("encoding", {})}
    facet = spec.get("facet")
    if isinstance(facet, dict):
        enc = {**enc, **({"facet": facet} if "field" in facet else facet)}
    inner = [*spec.get("layer", []), *([spec["spec"]] if "spec" in spec else []),
             *spec.get("hconcat", []), *spec.get("vconcat", []), *spec.get("concat", [])]
    if inner:
        return [u for sub in inner for u in units(sub, enc)]
    return [enc] if "mark" in spec else []


def field(channel: Any) -> str | None:
    return channel.get("field") if isinstance(channel, dict) else None


def colour_only(spec: dict[str, Any]) -> list[str]:
    """What in ``spec`` is told apart by colour alone, in words (empty: nothing)."""
    found = units(spec)
    problems = []
    coloured = {field(u[c]) for u in found for c in COLOURS if field(u.get(c))}
    for name in sorted(coloured - {None}, key=str):
        cues = {c for u in found for c in (*LEGEND_CUES, *WORDS) if field(u.get(c)) == name}
        if not cues:
            problems.append(f"{name!r} is coloured with no second cue")
        for u in found:
            for c in COLOURS:
                if field(u.get(c)) != name or u[c].get("legend", {}) is None:
                    continue
                title = u[c].get("title", name)
                merged = [k for k in LEGEND_CUES if field(u.get(k)) == name and u[k].get("legend", {}) is not None
                          and u[k].get("title", name) == title]
                if not merged:
                    problems.append(f"{name!r}'s {c} legend has no shape or dash beside it")
    return problems


def test_the_check_can_fail() -> None:
    """A line per table coloured by table and dashed by the rules (the debrief's chart before
    issue 25.5) fails; with the table's shape in its legend it passes."""
    frame = pd.DataFrame({"table": [1, 1, 2, 2], "turn": [1, 2, 1, 2], "gini": [0.1, 0.2, 0.1, 0.3],
                          "rules": ["a", "b", "a", "a"]})
    old = alt.Chart(frame).mark_line().encode(x="turn:Q", y="gini:Q", color=alt.Color("table:N", title="table"),
                                              strokeDash="rules:N")
    assert colour_only(old.to_dict()) == ["'table' is coloured with no second cue",
                                          "'table''s color legend has no shape or dash beside it"]
    new = old.mark_point().encode(shape=alt.Shape("table:N", title="table"))
    assert colour_only(new.to_dict()) == []


@pytest.fixture(scope="module")
def lab() -> ScenarioLab:
    lab = ScenarioLab(games=4, seed=100)
    lab.b.ruleset.value = "magie-1904-no-tickets"
    lab.runner.run_button.click()
    lab.beside.classes = pd.DataFrame({"table": [1, 2, 3], "regime": ["Landlord rules", "Single tax", "Single tax"],
                                       "gini_population": [0.3, 0.2, 0.25]})
    lab.beside.show()
    return lab


@pytest.mark.parametrize("chart", ["final", "band", "winners", "flows", "class"])
def test_the_lab_s_charts_never_tell_apart_by_colour_alone(lab: ScenarioLab, chart: str) -> None:
    spec = (lab.beside.chart if chart == "class" else getattr(lab.view, chart)).spec
    assert any(field(u.get(c)) for u in units(spec) for c in COLOURS), "the chart colours something"
    assert colour_only(spec) == []


def test_the_debrief_s_charts_never_tell_apart_by_colour_alone(tmp_path: Path) -> None:
    room, _, teacher = a_class(tmp_path)
    teacher.start()
    ref = Referee(room.store, room.id, SECRET)
    for _ in range(20):
        ref.tick(now=1e12)
    teacher.debrief()
    for chart in (teacher.gini_chart, teacher.final_chart):
        spec = chart.spec
        assert figures.spec_title(spec) and any(field(u.get(c)) for u in units(spec) for c in COLOURS)
        assert colour_only(spec) == [], figures.spec_title(spec)


@pytest.mark.parametrize("ruleset", ["magie-1904", "british-1913-sequence", "monopoly"])
def test_the_table_s_charts_never_tell_apart_by_colour_alone(ruleset: str) -> None:
    """The lesson table's own charts: each player's wealth line dashed as well as coloured (one
    legend), each phase's band named on the chart, each kind of flow's line dashed; the charts
    are walked as drawn, their rows filled in (a 1913 game plays all three Parts)."""
    from landlord.charts.dressing import fill
    from landlord.widgets import GameTable

    table = GameTable(ruleset, [("Ann", "landlord"), ("Bo", "tenant"), ("Cy", "speculator"), ("Di", "random")],
                      seed=8)
    for slot in (table.charts.wealth_slot, table.charts.gini_slot, table.charts.flows_slot):
        spec = fill(slot.template, slot.datasets)
        assert figures.spec_title(spec) and any(field(u.get(c)) for u in units(spec) for c in COLOURS)
        assert colour_only(spec) == [], figures.spec_title(spec)
