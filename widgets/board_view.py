"""Chart slots (an offline JupyterChart whose spec is built once and refilled with rows), the
board beside the action bar, and the presentation the widgets add to the chart library's charts:
the overlay on the library's board (short names, mortgages, charters, buildings, reconstructed
spaces, whose decision), sizing, the seats' colours and the rewind brush. Every chart itself is
:mod:`landlord.charts.figures`' on :mod:`landlord.analysis.metrics` frames; nothing here computes anything about
the game."""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.analysis import metrics
from landlord.charts import figures as lib
from landlord.charts.palette import SEAT_SHAPES
from landlord.engine.game import Game

from .state import PLAYER_COLOURS, space_rows


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text="t:N").properties(width=80, height=30)


_SHORTER = (("Avenue", "Av."), ("Street", "St."), ("Place", "Pl."), ("Gardens", "Gdns"), ("Railroad", "RR"),
            ("Railway", "Rly"), ("Company", "Co."), ("Square", "Sq."), ("Terrace", "Ter."), ("Road", "Rd"))
LABEL_CHARS = 10
"""A square's label is two lines of at most this many characters; longer names are abbreviated
(the full name shows on hover and on tap)."""


def _fit(word: str) -> str:
    return word if len(word) <= LABEL_CHARS else word[:LABEL_CHARS - 1] + "…"


def short_label(row: dict[str, Any]) -> str:
    """A space's name as the prompts and the log give it, on at most two short lines to fit its
    square ('*' marks reconstructed values): "Illinois Avenue" → "Illinois\\nAv.",
    "Mediterranean Avenue" → "Mediterra…\\nAv."."""
    name = str(row["name"]).split(":")[-1].strip()
    for long, short in _SHORTER:
        name = name.replace(long, short) if len(name) > LABEL_CHARS else name
    lines = [""]
    for word in name.split():
        if lines[-1] and len(lines[-1]) + 1 + len(word) > LABEL_CHARS:
            if len(lines) == 2:
                lines[-1] = _fit(lines[-1] + " " + word)
                break
            lines.append("")
        lines[-1] = _fit(f"{lines[-1]} {word}".strip())
    return "\n".join(lines) + ("*" if row.get("reconstructed") else "")


TAP = "ll_tap"
"""The board's click/tap selection: the tapped space's full name shows in the board's middle."""


def seat_colours(chart: Any, names: Sequence[str]) -> Any:
    """``chart`` with every colour keyed by a player (``player``/``owner`` fields) given the
    seats' colours in seat order — the same colour for a seat in the panel, on its token, its
    holdings and every chart, whoever appears first."""
    scale = alt.Scale(domain=list(names), range=[PLAYER_COLOURS[i % len(PLAYER_COLOURS)] for i in range(len(names))])
    for layer in getattr(chart, "layer", None) or [chart]:
        enc = getattr(layer, "encoding", alt.Undefined)
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
                e.legend = alt.Legend(orient="bottom", title="held by" if field == "owner" else "player", columns=4)
    return chart


def _named(name: str) -> alt.Chart:
    return alt.Chart(alt.NamedData(name=name))


def fill(spec: dict[str, Any], datasets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A copy of a chart's Vega-Lite ``spec`` with its named datasets filled in (cheap: the
    spec is built and validated once; each redraw only swaps the rows)."""
    out = dict(spec)
    out["datasets"] = {**spec.get("datasets", {}), **datasets}
    return out


def board_overlay(side: float) -> list[alt.Chart]:
    """Layers the widget draws over ``landlord.charts.figures.board_chart`` (same coordinates): data
    ``ll_overlay`` (short names, marks, mortgages, reconstructed spaces), ``ll_focus`` (the
    token whose decision it is) and ``ll_centre`` (turn and phase text)."""
    xs = alt.Scale(domain=[-0.6, side + 0.6])
    ys = alt.Scale(domain=[-0.6, side + 0.6])
    rect = {"x": alt.X("x:Q", scale=xs), "x2": "x2:Q", "y": alt.Y("y:Q", scale=ys),
            "y2": "y2:Q"}
    tip = [alt.Tooltip("name:N", title="space"), alt.Tooltip("holder:N", title="held by"),
           alt.Tooltip("values:N", title="numbers")]
    tap = alt.selection_point(name=TAP, on="click", fields=["name"], empty=False, clear="dblclick")
    over = _named("ll_overlay")
    hit = over.mark_rect(opacity=0.001).encode(**rect, tooltip=tip).add_params(tap)
    fade = over.transform_filter("datum.mortgaged").mark_rect(color="white", opacity=0.55).encode(
        **rect, tooltip=tip)
    recon = over.transform_filter("datum.reconstructed").mark_rect(
        filled=False, stroke="#b00000", strokeWidth=2, strokeDash=[4, 3]).encode(**rect, tooltip=tip)
    cx = alt.X("cx:Q", scale=xs)
    label = over.mark_text(fontSize=7, dy=-19, baseline="top", lineBreak="\n").encode(x=cx, y=alt.Y("cy:Q", scale=ys),
                                                      text="label:N", tooltip=tip)
    marks = over.mark_text(fontSize=10, fontWeight="bold", dy=11, color="#222").encode(
        x=cx, y=alt.Y("cy:Q", scale=ys), text="marks:N")
    focus = _named("ll_focus").mark_point(shape="circle", size=520, filled=False, strokeWidth=3,
                                          color="black").encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys),
        tooltip=[alt.Tooltip("who:N", title="to choose")])
    centre = _named("ll_centre").mark_text(fontSize=12).encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys), text="t:N")
    tapped = over.transform_filter(tap).mark_text(fontSize=13, fontWeight="bold", color="#b00000").encode(
        x=alt.datum(side / 2, scale=xs), y=alt.datum(side / 2 - 2.2, scale=ys), text="name:N")
    return [fade, recon, label, marks, focus, centre, hit, tapped]


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

    def __init__(self) -> None:
        lib.enable_offline()
        self.widget = alt.JupyterChart(blank())
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
    return lib.gini_words(frames["gini"], frames["changes"]), frames["gini"][["turn", "gini"]]


def flows_numbers(frames: dict[str, pd.DataFrame], by: str) -> Numbers:
    """The table's money-flows chart in words and as a table: the money moved by kind so far."""
    flows = frames["flows"]
    totals = pd.DataFrame(flows.groupby("flow", as_index=False)["amount"].sum()).set_axis(
        ["flow", "money moved so far"], axis=1)
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
    for s, b in zip(spaces, board.to_dict("records"), strict=True):  # not iterrows: a Series a row
        marks = "".join(m for m, on in (("M", s["mortgaged"]), ("C", s["charter"])) if on)
        if s["buildings"]:
            marks += f"{s['buildings']}⌂"
        rows.append({"x": b["x"], "x2": b["x2"], "y": b["y"], "y2": b["y2"], "cx": b["cx"], "cy": b["cy"],
                     "label": short_label(s), "marks": marks, "mortgaged": s["mortgaged"],
                     "reconstructed": s["reconstructed"], "name": s["name"],
                     "values": "reconstructed" if s["reconstructed"] else "from the sources",
                     "holder": s["owner"] or "nobody", "note": s["note"] if s["reconstructed"] else ""})
    d = game.pending
    focus = [] if d is None else [{"x": float(tokens.iloc[d.seat]["x"]), "y": float(tokens.iloc[d.seat]["y"]),
                                   "who": game.names[d.seat]}]
    side = float(max(board["x2"].max(), board["y2"].max()))
    lines = board_centre(game).split("\n")
    centre = [{"x": side / 2, "y": side / 2 + 0.9 - 0.6 * i, "t": t} for i, t in enumerate(lines)]
    return {"ll_overlay": rows, "ll_focus": focus, "ll_centre": centre}


def board_frame(game: Game) -> pd.DataFrame:
    """The library's board frame of ``game`` without the columns a game in play has no values
    for (landing probability, location value), so no tooltip shows "null"."""
    return metrics.game_board_frame(game).drop(columns=["probability", "value"], errors="ignore")


def board_spec(game: Game, size_cell: int = 40) -> tuple[Any, dict[str, str]]:
    """The chart library's board (``landlord.charts.figures.board_chart`` on ``landlord.analysis.metrics``
    frames) with the widget's overlay layers; also which dataset name holds which frame."""
    board = board_frame(game)
    tokens = metrics.tokens_frame(game)
    chart = seat_colours(lib.board_chart(board, tokens=tokens, title=game.board.title, cell=size_cell), game.names)
    side = float(max(board["x2"].max(), board["y2"].max()))
    chart.layer = [*chart.layer, *board_overlay(side)]
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
        board = board_frame(game)
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
        spec = fill(self.template, data)
        spec["description"] = lib.board_words(board.assign(owner=board["owner"].fillna("")), tokens)
        held = pd.DataFrame([{"space": r["name"], "held by": r["holder"], "marks": r["marks"]}
                             for r in data["ll_overlay"]])
        self.words.value = numbers_html(spec["description"], held, "The spaces and who holds them", most=len(held))
        self.widget.spec = spec
