"""What the scenario lab shows of a run: the answer in words, the summary table, and the four
charts (final Gini, mean Gini over turns, winners by strategy, money by kind of flow), each with
its words and "show as a table" below it."""

from __future__ import annotations

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.analysis.lab import LabRun, summary_table
from landlord.analysis.tally import Tally
from landlord.charts import figures as lib
from landlord.charts.dressing import blank
from landlord.charts.lab import lab_charts, lab_numbers
from landlord.charts.numbers import numbers_html

from .board_view import described
from .lab_words import answer_html
from .layout import WRAP

SLOT = "0 1 460px"
"""A lab chart's box with its words (flex: as wide as its chart and a little more): two side
by side from about 1000 px, one under the other on a phone."""


def _slot(chart: W.DOMWidget, words: W.HTML) -> W.VBox:
    """A lab chart with its words below it (:func:`~landlord.widgets.board_view.described`), in
    a box of its own width (:data:`SLOT`)."""
    box = described(chart, words)
    box.layout.flex = SLOT
    return box


class LabView:
    """The run's :attr:`answer`, :attr:`summary` and charts (:attr:`charts`: two rows of two)."""

    def __init__(self) -> None:
        self.answer = W.HTML()
        self.summary = W.HTML()
        self.final = alt.JupyterChart(blank())
        self.band = alt.JupyterChart(blank())
        self.winners = alt.JupyterChart(blank())
        self.flows = alt.JupyterChart(blank())
        self.final_words, self.band_words, self.winners_words, self.flows_words = (W.HTML() for _ in range(4))
        """Each chart's sentence and "show as a table" (below it)."""
        self.charts = [W.HBox([_slot(self.final, self.final_words), _slot(self.band, self.band_words)], layout=WRAP),
                       W.HBox([_slot(self.winners, self.winners_words), _slot(self.flows, self.flows_words)],
                              layout=WRAP)]

    def slots(self) -> list[tuple[alt.JupyterChart, W.HTML]]:
        """The four charts, each with the words below it."""
        return [(self.final, self.final_words), (self.band, self.band_words),
                (self.winners, self.winners_words), (self.flows, self.flows_words)]

    def clear(self) -> None:
        """No old results beside a new run."""
        for slot, words in self.slots():
            slot.chart = blank("running…")
            words.value = ""
        self.summary.value, self.answer.value = "", ""

    def draw(self, run: LabRun, frames: dict[str, pd.DataFrame], tally: Tally | None, running: bool) -> None:
        """Charts, summary and answer of ``run`` (``frames``: its
        :func:`~landlord.charts.lab.lab_frames`; ``tally``: its stop rule); ``running``: games
        are still coming."""
        for (slot, words), chart, (text, table) in zip(self.slots(), lab_charts(run, frames), lab_numbers(frames),
                                                       strict=True):
            slot.chart = chart
            words.value = numbers_html(text, table, lib.spec_title(slot.spec))
        head = "<i>Running — the games so far:</i>" if running else ""
        self.summary.value = (head + summary_table(run).to_html(index=False, border=0)
                              + "<p><small>± 95%: an interval that stays valid however often you look at it "
                                "as games arrive (a confidence sequence), so the lab may stop as soon as it "
                                "answers.</small></p>")
        self.answer.value = answer_html(tally, running)
