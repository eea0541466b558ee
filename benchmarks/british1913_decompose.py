"""Where Part 3's equality comes from, on paired seeds (issue 14, point 7).

Plays the cells of the four scenario files below on the same seeds (each file: root seed 1913,
``seeds = "shared"``) and sets each against Part 1, game by game: mean final Gini (population
form), the mean paired difference from Part 1 with its 95% confidence interval, the share of
Part 3's own difference, and wages, land value tax and rent per game (£).

Usage: python3 benchmarks/british1913_decompose.py [N]   (N games per cell; default the files' 1000)
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from landlord.decompose import BRITISH_1913_FILES, BRITISH_1913_ROWS, effects, paired_games  # noqa: E402

FILES = [ROOT / "scenarios" / f"british-1913-{name}.toml" for name in BRITISH_1913_FILES]
ROWS = BRITISH_1913_ROWS


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else None
    t = time.process_time()
    frame = paired_games(FILES, n)
    base = next(iter(ROWS))
    table = effects(frame, base, list(ROWS))
    p3 = float(table.loc[table["cell"] == list(ROWS)[1], "diff"].iloc[0])
    games = int(table["games"].iloc[0])
    print(f"{games} paired games per cell (root seed 1913, shared seeds); "
          f"{len(frame)} games in {time.process_time() - t:.0f} s CPU (one process)")
    print("| rules | mean Gini (sd) | difference from Part 1 [95% CI] | share of Part 3's difference "
          "| wages £/game | land rent and tax to the public £/game | rent £/game |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for _, r in table.iterrows():
        share = f"{r['diff'] / p3:.0%}" if p3 else "—"
        print(f"| {ROWS[r['cell']]} | {r['mean_gini']:.4f} ({r['sd_gini']:.4f}) | {r['diff']:+.4f} "
              f"[{r['ci_low']:+.4f}, {r['ci_high']:+.4f}] | {share} | {r['wages']:,.0f} | "
              f"{r['land_rent']:,.0f} | {r['rent']:,.0f} |")


if __name__ == "__main__":
    main()
