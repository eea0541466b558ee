"""How many rounds each ruleset's games really last with random bots, against its round cap.

Every ruleset's ``max_rounds`` is a safety bound: a game still running then ends and is counted
as it stands. This plays GAMES games per ruleset with the ``random`` bot in every seat, spread
evenly over the player counts from 2 (or the ruleset's least) to 6 (or its most), seeds 0..,
and prints per ruleset: the cap, the longest game, the 99th percentile and the median of the
rounds played, and how many games ran into the cap. The data files state these figures beside
each cap (``[params.max_rounds]`` source).

    python3 benchmarks/round_caps.py            # 300 games per ruleset
    python3 benchmarks/round_caps.py 60         # a quick look

CPU time is reported (process time of this one process; the machine may be shared).
"""

from __future__ import annotations

import statistics
import sys
import time

from landlord.data.loader import load_ruleset, ruleset_ids
from landlord.runs.simulate import play_one

GAMES = 300


def rounds_played(rid: str, games: int) -> tuple[int, list[int], list[int]]:
    """The cap of ruleset ``rid``, the rounds each game lasted, and the player counts played."""
    rs = load_ruleset(rid)
    counts = list(range(max(2, rs.players_min), min(6, rs.players_max) + 1))
    rounds, players = [], []
    for k in range(games):
        n = counts[k % len(counts)]
        game = play_one(rs, ["random"] * n, k)
        rounds.append(game.round)
        players.append(n)
    return rs.values()["max_rounds"], rounds, players


def main(games: int = GAMES) -> None:
    """Print the table (one line per ruleset)."""
    print(f"random bots, {games} games per ruleset, 2-6 players (each ruleset's range), seeds 0..{games - 1}")
    print(f"{'ruleset':<24} {'cap':>5} {'players':>8} {'longest':>8} {'p99':>5} {'median':>7} "
          f"{'at cap':>7} {'cpu s':>6}")
    for rid in ruleset_ids():
        t0 = time.process_time()
        cap, rounds, players = rounds_played(rid, games)
        p99 = statistics.quantiles(rounds, n=100)[98] if len(rounds) > 1 else rounds[0]
        at_cap = sum(1 for r in rounds if r >= cap)
        print(f"{rid:<24} {cap:>5} {min(players)}-{max(players):<6} {max(rounds):>8} {p99:>5.0f} "
              f"{statistics.median(rounds):>7.0f} {at_cap:>7} {time.process_time() - t0:>6.1f}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else GAMES)
