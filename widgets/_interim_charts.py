"""The widgets' own chart pieces, next to ``landlord.charts`` (which draws the board, wealth,
Gini and money flows of the table).

Kept here: the overlay the table draws on the library's board (short names, mortgages,
charters, buildings, reconstructed spaces, whose decision), helpers that size a library chart
and add the rewind brush, the row-swapping :func:`fill`, and — **interim, to be replaced by
``landlord.charts`` / ``landlord.metrics``** — the scenario lab's four charts, drawn from the lab's
own result frames. None of them computes anything about the game.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd

from widgets.state import PLAYER_COLOURS


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text="t:N").properties(width=80, height=30)


def short_label(row: dict[str, Any]) -> str:
    """A space's name short enough for its square ('*' marks reconstructed values)."""
    if row.get("lot") is not None:
        label = f"Lot {row['lot']}"
    else:
        label = str(row["name"]).split(":")[-1].strip()
        label = label if len(label) <= 11 else label[:10] + "…"
    return label + ("*" if row.get("reconstructed") else "")


def _named(name: str) -> alt.Chart:
    return alt.Chart(alt.NamedData(name=name))


def fill(spec: dict[str, Any], datasets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A copy of a chart's Vega-Lite ``spec`` with its named datasets filled in (cheap: the
    spec is built and validated once; each redraw only swaps the rows)."""
    out = dict(spec)
    out["datasets"] = {**spec.get("datasets", {}), **datasets}
    return out


def board_overlay(side: float) -> list[alt.Chart]:
    """Layers the widget draws over ``landlord.charts.board_chart`` (same coordinates): data
    ``ll_overlay`` (short names, marks, mortgages, reconstructed spaces), ``ll_focus`` (the
    token whose decision it is) and ``ll_centre`` (turn and phase text)."""
    xs = alt.Scale(domain=[-0.6, side + 0.6])
    ys = alt.Scale(domain=[-0.6, side + 0.6])
    rect = {"x": alt.X("x:Q", scale=xs), "x2": "x2:Q", "y": alt.Y("y:Q", scale=ys),
            "y2": "y2:Q"}
    tip = [alt.Tooltip("name:N", title="space"), alt.Tooltip("values:N"), alt.Tooltip("note:N")]
    over = _named("ll_overlay")
    fade = over.transform_filter("datum.mortgaged").mark_rect(color="white", opacity=0.55).encode(
        **rect, tooltip=tip)
    recon = over.transform_filter("datum.reconstructed").mark_rect(
        filled=False, stroke="#b00000", strokeWidth=2, strokeDash=[4, 3]).encode(**rect, tooltip=tip)
    cx = alt.X("cx:Q", scale=xs)
    label = over.mark_text(fontSize=7, dy=-12).encode(x=cx, y=alt.Y("cy:Q", scale=ys),
                                                      text="label:N", tooltip=tip)
    marks = over.mark_text(fontSize=10, fontWeight="bold", dy=11, color="#222").encode(
        x=cx, y=alt.Y("cy:Q", scale=ys), text="marks:N")
    focus = _named("ll_focus").mark_point(shape="circle", size=520, filled=False, strokeWidth=3,
                                          color="black").encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys),
        tooltip=[alt.Tooltip("who:N", title="to choose")])
    centre = _named("ll_centre").mark_text(fontSize=12).encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys), text="t:N")
    return [fade, recon, label, marks, focus, centre]


def sized(chart: Any, names: Sequence[str] = (), width: int = 330, height: int = 200) -> Any:
    """A library chart resized to sit beside the board (and, given the seats' ``names``, with
    the seats' colours, as their tokens and cards have them)."""
    out = chart.properties(width=width, height=height)
    if names:
        out = out.configure_range(category=list(PLAYER_COLOURS))
    return out


def with_brush(chart: Any, width: int = 330, height: int = 200) -> Any:
    """A library Gini chart with an interval selection along the turns (:data:`BRUSH`)."""
    brush = alt.selection_interval(name=BRUSH, encodings=["x"])
    if isinstance(chart, alt.LayerChart):
        # alt.layer lifts the selection to the top level, where JupyterChart looks for it
        chart = alt.layer(chart.layer[0].add_params(brush), *chart.layer[1:], data=chart.data).properties(
            title=chart.title)
    else:
        chart = chart.add_params(brush)
    return chart.properties(width=width, height=height)


BRUSH = "rewind"
"""Name of the interval selection on the Gini chart (brushing it rewinds the table)."""


# -- scenario lab ------------------------------------------------------------------------
def final_gini_chart(results: pd.DataFrame, width: int = 320, height: int = 180) -> alt.Chart:
    """Distribution of final Gini per scenario (overlaid histograms)."""
    return alt.Chart(results).mark_bar(opacity=0.55, binSpacing=0).encode(
        x=alt.X("gini_population:Q", bin=alt.Bin(maxbins=25, extent=[0, 1]), title="final Gini (population form)"),
        y=alt.Y("count():Q", stack=None, title="games"),
        color=alt.Color("scenario:N", legend=alt.Legend(orient="top")),
        tooltip=["scenario:N", "count():Q"],
    ).properties(width=width, height=height, title="Final Gini")


def gini_band_chart(trajectories: pd.DataFrame, width: int = 320, height: int = 180) -> alt.TopLevelMixin:
    """Mean Gini over turns per scenario with a 95% interval of the mean (mean ± 1.96·s/√n)."""
    base = alt.Chart(trajectories).encode(x=alt.X("turn:Q", title="turn"),
                                          color=alt.Color("scenario:N", legend=alt.Legend(orient="top")))
    band = base.mark_area(opacity=0.25).encode(y=alt.Y("lo:Q", title="Gini (mean, 95% interval)",
                                                        scale=alt.Scale(domain=[0, 1])), y2="hi:Q")
    line = base.mark_line().encode(y="mean:Q", tooltip=["scenario:N", "turn:Q", alt.Tooltip("mean:Q", format=".3f"),
                                                         alt.Tooltip("lo:Q", format=".3f"),
                                                         alt.Tooltip("hi:Q", format=".3f"), "games:Q"])
    return alt.layer(band, line).properties(width=width, height=height, title="Gini over turns")


def winners_chart(results: pd.DataFrame, width: int = 320, height: int = 180) -> alt.Chart:
    """Share of games won by each strategy, per scenario."""
    return alt.Chart(results).mark_bar().encode(
        x=alt.X("count():Q", stack="normalize", title="share of games won"),
        y=alt.Y("scenario:N", title=None), color=alt.Color("winner_strategy:N", legend=alt.Legend(orient="top",
                                                                                                    title="winner")),
        tooltip=["scenario:N", "winner_strategy:N", "count():Q"],
    ).properties(width=width, height=height, title="Winners by strategy")


def lab_flows_chart(flows: pd.DataFrame, width: int = 320, height: int = 220) -> alt.Chart:
    """Mean money moved per game by reason and where it went (rent to holders versus taxes and
    rent to the Public Treasury), one bar per scenario."""
    return alt.Chart(flows).mark_bar().encode(
        x=alt.X("per_game:Q", title="mean per game"), y=alt.Y("flow:N", sort="-x", title=None),
        color=alt.Color("scenario:N", legend=alt.Legend(orient="top")), yOffset="scenario:N",
        tooltip=["scenario:N", "flow:N", alt.Tooltip("per_game:Q", format=".1f")],
    ).properties(width=width, height=height, title="Rent versus tax: where the money went")
