"""Interim Altair charts for the widgets — to be replaced by ``landlord.charts``.

The chart library (``landlord/charts.py``, branch ``metrics``) will own the board drawn as a ring
of spaces and the wealth / Gini / flow charts. Until it lands on main, the widgets draw with the
functions below. Each takes plain rows (from :mod:`widgets.state` or the scenario lab's results)
and returns an Altair chart; none of them computes anything about the game. When
``landlord.charts`` lands, the widgets switch to it and this module is deleted.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

import altair as alt
import pandas as pd

from widgets.state import PLAYER_COLOURS

KIND_COLOURS = {
    "lot": "#e8f0d8", "street": "#e8f0d8", "site": "#e8f0d8", "mother_earth": "#fff2b3", "go": "#fff2b3",
    "necessity": "#cfe0f5", "tax": "#cfe0f5", "railroad": "#d9d9d9", "luxury": "#f5d0e6",
    "franchise": "#ffe0c2", "utility": "#ffe0c2", "park": "#c8ecc8", "free_parking": "#c8ecc8",
    "legacy": "#fff7d6", "no_trespassing": "#f4b6b6", "go_to_jail": "#f4b6b6", "jail": "#f4b6b6",
    "chance": "#efe4ff", "community_chest": "#efe4ff",
}


def blank(text: str = "") -> alt.Chart:
    """A placeholder chart (a JupyterChart needs one before the first real chart arrives)."""
    return alt.Chart(pd.DataFrame({"t": [text]})).mark_text().encode(text="t:N").properties(width=80, height=30)


def ring_xy(index: int, n: int) -> tuple[int, int]:
    """Grid cell of space ``index`` on a square ring of ``n`` spaces, clockwise from the
    bottom-right corner (the start), as on the printed boards."""
    side = max(1, math.ceil(n / 4))
    i = index
    if i < side:
        return side - i, 0
    if i < 2 * side:
        return 0, i - side
    if i < 3 * side:
        return i - 2 * side, side
    return side, side - (i - 3 * side)


def _short(row: dict[str, Any]) -> str:
    if row.get("lot") is not None:
        label = f"Lot {row['lot']}"
    else:
        label = str(row["name"]).split(":")[-1].strip()
        label = label if len(label) <= 12 else label[:11] + "…"
    return label + ("*" if row.get("reconstructed") else "")


def _named(name: str) -> alt.Chart:
    return alt.Chart(alt.NamedData(name=name))


def fill(spec: dict[str, Any], datasets: dict[str, list[dict[str, Any]]]) -> dict[str, Any]:
    """A copy of a chart's Vega-Lite ``spec`` with its named datasets filled in (cheap: the
    spec is built and validated once; each redraw only swaps the rows)."""
    out = dict(spec)
    out["datasets"] = {**spec.get("datasets", {}), **datasets}
    return out


def board_chart(n: int, names: Sequence[str], title: str = "", size: int = 460) -> alt.TopLevelMixin:
    """The board as a ring of ``n`` spaces (data: ``spaces``, ``tokens``, ``centre`` from
    :func:`board_data`): holders' colours, mortgages (faded, 'M'), charters ('C'), buildings,
    tokens (the one to move drawn large) and reconstructed spaces (dashed red, starred)."""
    side = max(1, math.ceil(n / 4))
    cell = size / (side + 1)
    xs = alt.X("x:Q", scale=alt.Scale(domain=[-0.5, side + 0.5]), axis=None)
    ys = alt.Y("y:Q", scale=alt.Scale(domain=[-0.5, side + 0.5]), axis=None)
    palette = alt.Scale(domain=list(names), range=list(PLAYER_COLOURS[: len(names)]))
    tip = [alt.Tooltip("name:N", title="space"), alt.Tooltip("kind:N"), alt.Tooltip("price:Q"),
           alt.Tooltip("rent:Q"), alt.Tooltip("fee:Q"), alt.Tooltip("shown_owner:N", title="held by"),
           alt.Tooltip("mortgaged:N"), alt.Tooltip("recon:N", title="values"), alt.Tooltip("note:N")]
    base = _named("spaces").encode(x=xs, y=ys)
    squares = base.mark_square(size=(cell * 0.92) ** 2, strokeWidth=1.2).encode(
        fill=alt.Fill("fill:N", scale=None),
        stroke=alt.condition("datum.reconstructed", alt.value("#b00000"), alt.value("#555555")),
        strokeDash=alt.condition("datum.reconstructed", alt.value([4, 3]), alt.value([1, 0])),
        opacity=alt.condition("datum.mortgaged", alt.value(0.45), alt.value(1.0)),
        tooltip=tip,
    )
    held = base.transform_filter("datum.owner_seat >= 0").mark_square(
        size=(cell * 0.92) ** 2, filled=False, strokeWidth=4).encode(
        stroke=alt.Stroke("owner:N", scale=palette, legend=alt.Legend(title="held by", orient="bottom")),
        tooltip=tip)
    fs = max(6.0, min(9.0, cell / 6))
    labels = base.mark_text(fontSize=fs, dy=-cell * 0.22).encode(text="label:N", tooltip=tip)
    marks = base.mark_text(fontSize=fs + 1, fontWeight="bold", dy=cell * 0.05).encode(text="marks:N")
    tokens = _named("tokens").mark_point(filled=True, stroke="black").encode(
        x=xs, y=ys, color=alt.Color("name:N", scale=palette, legend=None),
        size=alt.condition("datum.to_move", alt.value(cell * 3.2), alt.value(cell * 1.4)),
        strokeWidth=alt.condition("datum.to_move", alt.value(2.5), alt.value(0.5)),
        shape=alt.condition("datum.where == 'track'", alt.value("circle"), alt.value("diamond")),
        tooltip=[alt.Tooltip("who:N", title="token")])
    centre = _named("centre").mark_text(fontSize=13).encode(x=xs, y=ys, text="t:N")
    return alt.layer(squares, held, labels, marks, tokens, centre).properties(width=size, height=size, title=title)


def board_data(spaces: Sequence[dict[str, Any]], tokens: Sequence[dict[str, Any]],
               centre: str = "") -> dict[str, list[dict[str, Any]]]:
    """The rows :func:`board_chart` draws, from :func:`widgets.state.space_rows` and
    :func:`widgets.state.token_rows`."""
    n = len(spaces)
    side = max(1, math.ceil(n / 4))
    srows = []
    for s in spaces:
        x, y = ring_xy(int(s["index"]), n)
        marks = "".join(m for m, on in (("M", s["mortgaged"]), ("C", s["charter"])) if on)
        if s["buildings"]:
            marks += f"{s['buildings']}⌂"
        srows.append({"x": x, "y": y, "name": s["name"], "kind": s["kind"], "price": s["price"],
                      "rent": s["rent"], "fee": s["fee"], "owner": s["owner"], "owner_seat": s["owner_seat"],
                      "mortgaged": s["mortgaged"], "reconstructed": s["reconstructed"],
                      # the source note travels only where the values are reconstructed
                      "note": s["note"] if s["reconstructed"] else "",
                      "label": _short(s), "marks": marks, "fill": KIND_COLOURS.get(str(s["kind"]), "#f2f2f2"),
                      "shown_owner": s["owner"] or "nobody",
                      "recon": "reconstructed" if s["reconstructed"] else "from the sources"})
    counts: dict[int, int] = {}
    trows = []
    for t in tokens:
        pos = int(t["pos"])
        x, y = ring_xy(pos, n)
        k = counts.get(pos, 0)
        counts[pos] = k + 1
        off = (k - 1.5) * 0.18
        place = "" if t["where"] == "track" else f" ({t['where']})"
        trows.append({"x": x + off, "y": y - 0.22 - (0.12 if t["where"] != "track" else 0), "name": t["name"],
                      "to_move": bool(t["to_move"]), "where": t["where"], "who": t["name"] + place})
    lines = centre.split("\n") if centre else []
    crows = [{"x": side / 2, "y": side / 2 + 0.6 - 0.5 * i, "t": line} for i, line in enumerate(lines)]
    return {"spaces": srows, "tokens": trows, "centre": crows}


def _phase_marks() -> list[alt.Chart]:
    r = _named("phases").mark_rule(strokeDash=[5, 3], color="black").encode(x="turn:Q", tooltip=["phase:N"])
    t = _named("phases").mark_text(align="left", dx=3, dy=-4, fontSize=10).encode(
        x="turn:Q", y=alt.value(8), text="phase:N")
    return [r, t]


def history_data(history: Sequence[dict[str, Any]], names: Sequence[str]) -> dict[str, list[dict[str, Any]]]:
    """Rows for :func:`wealth_chart` and :func:`gini_chart` from the table's snapshots: the last
    snapshot of each turn, and a ``phases`` row where the phase in force changed."""
    last: dict[int, dict[str, Any]] = {}
    for h in history:
        last[h["turn"]] = h
    wealth, ginis = [], []
    for turn in sorted(last):
        h = last[turn]
        ginis.append({"turn": turn, "gini": h["gini"], "phase": h["phase"]})
        for seat, total in enumerate(h["totals"]):
            wealth.append({"turn": turn, "name": names[seat], "total": total, "cash": h["cash"][seat],
                           "phase": h["phase"]})
    phases = [{"turn": b["turn"], "phase": f"→ {b['phase']}"}
              for a, b in itertools.pairwise(history) if a["phase"] != b["phase"]]
    return {"wealth": wealth, "gini": ginis, "phases": phases}


def wealth_chart(names: Sequence[str], width: int = 330, height: int = 200) -> alt.TopLevelMixin:
    """Each seat's total (the family's count) over turns (data ``wealth``); phase switches as
    dashed rules (data ``phases``)."""
    palette = alt.Scale(domain=list(names), range=list(PLAYER_COLOURS[: len(names)]))
    c = _named("wealth").mark_line(interpolate="step-after").encode(
        x=alt.X("turn:Q", title="turn"), y=alt.Y("total:Q", title="total wealth"),
        color=alt.Color("name:N", scale=palette, legend=alt.Legend(title=None, orient="top")),
        tooltip=["turn:Q", "name:N", "total:Q", "cash:Q", "phase:N"],
    )
    return alt.layer(c, *_phase_marks()).properties(width=width, height=height, title="Wealth per player")


BRUSH = "rewind"
"""Name of the interval selection on the Gini chart (brushing it rewinds the table)."""


def gini_chart(width: int = 330, height: int = 200) -> alt.TopLevelMixin:
    """Gini of the seats' totals (population form; debts count as 0) over turns (data ``gini``);
    brush along the turns to rewind."""
    c = _named("gini").mark_line(interpolate="step-after", color="#444").encode(
        x=alt.X("turn:Q", title="turn"),
        y=alt.Y("gini:Q", title="Gini (population form)", scale=alt.Scale(domain=[0, 1])),
        tooltip=["turn:Q", alt.Tooltip("gini:Q", format=".3f"), "phase:N"],
    ).add_params(alt.selection_interval(name=BRUSH, encodings=["x"]))
    return alt.layer(c, *_phase_marks()).properties(width=width, height=height,
                                                     title="Inequality (Gini) — brush to rewind")


def flows_chart(width: int = 330, height: int = 200) -> alt.Chart:
    """Money moved by reason (data ``flows`` from :func:`widgets.state.flow_rows`), coloured by
    the phase in force, so a phase switch shows before and after."""
    return _named("flows").mark_bar().encode(
        y=alt.Y("reason:N", sort="-x", title=None), x=alt.X("sum(amount):Q", title="money moved"),
        color=alt.Color("phase:N", legend=alt.Legend(orient="top", title="phase")),
        tooltip=["reason:N", "phase:N", "to:N", "sum(amount):Q"],
    ).properties(width=width, height=height, title="Money flows")


# -- scenario lab ------------------------------------------------------------------------
def final_gini_chart(results: pd.DataFrame, width: int = 320, height: int = 180) -> alt.Chart:
    """Distribution of final Gini per scenario (overlaid histograms)."""
    return alt.Chart(results).mark_bar(opacity=0.55, binSpacing=0).encode(
        x=alt.X("gini_population:Q", bin=alt.Bin(maxbins=25, extent=[0, 1]), title="final Gini (population form)"),
        y=alt.Y("count():Q", stack=None, title="games"),
        color=alt.Color("scenario:N", legend=alt.Legend(orient="top")),
        tooltip=["scenario:N", "count():Q"],
    ).properties(width=width, height=height, title="Final Gini")


def gini_band_chart(trajectories: pd.DataFrame, width: int = 320, height: int = 180) -> alt.TopLevelMixin:
    """Mean Gini over turns per scenario with a 95% interval of the mean (mean ± 1.96·s/√n)."""
    base = alt.Chart(trajectories).encode(x=alt.X("turn:Q", title="turn"),
                                          color=alt.Color("scenario:N", legend=alt.Legend(orient="top")))
    band = base.mark_area(opacity=0.25).encode(y=alt.Y("lo:Q", title="Gini (mean, 95% interval)",
                                                        scale=alt.Scale(domain=[0, 1])), y2="hi:Q")
    line = base.mark_line().encode(y="mean:Q", tooltip=["scenario:N", "turn:Q", alt.Tooltip("mean:Q", format=".3f"),
                                                         alt.Tooltip("lo:Q", format=".3f"),
                                                         alt.Tooltip("hi:Q", format=".3f"), "games:Q"])
    return alt.layer(band, line).properties(width=width, height=height, title="Gini over turns")


def winners_chart(results: pd.DataFrame, width: int = 320, height: int = 180) -> alt.Chart:
    """Share of games won by each strategy, per scenario."""
    return alt.Chart(results).mark_bar().encode(
        x=alt.X("count():Q", stack="normalize", title="share of games won"),
        y=alt.Y("scenario:N", title=None), color=alt.Color("winner_strategy:N", legend=alt.Legend(orient="top",
                                                                                                    title="winner")),
        tooltip=["scenario:N", "winner_strategy:N", "count():Q"],
    ).properties(width=width, height=height, title="Winners by strategy")


def lab_flows_chart(flows: pd.DataFrame, width: int = 320, height: int = 220) -> alt.Chart:
    """Mean money moved per game by reason and where it went (rent to holders versus taxes and
    rent to the Public Treasury), one bar per scenario."""
    return alt.Chart(flows).mark_bar().encode(
        x=alt.X("per_game:Q", title="mean per game"), y=alt.Y("flow:N", sort="-x", title=None),
        color=alt.Color("scenario:N", legend=alt.Legend(orient="top")), yOffset="scenario:N",
        tooltip=["scenario:N", "flow:N", alt.Tooltip("per_game:Q", format=".1f")],
    ).properties(width=width, height=height, title="Rent versus tax: where the money went")
