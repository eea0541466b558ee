"""Paired comparisons of scenario cells: how much of a regime's effect comes from which rule.

Several scenario files that share their seeds (``seeds = "shared"`` and one root seed) play the
same games under different rules. :func:`paired_games` plays every cell of them on those games;
:func:`effects` sets each cell against a baseline cell game by game (the same dice, the same
deal), giving the mean difference in final Gini with a 95% confidence interval, and the money
flows that explain it. ``benchmarks/british1913_decompose.py`` prints it for the 1913 game's
Part 3; lesson 3 shows it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from pathlib import Path

import pandas as pd

from landlord.flows import Flow
from landlord.inequality import gini
from landlord.loader import scenarios_dir
from landlord.scenario import Cell, Scenario, load_scenario
from landlord.simulate import play_one

FLOWS = (Flow.WAGES, Flow.LAND_RENT, Flow.RENT)
"""Money flows reported per game (columns named by the kind's value: ``wages``, ``land_rent``,
``rent``), from the ledger's totals by kind (a debt paid late counts as what it paid)."""


def _label(scenario: Scenario, cell: Cell) -> str:
    return f"{scenario.title} | {cell.label}"


def paired_games(paths: Iterable[str | Path], games: int | None = None) -> pd.DataFrame:
    """One row per game and cell of the scenario files ``paths``: ``cell`` (the file's title and
    the cell's label), ``game`` (index), ``seed``, ``gini`` (population form, final totals),
    and the :data:`FLOWS` per game. ``games`` caps the games per cell (default: the files').

    Raises ValueError unless every file shares one root seed with ``seeds = "shared"`` (else the
    games would not be the same games)."""
    scenarios = [load_scenario(p) for p in paths]
    roots = {(s.seed, s.seeds) for s in scenarios}
    if len(roots) != 1 or next(iter(roots))[1] != "shared":
        raise ValueError(f"paired games need one root seed and seeds = \"shared\" in every file; got {sorted(roots)}")
    rows = []
    for sc in scenarios:
        n = min(sc.games, games) if games else sc.games
        for cell in sc.cells:
            rs = cell.resolve()
            for i in range(n):
                seed = sc.game_seed(cell, i)
                g = play_one(rs, cell.seats, seed, triggers=cell.triggers)
                f = g.ledger.flows
                row = {"cell": _label(sc, cell), "game": i, "seed": seed,
                       "gini": gini([c.total for c in g.results()], "population")}
                row.update({k.value: f.get(k, 0) for k in FLOWS})
                rows.append(row)
    return pd.DataFrame(rows)


def effects(frame: pd.DataFrame, baseline: str, order: Sequence[str] | None = None) -> pd.DataFrame:
    """Each cell of ``frame`` (from :func:`paired_games`) against cell ``baseline``, game by
    game: ``mean_gini``, ``diff`` (mean of the paired differences in Gini), ``ci_low`` /
    ``ci_high`` (95% interval of that mean, normal approximation), ``games``, and the mean
    :data:`FLOWS` per game. ``order`` lists the cells to report (default: all, as found)."""
    wide = frame.pivot(index="game", columns="cell", values="gini")
    if baseline not in wide:
        raise ValueError(f"no cell {baseline!r}; cells: {', '.join(wide.columns)}")
    out = []
    for cell in order or list(dict.fromkeys(frame["cell"])):
        d = (wide[cell] - wide[baseline]).dropna()
        half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        sub = frame[frame["cell"] == cell]
        row = {"cell": cell, "games": len(d), "mean_gini": float(sub["gini"].mean()),
               "sd_gini": float(sub["gini"].std(ddof=1)), "diff": float(d.mean()),
               "ci_low": float(d.mean()) - half, "ci_high": float(d.mean()) + half}
        row.update({k.value: float(sub[k.value].mean()) for k in FLOWS})
        out.append(row)
    return pd.DataFrame(out)


BRITISH_1913_FILES = ("part3-vs-part1", "part3-wages", "part1-wages", "land-value-tax-only")
"""The four scenario files (``scenarios/british-1913-<name>.toml``) that take Part 3 apart."""
BRITISH_1913_ROWS = {
    "1913: Part 1 against Part 3 as written | ruleset=british-1913-part1": "Part 1 (the baseline)",
    "1913: Part 1 against Part 3 as written | ruleset=british-1913-part3": "Part 3 as written",
    "1913: Part 3 as written, and Part 3 with Part 1's wages | part3_wages=200": "Part 3 with Part 1's £200 wages",
    "1913: Part 1, and Part 1 with Part 3's wages | wages=500": "Part 1 with Part 3's £500 wages",
    "1913: Part 1 with the land value tax alone | tax=land_tax@start":
        "Part 1 with Part 3's land value tax alone (£200 wages)",
}
"""The cells reported, in order, each in plain words (the first is the baseline)."""


def british1913(games: int | None = None, root: str | Path | None = None) -> pd.DataFrame:
    """Part 3 of the 1913 game taken apart on paired games (:data:`BRITISH_1913_FILES`),
    in plain words: ``rules``, ``mean Gini``, ``difference from Part 1``, ``95% interval``
    (low, high), ``wages a game``, ``land rent and tax to the public a game`` (the land value
    tax, restored and assessed, and rent of Government land), ``rent a game`` (£).
    ``root`` is the folder of the scenario files (default: the kit's own, from an installed
    wheel or a checkout: :func:`landlord.loader.scenarios_dir`)."""
    folder = Path(root) if root else scenarios_dir()
    frame = paired_games([folder / f"british-1913-{n}.toml" for n in BRITISH_1913_FILES], games)
    order = list(BRITISH_1913_ROWS)
    t = effects(frame, order[0], order)
    return pd.DataFrame({
        "rules": [BRITISH_1913_ROWS[c] for c in t["cell"]], "games": t["games"],
        "mean Gini": t["mean_gini"].round(4), "difference from Part 1": t["diff"].round(4),
        "95% interval, low": t["ci_low"].round(4), "95% interval, high": t["ci_high"].round(4),
        "wages a game (£)": t["wages"].round(0), "land rent and tax to the public a game (£)": t["land_rent"].round(0),
        "rent a game (£)": t["rent"].round(0),
    })
