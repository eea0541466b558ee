"""Helpers for the landing-chain tests: agreement of the exact chain with independent runs
(simulated or played by the engine), and the ``landlord`` CLI's output."""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Iterator
from contextlib import redirect_stdout
from typing import Any

import pandas as pd

from landlord.apps.cli import main
from landlord.data.ruleset import Ruleset
from landlord.engine import landing as L
from landlord.engine.game import Game
from landlord.rules.families import FamilyGame


def disagreements(exact: dict[int, float], rows: list[dict[int, float]]) -> list[tuple[int, float, float, float]]:
    """Cells where the mean of independent runs is more than 5 standard errors (+ 2e-4) from
    the exact chain: (cell, exact, mean, standard error). Throws within a run are correlated,
    runs are not, so each run is one observation."""
    df = pd.DataFrame(rows).reindex(columns=list(exact), fill_value=0.0)
    mean, se = df.mean(), df.std(ddof=1) / math.sqrt(len(df))
    return [(c, p, mean[c], se[c]) for c, p in exact.items() if abs(mean[c] - p) > 5 * se[c] + 2e-4]


def simulated(m: L.Movement, jail: str, runs: int = 10, throws: int = 15_000) -> list[dict[int, float]]:
    """``runs`` seeded runs of the chain's own step-by-step simulator."""
    return [L.simulate(m, jail, throws, seed) for seed in range(runs)]


def engine_games(rs: Ruleset, bot: Callable[[], Any], games: int,
                 observe: Callable[[Game], dict[int, int]]) -> Iterator[tuple[Game, dict[int, float], int]]:
    """Play ``games`` seeded games of ``rs`` between two bots made by ``bot``; per game: the
    finished game, the share of throws ending in each cell (as ``observe`` counts them) and the
    number of throws."""
    for seed in range(games):
        g = FamilyGame(rs, [bot(), bot()], seed)
        g.run()
        counts = observe(g)
        n = sum(counts.values())
        yield g, {k: v / n for k, v in counts.items()}, n


def run_cli(argv: list[str]) -> str:
    """What ``landlord ARGV`` prints (it must succeed)."""
    buf = io.StringIO()
    with redirect_stdout(buf):
        assert main(argv) == 0
    return buf.getvalue()
