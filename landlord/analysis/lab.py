"""The scenario lab's numbers of a run: its games (:class:`LabRun`: the sweep's rows and per-turn
panel, each with the lab's ``scenario`` name), the summary table, the paired difference of two
scenarios, the mean Gini over turns (the Gini band), and the frames of the class chart. The
intervals are :mod:`landlord.analysis.stats`' (valid under repeated looks where the lab shows them
as games arrive); the stop rule is :mod:`landlord.analysis.tally`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import pandas as pd

from landlord.analysis import metrics
from landlord.analysis.stats import difference_interval, sequence_interval


@dataclass
class LabRun:
    """What a run produced: the sweep's rows (one per game) and its per-turn panel (every seat's
    net worth after every turn), both with the lab's ``scenario`` name."""

    games: pd.DataFrame = field(default_factory=pd.DataFrame)
    panel_of: pd.DataFrame | Callable[[], pd.DataFrame] = field(default_factory=pd.DataFrame, repr=False)
    """The panel, or what builds it when first asked for (:attr:`panel`)."""
    complete: bool = False

    @property
    def panel(self) -> pd.DataFrame:
        """The per-turn panel (a run's is built from its games' tables when first read: the lab's
        charts draw the tally's sums, so a stop does not wait for it)."""
        if callable(self.panel_of):
            self.panel_of = self.panel_of()
        return self.panel_of

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The per-game rows as dicts."""
        return [{str(k): v for k, v in r.items()} for r in self.games.to_dict("records")]

    @property
    def results(self) -> pd.DataFrame:
        """One row per game: the sweep's columns plus the scenario's name."""
        return self.games


def summary_table(run: LabRun) -> pd.DataFrame:
    """Per scenario: games, mean final Gini ± its 95% interval valid under repeated looks
    (:func:`landlord.analysis.stats.sequence_interval`: the lab shows it as games arrive), mean
    turns, in the Poor House."""
    df = run.results
    rows = []
    for name, part in df.groupby("scenario", sort=False):
        m, h = sequence_interval(part["gini_population"].dropna().to_numpy())
        rows.append({"scenario": name, "games": len(part), "final Gini (mean)": round(m, 3),
                     "± 95%": round(h, 3), "turns (mean)": round(float(part["turns"].mean()), 1),
                     "in Poor House (mean)": round(float(part["in_poorhouse"].mean()), 2)})
    return pd.DataFrame(rows)


def paired_difference(run: LabRun, a: str, b: str) -> tuple[float, float, int]:
    """Mean of (final Gini of ``b`` − of ``a``) over the seeds both played, its 95% half-width
    valid under repeated looks, and the number of pairs."""
    df = run.results
    pa = df[df["scenario"] == a].set_index("seed")["gini_population"]
    pb = df[df["scenario"] == b].set_index("seed")["gini_population"]
    common = pa.index.intersection(pb.index)
    both = pd.DataFrame({"a": pa[common], "b": pb[common]}).dropna()
    return difference_interval(both["a"].to_numpy(), both["b"].to_numpy(), paired=True)


MIN_AT_TURN = 10
"""The mean Gini over turns stops where fewer games than this are still going (all of them,
in a run of fewer) ..."""
SHARE_AT_TURN = 0.1
"""... or fewer than this share of the scenario's games: a mean of the few long games left
is noise (it spiked at the chart's right end)."""


def trim_band(band: pd.DataFrame, games: dict[str, int]) -> pd.DataFrame:
    """``band`` (``scenario, turn, mean, lo, hi, n``) without the turns where too few of a
    scenario's ``games`` are still going (:data:`MIN_AT_TURN`, :data:`SHARE_AT_TURN`)."""
    if band.empty:
        return band
    need = band["scenario"].map(lambda s: max(min(MIN_AT_TURN, games.get(s, 0)), SHARE_AT_TURN * games.get(s, 0)))
    return band[band["n"] >= need].reset_index(drop=True)


def gini_band(run: LabRun) -> pd.DataFrame:
    """:func:`landlord.analysis.metrics.gini_by_turn` of the run's panel by ``scenario``. When each
    scenario is one cell (the lab's A and B), it is worked out by cell — the panel comes in
    cell, game, turn, seat order, so nothing is sorted — and named after: the same frame."""
    pan, games = run.panel, run.games
    if pan.empty or not {"cell", "scenario"} <= set(games.columns):
        return metrics.gini_by_turn(pan, "scenario")
    names = games.drop_duplicates("cell").set_index("cell")["scenario"]
    if not names.is_unique or games.groupby("cell")["scenario"].nunique().max() > 1:
        return metrics.gini_by_turn(pan, "scenario")
    band = metrics.gini_by_turn(pan, "cell")
    band.insert(0, "scenario", band.pop("cell").map(names))
    return band.sort_values(["scenario", "turn"], kind="stable", ignore_index=True)


def class_beside(classes: pd.DataFrame, run: LabRun) -> tuple[pd.DataFrame, pd.DataFrame]:
    """The frames of the class chart (:func:`landlord.charts.figures.class_final_gini_chart`): the
    class's tables under "Your class: <rules at the end>" and the run's games under
    "Simulated: <scenario>"."""
    rows = classes.assign(regime="Your class: " + classes["regime"].astype(str))[["table", "regime", "gini_population"]]
    games = run.results
    if games.empty:
        return rows, pd.DataFrame(columns=["regime", "gini"])
    band = pd.DataFrame({"regime": "Simulated: " + games["scenario"].astype(str),
                         "gini": games["gini_population"]}).dropna()
    return rows, band
