"""The scenario lab's run: Run, Stop and Play more games with the progress bar, and the sweep they
drive — the sweep runner's workers started from a background thread, its finished chunks counted
into the stop rule (:class:`~landlord.widgets.lab_sweep.ChunkFeed`) and the games so far drawn as
they arrive, from a task of the running event loop between whose looks the kernel answers the
page (with no event loop, at once)."""

from __future__ import annotations

import asyncio
import math
import time
from collections.abc import Callable, Sequence

import ipywidgets as W
import pandas as pd

from landlord.analysis.lab import LabRun
from landlord.analysis.tally import Tally
from landlord.charts.lab import lab_frames
from landlord.errors import LandlordError
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.sweep import ChunkDone, Sweep

from .lab_scenarios import LabScenario, replace_games
from .lab_sweep import CHUNK, ChunkFeed, after, grown, interleaved
from .layout import WRAP

POLL = 0.05
"""Seconds between two looks of the lab's asyncio task at its running sweep."""
REDRAW = 0.5
"""Seconds at least between two redraws while games arrive (more when drawing takes longer:
never more than :data:`DRAW_SHARE` of the time goes on drawing), so the browser keeps up ..."""
DRAW_SHARE = 0.1
"""... and the kernel's drawing takes little from the workers playing the games on the same
cores (a redraw of the lab's four charts costs the kernel about 0.25-0.3 s of CPU)."""

Draw = Callable[[Sequence[LabScenario], dict[str, pd.DataFrame], bool], None]
"""The lab's drawing of its run: the run's scenarios, its frames, and whether games are still coming."""


class LabRunner:
    """The Run, Stop and Play more buttons with the progress bar (:attr:`box`), and the run they
    drive: its games so far (:attr:`run`) and stop rule (:attr:`tally`). ``workers`` are the sweep
    runner's local processes (0 = one per core; 1 = a thread of this kernel); ``start()`` is the
    lab's Run (it hands :meth:`start` the scenario), ``draw(scns, frames, running)`` draws the run,
    ``say(text, error)`` tells the instructor."""

    def __init__(self, workers: int, start: Callable[[], None], draw: Draw,
                 say: Callable[[str, bool], None]) -> None:
        self.workers = workers
        self._draw, self._say = draw, say
        auto = W.Layout(width="auto")
        self.run_button = W.Button(description="Run", icon="play", button_style="success", layout=auto)
        self.cancel_button = W.Button(description="Stop", icon="stop", disabled=True, layout=auto)
        self.more_button = W.Button(description="Play more games", icon="forward", disabled=True, layout=auto)
        self.progress = W.IntProgress(value=0, min=0, max=1, description="Games")
        self.progress_text = W.Label()
        self.box = W.HBox([self.run_button, self.cancel_button, self.more_button, self.progress, self.progress_text],
                          layout=WRAP)
        """The buttons and the progress bar, side by side."""
        self.run = LabRun()
        """The games so far of the current run."""
        self.tally: Tally | None = None
        """The stop rule of the last run (its games' final Ginis so far)."""
        self.feed: ChunkFeed | None = None
        """The last run's finished chunks, counted into :attr:`tally` and kept for its rows."""
        self.scns: list[LabScenario] = []
        """The scenarios the last run plays (as the editors or the file gave them)."""
        self.cancelled = False
        self.running = False
        self._task: asyncio.Task[None] | None = None
        self._sweep: Sweep | None = None
        self._t0 = 0.0
        self.first_view: float | None = None
        """Seconds from Run to the first games shown (the last run's)."""
        self.on_done: Callable[[], None] | None = None
        self.run_button.on_click(lambda _: start())
        self.cancel_button.on_click(lambda _: self.cancel())
        self.more_button.on_click(lambda _: self.more())

    def start(self, scenario: SweepScenario, names: dict[int, str], scns: list[LabScenario], smallest: float,
              until_clear: bool) -> None:
        """Play ``scenario`` (its cells named ``names``, the lab's ``scns``) from no games, under
        the stop rule of the ``smallest`` difference that matters (stopping once the answer is
        clear when ``until_clear``)."""
        self.scns = scns
        self.feed = ChunkFeed(scenario, names, smallest, until_clear)
        self.tally = self.feed.tally
        self.run = LabRun()
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
        self._draw(self.scns, lab_frames(self.run, self.tally.band()), True)
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
            self._say(f"The run stopped: {error}", True)
        elif self.cancelled and not self.run.complete:
            self._say(f"Stopped after {len(self.run.games)} games; showing those.", True)
        self._draw(self.scns, lab_frames(self.run, tally.band()), False)
        if self.first_view is None:
            self.first_view = time.perf_counter() - self._t0
        if self.on_done is not None:
            self.on_done()
