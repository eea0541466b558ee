"""How fast the command line stops: Ctrl-C in simulate and sweep, and the sweep's workers after
``kill -9`` of their parent (wall-clock seconds; tests/test_cli_hard.py holds the limits: 2 s
and 5 s).

    python3 benchmarks/bench_interrupts.py [repeats]

Each run starts ``python -m landlord`` in its own process group, waits until its workers are
playing, then sends SIGINT to the group (as a terminal's Ctrl-C does) or SIGKILL to the parent
alone, and times until the parent (or every worker) is gone.
"""

from __future__ import annotations

import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import psutil

SCENARIO = '[scenario]\nruleset = "magie-1904"\ngames = 20000\nseed = 7\n[grid]\nwages = [100, 150]\n'


def _start(argv: list[str]) -> tuple[subprocess.Popen[bytes], list[psutil.Process]]:
    proc = subprocess.Popen([sys.executable, "-m", "landlord", *argv], stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True)
    workers = "--workers" in argv and argv[argv.index("--workers") + 1] != "1"
    end = time.monotonic() + 30
    kids: list[psutil.Process] = []
    while time.monotonic() < end:
        kids = psutil.Process(proc.pid).children(recursive=True)
        if not workers or len(kids) >= 2:
            break
        time.sleep(0.1)
    time.sleep(2.0)  # playing
    return proc, kids


def ctrl_c(argv: list[str]) -> float:
    """Seconds from SIGINT to the group until the command has exited."""
    proc, _ = _start(argv)
    t0 = time.monotonic()
    os.killpg(proc.pid, signal.SIGINT)
    proc.wait(30)
    return time.monotonic() - t0


def parent_killed(argv: list[str]) -> float:
    """Seconds from kill -9 of the parent until its last worker has exited."""
    proc, kids = _start(argv)
    t0 = time.monotonic()
    proc.kill()
    proc.wait(10)
    _, alive = psutil.wait_procs(kids, timeout=60)
    if alive:
        return float("inf")
    return time.monotonic() - t0


def main(repeats: int = 3) -> None:
    """Print the median and the worst of ``repeats`` runs of each case."""
    with tempfile.TemporaryDirectory() as tmp:
        scenario = Path(tmp) / "s.toml"
        scenario.write_text(SCENARIO)
        n = iter(range(10_000))
        cases = {
            "simulate, 1 worker, Ctrl-C": lambda: ctrl_c(["simulate", "--games", "100000", "--workers", "1"]),
            "simulate, 2 workers, Ctrl-C": lambda: ctrl_c(["simulate", "--games", "100000", "--workers", "2"]),
            "sweep, 2 workers, Ctrl-C": lambda: ctrl_c(["sweep", str(scenario), "--workers", "2",
                                                        "--out", f"{tmp}/r{next(n)}.parquet"]),
            "sweep, 2 workers, kill -9 parent": lambda: parent_killed(["sweep", str(scenario), "--workers", "2",
                                                                       "--out", f"{tmp}/k{next(n)}.parquet"]),
        }
        print(f"{'case':<36} {'median s':>9} {'worst s':>8}  ({repeats} runs, wall clock)")
        for name, case in cases.items():
            times = [case() for _ in range(repeats)]
            print(f"{name:<36} {statistics.median(times):>9.2f} {max(times):>8.2f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 3)
