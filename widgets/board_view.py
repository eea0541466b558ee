"""Chart slots (an offline JupyterChart whose spec is built once and refilled with rows) and the
board beside the action bar."""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

import altair as alt

from landlord.game import Game
from widgets import _interim_charts as charts
from widgets.state import space_rows, token_rows

_OFFLINE = False


def enable_offline_charts() -> None:
    """Serve Vega from vl-convert instead of a CDN (classrooms have no internet). Once per kernel."""
    global _OFFLINE
    if not _OFFLINE:
        alt.JupyterChart.enable_offline()
        _OFFLINE = True


class ChartSlot:
    """One JupyterChart. The Altair chart (with named, empty datasets) is built and validated
    only when its ``key`` changes; every redraw just swaps the rows into the spec."""

    def __init__(self) -> None:
        enable_offline_charts()
        self.widget = alt.JupyterChart(charts.blank())
        self.key: Hashable = None
        self.template: dict[str, Any] = {}
        self.datasets: dict[str, list[dict[str, Any]]] = {}

    def show(self, key: Hashable, make: Callable[[], Any],
             datasets: dict[str, list[dict[str, Any]]]) -> None:
        """Draw ``datasets`` into the chart ``make()`` builds (rebuilt only for a new ``key``)."""
        if key != self.key:
            chart = make()
            self.widget.chart = chart
            self.template = self.widget.spec
            self.key = key
        self.datasets = datasets
        self.widget.spec = charts.fill(self.template, datasets)


def board_centre(game: Game) -> str:
    """The text in the middle of the board: turn, round, phase and whose decision it is."""
    phase = game.ruleset.phases[game.phase].title
    phase = phase if len(phase) <= 44 else phase[:43] + "…"
    d = game.pending
    who = "game over" if d is None else f"{game.names[d.seat]} to choose"
    return f"{game.ruleset.title[:44]}\nturn {game.turn} · round {game.round}\n{phase}\n{who}"


class BoardView(ChartSlot):
    """The board of a game as a ring of spaces; :meth:`update` redraws it."""

    def __init__(self, size: int = 460) -> None:
        super().__init__()
        self.size = size

    def update(self, game: Game) -> None:
        """Redraw the board from ``game``."""
        key = ("board", game.board.id, len(game.board), tuple(game.names), self.size)
        self.show(key, lambda: charts.board_chart(len(game.board), game.names, game.board.title, self.size),
                  charts.board_data(space_rows(game), token_rows(game), board_centre(game)))
