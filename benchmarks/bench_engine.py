"""Benchmark: four-player Magie 1904 bot games, one process and all cores.

Prints games/s and player-moves/s (a player-move is one player's turn) for 1,000 and 10,000
games. Run:  python benchmarks/bench_engine.py
Target (issue 2): 10,000 four-player games in <= 10 s wall on a 2-core machine.
"""

from __future__ import annotations

import os
import time

from landlord.runs.simulate import simulate

BOTS = ("landlord", "tenant", "speculator", "landlord")


def measure(games: int, workers: int) -> None:
    t0 = time.perf_counter()
    rows = list(simulate("magie-1904", BOTS, range(games), workers=workers))
    wall = time.perf_counter() - t0
    moves = sum(r["turns"] for r in rows)
    print(f"{games:>6} games  {workers} worker(s)  {wall:6.2f} s wall  "
          f"{games / wall:8.0f} games/s  {moves / wall:10.0f} player-moves/s")


def main() -> None:
    cores = os.cpu_count() or 1
    print(f"machine: {cores} cores; four-player Magie 1904 (landlord, tenant, speculator, landlord)")
    for games in (1_000, 10_000):
        measure(games, 1)
        measure(games, cores)


if __name__ == "__main__":
    main()
