"""A fingerprint of the games a ruleset's players play: a hash of the turns, rounds, final counts
and every turn's net worths of seeds 0..N-1, with the lab's default bots and with the lessons'
seats, as printed and (where the ruleset has another phase regime) with the lab's arm B's
switch (``benchmarks/bench_lab.py``'s :func:`arms`). A cut in a player or a rule that changes no
decision leaves it the same: run it from the tree before and after.

    PYTHONPATH=<tree> python3 benchmarks/games_fingerprint.py 100 magie-1906 british-1913-sequence
"""

from __future__ import annotations

import argparse
import hashlib

from landlord.widgets.table import regimes

from landlord.data.loader import load_ruleset
from landlord.engine.phases import parse_switch
from landlord.runs.play import play_one

LAB = ("landlord", "tenant", "speculator", "random")
"""The lab's default bots."""
LESSONS = ("landlord", "tenant", "speculator", "landlord")
"""The lessons' seats."""


def fingerprint(ruleset: str, games: int) -> str:
    """The first 16 hex digits of the hash of ``games`` seeds of each set-up of ``ruleset``."""
    rs = load_ruleset(ruleset)
    other = [v for _, v in regimes(rs)[1:2]]
    switches = [[], [parse_switch(t) for t in other[0]]] if other else [[]]
    h = hashlib.sha256()
    for triggers in switches:
        for seats in (LAB, LESSONS):
            for seed in range(games):
                g = play_one(rs, seats, seed, triggers=triggers, worths=True)
                h.update(repr((g.turn, g.round, g.rules.totals(), g.worths)).encode())
    return h.hexdigest()[:16]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("games", type=int, help="seeds 0..games-1")
    ap.add_argument("rulesets", nargs="+")
    args = ap.parse_args()
    for rid in args.rulesets:
        print(rid, fingerprint(rid, args.games), flush=True)


if __name__ == "__main__":
    main()
