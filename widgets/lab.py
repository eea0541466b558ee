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
import html
import io
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.analysis import metrics
from landlord.analysis.stats import mean_interval
from landlord.charts import figures as lib
from landlord.data.files import decode, parse_toml
from landlord.data.loader import load_ruleset, resolve_ruleset, ruleset_ids
from landlord.data.ruleset import Ruleset
from landlord.engine.game import Game
from landlord.engine.inequality import GINI_FORMS
from landlord.engine.phases import parse_switch
from landlord.engine.strategies import STRATEGIES, make_strategy
from landlord.errors import DataError, LandlordError
from landlord.runs.scenario import NEVER, scenario_from_dict, scenario_from_text, scenario_to_toml
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.sweep import Sweep, SweepResult

from .board_view import blank, sized
from .table import (
    STYLE,
    WRAP,
    custom_regime,
    default_ruleset,
    full_labels,
    no_paths,
    plain_name,
    regimes,
)

CHUNK = 10
"""Games per sweep chunk in the lab: small, so the progress bar moves and Cancel is quick."""
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
            Game(rs, bots, 0, log=False, triggers=[parse_switch(t) for t in self.regime])
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
    """The lab's scenarios (A, and B if there is a second cell) read back from a scenario."""
    if not 1 <= len(sweep.cells) <= 2:
        raise ValueError(f"the lab compares one or two scenarios; this file has {len(sweep.cells)} cells")
    m = _NAMES.match(sweep.description)
    names = [m["a"], m["b"]] if m else []
    out = []
    for cell in sweep.cells:
        rs = load_ruleset(cell.ruleset)
        values = rs.values()
        regime = tuple(f"{phase}@{start}" for phase, start in cell.regime)
        over = {k: v for k, v in cell.overrides if values.get(k) != v}
        name = names[cell.index] if cell.index < len(names) and names[cell.index] else cell.label
        out.append(Scenario(name, cell.ruleset, tuple(cell.seats), regime, over))
    return out


@dataclass
class LabRun:
    """What a run produced: the sweep's rows (one per game) and its per-turn panel (every seat's
    net worth after every turn), both with the lab's ``scenario`` name."""

    games: pd.DataFrame = field(default_factory=pd.DataFrame)
    panel: pd.DataFrame = field(default_factory=pd.DataFrame)
    complete: bool = False

    @property
    def rows(self) -> list[dict[str, Any]]:
        """The per-game rows as dicts."""
        return [{str(k): v for k, v in r.items()} for r in self.games.to_dict("records")]

    @property
    def results(self) -> pd.DataFrame:
        """One row per game: the sweep's columns plus the scenario's name."""
        return self.games


def summary_table(run: LabRun) -> pd.DataFrame:
    """Per scenario: games, mean final Gini ± 95% interval, mean turns, in the Poor House."""
    df = run.results
    rows = []
    for name, part in df.groupby("scenario", sort=False):
        m, h = mean_interval(part["gini_population"].dropna().tolist())
        rows.append({"scenario": name, "games": len(part), "final Gini (mean)": round(m, 4),
                     "± 95%": round(h, 4), "turns (mean)": round(float(part["turns"].mean()), 1),
                     "in Poor House (mean)": round(float(part["in_poorhouse"].mean()), 2)})
    return pd.DataFrame(rows)


def paired_difference(run: LabRun, a: str, b: str) -> tuple[float, float, int]:
    """Mean of (final Gini of ``b`` − of ``a``) over the seeds both played, its 95% half-width,
    and the number of pairs."""
    df = run.results
    pa = df[df["scenario"] == a].set_index("seed")["gini_population"]
    pb = df[df["scenario"] == b].set_index("seed")["gini_population"]
    common = pa.index.intersection(pb.index)
    diffs = (pb[common] - pa[common]).tolist()
    m, h = mean_interval(diffs)
    return m, h, len(diffs)


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


def lab_frames(run: LabRun) -> dict[str, pd.DataFrame]:
    """The :mod:`landlord.analysis.metrics` frames the lab's charts draw, of a run's rows and panel:
    ``hist`` (final Gini), ``band`` (mean Gini over turns), ``wins`` (winners by strategy),
    ``flows`` (money by kind of flow)."""
    res = metrics.played(run.results)
    return {
        "hist": metrics.histogram(res, "gini_population", "scenario", bins=25, lo=0.0, hi=1.0),
        "band": metrics.every_kth(gini_band(run), lib.MAX_ROWS),
        "wins": metrics.win_shares(res, "scenario"),
        "flows": metrics.flow_means(res, "scenario"),
    }


def lab_charts(run: LabRun, frames: dict[str, pd.DataFrame] | None = None) -> tuple[Any, Any, Any, Any]:
    """The lab's four charts of a run, sized for the lab — final Gini, mean Gini over turns,
    winners by strategy, money by kind of flow: the chart library's charts on the frames of
    :func:`lab_frames` (computed here unless given; nothing else is computed here)."""
    form = GINI_FORMS["population"]
    f = lab_frames(run) if frames is None else frames
    return (
        projector(sized(lib.final_gini_chart(f["hist"], "scenario", form, title="Final Gini by scenario"),
                        width=320, height=60)),
        projector(sized(lib.mean_interval_chart(f["band"], "turn", "scenario", "Gini (mean, 95% interval)",
                                                "Mean Gini over turns"), width=320, height=180), form),
        projector(sized(lib.win_share_chart(f["wins"], "scenario", "Winners by strategy"),
                        width=320, height=180), "tick: share of seats; a tie goes to the first richest seat"),
        projector(sized(lib.flow_means_chart(f["flows"], "scenario", "Mean money per game by kind of flow"),
                        width=320, height=260)),
    )


PROJECTOR = {"label": 13, "title": 14, "heading": 16}
"""Font sizes (px) of the lab's charts: readable on a classroom projector."""


def projector(chart: Any, subtitle: str = "") -> Any:
    """``chart`` with projector-sized text (:data:`PROJECTOR`) and an optional second title line."""
    if subtitle:
        title = chart.title if isinstance(chart.title, str) else ""
        chart = chart.properties(title=alt.TitleParams(text=title, subtitle=subtitle))
    f = PROJECTOR
    return (chart.configure_axis(labelFontSize=f["label"], titleFontSize=f["title"])
            .configure_legend(labelFontSize=f["label"], titleFontSize=f["title"], labelLimit=260)
            .configure_header(labelFontSize=f["label"], titleFontSize=f["title"])
            .configure_title(fontSize=f["heading"], subtitleFontSize=f["label"]))


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


class ScenarioEditor(W.VBox):
    """One scenario's choices: name, ruleset, phase regime, bots by seat, wages and start cash."""

    def __init__(self, name: str, ruleset: str, strategies: Sequence[str], regime: Sequence[str] = ()) -> None:
        self.name = W.Text(value=name, description="Name")
        self.ruleset = W.Dropdown(options=ruleset_ids(), value=ruleset, description="Rules")
        self.regime = W.Dropdown(description="Phases", layout=W.Layout(width="440px"))
        self.custom = W.Text(description="or type", placeholder="part2@turn:30, part3@turn:60",
                             tooltip="phase switches as phase@trigger (start, vote, turn:N, round:N, gini:X)")
        self.strategies = W.Text(value=",".join(strategies), description="Bots",
                                 tooltip="one bot per seat, comma-separated")
        self.wages = W.IntText(description="Wages", layout=W.Layout(width="200px"))
        self.start_cash = W.IntText(description="Start cash", layout=W.Layout(width="200px"))
        self.ruleset.observe(lambda _c: self._fill(), "value")
        self._fill(tuple(regime))
        super().__init__([self.name, self.ruleset, self.regime, self.custom, self.strategies,
                          W.HBox([self.wages, self.start_cash])])

    def _fill(self, regime: tuple[str, ...] = ()) -> None:
        rs = load_ruleset(self.ruleset.value)
        opts = regimes(rs)
        self.regime.options = opts
        values = [v for _, v in opts]
        self.regime.value = regime if regime in values else values[0]
        p = rs.values()
        for box, key in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            box.disabled = key not in p or not isinstance(p[key], int)
            box.value = int(p[key]) if key in p and isinstance(p[key], int) else 0

    def scenario(self) -> Scenario:
        """The scenario as chosen (overrides only for values that differ from the ruleset's)."""
        rs = load_ruleset(self.ruleset.value)
        p = rs.values()
        over = {k: int(box.value) for box, k in ((self.wages, "wages"), (self.start_cash, "start_cash"))
                if k in p and not box.disabled and int(box.value) != p[k]}
        strategies = tuple(s.strip() for s in self.strategies.value.split(",") if s.strip())
        regime = custom_regime(self.custom.value) or tuple(self.regime.value)
        return Scenario(self.name.value.strip() or self.ruleset.value, self.ruleset.value, strategies,
                        regime, over)

    def show(self, s: Scenario) -> None:
        """Put ``s`` into the editor."""
        self.name.value = s.name
        self.ruleset.value = s.ruleset
        self._fill(s.regime)
        self.custom.value = "" if tuple(self.regime.value) == tuple(s.regime) else ", ".join(s.regime)
        self.strategies.value = ",".join(s.strategies)
        for box, key in ((self.wages, "wages"), (self.start_cash, "start_cash")):
            if key in s.overrides:
                box.value = int(s.overrides[key])


class ScenarioLab(W.VBox):
    """Compare one or two scenarios over many bot games, with progress, cancel and downloads."""

    def __init__(self, games: int = 100, seed: int = 1, workers: int = 0) -> None:
        """``workers``: the sweep runner's local processes (0 = one per core; 1 = a thread of
        this kernel)."""
        lib.enable_offline()
        self.workers = workers
        first = default_ruleset()
        self.a = ScenarioEditor("A", first, ("landlord", "tenant", "speculator", "random"))
        rs = load_ruleset(first)
        other = [v for _, v in regimes(rs)[1:2]]
        self.b = ScenarioEditor("B", first, ("landlord", "tenant", "speculator", "random"), other[0] if other else ())
        self.compare = W.Checkbox(value=True, description="Compare with B (same seeds)")
        self.games = W.BoundedIntText(value=games, min=1, max=100_000, description="Games")
        self.seed = W.IntText(value=seed, description="Root seed")
        self.run_button = W.Button(description="Run", icon="play", button_style="success")
        self.cancel_button = W.Button(description="Cancel", icon="stop", disabled=True)
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Games")
        self.progress_text = W.Label()
        self.message = W.HTML()
        self.summary = W.HTML()
        self.final = alt.JupyterChart(blank())
        self.band = alt.JupyterChart(blank())
        self.winners = alt.JupyterChart(blank())
        self.flows = alt.JupyterChart(blank())
        self.downloads = W.HTML()
        self.scenario_upload = W.FileUpload(accept=".toml", multiple=False, description="Load scenario file")
        self.class_upload = W.FileUpload(accept=".csv,.parquet", multiple=True, description="Open class results")
        self.class_chart = alt.JupyterChart(blank())
        self.class_text = W.HTML()
        self.class_box = W.VBox([W.HTML("<b>Your class beside the simulated games</b>"), self.class_text,
                                 self.class_chart], layout=W.Layout(display="none"))
        self.classes: pd.DataFrame | None = None
        self.run = LabRun()
        self.cancelled = False
        self.running = False
        self._task: asyncio.Task[None] | None = None
        self._sweep: Sweep | None = None
        self._shown = (0, 0)
        self.on_done: Callable[[], None] | None = None
        self.run_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.scenario_upload.observe(self._on_upload, "value")
        self.class_upload.observe(self._on_class_upload, "value")
        super().__init__([
            W.HBox([W.VBox([W.HTML("<b>Scenario A</b>"), self.a]),
                    W.VBox([W.HTML("<b>Scenario B</b>"), self.b])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.compare, self.games, self.seed, self.scenario_upload, self.class_upload], layout=WRAP),
            W.HBox([self.run_button, self.cancel_button, self.progress, self.progress_text], layout=WRAP),
            self.message, self.summary,
            W.HBox([self.final, self.band], layout=WRAP),
            W.HBox([self.winners, self.flows], layout=WRAP),
            self.class_box, self.downloads, W.HTML(STYLE),
        ])
        self.add_class("ll-table")
        full_labels(self)

    # -- running ---------------------------------------------------------------------------
    def scenarios(self) -> list[Scenario]:
        """The scenarios to run (A, and B when comparing)."""
        out = [self.a.scenario()]
        if self.compare.value:
            b = self.b.scenario()
            if b.name == out[0].name:
                b = Scenario(b.name + " (B)", b.ruleset, b.strategies, b.regime, b.overrides)
            out.append(b)
        return out

    def sweep_scenario(self, scns: Sequence[Scenario] | None = None) -> SweepScenario:
        """The lab's set-up as a validated ``landlord.runs.scenario`` (what a run plays)."""
        raw = scenario_dict(scns if scns is not None else self.scenarios(), int(self.games.value),
                            int(self.seed.value))
        return scenario_from_dict(raw, "<scenario lab>")

    def start(self) -> None:
        """Run the scenarios with the sweep runner: polled from an asyncio task when an event
        loop runs (the notebook stays responsive), else at once."""
        if self.running:
            self._say("A run is already going; cancel it first.", error=True)
            return
        try:
            scns = self.scenarios()
            for s in scns:
                s.check()
            scenario = self.sweep_scenario(scns)
        except (LandlordError, ValueError, TypeError, KeyError) as exc:
            self._say(f"Cannot run: {exc}", error=True)
            return
        self._say("" if len(scenario.cells) == len(scns) else
                  f"A and B differ in several fields, so the scenario's grid plays {len(scenario.cells)} cells.")
        self.run = LabRun()
        self.cancelled = False
        self.running = True
        for slot in (self.final, self.band, self.winners, self.flows):  # no old results beside a new run
            slot.chart = blank("running…")
        self.summary.value, self.downloads.value = "", ""
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.progress.max = scenario.total_games
        self.progress.value = 0
        self._shown = (0, scenario.total_games)
        names = cell_names(scenario, scns)
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self._sweep = Sweep(scenario, workers=self.workers, panel="worth", chunk_size=CHUNK,
                                progress=self._show_progress)
            self._sweep.chunks = interleaved(self._sweep.chunks)
            try:
                result: SweepResult | None = self._sweep.run()
            except LandlordError as exc:
                self._say(f"The run stopped: {exc}", error=True)
                result = None
            self._finish(scns, names, result)
        else:
            # the sweep thread only records (done, total); the task puts it on the widgets
            self._sweep = Sweep(scenario, workers=self.workers, panel="worth", chunk_size=CHUNK,
                                progress=self._note_progress)
            self._sweep.chunks = interleaved(self._sweep.chunks)
            self._sweep.start()
            self._task = loop.create_task(self._poll(scns, names))

    def _note_progress(self, done: int, total: int) -> None:
        self._shown = (done, total)

    def _show_progress(self, done: int, total: int) -> None:
        self._shown = (done, total)
        self.progress.max, self.progress.value = max(total, 1), done
        self.progress_text.value = f"{done} of {total}"

    async def _poll(self, scns: list[Scenario], names: dict[int, str]) -> None:
        sweep = self._sweep
        assert sweep is not None
        result: SweepResult | None = None
        loop = asyncio.get_running_loop()
        last_partial = loop.time()
        try:
            while sweep.running:
                await asyncio.sleep(POLL)
                self._show_progress(*self._shown)
                if loop.time() - last_partial > 1.0:  # the rows so far, in the summary table
                    last_partial = loop.time()
                    self._show_partial(sweep.partial(), names)
            try:
                result = sweep.wait()
            except LandlordError as exc:
                self._say(f"The run stopped: {exc}", error=True)
        finally:
            self._finish(scns, names, result)

    def _show_partial(self, games: pd.DataFrame, names: dict[int, str]) -> None:
        if games.empty:
            return
        games = games.assign(scenario=games["cell"].map(names))
        self.summary.value = ("<i>Running — the games so far:</i>"
                              + summary_table(LabRun(games)).to_html(index=False, border=0))

    def cancel(self) -> None:
        """Cancel the sweep (it stops after the chunk being played); the games finished are shown."""
        self.cancelled = True
        if self._sweep is not None:
            self._sweep.cancel()

    def _finish(self, scns: list[Scenario], names: dict[int, str], result: SweepResult | None) -> None:
        if result is not None:
            games = result.games.assign(scenario=result.games["cell"].map(names))
            panel = result.panel if result.panel is not None and not result.panel.empty else PANEL
            self.run = LabRun(games, panel.assign(scenario=panel["cell"].map(names)), result.complete)
            self._show_progress(result.done, result.total)
        self.running = False
        self.run_button.disabled, self.cancel_button.disabled = False, True
        if self.cancelled and not self.run.complete:
            self._say(f"Cancelled after {len(self.run.games)} games; showing those.", error=True)
        self.draw(scns)
        if self.on_done is not None:
            self.on_done()

    # -- showing ---------------------------------------------------------------------------
    def frames(self) -> dict[str, pd.DataFrame]:
        """The metrics frames of the current run's charts (:func:`lab_frames`)."""
        return lab_frames(self.run)

    def draw(self, scns: Sequence[Scenario], frames: dict[str, pd.DataFrame] | None = None) -> None:
        """Charts, summary and downloads of the current run (``frames``: its :meth:`frames`,
        computed here unless given)."""
        run = self.run
        if run.games.empty:
            self.summary.value = "<i>No games played.</i>"
            return
        res = run.results
        charts = lab_charts(run, frames)
        for slot, chart in zip((self.final, self.band, self.winners, self.flows), charts, strict=True):
            slot.chart = chart
        table = summary_table(run).to_html(index=False, border=0)
        extra = ""
        names = [s.name for s in scns]
        if len(names) == 2 and set(names) <= set(res["scenario"]):
            m, h, n = paired_difference(run, names[0], names[1])
            extra = (f"<p>Paired on the same {n} seeds: final Gini of <b>{html.escape(names[1])}</b> minus "
                     f"<b>{html.escape(names[0])}</b> = {m:+.4f} ± {h:.4f} (95% interval).</p>")
        self.summary.value = table + extra
        self._offer_downloads(scns)
        self.show_class()

    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self.run.results.to_csv(index=False).encode("utf-8")

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        buf = io.BytesIO()
        self.run.results.to_parquet(buf, index=False)
        return buf.getvalue()

    def scenario_toml(self, scns: Sequence[Scenario] | None = None) -> bytes:
        """The scenario file (``landlord.runs.scenario`` TOML) that reproduces the run with
        ``landlord sweep FILE``."""
        raw = scenario_dict(scns if scns is not None else self.scenarios(), int(self.games.value),
                            int(self.seed.value))
        head = ("# Written by the landlord scenario lab. Reproduce with:  landlord sweep THIS_FILE\n"
                "# (add --panel for the Gini over turns)\n")
        return (head + scenario_to_toml(raw)).encode("utf-8")

    def _offer_downloads(self, scns: Sequence[Scenario]) -> None:
        stem = "landlord-lab"
        self.downloads.value = " · ".join([
            _link(self.results_csv(), f"{stem}-results.csv", "text/csv"),
            _link(self.results_parquet(), f"{stem}-results.parquet", "application/octet-stream"),
            _link(self.scenario_toml(scns), f"{stem}-scenario.toml", "application/toml"),
        ])

    def save(self, folder: str | Path) -> list[Path]:
        """Write results (CSV and Parquet) and the scenario file into ``folder``."""
        d = Path(folder)
        d.mkdir(parents=True, exist_ok=True)
        out = [d / "results.csv", d / "results.parquet", d / "scenario.toml"]
        out[0].write_bytes(self.results_csv())
        out[1].write_bytes(self.results_parquet())
        out[2].write_bytes(self.scenario_toml())
        return out

    def load_scenario(self, raw: bytes, where: str = "<scenario file>") -> bool:
        """Put a scenario file's set-up (one or two cells) into the lab; a bad file changes nothing.
        The bytes come in through the kit's file door (:mod:`landlord.data.files`: size, UTF-8, TOML,
        depth and numbers); an uploaded file may name only the kit's rulesets (never a path on
        the server), and no message names a file on the server."""
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
        self.a.show(scns[0])
        self.compare.value = len(scns) > 1
        if len(scns) > 1:
            self.b.show(scns[1])
        self.games.value, self.seed.value = sweep.games, sweep.seed
        self._say(f"Loaded {where}.")
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
        self.class_chart.chart = projector(sized(chart, width=520, height=160))
        self.class_text.value = class_words(self.classes, self.run)
        self.class_box.layout.display = "flex"

    def _on_class_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_class([(bytes(f["content"]), str(f.get("name", "uploaded file"))) for f in files])

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
