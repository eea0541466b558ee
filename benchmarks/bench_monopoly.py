"""Benchmark: 1,000 full four-bot Monopoly games on one core, with and without the event log.

Prints player-moves per CPU-second and games per CPU-second. A player-move is one player's turn
(a throw and its move, with any doubles thrown again in the same turn counted once; a Jail turn
counts as one).

    python3 benchmarks/bench_monopoly.py [games] [ruleset]
    python3 benchmarks/bench_monopoly.py [games] [ruleset] --old [rounds]

The bots are landlord, speculator, tenant, landlord (seats in that order); seeds 0..games-1.
With ``--old``: the same seats played by the kit's players and by the scripts they replaced
(``studies/frozen_monopoly_bots.py``, through ``studies/players_head_to_head.py``'s ``Old``), alternating ``rounds``
times (3 unless given) in one run, without the event log, so both see the same load.
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


def against_old(games: int, ruleset: str, rounds: int) -> None:
    """Print player-moves per CPU-second of the kit's players and of the old scripts, played
    alternately ``rounds`` times over seeds 0..games-1."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "studies"))
    from players_head_to_head import Old

    from landlord.engine.strategies import Strategy
    from landlord.players.characters import make_strategy
    from landlord.rules.families import FamilyGame

    rs = load_ruleset(ruleset)
    for new in (True, False):  # the caches every game shares (landing odds, board tables) filled first
        FamilyGame(rs, [make_strategy(s) if new else Old(s, rs.family) for s in SEATS], games, log=False).run()
    cpu = {True: 0.0, False: 0.0}
    turns = {True: 0, False: 0}
    for _ in range(rounds):
        for new in (True, False):
            t0 = time.process_time()
            for seed in range(games):
                bots: list[Strategy] = [make_strategy(s) if new else Old(s, rs.family) for s in SEATS]
                g = FamilyGame(rs, bots, seed, log=False)
                g.run()
                turns[new] += g.turn
            cpu[new] += time.process_time() - t0
    print(f"{games} games of {ruleset!r} ({', '.join(SEATS)}) x {rounds} rounds, alternating, CPU time")
    for new in (True, False):
        print(f"{'new players' if new else 'old scripts':12} {turns[new] / cpu[new]:>10,.0f} player-moves/s "
              f"({turns[new]:,} moves in {cpu[new]:.1f} s)")
    print(f"CPU a move, new / old: {cpu[True] / turns[True] / (cpu[False] / turns[False]):.2f}x")


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    ruleset = sys.argv[2] if len(sys.argv) > 2 else "monopoly"
    if "--old" in sys.argv:
        at = sys.argv.index("--old")
        against_old(games, ruleset, int(sys.argv[at + 1]) if len(sys.argv) > at + 1 else 3)
        return
    print(f"{games} full four-bot games of {ruleset!r} ({', '.join(SEATS)}), one core, CPU time")
    for log in (False, True):
        r = bench(games, ruleset, log)
        print(f"log={log!s:5}  {r['moves_per_s']:>10,.0f} player-moves/s  {r['games_per_s']:>8,.1f} games/s  "
              f"({r['turns']:,} moves in {r['cpu_s']:.1f} s; mean {r['mean_rounds']:.1f} rounds; "
              + ", ".join(f"{k} {v}" for k, v in r.items() if k.startswith("end:")) + ")")


if __name__ == "__main__":
    main()
