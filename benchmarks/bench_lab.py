"""The scenario lab's answer time: two arms of 1,000 games each, charts drawn, per ruleset.

    python3 benchmarks/bench_lab.py [games-per-arm] [ruleset ...] [--workers N]

For every ruleset (all of them unless named), the lab's own compute path is timed in wall
seconds, split into **games** (the sweep runner playing both arms on ``--workers`` local
processes, 2 unless told, with the per-turn figures the lab charts), **metrics** (the
:mod:`landlord.metrics` frames of the lab's charts and its summary table) and **drawing** (the
library's charts built and handed to the lab's chart widgets, the summary table written).
Arm A is the ruleset as printed; arm B its first other phase regime (e.g. the single tax from
the start), or, for a ruleset with one phase, the same rules with start cash half as much
again. The bots are the lab's defaults (landlord, tenant, speculator, random). Targets: <= 5 s
for a single-Part ruleset, <= 10 s for british-1913-sequence (on this 2-core machine; wall
time, so a busy machine adds to it: the CPU seconds of this process and its workers are
printed too).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.loader import load_ruleset, ruleset_ids
from landlord.sweep import Sweep
from widgets.lab import CHUNK, LabRun, Scenario, ScenarioLab, cell_names
from widgets.table import regimes

BOTS = ("landlord", "tenant", "speculator", "random")


def arms(ruleset: str) -> list[Scenario]:
    """Arm A (as printed) and arm B (the first other regime, or half as much start cash again)."""
    rs = load_ruleset(ruleset)
    other = [v for _, v in regimes(rs)[1:2]]
    a = Scenario("A", ruleset, BOTS)
    if other:
        return [a, Scenario("B", ruleset, BOTS, tuple(other[0]))]
    return [a, Scenario("B", ruleset, BOTS, (), {"start_cash": rs.values()["start_cash"] * 3 // 2})]


def children_cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def bench(ruleset: str, games: int, workers: int) -> dict[str, float]:
    """Time the lab's steps for one ruleset."""
    lab = ScenarioLab(games=games, seed=1, workers=workers)
    scns = arms(ruleset)
    scenario = lab.sweep_scenario(scns)
    names = cell_names(scenario, scns)
    c0, t0 = children_cpu(), time.perf_counter()
    result = Sweep(scenario, workers=workers, panel=True, chunk_size=CHUNK).run()
    t1 = time.perf_counter()
    lab.run = LabRun(result.games.assign(scenario=result.games["cell"].map(names)),
                     result.panel.assign(scenario=result.panel["cell"].map(names)), result.complete)
    frames = lab.frames()
    t2 = time.perf_counter()
    lab.draw(scns, frames)
    t3 = time.perf_counter()
    turns = float(result.games["turns"].mean())
    return {"games": t1 - t0, "metrics": t2 - t1, "drawing": t3 - t2, "total": t3 - t0,
            "cpu": children_cpu() - c0, "turns": turns, "played": len(result.games)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", nargs="?", type=int, default=1000, help="games per arm (1000)")
    ap.add_argument("rulesets", nargs="*", help="rulesets (all)")
    ap.add_argument("--workers", type=int, default=2, help="local worker processes (2)")
    args = ap.parse_args()
    print(f"The lab: 2 arms x {args.games} games, {args.workers} workers, wall seconds "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores)")
    print(f"{'ruleset':24} {'games':>6} {'metrics':>8} {'drawing':>8} {'total':>7} {'target':>7} "
          f"{'CPU s':>6} {'turns/game':>10}")
    for rid in args.rulesets or ruleset_ids():
        r = bench(rid, args.games, args.workers)
        target = 10.0 if rid == "british-1913-sequence" else 5.0
        mark = "ok" if r["total"] <= target else "OVER"
        print(f"{rid:24} {r['games']:>6.2f} {r['metrics']:>8.2f} {r['drawing']:>8.2f} {r['total']:>7.2f} "
              f"{target:>5.0f} {mark:4} {r['cpu']:>6.1f} {r['turns']:>10.1f}", flush=True)


if __name__ == "__main__":
    main()
