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
from landlord.charts.palette import SEAT_DASHES, SEAT_SHAPES, seat_colour, seat_glyph
from landlord.engine.game import Game

from .state import PLAYER_COLOURS, space_rows


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return (alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text=alt.Text("t:N"))
            .properties(width=80, height=30))


_SHORTER = (("Avenue", "Av."), ("Street", "St."), ("Place", "Pl."), ("Gardens", "Gdns"), ("Railroad", "RR"),
            ("Railway", "Rly"), ("Company", "Co."), ("Square", "Sq."), ("Terrace", "Ter."), ("Road", "Rd"),
            ("No. ", ""))
READABLE_PX = 11
"""The least size (CSS px, as drawn) of any text on the board on a phone 360 px wide (issue 25.5)."""
PHONE_BOARD_PX = 330
"""The width (CSS px) a board's picture gets on a phone 360 px wide — measured in Chromium on
lesson 1's table (``tests/test_board_phone_browser.py``); a wider board is shrunk to it."""
BOARD_FONT = "Arial, 'Liberation Sans', Helvetica, sans-serif"
"""The board's words are in this font, whose widths :func:`text_em` knows."""
_EM = {**dict.fromkeys(" !,./:;I[]ft", 0.278), **dict.fromkeys("ijl'", 0.222), **dict.fromkeys("()-r*", 0.333),
       **dict.fromkeys("ckvsxyzJ", 0.5), **dict.fromkeys("FTZ", 0.611), **dict.fromkeys("CDHNRUw", 0.722),
       **dict.fromkeys("GOQ", 0.778), "m": 0.833, "M": 0.833, "W": 0.944, "%": 0.889, "…": 1.0}
"""Advance widths (em) of Arial's letters; a letter not listed counts 0.556 (most lower-case
letters and digits) or, if a capital, 0.667."""


def text_em(text: str) -> float:
    """The width of ``text`` in Arial, in em (its font size's width)."""
    return sum(_EM.get(c, 0.667 if c.isupper() else 0.556) for c in text)


def _luminance(hex_colour: str, faded: float = 0.0) -> float:
    """WCAG 2.1's relative luminance of ``hex_colour`` seen through white of opacity ``faded``."""
    def channel(v: float) -> float:
        v = faded + (1 - faded) * v
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(hex_colour[i:i + 2], 16) / 255) for i in (1, 3, 5))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink(fill: str, faded: float = 0.0) -> str:
    """Black or white, whichever has the more contrast on ``fill`` (under white of opacity
    ``faded``): a square's words on the colour of the player holding it (4.5:1 or more on
    every seat's colour)."""
    lum = _luminance(fill, faded)
    return "#000000" if (lum + 0.05) / 0.05 >= 1.05 / (lum + 0.05) else "#ffffff"


MORTGAGE_FADE = 0.55
"""The white over a mortgaged square (its opacity)."""


def board_font(cell: float, side: float) -> int:
    """The size (px) of the board's words for squares of ``cell`` px on a board ``side`` squares
    wide: at least :data:`READABLE_PX` as drawn on a phone, where a board wider than
    :data:`PHONE_BOARD_PX` is shrunk to fit."""
    return math.ceil(READABLE_PX * max(1.0, side * cell / PHONE_BOARD_PX))


LABEL_EM = (40 - 2) / board_font(40, 11)
"""How wide (em) a line of a square's label may be on the table's usual board (40 px squares)."""


def _cut(word: str, width: float) -> str:
    """``word`` if it fits ``width`` em, else its longest start that fits with a full stop ("Illin.")."""
    if text_em(word) <= width:
        return word
    while len(word) > 1 and text_em(word + ".") > width:
        word = word[:-1]
    return word.rstrip(".") + "."


def short_label(row: dict[str, Any], width: float = LABEL_EM, lines: int = 2) -> str:
    """A space's name as the prompts and the log give it, on at most ``lines`` lines, each at
    most ``width`` em wide so it fits its square at a size a phone shows readably ('*' marks
    reconstructed values): "Illinois Avenue" → "Illin.\\nAv.", "Lot 13" → "Lot\\n13". Words that
    do not fit are cut to a full stop, and words past the last line left out: the full name is
    the square's tooltip, shows in the middle when it is tapped, and is in the board's table."""
    name = str(row["name"]).split(":")[-1].strip()
    star = "*" if row.get("reconstructed") else ""
    width -= text_em(star)
    for long, short in _SHORTER:
        name = name.replace(long, short) if text_em(name) > width else name
    out = [""]
    words = name.split()
    for i, word in enumerate(words):
        joined = f"{out[-1]} {word}".strip()
        if text_em(joined) <= width:
            out[-1] = joined
        elif not out[-1]:
            out[-1] = _cut(word, width)
        elif len(out) < lines:
            out.append(_cut(word, width))
        else:
            number = next((w for w in words[i:] if any(c.isdigit() for c in w)), "")
            if number:  # a space's number ("Site No. 12", "Sites (No. 11)") is never left out
                out[-1] = _cut(number, width)
            break
    return "\n".join(out) + star


TAP = "ll_tap"
"""The board's click/tap selection: the tapped space's full name shows in the board's middle."""


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


def _named(name: str) -> alt.Chart:
    return alt.Chart(alt.NamedData(name=name))


def fill(spec: dict[str, Any], datasets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A copy of a chart's Vega-Lite ``spec`` with its named datasets filled in (cheap: the
    spec is built and validated once; each redraw only swaps the rows)."""
    out = dict(spec)
    out["datasets"] = {**spec.get("datasets", {}), **datasets}
    return out


def board_overlay(side: float, cell: float = 40) -> list[alt.Chart]:
    """Layers the widget draws over ``landlord.charts.figures.board_chart`` (same coordinates): data
    ``ll_overlay`` (short names, marks, mortgages, reconstructed spaces), ``ll_focus`` (the
    token whose decision it is) and ``ll_centre`` (turn and phase text); every word in them at
    :func:`board_font`'s size for squares of ``cell`` px."""
    size = board_font(cell, side)
    middle = (side - 2) * cell  # the width of the board's middle, inside the ring
    xs = alt.Scale(domain=[-0.6, side + 0.6])
    ys = alt.Scale(domain=[-0.6, side + 0.6])
    rect = {"x": alt.X("x:Q", scale=xs), "x2": alt.X2("x2:Q"), "y": alt.Y("y:Q", scale=ys),
            "y2": alt.Y2("y2:Q")}
    tip = [alt.Tooltip("name:N", title="space"), alt.Tooltip("holder:N", title="held by"),
           alt.Tooltip("values:N", title="numbers")]
    tap = alt.selection_point(name=TAP, on="click", fields=["name"], empty=False, clear="dblclick")
    over = _named("ll_overlay")
    hit = over.mark_rect(opacity=0.001).encode(**rect, tooltip=tip).add_params(tap)
    fade = over.transform_filter("datum.mortgaged").mark_rect(color="white", opacity=MORTGAGE_FADE).encode(
        **rect, tooltip=tip)
    recon = over.transform_filter("datum.reconstructed").mark_rect(
        filled=False, stroke="#b00000", strokeWidth=2, strokeDash=[4, 3]).encode(**rect, tooltip=tip)
    cx = alt.X("cx:Q", scale=xs)
    words = alt.Color("ink:N", scale=None, legend=None)  # black or white on the holder's colour
    label = over.mark_text(fontSize=size, font=BOARD_FONT, dy=1 - cell / 2, baseline="top", lineBreak="\n",
                           lineHeight=size).encode(x=cx, y=alt.Y("cy:Q", scale=ys), text=alt.Text("label:N"),
                                                   tooltip=tip, color=words)
    marks = over.mark_text(fontSize=size, font=BOARD_FONT, fontWeight="bold", dy=cell / 2 - 2,
                           baseline="alphabetic").encode(x=cx, y=alt.Y("cy:Q", scale=ys), text=alt.Text("marks:N"),
                                                         color=words)
    focus = _named("ll_focus").mark_point(shape="circle", size=520, filled=False, strokeWidth=3,
                                          color="black").encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys),
        tooltip=[alt.Tooltip("who:N", title="to choose")])
    centre = _named("ll_centre").mark_text(fontSize=size, font=BOARD_FONT, limit=middle).encode(
        x=alt.X("x:Q", scale=xs), y=alt.Y("y:Q", scale=ys), text=alt.Text("t:N"))
    tapped = over.transform_filter(tap).mark_text(fontSize=size + 1, font=BOARD_FONT, fontWeight="bold",
                                                  color="#b00000", limit=middle).encode(
        x=alt.datum(side / 2, scale=xs), y=alt.datum(side / 2 - 2.2, scale=ys), text=alt.Text("name:N"))
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


def wrapped(text: str, width: float) -> list[str]:
    """``text`` on lines of at most ``width`` em in the board's font, broken between words
    (a word wider than a line stands alone on its line): nothing is cut off."""
    lines = [""]
    for word in text.split():
        joined = f"{lines[-1]} {word}".strip()
        if lines[-1] and text_em(joined) > width:
            lines.append(word)
        else:
            lines[-1] = joined
    return lines


def board_centre(game: Game, width: float = 1e9) -> list[str]:
    """The lines in the middle of the board, each at most ``width`` em: the game's title, turn
    and round, the rules in force and whose decision it is (the title and the rules wrapped
    whole onto as many lines as they need)."""
    d = game.pending
    who = "game over" if d is None else f"{game.names[d.seat]} to choose"
    return [*wrapped(game.ruleset.title, width), f"turn {game.turn} · round {game.round}",
            *wrapped(game.ruleset.phases[game.phase].title, width), who]


def records(df: pd.DataFrame) -> list[dict[str, Any]]:
    """A frame as JSON-ready rows (NaN becomes null, as Altair itself writes it)."""
    return [{str(k): (None if isinstance(v, float) and math.isnan(v) else v) for k, v in row.items()}
            for row in df.to_dict("records")]


def overlay_rows(game: Game, board: pd.DataFrame, tokens: pd.DataFrame,
                 cell: float = 40) -> dict[str, list[dict[str, Any]]]:
    """What the widget draws over the chart library's board (squares of ``cell`` px): short
    names, mortgages ('M', faded), charters ('C'), buildings, reconstructed spaces (dashed,
    starred), a ring round the token whose decision it is, and the turn/phase text in the middle."""
    spaces = space_rows(game)
    side = float(max(board["x2"].max(), board["y2"].max()))
    width = (cell - 2) / board_font(cell, side)
    rows = []
    for s, b in zip(spaces, board.to_dict("records"), strict=True):  # not iterrows: a Series a row
        holder = game.names.index(s["owner"]) if s["owner"] in game.names else None
        # the holder's shape first: his seat's second cue beside its colour (the token's shape)
        marks = "" if holder is None else seat_glyph(holder)
        marks += "".join(m for m, on in (("M", s["mortgaged"]), ("C", s["charter"])) if on)
        if s["buildings"]:
            marks += f"{s['buildings']}⌂"
        rows.append({"x": b["x"], "x2": b["x2"], "y": b["y"], "y2": b["y2"], "cx": b["cx"], "cy": b["cy"],
                     "label": short_label(s, width), "marks": marks, "mortgaged": s["mortgaged"],
                     "ink": ink(seat_colour(holder) if holder is not None else "#e6e6e6",
                                MORTGAGE_FADE if s["mortgaged"] else 0.0),
                     "reconstructed": s["reconstructed"], "name": s["name"],
                     "values": "reconstructed" if s["reconstructed"] else "from the sources",
                     "holder": s["owner"] or "nobody", "note": s["note"] if s["reconstructed"] else ""})
    d = game.pending
    focus = [] if d is None else [{"x": float(tokens.iloc[d.seat]["x"]), "y": float(tokens.iloc[d.seat]["y"]),
                                   "who": game.names[d.seat]}]
    middle = (side - 2) * cell * side / (side + 1.2) - 8  # px: the scales run from -0.6 to side + 0.6
    lines = board_centre(game, middle / board_font(cell, side))
    centre = [{"x": side / 2, "y": side / 2 + 0.3 * (len(lines) - 1) - 0.6 * i, "t": t} for i, t in enumerate(lines)]
    return {"ll_overlay": rows, "ll_focus": focus, "ll_centre": centre}


def board_frame(game: Game) -> pd.DataFrame:
    """The library's board frame of ``game`` without the columns a game in play has no values
    for (landing probability, location value), so no tooltip shows "null"."""
    return metrics.game_board_frame(game).drop(columns=["probability", "value"], errors="ignore")


def _numbers(layer: Any) -> bool:
    """True for the library board's layer of the squares' numbers."""
    text = getattr(layer.encoding, "text", alt.Undefined) if layer.encoding is not alt.Undefined else alt.Undefined
    return text is not alt.Undefined and str(getattr(text, "shorthand", "")).startswith("index")


def board_spec(game: Game, size_cell: int = 40) -> tuple[Any, dict[str, str]]:
    """The chart library's board (``landlord.charts.figures.board_chart`` on ``landlord.analysis.metrics``
    frames) with the widget's overlay layers; also which dataset name holds which frame."""
    board = board_frame(game)
    tokens = metrics.tokens_frame(game)
    chart = seat_colours(lib.board_chart(board, tokens=tokens, title=game.board.title, cell=size_cell), game.names)
    side = float(max(board["x2"].max(), board["y2"].max()))
    size = board_font(size_cell, side)
    # the squares' numbers give way to their names; the lots' colours are the players' in the
    # one legend of the tokens (colour and shape), so the board is no wider than its ring
    chart.layer = [*(layer for layer in chart.layer if not _numbers(layer)), *board_overlay(side, size_cell)]
    legend = alt.Legend(orient="bottom", title="player (token · lots held)", columns=2, labelFontSize=size,
                        titleFontSize=size, labelFont=BOARD_FONT, titleFont=BOARD_FONT, symbolSize=size * 12,
                        labelLimit=int(side * size_cell / 2.5), titleLimit=side * size_cell)
    for layer in chart.layer:
        for channel, wanted in (("color", None), ("fill", legend), ("shape", legend)):
            enc: Any = getattr(layer.encoding, channel, alt.Undefined) if layer.encoding is not alt.Undefined \
                else alt.Undefined
            if enc is not alt.Undefined:
                enc.legend = wanted
    title = wrapped(game.board.title, side * size_cell / (size + 1) - 1)  # whole, on as many lines as it needs
    chart = chart.properties(padding=0, title=alt.TitleParams(title if len(title) > 1 else title[0], fontSize=size + 1,
                                                              font=BOARD_FONT, limit=side * size_cell))
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
        super().__init__(menu=False)  # on a phone the board takes the whole width (PHONE_BOARD_PX)
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
        data.update(overlay_rows(game, board, tokens, self.cell))
        self.datasets = data
        spec = fill(self.template, data)
        spec["description"] = lib.board_words(board.assign(owner=board["owner"].fillna("")), tokens)
        held = pd.DataFrame([{"space": r["name"], "held by": r["holder"], "marks": r["marks"]}
                             for r in data["ll_overlay"]])
        self.words.value = numbers_html(spec["description"], held, "The spaces and who holds them", most=len(held))
        self.widget.spec = spec
