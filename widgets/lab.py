"""The scenario lab: compare rulesets and phase regimes over many bot games.

An instructor picks one or two scenarios (ruleset, phase regime, seats' bots, wages, start cash),
a number of games and a root seed; the lab turns them into one :mod:`landlord.runs.scenario` (the
fields A and B share are fixed, the fields they differ in form the ``[grid]``, and
``seeds = "shared"`` makes every cell play the same seeds) and runs it with the sweep runner
(:class:`landlord.runs.sweep.Sweep`, in a background thread) with a progress bar and a cancel button
while the notebook stays responsive. It shows final-Gini distributions, mean Gini over turns
with a 95% interval, winners by strategy and the mean money per game by kind of flow — the chart
library's charts (:mod:`landlord.charts.figures`) on :mod:`landlord.analysis.metrics` frames of the sweep's rows
and per-turn panel. Results download as CSV or Parquet and the scenario as a TOML file that
``landlord sweep FILE`` runs to the same rows.

A class's exported results (the teacher's dashboard writes them, CSV or Parquet) open through
the browser's upload (never a path on the server) and show beside the simulated games: each
table's final Gini as a dot beside the range of the computer players' games, in plain words too.
"""

from __future__ import annotations

import asyncio
import base64
import dataclasses
import html
import io
import math
import re
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as W
import numpy as np
import pandas as pd

from landlord.analysis import metrics
from landlord.analysis.stats import ALPHA, Z95, difference_interval, sequence_interval, verdict
from landlord.charts import figures as lib
from landlord.data.files import decode, parse_toml
from landlord.data.loader import load_ruleset, resolve_ruleset, ruleset_ids
from landlord.data.ruleset import Ruleset
from landlord.engine.inequality import GINI_FORMS, measures_array
from landlord.engine.phases import parse_switch
from landlord.errors import DataError, LandlordError
from landlord.players.characters import STRATEGIES, make_strategy
from landlord.rules.families import FamilyGame
from landlord.runs.scenario import NEVER, scenario_from_dict, scenario_from_text, scenario_to_toml
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.sweep import ChunkDone, Sweep, assemble, warm_workers, worths_by_turn

from .board_view import Numbers, blank, class_final_numbers, described, numbers_html, sized
from .chart_fit import FLOW_PLOT, PLOT, projector, rows_height
from .phase_switches import PhaseSwitches, about
from .table import (
    STYLE,
    WRAP,
    default_ruleset,
    full_labels,
    no_paths,
    plain_name,
    regimes,
)
from .words import rules_label

FIRST = 2
"""Games in a run's first chunk of each scenario: the first view waits for these alone (an
as-printed 1906 game with its per-turn net worth takes about 45 ms, a 1913 sequence game with the
Part 3 tax from the start about 60 ms, and the first view's charts about 0.3 s of the kernel's
CPU: four games each took 0.1 s more of the second) ..."""
CHUNK = 10
"""... games per sweep chunk in the lab's first :data:`GROW_AFTER` games: small, so the first view
comes soon, the progress bar moves and Stop is quick ..."""
GROW_AFTER = 100
BIG_CHUNK = 20
"""... and per chunk after those (fewer chunks to count in and look at: the stop rule looks
after every chunk that completes a game count for every scenario, so a run stops at most this
many games after its answer is clear: at 50, the lab's british-1913-sequence comparison, clear
from 255 games, stopped at 300; at 20 it stops at 260, each chunk costing about 3 ms more than
its games)."""
POLL = 0.05
"""Seconds between two looks of the lab's asyncio task at its running sweep."""
PANEL = pd.DataFrame(columns=["cell", "game", "seed", "turn", "seat", "net_worth"])
"""An empty per-turn panel (a run whose games all failed has none)."""
_NAMES = re.compile(r"^Scenario lab: A = «(?P<a>.*?)»(?:, B = «(?P<b>.*)»)?$")


@dataclass(frozen=True)
class Scenario:
    """What to play: a ruleset, a phase regime (trigger texts), bots by seat, param overrides."""

    name: str
    ruleset: str
    strategies: tuple[str, ...] = ("landlord", "tenant", "speculator", "random")
    regime: tuple[str, ...] = ()
    overrides: dict[str, Any] = field(default_factory=dict)

    def resolve(self) -> Ruleset:
        """The ruleset with this scenario's overrides."""
        return resolve_ruleset(self.ruleset, self.overrides, f"scenario {self.name}")

    def check(self) -> None:
        """Raise ValueError/LandlordError naming what is wrong before any game is played."""
        rs = self.resolve()
        if not rs.players_min <= len(self.strategies) <= rs.players_max:
            raise ValueError(f"{self.name}: {rs.id} takes {rs.players_min}–{rs.players_max} players, "
                             f"not {len(self.strategies)}")
        for s in self.strategies:
            if s not in STRATEGIES:
                raise ValueError(f"{self.name}: unknown strategy {s!r} (known: {', '.join(STRATEGIES)})")
        for t in self.regime:
            phase = parse_switch(t).phase
            if phase not in rs.phases:
                raise ValueError(f"{self.name}: {rs.id} has no phase {phase!r} (phases: {', '.join(rs.phases)})")
        if len(self.regime) > 1:  # several switches: in an order the scenario file can keep
            try:
                scenario_from_dict({"scenario": {"ruleset": self.ruleset, "strategies": list(self.strategies),
                                                 "players": len(self.strategies), "games": 1, "seed": 0},
                                    "grid": {"tax": [self.fields()["tax"]]}})
            except DataError as exc:
                raise ValueError(f"{self.name}: phase switches {exc.problem}") from None
        # set a game up (not played) so that the rules can refuse what they cannot play
        bots = [make_strategy(s, 0) for s in self.strategies]
        try:
            FamilyGame(rs, bots, 0, log=False, triggers=[parse_switch(t) for t in self.regime])
        except LandlordError as exc:
            raise ValueError(f"{self.name}: {exc}") from None

    def fields(self) -> dict[str, Any]:
        """The scenario's settings as ``landlord.runs.scenario`` fields (``ruleset``, ``players``,
        ``strategies``, ``tax.phase`` and ``tax.start`` for a regime of one switch or ``tax``
        (its ``phase@trigger`` switches) for several, and the overridden params)."""
        out: dict[str, Any] = {"ruleset": self.ruleset, "players": len(self.strategies),
                               "strategies": list(self.strategies)}
        if len(self.regime) > 1:
            out["tax"] = [f"{t.phase}@{t.text}" for t in map(parse_switch, self.regime)]
        elif self.regime:
            t = parse_switch(self.regime[0])
            out["tax.phase"], out["tax.start"] = t.phase, t.text
        else:
            out["tax.start"] = NEVER
        out.update(self.overrides)
        return out


_SPECIAL = ("ruleset", "players", "strategies", "tax", "tax.phase", "tax.start")


def _fields(scenarios: Sequence[Scenario]) -> list[dict[str, Any]]:
    """Each scenario's fields, with a param another scenario overrides filled in with this
    scenario's own value (so every side names the same fields)."""
    fields = [s.fields() for s in scenarios]
    params = list(dict.fromkeys(k for f in fields for k in f if k not in _SPECIAL))
    for f, s in zip(fields, scenarios, strict=True):  # a param one side leaves as printed
        values = s.resolve().values()
        for k in params:
            if k not in values:
                raise ValueError(f"{s.name}: {s.ruleset} has no param {k!r} for the other scenario's override")
            f.setdefault(k, values[k])
    if any("tax" in f for f in fields):  # a regime of several switches: every side names its whole regime
        for f in fields:
            if "tax" not in f:
                phase, start = f.pop("tax.phase", None), f.pop("tax.start")
                f["tax"] = NEVER if start == NEVER else [f"{phase}@{start}"]
    elif any(f["tax.start"] == NEVER for f in fields) and any("tax.phase" in f for f in fields):
        phase = next(f["tax.phase"] for f in fields if "tax.phase" in f)
        for f in fields:  # never checks no phase; give it the other side's so only start varies
            f.setdefault("tax.phase", phase)
    return fields


def scenario_dict(scenarios: Sequence[Scenario], games: int, seed: int) -> dict[str, Any]:
    """One ``landlord.runs.scenario`` dict for the lab's scenarios: the fields they share fixed, the
    fields they differ in as a ``[grid]`` (A's value first), every cell on the same seeds."""
    names = ", B = ".join(f"«{s.name}»" for s in scenarios)
    head: dict[str, Any] = {"title": " vs ".join(s.name for s in scenarios),
                            "description": f"Scenario lab: A = {names}",
                            "games": games, "seed": seed, "seeds": "shared"}
    fields = _fields(scenarios)
    raw: dict[str, Any] = {"scenario": head, "overrides": {}, "tax": {}, "grid": {}}
    for key in dict.fromkeys(k for f in fields for k in f):
        values = [f[key] for f in fields if key in f]
        if any(v != values[0] for v in values):
            raw["grid"][key] = values
        elif key in ("ruleset", "players", "strategies"):
            head[key] = values[0]
        elif key == "tax":  # the same regime of several switches on every side: [[tax]]
            raw["tax"] = [{"phase": t.phase, "start": t.text} for t in map(parse_switch, values[0])]
        elif key.startswith("tax."):
            raw["tax"][key[4:]] = values[0]
        else:
            raw["overrides"][key] = values[0]
    if "tax.phase" in raw["grid"] or "tax.start" in raw["grid"]:
        raw["grid"]["tax"] = {k[4:]: raw["grid"].pop(k) for k in ("tax.phase", "tax.start") if k in raw["grid"]}
    return {k: v for k, v in raw.items() if v or k == "scenario"}


def cell_names(sweep: SweepScenario, scenarios: Sequence[Scenario]) -> dict[int, str]:
    """Each cell's name: A's or B's for the cells that are exactly A or B, else its grid label
    (when A and B differ in several fields the grid also crosses them)."""
    want = _fields(scenarios)
    out: dict[int, str] = {}
    for cell in sweep.cells:
        have = {"ruleset": cell.ruleset, "players": cell.players, "strategies": list(cell.seats),
                "tax.start": cell.tax_start, "tax": [f"{p}@{t}" for p, t in cell.regime] or NEVER,
                **dict(cell.overrides)}
        if cell.tax_start != NEVER:
            have["tax.phase"] = cell.tax_phase
        name = cell.label
        for w, s in zip(want, scenarios, strict=True):
            if all(have.get(k, v) == v for k, v in w.items() if k != "tax.phase" or w["tax.start"] != NEVER):
                name = s.name
                break
        out[cell.index] = name
    return out


def lab_scenarios(sweep: SweepScenario) -> list[Scenario]:
    """The scenarios of a scenario's cells (any number), named as the lab named them when the
    lab wrote the file, else by their settings in plain words (:func:`file_names`)."""
    names = file_names(sweep)
    out = []
    for cell in sweep.cells:
        rs = load_ruleset(cell.ruleset)
        values = rs.values()
        regime = tuple(f"{phase}@{start}" for phase, start in cell.regime)
        over = {k: v for k, v in cell.overrides if values.get(k) != v}
        out.append(Scenario(names[cell.index], cell.ruleset, tuple(cell.seats), regime, over))
    return out


def lab_file(sweep: SweepScenario) -> bool:
    """Whether a scenario is one the lab wrote and its editors hold (A, or A and B, on the
    same seeds): else the lab plays it as it is."""
    return bool(_NAMES.match(sweep.description)) and sweep.seeds == "shared" and len(sweep.cells) <= 2


_FIELD_WORDS = {"tax.start": "tax starts", "tax.phase": "tax phase", "tax": "phases", "strategies": "bots",
                "start_cash": "start cash", "go_salary": "salary at GO"}


def plain_cell(label: str) -> str:
    """A cell's grid label in plain words: ``wages=150, tax.start=turn:20`` → ``wages 150, tax
    starts turn 20``; ``strategies=landlord+tenant`` → ``bots landlord + tenant``."""
    parts = []
    for item in label.split(", "):
        key, _, value = item.partition("=")
        words = _FIELD_WORDS.get(key, key.replace("_", " "))
        value = value.replace("+", " + ").replace("@", " from ").replace(":", " ").replace("never", "never")
        parts.append(f"{words} {value}".strip())
    return ", ".join(parts)


def file_names(sweep: SweepScenario) -> dict[int, str]:
    """Each cell's name: as the lab named A and B when it wrote the file, else its settings in
    plain words (:func:`plain_cell`; "as printed" for a scenario of one cell)."""
    m = _NAMES.match(sweep.description)
    names = [m["a"], m["b"]] if m else []
    out = {}
    for cell in sweep.cells:
        name = names[cell.index] if cell.index < len(names) and names[cell.index] else plain_cell(cell.label)
        out[cell.index] = name or sweep.title or "as printed"
    return out


def replace_games(sweep: SweepScenario, games: int) -> SweepScenario:
    """``sweep`` with ``games`` games a cell (the same seeds for the games both have)."""
    return dataclasses.replace(sweep, games=games)


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


def _spread(values: pd.Series) -> str:
    return f"from {values.min():.2f} to {values.max():.2f} (average {values.mean():.2f})"


def class_words(classes: pd.DataFrame, run: LabRun) -> str:
    """The class's results beside the simulated games, in plain words (HTML)."""
    parts = ["<p>The Gini measures how unequal the players' money is at the end of a game: 0 means "
             "everyone ends equally rich, 1 means one player has everything.</p><ul>"]
    for regime, part in classes.groupby("regime", sort=False):
        n = len(part)
        parts.append(f"<li>Your class, with <i>{html.escape(str(regime))}</i> in force at the end: {n} "
                     f"table{'s' if n != 1 else ''}, final Gini {_spread(part['gini_population'])}.</li>")
    games = run.results
    if not games.empty:
        g = classes["gini_population"]
        for name, part in games.groupby("scenario", sort=False):
            sims = part["gini_population"].dropna()
            if sims.empty:
                continue
            inside = int(((g >= sims.min()) & (g <= sims.max())).sum())
            parts.append(f"<li>Computer players, <i>{html.escape(str(name))}</i>: {len(sims)} games, final Gini "
                         f"{_spread(sims)}. {inside} of your class's {len(g)} tables ended inside that "
                         f"range.</li>")
    else:
        parts.append("<li>Press <b>Run</b> to play the computer players' games beside your class.</li>")
    return "".join(parts) + "</ul>"


def interleaved(chunks: list[Any]) -> list[Any]:
    """The sweep's chunks in turns — A's first chunk, B's first, A's second, … — so a cancelled
    run holds games of every scenario."""
    return sorted(chunks, key=lambda c: (c.start, c.cell))


def after(chunks: list[Any], have: dict[int, int]) -> list[Any]:
    """The sweep's chunks cut to the games of each cell from game ``have[cell]`` on (the games
    a run holds already are not played again)."""
    out = []
    for c in chunks:
        skip = have[int(c.cell or 0)] - c.start
        if skip >= len(c.seeds):
            continue
        out.append(dataclasses.replace(c, start=c.start + skip, seeds=c.seeds[skip:]) if skip > 0 else c)
    return out


def grown(chunks: list[Any]) -> list[Any]:
    """The sweep's chunks (of :data:`CHUNK` games, a cell's in game order) with each cell's first
    cut after :data:`FIRST` games and those from game :data:`GROW_AFTER` on joined into chunks of
    :data:`BIG_CHUNK` games (the same games)."""
    out: list[Any] = []
    started: set[int | None] = set()
    for c in chunks:
        if c.cell not in started and len(c.seeds) > FIRST:
            started.add(c.cell)
            out += [dataclasses.replace(c, seeds=c.seeds[:FIRST]),
                    dataclasses.replace(c, start=c.start + FIRST, seeds=c.seeds[FIRST:])]
            continue
        started.add(c.cell)
        last = out[-1] if out else None
        if (last is not None and c.start >= GROW_AFTER and last.cell == c.cell and last.start >= GROW_AFTER
                and last.start + len(last.seeds) == c.start and len(last.seeds) + len(c.seeds) <= BIG_CHUNK):
            out[-1] = dataclasses.replace(last, seeds=last.seeds + c.seeds)
        else:
            out.append(c)
    return out


@dataclass(frozen=True)
class Comparison:
    """One cell against the first: the mean of (final Gini of ``name`` − of ``base``), its
    half-width valid under repeated looks, the games it stands on, whether on the same seeds,
    and the stop rule's verdict (:func:`landlord.analysis.stats.verdict`) or None."""

    base: str
    name: str
    mean: float
    half: float
    n: int
    paired: bool
    verdict: str | None


class Tally:
    """A run's games so far, fed a chunk at a time in seed order (the sweep's
    :meth:`~landlord.runs.sweep.Sweep.take`): each cell's final Ginis in game order, each turn's
    Gini summed per cell (the mean Gini over turns without going over the panel again), and,
    after every chunk that completes a game count for every cell, the stop rule: each cell
    against the first, at 95% over them all (α split between the comparisons), paired when the
    cells play the same seeds. It stops at the first count at which every comparison is
    answered, so where it stops depends on the seeds only, never on how fast games came."""

    def __init__(self, scenario: SweepScenario, names: dict[int, str], smallest: float,
                 until_clear: bool = True) -> None:
        self.scenario, self.names, self.smallest, self.until_clear = scenario, names, smallest, until_clear
        self.paired = scenario.seeds == "shared"
        self.cells = [c.index for c in scenario.cells]
        self.tables: list[Any] = []
        self.panels: list[Any] = []
        self.gini: dict[int, list[float]] = {c: [] for c in self.cells}
        self.by_turn: dict[int, np.ndarray] = {}
        self.settled_at: int | None = None
        self.checked = 0

    @property
    def played(self) -> int:
        """Games played in every cell (the count the comparisons stand on)."""
        return min(len(v) for v in self.gini.values())

    @property
    def total(self) -> int:
        """Games played over all cells."""
        return sum(len(v) for v in self.gini.values())

    def add(self, done: ChunkDone) -> bool:
        """Count a finished chunk in; True when with it the stop rule says the answer is clear."""
        rows = done.games
        self.tables.append(rows)
        cell = int(done.chunk.cell or 0)
        ok = [s == "ok" for s in rows.column("status").to_pylist()]
        g = rows.column("gini_population").to_pylist() if "gini_population" in rows.column_names else []
        self.gini[cell].extend(float(x) if good and x is not None else math.nan
                               for good, x in zip(ok, g or [None] * len(ok), strict=True))
        if done.panel is not None and done.panel.num_rows:
            self.panels.append(done.panel)
            turn, worths = worths_by_turn(done.panel, len(done.chunk.seats))
            x = measures_array(worths, ["gini_population"])["gini_population"]
            sums = np.stack([np.bincount(turn).astype(float), np.bincount(turn, x), np.bincount(turn, x * x)])
            old = self.by_turn.get(cell)
            if old is not None and old.shape[1] < sums.shape[1]:
                old = np.pad(old, ((0, 0), (0, sums.shape[1] - old.shape[1])))
            elif old is not None:
                sums = np.pad(sums, ((0, 0), (0, old.shape[1] - sums.shape[1])))
            self.by_turn[cell] = sums if old is None else old + sums
        if self.until_clear and self.settled_at is None and len(self.cells) > 1 and self.played > self.checked:
            self.checked = self.played
            if all(c.verdict for c in self.comparisons()):
                self.settled_at = self.played
                return True
        return False

    def comparisons(self) -> list[Comparison]:
        """Each cell against the first, on the games every cell has played so far."""
        n = self.played
        first = self.cells[0]
        alpha = ALPHA / max(1, len(self.cells) - 1)
        out = []
        for c in self.cells[1:]:
            a, b = np.asarray(self.gini[first][:n]), np.asarray(self.gini[c][:n])
            if self.paired:
                keep = ~(np.isnan(a) | np.isnan(b))
                m, h, k = difference_interval(a[keep], b[keep], True, alpha)
            else:
                m, h, k = difference_interval(a[~np.isnan(a)], b[~np.isnan(b)], False, alpha)
            out.append(Comparison(self.names[first], self.names[c], m, h, k, self.paired,
                                  verdict(m, h, self.smallest, k)))
        return out

    def band(self) -> pd.DataFrame:
        """The mean Gini over turns so far (:func:`landlord.analysis.metrics.gini_by_turn`'s frame:
        ``scenario, turn, mean, lo, hi, n``, mean ± 1.96·s/√n clipped to [0, 1])."""
        frames = []
        for cell in self.cells:
            sums = self.by_turn.get(cell)
            if sums is None:
                continue
            n, s1, s2 = sums
            turns = np.flatnonzero(n)
            n, s1, s2 = n[turns], s1[turns], s2[turns]
            mean = s1 / n
            var = np.where(n > 1, np.maximum(s2 - n * mean * mean, 0.0) / np.maximum(n - 1, 1), 0.0)
            half = Z95 * np.sqrt(var / n)
            frames.append(pd.DataFrame({"scenario": self.names[cell], "turn": turns, "mean": mean,
                                        "lo": np.clip(mean - half, 0, 1), "hi": np.clip(mean + half, 0, 1),
                                        "n": n.astype(int)}))
        if not frames:
            return pd.DataFrame(columns=["scenario", "turn", "mean", "lo", "hi", "n"])
        return pd.concat(frames, ignore_index=True)

    def run(self, complete: bool = False, panel: bool = True) -> LabRun:
        """The games so far as a :class:`LabRun` (rows assembled as the sweep assembles them;
        the per-turn panel too when ``panel``, built when the run's panel is first read)."""
        games = assemble(self.scenario, self.tables)
        games = games.assign(scenario=games["cell"].map(self.names)) if len(games) else games
        if not (panel and self.panels):
            return LabRun(games, PANEL.assign(scenario=PANEL["cell"].map(self.names)), complete)
        panels, names = list(self.panels), self.names

        def build() -> pd.DataFrame:
            import pyarrow as pa

            pan = pa.concat_tables(sorted(panels, key=lambda t: (t.column("cell")[0].as_py(),
                                                                 t.column("game")[0].as_py()))).to_pandas()
            return pan.assign(scenario=pan["cell"].map(names))

        return LabRun(games, build, complete)


def _interval_words(c: Comparison) -> str:
    lo, hi = c.mean - c.half, c.mean + c.half
    how = "on the same seeds" if c.paired else "on different seeds"
    return (f"final Gini of <b>{html.escape(c.name)}</b> minus <b>{html.escape(c.base)}</b>: {c.mean:+.3f} "
            f"± {c.half:.3f} (from {lo:+.3f} to {hi:+.3f}), {c.n} games of each {how}")


def verdict_words(c: Comparison, smallest: float) -> str:
    """A comparison's answer in plain words (HTML)."""
    name, base = html.escape(c.name), html.escape(c.base)
    lo, hi = c.mean - c.half, c.mean + c.half
    if c.verdict == "direction":
        more = "less equal" if c.mean > 0 else "more equal"
        side = "higher" if c.mean > 0 else "lower"
        a, b = sorted((abs(lo), abs(hi)))
        small = f" — smaller than the {smallest:g} you said matters" if b < smallest else ""
        return (f"<b>{name}</b> ends {more} than <b>{base}</b>: its final Gini is {side} by "
                f"{a:.3f} to {b:.3f}{small}.")
    if c.verdict == "no difference":
        return (f"No difference as large as {smallest:g} between <b>{name}</b> and <b>{base}</b>: "
                f"the difference in final Gini lies between {lo:+.3f} and {hi:+.3f}.")
    return f"Not clear yet for <b>{name}</b> against <b>{base}</b>."


def _only_kit_rulesets(raw: dict[str, Any], where: str) -> None:
    """Refuse a scenario (its TOML, parsed) that names a ruleset other than the kit's own (a
    path would read a file on the server)."""
    head = raw.get("scenario")
    grid = raw.get("grid")
    named = [head.get("ruleset")] if isinstance(head, dict) else []
    if isinstance(grid, dict) and isinstance(grid.get("ruleset"), list):
        named += grid["ruleset"]
    known = ruleset_ids()
    for rid in named:
        if rid is not None and rid not in known:
            raise DataError(where, "ruleset", None, f"{str(rid)[:60]!r} is not one of the kit's rulesets "
                                                    f"({', '.join(known)})")


def _link(raw: bytes, name: str, mime: str) -> str:
    b64 = base64.b64encode(raw).decode("ascii")
    return f'<a download="{html.escape(name)}" href="data:{mime};base64,{b64}">⬇ {html.escape(name)}</a>'


AMOUNTS = {"wages": (("wages", "Wages"), ("go_salary", "Salary at GO")),
           "start_cash": (("start_cash", "Start cash (each)"), ("start_cash_by_players", "Start cash (each)"))}
"""The editor's two amounts and, per ruleset, the param each stands for with its label: the
first the ruleset has (Monopoly pays a salary at GO, not wages; the 1906 rules give start
cash by the number of players: the entry for the seats chosen)."""


def amount_param(rs: Ruleset, field_name: str) -> tuple[str, str] | None:
    """The param (and its label) that the editor's ``field_name`` amount stands for in ``rs``."""
    p = rs.values()
    return next(((k, label) for k, label in AMOUNTS[field_name] if k in p), None)


def amount_value(rs: Ruleset, key: str, players: int, values: dict[str, Any] | None = None) -> int:
    """The amount of param ``key`` for ``players`` seats (``values``: the params, the ruleset's own
    unless given): a list by players is read at its entry for them (its first is 2 players)."""
    v = (values if values is not None else rs.values())[key]
    return int(v[players - 2]) if isinstance(v, list) else int(v)


class ScenarioEditor(W.VBox):
    """One scenario's choices: name, rules, phase regime, a bot for each seat (chosen from the
    kit's bots, never typed), wages and start cash in the ruleset's own terms."""

    def __init__(self, name: str, ruleset: str, strategies: Sequence[str], regime: Sequence[str] = ()) -> None:
        self.name = W.Text(value=name, description="Name", continuous_update=False)
        self.ruleset = W.Dropdown(options=[(rules_label(r, load_ruleset(r).title), r) for r in ruleset_ids()],
                                  value=ruleset, description="Rules", layout=W.Layout(width="auto", max_width="100%"))
        self.rules_about = W.HTML()
        """The chosen rules' whole title, under their menu."""
        self.regime = PhaseSwitches(load_ruleset(ruleset))
        """The rules at the start and each change of rules, chosen from menus (never typed)."""
        self.players = W.Dropdown(description="Players", layout=W.Layout(width="auto"))
        self.seats: list[W.Dropdown] = []
        self.seat_box = W.HBox(layout=WRAP)
        self.strategies = W.Label()
        """The bots chosen, in words (what the seat menus say, read in one line)."""
        self.wages = W.IntText(description="Wages", layout=W.Layout(width="auto"))
        self.start_cash = W.IntText(description="Start cash (each)", layout=W.Layout(width="auto"))
        self._filling = False
        self._fill(tuple(regime), tuple(strategies))
        self.ruleset.observe(lambda _c: self._fill(), "value")
        self.players.observe(self._on_players, "value")
        super().__init__([self.name, self.ruleset, self.rules_about, self.regime, self.players, self.seat_box,
                          self.strategies, W.HBox([self.wages, self.start_cash], layout=WRAP)])

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots chosen, seat by seat."""
        return tuple(str(d.value) for d in self.seats)

    def _said(self) -> None:
        self.strategies.value = "Bots: " + ", ".join(self.bots)

    def _fill(self, regime: tuple[str, ...] = (), bots: tuple[str, ...] | None = None) -> None:
        rs = load_ruleset(self.ruleset.value)
        self.rules_about.value = about(rs.title)
        self.regime.set_rules(rs, regime)
        bots = bots if bots is not None else self.bots
        counts = list(range(rs.players_min, rs.players_max + 1))
        want = len(bots) if len(bots) in counts else min(max(4, counts[0]), counts[-1])
        # the editor's own observer waits (unobserve_all took the widget's own too, which tells
        # the page the menu's choice: it showed a blank Players menu)
        self._filling = True
        try:
            self.players.options, self.players.value = counts, want
        finally:
            self._filling = False
        self._seat(bots)

    def _on_players(self, _change: dict[str, Any]) -> None:
        if not self._filling:
            self._seat()

    def _seat(self, bots: Sequence[str] | None = None) -> None:
        """One bot menu per seat (the bots kept where seats stay), and the amounts for them."""
        bots = list(bots if bots is not None else self.bots)
        n = int(self.players.value)
        default = ("landlord", "tenant", "speculator", "random")
        self.seats = [W.Dropdown(options=list(STRATEGIES), description=f"Seat {i + 1}",
                                 value=bots[i] if i < len(bots) and bots[i] in STRATEGIES else default[i % 4],
                                 layout=W.Layout(width="auto")) for i in range(n)]
        self.seat_box.children = self.seats
        for d in self.seats:
            d.observe(lambda _c: self._said(), "value")
        self._said()
        full_labels(self.seat_box)
        rs = load_ruleset(self.ruleset.value)
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            box.layout.display = "none" if param is None else ""
            box.disabled = param is None
            if param is not None:
                box.description = param[1]
                box.value = amount_value(rs, param[0], n)

    def scenario(self) -> Scenario:
        """The scenario as chosen (overrides only for values that differ from the ruleset's)."""
        rs = load_ruleset(self.ruleset.value)
        p = rs.values()
        n = int(self.players.value)
        over: dict[str, Any] = {}
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            if param is None or int(box.value) == amount_value(rs, param[0], n):
                continue
            key = param[0]
            if isinstance(p[key], list):
                over[key] = [*p[key][:n - 2], int(box.value), *p[key][n - 1:]]
            else:
                over[key] = int(box.value)
        name = self.name.value.strip() or self.ruleset.value
        try:
            regime = self.regime.value
        except ValueError as exc:
            raise ValueError(f"{name}: {exc}") from None
        return Scenario(name, self.ruleset.value, self.bots, regime, over)

    def show(self, s: Scenario) -> None:
        """Put ``s`` into the editor."""
        self.name.value = s.name
        self.ruleset.value = s.ruleset
        self._fill(s.regime, s.strategies)
        rs = load_ruleset(s.ruleset)
        values = {**rs.values(), **s.overrides}
        for box, field_name in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            param = amount_param(rs, field_name)
            if param is not None and param[0] in s.overrides:
                box.value = amount_value(rs, param[0], len(s.strategies), values)


SMALLEST = (("0.005 of Gini — even a very small change matters", 0.005),
            ("0.01 of Gini — a small change matters", 0.01),
            ("0.02 of Gini — only a clear change matters", 0.02),
            ("0.05 of Gini — only a large change matters", 0.05))
"""The smallest difference in final Gini that matters, in words (the stop rule's "no
difference that large"); 0.01 unless chosen."""
REDRAW = 0.5
"""Seconds at least between two redraws while games arrive (more when drawing takes longer:
never more than :data:`DRAW_SHARE` of the time goes on drawing), so the browser keeps up ..."""
DRAW_SHARE = 0.1
"""... and the kernel's drawing takes little from the workers playing the games on the same
cores (a redraw of the lab's four charts costs the kernel about 0.25-0.3 s of CPU)."""


SLOT = "0 1 460px"
"""A lab chart's box with its words (flex: as wide as its chart and a little more): two side
by side from about 1000 px, one under the other on a phone."""


def _slot(chart: W.DOMWidget, words: W.HTML) -> W.VBox:
    """A lab chart with its words below it (:func:`~landlord.widgets.board_view.described`), in
    a box of its own width (:data:`SLOT`)."""
    box = described(chart, words)
    box.layout.flex = SLOT
    return box


class ScenarioLab(W.VBox):
    """Compare scenarios over many bot games: results shown as games finish, an interval valid
    however often it is looked at, a stop once the answer is clear, Stop, and downloads."""

    def __init__(self, games: int = 2000, seed: int = 1, workers: int = 0) -> None:
        """``games``: per scenario, at most (the lab stops sooner once the answer is clear) or
        exactly; ``workers``: the sweep runner's local processes (0 = one per core; 1 = a
        thread of this kernel)."""
        lib.enable_offline()
        self.workers = workers
        if workers != 1:  # the workers' fork server imports the kit now, not after the first Run
            threading.Thread(target=warm_workers, name="landlord-warm", daemon=True).start()
        first = default_ruleset()
        self.a = ScenarioEditor("A", first, ("landlord", "tenant", "speculator", "random"))
        rs = load_ruleset(first)
        other = [v for _, v in regimes(rs)[1:2]]
        self.b = ScenarioEditor("B", first, ("landlord", "tenant", "speculator", "random"), other[0] if other else ())
        auto = W.Layout(width="auto")
        self.compare = W.Checkbox(value=True, description="Compare with B (same seeds)", layout=auto)
        self.games = W.BoundedIntText(value=games, min=1, max=100_000, description="Games per scenario", layout=auto)
        self.until_clear = W.Checkbox(value=True, description="Stop when the answer is clear", layout=auto)
        self.smallest = W.Dropdown(options=SMALLEST, value=0.01, description="Smallest difference that matters",
                                   layout=W.Layout(width="auto", max_width="100%"))
        self.seed = W.IntText(value=seed, description="Root seed", layout=auto)
        self.use_file = W.Checkbox(value=False, description="Play the loaded file as it is", layout=W.Layout(
            width="auto", display="none"))
        self.run_button = W.Button(description="Run", icon="play", button_style="success", layout=auto)
        self.cancel_button = W.Button(description="Stop", icon="stop", disabled=True, layout=auto)
        self.more_button = W.Button(description="Play more games", icon="forward", disabled=True, layout=auto)
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Games")
        self.progress_text = W.Label()
        self.message = W.HTML()
        self.answer = W.HTML()
        self.summary = W.HTML()
        self.final = alt.JupyterChart(blank())
        self.band = alt.JupyterChart(blank())
        self.winners = alt.JupyterChart(blank())
        self.flows = alt.JupyterChart(blank())
        self.final_words, self.band_words, self.winners_words, self.flows_words = (W.HTML() for _ in range(4))
        """Each chart's sentence and "show as a table" (below it)."""
        self.downloads = W.HTML()
        self.scenario_upload = W.FileUpload(accept=".toml", multiple=False, description="Load scenario file",
                                            layout=auto)
        self.class_upload = W.FileUpload(accept=".csv,.parquet", multiple=True, description="Open class results",
                                         layout=auto)
        self.class_chart = alt.JupyterChart(blank())
        self.class_text = W.HTML()
        self.class_words = W.HTML()
        """The class chart's sentence and "show as a table"."""
        self.class_box = W.VBox([W.HTML("<b>Your class beside the simulated games</b>"), self.class_text,
                                 described(self.class_chart, self.class_words)], layout=W.Layout(display="none"))
        self.classes: pd.DataFrame | None = None
        self.file: SweepScenario | None = None
        self.file_text = ""
        self.run = LabRun()
        self.tally: Tally | None = None
        self.cancelled = False
        self.running = False
        self._task: asyncio.Task[None] | None = None
        self._sweep: Sweep | None = None
        self._scns: list[Scenario] = []
        self._t0 = 0.0
        self.first_view: float | None = None
        """Seconds from Run to the first games shown (the last run's)."""
        self.on_done: Callable[[], None] | None = None
        self.run_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.more_button.on_click(lambda _: self.more())
        self.scenario_upload.observe(self._on_upload, "value")
        self.class_upload.observe(self._on_class_upload, "value")
        super().__init__([
            W.HBox([W.VBox([W.HTML("<b>Scenario A</b>"), self.a]),
                    W.VBox([W.HTML("<b>Scenario B</b>"), self.b])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.compare, self.games, self.seed], layout=WRAP),
            W.HBox([self.until_clear, self.smallest], layout=WRAP),
            W.HBox([self.scenario_upload, self.use_file, self.class_upload], layout=WRAP),
            W.HBox([self.run_button, self.cancel_button, self.more_button, self.progress, self.progress_text],
                   layout=WRAP),
            self.message, self.answer, self.summary,
            W.HBox([_slot(self.final, self.final_words), _slot(self.band, self.band_words)], layout=WRAP),
            W.HBox([_slot(self.winners, self.winners_words), _slot(self.flows, self.flows_words)], layout=WRAP),
            self.class_box, self.downloads, W.HTML(STYLE),
        ])
        self.add_class("ll-table")
        self.add_class("ll-lab")
        full_labels(self)

    # -- running ---------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        """The scenarios to run (A, and B when comparing; a loaded file played as it is: its cells)."""
        if self.file is not None and self.use_file.value:
            return lab_scenarios(self.file)
        out = [self.a.scenario()]
        if self.compare.value:
            b = self.b.scenario()
            if b.name == out[0].name:
                b = Scenario(b.name + " (B)", b.ruleset, b.strategies, b.regime, b.overrides)
            out.append(b)
        return out

    def sweep_scenario(self, scns: Sequence[Scenario] | None = None) -> SweepScenario:
        """The lab's set-up as a validated ``landlord.runs.scenario`` (what a run plays; a loaded
        file played as it is: the file's own)."""
        if self.file is not None and self.use_file.value:
            return self.file
        raw = scenario_dict(scns if scns is not None else self.scenarios(), int(self.games.value),
                            int(self.seed.value))
        return scenario_from_dict(raw, "<scenario lab>")

    def start(self) -> None:
        """Run the scenarios with the sweep runner (its workers, started from a background
        thread): the results so far are shown as games finish, from a task of the running event
        loop between whose looks the kernel answers the page; with no event loop, at once."""
        if self.running:
            self._say("A run is already going; stop it first.", error=True)
            return
        try:
            scns = self.scenarios()
            if self.file is None or not self.use_file.value:
                for s in scns:
                    s.check()
            scenario = self.sweep_scenario(scns)
        except (LandlordError, ValueError, TypeError, KeyError) as exc:
            self._say(f"Cannot run: {exc}", error=True)
            return
        self._say("" if len(scenario.cells) == len(scns) else
                  f"A and B differ in several fields, so the scenario's grid plays {len(scenario.cells)} cells.")
        names = (file_names(scenario) if self.file is not None and self.use_file.value
                 else cell_names(scenario, scns))
        self._scns = scns
        self.tally = Tally(scenario, names, float(self.smallest.value), bool(self.until_clear.value))
        self.run = LabRun()
        for slot, words in self._slots():  # no old results beside a new run
            slot.chart = blank("running…")
            words.value = ""
        self.summary.value, self.downloads.value, self.answer.value = "", "", ""
        self._go(scenario)

    def more(self) -> None:
        """Play on after a stop: as many games again as were played (the interval stays valid:
        it holds however often it is looked at)."""
        tally = self.tally
        if self.running or tally is None:
            return
        tally.until_clear = False
        played = tally.played
        self._go(replace_games(tally.scenario, max(2 * played, played + CHUNK)))

    def _go(self, scenario: SweepScenario) -> None:
        """Play ``scenario``'s games that the tally does not hold yet, feeding it."""
        assert self.tally is not None
        have = {c: len(v) for c, v in self.tally.gini.items()}
        self.cancelled = False
        self.running = True
        self.run_button.disabled, self.cancel_button.disabled, self.more_button.disabled = True, False, True
        self.progress.max = scenario.total_games
        self.progress.value = sum(have.values())
        self._t0 = time.perf_counter()
        self.first_view = None
        sweep = Sweep(scenario, workers=self.workers, panel="worth", chunk_size=CHUNK)
        sweep.chunks = interleaved(grown(after(sweep.chunks, have)))
        self._sweep = sweep
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            stopped = False
            for done in sweep.stream():
                if self._feed(done):
                    stopped = True
                    break
            if stopped:
                sweep.cancel()
            error = None
            try:
                sweep.wait()
            except LandlordError as exc:
                error = exc
            self._finish(error)
        else:
            sweep.start()
            self._task = loop.create_task(self._watch())

    def _feed(self, done: ChunkDone) -> bool:
        """Count a chunk in; True when the run should stop (the answer is clear)."""
        assert self.tally is not None
        stop = self.tally.add(done)
        self._show_progress(self.tally.total, self.progress.max)
        return stop

    async def _watch(self) -> None:
        sweep, tally = self._sweep, self.tally
        assert sweep is not None and tally is not None
        loop = asyncio.get_running_loop()
        drawn_at, cost, error = -math.inf, 0.0, None
        try:
            while True:
                await asyncio.sleep(POLL)
                ready = sweep.take()
                stop = False
                for done in ready:
                    if self._feed(done):
                        stop = True
                        break
                if stop:
                    sweep.cancel()
                    break
                if not ready and not sweep.running:
                    break
                # the first games at once, then at a pace the page keeps up with
                due = self.first_view is None or loop.time() - drawn_at >= max(REDRAW, cost / DRAW_SHARE - cost)
                if ready and tally.played and due:
                    t = loop.time()
                    self._show_so_far()
                    drawn_at, cost = loop.time(), loop.time() - t
            try:
                await asyncio.get_running_loop().run_in_executor(None, sweep.wait)
            except LandlordError as exc:
                error = exc
        finally:
            self._finish(error)

    def _show_so_far(self) -> None:
        """Draw the games so far (charts, summary, answer) while the run goes on."""
        assert self.tally is not None
        self.run = self.tally.run(panel=False)
        self.draw(self._scns, lab_frames(self.run, self.tally.band()), running=True)
        if self.first_view is None:
            self.first_view = time.perf_counter() - self._t0

    def _show_progress(self, done: int, total: int) -> None:
        self.progress.max, self.progress.value = max(total, 1), min(done, max(total, 1))
        self.progress_text.value = f"{done} of {total} games"

    def cancel(self) -> None:
        """Stop the run (the chunks being played are dropped); the games finished are shown."""
        self.cancelled = True
        if self._sweep is not None:
            self._sweep.cancel()

    def _finish(self, error: LandlordError | None) -> None:
        tally = self.tally
        assert tally is not None
        self.run = tally.run(complete=tally.total == tally.scenario.total_games)
        self.running = False
        self.run_button.disabled, self.cancel_button.disabled = False, True
        self.more_button.disabled = self.run.games.empty
        if error is not None:
            self._say(f"The run stopped: {error}", error=True)
        elif self.cancelled and not self.run.complete:
            self._say(f"Stopped after {len(self.run.games)} games; showing those.", error=True)
        self.draw(self._scns, lab_frames(self.run, tally.band()))
        if self.first_view is None:
            self.first_view = time.perf_counter() - self._t0
        if self.on_done is not None:
            self.on_done()

    # -- showing ---------------------------------------------------------------------------
    def frames(self) -> dict[str, pd.DataFrame]:
        """The metrics frames of the current run's charts (:func:`lab_frames`)."""
        return lab_frames(self.run)

    def draw(self, scns: Sequence[Scenario], frames: dict[str, pd.DataFrame] | None = None,
             running: bool = False) -> None:
        """Charts, summary, answer and downloads of the current run (``frames``: its
        :meth:`frames`, computed here unless given); ``running``: games are still coming (no
        downloads yet)."""
        run = self.run
        if run.games.empty:
            self.summary.value = "<i>No games played.</i>"
            return
        f = lab_frames(run) if frames is None else frames
        for (slot, words), chart, (text, table) in zip(self._slots(), lab_charts(run, f), lab_numbers(f),
                                                       strict=True):
            slot.chart = chart
            words.value = numbers_html(text, table, lib.spec_title(slot.spec))
        head = "<i>Running — the games so far:</i>" if running else ""
        self.summary.value = (head + summary_table(run).to_html(index=False, border=0)
                              + "<p><small>± 95%: an interval that stays valid however often you look at it "
                                "as games arrive (a confidence sequence), so the lab may stop as soon as it "
                                "answers.</small></p>")
        self.answer.value = self.answer_words(running)
        if not running:
            self._offer_downloads(scns)
            self.show_class()

    def _slots(self) -> list[tuple[alt.JupyterChart, W.HTML]]:
        """The four charts, each with the words below it."""
        return [(self.final, self.final_words), (self.band, self.band_words),
                (self.winners, self.winners_words), (self.flows, self.flows_words)]

    def answer_words(self, running: bool = False) -> str:
        """The comparison in plain words: each scenario against the first, with its interval,
        and whether (and after how many games) the answer is clear (HTML)."""
        tally = self.tally
        if tally is None or len(tally.cells) < 2 or not tally.played:
            return ""
        comps = tally.comparisons()
        smallest = tally.smallest
        lines = [f"<li>{_interval_words(c)} (95%, valid however often you look).</li>" for c in comps]
        if tally.settled_at is not None:
            head = (f"<p><b>Clear after {tally.settled_at} games of each scenario.</b> "
                    + " ".join(verdict_words(c, smallest) for c in comps)
                    + " Press <b>Play more games</b> to go on.</p>")
        elif running:
            head = (f"<p>Not clear yet after {tally.played} games of each scenario: the lab stops itself once "
                    f"it knows which way and about how much, or that there is no difference as large as "
                    f"{smallest:g}.</p>" if tally.until_clear else f"<p>{tally.played} games of each so far.</p>")
        else:
            said = " ".join(verdict_words(c, smallest) for c in comps)
            head = f"<p>After {tally.played} games of each scenario: {said}</p>"
        return head + "<ul>" + "".join(lines) + "</ul>"

    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self.run.results.to_csv(index=False).encode("utf-8")

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        buf = io.BytesIO()
        self.run.results.to_parquet(buf, index=False)
        return buf.getvalue()

    def scenario_toml(self, scns: Sequence[Scenario] | None = None, games: int | None = None) -> bytes:
        """The scenario file (``landlord.runs.scenario`` TOML) that reproduces the run with
        ``landlord sweep FILE`` (a loaded file played as it is: its own text); ``games`` a cell
        (the Games field's unless given: a run that stopped once the answer was clear gives the
        games it played)."""
        if self.file is not None and self.use_file.value:
            return self.file_text.encode("utf-8")
        raw = scenario_dict(scns if scns is not None else self.scenarios(),
                            int(self.games.value) if games is None else games, int(self.seed.value))
        head = ("# Written by the landlord scenario lab. Reproduce with:  landlord sweep THIS_FILE\n"
                "# (add --panel for the Gini over turns)\n")
        return (head + scenario_to_toml(raw)).encode("utf-8")

    def _offer_downloads(self, scns: Sequence[Scenario]) -> None:
        stem = "landlord-lab"
        self.downloads.value = " · ".join([
            _link(self.results_csv(), f"{stem}-results.csv", "text/csv"),
            _link(self.results_parquet(), f"{stem}-results.parquet", "application/octet-stream"),
            _link(self.scenario_toml(scns, self.tally.played if self.tally is not None else None),
                  f"{stem}-scenario.toml", "application/toml"),
        ])

    def save(self, folder: str | Path) -> list[Path]:
        """Write results (CSV and Parquet) and the scenario file into ``folder``."""
        d = Path(folder)
        d.mkdir(parents=True, exist_ok=True)
        out = [d / "results.csv", d / "results.parquet", d / "scenario.toml"]
        out[0].write_bytes(self.results_csv())
        out[1].write_bytes(self.results_parquet())
        out[2].write_bytes(self.scenario_toml(games=self.tally.played if self.tally is not None else None))
        return out

    def load_scenario(self, raw: bytes, where: str = "<scenario file>") -> bool:
        """Open a scenario file; a bad file changes nothing. A file the lab wrote (A, or A and
        B, on the same seeds) goes into the editors; any other — a grid of any size, seeds per
        cell — is played as it is (its cells, games and seed: the rows ``landlord sweep FILE``
        gives), its first two cells shown in the editors. The bytes come in through the kit's
        file door (:mod:`landlord.data.files`: size, UTF-8, TOML, depth and numbers); an
        uploaded file may name only the kit's rulesets (never a path on the server), and no
        message names a file on the server."""
        where = plain_name(where)
        try:
            text = decode(bytes(raw), where)
            _only_kit_rulesets(parse_toml(text, where), where)
            sweep = scenario_from_text(text, "<scenario>")
            scns = lab_scenarios(sweep)
        except (LandlordError, ValueError, KeyError) as exc:
            why = no_paths(str(exc)).replace("<scenario>: ", "").removeprefix(f"{where}: ")
            self._say(f"Could not load {where}: {why}", error=True)
            return False
        as_is = not lab_file(sweep)
        self.file, self.file_text = (sweep, text) if as_is else (None, "")
        self.use_file.value = as_is
        self.use_file.layout.display = "" if as_is else "none"
        self.a.show(scns[0])
        self.compare.value = len(scns) > 1
        if len(scns) > 1:
            self.b.show(scns[1])
        self.games.value, self.seed.value = sweep.games, sweep.seed
        n = len(sweep.cells)
        self._say(f"Loaded {where}." + (f" Run plays it as it is: {n} scenario{'s' if n != 1 else ''} "
                                        f"({'; '.join(s.name for s in scns)}), each against the first."
                                        if as_is else ""))
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_scenario(bytes(files[0]["content"]), str(files[0].get("name", "uploaded file")))

    def load_class(self, files: Sequence[tuple[bytes, str]]) -> bool:
        """Open one or more classes' exported results (CSV or Parquet bytes, each with its
        uploaded file's name) and show them, pooled, beside the simulated games; a bad file
        changes nothing and is one line naming it (never a path on the server)."""
        from landlord.apps.classroom.debrief import read_export

        frames = []
        for raw, name in files:
            try:
                frames.append(read_export(bytes(raw), plain_name(name)))
            except LandlordError as exc:
                self._say(f"Could not open {no_paths(str(exc))}", error=True)
                return False
        if not frames:
            return False
        self.classes = pd.concat(frames, ignore_index=True)
        n = len(self.classes)
        self.show_class()
        self._say(f"Opened your class's results: {n} table{'s' if n != 1 else ''}"
                  + (f" from {len(frames)} files." if len(frames) > 1 else "."))
        return True

    def show_class(self) -> None:
        """Draw the opened class's results beside the current run's games (nothing before a
        class is opened)."""
        if self.classes is None:
            return

        rows, band = class_beside(self.classes, self.run)
        chart = lib.class_final_gini_chart(rows, band, CLASS_TITLE)
        names = [*rows["regime"], *band["regime"]]
        self.class_chart.chart = projector(sized(chart, width=PLOT, height=rows_height(names)), words=names)
        self.class_words.value = numbers_html(*class_final_numbers(rows, band), CLASS_TITLE)
        self.class_text.value = class_words(self.classes, self.run)
        self.class_box.layout.display = "flex"

    def _on_class_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_class([(bytes(f["content"]), str(f.get("name", "uploaded file"))) for f in files])

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
