"""Side by side: the kit's Monopoly and the public simulator ``gamescomputersplay/monopoly``.

    python3 benchmarks/bench_vs_simulator.py PATH-TO-SIMULATOR-CHECKOUT [rounds] [games-per-round]

Both run in this one process, on one core, in alternating rounds (kit, simulator, kit, ...;
200 games a round and 10 rounds each unless told), timed in CPU seconds of this process
(``time.process_time``), so other programs on a busy machine cost neither side. Logs are off on
both: the kit plays with ``log=False`` (ledger totals only); the simulator with
``LogSettings.KEEP_GAME_LOG = False`` and its bankruptcies file switched off too (its
``Log`` objects are made disabled), so neither writes anything.

The simulator's code has no licence: it is never copied into this repository. Bring it with
``git clone https://github.com/gamescomputersplay/monopoly`` (measured at commit 7c4df31) into
a folder outside this repository and give its path.

**A player-move** is one player's turn: on the kit, one ``g.turn`` (a throw and its move, any
doubles thrown again in the same turn counted once, a Jail turn counted once); on the
simulator, one call of ``Player.make_a_move`` from the game's turn loop (it plays doubles by
calling itself again: those inner calls are not counted, so doubles count once there too).
The simulator's moves are counted in a separate, untimed pass over the same seeds (its games
are seeded, so the pass plays the same games), so counting costs it nothing in the timed runs.

The kit plays its full rules (auctions, trades, asking for rent, building and its shortages,
mortgages) with its bots landlord, speculator, tenant, landlord; seeds 0, 1, 2, ... . The
simulator plays its own defaults (four players, trades, building, mortgages, no auctions, its
"all richer than $5,000" end) with seeds drawn as its ``scripts/simulate.py`` draws them.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.loader import load_ruleset
from landlord.players.characters import make_strategy
from landlord.rules.families import FamilyGame

SEATS = ("landlord", "speculator", "tenant", "landlord")


def kit_round(first_seed: int, games: int) -> tuple[float, int]:
    """Play ``games`` kit games from ``first_seed``; (CPU seconds, player-moves)."""
    rs = load_ruleset("monopoly")
    moves = 0
    t0 = time.process_time()
    for seed in range(first_seed, first_seed + games):
        g = FamilyGame(rs, [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(SEATS)], seed, log=False)
        g.run()
        moves += g.turn
    return time.process_time() - t0, moves


def load_simulator(path: Path) -> tuple[Callable[[tuple[int, int]], None], Callable[[list[tuple[int, int]]], int]]:
    """Import the simulator from its checkout with its logs off; (play one game, count moves)."""
    if not (path / "monopoly" / "core" / "game.py").is_file():
        sys.exit(f"{path}: not a checkout of gamescomputersplay/monopoly (no monopoly/core/game.py)")
    sys.path.insert(0, str(path))
    import monopoly.core.game as sim_game
    from monopoly.core.player import Player
    from monopoly.log import Log
    from monopoly.log_settings import LogSettings

    LogSettings.KEEP_GAME_LOG = False
    # Its bankruptcies log is always on and appends to a file after each game: make every Log
    # the game creates a disabled one, so that neither side writes anything.
    sim_game.Log = lambda *a, **k: Log(*a, **{**k, "disabled": True})
    play = sim_game.monopoly_game

    def count(seeds: list[tuple[int, int]]) -> int:
        """Play the games again with a counter on the turn loop's calls of make_a_move."""
        inner = Player.make_a_move
        state = {"depth": 0, "moves": 0}

        def counted(self: Any, *args: Any) -> Any:
            if state["depth"] == 0:
                state["moves"] += 1
            state["depth"] += 1
            try:
                return inner(self, *args)
            finally:
                state["depth"] -= 1

        Player.make_a_move = counted
        try:
            for s in seeds:
                play(s)
        finally:
            Player.make_a_move = inner
        return state["moves"]

    return play, count


def main() -> None:
    if len(sys.argv) < 2:
        sys.exit(__doc__.split("\n\n")[1])
    path = Path(sys.argv[1]).resolve()
    rounds = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    per = int(sys.argv[3]) if len(sys.argv) > 3 else 200
    play, count = load_simulator(path)
    master = random.Random(0)
    sim_seeds = [(i + 1, master.getrandbits(32)) for i in range(rounds * per)]
    kit_round(10**6, 5)  # warm up: load the ruleset and board tables once
    for s in sim_seeds[:5]:
        play(s)

    print(f"{rounds} alternating rounds of {per} games each side, one process, one core, CPU time, logs off")
    kit: dict[str, float] = {"cpu": 0.0, "moves": 0}
    sim: dict[str, float] = {"cpu": 0.0, "moves": 0}
    kit_rates: list[float] = []
    sim_rates: list[float] = []
    for r in range(rounds):
        cpu, moves = kit_round(r * per, per)
        kit["cpu"] += cpu
        kit["moves"] += moves
        kit_rates.append(moves / cpu)
        seeds = sim_seeds[r * per:(r + 1) * per]
        t0 = time.process_time()
        for s in seeds:
            play(s)
        scpu = time.process_time() - t0
        smoves = count(seeds)
        sim["cpu"] += scpu
        sim["moves"] += smoves
        sim_rates.append(smoves / scpu)
        print(f"round {r + 1:2}: kit {moves / cpu:>9,.0f} moves/s  simulator {smoves / scpu:>9,.0f} moves/s  "
              f"ratio {moves / cpu / (smoves / scpu):.2f}", flush=True)

    games = rounds * per
    kit_mps, sim_mps = kit["moves"] / kit["cpu"], sim["moves"] / sim["cpu"]
    kit_gps, sim_gps = games / kit["cpu"], games / sim["cpu"]
    ratios = [k / s for k, s in zip(kit_rates, sim_rates, strict=True)]
    print()
    print(f"{'':10} {'player-moves/CPU-s':>19} {'games/CPU-s':>12} {'moves/game':>11} {'CPU s':>7}")
    print(f"{'kit':10} {kit_mps:>19,.0f} {kit_gps:>12,.1f} {kit['moves'] / games:>11,.1f} {kit['cpu']:>7.1f}")
    print(f"{'simulator':10} {sim_mps:>19,.0f} {sim_gps:>12,.1f} {sim['moves'] / games:>11,.1f} {sim['cpu']:>7.1f}")
    print(f"ratio kit/simulator: {kit_mps / sim_mps:.2f}x per player-move (rounds: median "
          f"{statistics.median(ratios):.2f}, range {min(ratios):.2f}-{max(ratios):.2f}), "
          f"{kit_gps / sim_gps:.2f}x per game")


if __name__ == "__main__":
    main()
