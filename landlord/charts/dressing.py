"""What the front ends add to the chart library's charts (:mod:`landlord.charts.figures`):
their size beside the board, the seats' colours (the same for a seat on its token, its cards and
every chart), the rewind brush of the Gini chart, a placeholder before the first chart, and a
built spec refilled with new rows (the chart is built and validated once; a redraw swaps the
rows). Nothing here computes anything about the game."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd

from landlord.charts.palette import SEAT_COLOURS, SEAT_DASHES, SEAT_SHAPES


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return (alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text=alt.Text("t:N"))
            .properties(width=80, height=30))


def seat_colours(chart: Any, names: Sequence[str]) -> Any:
    """``chart`` with every colour keyed by a player (``player``/``owner`` fields) given the
    seats' colours in seat order — the same colour for a seat in the panel, on its token, its
    holdings and every chart, whoever appears first."""
    scale = alt.Scale(domain=list(names), range=[SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(len(names))])
    dashed = False
    for layer in getattr(chart, "layer", None) or [chart]:
        enc: Any = getattr(layer, "encoding", alt.Undefined)
        if enc is alt.Undefined:
            continue
        shape: Any = getattr(enc, "shape", alt.Undefined)
        if shape is not alt.Undefined:  # the tokens' shapes: each seat's second cue, in one legend with its colour
            shape.scale = alt.Scale(domain=list(names), range=[SEAT_SHAPES[i % len(SEAT_SHAPES)]
                                                                for i in range(len(names))])
            shape.legend = alt.Legend(orient="bottom", title="player", columns=4)
        for channel in ("color", "fill"):
            e: Any = getattr(enc, channel, alt.Undefined)
            if e is alt.Undefined:
                continue
            field = str(getattr(e, "shorthand", "") or getattr(e, "field", "")).split(":")[0]
            if field in ("player", "owner"):
                e.scale = scale
                e.legend = legend = alt.Legend(orient="bottom", title="held by" if field == "owner" else "player",
                                               columns=4)
                if field == "player" and _mark(layer) == "line":  # each seat's line dashed its own way too
                    enc.strokeDash = alt.StrokeDash("player:N", legend=legend, scale=alt.Scale(
                        domain=list(names), range=[list(SEAT_DASHES[i % len(SEAT_DASHES)]) for i in range(len(names))]))
                    dashed = True
    if dashed and isinstance(chart, alt.LayerChart):  # resolved as its colour is, so one legend shows both
        scales: Any = getattr(chart.resolve, "scale", alt.Undefined)
        if getattr(scales, "color", None) == "independent":
            scales.strokeDash = "independent"
    return chart


def _mark(layer: Any) -> str:
    """The mark type of a chart layer ("line", "point", …)."""
    mark = getattr(layer, "mark", "")
    return str(mark if isinstance(mark, str) else getattr(mark, "type", ""))


def fill(spec: dict[str, Any], datasets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A copy of a chart's Vega-Lite ``spec`` with its named datasets filled in (cheap: the
    spec is built and validated once; each redraw only swaps the rows)."""
    out = dict(spec)
    out["datasets"] = {**spec.get("datasets", {}), **datasets}
    return out


def sized(chart: Any, names: Sequence[str] = (), width: int = 330, height: int = 200) -> Any:
    """A library chart resized to sit beside the board (and, given the seats' ``names``, with
    the seats' colours, as their tokens and cards have them)."""
    out = chart.properties(width=width, height=height)
    return seat_colours(out, names) if names else out


def with_brush(chart: Any, width: int = 330, height: int = 200) -> Any:
    """A library Gini chart with an interval selection along the turns (:data:`BRUSH`)."""
    brush = alt.selection_interval(name=BRUSH, encodings=["x"])
    if isinstance(chart, alt.LayerChart):
        # alt.layer lifts the selection to the top level, where JupyterChart looks for it
        chart = alt.layer(chart.layer[0].add_params(brush), *chart.layer[1:], data=chart.data).properties(
            title=chart.title, description=chart.description)
    else:
        chart = chart.add_params(brush)
    return chart.properties(width=width, height=height)


BRUSH = "rewind"
"""Name of the interval selection on the Gini chart (brushing it rewinds the table)."""


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """A frame as JSON-ready rows (NaN becomes null, as Altair itself writes it)."""
    return [{str(k): (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in df.to_dict("records")]

