"""Measure the 1913 game's three Parts (and the sequence) from seeded bot games.

For each ruleset: N seeded games (seeds 0..N-1) of four bots (landlord, tenant, speculator,
landlord), and prints, with the spread across games:
* mean final Gini of wealth (population form Σ|xi−xj|/2n²μ on each seat's final total —
  cash + land at its capital land value + improvements + debts owed to it − its debts;
  debts beyond wealth count as 0), and the sample form (× n/(n−1));
* share of players ending in the Poorhouse (Parts 1-2) or on the free land of a Natural
  Opportunity (Part 3), and share of players who went bankrupt at least once;
* total rent received by landlords (rent paid to players, including rent paid late as debt)
  versus land value tax collected by the Public Treasury (the rent restored, the Fisheries'
  and the Moor's £20, rent of Government land), and wages paid, per game; also rates, interest,
  duties and taxes, and the Treasury's borrowing from the Bank.

Usage: python3 studies/british1913_measure.py [N] [--mix landlord,tenant,speculator,landlord]
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.inequality import gini
from landlord.runs.simulate import play_one

RULESETS = ["british-1913-part1", "british-1913-part2", "british-1913-part3", "british-1913-sequence"]


def one(args: tuple[str, tuple[str, ...], int]) -> dict[str, Any]:
    """One game's figures."""
    rid, mix, seed = args
    g = play_one(load_ruleset(rid), mix, seed)
    rows = g.results()
    totals = [c.total for c in rows]
    f = g.ledger.flows
    rules: Any = g.rules
    state = rules.state  # bankruptcies, all_bought: the 1913 game's state (RULESETS)
    best = max(totals)
    winners = [mix[i] for i, t in enumerate(totals) if t == best]
    return {
        "wins": {name: winners.count(name) / len(winners) for name in set(mix)},
        "gini_pop": gini(totals, "population"), "gini_sample": gini(totals, "sample"),
        "poorhouse": sum(c.where == "poorhouse" for c in rows) / len(rows),
        "free_land": sum(c.where == "natural_opportunity" for c in rows) / len(rows),
        "ever_bankrupt": sum(b > 0 for b in state.bankruptcies) / len(rows),
        "rent": f[flows.RENT],
        "lvt": f[flows.LAND_RENT],
        "wages": f[flows.WAGES],
        "rates": f[flows.RATES],
        "interest": f[flows.BUILDING_RENT],
        "duties": f[flows.TAX],
        "treasury_loans": f[flows.LOAN],
        "rounds": g.round, "all_bought": float(state.all_bought),
    }


def describe(xs: list[float], fmt: str) -> str:
    """mean (sd; 95% CI of the mean; 5th-95th percentile)."""
    m = statistics.fmean(xs)
    sd = statistics.stdev(xs) if len(xs) > 1 else 0.0
    half = 1.96 * sd / math.sqrt(len(xs))
    qs = statistics.quantiles(xs, n=20) if len(xs) > 1 else [m] * 19
    low = max(0.0, m - half) if min(xs) >= 0 else m - half  # shares and sums cannot be negative
    return (f"{m:{fmt}} (sd {sd:{fmt}}; 95% CI of mean {low:{fmt}}–{m + half:{fmt}}; "
            f"5–95% {qs[0]:{fmt}}–{qs[-1]:{fmt}})")


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 and not sys.argv[1].startswith("--") else 1000
    mix: tuple[str, ...] = ("landlord", "tenant", "speculator", "landlord")
    if "--mix" in sys.argv:
        mix = tuple(sys.argv[sys.argv.index("--mix") + 1].split(","))
    print(f"{n} seeded games per ruleset (seeds 0..{n - 1}), bots {','.join(mix)}")
    with ProcessPoolExecutor(max_workers=2) as pool:
        for rid in RULESETS:
            t = time.perf_counter()
            rows = list(pool.map(one, [(rid, mix, s) for s in range(n)], chunksize=50))
            dt = time.perf_counter() - t
            col = {k: [r[k] for r in rows] for k in rows[0] if k != "wins"}
            wins = {name: sum(r["wins"][name] for r in rows) / n for name in dict.fromkeys(mix)}
            print(f"\n{rid}  ({dt:.1f} s, {n / dt:.0f} games/s on 2 processes)")
            print(f"  rounds                     {describe(col['rounds'], '.1f')}")
            print(f"  all site cards bought      {describe(col['all_bought'], '.1%')}")
            print(f"  Gini, population form      {describe(col['gini_pop'], '.3f')}")
            print(f"  Gini, sample form          {describe(col['gini_sample'], '.3f')}")
            print(f"  share in the Poorhouse     {describe(col['poorhouse'], '.3%')}")
            print(f"  share on free land         {describe(col['free_land'], '.3%')}")
            print(f"  share ever bankrupt        {describe(col['ever_bankrupt'], '.3%')}")
            print(f"  rent received by landlords {describe(col['rent'], '.0f')}")
            print(f"  land rent and tax (public) {describe(col['lvt'], '.0f')}")
            print(f"  wages paid                 {describe(col['wages'], '.0f')}")
            print(f"  rates collected            {describe(col['rates'], '.0f')}")
            print(f"  interest to improvers      {describe(col['interest'], '.0f')}")
            print(f"  duties and taxes collected {describe(col['duties'], '.0f')}")
            print(f"  Treasury borrowed          {describe(col['treasury_loans'], '.0f')}")
            print("  share of wins (ties split): " + ", ".join(
                f"{name} {share:.1%} ({mix.count(name)} seat(s))" for name, share in wins.items()))


if __name__ == "__main__":
    main()
