"""Chart slots: an offline JupyterChart whose spec is built once and refilled with rows, with its
words below it. The charts are :mod:`landlord.charts.figures`' on :mod:`landlord.analysis.metrics`
frames, dressed for the table by :mod:`landlord.charts.dressing` and put in words by
:mod:`landlord.charts.numbers`; nothing here computes anything about the game."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.charts import figures as lib
from landlord.charts.dressing import blank, fill, records
from landlord.charts.numbers import Numbers, numbers_html


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
