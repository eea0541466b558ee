"""A comparison report of a sweep: charts written as PNG, SVG and HTML files.

The final-Gini distributions, the mean ± interval of Gini over turns, winners by strategy and
money flows are the chart library's (:mod:`landlord.charts.figures` on :mod:`landlord.analysis.metrics` frames,
shared with the widgets' scenario lab); the per-cell quartiles are drawn here. Every chart is built
from an aggregated frame (one row per cell, cell × bin, cell × turn, …), never the raw rows,
so sweeps of any size stay below Altair's row limit. The HTML files inline the Vega
libraries, so they open with no internet.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.flows import HEADLINE, Flow
from landlord.engine.inequality import GINI_FORMS
from landlord.runs.scenario import label_words

if TYPE_CHECKING:
    import altair as alt
    import pandas as pd

FORMATS = ("png", "svg", "html")
REPORT_FLOWS: tuple[Flow, ...] = (*HEADLINE, flows.BUILDING_RENT, flows.RATES, flows.FARE)
"""Kinds of money flow shown in the flows chart: the headline kinds, and rent and interest on
buildings, rates, fares and franchises."""


def gini_summary(games: pd.DataFrame, form: str = "population") -> pd.DataFrame:
    """Per cell: games played, mean and quartiles (with min and max) of the final Gini."""
    from landlord.analysis.metrics import played

    col = f"gini_{form}"
    g = played(games).groupby(["cell", "cell_label"], sort=True)[col]
    out = g.agg(games="count", mean="mean", min="min", max="max").reset_index()
    for name, q in (("q1", 0.25), ("median", 0.5), ("q3", 0.75)):
        out[name] = g.quantile(q).to_numpy()
    return out


def gini_by_turn(panel: pd.DataFrame, games: pd.DataFrame, form: str = "population") -> pd.DataFrame:
    """:func:`landlord.analysis.metrics.gini_by_turn` of a sweep's per-turn panel, per cell label
    (``cell_label, turn, mean, lo, hi, n``; the labels are read from the sweep's rows)."""
    from landlord.analysis.metrics import gini_by_turn as by_turn

    labels = games.drop_duplicates("cell").set_index("cell")["cell_label"]
    return by_turn(panel.assign(cell_label=panel["cell"].map(labels)), "cell_label", form)


def render_report(games: pd.DataFrame, out_dir: str | Path, title: str = "sweep",
                  formats: tuple[str, ...] = FORMATS, panel: pd.DataFrame | None = None) -> list[Path]:
    """Write the report's charts of a sweep's rows in each of ``formats``, plus the
    aggregated tables as CSV; the paths written. With the per-turn ``panel`` the report adds
    the mean ± interval of Gini over turns per cell."""
    from landlord.analysis.metrics import every_kth, flow_means, histogram, played, win_shares
    from landlord.charts import figures as charts

    bad = [f for f in formats if f not in FORMATS]
    if bad:
        raise ValueError(f"unknown report formats {bad} (known: {', '.join(FORMATS)})")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    form = GINI_FORMS["population"]
    games = games.assign(cell_label=games["cell_label"].map(label_words))  # regimes in words, not tax=never
    tables = {"gini_quartiles": gini_summary(games),
              "final_gini": histogram(played(games), "gini_population", "cell_label"),
              "wins": win_shares(games, "cell_label"), "flows": flow_means(games, "cell_label", REPORT_FLOWS)}
    drawn: dict[str, alt.TopLevelMixin] = {
        "final_gini": charts.final_gini_chart(tables["final_gini"], by="cell_label", form=form),
        "gini_quartiles": charts.gini_quartiles_chart(tables["gini_quartiles"]),
        "wins": charts.win_share_chart(tables["wins"], "cell_label"),
        "flows": charts.flow_means_chart(tables["flows"], "cell_label"),
    }
    if panel is not None and len(panel):
        tables["gini_over_turns"] = band = gini_by_turn(panel, games)
        drawn["gini_over_turns"] = charts.mean_interval_chart(  # very long games: every k-th turn
            every_kth(band, charts.MAX_ROWS), x="turn", by="cell_label", y_title="mean Gini (0 = everyone equal)",
            title="How evenly is wealth spread, turn by turn? Mean of the games, with its 95% interval", form=form)
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
