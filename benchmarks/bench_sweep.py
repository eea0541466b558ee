"""Sweep benchmarks: prints figures (not a timed test). Run from the checkout root:

    python3 benchmarks/bench_sweep.py            # everything (about 3 minutes on an idle 2-core machine)
    python3 benchmarks/bench_sweep.py --quick    # smaller sweeps, for a smoke run

Figures: wall time of 10,000 four-player Magie 1904 games on 2 workers (target <= 10 s);
speed-up from 1 to 2 workers (target >= 1.8x); peak memory (RSS of the parent plus every
worker process, sampled every 50 ms; PSS too, which counts pages the forked workers share
once) of a 100,000-game summary sweep run by the `landlord sweep` command in a fresh process
(target < 500 MB); Dask LocalCluster against local processes on the same sweep. The machine
may be shared: load averages are printed, rounds are interleaved and the best is kept, and the
CPU seconds per game show the sweep's own cost apart from contention.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd
import psutil
import pyarrow.parquet as pq

from landlord.runs.scenario import Scenario, scenario_from_dict
from landlord.runs.sweep import run_sweep


def scenario(games: int, seed: int = 2026) -> Scenario:
    """One cell: Magie 1904, four players, the three bots cycled over the seats."""
    return scenario_from_dict({"scenario": {
        "title": "benchmark", "ruleset": "magie-1904", "players": 4,
        "strategies": ["landlord", "tenant", "speculator"], "games": games, "seed": seed,
    }})


class Monitor:
    """Samples, in a thread, the summed RSS (and PSS) of this process and all its descendants,
    and the CPU seconds each descendant has used (so contention from other jobs on the machine
    can be told apart from the sweep's own cost)."""

    def __init__(self, every: float = 0.05, root: int | None = None) -> None:
        self.every, self.peak, self.peak_procs, self.peak_pss, self.peak_root = every, 0, 0, 0, 0
        self.cpu: dict[int, float] = {}
        self.root = root
        self._stop = threading.Event()
        self._me = psutil.Process(root)
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.is_set():
            total, pss, n = 0, 0, 0
            try:
                family = [self._me, *self._me.children(recursive=True)]
            except psutil.Error:
                break
            for p in family:
                try:
                    if p.pid != self._me.pid or self.root is not None:
                        t = p.cpu_times()
                        self.cpu[p.pid] = t.user + t.system
                    info = p.memory_full_info()  # rss counts shared pages in every process; pss shares them out
                    total += info.rss
                    if p.pid == self._me.pid:
                        self.peak_root = max(self.peak_root, info.rss)
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


def digest(frame: pd.DataFrame) -> int:
    """A checksum of a frame's values (to compare results across processes)."""
    return int(pd.util.hash_pandas_object(frame, index=False).sum())


def children_cpu() -> float:
    """CPU seconds of this process's finished (reaped) child processes."""
    ru = resource.getrusage(resource.RUSAGE_CHILDREN)
    return ru.ru_utime + ru.ru_stime


def dask_child(n: int) -> None:
    """Start a LocalCluster, warm it, time one sweep of ``n`` games on it; print JSON."""
    from distributed import Client, LocalCluster

    t = time.perf_counter()
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        start = time.perf_counter() - t
        run_sweep(scenario(400, seed=1), scheduler=client)  # the workers import the kit once
        t = time.perf_counter()
        games = run_sweep(scenario(n), scheduler=client).games
        sweep = time.perf_counter() - t
    print(json.dumps({"start": start, "sweep": sweep, "digest": digest(games)}))


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--dask-child":
        dask_child(int(sys.argv[2]))
        return
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--quick", action="store_true", help="smaller sweeps")
    ap.add_argument("--rounds", type=int, default=3, help="interleaved rounds for sections 1-2 (best is kept)")
    ap.add_argument("--no-dask", action="store_true", help="leave Dask out of sections 1-2")
    ap.add_argument("--no-memory", action="store_true", help="skip section 3 (the 100,000-game sweep)")
    ap.add_argument("--memory-only", action="store_true", help="only section 3 (the 100,000-game sweep)")
    args = ap.parse_args()
    n = 2000 if args.quick else 10_000
    big = 10_000 if args.quick else 100_000
    print(f"machine: {os.cpu_count()} cores (other jobs may share them: see the load averages), "
          f"load average {os.getloadavg()[0]:.2f} at start; "
          f"python {sys.version.split()[0]}, pandas {pd.__version__}")
    if not args.memory_only:
        speed(args, n)
    if not args.no_memory:
        memory(big)


def speed(args: argparse.Namespace, n: int) -> None:
    """Sections 1-2: one worker, two local processes, Dask."""

    print(f"\n1-2. {n:,} four-player Magie 1904 games: 1 worker, 2 local processes, Dask LocalCluster "
          f"(interleaved, best of {args.rounds})")
    s = scenario(n)
    best = {"one": float("inf"), "two": float("inf"), "dask": float("inf"), "start": float("inf")}
    digests: dict[str, int] = {}
    cpu_one = cpu_two = wall_one = wall_two = 0.0
    for r in range(args.rounds):
        c = time.process_time()
        t = time.perf_counter()
        digests["one"] = digest(run_sweep(s, workers=1).games)
        best["one"] = min(best["one"], time.perf_counter() - t)
        wall_one += time.perf_counter() - t
        cpu_one += time.process_time() - c
        before = children_cpu()
        t = time.perf_counter()
        digests["two"] = digest(run_sweep(s, workers=2).games)
        best["two"] = min(best["two"], time.perf_counter() - t)
        wall_two += time.perf_counter() - t
        cpu_two += children_cpu() - before
        if args.no_dask:
            print(f"  round {r + 1}: load average {os.getloadavg()[0]:.2f}", flush=True)
            continue
        # Dask in its own process: its client threads would make this one use the fork server
        child = subprocess.run([sys.executable, __file__, "--dask-child", str(n)], capture_output=True,
                               text=True, check=True)
        got = json.loads(child.stdout.strip().splitlines()[-1])
        best["dask"] = min(best["dask"], got["sweep"])
        best["start"] = min(best["start"], got["start"])
        digests["dask"] = got["digest"]
        print(f"  round {r + 1}: load average {os.getloadavg()[0]:.2f}", flush=True)
    one, two, dask = best["one"], best["two"], best["dask"]
    print(f"  {'1 worker (in this process)':<58} {one:7.2f} s")
    print(f"  {'2 local worker processes (pool start-up included)':<58} {two:7.2f} s")
    same = len(set(digests.values())) == 1
    if args.no_dask:
        print(f"  speed-up 1 -> 2 workers: {one / two:.2f}x;  identical rows: {same}")
    else:
        print(f"  {'Dask LocalCluster, 2 workers, on the running cluster':<58} {dask:7.2f} s")
        print(f"  {'Dask LocalCluster start-up':<58} {best['start']:7.2f} s")
        print(f"  speed-up 1 -> 2 workers: {one / two:.2f}x;  Dask / local processes: {dask / two:.2f}x "
              f"({dask - two:+.2f} s on the running cluster);  identical rows on all three: {same}")
    print(f"  CPU per game: {cpu_one / args.rounds / n * 1000:.2f} ms in this process (1 worker), "
          f"{cpu_two / args.rounds / n * 1000:.2f} ms in the 2 workers; "
          f"on an idle 2-core machine that is about {cpu_two / args.rounds / 2:.1f} s of wall for {n:,} games")
    print(f"  share of the cores the sweep got: 1 worker {cpu_one / wall_one:.0%} of one core, "
          f"2 workers {cpu_two / wall_two / 2:.0%} of two (below 100%: other jobs were using them)")


def memory(big: int) -> None:
    """Section 3: peak memory of a big summary sweep run by the command line."""
    print(f"\n3. {big:,}-game summary sweep: `landlord sweep --workers 2 --out` in a fresh process "
          f"(peak memory of it and every worker)")
    with tempfile.TemporaryDirectory() as d:
        toml = Path(d) / "big.toml"
        toml.write_text(f'[scenario]\nruleset = "magie-1904"\nplayers = 4\ngames = {big}\nseed = 3\n')
        out = Path(d) / "big.parquet"
        root = Path(__file__).resolve().parents[1]
        t = time.perf_counter()
        proc = subprocess.Popen([sys.executable, "-m", "landlord", "sweep", str(toml), "--workers", "2",
                                 "--out", str(out)], cwd=root, stdout=subprocess.DEVNULL)
        with Monitor(root=proc.pid) as mem:
            proc.wait()
        wall = time.perf_counter() - t
        size = out.stat().st_size
        n_rows = pq.read_metadata(out).num_rows
    print(f"  wall {wall:.1f} s; workers' CPU {mem.worker_cpu:.1f} s ({mem.worker_cpu / big * 1000:.2f} ms per game)")
    print(f"  peak RSS summed over {mem.peak_procs} processes: {mem.peak / 2**20:.0f} MB; "
          f"peak PSS (shared pages counted once): {mem.peak_pss / 2**20:.0f} MB; "
          f"the parent alone at most {mem.peak_root / 2**20:.0f} MB RSS; "
          f"Parquet {size / 2**20:.1f} MB, {n_rows:,} rows")
    print(f"\nload average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
