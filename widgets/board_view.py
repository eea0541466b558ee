"""Chart slots (an offline JupyterChart whose spec is built once and refilled with rows) and the
board beside the action bar."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import Any

import altair as alt
import pandas as pd

from landlord import charts as lib
from landlord import metrics
from landlord.game import Game
from widgets import _interim_charts as charts
from widgets.state import space_rows

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


class FrameSlot(ChartSlot):
    """A slot for a chart of the chart library drawn from ``landlord.metrics`` frames: the chart
    is built (and validated) once per ``key`` and per set of non-empty frames; each redraw swaps
    the frames' rows into the datasets the library's chart reads (matched by their columns)."""

    def __init__(self) -> None:
        super().__init__()
        self.roles: dict[str, str] = {}

    def show_frames(self, key: Hashable, make: Callable[[dict[str, pd.DataFrame]], Any],
                    frames: dict[str, pd.DataFrame]) -> None:
        """Draw ``frames`` into the chart ``make(frames)`` builds."""
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
        self.widget.spec = charts.fill(self.template, data)

    def rows(self, role: str) -> list[dict[str, Any]]:
        """The rows last drawn for the frame called ``role``."""
        for name, r in self.roles.items():
            if r == role:
                return self.datasets[name]
        return []


def board_centre(game: Game) -> str:
    """The text in the middle of the board: turn, round, phase and whose decision it is."""
    phase = game.ruleset.phases[game.phase].title
    phase = phase if len(phase) <= 44 else phase[:43] + "…"
    d = game.pending
    who = "game over" if d is None else f"{game.names[d.seat]} to choose"
    return f"{game.ruleset.title[:44]}\nturn {game.turn} · round {game.round}\n{phase}\n{who}"


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """A frame as JSON-ready rows (NaN becomes null, as Altair itself writes it)."""
    return [{str(k): (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in df.to_dict("records")]


def overlay_rows(game: Game, board: pd.DataFrame, tokens: pd.DataFrame) -> dict[str, list[dict[str, Any]]]:
    """What the widget draws over the chart library's board: short names, mortgages ('M',
    faded), charters ('C'), buildings, reconstructed spaces (dashed, starred), a ring round the
    token whose decision it is, and the turn/phase text in the middle."""
    spaces = space_rows(game)
    rows = []
    for s, (_, b) in zip(spaces, board.iterrows(), strict=True):
        marks = "".join(m for m, on in (("M", s["mortgaged"]), ("C", s["charter"])) if on)
        if s["buildings"]:
            marks += f"{s['buildings']}⌂"
        rows.append({"x": b["x"], "x2": b["x2"], "y": b["y"], "y2": b["y2"], "cx": b["cx"], "cy": b["cy"],
                     "label": charts.short_label(s), "marks": marks, "mortgaged": s["mortgaged"],
                     "reconstructed": s["reconstructed"], "name": s["name"],
                     "values": "reconstructed" if s["reconstructed"] else "from the sources",
                     "note": s["note"] if s["reconstructed"] else ""})
    d = game.pending
    focus = [] if d is None else [{"x": float(tokens.iloc[d.seat]["x"]), "y": float(tokens.iloc[d.seat]["y"]),
                                   "who": game.names[d.seat]}]
    side = float(max(board["x2"].max(), board["y2"].max()))
    lines = board_centre(game).split("\n")
    centre = [{"x": side / 2, "y": side / 2 + 0.9 - 0.6 * i, "t": t} for i, t in enumerate(lines)]
    return {"ll_overlay": rows, "ll_focus": focus, "ll_centre": centre}


def board_spec(game: Game, size_cell: int = 40) -> tuple[Any, dict[str, str]]:
    """The chart library's board (``landlord.charts.board_chart`` on ``landlord.metrics``
    frames) with the widget's overlay layers; also which dataset name holds which frame."""
    board = metrics.game_board_frame(game)
    tokens = metrics.tokens_frame(game)
    chart = lib.board_chart(board, tokens=tokens, title=game.board.title, cell=size_cell)
    side = float(max(board["x2"].max(), board["y2"].max()))
    chart.layer = [*chart.layer, *charts.board_overlay(side)]
    roles: dict[str, str] = {}
    for name, values in chart.to_dict()["datasets"].items():
        if values and "x2" in values[0] and "owner" in values[0]:
            roles[name] = "board"
        elif values and "player" in values[0] and "seat" in values[0]:
            roles[name] = "tokens"
    return chart, roles


class BoardView(ChartSlot):
    """The board of a game (the chart library's ring, with the widget's overlay); :meth:`update`
    redraws it by swapping the rows into a spec built once per board and seating."""

    def __init__(self, cell: int = 40) -> None:
        super().__init__()
        self.cell = cell
        self.roles: dict[str, str] = {}

    def rows(self, role: str) -> list[dict[str, Any]]:
        """The rows last drawn for ``role``: ``board`` or ``tokens`` (the library's frames) or
        ``ll_overlay`` / ``ll_focus`` / ``ll_centre`` (the widget's overlay)."""
        for name, r in self.roles.items():
            if r == role:
                return self.datasets[name]
        return self.datasets[role]

    def update(self, game: Game) -> None:
        """Redraw the board from ``game``."""
        key = ("board", game.board.id, len(game.board), tuple(game.names), self.cell)
        board = metrics.game_board_frame(game)
        tokens = metrics.tokens_frame(game)
        if key != self.key:
            chart, self.roles = board_spec(game, self.cell)
            self.widget.chart = chart
            self.template = self.widget.spec
            self.key = key
        frames = {"board": records(board), "tokens": records(tokens)}
        data = {name: frames[role] for name, role in self.roles.items()}
        data.update(overlay_rows(game, board, tokens))
        self.datasets = data
        self.widget.spec = charts.fill(self.template, data)
