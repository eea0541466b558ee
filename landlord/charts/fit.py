"""Charts sized to fit a phone: the lab's charts (and the lab page's reveal) with their titles,
axis titles and labels broken into lines and their legends below them, so that a chart is about
as wide as its plot and axis — drawn whole at its size on a 390 px phone and two side by side on
a laptop — and no label is cut short ("…"); a widget's box
(:func:`landlord.widgets.reveals.fitted`) shrinks a chart still wider than the room it is given
instead of cutting it off."""

from __future__ import annotations

import json
import textwrap
from collections.abc import Iterable
from typing import Any

import altair as alt

PROJECTOR = {"label": 13, "title": 14, "heading": 16}
"""Font sizes (px) of the lab's charts: readable on a classroom projector."""
PLOT = 260
"""Width (px) of a lab chart's plot: with its axis, a chart is at most about 340 px wide, so it
is drawn at its size on a 390 px phone (the page's margins aside) and two sit side by side on a
laptop."""
FLOW_PLOT = 130
"""... the money chart's plot, narrower: its kinds of flow take two lines each beside it."""
LINE = {"heading": 36, "subtitle": 42, "axis": 30, "label": 24}
"""Characters a line of a lab chart's title, subtitle, axis title, or axis and header label holds
before the words go on to the next line (at :data:`PROJECTOR`'s sizes, about :data:`PLOT` px)."""


def lines(text: str, width: int) -> str | list[str]:
    """``text`` broken at spaces into lines of at most ``width`` characters (a word longer than
    that on a line of its own, whole); one line as a string."""
    out = textwrap.wrap(text, width, break_long_words=False, break_on_hyphens=False) or [text]
    return out[0] if len(out) == 1 else out


def label_lines(words: Iterable[Any], width: int = LINE["label"]) -> str:
    """A Vega label expression that draws each of ``words`` longer than ``width`` characters on
    several lines (:func:`lines`), and any other label as it is."""
    long = {str(w): lines(str(w), width) for w in words if len(str(w)) > width}
    # JSON with every character past ASCII escaped: a string literal Vega's expression parser
    # reads as written, whatever an instructor typed into a scenario's name
    return f"{json.dumps(long)}[datum.label] || datum.label" if long else "datum.label"


def rows_height(labels: Iterable[Any]) -> int:
    """The height (px) of a chart with a row for each of ``labels`` (a bar per scenario in it),
    the rows of one height: room for the longest label in its lines (:func:`label_lines`), and
    for at least two lines."""
    each = [lines(str(w), LINE["label"]) for w in dict.fromkeys(labels)]
    most = max([2, *(len(w) for w in each if isinstance(w, list))])
    return max(60, len(each) * (LABEL_LINE * most + LABEL_LINE // 2))


LABEL_LINE = 16
"""Height (px) of a line of a label at :data:`PROJECTOR`'s size."""


def projector(chart: Any, *subtitle: str, words: Iterable[Any] = ()) -> Any:
    """``chart`` with projector-sized text (:data:`PROJECTOR`), optional subtitle lines, its
    title, subtitles, axis titles and axis and header labels (``words``: the names they show) broken into
    lines (:data:`LINE`), its legends below it, one entry a line: a chart is about as wide as
    its plot and axis, and no label is cut short."""
    subs = [line for t in subtitle if t for line in textwrap.wrap(t, LINE["subtitle"], break_long_words=False)]
    if isinstance(chart.title, str):
        chart = chart.properties(title=alt.TitleParams(text=lines(chart.title, LINE["heading"]),
                                                       subtitle=subs or alt.Undefined))
    f, expr = PROJECTOR, label_lines(dict.fromkeys(words))
    encoding: Any = getattr(chart, "encoding", alt.Undefined)  # a one-layer chart's long axis titles, in lines
    for channel in ("x", "y"):
        axis: Any = getattr(encoding, channel, alt.Undefined) if encoding is not alt.Undefined else alt.Undefined
        if axis is not alt.Undefined and isinstance(axis["title"], str):
            axis["title"] = lines(axis["title"], LINE["axis"])
    return (chart.configure_axis(labelFontSize=f["label"], titleFontSize=f["title"], labelExpr=expr,
                                 labelLimit=0)
            .configure_legend(labelFontSize=f["label"], titleFontSize=f["title"], orient="bottom", columns=1,
                              labelLimit=0)
            .configure_header(labelFontSize=f["label"], titleFontSize=f["title"], labelExpr=expr)
            .configure_title(fontSize=f["heading"], subtitleFontSize=f["label"]))
