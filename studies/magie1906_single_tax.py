"""Measure Magie's rent-versus-single-tax phases over seeded bot games and print a table.

    python3 studies/magie1906_single_tax.py [--games 1000] [--workers 2]

For each ruleset and each way of putting the single tax in force (never, from turn 1, voted by
the bots' voting rule, at a fixed turn) it plays the same seeds with the same bots (landlord,
tenant, speculator, landlord) and reports: the mean Gini of the final counts (population form
Σ|xi−xj|/2n²μ, and the sample form ×n/(n−1); debts count as 0) with its standard deviation
across games, the share of players ending the game in the Poor House (and, for 1906, the share
that went there at least once), the share ending on a Natural Opportunity, how many games
switched and when, mean game length, the money paid between players for cards per game (the 1906
card market: flow ``land_sold``) and the debts between players and unpaid expenses still owed at
the end per game (1906), and the wall time. ``--rulesets`` limits the run to some rulesets.
Results, not lessons: the numbers depend on the bots and on the reconstructed rules.
"""

from __future__ import annotations

import argparse
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.count import winners
from landlord.engine.inequality import gini
from landlord.engine.phases import parse_trigger
from landlord.runs.simulate import play_one, seat_strategies

BOTS = seat_strategies(["landlord", "tenant", "speculator"], 4)


def one(job: tuple[str, str, int]) -> dict[str, Any]:
    """Play one game and summarise it."""
    ruleset, when, seed = job
    trig = [] if when == "never" else [parse_trigger(when, "single_tax")]
    g = play_one(load_ruleset(ruleset), BOTS, seed, triggers=trig)
    rows = g.results()
    rules: Any = g.rules  # debts: the 1906 state's (Rule 12)
    totals = [c.total for c in rows]
    return {
        "gini_pop": gini(totals, "population"), "gini_sample": gini(totals, "sample"),
        "end_poor": sum(c.where == "poorhouse" for c in rows),
        "ever_poor": sum(getattr(pl, "poorhouse_visits", 0) > 0 for pl in g.players),
        "end_natural": sum(c.where == "natural_opportunity" for c in rows),
        "switch": g.switches[0][0] if g.switches else None, "turns": g.turn,
        "seat0_first": 0 in winners(rows), "players": len(rows),
        "market": g.ledger.flows.get(flows.LAND_SOLD, 0),
        # debts still owed between players exist in the 1906 rules only (Rule 12)
        "owed": sum(d.amount for d in rules.state.debts) if g.ruleset.family == "magie1906" else 0,
    }


def measure(ruleset: str, when: str, games: int, workers: int) -> dict[str, Any]:
    """Play ``games`` seeded games (seeds 0..games-1) and aggregate them."""
    t0 = time.perf_counter()
    jobs = [(ruleset, when, s) for s in range(games)]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        out = list(pool.map(one, jobs, chunksize=50))
    seats = sum(o["players"] for o in out)
    switched = [o["switch"] for o in out if o["switch"] is not None]
    return {
        "ruleset": ruleset, "single tax": when, "games": games,
        "gini_pop": statistics.fmean(o["gini_pop"] for o in out),
        "gini_sample": statistics.fmean(o["gini_sample"] for o in out),
        "gini_sd": statistics.stdev(o["gini_pop"] for o in out),
        "market": statistics.fmean(o["market"] for o in out),
        "market_games": sum(o["market"] > 0 for o in out),
        "owed": statistics.fmean(o["owed"] for o in out),
        "end_poor": sum(o["end_poor"] for o in out) / seats,
        "ever_poor": sum(o["ever_poor"] for o in out) / seats,
        "end_natural": sum(o["end_natural"] for o in out) / seats,
        "switched": len(switched), "switch_turn": statistics.fmean(switched) if switched else None,
        "turns": statistics.fmean(o["turns"] for o in out),
        "seat0_first": sum(o["seat0_first"] for o in out) / games,
        "seconds": time.perf_counter() - t0,
        "switched_games_gini": statistics.fmean(o["gini_pop"] for o in out if o["switch"] is not None)
        if switched else None,
        "switched_seeds": [s for s, o in enumerate(out) if o["switch"] is not None],
        "per_seed_gini": [o["gini_pop"] for o in out],
    }


def main() -> None:
    """Print the table."""
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=1000)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rulesets", nargs="*", default=["magie-1906", "magie-1904", "magie-1906-monarch"])
    args = ap.parse_args()
    plan = [("magie-1906", w) for w in ("never", "start", "vote", "turn:60")]
    plan += [("magie-1904", w) for w in ("never", "start", "vote", "turn:60")]
    plan += [("magie-1906-monarch", w) for w in ("never", "start")]
    plan = [(r, w) for r, w in plan if r in args.rulesets]
    head = ("ruleset", "single tax", "Gini pop", "sd", "Gini smp", "end PoorH", "ever PoorH", "end NatOpp",
            "switched", "sw. turn", "Gini sw.", "turns", "seat1 1st", "market $/game (games)",
            "owed $/game", "secs")
    print(f"{args.games} seeded games each (seeds 0..{args.games - 1}), bots {', '.join(BOTS)}")
    print(" | ".join(head))
    never: dict[str, list[float]] = {}
    paired = []
    for ruleset, when in plan:
        m = measure(ruleset, when, args.games, args.workers)
        if when == "never":
            never[ruleset] = m["per_seed_gini"]
        if when == "vote" and m["switched_seeds"]:
            seeds = m["switched_seeds"]
            paired.append((ruleset, len(seeds), statistics.fmean(never[ruleset][s] for s in seeds),
                           statistics.fmean(m["per_seed_gini"][s] for s in seeds)))
        sw = f"{m['switch_turn']:.1f}" if m["switch_turn"] is not None else "-"
        gs = f"{m['switched_games_gini']:.3f}" if m["switched_games_gini"] is not None else "-"
        print(" | ".join([
            ruleset, when, f"{m['gini_pop']:.3f}", f"{m['gini_sd']:.3f}", f"{m['gini_sample']:.3f}",
            f"{m['end_poor']:.2%}",
            f"{m['ever_poor']:.2%}" if ruleset != "magie-1904" else "n/a", f"{m['end_natural']:.2%}",
            f"{m['switched']}", sw, gs, f"{m['turns']:.1f}", f"{m['seat0_first']:.1%}",
            f"{m['market']:.0f} ({m['market_games']})", f"{m['owed']:.0f}", f"{m['seconds']:.1f}"]), flush=True)
    print("games in which the vote passed, same seeds under landlord rules throughout (paired):")
    for ruleset, n, g_never, g_vote in paired:
        print(f"  {ruleset}: {n} games, mean Gini (population) landlord rules {g_never:.3f}, "
              f"single tax voted in {g_vote:.3f}")


if __name__ == "__main__":
    main()
