"""Lesson 3's last reveal at full size: the 1913 game's three Parts in order with and without
Part 3's land value tax, and Part 2 with and without its rates (issue 36, point 4).

Plays :func:`landlord.runs.decompose.british1913_in_order` and
:func:`landlord.runs.decompose.rates_paid_by_visitors` on seeds 0 .. N-1 with lesson 3's players
(landlord, tenant, speculator, landlord) and prints each measure with its paired 95% interval,
who paid the land value tax, seat by seat, and Part 3's public money.

Usage: python3 studies/british1913_in_order.py [N]   (N games a side; default 200)
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pandas as pd

from landlord.runs.decompose import british1913_in_order, rates_paid_by_visitors


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    pd.set_option("display.width", 200)
    pd.set_option("display.max_columns", 20)
    for key, c in rates_paid_by_visitors(n).items():
        print(f"Part 2 alone, {key}: without rates {c.first:,.2f}, with {c.second:,.2f}, "
              f"difference {c.diff:+,.2f} [{c.low:+,.2f}, {c.high:+,.2f}] ({c.relative:+.1%})")
    o = british1913_in_order(n)
    print(f"\nThe three Parts in order, {o.games} games with Part 3's land value tax and without it (seeds 0-{n - 1})")
    print(o.measures.drop(columns="key").to_string(index=False))
    print("\nWho paid the land value tax, by seat (place in wealth when Part 3 began: 1 the richest)")
    print(o.payers.to_string(index=False))
    print("\nPart 3's public money, £ a game")
    print(o.treasury.to_string(index=False))
    print(f"kept by the Treasury at the end: {o.kept:.1%} of Part 3's takings")


if __name__ == "__main__":
    main()
