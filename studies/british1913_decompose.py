"""Where Part 3's equality comes from, on paired seeds and from the same cash (issue 22, point 4).

Plays the cells of the five scenario files of :data:`landlord.runs.decompose.BRITISH_1913_FILES` on the
same seeds (each file: root seed 1913, ``seeds = "shared"``; every cell from Part 3's £6000 start
but the one that measures the start cash alone) and sets each against Part 1 from £6000, game by
game: mean final Gini (population form) with its spread, the mean paired difference with its 95%
confidence interval, and wages, land rent and tax to the public, rent, improvements and the
landless player's wins per game; then the land value tax within Part 3 (Part 3 as written
against Part 3 without it), and the what-if yearly assessment beside Part 3 as written.

Usage: python3 studies/british1913_decompose.py [N]   (N games per cell; default the files' 1000)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from landlord.data.resources import kit_dir
from landlord.runs.decompose import british1913, effects, paired_games


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else None
    t = time.process_time()
    d = british1913(n)
    games = int(d.table["games"].iloc[0])
    print(f"{games} paired games per cell (root seed 1913, shared seeds); "
          f"{time.process_time() - t:.0f} s CPU (one process)")
    print("| rules | mean Gini (sd) | difference from Part 1 from £6000 [95% CI] | wages £/game "
          "| land rent and tax to the public £/game | rent to landowners £/game | improvements at the end £ "
          "| games the landless player won |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    for _, r in d.table.iterrows():
        print(f"| {r['rules']} | {r['mean Gini']:.4f} ({r['sd']:.4f}) | {r['difference']:+.4f} "
              f"[{r['low']:+.4f}, {r['high']:+.4f}] | {r['wages']:,.0f} | {r['public']:,.0f} | {r['rent']:,.0f} | "
              f"{r['improvements']:,.0f} | {r['landless won']:.1%} |")
    x = d.tax
    print(f"\nThe land value tax within Part 3 (as written − without it): {x['difference']:+.4f} "
          f"[{x['low']:+.4f}, {x['high']:+.4f}]")
    frame = paired_games([kit_dir("scenarios") / "british-1913-part3-yearly-assessment.toml"], n)
    cells = list(dict.fromkeys(frame["cell"]))
    y = effects(frame, cells[0]).iloc[1]
    print(f"What-if yearly assessment on top (− Part 3 as written): mean Gini {y['mean_gini']:.4f} "
          f"(sd {y['sd_gini']:.4f}), difference {y['diff']:+.4f} [{y['ci_low']:+.4f}, {y['ci_high']:+.4f}], "
          f"land rent and tax to the public £{y['land_rent']:,.0f} a game")
    for line in d.findings():
        print("*", line)


if __name__ == "__main__":
    main()
