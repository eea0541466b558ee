"""The scenario lab's answer time: two arms of 1,000 games each, charts drawn, per ruleset.

    python3 benchmarks/bench_lab.py [games-per-arm] [ruleset ...] [--workers N]

For every ruleset (all of them unless named), the lab's own compute path is timed in wall
seconds, split into **games** (the sweep runner playing both arms on ``--workers`` local
processes, 2 unless told, started from a background thread as the lab starts them in a notebook, with
the per-turn net worth the lab charts: the sweep's ``panel="worth"``), **metrics** (the
:mod:`landlord.analysis.metrics` frames of the lab's charts and its summary table) and **drawing** (the
library's charts built and handed to the lab's chart widgets, the summary table written).
Arm A is the ruleset as printed; arm B its first other phase regime (e.g. the single tax from
the start), or, for a ruleset with one phase, the same rules with start cash half as much
again. The bots are the lab's defaults (landlord, tenant, speculator, random). Targets: <= 5 s
for a single-Part ruleset, <= 10 s for british-1913-sequence (on this 2-core machine; wall
time, so a busy machine adds to it: the CPU seconds of this process and its workers are
printed too, and the "idle" estimate: the busiest process's CPU seconds for the games plus
metrics and drawing — what an otherwise idle machine would take).
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

if TYPE_CHECKING:
    from landlord.widgets.lab import Scenario

# The kit and the lab are imported inside the functions: a worker started from the fork server
# runs this file again as its main module (as a kernel's workers run the kernel's launcher,
# which imports nothing), so its top level is kept light.
BOTS = ("landlord", "tenant", "speculator", "random")


def arms(ruleset: str) -> list[Scenario]:
    """Arm A (as printed) and arm B (the first other regime, or half as much start cash again)."""
    from landlord.widgets.lab import Scenario
    from landlord.widgets.table import regimes

    from landlord.data.loader import load_ruleset

    rs = load_ruleset(ruleset)
    other = [v for _, v in regimes(rs)[1:2]]
    a = Scenario("A", ruleset, BOTS)
    if other:
        return [a, Scenario("B", ruleset, BOTS, tuple(other[0]))]
    return [a, Scenario("B", ruleset, BOTS, (), {"start_cash": rs.values()["start_cash"] * 3 // 2})]


class CpuWatch:
    """Samples, in a thread, the CPU seconds of every descendant process (the sweep's fork
    server and workers, which this process does not reap itself)."""

    def __init__(self, every: float = 0.1) -> None:
        import psutil

        self.cpu: dict[int, float] = {}
        self.own = 0.0
        """The CPU seconds of the sampling thread itself (taken off this process's)."""
        self._me = psutil.Process()
        self._error = psutil.Error
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.every = every

    def _run(self) -> None:
        while True:
            for p in self._me.children(recursive=True):
                try:
                    t = p.cpu_times()
                    self.cpu[p.pid] = t.user + t.system
                except self._error:
                    pass
            if self._stop.wait(self.every):
                self.own = time.thread_time()
                return

    def __enter__(self) -> CpuWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def bench(ruleset: str, games: int, workers: int) -> dict[str, float]:
    """Time the lab's steps for one ruleset (wall and CPU seconds)."""
    from landlord.widgets.lab import CHUNK, LabRun, ScenarioLab, cell_names

    from landlord.runs.sweep import Sweep

    lab = ScenarioLab(games=games, seed=1, workers=workers)
    scns = arms(ruleset)
    scenario = lab.sweep_scenario(scns)
    names = cell_names(scenario, scns)
    c0, t0 = time.process_time(), time.perf_counter()
    # as the lab runs it in a notebook: in a background thread (so workers start from a fork
    # server, as in a kernel), then waited for
    with CpuWatch() as mon:
        sweep = Sweep(scenario, workers=workers, panel="worth", chunk_size=CHUNK).start()
        result = sweep.wait()
    c1, t1 = time.process_time() - mon.own, time.perf_counter()
    assert result is not None and result.panel is not None
    failed = result.games[result.games["status"] != "ok"]
    if len(failed):
        sys.exit(f"{ruleset}: {len(failed)} games failed, e.g. {failed['error'].iloc[0]}")
    lab.run = LabRun(result.games.assign(scenario=result.games["cell"].map(names)),
                     result.panel.assign(scenario=result.panel["cell"].map(names)), result.complete)
    frames = lab.frames()
    c2, t2 = time.process_time() - mon.own, time.perf_counter()
    lab.draw(scns, frames)
    c3, t3 = time.process_time() - mon.own, time.perf_counter()
    busiest = max(mon.cpu.values(), default=0.0)
    return {"games": t1 - t0, "metrics": t2 - t1, "drawing": t3 - t2, "total": t3 - t0,
            "games_cpu": c1 - c0 + sum(mon.cpu.values()), "metrics_cpu": c2 - c1, "drawing_cpu": c3 - c2,
            # on an idle machine the games take about what the busiest process spends
            "idle": max(busiest, c1 - c0) + (c3 - c1),
            "turns": float(result.games["turns"].mean())}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=1000, help="games per arm (1000)")
    ap.add_argument("rulesets", nargs="*", help="rulesets (all)")
    ap.add_argument("--workers", type=int, default=2, help="local worker processes (2)")
    args = ap.parse_args()
    from landlord.data.loader import ruleset_ids

    print(f"The lab: 2 arms x {args.games} games, {args.workers} workers "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print("wall: seconds as measured; CPU: seconds of this process and its workers; idle: the "
          "busiest process's CPU seconds for the games plus metrics and drawing (the wall time an "
          "otherwise idle machine would take)")
    print(f"{'ruleset':24} {'games wall':>10} {'games CPU':>9} {'metrics':>8} {'drawing':>8} "
          f"{'total wall':>10} {'idle':>6} {'target':>6} {'turns/game':>10} {'load':>5}")
    for rid in args.rulesets or ruleset_ids():
        r = bench(rid, args.games, args.workers)
        target = 10.0 if rid == "british-1913-sequence" else 5.0
        mark = "ok" if r["idle"] <= target else "OVER"
        print(f"{rid:24} {r['games']:>10.2f} {r['games_cpu']:>9.2f} {r['metrics_cpu']:>8.2f} "
              f"{r['drawing_cpu']:>8.2f} {r['total']:>10.2f} {r['idle']:>6.2f} {target:>4.0f} {mark:4} "
              f"{r['turns']:>10.1f} {os.getloadavg()[0]:>5.1f}", flush=True)


if __name__ == "__main__":
    main()
