"""Sweep benchmarks: prints figures (not a timed test). Run from the checkout root:

    python3 benchmarks/bench_sweep.py            # everything (about 3 minutes on 2 cores)
    python3 benchmarks/bench_sweep.py --quick    # smaller sweeps, for a smoke run

Figures: wall time of 10,000 four-player Magie 1904 games on 2 workers (target <= 10 s);
speed-up from 1 to 2 workers (target >= 1.8x); peak memory (RSS of the parent plus every
worker process, sampled every 50 ms) of a 100,000-game summary sweep written to Parquet
(target < 500 MB); Dask LocalCluster against local processes on the same sweep.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd
import psutil

from landlord.scenario import Scenario, scenario_from_dict
from landlord.sweep import run_sweep


def scenario(games: int, seed: int = 2026) -> Scenario:
    """One cell: Magie 1904, four players, the three bots cycled over the seats."""
    return scenario_from_dict({"scenario": {
        "title": "benchmark", "ruleset": "magie-1904", "players": 4,
        "strategies": ["landlord", "tenant", "speculator"], "games": games, "seed": seed,
    }})


def timed(label: str, fn, repeat: int = 1) -> tuple[float, object]:  # type: ignore[no-untyped-def]
    """Best wall time of ``repeat`` runs of ``fn`` (the result of the last)."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t)
    print(f"  {label:<58} {best:7.2f} s", flush=True)
    return best, result


class Monitor:
    """Samples, in a thread, the summed RSS (and PSS) of this process and all its descendants,
    and the CPU seconds each descendant has used (so contention from other jobs on the machine
    can be told apart from the sweep's own cost)."""

    def __init__(self, every: float = 0.05) -> None:
        self.every, self.peak, self.peak_procs, self.peak_pss = every, 0, 0, 0
        self.cpu: dict[int, float] = {}
        self._stop = threading.Event()
        self._me = psutil.Process()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            total, pss, n = 0, 0, 0
            for p in [self._me, *self._me.children(recursive=True)]:
                try:
                    if p.pid != self._me.pid:
                        t = p.cpu_times()
                        self.cpu[p.pid] = t.user + t.system
                    info = p.memory_full_info()  # rss counts shared pages in every process; pss shares them out
                    total += info.rss
                    pss += info.pss
                    n += 1
                except psutil.Error:
                    pass
            if total > self.peak:
                self.peak, self.peak_procs = total, n
            self.peak_pss = max(self.peak_pss, pss)
            time.sleep(self.every)

    @property
    def worker_cpu(self) -> float:
        """CPU seconds used by the descendants seen (up to the last sample)."""
        return sum(self.cpu.values())

    def __enter__(self) -> Monitor:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join()


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="smaller sweeps")
    args = ap.parse_args()
    n = 2000 if args.quick else 10_000
    big = 10_000 if args.quick else 100_000
    print(f"machine: {os.cpu_count()} cores (other jobs may share them: see the load averages), "
          f"load average {os.getloadavg()[0]:.2f} at start; "
          f"python {sys.version.split()[0]}, pandas {pd.__version__}")

    print(f"\n1. {n:,} four-player Magie 1904 games (best of 3)")
    s = scenario(n)
    t1, r1 = timed("1 worker (in this process)", lambda: run_sweep(s, workers=1), repeat=3)
    with Monitor() as mon:
        t2, r2 = timed("2 worker processes (forkserver, started inside the timing)",
                       lambda: run_sweep(s, workers=2), repeat=3)
    same = r1.games.equals(r2.games)  # type: ignore[attr-defined]
    print(f"  per game on one core: {t1 / n * 1000:.2f} ms;  speed-up 1 -> 2 workers: {t1 / t2:.2f}x;"
          f"  identical rows: {same}")
    print(f"  workers' CPU over the 3 runs: {mon.worker_cpu:.1f} s = {mon.worker_cpu / 3 / n * 1000:.2f} ms per game"
          f" (1-worker run: {t1 / n * 1000:.2f} ms per game of wall)")

    print(f"\n2. Dask LocalCluster (2 worker processes, 1 thread each, loopback) on the same {n:,} games")
    from distributed import Client, LocalCluster

    t = time.perf_counter()
    cluster = LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                           dashboard_address=None)
    client = Client(cluster)
    start = time.perf_counter() - t
    print(f"  {'cluster start-up':<58} {start:7.2f} s")
    run_sweep(scenario(400, seed=1), scheduler=client)  # warm the workers' imports
    td, rd = timed("sweep on the running cluster (best of 3)", lambda: run_sweep(s, scheduler=client), repeat=3)
    client.close()
    cluster.close()
    print(f"  Dask / local processes: {td / t2:.2f}x the wall time ({td - t2:+.2f} s);"
          f"  identical rows: {rd.games.equals(r2.games)}")  # type: ignore[attr-defined]

    print(f"\n3. {big:,}-game summary sweep, 2 workers, written to Parquet (peak RSS of parent + workers)")
    base = psutil.Process().memory_info().rss
    with tempfile.TemporaryDirectory() as d, Monitor() as mem:
        out = Path(d) / "big.parquet"
        _, rb = timed("wall time", lambda: run_sweep(scenario(big, seed=3), workers=2, out=out))
        size = out.stat().st_size
    print(f"  workers' CPU: {mem.worker_cpu:.1f} s ({mem.worker_cpu / big * 1000:.2f} ms per game)")
    print(f"  peak RSS summed over {mem.peak_procs} processes: {mem.peak / 2**20:.0f} MB "
          f"(PSS, shared pages counted once: {mem.peak_pss / 2**20:.0f} MB) "
          f"(parent alone before the sweep: {base / 2**20:.0f} MB); Parquet file {size / 2**20:.1f} MB;"
          f" {len(rb.games):,} rows")  # type: ignore[attr-defined]
    print(f"\nload average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
