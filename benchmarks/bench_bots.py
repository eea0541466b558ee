"""Benchmark: four-bot games of each rules family on one core, in CPU time.

Prints player-moves per CPU-second for each ruleset given (default: one of each family), the
bots landlord, speculator, tenant, landlord (seeds 0..games-1, event log off). A player-move is
one player's turn (``Game.turn``). Use it to compare two checkouts, alternating runs:

    python3 benchmarks/bench_bots.py [ruleset=games ...]
    python3 benchmarks/bench_bots.py monopoly=500 magie-1906=250 british-1913-sequence=20
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.loader import load_ruleset
from landlord.runs.simulate import play_one

SEATS = ("landlord", "speculator", "tenant", "landlord")
DEFAULT = ("magie-1904=1000", "monopoly=500", "magie-1906=250", "british-1913-sequence=20")


def bench(ruleset: str, games: int) -> tuple[float, int]:
    """CPU seconds of this process for ``games`` games of ``ruleset``, and their player-moves."""
    rs = load_ruleset(ruleset)
    moves = 0
    t0 = time.process_time()
    for seed in range(games):
        moves += play_one(rs, SEATS, seed).turn
    return time.process_time() - t0, moves


def main() -> None:
    for arg in sys.argv[1:] or DEFAULT:
        ruleset, _, n = arg.partition("=")
        cpu, moves = bench(ruleset, int(n or 100))
        print(f"{ruleset:24} {int(n or 100):>5} games  {cpu:6.2f} s CPU  {moves / cpu:>9,.0f} player-moves/s  "
              f"({moves:,} moves)", flush=True)


if __name__ == "__main__":
    main()
