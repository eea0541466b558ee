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

This module holds the lab's widget, composed of its parts: a scenario's editor
(:mod:`landlord.widgets.lab_editor`), the run's answer, summary and charts
(:mod:`landlord.widgets.lab_view`) and the class beside them (:mod:`landlord.widgets.lab_class`).
What they show is worked out elsewhere: the scenarios and their file in
:mod:`landlord.widgets.lab_scenarios`, the run's chunks in :mod:`landlord.widgets.lab_sweep`, its
numbers in :mod:`landlord.analysis.lab`, the stop rule in :mod:`landlord.analysis.tally`, its
charts in :mod:`landlord.charts.lab` and its answers in words in :mod:`landlord.widgets.lab_words`.
"""

from __future__ import annotations

import asyncio
import base64
import html
import io
import math
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W
import pandas as pd

from landlord.analysis.lab import LabRun
from landlord.analysis.tally import Tally
from landlord.charts import figures as lib
from landlord.charts.lab import lab_frames
from landlord.data.files import decode, parse_toml
from landlord.data.loader import load_ruleset
from landlord.errors import LandlordError
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.scenario import scenario_from_dict, scenario_from_text, scenario_to_toml
from landlord.runs.sweep import ChunkDone, Sweep, warm_workers

from .lab_class import ClassBeside
from .lab_editor import ScenarioEditor
from .lab_scenarios import (
    LabScenario,
    cell_names,
    file_names,
    lab_file,
    lab_scenarios,
    only_kit_rulesets,
    replace_games,
    scenario_dict,
)
from .lab_sweep import CHUNK, ChunkFeed, after, grown, interleaved
from .lab_view import LabView
from .layout import STYLE, WRAP, full_labels
from .table import regimes
from .table_setup import default_ruleset
from .words import no_paths, plain_name

POLL = 0.05
"""Seconds between two looks of the lab's asyncio task at its running sweep."""


def _link(raw: bytes, name: str, mime: str) -> str:
    b64 = base64.b64encode(raw).decode("ascii")
    return f'<a download="{html.escape(name)}" href="data:{mime};base64,{b64}">⬇ {html.escape(name)}</a>'


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
        self.view = LabView()
        """The run's answer, summary and four charts."""
        self.downloads = W.HTML()
        self.scenario_upload = W.FileUpload(accept=".toml", multiple=False, description="Load scenario file",
                                            layout=auto)
        self.beside = ClassBeside(lambda: self.run, self._say)
        """A class's exported results beside the simulated games."""
        self.file: SweepScenario | None = None
        self.file_text = ""
        self.run = LabRun()
        self.tally: Tally | None = None
        """The stop rule of the last run (its games' final Ginis so far)."""
        self.feed: ChunkFeed | None = None
        """The last run's finished chunks, counted into :attr:`tally` and kept for its rows."""
        self.cancelled = False
        self.running = False
        self._task: asyncio.Task[None] | None = None
        self._sweep: Sweep | None = None
        self._scns: list[LabScenario] = []
        self._t0 = 0.0
        self.first_view: float | None = None
        """Seconds from Run to the first games shown (the last run's)."""
        self.on_done: Callable[[], None] | None = None
        self.run_button.on_click(lambda _: self.start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.more_button.on_click(lambda _: self.more())
        self.scenario_upload.observe(self._on_upload, "value")
        super().__init__([
            W.HBox([W.VBox([W.HTML("<b>Scenario A</b>"), self.a]),
                    W.VBox([W.HTML("<b>Scenario B</b>"), self.b])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.compare, self.games, self.seed], layout=WRAP),
            W.HBox([self.until_clear, self.smallest], layout=WRAP),
            W.HBox([self.scenario_upload, self.use_file, self.beside.upload], layout=WRAP),
            W.HBox([self.run_button, self.cancel_button, self.more_button, self.progress, self.progress_text],
                   layout=WRAP),
            self.message, self.view.answer, self.view.summary, *self.view.charts,
            self.beside.box, self.downloads, W.HTML(STYLE),
        ])
        self.add_class("ll-table")
        self.add_class("ll-lab")
        full_labels(self)

    # -- running ---------------------------------------------------------------------------
    def scenarios(self) -> list[LabScenario]:
        """The scenarios to run (A, and B when comparing; a loaded file played as it is: its cells)."""
        if self.file is not None and self.use_file.value:
            return lab_scenarios(self.file)
        out = [self.a.scenario()]
        if self.compare.value:
            b = self.b.scenario()
            if b.name == out[0].name:
                b = LabScenario(b.name + " (B)", b.ruleset, b.strategies, b.regime, b.overrides)
            out.append(b)
        return out

    def sweep_scenario(self, scns: Sequence[LabScenario] | None = None) -> SweepScenario:
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
        self.feed = ChunkFeed(scenario, names, float(self.smallest.value), bool(self.until_clear.value))
        self.tally = self.feed.tally
        self.run = LabRun()
        self.view.clear()  # no old results beside a new run
        self.downloads.value = ""
        self._go(scenario)

    def more(self) -> None:
        """Play on after a stop: as many games again as were played (the interval stays valid:
        it holds however often it is looked at)."""
        tally, feed = self.tally, self.feed
        if self.running or tally is None or feed is None:
            return
        tally.until_clear = False
        played = tally.played
        self._go(replace_games(feed.scenario, max(2 * played, played + CHUNK)))

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
        assert self.tally is not None and self.feed is not None
        stop = self.feed.add(done)
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
        assert self.tally is not None and self.feed is not None
        self.run = self.feed.run(panel=False)
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
        tally, feed = self.tally, self.feed
        assert tally is not None and feed is not None
        self.run = feed.run(complete=tally.total == feed.scenario.total_games)
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

    def draw(self, scns: Sequence[LabScenario], frames: dict[str, pd.DataFrame] | None = None,
             running: bool = False) -> None:
        """Charts, summary, answer and downloads of the current run (``frames``: its
        :meth:`frames`, computed here unless given); ``running``: games are still coming (no
        downloads yet)."""
        run = self.run
        if run.games.empty:
            self.view.summary.value = "<i>No games played.</i>"
            return
        self.view.draw(run, lab_frames(run) if frames is None else frames, self.tally, running)
        if not running:
            self._offer_downloads(scns)
            self.beside.show()

    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self.run.results.to_csv(index=False).encode("utf-8")

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        buf = io.BytesIO()
        self.run.results.to_parquet(buf, index=False)
        return buf.getvalue()

    def scenario_toml(self, scns: Sequence[LabScenario] | None = None, games: int | None = None) -> bytes:
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

    def _offer_downloads(self, scns: Sequence[LabScenario]) -> None:
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
            only_kit_rulesets(parse_toml(text, where), where)
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
        """Open classes' exported results beside the simulated games (:meth:`ClassBeside.load`)."""
        return self.beside.load(files)

    def _say(self, text: str, error: bool = False) -> None:
        """Tell the instructor ``text`` (in red when ``error``)."""
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
