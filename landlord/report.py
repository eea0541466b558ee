"""A comparison report of a sweep: charts written as PNG, SVG and HTML files.

The final-Gini distributions and the mean ± interval of Gini over turns are the chart
library's (:func:`landlord.charts.final_gini_chart`, :func:`landlord.charts.mean_interval_chart`
on :func:`landlord.metrics.histogram` / :func:`landlord.metrics.mean_interval` frames); the
per-cell quartiles, winners by strategy and money flows are drawn here. Every chart is built
from an aggregated frame (one row per cell, cell × bin, cell × turn, …), never the raw rows,
so sweeps of any size stay below Altair's row limit. The HTML files inline the Vega
libraries, so they open with no internet.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from landlord.inequality import GINI_FORMS

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

FORMATS = ("png", "svg", "html")
FLOW_WORDS = ("rent", "tax", "treasury", "wages", "interest", "fare", "franchise")
"""Money flows shown in the flows chart: those whose reason names one of these words."""


def gini_summary(games: pd.DataFrame, form: str = "population") -> pd.DataFrame:
    """Per cell: games played, mean and quartiles (with min and max) of the final Gini."""
    col = f"gini_{form}"
    ok = games[games["status"] == "ok"]
    g = ok.groupby(["cell", "cell_label"], sort=True)[col]
    out = g.agg(games="count", mean="mean", min="min", max="max").reset_index()
    for name, q in (("q1", 0.25), ("median", 0.5), ("q3", 0.75)):
        out[name] = g.quantile(q).to_numpy()
    return out


def wins_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Per cell and strategy: share of games won (ties go to the first seat among the richest)
    and that strategy's share of the seats, for comparison."""
    import pandas as pd

    ok = games[games["status"] == "ok"]
    rows = []
    seat_cols = sorted(c for c in ok.columns if c.startswith("strategy_"))
    for (cell, label), g in ok.groupby(["cell", "cell_label"], sort=True):
        wins = g["winner_strategy"].value_counts()
        seats = pd.Series(g[seat_cols].to_numpy().ravel()).dropna().value_counts()
        for name in seats.index:
            rows.append({"cell": cell, "cell_label": label, "strategy": name,
                         "win_share": float(wins.get(name, 0)) / len(g),
                         "seat_share": float(seats[name]) / float(seats.sum())})
    return pd.DataFrame(rows, columns=["cell", "cell_label", "strategy", "win_share", "seat_share"])


def flows_summary(games: pd.DataFrame) -> pd.DataFrame:
    """Per cell and money flow (rent, taxes, wages, …): mean amount per game."""
    ok = games[games["status"] == "ok"]
    cols = [c for c in ok.columns if c.startswith("flow_") and any(w in c for w in FLOW_WORDS)]
    means = ok.groupby(["cell", "cell_label"], sort=True)[cols].mean().reset_index()
    long = means.melt(id_vars=["cell", "cell_label"], var_name="flow", value_name="mean_per_game")
    long["flow"] = long["flow"].str.removeprefix("flow_").str.replace("_", " ")
    return long


def gini_chart(summary: pd.DataFrame, form: str = "population") -> alt.LayerChart:
    """Final-Gini distribution per cell: whiskers min–max, box quartiles, tick median, dot mean."""
    import altair as alt

    y = alt.Y("cell_label:N", title=None, sort=None)
    base = alt.Chart(summary)
    whisker = base.mark_rule().encode(x=alt.X("min:Q", title=GINI_FORMS[form]), x2="max:Q", y=y)
    box = base.mark_bar(size=14, opacity=0.6).encode(x="q1:Q", x2="q3:Q", y=y)
    median = base.mark_tick(color="black", size=14).encode(x="median:Q", y=y)
    mean = base.mark_point(color="firebrick", filled=True).encode(
        x="mean:Q", y=y, tooltip=["cell_label", "games", alt.Tooltip("mean:Q", format=".3f")])
    return (whisker + box + median + mean).properties(
        title=f"Final wealth inequality by scenario cell — {GINI_FORMS[form]}", width=420)


def wins_chart(summary: pd.DataFrame) -> alt.FacetChart:
    """Share of games each strategy won, per cell (seat share shown as a tick)."""
    import altair as alt

    base = alt.Chart(summary).encode(y=alt.Y("strategy:N", title=None), color="strategy:N")
    bars = base.mark_bar().encode(x=alt.X("win_share:Q", title="share of games won", axis=alt.Axis(format="%")))
    ticks = base.mark_tick(thickness=2).encode(x="seat_share:Q", color=alt.value("black"))
    return alt.layer(bars, ticks, data=summary).properties(width=300, height=alt.Step(14)).facet(
        row=alt.Row("cell_label:N", title=None, sort=None, header=alt.Header(labelAngle=0, labelAlign="left")),
    ).properties(title="Winners by strategy (tick: the strategy's share of seats)")


def flows_chart(summary: pd.DataFrame) -> alt.Chart:
    """Mean money per game by flow and cell: rent to landlords against tax to the treasury."""
    import altair as alt

    return alt.Chart(summary).mark_bar().encode(
        x=alt.X("mean_per_game:Q", title="mean per game"),
        y=alt.Y("cell_label:N", title=None, sort=None),
        color=alt.Color("cell_label:N", legend=None),
        row=alt.Row("flow:N", title=None, header=alt.Header(labelAngle=0, labelAlign="left")),
    ).properties(width=360, height=alt.Step(12), title="Where the money went (mean per game)")


def gini_by_turn(panel: pd.DataFrame, games: pd.DataFrame, form: str = "population") -> pd.DataFrame:
    """Mean ± interval (95%, normal) over games of the Gini of net worth after each turn, per
    cell: ``cell_label, turn, mean, lo, hi, n`` (from a sweep's per-turn panel; debts count as
    0). A game that has ended no longer counts, so ``n`` falls in the long tail of turns."""
    import pandas as pd

    from landlord.inequality import measures_array
    from landlord.metrics import mean_interval

    labels = games.drop_duplicates("cell").set_index("cell")["cell_label"]
    frames = []
    for cell, grp in panel.sort_values(["cell", "game", "turn", "seat"], kind="stable").groupby("cell"):
        n = int(grp["seat"].max()) + 1  # every turn has a row per seat (a cell has one table size)
        worths = grp["net_worth"].to_numpy(dtype=float).reshape(-1, n)
        heads = grp.iloc[::n][["turn"]].reset_index(drop=True)
        frames.append(heads.assign(cell_label=labels[cell], gini=measures_array(worths)[f"gini_{form}"]))
    per = pd.concat(frames, ignore_index=True)
    return mean_interval(per, x="turn", y="gini", by="cell_label")


def render_report(games: pd.DataFrame, out_dir: str | Path, title: str = "sweep",
                  formats: tuple[str, ...] = FORMATS, panel: pd.DataFrame | None = None) -> list[Path]:
    """Write the report's charts of a sweep's rows in each of ``formats``, plus the
    aggregated tables as CSV; the paths written. With the per-turn ``panel`` the report adds
    the mean ± interval of Gini over turns per cell."""
    from landlord import charts
    from landlord.metrics import histogram

    bad = [f for f in formats if f not in FORMATS]
    if bad:
        raise ValueError(f"unknown report formats {bad} (known: {', '.join(FORMATS)})")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    ok = games[games["status"] == "ok"]
    form = GINI_FORMS["population"]
    tables = {"gini_quartiles": gini_summary(games), "final_gini": histogram(ok, "gini_population", "cell_label"),
              "wins": wins_summary(games), "flows": flows_summary(games)}
    drawn: dict[str, alt.TopLevelMixin] = {
        "final_gini": charts.final_gini_chart(tables["final_gini"], by="cell_label", form=form),
        "gini_quartiles": gini_chart(tables["gini_quartiles"]),
        "wins": wins_chart(tables["wins"]), "flows": flows_chart(tables["flows"]),
    }
    if panel is not None and len(panel):
        tables["gini_over_turns"] = band = gini_by_turn(panel, games)
        x = "turn"
        if len(band) > charts.MAX_ROWS:  # very long games: every k-th turn keeps it drawable
            step = -(-len(band) // charts.MAX_ROWS)
            band = band[band["turn"] % step == 0]
        drawn["gini_over_turns"] = charts.mean_interval_chart(
            band, x=x, by="cell_label", y_title=form, title=f"Mean ± 95% interval of Gini over turns — {form}")
    written = []
    for name, table in tables.items():
        path = out / f"{name}.csv"
        table.to_csv(path, index=False)
        written.append(path)
    for name, chart in drawn.items():
        chart = chart.properties(usermeta={"sweep": title})
        for fmt in formats:
            path = out / f"{name}.{fmt}"
            if fmt == "html":
                chart.save(str(path), format="html", inline=True)
            else:  # the file's extension names the format
                chart.save(str(path))
            written.append(path)
    return written
