"""Benchmark: 1,000 full four-bot Monopoly games on one core, with and without the event log.

Prints player-moves per CPU-second and games per CPU-second. A player-move is one player's turn
(a throw and its move, with any doubles thrown again in the same turn counted once; a Jail turn
counts as one).

    python3 benchmarks/bench_monopoly.py [games] [ruleset]

The bots are landlord, speculator, tenant, landlord (seats in that order); seeds 0..games-1.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.loader import load_ruleset
from landlord.runs.simulate import play_one

SEATS = ("landlord", "speculator", "tenant", "landlord")


def bench(games: int, ruleset: str, log: bool) -> dict[str, float]:
    """Play ``games`` games and time them in CPU seconds of this process."""
    rs = load_ruleset(ruleset)
    turns = rounds = 0
    ends: dict[str, int] = {}
    t0 = time.process_time()
    for seed in range(games):
        g = play_one(rs, SEATS, seed, log=log)
        turns += g.turn
        rounds += g.round
        end = g.rules.ended  # type: ignore[attr-defined]
        ends[end] = ends.get(end, 0) + 1
    cpu = time.process_time() - t0
    return {"games": games, "cpu_s": cpu, "turns": turns, "moves_per_s": turns / cpu,
            "games_per_s": games / cpu, "mean_rounds": rounds / games, **{f"end: {k}": v for k, v in ends.items()}}


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    ruleset = sys.argv[2] if len(sys.argv) > 2 else "monopoly"
    print(f"{games} full four-bot games of {ruleset!r} ({', '.join(SEATS)}), one core, CPU time")
    for log in (False, True):
        r = bench(games, ruleset, log)
        print(f"log={log!s:5}  {r['moves_per_s']:>10,.0f} player-moves/s  {r['games_per_s']:>8,.1f} games/s  "
              f"({r['turns']:,} moves in {r['cpu_s']:.1f} s; mean {r['mean_rounds']:.1f} rounds; "
              + ", ".join(f"{k} {v}" for k, v in r.items() if k.startswith("end:")) + ")")


if __name__ == "__main__":
    main()
