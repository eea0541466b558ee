"""How the scenario lab plays a run: the sweep's chunks cut so the first view comes soon and
grown once it has (:func:`grown`), taken in turns of the scenarios (:func:`interleaved`) from the
games a run holds (:func:`after`), and each finished chunk counted into the stop rule and kept
for the run's rows (:class:`ChunkFeed`)."""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import pandas as pd

from landlord.analysis.lab import LabRun
from landlord.analysis.tally import Tally
from landlord.runs.scenario import Scenario as SweepScenario
from landlord.runs.sweep import ChunkDone, assemble, worths_by_turn

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


PANEL = pd.DataFrame(columns=["cell", "game", "seed", "turn", "seat", "net_worth"])
"""An empty per-turn panel (a run whose games all failed has none)."""


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


class ChunkFeed:
    """A run's finished chunks as the lab reads them (the sweep's
    :meth:`~landlord.runs.sweep.Sweep.take`, in seed order): each counted into the stop rule's
    :class:`~landlord.analysis.tally.Tally` and kept, to give the games so far as a
    :class:`~landlord.analysis.lab.LabRun`."""

    def __init__(self, scenario: SweepScenario, names: dict[int, str], smallest: float,
                 until_clear: bool = True) -> None:
        self.scenario = scenario
        self.tally = Tally([c.index for c in scenario.cells], names, smallest, scenario.seeds == "shared",
                           until_clear)
        """The stop rule, fed the chunks' final Ginis and per-turn net worths."""
        self.tables: list[Any] = []
        self.panels: list[Any] = []

    def add(self, done: ChunkDone) -> bool:
        """Count a finished chunk in; True when with it the stop rule says the answer is clear."""
        rows = done.games
        self.tables.append(rows)
        ok = [s == "ok" for s in rows.column("status").to_pylist()]
        g = rows.column("gini_population").to_pylist() if "gini_population" in rows.column_names else []
        gini = [float(x) if good and x is not None else math.nan
                for good, x in zip(ok, g or [None] * len(ok), strict=True)]
        turns = worths = None
        if done.panel is not None and done.panel.num_rows:
            self.panels.append(done.panel)
            turns, worths = worths_by_turn(done.panel, len(done.chunk.seats))
        return self.tally.add(int(done.chunk.cell or 0), gini, turns, worths)

    def run(self, complete: bool = False, panel: bool = True) -> LabRun:
        """The games so far as a :class:`LabRun` (rows assembled as the sweep assembles them;
        the per-turn panel too when ``panel``, built when the run's panel is first read)."""
        games = assemble(self.scenario, self.tables)
        games = games.assign(scenario=games["cell"].map(self.tally.names)) if len(games) else games
        if not (panel and self.panels):
            return LabRun(games, PANEL.assign(scenario=PANEL["cell"].map(self.tally.names)), complete)
        panels, names = list(self.panels), self.tally.names

        def build() -> pd.DataFrame:
            import pyarrow as pa

            pan = pa.concat_tables(sorted(panels, key=lambda t: (t.column("cell")[0].as_py(),
                                                                 t.column("game")[0].as_py()))).to_pandas()
            return pan.assign(scenario=pan["cell"].map(names))

        return LabRun(games, build, complete)
