"""How the Gini of the counts moves at the moment the single tax comes in (lesson 2's "Why the
Gini chart can jump at the vote"), over seeded bot games.

    python3 studies/magie1906_switch_jump.py [--games 300] [--at round:15]

Plays the 1906 game with the bots landlord, tenant, speculator, landlord and the single tax
switched in at ``--at`` (lesson 2's table uses ``round:15``), and compares the Gini (population
form) of the counts at the end of the last turn under the landlord rules with the one at the
end of the first turn under the single tax. Prints how many games it went up, down or stayed,
and the mean change. Results, not lessons: they depend on the bots and the reconstructed rules.
"""

from __future__ import annotations

import argparse
import itertools
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # this checkout's landlord

from landlord.data.loader import load_ruleset
from landlord.engine.game import Snapshot
from landlord.engine.inequality import gini
from landlord.engine.phases import parse_trigger
from landlord.runs.simulate import play_one, seat_strategies

BOTS = seat_strategies(["landlord", "tenant", "speculator"], 4)


def jump(seed: int, at: str) -> float | None:
    """The change of the Gini across the switch in one game (None if it never switched)."""
    g = play_one(load_ruleset("magie-1906"), BOTS, seed, log=True, triggers=[parse_trigger(at, "single_tax")])
    snaps = g.snapshots or []
    for before, after in itertools.pairwise(snaps):
        if before.phase != "single_tax" and after.phase == "single_tax":
            return count_gini(after) - count_gini(before)
    return None


def count_gini(snap: Snapshot) -> float:
    """The Gini (population form) of a snapshot's counts, a count below zero as 0."""
    return gini([max(0, c.total) for c in snap.rows], "population")


def main() -> None:
    """Print the counts of up, down and unchanged jumps."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=300)
    ap.add_argument("--at", default="round:15")
    args = ap.parse_args()
    out = [d for d in (jump(s, args.at) for s in range(args.games)) if d is not None]
    up = sum(d > 1e-9 for d in out)
    down = sum(d < -1e-9 for d in out)
    print(f"{len(out)} of {args.games} games switched at {args.at}: Gini up in {up}, down in {down}, "
          f"unchanged in {len(out) - up - down}; mean change {statistics.fmean(out):+.3f} "
          f"(sd {statistics.stdev(out):.3f})")


if __name__ == "__main__":
    main()
