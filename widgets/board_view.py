"""Chart slots (an offline JupyterChart whose spec is built once and refilled with rows) and the
presentation the widgets add to the chart library's charts: sizing, the seats' colours and the
rewind brush. Every chart itself is :mod:`landlord.charts.figures`' on
:mod:`landlord.analysis.metrics` frames; nothing here computes anything about the game. The
board is :mod:`landlord.widgets.board` (its :class:`BoardView` is imported here too, where the
class pages look for it)."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.charts import figures as lib
from landlord.charts.palette import SEAT_DASHES, SEAT_SHAPES

from .board import BoardView
from .state import PLAYER_COLOURS

__all__ = ["BoardView"]  # and what is defined below


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return (alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text=alt.Text("t:N"))
            .properties(width=80, height=30))


def seat_colours(chart: Any, names: Sequence[str]) -> Any:
    """``chart`` with every colour keyed by a player (``player``/``owner`` fields) given the
    seats' colours in seat order — the same colour for a seat in the panel, on its token, its
    holdings and every chart, whoever appears first."""
    scale = alt.Scale(domain=list(names), range=[PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(len(names))])
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


def described(chart: W.DOMWidget, words: W.HTML) -> W.VBox:
    """A chart with its words (its sentence and "show as a table") below it, as one box."""
    return W.VBox([chart, words], layout=W.Layout(max_width="100%"))


class ChartSlot:
    """One JupyterChart. The Altair chart (with named, empty datasets) is built and validated
    only when its ``key`` changes; every redraw just swaps the rows into the spec."""

    def __init__(self, menu: bool = True) -> None:
        lib.enable_offline()
        # without its menu ("…": save as SVG or PNG) a chart has the 38 px the menu keeps beside it
        self.widget = alt.JupyterChart(blank(), embed_options=None if menu else {"actions": False})
        self.key: Hashable = None
        self.template: dict[str, Any] = {}
        self.datasets: dict[str, list[dict[str, Any]]] = {}
        self.words = W.HTML()
        """The chart's text alternative and its "show as a table" (below the chart)."""
        self.box = described(self.widget, self.words)
        """The chart with its words: what a table lays out."""

    def caption(self) -> str:
        """The chart's title, as its table's caption."""
        return lib.spec_title(self.template)

    def show(self, key: Hashable, make: Callable[[], Any],
             datasets: dict[str, list[dict[str, Any]]]) -> None:
        """Draw ``datasets`` into the chart ``make()`` builds (rebuilt only for a new ``key``)."""
        if key != self.key:
            chart = make()
            self.widget.chart = chart
            self.template = self.widget.spec
            self.key = key
        self.datasets = datasets
        self.widget.spec = fill(self.template, datasets)


TABLE_ROWS = 20
"""A chart's "show as a table" lists at most about this many rows (every n-th turn, and the last)."""


def fewer_rows(df: pd.DataFrame, most: int = TABLE_ROWS) -> pd.DataFrame:
    """``df`` cut to about ``most`` rows, evenly spaced, the last row always kept."""
    if len(df) <= most:
        return df
    step = -(-len(df) // most)
    return pd.concat([df.iloc[::step], df.iloc[[-1]]]).drop_duplicates()


def numbers_html(words: str, table: pd.DataFrame | None, caption: str = "", most: int = TABLE_ROWS) -> str:
    """A chart's text alternative (``words``, from its data) and its numbers folded under a
    "show as a table" control (a native ``<details>``: keyboard and screen reader work as is)."""
    out = f'<p class="ll-chart-words" style="font-size:12px;margin:2px 0">{html.escape(words)}</p>'
    if table is None or table.empty:
        return out
    rows = fewer_rows(table, most)
    note = f" (one row in {-(-len(table) // most)}, and the last)" if len(rows) < len(table) else ""
    cap = html.escape(caption + note)
    return out + ('<details class="ll-numbers"><summary>Show as a table</summary>'
                  + rows.to_html(index=False, border=0, na_rep="", float_format=lambda x: f"{x:,.2f}")
                  .replace('<table class="dataframe">', f'<table class="dataframe"><caption>{cap}</caption>', 1)
                  + "</details>")


Numbers = tuple[str, pd.DataFrame | None]
"""A chart's text alternative and the table of its numbers."""


def wealth_numbers(frames: dict[str, pd.DataFrame]) -> Numbers:
    """The table's wealth chart in words and as a table: each player's net worth, turn by turn."""
    panel = frames["panel"]
    table = panel.pivot_table(index="turn", columns="player", values="net_worth", aggfunc="last")
    return lib.wealth_words(panel), table.rename_axis(columns=None).reset_index()


def gini_numbers(frames: dict[str, pd.DataFrame]) -> Numbers:
    """The table's Gini chart in words and as a table: the Gini, turn by turn."""
    return lib.gini_words(frames["gini"], frames["changes"]), frames["gini"][["turn", "gini"]].set_axis(
        ["turn", "Gini"], axis=1)


def flows_numbers(frames: dict[str, pd.DataFrame], by: str) -> Numbers:
    """The table's money-flows chart in words and as a table: the money moved by kind so far."""
    flows = frames["flows"]
    totals = pd.DataFrame(flows.groupby("flow", as_index=False)["amount"].sum()).set_axis(
        ["kind of flow", "money moved so far"], axis=1)
    return lib.flows_words(flows, by), totals


def tables_gini_numbers(frame: pd.DataFrame) -> Numbers:
    """The class's every-table Gini chart in words and as a table: each table's Gini, turn by turn."""
    table = frame.pivot_table(index="turn", columns="table", values="gini", aggfunc="last")
    table = table.rename(columns=lambda t: f"table {t}").rename_axis(columns=None).reset_index()
    return lib.tables_gini_words(frame), table


def class_final_numbers(room_rows: pd.DataFrame, band: pd.DataFrame) -> Numbers:
    """The class's final-Gini chart in words and as a table: per rules in force at the end, each
    table's final Gini and the bot games' number, lowest, middle and highest."""
    groups = list(dict.fromkeys([*room_rows["regime"], *band["regime"]]))
    rows = []
    for regime in groups:
        mine = room_rows[room_rows["regime"] == regime]
        bots = band.loc[band["regime"] == regime, "gini"]
        rows.append({"rules in force at the end": regime,
                     "tables' final Gini": ", ".join(f"table {r['table']}: {r['gini_population']:.2f}"
                                                     for _, r in mine.iterrows()),
                     "bot games": len(bots), "lowest": bots.min(), "middle": bots.median(), "highest": bots.max()})
    return lib.class_final_gini_words(room_rows, band), pd.DataFrame(rows)


class FrameSlot(ChartSlot):
    """A slot for a chart of the chart library drawn from ``landlord.analysis.metrics`` frames: the chart
    is built (and validated) once per ``key`` and per set of non-empty frames; each redraw swaps
    the frames' rows into the datasets the library's chart reads (matched by their columns)."""

    def __init__(self) -> None:
        super().__init__()
        self.roles: dict[str, str] = {}

    def show_frames(self, key: Hashable, make: Callable[[dict[str, pd.DataFrame]], Any],
                    frames: dict[str, pd.DataFrame],
                    describe: Callable[[dict[str, pd.DataFrame]], Numbers] | None = None,
                    ) -> None:
        """Draw ``frames`` into the chart ``make(frames)`` builds; ``describe(frames)`` gives its
        text alternative and the table of its numbers, redrawn with it."""
        full = (key, tuple(sorted(k for k, f in frames.items() if not f.empty)))
        if full != self.key:
            self.widget.chart = make(frames)
            self.template = self.widget.spec
            self.key = full
            self.roles = {}
            for name, values in self.template.get("datasets", {}).items():
                cols = set(values[0]) if values else set()
                for role, f in frames.items():
                    if not f.empty and {str(c) for c in f.columns} == cols:
                        self.roles[name] = role
        data = {name: records(frames[role]) for name, role in self.roles.items()}
        self.datasets = data
        spec = fill(self.template, data)
        if describe is not None:
            words, table = describe(frames)
            spec["description"] = words
            self.words.value = numbers_html(words, table, self.caption())
        self.widget.spec = spec

    def rows(self, role: str) -> list[dict[str, Any]]:
        """The rows last drawn for the frame called ``role``."""
        for name, r in self.roles.items():
            if r == role:
                return self.datasets[name]
        return []


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """A frame as JSON-ready rows (NaN becomes null, as Altair itself writes it)."""
    return [{str(k): (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in df.to_dict("records")]
