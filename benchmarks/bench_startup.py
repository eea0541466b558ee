"""How long a ``landlord`` command takes to start and refuse a bad argument (issue 27, point 7).

    python3 benchmarks/bench_startup.py [--runs 7] [--against /path/to/another/checkout]

Each command runs as a new process (``python -m landlord.apps.cli ...``, what the ``landlord``
script runs) from a temporary folder, with this checkout first on ``PYTHONPATH``; every one of
them stops at an argument it refuses (or prints the help), so the figure is the start-up alone.
Printed per command: the median and slowest wall time over ``--runs`` runs, and the median CPU
time (user + system) of the process — the fairer figure when other jobs share the cores —
beside a bare ``python -c pass``, ``import landlord.apps.cli`` and ``import landlord.runs.sweep`` (what a
sweep worker started by ``spawn`` imports; the kit forks its workers where it can). ``--against DIR`` times
another checkout's code in the same runs, command by command in turn (e.g. main before a
change). The target: every command under a second before it checks its arguments.

Then a sweep worker's start the three ways Python starts one (:func:`landlord.runs.sweep.start_method`
picks ``fork`` for the command line, ``forkserver`` in a kernel): the CPU seconds a one-worker
pool's worker uses from its start to its first answer, this checkout only.

Prints figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

COMMANDS: list[tuple[str, list[str]]] = [
    ("python -c pass (the interpreter alone)", ["-c", "pass"]),
    ("import landlord.apps.cli", ["-c", "import landlord.apps.cli"]),
    ("import landlord.runs.sweep (a spawned worker)", ["-c", "import landlord.runs.sweep"]),
    ("landlord --help", ["-m", "landlord.apps.cli", "--help"]),
    ("landlord chart --bad-arg", ["-m", "landlord.apps.cli", "chart", "--bad-arg"]),
    ("landlord chart wealth --out x.txt", ["-m", "landlord.apps.cli", "chart", "wealth", "--out", "x.txt"]),
    ("landlord chart final-gini --out x.png", ["-m", "landlord.apps.cli", "chart", "final-gini", "--out", "x.png"]),
    ("landlord simulate --games 0", ["-m", "landlord.apps.cli", "simulate", "--games", "0"]),
    ("landlord simulate --out x.txt", ["-m", "landlord.apps.cli", "simulate", "--out", "x.txt"]),
    ("landlord sweep (no scenario)", ["-m", "landlord.apps.cli", "sweep"]),
    ("landlord serve --port 0", ["-m", "landlord.apps.cli", "serve", "--port", "0"]),
    ("landlord class --bad-arg", ["-m", "landlord.apps.cli", "class", "--bad-arg"]),
]
"""What is timed: a label, and the interpreter's arguments."""


def run_once(args: list[str], root: Path, cwd: Path) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one ``python ARGS`` with ``root`` first on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(root), *[
        p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p and Path(p).resolve() != ROOT]])}
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.monotonic()
    subprocess.run([sys.executable, *args], cwd=cwd, env=env, stdout=subprocess.DEVNULL,
                   stderr=subprocess.DEVNULL, check=False)
    wall = time.monotonic() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def worker_start(method: str) -> float:
    """CPU seconds of one worker started by ``method`` until it answers a first (empty) task."""
    from landlord.runs.pool import make_pool
    from landlord.runs.sweep import PRELOAD, start_method

    ctx = multiprocessing.get_context(method)
    if method == "forkserver":
        ctx.set_forkserver_preload(PRELOAD)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    pool = make_pool(1, ctx)
    pool.submit(start_method).result()
    pool.shutdown()
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--against", type=Path, help="another checkout to time in the same runs")
    args = ap.parse_args()
    trees = [("this checkout", ROOT)] + ([("--against", args.against.resolve())] if args.against else [])
    print(f"{os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at start; {args.runs} runs a command"
          + (f"; --against {args.against}" if args.against else ""))
    if os.environ.get("PYTHONDONTWRITEBYTECODE"):
        print("PYTHONDONTWRITEBYTECODE is set: Python keeps no compiled modules, so every import here compiles "
              "its source (an installed kit has them); unset it for the figures a user sees")
    print(f"{'command':<46} {'code':<14} {'wall median':>11} {'slowest':>8} {'CPU median':>10}")
    with tempfile.TemporaryDirectory(prefix="bench-startup-") as tmp:
        for label, cmd in COMMANDS:
            walls: dict[str, list[float]] = {name: [] for name, _ in trees}
            cpus: dict[str, list[float]] = {name: [] for name, _ in trees}
            for _ in range(args.runs):
                for name, root in trees:  # in turn, so both see the same load
                    wall, cpu = run_once(cmd, root, Path(tmp))
                    walls[name].append(wall)
                    cpus[name].append(cpu)
            for name, _ in trees:
                print(f"{label:<46} {name:<14} {statistics.median(walls[name]):10.2f}s "
                      f"{max(walls[name]):7.2f}s {statistics.median(cpus[name]):9.3f}s")
    sys.path.insert(0, str(ROOT))
    for method in ("fork", "forkserver", "spawn"):
        if method in multiprocessing.get_all_start_methods():
            cpu = statistics.median(worker_start(method) for _ in range(args.runs))
            print(f"a sweep worker started by {method:<11} to its first answer: CPU median {cpu:.3f}s"
                  + (" (after its fork server imported the kit once)" if method == "forkserver" else ""))
    print(f"load average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
