"""The scenario lab: compare rulesets and phase regimes over many bot games.

An instructor picks one or two scenarios (ruleset, phase regime, seats' bots, wages, start cash),
a number of games and a seed; the lab plays the games — both scenarios on the same seeds — with a
progress bar and a cancel button while the notebook stays responsive, and shows final-Gini
distributions, mean Gini over turns with a 95% interval, winners by strategy and where the money
went (rent to holders versus taxes to the treasury). Results download as CSV or Parquet and the
scenario as a JSON file that reproduces them.

Until the sweep runner (``landlord.sweep``) lands, the games are played by a simple in-process
loop over the engine's public API (:class:`landlord.Game`, :func:`landlord.simulate.summary_row`).
"""

from __future__ import annotations

import asyncio
import base64
import html
import io
import json
import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import altair as alt
import ipywidgets as W
import pandas as pd

from landlord.errors import DataError, LandlordError
from landlord.game import Game
from landlord.inequality import gini
from landlord.loader import load_ruleset, ruleset_ids
from landlord.ruleset import Ruleset
from landlord.simulate import summary_row
from landlord.strategies import STRATEGIES, make_strategy
from widgets import _interim_charts as charts
from widgets.board_view import enable_offline_charts
from widgets.session import parse_regime
from widgets.table import custom_regime, default_ruleset, regimes

SCENARIO_FORMAT = "landlord-scenario"
TURN_BIN = 10
"""Gini over turns is read every ``TURN_BIN`` turns."""


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
        rs = load_ruleset(self.ruleset)
        return rs.override(f"scenario {self.name}", **self.overrides) if self.overrides else rs

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
            phase = parse_regime(t).phase
            if phase not in rs.phases:
                raise ValueError(f"{self.name}: {rs.id} has no phase {phase!r} (phases: {', '.join(rs.phases)})")
        # set a game up (not played) so that the rules can refuse what they cannot play
        bots = [make_strategy(s, 0) for s in self.strategies]
        try:
            Game(rs, bots, 0, log=False, triggers=[parse_regime(t) for t in self.regime])
        except LandlordError as exc:
            raise ValueError(f"{self.name}: {exc}") from None


@dataclass
class LabRun:
    """Everything a run produced: one row per game, Gini trajectories and money flows."""

    rows: list[dict[str, Any]] = field(default_factory=list)
    trajectory: list[dict[str, Any]] = field(default_factory=list)
    flows: list[dict[str, Any]] = field(default_factory=list)

    @property
    def results(self) -> pd.DataFrame:
        """One row per game (``landlord.simulate.summary_row`` plus the scenario's name)."""
        return pd.DataFrame(self.rows)


def play_traced(scenario: Scenario, ruleset: Ruleset, seed: int) -> tuple[Game, list[tuple[int, float]]]:
    """Play one all-bot game of ``scenario``, reading the Gini of the seats' totals (population
    form) after every decision; returns the game and (turn, Gini) at each turn reached."""
    bots = [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(scenario.strategies)]
    triggers = [parse_regime(t) for t in scenario.regime]
    game = Game(ruleset, bots, seed, log=True, triggers=triggers)
    trace: list[tuple[int, float]] = []

    def read() -> None:
        g = gini([r["total"] for r in game.results()], "population")
        if trace and trace[-1][0] == game.turn:
            trace[-1] = (game.turn, g)
        else:
            trace.append((game.turn, g))

    read()
    while game.pending is not None:
        game.run(max_decisions=1)
        read()
    return game, trace


def game_flows(game: Game) -> dict[str, int]:
    """Money players paid, by reason and by where it went (another player or a box)."""
    names = set(game.names)
    acc: dict[str, int] = {}
    for e in game.events or ():
        if e.kind != "transfer" or e.seat < 0:
            continue
        to = "a player" if e.get("to") in names else str(e.get("to"))
        key = f"{e.get('reason')} → {to}"
        acc[key] = acc.get(key, 0) + int(e.get("amount"))
    return acc


def run_games(scenarios: Sequence[Scenario], seeds: Sequence[int]) -> Iterator[tuple[Scenario, int, dict[str, Any],
                                                                                     list[tuple[int, float]],
                                                                                     dict[str, int]]]:
    """Play every scenario on every seed (same seeds for each scenario), one game at a time."""
    resolved = [(s, s.resolve()) for s in scenarios]
    for seed in seeds:
        for scn, rs in resolved:
            game, trace = play_traced(scn, rs, seed)
            row = summary_row(game, scn.strategies)
            row["scenario"] = scn.name
            yield scn, seed, row, trace, game_flows(game)


def collect(run: LabRun, item: tuple[Scenario, int, dict[str, Any], list[tuple[int, float]], dict[str, int]]) -> None:
    """Add one played game to ``run``."""
    scn, seed, row, trace, flows = item
    run.rows.append(row)
    last = trace[-1][0]
    i = 0
    for t in range(0, last + 1, TURN_BIN):
        while i + 1 < len(trace) and trace[i + 1][0] <= t:
            i += 1
        run.trajectory.append({"scenario": scn.name, "seed": seed, "turn": t, "gini": trace[i][1]})
    for k, v in flows.items():
        run.flows.append({"scenario": scn.name, "seed": seed, "flow": k, "amount": v})


def gini_bands(trajectory: pd.DataFrame) -> pd.DataFrame:
    """Mean Gini per scenario and turn with a 95% interval of the mean (normal approximation,
    mean ± 1.96·s/√n over the games still running at that turn)."""
    if trajectory.empty:
        return pd.DataFrame(columns=["scenario", "turn", "mean", "lo", "hi", "games"])
    g = trajectory.groupby(["scenario", "turn"])["gini"]
    out = g.agg(mean="mean", sd="std", games="count").reset_index()
    half = 1.96 * out["sd"].fillna(0.0) / out["games"].pow(0.5)
    out["lo"] = (out["mean"] - half).clip(lower=0)
    out["hi"] = (out["mean"] + half).clip(upper=1)
    return out.drop(columns="sd")


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval (1.96·s/√n; 0 for fewer than two values)."""
    n = len(values)
    if n == 0:
        return math.nan, math.nan
    m = sum(values) / n
    if n < 2:
        return m, 0.0
    sd = math.sqrt(sum((v - m) ** 2 for v in values) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def summary_table(run: LabRun) -> pd.DataFrame:
    """Per scenario: games, mean final Gini ± 95% interval, mean turns, share of games tied."""
    df = run.results
    rows = []
    for name, part in df.groupby("scenario", sort=False):
        m, h = mean_interval(part["gini_population"].tolist())
        rows.append({"scenario": name, "games": len(part), "final Gini (mean)": round(m, 4),
                     "± 95%": round(h, 4), "turns (mean)": round(part["turns"].mean(), 1),
                     "in Poor House (mean)": round(part["in_poorhouse"].mean(), 2)})
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


def scenario_file(scenarios: Sequence[Scenario], games: int, seed: int) -> dict[str, Any]:
    """The lab's set-up as a JSON-ready dict that reproduces its results."""
    return {"format": SCENARIO_FORMAT, "version": 1, "games": games, "seed": seed,
            "scenarios": [{**asdict(s), "strategies": list(s.strategies), "regime": list(s.regime)}
                          for s in scenarios]}


def read_scenario_file(data: Any, where: str = "<scenario file>") -> tuple[list[Scenario], int, int]:
    """Scenarios, games and seed from a scenario file; DataError says what is wrong."""
    if not isinstance(data, dict) or data.get("format") != SCENARIO_FORMAT:
        raise DataError(where, None, "format", "not a landlord scenario file")
    try:
        games, seed = int(data["games"]), int(data["seed"])
        scns = [Scenario(str(s["name"]), str(s["ruleset"]), tuple(s["strategies"]), tuple(s.get("regime", ())),
                         dict(s.get("overrides", {}))) for s in data["scenarios"]]
        for s in scns:
            s.check()
    except (KeyError, TypeError, ValueError) as exc:
        raise DataError(where, "scenarios", None, f"unreadable ({exc})") from None
    return scns, games, seed


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

    def __init__(self, games: int = 100, seed: int = 1) -> None:
        enable_offline_charts()
        first = default_ruleset()
        self.a = ScenarioEditor("A", first, ("landlord", "tenant", "speculator", "random"))
        rs = load_ruleset(first)
        other = [v for _, v in regimes(rs)[1:2]]
        self.b = ScenarioEditor("B", first, ("landlord", "tenant", "speculator", "random"), other[0] if other else ())
        self.compare = W.Checkbox(value=True, description="Compare with B (same seeds)")
        self.games = W.BoundedIntText(value=games, min=1, max=100_000, description="Games")
        self.seed = W.IntText(value=seed, description="First seed")
        self.run_button = W.Button(description="Run", icon="play", button_style="success")
        self.cancel_button = W.Button(description="Cancel", icon="stop", disabled=True)
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Games")
        self.progress_text = W.Label()
        self.message = W.HTML()
        self.summary = W.HTML()
        self.final = alt.JupyterChart(charts.blank())
        self.band = alt.JupyterChart(charts.blank())
        self.winners = alt.JupyterChart(charts.blank())
        self.flows = alt.JupyterChart(charts.blank())
        self.downloads = W.HTML()
        self.scenario_upload = W.FileUpload(accept=".json", multiple=False, description="Load scenario file")
        self.run = LabRun()
        self.cancelled = False
        self.running = False
        self._task: asyncio.Task[None] | None = None
        self.on_done: Callable[[], None] | None = None
        self.run_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.scenario_upload.observe(self._on_upload, "value")
        super().__init__([
            W.HBox([W.VBox([W.HTML("<b>Scenario A</b>"), self.a]),
                    W.VBox([W.HTML("<b>Scenario B</b>"), self.b])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.compare, self.games, self.seed, self.scenario_upload]),
            W.HBox([self.run_button, self.cancel_button, self.progress, self.progress_text]),
            self.message, self.summary,
            W.HBox([self.final, self.band], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.winners, self.flows], layout=W.Layout(flex_flow="row wrap")),
            self.downloads,
        ])

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

    def seeds(self) -> list[int]:
        """The seeds every scenario plays."""
        return list(range(int(self.seed.value), int(self.seed.value) + int(self.games.value)))

    def start(self) -> None:
        """Run the scenarios: in a task when an event loop runs (the notebook stays responsive),
        else at once."""
        if self.running:
            self._say("A run is already going; cancel it first.", error=True)
            return
        try:
            scns = self.scenarios()
            for s in scns:
                s.check()
        except (LandlordError, ValueError, TypeError, KeyError) as exc:
            self._say(f"Cannot run: {exc}", error=True)
            return
        self._say("")
        self.run = LabRun()
        self.cancelled = False
        self.running = True
        self.run_button.disabled, self.cancel_button.disabled = True, False
        self.progress.max = len(scns) * int(self.games.value)
        self.progress.value = 0
        items = run_games(scns, self.seeds())
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            for item in items:
                if self.cancelled:
                    break
                self._take(item)
            self._finish(scns)
        else:
            self._task = loop.create_task(self._run_async(items, scns))

    async def _run_async(self, items: Iterator[Any], scns: list[Scenario]) -> None:
        loop = asyncio.get_running_loop()
        try:
            while not self.cancelled:
                t0 = loop.time()
                done = False
                while loop.time() - t0 < 0.05:  # hand the kernel back every 50 ms
                    item = next(items, None)
                    if item is None:
                        done = True
                        break
                    self._take(item)
                await asyncio.sleep(0)
                if done:
                    break
        finally:
            self._finish(scns)

    def _take(self, item: Any) -> None:
        collect(self.run, item)
        self.progress.value += 1
        self.progress_text.value = f"{self.progress.value} of {self.progress.max}"

    def cancel(self) -> None:
        """Stop after the game being played; the games already played are shown."""
        self.cancelled = True

    def _finish(self, scns: list[Scenario]) -> None:
        self.running = False
        self.run_button.disabled, self.cancel_button.disabled = False, True
        if self.cancelled:
            self._say(f"Cancelled after {len(self.run.rows)} games; showing those.", error=True)
        self.draw(scns)
        if self.on_done is not None:
            self.on_done()

    # -- showing ---------------------------------------------------------------------------
    def draw(self, scns: Sequence[Scenario]) -> None:
        """Charts, summary and downloads of the current run."""
        run = self.run
        if not run.rows:
            self.summary.value = "<i>No games played.</i>"
            return
        res = run.results
        self.final.chart = charts.final_gini_chart(res)
        self.band.chart = charts.gini_band_chart(  # type: ignore[assignment]
            gini_bands(pd.DataFrame(run.trajectory)))
        self.winners.chart = charts.winners_chart(res)
        fl = pd.DataFrame(run.flows)
        games = res.groupby("scenario").size()
        per = fl.groupby(["scenario", "flow"])["amount"].sum().reset_index()
        per["per_game"] = per["amount"] / per["scenario"].map(games)
        self.flows.chart = charts.lab_flows_chart(per)
        table = summary_table(run).to_html(index=False, border=0)
        extra = ""
        names = list(dict.fromkeys(res["scenario"]))
        if len(names) == 2:
            m, h, n = paired_difference(run, names[0], names[1])
            extra = (f"<p>Paired on the same {n} seeds: final Gini of <b>{html.escape(names[1])}</b> minus "
                     f"<b>{html.escape(names[0])}</b> = {m:+.4f} ± {h:.4f} (95% interval).</p>")
        self.summary.value = table + extra
        self._offer_downloads(scns)

    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self.run.results.to_csv(index=False).encode("utf-8")

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        buf = io.BytesIO()
        self.run.results.to_parquet(buf, index=False)
        return buf.getvalue()

    def scenario_json(self, scns: Sequence[Scenario] | None = None) -> bytes:
        """The scenario file (JSON bytes) that reproduces the run."""
        data = scenario_file(scns if scns is not None else self.scenarios(), int(self.games.value),
                             int(self.seed.value))
        return json.dumps(data, indent=1).encode("utf-8")

    def _offer_downloads(self, scns: Sequence[Scenario]) -> None:
        stem = "landlord-lab"
        self.downloads.value = " · ".join([
            _link(self.results_csv(), f"{stem}-results.csv", "text/csv"),
            _link(self.results_parquet(), f"{stem}-results.parquet", "application/octet-stream"),
            _link(self.scenario_json(scns), f"{stem}-scenario.json", "application/json"),
        ])

    def save(self, folder: str | Path) -> list[Path]:
        """Write results (CSV and Parquet) and the scenario file into ``folder``."""
        d = Path(folder)
        d.mkdir(parents=True, exist_ok=True)
        out = [d / "results.csv", d / "results.parquet", d / "scenario.json"]
        out[0].write_bytes(self.results_csv())
        out[1].write_bytes(self.results_parquet())
        out[2].write_bytes(self.scenario_json())
        return out

    def load_scenario(self, raw: bytes, where: str = "<scenario file>") -> bool:
        """Put a scenario file's set-up into the lab; a bad file changes nothing."""
        try:
            scns, games, seed = read_scenario_file(json.loads(raw.decode("utf-8")), where)
        except (UnicodeDecodeError, json.JSONDecodeError):
            self._say(f"Could not load {where}: not JSON.", error=True)
            return False
        except LandlordError as exc:
            self._say(f"Could not load: {exc}", error=True)
            return False
        self.a.show(scns[0])
        self.compare.value = len(scns) > 1
        if len(scns) > 1:
            self.b.show(scns[1])
        self.games.value, self.seed.value = games, seed
        self._say(f"Loaded {where}.")
        return True

    def _on_upload(self, change: dict[str, Any]) -> None:
        files = change["new"]
        if files:
            self.load_scenario(bytes(files[0]["content"]), str(files[0].get("name", "uploaded file")))

    def _say(self, text: str, error: bool = False) -> None:
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
