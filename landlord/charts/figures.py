"""Altair charts of the kit. Each chart function takes a frame and returns a chart; it computes
nothing about the game. The frames come from :mod:`landlord.analysis.metrics` and
:mod:`landlord.engine.landing` (which also aggregate large frames: a chart refuses a frame of more than
:data:`MAX_ROWS` rows and names the aggregation to use, so Altair's row limit is never hit).

Offline: :func:`jupyter_chart` switches Altair's ``JupyterChart`` to offline mode (its JavaScript
bundled by vl-convert, no CDN) before making the first one — widgets and lessons must use it
instead of ``alt.JupyterChart`` directly. :func:`save` writes PNG or SVG through vl-convert.

Encodings are channel objects (``alt.X("turn:Q")``, :func:`tips`), never bare shorthand texts:
Altair reads a text in ``encode`` by rebuilding its table of every schema class, about 3 ms a
channel, and the lab redraws its charts while its games arrive.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import altair as alt
import pandas as pd

from landlord.charts.bundle import bundle_from_env, loader
from landlord.charts.palette import OTHER_COLOURS, OTHER_DASHES, OTHER_SHAPES, SEAT_COLOURS, SEAT_SHAPES
from landlord.engine.inequality import GINI_FORMS

MAX_ROWS = 5000
"""Altair's default row limit: frames above it must be aggregated first."""

COLOR_BY = ("owner", "probability", "value")

Chart = alt.Chart | alt.LayerChart | alt.FacetChart
"""What a chart function returns: a single, layered or faceted Altair chart."""
_offline = False
SEATS = alt.Scale(range=list(SEAT_COLOURS))
"""Colours keyed by a player: the seats' (:mod:`landlord.charts.palette`), and for nothing else."""
OTHERS = alt.Scale(range=list(OTHER_COLOURS))
"""Colours for flows, phases, scenarios, strategies and tables: never a seat's."""


FIELD_WORDS = {
    "turn": "turn", "round": "round", "player": "player", "phase": "rules in force", "net_worth": "wealth",
    "gini": "Gini", "start": "from turn", "end": "to turn", "old": "rules before", "new": "rules after",
    "cause": "why the rules changed", "flow": "kind of flow", "amount": "money moved",
    "cumulative": "money moved so far", "index": "space number", "name": "space", "kind": "kind of space",
    "owner": "held by", "probability": "share of throws ending here",
    "value": "rent it earns per throw, on average", "rent": "printed rent", "where": "on",
    "bin_start": "final Gini from", "bin_end": "to", "count": "games", "share": "share of games",
    "mean": "mean", "lo": "95% interval from", "hi": "to", "n": "games", "strategy": "computer player",
    "win_share": "share of games won", "seat_share": "share of seats", "wins": "games won", "games": "games",
    "mean_per_game": "mean per game", "population_share": "share of players, poorest first",
    "wealth_share": "share of wealth", "label": "curve", "cell_label": "rules", "table": "table",
    "rules": "rules", "regime": "rules", "scenario": "scenario", "part": "Part", "gini_population": "final Gini",
}
"""Each field a chart shows, in the words its tooltip and a screen reader give it: a field's
name (``net_worth``, ``win_share``) never reaches a student (issue 38.6)."""


def field_words(field: str) -> str:
    """``field`` in plain words (:data:`FIELD_WORDS`); a plain word is its own. ValueError for a
    field named like an identifier (``flow_start_cash``) that has no words: a chart must not
    show it raw."""
    if field in FIELD_WORDS:
        return FIELD_WORDS[field]
    if not field.replace(" ", "").isalpha():
        raise ValueError(f"the chart field {field!r} has no plain words: add it to FIELD_WORDS")
    return field


def tips(*fields: str | alt.Tooltip) -> list[alt.Tooltip]:
    """Tooltip channels of ``fields``: shorthand texts (``"turn:Q"``) made channels titled in
    plain words (:func:`field_words`), channels as given."""
    return [f if isinstance(f, alt.Tooltip) else alt.Tooltip(f, title=field_words(f.split(":")[0])) for f in fields]


SAID = "said"
"""The calculated field that holds each mark's description (:func:`heard`)."""


def _quoted(text: str) -> str:
    return "'" + text.replace("\\", "\\\\").replace("'", "\\'") + "'"


def heard(chart: Any, *fields: str | alt.Tooltip) -> Any:
    """``chart`` with ``fields`` (:func:`tips`) as its tooltip and as each mark's description,
    what a screen reader says of a mark ("computer player: tenant; share of games won: 75.0%"):
    the fields' plain titles, where Vega-Lite would otherwise name every channel by its title or
    its field's name. A chart's other layers are drawn with ``aria=False``."""
    tooltips = tips(*fields)
    parts: list[str] = []
    for t in tooltips:
        d: Any = t.to_dict()
        value = f"datum[{_quoted(d['field'])}]"
        shown = (f"format({value}, {_quoted(d.get('format', ',.4~g'))})" if d.get("type") == "quantitative"
                 else f"(isValid({value}) ? '' + {value} : '')")
        parts.append(f"{_quoted(('; ' if parts else '') + d.get('title', d['field']) + ': ')} + {shown}")
    return chart.transform_calculate(**{SAID: " + ".join(parts)}).encode(
        tooltip=tooltips, description=alt.Description(f"{SAID}:N"))


def groups(df: pd.DataFrame, field: str, sort: Any = alt.Undefined) -> list[Any]:
    """``field``'s values as a chart's legend lists them: in the order they first come if
    ``sort`` is None, else sorted (Vega-Lite's own order for a nominal field)."""
    seen = list(dict.fromkeys(df[field].tolist())) if field in df else []
    return seen if sort is None else sorted(seen, key=lambda v: (isinstance(v, str), v))


def second_cue(field: str, title: str | None, domain: list[Any], cue: str = "shape",
               legend: Any = alt.Undefined) -> dict[str, Any]:
    """The encodings that tell ``field``'s groups (``domain``, :func:`groups`) apart by colour
    (:data:`OTHER_COLOURS`) and by a second cue beside it — a point's ``shape``
    (:data:`OTHER_SHAPES`) or a line's ``strokeDash`` (:data:`OTHER_DASHES`) — with one title,
    one domain and ``legend``, so Vega-Lite draws the two in one legend (issue 25.5: colour is
    never the only cue). The chart's other layers coloured by ``field`` draw no legend
    (:func:`colour_only`, :func:`_one_legend`)."""
    shapes = alt.Scale(domain=domain, range=list(OTHER_SHAPES))
    dashes = alt.Scale(domain=domain, range=[list(d) for d in OTHER_DASHES])
    second = (alt.Shape(f"{field}:N", title=title, scale=shapes, sort=domain, legend=legend) if cue == "shape"
              else alt.StrokeDash(f"{field}:N", title=title, scale=dashes, sort=domain, legend=legend))
    return {"color": alt.Color(f"{field}:N", title=title, sort=domain, legend=legend,
                               scale=alt.Scale(domain=domain, range=list(OTHER_COLOURS))), cue: second}


def colour_only(field: str, title: str | None, domain: list[Any]) -> alt.Color:
    """``field``'s colour for a layer whose legend another layer draws (:func:`second_cue`)."""
    return alt.Color(f"{field}:N", title=title, sort=domain, legend=None,
                     scale=alt.Scale(domain=domain, range=list(OTHER_COLOURS)))


def _one_legend(chart: Any) -> Any:
    """``chart`` (layers) with each layer's legends its own, its scales still shared: the layer
    with the second cue draws colour and cue in one legend, the others none (:func:`colour_only`)."""
    return chart.resolve_legend(color="independent", shape="independent", strokeDash="independent")


def _ends(base: alt.Chart, field: str, title: str | None, domain: list[Any], size: int = 60,
          legend: Any = alt.Undefined, **encoding: Any) -> alt.Chart:
    """Points in ``field``'s colour and shape at each bar's end, or at each line's last point
    (placed by ``encoding``): the second cue of a chart whose bars or lines have only their
    colour, drawing its one legend."""
    return base.mark_point(filled=True, size=size, opacity=1, aria=False).encode(
        **encoding, **second_cue(field, title, domain, legend=legend))


def _need(df: pd.DataFrame, columns: tuple[str, ...], what: str, aggregate: str) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise ValueError(f"{what} needs columns {', '.join(missing)}")
    if len(df) > MAX_ROWS:
        raise ValueError(f"{what}: {len(df)} rows is more than {MAX_ROWS}; aggregate first "
                         f"({aggregate})")


def _one_game(df: pd.DataFrame, what: str) -> None:
    if "game" in df.columns and df["game"].nunique() > 1:
        raise ValueError(f"{what} draws one game; this frame has {df['game'].nunique()} "
                         "(select one, or use mean_interval_chart for many)")


# -- text alternatives: what each chart shows, in words, from its data (issue 25.4) -------------

def _money(x: float) -> str:
    return f"{x:,.0f}"


def _change(first: float, last: float) -> str:
    """How a value went from ``first`` to ``last``, in words, to 2 decimals ("rose from 0.05 to 0.31")."""
    if abs(last - first) <= 0.005:
        return f"stayed near {last:.2f}"
    return f"{'rose' if last > first else 'fell'} from {first:.2f} to {last:.2f}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'s' if n != 1 else ''}"


def wealth_words(panel: pd.DataFrame, value: str = "net_worth") -> str:
    """What :func:`wealth_over_time` shows, in words: each player's ``value`` at the last turn,
    richest first ("Wealth over 84 turns; at the end: Landlord 794, You 721, …")."""
    if panel.empty or value not in panel:
        return "Wealth of each player: no turns played yet."
    last = panel[panel["turn"] == panel["turn"].max()].sort_values(value, ascending=False)
    ends = ", ".join(f"{r['player']} {_money(r[value])}" for _, r in last.iterrows())
    return f"{field_words(value).capitalize()} over {int(panel['turn'].max())} turns; at the end: {ends}."


def gini_words(gini: pd.DataFrame, changes: pd.DataFrame | None = None) -> str:
    """What :func:`gini_over_time` shows, in words: where the Gini started and ended, its
    highest, and when the rules changed ("Gini over 40 turns: rose from 0.05 to 0.31 …")."""
    if gini.empty:
        return "Gini over turns: no turns played yet."
    g = gini.sort_values("turn")
    first, last, top = float(g["gini"].iloc[0]), float(g["gini"].iloc[-1]), float(g["gini"].max())
    text = f"Gini over {int(g['turn'].iloc[-1])} turns: {_change(first, last)}"
    text += f" (highest {top:.2f})" if top > max(first, last) + 0.005 else ""
    if changes is not None and not changes.empty:
        text += "; " + "; ".join(f"the rules changed to {str(r['new']).replace('_', ' ')} at turn {int(r['turn'])}"
                                 for _, r in changes.iterrows())
    return text + "."


def flows_words(flows: pd.DataFrame, by: str = "turn") -> str:
    """What :func:`money_flows_chart` shows, in words: the money moved by each kind of flow so
    far, largest first."""
    if flows.empty:
        return "Where the money went: nothing has moved yet."
    total = flows.groupby("flow")["amount"].sum().sort_values(ascending=False)
    total = total[total > 0]
    if total.empty:
        return "Where the money went: nothing has moved yet."
    kinds = ", ".join(f"{k} {_money(v)}" for k, v in total.items())
    return f"Money moved over {int(flows[by].max())} {by}s, by kind: {kinds}."


def board_words(board: pd.DataFrame, tokens: pd.DataFrame | None = None) -> str:
    """What :func:`board_chart` shows, in words: where each token stands and how many spaces
    each holder has."""
    parts = [f"The board: {len(board)} spaces"]
    if tokens is not None and not tokens.empty:
        names = dict(zip(board["index"], board["name"], strict=False))
        parts.append("; ".join(f"{r['player']} on {names.get(r['index'], r['where'])}" for _, r in tokens.iterrows()))
    if "owner" in board:
        held = board[board["owner"].fillna("") != ""].groupby("owner").size()
        if len(held):
            parts.append("held: " + ", ".join(f"{k} {v} space{'s' if v != 1 else ''}" for k, v in held.items()))
    return ". ".join(parts) + "."


def wealth_over_time(panel: pd.DataFrame, spans: pd.DataFrame | None = None,
                     value: str = "net_worth", title: str = "Wealth of each player, turn by turn") -> Chart:
    """Each player's ``value`` (default net worth) over turns, one line a player, on bands
    showing the phase in force (``spans`` from :func:`landlord.analysis.metrics.phase_spans`)."""
    _need(panel, ("turn", "player", value), "wealth_over_time", "metrics.round_ends(panel)")
    _one_game(panel, "wealth_over_time")
    lines = heard(alt.Chart(panel).mark_line(interpolate="step-after").encode(
        x=alt.X("turn:Q", title="turn"),
        y=alt.Y(f"{value}:Q", title=field_words(value)),
        color=alt.Color("player:N", title="player"),
    ), *(("player:N", "turn:Q", "phase:N", f"{value}:Q") if "phase" in panel else ("player:N", "turn:Q", f"{value}:Q")))
    words = wealth_words(panel, value)
    if spans is None or spans.empty:
        return lines.properties(title=title, width=560, height=300, description=words)
    bands = heard(alt.Chart(spans).mark_rect(opacity=0.15).encode(
        x=alt.X("start:Q"), x2=alt.X2("end:Q"),
        color=alt.Color("phase:N", title="rules in force", scale=OTHERS, legend=None),
    ), "phase:N", "start:Q", "end:Q")
    # each band named on the chart itself (not by its colour in a legend), the names on two rows
    # in turn so that neighbours do not overlap
    names = alt.Chart(spans).transform_window(row="row_number()").transform_calculate(
        off="(datum.row - 1) % 2 * 14 + 3").mark_text(
        align="left", baseline="top", dx=3, fontSize=11, color="#333333", aria=False).encode(
        x=alt.X("start:Q"), y=alt.value(0), yOffset=alt.YOffset("off:Q", scale=None), text=alt.Text("phase:N"))
    return alt.layer(bands, names, lines).resolve_scale(color="independent").properties(
        title=title, width=560, height=300, description=words)


GINI_TOPS = (0.05, 0.1, 0.2, 0.3, 0.5, 1.0)
"""Tops of the Gini axis: the smallest that holds the data is used, and the axis title says it."""


def gini_axis_top(highest: float) -> float:
    """The top of a Gini axis holding values up to ``highest``: the axis fits the data and its
    title names the scale (:func:`gini_axis_title`), so a flat 0.05 line is not lost on 0–1."""
    return next((t for t in GINI_TOPS if highest <= t), 1.0)


SPREAD_NOW = "How evenly is wealth spread? 0 = everyone equal, 1 = one player has everything"
"""The Gini-over-turns chart's title: the question it answers, in a student's words."""
SPREAD_AT_END = "How evenly was wealth spread when each game ended? 0 = everyone equal, 1 = one player has everything"
"""The title of a chart of games' final Gini: the question it answers, in a student's words."""


def form_words(form: str) -> str:
    """How a chart's Gini is measured, for its description (not its title): " Measured as the
    Gini (population form; debts count as 0)." (``form``: that name, or its key in ``GINI_FORMS``)."""
    return f" Measured as the {GINI_FORMS.get(form, form)}." if form else ""


def gini_axis_title(top: float, what: str = "Gini") -> str:
    """A Gini axis's title in words, naming its scale: "Gini (shown from 0 to 0.05; 1 = one
    player has everything)"."""
    return f"{what} (shown from 0 to {top:g}; 1 = one player has everything)"


def gini_over_time(gini: pd.DataFrame, changes: pd.DataFrame | None = None) -> Chart:
    """The Gini coefficient over turns (frame from :func:`landlord.analysis.metrics.gini_frame`, which
    names its form in a ``form`` column: the description says which form it is), with each phase
    change marked by a rule labelled with the new phase (``changes`` from
    :func:`landlord.analysis.metrics.phase_changes`)."""
    _need(gini, ("turn", "gini", "form"), "gini_over_time", "gini_frame(metrics.round_ends(panel))")
    _one_game(gini, "gini_over_time")
    forms = gini["form"].unique()
    if len(forms) != 1:
        raise ValueError(f"gini_over_time draws one Gini form; the frame has {len(forms)}")
    top = gini_axis_top(float(gini["gini"].max()) if len(gini) else 0.0)
    line = heard(alt.Chart(gini).mark_line(interpolate="step-after").encode(
        x=alt.X("turn:Q", title="turn"),
        y=alt.Y("gini:Q", title=gini_axis_title(top), scale=alt.Scale(domain=[0, top])),
    ), *(("turn:Q", "gini:Q", "phase:N") if "phase" in gini else ("turn:Q", "gini:Q")))
    if "phase" in gini:
        line = line.encode(color=alt.Color("phase:N", title="rules in force", scale=OTHERS),
                           strokeDash=alt.StrokeDash("phase:N", title="rules in force",  # a second cue, in its legend
                                                     scale=alt.Scale(range=[list(d) for d in OTHER_DASHES])))
    layers: list[Any] = [line]
    if changes is not None and not changes.empty:
        rules = heard(alt.Chart(changes).mark_rule(strokeDash=[4, 3], color="black").encode(
            x=alt.X("turn:Q")), "turn:Q", "old:N", "new:N", "cause:N")
        labels = alt.Chart(changes).mark_text(align="left", dx=3, dy=-140, fontSize=10, aria=False).encode(
            x=alt.X("turn:Q"), text=alt.Text("new:N"))
        layers += [rules, labels]
    return alt.layer(*layers).properties(title=SPREAD_NOW, width=560, height=300,
                                         description=gini_words(gini, changes) + form_words(str(forms[0])))


def lorenz_chart(lorenz: pd.DataFrame, title: str = "Lorenz curves (debts count as 0)") -> Chart:
    """Lorenz curves compared, one line per ``label`` (frame from
    :func:`landlord.analysis.metrics.lorenz_frame`), with the line of equality."""
    _need(lorenz, ("label", "population_share", "wealth_share"), "lorenz_chart", "fewer curves")
    equality = alt.Chart(pd.DataFrame({"population_share": [0.0, 1.0], "wealth_share": [0.0, 1.0]})
                         ).mark_line(color="grey", strokeDash=[2, 2], aria=False).encode(
        x=alt.X("population_share:Q"), y=alt.Y("wealth_share:Q"))
    curves = heard(alt.Chart(lorenz).mark_line(point=True).encode(
        x=alt.X("population_share:Q", title="share of players, poorest first",
                scale=alt.Scale(domain=[0, 1])),
        y=alt.Y("wealth_share:Q", title="share of wealth", scale=alt.Scale(domain=[0, 1])),
        color=alt.Color("label:N", title=None),
    ), "label:N", "population_share:Q", "wealth_share:Q")
    return alt.layer(equality, curves).properties(title=title, width=320, height=320)


def money_flows_chart(flows: pd.DataFrame, by: str = "turn", cumulative: bool = True,
                      title: str | None = None) -> Chart:
    """Money moved per kind of flow over ``by`` (frame from
    :func:`landlord.analysis.metrics.money_flows`): running totals by default, else per ``by``."""
    y = "cumulative" if cumulative else "amount"
    _need(flows, (by, "flow", y), "money_flows_chart", "money_flows(by='round') or one game")
    _one_game(flows, "money_flows_chart")
    return heard(alt.Chart(flows).mark_line(interpolate="step-after").encode(
        x=alt.X(f"{by}:Q", title=by),
        y=alt.Y(f"{y}:Q", title="money moved so far" if cumulative else f"money moved per {by}"),
        color=alt.Color("flow:N", title="kind of flow", scale=OTHERS),
        # each kind's line dashed its own way too, in the one legend (both scales take the
        # kinds in the data's sorted order, so they stay together as the data is swapped)
        strokeDash=alt.StrokeDash("flow:N", title="kind of flow",
                                  scale=alt.Scale(range=[list(d) for d in OTHER_DASHES])),
    ), *(("flow:N", f"{by}:Q", "amount:Q", "cumulative:Q") if "cumulative" in flows
         else ("flow:N", f"{by}:Q", "amount:Q"))).properties(title=title or "Where the money went",
                 width=560, height=300, description=flows_words(flows, by))


def board_chart(board: pd.DataFrame, color: str = "owner", tokens: pd.DataFrame | None = None,
                title: str | None = None, cell: int = 44) -> Chart:
    """The board as a ring of spaces (frame from :func:`landlord.analysis.metrics.board_frame`),
    coloured by ``owner``, landing ``probability`` or location ``value``, with the tokens on
    top (frame from :func:`landlord.analysis.metrics.tokens_frame`). Reusable by the widgets."""
    if color not in COLOR_BY:
        raise ValueError(f"colour the board by one of {', '.join(COLOR_BY)}, not {color!r}")
    _need(board, ("index", "name", "x", "y", "x2", "y2", "cx", "cy", color), "board_chart", "one board")
    side = float(max(board["x2"].max(), board["y2"].max()))
    size = int(side * cell)
    scale_x = alt.Scale(domain=[-0.6, side + 0.6])
    scale_y = alt.Scale(domain=[-0.6, side + 0.6])
    # the players in seat order (the tokens'), so a name has one colour in both legends
    names = (list(tokens.sort_values("seat")["player"]) if tokens is not None and not tokens.empty
             else sorted(x for x in board["owner"].dropna().unique() if x))
    seats = alt.Scale(domain=names, range=[SEAT_COLOURS[i % len(SEAT_COLOURS)] for i in range(len(names))]) \
        if names else SEATS
    if color == "owner":
        fill = alt.Color("owner:N", title="held by",
                         scale=seats, legend=alt.Legend(orient="right"))
    else:
        fill = alt.Color(f"{color}:Q", title=field_words(color), scale=alt.Scale(scheme="viridis"))
    base = alt.Chart(board)
    rect = {"x": alt.X("x:Q", axis=None, scale=scale_x), "x2": alt.X2("x2:Q"),
            "y": alt.Y("y:Q", axis=None, scale=scale_y), "y2": alt.Y2("y2:Q")}
    said = [c for c in ("index:Q", "name:N", "kind:N", "owner:N", "probability:Q", "value:Q", "rent:Q")
            if c.split(":")[0] in board.columns]
    blank = heard(base.mark_rect(stroke="white", strokeWidth=1.5, color="#e6e6e6").encode(**rect), *said)
    # spaces with nothing to colour by (nobody holds them, or no value given) stay grey
    squares = heard(base.mark_rect(stroke="white", strokeWidth=1.5).transform_filter(
        f"isValid(datum['{color}']) && datum['{color}'] !== ''").encode(color=fill, **rect), *said)
    labels = base.mark_text(fontSize=8, baseline="middle", aria=False).encode(
        x=alt.X("cx:Q", scale=scale_x), y=alt.Y("cy:Q", scale=scale_y), text=alt.Text("index:Q"))
    layers: list[Any] = [blank, squares, labels]
    if tokens is not None and not tokens.empty:
        layers.append(heard(alt.Chart(tokens).mark_point(size=160, stroke="white", strokeWidth=1.5, filled=True,
                                                         opacity=1).encode(
            x=alt.X("x:Q", scale=scale_x), y=alt.Y("y:Q", scale=scale_y),
            fill=alt.Fill("player:N", title="token", scale=seats),
            shape=alt.Shape("player:N", title="token", scale=alt.Scale(
                domain=names, range=[SEAT_SHAPES[i % len(SEAT_SHAPES)] for i in range(len(names))]))),
            "player:N", "where:N", "index:Q"))
    chart = alt.layer(*layers).resolve_scale(color="independent")
    return chart.properties(title=title or f"The board, coloured by {field_words(color)}", width=size, height=size,
                            description=board_words(board, tokens))


def final_gini_words(hist: pd.DataFrame, by: str = "regime", what: str = "Final Gini") -> str:
    """What :func:`final_gini_chart` shows, in words, from its histogram: per ``by`` group its
    games, the bins they fall in and the bin that holds the middle game ("Final Gini: A, 8 games
    between 0.12 and 0.28, half of them at or below 0.20; …")."""
    played = hist[hist["count"] > 0] if not hist.empty else hist
    if played.empty:
        return f"{what}: no games yet."
    parts = []
    for name, g in played.groupby(by, sort=False):
        n = int(g["count"].sum())
        middle = g[g["count"].cumsum() >= n / 2].iloc[0]
        half = f", half of them at or below {middle['bin_end']:.2f}" if n > 1 else ""
        parts.append(f"{name}, {_plural(n, 'game')} between {g['bin_start'].min():.2f} and "
                     f"{g['bin_end'].max():.2f}{half}")
    return f"{what}: " + "; ".join(parts) + "."


def final_gini_chart(hist: pd.DataFrame, by: str = "regime", form: str = "",
                     title: str | None = None, what: str = "Final Gini of each game") -> Chart:
    """Distributions of final Gini by regime, one histogram row per regime (frame from
    :func:`landlord.analysis.metrics.histogram`); ``form`` names the Gini form in the description
    (``title`` replaces the question the title asks; ``what`` starts the description's sentence)."""
    _need(hist, (by, "bin_start", "bin_end", "share"), "final_gini_chart", "metrics.histogram")
    title = title or SPREAD_AT_END
    top = gini_axis_top(float(hist["bin_end"].max()) if len(hist) else 0.0)
    return heard(alt.Chart(hist).mark_bar().encode(
        x=alt.X("bin_start:Q", title=gini_axis_title(top, "final Gini"),
                scale=alt.Scale(domain=[0, top])), x2=alt.X2("bin_end:Q"),
        y=alt.Y("share:Q", title="share of games"), y2=alt.datum(0),
        color=alt.Color(f"{by}:N", legend=None, scale=OTHERS),
        # each row's label on one line above its histogram: long labels never overlap
        row=alt.Row(f"{by}:N", title=None, header=alt.Header(labelAngle=0, labelOrient="top", labelAnchor="start",
                                                              labelAlign="left", labelLimit=0, labelFontSize=12)),
    ), f"{by}:N", "bin_start:Q", "bin_end:Q", *(("count:Q",) if "count" in hist else ()),
        alt.Tooltip("share:Q", title="share of games", format=".0%")).properties(title=title, width=420, height=80,
                 description=final_gini_words(hist, by, what) + form_words(form) if "count" in hist else alt.Undefined)


def mean_interval_words(frame: pd.DataFrame, x: str = "turn", by: str | None = "regime",
                        what: str = "Mean over turns") -> str:
    """What :func:`mean_interval_chart` shows, in words: per ``by`` group where the mean started
    and ended and over which ``x`` ("Mean Gini over turns: A rose from 0.05 to 0.31 over turns 1
    to 80; …")."""
    if frame.empty:
        return f"{what}: no games yet."
    groups = frame.groupby(by, sort=False) if by else [("", frame)]
    parts = []
    for name, g in groups:
        g = g.sort_values(x)
        span = f"over {x if x.endswith('s') else x + 's'} {g[x].iloc[0]:g} to {g[x].iloc[-1]:g}"
        change = _change(float(g["mean"].iloc[0]), float(g["mean"].iloc[-1]))
        parts.append(f"{name} {change} {span}".lstrip())
    return f"{what}: " + "; ".join(parts) + "."


def mean_interval_chart(frame: pd.DataFrame, x: str = "turn", by: str | None = "regime",
                        y_title: str = "mean", title: str = "Mean ± interval over turns", form: str = "") -> Chart:
    """A mean with its interval band over ``x`` (frame from
    :func:`landlord.analysis.metrics.mean_interval`), one line and band per ``by``; ``form``, a Gini's
    form, is said in the description."""
    cols = (x, "mean", "lo", "hi") + ((by,) if by else ())
    _need(frame, cols, "mean_interval_chart", "metrics.mean_interval")
    named = groups(frame, by) if by else []
    enc: dict[str, Any] = second_cue(by, field_words(by), named, "strokeDash") if by else {}
    # the band's edges dashed as its line is (the legend is the line's)
    edge = {"color": colour_only(by, field_words(by), named), "stroke": alt.Stroke(f"{by}:N", sort=named, legend=None,
                                                                     scale=alt.Scale(domain=named, range=OTHERS.range)),
            "strokeDash": alt.StrokeDash(f"{by}:N", sort=named, legend=None, scale=alt.Scale(
                domain=named, range=[list(d) for d in OTHER_DASHES]))} if by else {}
    band = alt.Chart(frame).mark_area(fillOpacity=0.25, strokeOpacity=0.8, strokeWidth=1, aria=False).encode(
        x=alt.X(f"{x}:Q", title=field_words(x)), y=alt.Y("lo:Q", title=y_title), y2=alt.Y2("hi:Q"), **edge)
    line = heard(alt.Chart(frame).mark_line().encode(
        x=alt.X(f"{x}:Q"), y=alt.Y("mean:Q"), **enc),
        *((f"{by}:N",) if by else ()), f"{x}:Q", "mean:Q", "lo:Q", "hi:Q", *(("n:Q",) if "n" in frame else ()))
    return _one_legend(alt.layer(band, line)).properties(title=title, width=560, height=300,
                                                         description=mean_interval_words(frame, x, by, title)
                                                         + form_words(form))


def win_share_words(shares: pd.DataFrame, by: str = "regime", what: str = "Winners by strategy") -> str:
    """What :func:`win_share_chart` shows, in words: per ``by`` group the strategy that won most,
    its share of the games against its share of the seats ("Winners by strategy: A, landlord won
    most: 50% of 8 games, with 25% of the seats; …")."""
    if shares.empty:
        return f"{what}: no games yet."
    parts = []
    for name, g in shares.groupby(by, sort=False):
        best = g.sort_values("win_share", ascending=False, kind="stable").iloc[0]
        games = f" of {int(best['games'])} games" if "games" in g else ""
        parts.append(f"{name}, no strategy won" if best["win_share"] <= 0 else
                     f"{name}, {best['strategy']} won most: {best['win_share']:.0%}{games}, "
                     f"with {best['seat_share']:.0%} of the seats")
    return f"{what}: " + "; ".join(parts) + "."


def win_share_chart(shares: pd.DataFrame, by: str = "regime",
                    title: str = "Winners by strategy (tick: the strategy's share of seats)") -> Chart:
    """Share of games each strategy won, a group of bars per ``by``, with a tick at the
    strategy's share of the seats (what it would win if the bots were equally good; frame from
    :func:`landlord.analysis.metrics.win_shares`)."""
    _need(shares, (by, "strategy", "win_share", "seat_share"), "win_share_chart", "metrics.win_shares")
    y = alt.Y(f"{by}:N", title=None, sort=None)
    tip = (f"{by}:N", "strategy:N", alt.Tooltip("win_share:Q", title=FIELD_WORDS["win_share"], format=".1%"),
           alt.Tooltip("seat_share:Q", title=FIELD_WORDS["seat_share"], format=".1%"),
           *(("wins:Q", "games:Q") if "wins" in shares else ()))
    base = alt.Chart(shares).encode(y=y, yOffset=alt.YOffset("strategy:N"), tooltip=tips(*tip))
    named = groups(shares, "strategy")
    bars = heard(base.mark_bar().encode(
        x=alt.X("win_share:Q", title="share of games won", axis=alt.Axis(format="%")),
        color=colour_only("strategy", "computer player", named)), *tip)
    ticks = base.mark_tick(thickness=2, color="black", aria=False).encode(x=alt.X("seat_share:Q"))
    ends = _ends(base, "strategy", "computer player", named, size=50, x=alt.X("win_share:Q"))
    return _one_legend(alt.layer(bars, ticks, ends)).properties(title=title, width=420, height=alt.Step(12),
                                                   description=win_share_words(shares, by, title))


def flow_means_words(means: pd.DataFrame, by: str = "regime", what: str = "Where the money went (mean per game)",
                     most: int = 3) -> str:
    """What :func:`flow_means_chart` shows, in words: per ``by`` group its ``most`` largest kinds
    of flow and their mean per game ("…: A, rent 1,234, wages 800, tax 300; …")."""
    moved = means[means["mean_per_game"] > 0] if not means.empty else means
    if moved.empty:
        return f"{what}: no money moved yet."
    parts = []
    for name, g in moved.groupby(by, sort=False):
        top = g.sort_values("mean_per_game", ascending=False, kind="stable").head(most)
        parts.append(f"{name}, " + ", ".join(f"{r['flow']} {_money(r['mean_per_game'])}" for _, r in top.iterrows()))
    return f"{what}, largest first: " + "; ".join(parts) + "."


def flow_means_chart(means: pd.DataFrame, by: str = "regime",
                     title: str = "Where the money went (mean per game)") -> Chart:
    """Mean money moved per game by kind of flow, one bar per ``by`` in each kind's row
    (frame from :func:`landlord.analysis.metrics.flow_means`)."""
    _need(means, (by, "flow", "mean_per_game"), "flow_means_chart", "metrics.flow_means")
    named = groups(means, by, sort=None)
    ends = _ends(alt.Chart(), by, None, named, size=40, legend=alt.Legend(orient="top"))
    bars = heard(alt.Chart().mark_bar(), f"{by}:N", "flow:N", alt.Tooltip("mean_per_game:Q", format=".1f",
                                                                          title=FIELD_WORDS["mean_per_game"]))
    return _one_legend(alt.layer(bars, ends, data=means)).encode(
        x=alt.X("mean_per_game:Q", title="mean per game"),
        y=alt.Y("flow:N", title=None,  # largest first (a layered chart cannot sort by "-x")
                sort=list(means.groupby("flow", sort=False)["mean_per_game"].sum().sort_values(
                    ascending=False, kind="stable").index)),
        yOffset=alt.YOffset(f"{by}:N", sort=None),
        color=colour_only(by, None, named),
    ).properties(title=title, width=420, height=alt.Step(8), description=flow_means_words(means, by, title))


def landing_chart(landing: pd.DataFrame, title: str = "Where a throw ends") -> Chart:
    """Landing probability of each space and of being in jail (frame from
    :func:`landlord.engine.landing.frame`), as bars in board order."""
    _need(landing, ("index", "name", "probability"), "landing_chart", "one board")
    return heard(alt.Chart(landing).mark_bar().encode(
        x=alt.X("index:N", sort=None, title="space number"),
        y=alt.Y("probability:Q", title="share of throws ending here", axis=alt.Axis(format="%")),
    ), "index:N", "name:N", alt.Tooltip("probability:Q", title=FIELD_WORDS["probability"], format=".3%")
    ).properties(title=title, width=640, height=260)


def gini_quartiles_chart(summary: pd.DataFrame, form: str = "population") -> alt.LayerChart:
    """Final-Gini distribution per cell of a sweep (frame from
    :func:`landlord.runs.report.gini_summary`): whiskers min–max, box quartiles, tick median, dot mean."""
    y = alt.Y("cell_label:N", title=None, sort=None)
    base = alt.Chart(summary)
    whisker = base.mark_rule(aria=False).encode(x=alt.X("min:Q", title="final Gini (0 = everyone equal)"),
                                                x2=alt.X2("max:Q"), y=y)
    box = base.mark_bar(size=14, opacity=0.6, aria=False).encode(x=alt.X("q1:Q"), x2=alt.X2("q3:Q"), y=y)
    median = base.mark_tick(color="black", size=14, aria=False).encode(x=alt.X("median:Q"), y=y)
    mean = heard(base.mark_point(color="firebrick", filled=True).encode(x=alt.X("mean:Q"), y=y),
                 "cell_label:N", "games:Q", alt.Tooltip("min:Q", title="lowest", format=".3f"),
                 alt.Tooltip("median:Q", title="middle", format=".3f"),
                 alt.Tooltip("max:Q", title="highest", format=".3f"),
                 alt.Tooltip("mean:Q", title="mean", format=".3f"))
    return (whisker + box + median + mean).properties(
        title="How evenly was wealth spread when the games ended, in each set of rules?", width=420,
        description="Final Gini of each set of rules' games: lowest to highest (line), middle half (box), "
                    "middle game (tick), mean (dot)." + form_words(GINI_FORMS[form]))


def tables_gini_words(frame: pd.DataFrame, what: str = "Every table's Gini over turns") -> str:
    """What :func:`tables_gini_chart` shows, in words: each table's Gini at its first and last
    turn, and when its rules changed ("…: table 1 rose from 0.00 to 0.19 over turns 1 to 84, the
    rules changing to the single tax at turn 30; …")."""
    if frame.empty:
        return f"{what}: no table has played yet."
    parts = []
    for table, g in frame.groupby("table", sort=True):
        g = g.sort_values("turn", kind="stable")
        text = (f"table {table} {_change(float(g['gini'].iloc[0]), float(g['gini'].iloc[-1]))} "
                f"over turns {int(g['turn'].iloc[0])} to {int(g['turn'].iloc[-1])}")
        changed = g[g["rules"] != g["rules"].shift()].iloc[1:]
        text += "".join(f", the rules changing to {r['rules']} at turn {int(r['turn'])}" for _, r in changed.iterrows())
        parts.append(text)
    return f"{what}: " + "; ".join(parts) + "."


def tables_gini_chart(frame: pd.DataFrame, title: str = "Every table's Gini over turns") -> alt.LayerChart:
    """One line per table (frame from :func:`landlord.apps.classroom.debrief.gini_over_turns`),
    the rules in force (the frame's ``rules``, in words) as the line's dash, each table's shape at its
    line's end (in the one legend with its colour); the Gini axis fits
    the data (:func:`gini_axis_top`: a 1913 class's few hundredths are not flattened on 0–1)."""
    top = gini_axis_top(float(frame["gini"].max()) if len(frame) else 0.0)
    named = groups(frame, "table")
    last = _ends(alt.Chart().transform_joinaggregate(last="max(turn)", groupby=["table"]).transform_filter(
        "datum.turn === datum.last"), "table", "table", named, size=90,
        strokeDash=alt.StrokeDash("rules:N", title="rules", legend=None))  # the rules' legend is the line's
    line = heard(alt.Chart().mark_line(interpolate="step-after").encode(color=colour_only("table", "table", named)),
                 "table:N", "turn:Q", "round:Q", "rules:N", alt.Tooltip("gini:Q", title="Gini", format=".2f"))
    return _one_legend(alt.layer(line, last, data=frame)).encode(
        x=alt.X("turn:Q", title="turn"),
        y=alt.Y("gini:Q", title=gini_axis_title(top), scale=alt.Scale(domain=[0, top])),
        strokeDash=alt.StrokeDash("rules:N", title="rules"),
    ).properties(title=title, width=520, height=260, description=tables_gini_words(frame, title))


CLASS_FINAL_TITLE = "Final Gini: your tables (dots) and bot games on the same dice (bar)"


def class_final_gini_words(room_rows: pd.DataFrame, band: pd.DataFrame,
                           what: str = "Final Gini by the rules in force at the end") -> str:
    """What :func:`class_final_gini_chart` shows, in words: per rules in force at the end, the
    range of the tables' final Gini and the bot games' lowest, highest and middle ("…: the
    single tax, 2 tables from 0.10 to 0.20, 12 bot games from 0.05 to 0.30, middle 0.15; …")."""
    groups = list(dict.fromkeys([*room_rows["regime"], *band["regime"]]))
    if not groups:
        return f"{what}: no table has played yet."
    parts = []
    for regime in groups:
        mine = room_rows.loc[room_rows["regime"] == regime, "gini_population"]
        bots = band.loc[band["regime"] == regime, "gini"]
        said = [t for t in (_range(mine, "table"), _range(bots, "bot game", middle=True)) if t]
        parts.append(f"{regime}, " + ", ".join(said))
    return f"{what}: " + "; ".join(parts) + "."


def _range(values: pd.Series, what: str, middle: bool = False) -> str:
    """How many ``values`` and their range in words ("3 bot games from 0.05 to 0.30, middle 0.15"); "" for none."""
    if len(values) <= 1:
        return f"1 {what} at {values.iloc[0]:.2f}" if len(values) else ""
    mid = f", middle {values.median():.2f}" if middle else ""
    return f"{_plural(len(values), what)} from {values.min():.2f} to {values.max():.2f}{mid}"


def class_final_gini_chart(room_rows: pd.DataFrame, band: pd.DataFrame, title: str = CLASS_FINAL_TITLE) -> Chart:
    """Per rules in force at the end: the bot games' range (bar from the lowest to the highest,
    tick at the median) and each table's final Gini as a dot (frames from
    :func:`landlord.apps.classroom.debrief.results` and :func:`~landlord.apps.classroom.debrief.bot_band`),
    on a Gini axis that fits them (:func:`gini_axis_top`)."""
    spread = band.groupby("regime")["gini"].agg(lo="min", hi="max", median="median").reset_index()
    top = gini_axis_top(max([0.0, *band["gini"], *room_rows["gini_population"]]))
    y = alt.Y("regime:N", title="rules in force at the end")
    x = alt.X("lo:Q", title=gini_axis_title(top, "final Gini"), scale=alt.Scale(domain=[0, top]))
    bar = heard(alt.Chart(spread).mark_bar(opacity=0.35, height=14, color="#888").encode(x=x, x2=alt.X2("hi:Q"), y=y),
                alt.Tooltip("regime:N", title="rules in force at the end"),
                alt.Tooltip("lo:Q", title="bot games' lowest", format=".2f"),
                alt.Tooltip("median:Q", title="middle", format=".2f"),
                alt.Tooltip("hi:Q", title="highest", format=".2f"))
    tick = alt.Chart(spread).mark_tick(color="#333", thickness=2, aria=False).encode(x=alt.X("median:Q"), y=y)
    dots = heard(alt.Chart(room_rows[["table", "regime", "gini_population"]]).mark_point(
        size=90, filled=True, opacity=1).encode(x=alt.X("gini_population:Q"), y=y,
                                                **second_cue("table", "table", groups(room_rows, "table"))),
        "table:N", alt.Tooltip("regime:N", title="rules in force at the end"),
        alt.Tooltip("gini_population:Q", format=".2f", title="final Gini"))
    return alt.layer(bar, tick, dots).properties(title=title, width=520, height=120,
                                                 description=class_final_gini_words(room_rows, band))


def enable_offline() -> None:
    """Switch Altair's ``JupyterChart`` to offline mode, once per kernel: loading the bundle a
    kit server wrote and serves for its kernels (:mod:`landlord.charts.bundle`), else bundled
    here by vl-convert."""
    global _offline
    if _offline:
        return
    bundle = bundle_from_env()
    if bundle is not None and not alt.JupyterChart._is_offline:
        # what JupyterChart.enable_offline() sets, with a loader of the code it would bundle
        alt.JupyterChart._esm = loader(bundle)
        alt.JupyterChart._is_offline = True
    else:
        alt.JupyterChart.enable_offline()
    _offline = True


def jupyter_chart(chart: Chart) -> alt.JupyterChart:
    """An interactive ``JupyterChart`` that renders with no internet: offline mode is switched
    on (once) before the first one is made."""
    enable_offline()
    return alt.JupyterChart(chart)


def save(chart: Chart, path: str | Path) -> Path:
    """Write ``chart`` as PNG or SVG (by the file's suffix) through vl-convert, offline."""
    path = Path(path)
    if path.suffix not in (".png", ".svg"):
        raise ValueError(f"save a chart as .png or .svg, not {path.name!r}")
    path.parent.mkdir(parents=True, exist_ok=True)
    chart.save(str(path), scale_factor=2 if path.suffix == ".png" else 1)
    if path.suffix == ".svg":
        described_svg(path, chart)
    return path


def svg_text(chart: Chart) -> str:
    """The chart as SVG text (vl-convert, offline), its title and text alternative inside
    (:func:`described_text`): for a printable page."""
    out = io.StringIO()
    chart.save(out, format="svg")
    return described_text(out.getvalue(), chart)


def described_svg(path: Path, chart: Chart) -> None:
    """Put the chart's title and its text alternative (its ``description``) into the SVG file at
    ``path`` (:func:`described_text`)."""
    path.write_text(described_text(path.read_text(encoding="utf-8"), chart), encoding="utf-8")


def spec_title(spec: dict[str, Any]) -> str:
    """A Vega-Lite spec's title, as text (without its subtitle): an SVG's ``<title>``, a
    chart's table's caption."""
    title = spec.get("title", "")
    title = title.get("text", "") if isinstance(title, dict) else title
    return " ".join(title) if isinstance(title, list) else str(title)


def described_text(svg: str, chart: Chart) -> str:
    """``svg`` (the chart drawn) with the chart's title and its text alternative (its
    ``description``) as ``<title>`` and ``<desc>``, and ``role="img"``, so a screen reader reads
    them; unchanged if it does not start with an ``<svg`` tag."""
    import html as _html

    spec = chart.to_dict()
    title = spec_title(spec)
    desc = str(spec.get("description", "") or "")
    head, sep, rest = svg.partition(">")
    if not sep or not head.startswith("<svg"):
        return svg
    tags = (f"<title>{_html.escape(title)}</title>" if title else "") + (
        f"<desc>{_html.escape(desc)}</desc>" if desc else "")
    return f'{head} role="img"{sep}{tags}{rest}'
