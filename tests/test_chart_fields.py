"""No field name reaches a student (issue 38.6): every chart a lesson, the lab, a reveal or the
class debrief draws is rendered here (vl-convert, offline) as the page draws it, and what a
student reads or hears of it — its title and description, its axes' and legends' titles and
labels, every text drawn, what a screen reader says of each mark (its ``aria-label``) and each
tooltip's titles — holds no identifier such as ``net_worth`` or ``win_share`` and no bare
column name such as ``lo`` or ``hi``."""

from __future__ import annotations

import html
import re
from collections.abc import Iterator
from typing import Any

import pandas as pd
import pytest
import vl_convert as vlc
from landlord.widgets.lab import ScenarioLab

from landlord.charts import figures as lib
from landlord.charts.lab import lab_charts, lab_frames
from landlord.widgets import GameTable, reveals

SNAKE = re.compile(r"\b[a-z][a-z0-9]*_[a-z0-9_]+\b")
"""A name like ``net_worth``, ``bin_start``, ``single_tax``: a field or an id, never words."""
BARE = {"lo", "hi", "n", "x", "y", "x2", "y2", "cx", "cy", "q1", "q3", "said", "value", "index", "cell"}
"""Column names that are not what a student should hear as a mark's label."""


def _strings(v: Any, key: str = "") -> Iterator[tuple[str, str]]:
    if isinstance(v, dict):
        for k, x in v.items():
            yield from _strings(x, k)
    elif isinstance(v, list):
        for x in v:
            yield from _strings(x, key)
    elif isinstance(v, str):
        yield key, v


def tooltip_titles(vega: dict[str, Any]) -> list[str]:
    """The titles each tooltip of a compiled Vega spec shows (the keys of its tooltip object)."""
    out: list[str] = []
    for node in _walk(vega):
        tip = node.get("tooltip") if isinstance(node, dict) else None
        if isinstance(tip, dict) and isinstance(tip.get("signal"), str) and tip["signal"].startswith("{"):
            out += re.findall(r'(?:^\{|, )"((?:[^"\\]|\\.)*)": ', tip["signal"])
    return out


def _walk(v: Any) -> Iterator[Any]:
    yield v
    if isinstance(v, dict):
        for x in v.values():
            yield from _walk(x)
    elif isinstance(v, list):
        for x in v:
            yield from _walk(x)


def read_and_heard(spec: dict[str, Any]) -> list[str]:
    """What a student reads or hears of the chart ``spec`` (a Vega-Lite spec with its data)."""
    svg = vlc.vegalite_to_svg(spec)
    said = [html.unescape(a) for a in re.findall(r'aria-label="([^"]*)"', svg)]
    drawn = [html.unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", svg)]
    top = [lib.spec_title(spec), str(spec.get("description", ""))]
    title = spec.get("title")
    if isinstance(title, dict):
        sub = title.get("subtitle", [])
        top += sub if isinstance(sub, list) else [sub]
    return said + drawn + top + tooltip_titles(vlc.vegalite_to_vega(spec))


def raw_names(spec: dict[str, Any]) -> list[str]:
    """The texts of ``spec``'s chart that carry an identifier or a bare column name."""
    bad = []
    for text in read_and_heard(spec):
        keys = [part.split(": ", 1)[0].strip() for part in text.split("; ") if ": " in part]
        if SNAKE.search(text) or text.strip() in BARE or any(k in BARE for k in keys):
            bad.append(text)
    return bad


def test_the_check_finds_a_raw_field_name() -> None:
    """The check can fail: an axis, a tooltip and a mark's label that name the field."""
    panel = pd.DataFrame({"turn": [1, 2], "net_worth": [10, 20], "lo": [1, 2]})
    import altair as alt

    bare = alt.Chart(panel).mark_point().encode(x=alt.X("turn:Q", title="turn"), y=alt.Y("lo:Q"))
    assert "lo" in raw_names(bare.to_dict())  # the axis's title
    assert "turn: 1; lo: 1" in raw_names(bare.to_dict())  # what a screen reader says of a point
    tip = alt.Chart(panel).mark_point(aria=False).encode(x=alt.X("turn:Q", title="turn"), tooltip=["net_worth:Q"])
    assert raw_names(tip.to_dict()) == ["net_worth"]
    assert raw_names(lib.heard(tip, "turn:Q", "net_worth:Q").to_dict()) == []
    with pytest.raises(ValueError, match="flow_start_cash"):
        lib.tips("flow_start_cash:Q")


def play(table: GameTable, clicks: int) -> None:
    for k in range(clicks):
        if table.game.over:
            return
        if table.choices.option_picker is not None:
            table.choices.option_picker[1].click()
        else:
            buttons = list(table.option_buttons().values())
            buttons[k % len(buttons)].click()


def test_a_lesson_table_s_charts_name_nothing_raw() -> None:
    """The wealth, Gini and money charts of a 1906 table that switched to the single tax."""
    table = GameTable("magie-1906", [("Ada", None), ("Ben", None)], seed=4)
    play(table, 30)
    table.phase_buttons()["single_tax"].click()
    play(table, 30)
    for slot in (table.charts.wealth_slot, table.charts.gini_slot, table.charts.flows_slot):
        assert raw_names(slot.widget.spec) == [], slot.caption()


def test_the_lab_s_charts_name_nothing_raw() -> None:
    lab = ScenarioLab(games=4, seed=100)
    lab.b.ruleset.value = "magie-1904-no-tickets"
    lab.runner.run_button.click()
    assert len(lab.run.results) == 8
    for chart in lab_charts(lab.run, lab_frames(lab.run)):
        assert raw_names(chart.to_dict()) == [], lib.spec_title(chart.to_dict())
    for slot, _words in lab.view.slots():
        assert raw_names(slot.spec) == []


def _charts(widget: Any) -> Iterator[Any]:
    if hasattr(widget, "spec") and hasattr(widget, "chart"):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _charts(child)


@pytest.mark.parametrize("reveal", [
    lambda: reveals.richest_in_games(games=4),
    lambda: reveals.single_tax_final_gini(games=3),
    lambda: reveals.wages_against_single_tax(games=3),
    reveals.streets_landed_on_most,
    reveals.location_value_boards,
], ids=["lesson1", "lesson2", "lesson5", "lesson4-streets", "lesson4-boards"])
def test_a_reveal_s_charts_name_nothing_raw(reveal: Any) -> None:
    shown = list(_charts(reveal()))
    assert shown
    for chart in shown:
        assert raw_names(chart.spec) == [], lib.spec_title(chart.spec)


def test_lesson_3_s_parts_chart_names_nothing_raw() -> None:
    from landlord.widgets.decomposition import parts_view

    shown = list(_charts(parts_view(games=3)))
    assert shown and all(raw_names(c.spec) == [] for c in shown)


def test_the_class_debrief_s_charts_name_nothing_raw() -> None:
    tables = pd.DataFrame({"table": [1, 1, 2, 2], "turn": [1, 2, 1, 2], "round": [1, 1, 1, 1], "phase": ["p"] * 4,
                           "rules": ["landlordism", "the single tax", "landlordism", "landlordism"],
                           "gini": [0.0, 0.1, 0.05, 0.1]})
    rows = pd.DataFrame({"table": [1, 2], "regime": ["the single tax", "landlordism"], "gini_population": [0.1, 0.2]})
    band = pd.DataFrame({"regime": ["the single tax", "landlordism"], "gini": [0.05, 0.3]})
    for chart in (lib.tables_gini_chart(tables), lib.class_final_gini_chart(rows, band)):
        assert raw_names(chart.to_dict()) == [], lib.spec_title(chart.to_dict())
