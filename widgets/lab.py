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
(:mod:`landlord.widgets.lab_editor`), the run with its buttons and progress
(:mod:`landlord.widgets.lab_run`), the run's answer, summary and charts
(:mod:`landlord.widgets.lab_view`), the class beside them (:mod:`landlord.widgets.lab_class`) and
the downloads and the scenario file's upload (:mod:`landlord.widgets.lab_files`); the lab itself
holds the set-up (games, seed, the stop rule) and turns it into the scenario a run plays.
What they show is worked out elsewhere: the scenarios and their file in
:mod:`landlord.widgets.lab_scenarios`, the run's chunks in :mod:`landlord.widgets.lab_sweep`, its
numbers in :mod:`landlord.analysis.lab`, the stop rule in :mod:`landlord.analysis.tally`, its
charts in :mod:`landlord.charts.lab` and its answers in words in :mod:`landlord.widgets.lab_words`.
"""

from __future__ import annotations

import html
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import ipywidgets as W
import pandas as pd

from landlord.analysis.lab import LabRun
from landlord.analysis.tally import Tally
from landlord.charts import figures as lib
from landlord.charts.lab import lab_frames
from landlord.data.loader import load_ruleset
from landlord.errors import LandlordError
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.scenario import scenario_from_dict
from landlord.runs.sweep import warm_workers

from .lab_class import ClassBeside
from .lab_editor import ScenarioEditor
from .lab_files import LabFiles
from .lab_run import LabRunner
from .lab_scenarios import LabScenario, cell_names, file_names, lab_scenarios, scenario_dict
from .lab_view import LabView
from .layout import STYLE, WRAP, full_labels
from .table import regimes
from .table_setup import default_ruleset

SMALLEST = (("0.005 of Gini — even a very small change matters", 0.005),
            ("0.01 of Gini — a small change matters", 0.01),
            ("0.02 of Gini — only a clear change matters", 0.02),
            ("0.05 of Gini — only a large change matters", 0.05))
"""The smallest difference in final Gini that matters, in words (the stop rule's "no
difference that large"); 0.01 unless chosen."""


class ScenarioLab(W.VBox):
    """Compare scenarios over many bot games: results shown as games finish, an interval valid
    however often it is looked at, a stop once the answer is clear, Stop, and downloads.

    Its parts hold their own widgets: the editors :attr:`a` and :attr:`b`, :attr:`runner` (Run,
    Stop, Play more games, the progress bar and the run they drive), :attr:`view`,
    :attr:`beside` and :attr:`files`."""

    def __init__(self, games: int = 2000, seed: int = 1, workers: int = 0) -> None:
        """``games``: per scenario, at most (the lab stops sooner once the answer is clear) or
        exactly; ``workers``: the sweep runner's local processes (0 = one per core; 1 = a
        thread of this kernel)."""
        lib.enable_offline()
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
        self.message = W.HTML()
        self.runner = LabRunner(workers, self.start, self.draw, self._say)
        """Run, Stop and Play more games, the progress bar, and the run they drive."""
        self.view = LabView()
        """The run's answer, summary and four charts."""
        self.files = LabFiles(self.runner, self._raw, self._show_file, self._say)
        """The run's downloads and the scenario file's upload."""
        self.beside = ClassBeside(lambda: self.run, self._say)
        """A class's exported results beside the simulated games."""
        super().__init__([
            W.HBox([W.VBox([W.HTML("<b>Scenario A</b>"), self.a]),
                    W.VBox([W.HTML("<b>Scenario B</b>"), self.b])], layout=W.Layout(flex_flow="row wrap")),
            W.HBox([self.compare, self.games, self.seed], layout=WRAP),
            W.HBox([self.until_clear, self.smallest], layout=WRAP),
            W.HBox([self.files.upload, self.files.use_file, self.beside.upload], layout=WRAP),
            self.runner.box,
            self.message, self.view.answer, self.view.summary, *self.view.charts,
            self.beside.box, self.files.downloads, W.HTML(STYLE),
        ])
        self.add_class("ll-table")
        self.add_class("ll-lab")
        full_labels(self)

    # -- the set-up ------------------------------------------------------------------------
    def scenarios(self) -> list[LabScenario]:
        """The scenarios to run (A, and B when comparing; a loaded file played as it is: its cells)."""
        file = self.files.played()
        if file is not None:
            return lab_scenarios(file)
        out = [self.a.scenario()]
        if self.compare.value:
            b = self.b.scenario()
            if b.name == out[0].name:
                b = LabScenario(b.name + " (B)", b.ruleset, b.strategies, b.regime, b.overrides)
            out.append(b)
        return out

    def _raw(self, scns: Sequence[LabScenario] | None = None, games: int | None = None) -> dict[str, Any]:
        """The set-up as a ``landlord.runs.scenario`` dict: ``scns`` (the :meth:`scenarios`
        unless given), ``games`` a cell (the Games field's unless given), the root seed."""
        return scenario_dict(scns if scns is not None else self.scenarios(),
                             int(self.games.value) if games is None else games, int(self.seed.value))

    def sweep_scenario(self, scns: Sequence[LabScenario] | None = None) -> SweepScenario:
        """The lab's set-up as a validated ``landlord.runs.scenario`` (what a run plays; a loaded
        file played as it is: the file's own)."""
        file = self.files.played()
        if file is not None:
            return file
        return scenario_from_dict(self._raw(scns), "<scenario lab>")

    def _show_file(self, file: SweepScenario, scns: list[LabScenario]) -> None:
        """A loaded scenario file's first two scenarios in the editors, its games and seed in the fields."""
        self.a.show(scns[0])
        self.compare.value = len(scns) > 1
        if len(scns) > 1:
            self.b.show(scns[1])
        self.games.value, self.seed.value = file.games, file.seed

    # -- running: the runner's -------------------------------------------------------------
    def start(self) -> None:
        """Run the scenarios with the sweep runner (:meth:`LabRunner.start`): the results so far
        are shown as games finish, from a task of the running event loop between whose looks the
        kernel answers the page; with no event loop, at once."""
        if self.runner.running:
            self._say("A run is already going; stop it first.", error=True)
            return
        file = self.files.played()
        try:
            scns = self.scenarios()
            if file is None:
                for s in scns:
                    s.check()
            scenario = self.sweep_scenario(scns)
        except (LandlordError, ValueError, TypeError, KeyError) as exc:
            self._say(f"Cannot run: {exc}", error=True)
            return
        self._say("" if len(scenario.cells) == len(scns) else
                  f"A and B differ in several fields, so the scenario's grid plays {len(scenario.cells)} cells.")
        names = file_names(scenario) if file is not None else cell_names(scenario, scns)
        self.view.clear()  # no old results beside a new run
        self.files.downloads.value = ""
        self.runner.start(scenario, names, scns, float(self.smallest.value), bool(self.until_clear.value))

    def more(self) -> None:
        """Play on after a stop (:meth:`LabRunner.more`)."""
        self.runner.more()

    def cancel(self) -> None:
        """Stop the run; the games finished are shown (:meth:`LabRunner.cancel`)."""
        self.runner.cancel()

    @property
    def run(self) -> LabRun:
        """The games so far of the current run (:attr:`LabRunner.run`)."""
        return self.runner.run

    @property
    def tally(self) -> Tally | None:
        """The stop rule of the last run (:attr:`LabRunner.tally`)."""
        return self.runner.tally

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
            self.files.offer(scns)
            self.beside.show()

    # -- files: their part's -----------------------------------------------------------------
    def results_csv(self) -> bytes:
        """The per-game results as CSV bytes."""
        return self.files.results_csv()

    def results_parquet(self) -> bytes:
        """The per-game results as Parquet bytes."""
        return self.files.results_parquet()

    def scenario_toml(self, scns: Sequence[LabScenario] | None = None, games: int | None = None) -> bytes:
        """The scenario file that reproduces the run with ``landlord sweep FILE``
        (:meth:`LabFiles.scenario_toml`)."""
        return self.files.scenario_toml(scns, games)

    def save(self, folder: str | Path) -> list[Path]:
        """Write results (CSV and Parquet) and the scenario file into ``folder``."""
        return self.files.save(folder)

    def load_scenario(self, raw: bytes, where: str = "<scenario file>") -> bool:
        """Open a scenario file; a bad file changes nothing (:meth:`LabFiles.load_scenario`)."""
        return self.files.load_scenario(raw, where)

    def load_class(self, files: Sequence[tuple[bytes, str]]) -> bool:
        """Open classes' exported results beside the simulated games (:meth:`ClassBeside.load`)."""
        return self.beside.load(files)

    def _say(self, text: str, error: bool = False) -> None:
        """Tell the instructor ``text`` (in red when ``error``)."""
        colour = "#b00000" if error else "#225522"
        self.message.value = f'<div style="color:{colour}">{html.escape(text)}</div>' if text else ""
