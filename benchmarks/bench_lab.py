"""The scenario lab's answer time, per ruleset: the first view, a clear answer, and two arms of
1,000 games each with charts drawn.

    python3 benchmarks/bench_lab.py [games-per-arm] [ruleset ...] [--workers N]
    python3 benchmarks/bench_lab.py 1000 british-1913-part1 --clear-only --regime part3@start --cap 3000

For every ruleset (all of them unless named), the lab is run as in a notebook (Run pressed in a
running event loop :data:`SETTLE` seconds after the lab is shown, its workers' fork server
started and ready, as it is by the time a teacher presses Run) and timed: **first view**
(seconds from Run to the first games' charts and summary handed to the lab's widgets) and
**clear** (from Run to the stop under the default rule: the paired interval, valid under
repeated looks, within ±25% of its estimate or inside ±0.01; with which way it ended and how
many games of each arm it took; "not clear" if the lab's default of at most 2,000 games of each,
or ``--cap``, ran out).
Then the lab's own compute path for two arms of ``games-per-arm`` each is timed in wall
seconds, split into **games** (the sweep runner playing both arms on ``--workers`` local
processes, 2 unless told, started from a background thread as the lab starts them in a notebook, with
the per-turn net worth the lab charts: the sweep's ``panel="worth"``), **metrics** (the
:mod:`landlord.analysis.metrics` frames of the lab's charts and its summary table) and **drawing** (the
library's charts built and handed to the lab's chart widgets, the summary table written).
Arm A is the ruleset as printed; arm B its first other phase regime (e.g. the single tax from
the start; ``--regime`` names another), or, for a ruleset with one phase, the same rules with
start cash half as much again (``--clear-only``: the first view and the clear answer alone).
The bots are the lab's defaults (landlord, tenant, speculator, random). Targets (issue 24,
this 2-core machine): first view <= 1 s; a clear answer <= 5 s for a single-Part ruleset,
<= 10 s for british-1913-sequence. Wall time, so a busy machine adds to it: the CPU seconds of
this process and its workers are printed too, and the "idle" estimates: for the first view and
the clear answer this process's CPU seconds plus the busiest worker's over that time (an upper
estimate: they partly overlap), for the 2 x N games the
busiest process's CPU seconds for the games plus metrics and drawing — what an otherwise idle
machine would take.
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
    from landlord.widgets.lab_scenarios import LabScenario

# The kit and the lab are imported inside the functions: a worker started from the fork server
# runs this file again as its main module (as a kernel's workers run the kernel's launcher,
# which imports nothing), so its top level is kept light.
BOTS = ("landlord", "tenant", "speculator", "random")
SETTLE = 1.0
"""Seconds from the lab shown (its scenarios filled in) to Run pressed: no teacher presses Run
sooner, and in that second the kernel finishes what building the lab set going."""


def arms(ruleset: str, regime: str = "") -> list[LabScenario]:
    """Arm A (as printed) and arm B (``regime``'s phase switch if given, else the first other
    regime, or half as much start cash again)."""
    from landlord.widgets.lab_scenarios import LabScenario
    from landlord.widgets.table import regimes

    from landlord.data.loader import load_ruleset

    rs = load_ruleset(ruleset)
    other = [(regime,)] if regime else [v for _, v in regimes(rs)[1:2]]
    a = LabScenario("A", ruleset, BOTS)
    if other:
        return [a, LabScenario("B", ruleset, BOTS, tuple(other[0]))]
    return [a, LabScenario("B", ruleset, BOTS, (), {"start_cash": rs.values()["start_cash"] * 3 // 2})]


class CpuWatch:
    """Samples, in a thread, the CPU seconds of every descendant process (the sweep's fork
    server and workers, which this process does not reap itself)."""

    def __init__(self, every: float = 0.1) -> None:
        import psutil

        self.cpu: dict[int, float] = {}
        self.base: dict[int, float] = {}
        self.own = 0.0
        """The CPU seconds of the sampling thread itself (taken off this process's)."""
        self._me = psutil.Process()
        self._error = psutil.Error
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)
        self.every = every

    def _run(self) -> None:
        first, looks, procs = True, 0, []
        while True:
            if looks % 10 == 0:  # walking /proc for new children costs more than reading them
                procs = self._me.children(recursive=True)
            looks += 1
            for p in procs:
                try:
                    t = p.cpu_times()
                    if first:  # a process already there (the fork server): count from now
                        self.base[p.pid] = t.user + t.system
                    self.cpu[p.pid] = t.user + t.system - self.base.get(p.pid, 0.0)
                except self._error:
                    pass
            first = False
            if self._stop.wait(self.every):
                self.own = time.thread_time()
                return

    def __enter__(self) -> CpuWatch:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def answer(ruleset: str, workers: int, cap: int = 2000, regime: str = "") -> dict[str, float | str]:
    """Run the lab as a notebook runs it (in an event loop) on the two arms under the default
    stop rule: seconds to the first view and to the stop (wall and idle estimate), the answer
    and the games of each arm it took."""
    import asyncio

    from landlord.widgets.lab import ScenarioLab

    from landlord.runs.sweep import warm_workers

    lab = ScenarioLab(games=cap, seed=1, workers=workers)
    a, b = arms(ruleset, regime)
    lab.a.show(a)
    lab.b.show(b)
    # by the time a teacher presses Run, the fork server the lab started when it was built has
    # imported the kit (this waits for it; before the lab's threads exist it would be a no-op:
    # a single-threaded process forks its workers directly)
    warm_workers()
    time.sleep(SETTLE)
    out: dict[str, float | str] = {}

    async def run() -> None:
        with CpuWatch(every=0.05) as mon:
            c0, t0 = time.process_time(), time.perf_counter()
            seen_first: tuple[float, float] | None = None
            lab.start()
            while lab.runner.running:
                await asyncio.sleep(0.01)
                if seen_first is None and lab.runner.first_view is not None:
                    seen_first = (time.process_time() - c0, max(mon.cpu.values(), default=0.0))
            t1 = time.perf_counter()
            c1 = time.process_time() - c0
        assert lab.runner.first_view is not None and lab.tally is not None, lab.message.value
        # idle: this process's CPU plus the busiest worker's (they mostly take turns: an upper
        # estimate of what an otherwise idle machine would take)
        first_cpu = seen_first or (c1, max(mon.cpu.values(), default=0.0))
        out["first"] = lab.runner.first_view
        out["first_idle"] = sum(first_cpu)
        out["clear"] = t1 - t0
        out["clear_idle"] = c1 - mon.own + max(mon.cpu.values(), default=0.0)  # not the watch's own CPU
        out["clear_own"], out["clear_worker"] = c1 - mon.own, max(mon.cpu.values(), default=0.0)
        tally = lab.tally
        if tally.settled_at is None:
            out["verdict"], out["taken"] = "not clear", float(tally.played)
            return
        (c,) = tally.comparisons()
        out["verdict"] = ("no difference" if c.verdict == "no difference"
                          else f"B {'higher' if c.mean > 0 else 'lower'} {abs(c.mean):.3f}")
        out["taken"] = float(tally.settled_at)

    asyncio.run(run())
    return out


def bench(ruleset: str, games: int, workers: int) -> dict[str, float]:
    """Time the lab's steps for one ruleset (wall and CPU seconds)."""
    from landlord.widgets.lab import ScenarioLab
    from landlord.widgets.lab_scenarios import cell_names
    from landlord.widgets.lab_sweep import CHUNK, interleaved

    from landlord.analysis.lab import LabRun
    from landlord.runs.sweep import Sweep

    lab = ScenarioLab(games=games, seed=1, workers=workers)
    scns = arms(ruleset)
    scenario = lab.sweep_scenario(scns)
    names = cell_names(scenario, scns)
    c0, t0 = time.process_time(), time.perf_counter()
    # as the lab runs it in a notebook: in a background thread (so workers start from a fork
    # server, as in a kernel), then waited for
    with CpuWatch() as mon:
        sweep = Sweep(scenario, workers=workers, panel="worth", chunk_size=CHUNK)
        sweep.chunks = interleaved(sweep.chunks)
        result = sweep.start().wait()
    c1, t1 = time.process_time() - mon.own, time.perf_counter()
    assert result is not None and result.panel is not None
    failed = result.games[result.games["status"] != "ok"]
    if len(failed):
        sys.exit(f"{ruleset}: {len(failed)} games failed, e.g. {failed['error'].iloc[0]}")
    lab.runner.run = LabRun(result.games.assign(scenario=result.games["cell"].map(names)),
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
    ap.add_argument("--regime", default="", help="arm B's phase switch, e.g. part3@start (the first other regime)")
    ap.add_argument("--cap", type=int, default=2000, help="games of each arm at most for the clear answer (2000)")
    ap.add_argument("--clear-only", action="store_true", help="time the first view and the clear answer only")
    args = ap.parse_args()
    from landlord.data.loader import ruleset_ids

    print(f"The lab: 2 arms x {args.games} games, {args.workers} workers "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print("wall: seconds as measured; CPU: seconds of this process and its workers; idle (what an "
          "otherwise idle machine would take): first view and clear answer, this process's CPU seconds "
          "plus the busiest worker's; 2 x N games, the busiest process's for the games plus metrics and "
          "drawing; ok: within the target (first view 1 s; 5 s, or 10 s for british-1913-sequence)")
    runs = "" if args.clear_only else f" | {'2 x ' + str(args.games) + ' games (s)':^58}"
    columns = "" if args.clear_only else (
        f" | {'games':>6} {'CPU':>6} {'metrics':>7} {'drawing':>7} {'total':>6} {'idle':>6} ok  "
        f"{'turns':>5} {'load':>5}")
    print(f"{'':24} {'first view (s)':>16} {'clear answer (default rule)':>40}{runs}")
    print(f"{'ruleset':24} {'wall':>6} {'idle':>5} ok  {'wall':>6} {'idle':>6} ok  {'answer':<16} {'games':>5}"
          f"{columns}")
    for rid in args.rulesets or ruleset_ids():
        q = answer(rid, args.workers, args.cap, args.regime)
        target = 10.0 if rid == "british-1913-sequence" else 5.0

        def mark(x: float, limit: float) -> str:
            return "ok" if x <= limit else "--"

        clear = (f"{rid:24} {q['first']:>6.2f} {q['first_idle']:>5.2f} {mark(float(q['first_idle']), 1.0)}  "
                 f"{q['clear']:>6.2f} {q['clear_idle']:>6.2f} {mark(float(q['clear_idle']), target)}  "
                 f"{q['verdict']:<16} {q['taken']:>5.0f} | ")
        if args.clear_only:
            print(clear.rstrip(" |"), flush=True)
            continue
        r = bench(rid, args.games, args.workers)
        print(f"{clear}{r['games']:>6.2f} {r['games_cpu']:>6.2f} {r['metrics_cpu']:>7.2f} "
              f"{r['drawing_cpu']:>7.2f} {r['total']:>6.2f} {r['idle']:>6.2f} {mark(r['idle'], target)}  "
              f"{r['turns']:>5.0f} {os.getloadavg()[0]:>5.1f}", flush=True)


if __name__ == "__main__":
    main()
