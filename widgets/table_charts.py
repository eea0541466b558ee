"""The game table's live charts: each player's wealth, the Gini (brushing it rewinds the table)
and where the money went, drawn by the chart library from the metrics frames of the game on
view, turn by turn (per round when a game is too long for Altair's row limit)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as W
import pandas as pd

from landlord.analysis import metrics
from landlord.charts import figures as lib
from landlord.charts.dressing import sized, with_brush
from landlord.charts.numbers import flows_numbers, gini_numbers, wealth_numbers
from landlord.data.ruleset import Ruleset
from landlord.engine.game import Game

from .board_view import FrameSlot
from .layout import WRAP
from .words import short_title

LONG_GAME_ROWS = 4000
"""Above this many panel rows a table's charts go per round (Altair's row limit is 5000)."""


def phases_in_words(frame: pd.DataFrame, ruleset: Ruleset, columns: Sequence[str]) -> pd.DataFrame:
    """``frame`` with the phase ids in ``columns`` replaced by the phases' titles, shortened for a
    legend ("part1" → "Part 1: buying the land"): students never read a phase's id."""
    words = {name: short_title(ph.title) for name, ph in ruleset.phases.items()}
    out = frame.copy()
    for col in columns:
        if col in out:
            out[col] = out[col].map(lambda v: words.get(v, v))
    return out


def whole_labels(chart: Any) -> Any:
    """A chart whose legend labels are never cut off ("land rent and land value tax to th…")."""
    return chart.configure_legend(labelLimit=0, titleLimit=0)


class TableCharts:
    """The table's three chart slots (:attr:`box`), redrawn when the game on view moves on a
    turn, changes its rules or ends (:meth:`draw`)."""

    def __init__(self) -> None:
        self.wealth_slot, self.gini_slot, self.flows_slot = FrameSlot(), FrameSlot(), FrameSlot()
        self.box = W.HBox([self.wealth_slot.box, self.gini_slot.box, self.flows_slot.box], layout=WRAP)
        self._key: tuple[int, int, str, bool] | None = None

    def draw(self, g: Game) -> None:
        """Wealth, Gini and money flows of the game on view, by the chart library from the
        metrics frames (per turn; per round when a game is too long for Altair's row limit);
        nothing when the game on view, its turn, rules and end are as last drawn (the board and
        the cards follow every click, the charts turn by turn)."""
        key = (id(g), g.turn, g.phase, g.over)
        if key == self._key:
            return
        panel = metrics.panel(g)
        if len(panel) > LONG_GAME_ROWS:
            panel = metrics.round_ends(panel)
        panel = phases_in_words(panel, g.ruleset, ("phase",))
        by = "turn" if g.turn * 5 <= LONG_GAME_ROWS else "round"
        names = tuple(g.names)
        frames = {"panel": panel, "spans": metrics.phase_spans(panel)}  # phases already in words
        self.wealth_slot.show_frames(("wealth", names), lambda f: whole_labels(sized(
            lib.wealth_over_time(f["panel"], f["spans"], title="Wealth of each player"), names)), frames,
            wealth_numbers)
        gframes = {"gini": metrics.gini_frame(panel),
                   "changes": phases_in_words(metrics.phase_changes(g), g.ruleset, ("old", "new"))}
        top = lib.gini_axis_top(float(gframes["gini"]["gini"].max()) if len(gframes["gini"]) else 0.0)
        self.gini_slot.show_frames(("gini", top), lambda f: whole_labels(with_brush(
            lib.gini_over_time(f["gini"], f["changes"]))), gframes,
            gini_numbers)
        tr = metrics.transfers(g)
        flows = metrics.money_flows(tr, by=by) if not tr.empty else pd.DataFrame(
            columns=["game", by, "flow", "amount", "cumulative"])
        self.flows_slot.show_frames(("flows", by), lambda f: whole_labels(sized(
            lib.money_flows_chart(f["flows"], by=by, title="Where the money went"))), {"flows": flows},
            lambda f: flows_numbers(f, by))
        self._key = key
