"""Benchmark: the exact landing chain for a 40-space board (target: under 50 ms).

Run from the checkout root: ``python3 benchmarks/bench_landing.py``. Prints the median and
best wall time of building the transition matrix and solving for the stationary distribution
(cold: a fresh Movement each time, so no cached moves carry over), for the 1904 board and, when
the shared reference CSVs are beside the checkout, the Monopoly board with its cards; then
every other ruleset in ``data/`` with a distinct chain (1906, 1913 Parts 1-2 and 3, ...).
"""

from __future__ import annotations

import dataclasses
import functools
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord import ruleset_ids
from landlord.data.loader import load_ruleset
from landlord.engine import landing as L
from landlord.rules.families import movement_for

TARGET_MS = 50.0
REPEATS = 30


def bench(name: str, make: Callable[[], Any], jail: str) -> float:
    times = []
    for _ in range(REPEATS):
        m = make()
        t0 = time.perf_counter()
        L.exact(m, jail)
        times.append((time.perf_counter() - t0) * 1000)
    med = statistics.median(times)
    print(f"{name:<34} jail={jail:<4} states={L.transition_matrix(make(), jail)[0].shape[0]:>4}  "
          f"median {med:6.2f} ms  best {min(times):6.2f} ms  "
          f"{'OK' if med < TARGET_MS else 'OVER'} (target < {TARGET_MS:.0f} ms)")
    return med


def main() -> int:
    rs = load_ruleset("magie-1904")
    worst = 0.0
    for jail in L.JAIL_MODES:
        worst = max(worst, bench("Landlord's Game 1904 (40 spaces)", lambda: movement_for(rs), jail))
    # every other ruleset in data/ (one line per distinct chain)
    seen: list[L.Movement] = [movement_for(rs)]
    for rid in ruleset_ids():
        other = load_ruleset(rid)
        m = movement_for(other)
        if any(dataclasses.replace(m, name="") == dataclasses.replace(s, name="") for s in seen):
            continue
        seen.append(m)
        for jail in L.JAIL_MODES:
            worst = max(worst, bench(f"{rid} ({len(other.board.spaces)} spaces)",
                                     functools.partial(movement_for, other), jail))
    try:
        sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
        from monopoly_reference import available, monopoly_reference

        if available():
            for jail in L.JAIL_MODES:
                worst = max(worst, bench("Monopoly US (40 spaces, cards)", lambda: monopoly_reference()[1], jail))
    except ImportError:
        pass
    print(f"worst median: {worst:.2f} ms")
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
