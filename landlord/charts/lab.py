"""The scenario lab's four charts and the class chart beside them: the chart library's charts
(:mod:`landlord.charts.figures`) on the frames of a run (:func:`lab_frames`, of
:mod:`landlord.analysis.metrics` and :mod:`landlord.analysis.lab`), sized for a phone and a
projector (:mod:`landlord.charts.fit`), each in words and as a table of its numbers
(:func:`lab_numbers`)."""

from __future__ import annotations

from typing import Any

import pandas as pd

from landlord.analysis import metrics
from landlord.analysis.lab import MIN_AT_TURN, SHARE_AT_TURN, LabRun, gini_band, trim_band
from landlord.charts import figures as lib
from landlord.charts.dressing import sized
from landlord.charts.fit import FLOW_PLOT, PLOT, projector, rows_height
from landlord.charts.numbers import Numbers
from landlord.engine.inequality import GINI_FORMS


def lab_frames(run: LabRun, band: pd.DataFrame | None = None) -> dict[str, pd.DataFrame]:
    """The :mod:`landlord.analysis.metrics` frames the lab's charts draw, of a run's rows and panel:
    ``hist`` (final Gini), ``band`` (mean Gini over turns, :func:`gini_band` unless given,
    without the turns too few games reach: :func:`trim_band`), ``wins`` (winners by strategy),
    ``flows`` (money by kind of flow)."""
    res = metrics.played(run.results)
    counts = {str(k): int(v) for k, v in res.groupby("scenario").size().items()} if not res.empty else {}
    return {
        "hist": metrics.histogram(res, "gini_population", "scenario", bins=25, lo=0.0, hi=1.0),
        "band": metrics.every_kth(trim_band(gini_band(run) if band is None else band, counts), lib.MAX_ROWS),
        "wins": metrics.win_shares(res, "scenario"),
        "flows": metrics.flow_means(res, "scenario"),
    }


def _games_words(run: LabRun) -> str:
    """How many games stand behind a run's charts, in words ("120 games of each scenario")."""
    res = metrics.played(run.results)
    if res.empty:
        return "no game yet"
    counts = res.groupby("scenario", sort=False).size()
    if counts.nunique() == 1:
        n = int(counts.iloc[0])
        return f"{n} game{'s' if n != 1 else ''}" + (" of each scenario" if len(counts) > 1 else "")
    return ", ".join(f"{name}: {n} games" for name, n in counts.items())


BAND_NOTE = (f"each point: the games still going at that turn (their number in the tooltip); the line "
             f"stops where fewer than {SHARE_AT_TURN:.0%} of them, or {MIN_AT_TURN}, are left")
"""The mean Gini over turns' second subtitle line: what stands behind each point."""


FINAL, BAND, WINNERS, FLOWS = ("Final Gini by scenario", "Mean Gini over turns", "Winners by strategy",
                               "Mean money per game by kind of flow")
"""The titles of the lab's four charts (their words begin with them)."""


def lab_charts(run: LabRun, frames: dict[str, pd.DataFrame] | None = None) -> tuple[Any, Any, Any, Any]:
    """The lab's four charts of a run, sized for the lab — final Gini, mean Gini over turns,
    winners by strategy, money by kind of flow: the chart library's charts on the frames of
    :func:`lab_frames` (computed here unless given; nothing else is computed here), each
    saying how many games it stands on, each narrow enough for a phone (:func:`projector`)."""
    form = GINI_FORMS["population"]
    f = lab_frames(run) if frames is None else frames
    games = _games_words(run)
    names = [*f["hist"]["scenario"], *f["band"]["scenario"], *f["wins"]["scenario"], *f["wins"]["strategy"],
             *f["flows"]["scenario"], *f["flows"]["flow"]]
    return (
        projector(sized(lib.final_gini_chart(f["hist"], "scenario", form, title=FINAL, what=FINAL), width=PLOT,
                        height=60), games, words=names),
        projector(sized(lib.mean_interval_chart(f["band"], "turn", "scenario", "Gini (mean, 95% interval)", BAND,
                                                form), width=PLOT, height=180), BAND_NOTE, words=names),
        projector(sized(lib.win_share_chart(f["wins"], "scenario", WINNERS), width=PLOT, height=180),
                  "tick: share of seats; a tie goes to the first richest seat", games, words=names),
        projector(sized(lib.flow_means_chart(f["flows"], "scenario", FLOWS), width=FLOW_PLOT,
                        height=rows_height(f["flows"]["flow"])), games, words=names),
    )


def _percent(share: pd.Series) -> pd.Series:
    return share.map(lambda x: f"{x:.0%}")


def lab_numbers(frames: dict[str, pd.DataFrame]) -> tuple[Numbers, Numbers, Numbers, Numbers]:
    """The lab's four charts (:func:`lab_charts`) in words and as tables of their numbers, from
    the same frames (:func:`lab_frames`), the columns in plain words."""
    hist, band, wins, flows = frames["hist"], frames["band"], frames["wins"], frames["flows"]
    bins = hist[hist["count"] > 0]
    return (
        (lib.final_gini_words(hist, "scenario", FINAL) + lib.form_words(GINI_FORMS["population"]),  # as its chart
         pd.DataFrame({"scenario": bins["scenario"], "final Gini from": bins["bin_start"], "to": bins["bin_end"],
                       "games": bins["count"], "share of games": _percent(bins["share"])})),
        (lib.mean_interval_words(band, "turn", "scenario", BAND) + lib.form_words(GINI_FORMS["population"]),
         band[["scenario", "turn", "mean", "lo", "hi", "n"]].set_axis(
             ["scenario", "turn", "mean Gini", "95% interval from", "to", "games still going"], axis=1)),
        (lib.win_share_words(wins, "scenario", WINNERS),
         pd.DataFrame({"scenario": wins["scenario"], "strategy": wins["strategy"], "games won": wins["wins"],
                       "games": wins["games"], "share of games won": _percent(wins["win_share"]),
                       "share of seats": _percent(wins["seat_share"])})),
        (lib.flow_means_words(flows, "scenario", FLOWS),
         flows.set_axis(["scenario", "kind of flow", "mean per game"], axis=1)),
    )


CLASS_TITLE = "Your class's tables (dots) beside the simulated games (bar: lowest to highest, tick: middle)"


def class_chart(rows: pd.DataFrame, band: pd.DataFrame) -> Any:
    """The class chart of :func:`landlord.analysis.lab.class_beside`'s frames, sized as the lab's
    charts are (:func:`landlord.charts.figures.class_final_gini_chart`, titled :data:`CLASS_TITLE`)."""
    names = [*rows["regime"], *band["regime"]]
    return projector(sized(lib.class_final_gini_chart(rows, band, CLASS_TITLE), width=PLOT,
                           height=rows_height(names)), words=names)
