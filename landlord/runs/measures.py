"""The measurements the lessons show beside their claims, computed from seeded bot games.

Each function answers one question a lesson asks of many games, in numbers a widget puts into
words (:mod:`landlord.widgets.measures`):

* :func:`wins_per_seat` — who wins, per seat a strategy holds (a table may seat one strategy
  twice, so counting its wins alone would double it);
* :func:`land_buyer_wins` — in how many games, each with its own dice, a land buyer was richest;
* :func:`switch_games` and :func:`jump_counts` — how the Gini of the counts moves at the moment
  a phase (the single tax) comes in, and where games end;

Results, not lessons: they depend on the bots and on the reconstructed rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from landlord.data.loader import load_ruleset
from landlord.engine.count import SeatCount
from landlord.engine.inequality import gini
from landlord.engine.phases import parse_trigger
from landlord.runs.simulate import play_one

LAND_BUYERS = ("landlord", "speculator")
"""The bots that buy land (:mod:`landlord.engine.strategies`): the landlord with its cash, the
speculator with money borrowed from the Bank too. The tenant never buys."""


def _seat_columns(rows: pd.DataFrame) -> list[str]:
    return sorted((c for c in rows.columns if c.startswith("strategy_")), key=lambda c: int(c.split("_")[1]))


def wins_per_seat(rows: pd.DataFrame) -> pd.DataFrame:
    """Per strategy, over the games of ``rows`` (one row per game, as
    :func:`landlord.runs.simulate.summary_row` writes them; a tie goes to the first seat among the
    richest): ``strategy, seats`` (how many seats it holds a game), ``games``, ``wins`` (games
    one of its seats won), ``wins_per_seat`` (wins / seats) and ``share_per_seat`` (the share of
    games one seat of it won: wins / (seats × games)). With equal luck every seat of four would
    win a quarter of the games. Sorted by ``share_per_seat``, highest first."""
    cols = _seat_columns(rows)
    seats = pd.Series(rows[cols].iloc[0].to_numpy()).value_counts() if len(rows) else pd.Series(dtype=int)
    wins = rows["winner_strategy"].value_counts()
    games = len(rows)
    out = [{"strategy": s, "seats": int(n), "games": games, "wins": int(wins.get(s, 0)),
            "wins_per_seat": float(wins.get(s, 0)) / int(n),
            "share_per_seat": float(wins.get(s, 0)) / (int(n) * games) if games else 0.0}
           for s, n in seats.items()]
    frame = pd.DataFrame(out, columns=["strategy", "seats", "games", "wins", "wins_per_seat", "share_per_seat"])
    return frame.sort_values(["share_per_seat", "strategy"], ascending=[False, True]).reset_index(drop=True)


def land_buyer_wins(rows: pd.DataFrame, buyers: Sequence[str] = LAND_BUYERS) -> tuple[int, int]:
    """``(games a seat playing one of buyers won, games)`` over ``rows``: every game has its
    own seed, so its own dice — how often buying land wins across luck."""
    return int(rows["winner_strategy"].isin(list(buyers)).sum()), len(rows)


def _gini(rows: Iterable[SeatCount]) -> float:
    """The Gini (population form) of counts, a count below zero as 0 (as the CLI reports it)."""
    return gini([max(0, c.total) for c in rows], "population")


def switch_games(ruleset: str, strategies: Sequence[str], seeds: Iterable[int], when: str = "never",
                 phase: str = "single_tax", rounds: int | None = None) -> pd.DataFrame:
    """Play one game per seed with ``phase`` coming in ``when`` (``never``, ``start``,
    ``round:N``, ``turn:N``, ``vote``, …), the ruleset's ``max_rounds`` set to ``rounds`` if
    given (a class game: 12). One row per game: ``seed``, ``switched`` (whether the phase came
    in), ``gini_before`` and ``gini_after`` (the Gini, population form, of the counts at the
    end of the last turn before the switch and of the first turn after it; NaN without a
    switch), ``gini_final`` (of the final counts), ``gap_final`` (richest total minus poorest),
    ``gini_cash_final`` (the Gini of the final cash alone)."""
    rs = load_ruleset(ruleset)
    if rounds is not None:
        rs = rs.override("measured", max_rounds=int(rounds))
    triggers = [] if when == "never" else [parse_trigger(when, phase)]
    out: list[dict[str, Any]] = []
    for seed in seeds:
        g = play_one(rs, strategies, seed, triggers=triggers, snapshots=True)
        before = after = float("nan")
        for a, b in itertools.pairwise(g.snapshots or []):
            if a.phase != phase and b.phase == phase:
                before, after = _gini(a.rows), _gini(b.rows)
                break
        final = g.results()
        totals = [c.total for c in final]
        out.append({"seed": seed, "switched": bool(g.switches), "gini_before": before, "gini_after": after,
                    "gini_final": _gini(final), "gap_final": max(totals) - min(totals),
                    "gini_cash_final": gini([max(0, c.cash) for c in final], "population")})
    return pd.DataFrame(out)


def jump_counts(games: pd.DataFrame, tolerance: float = 1e-9) -> dict[str, int]:
    """Over the games of :func:`switch_games` that switched: in how many the Gini went ``up``,
    ``down`` or stayed the ``same`` from the turn before the switch to the turn after, and how
    many ``switched`` of ``games``."""
    done = games[games["switched"] & games["gini_before"].notna()]
    change = done["gini_after"] - done["gini_before"]
    up, down = int((change > tolerance).sum()), int((change < -tolerance).sum())
    return {"up": up, "down": down, "same": len(done) - up - down, "switched": len(done), "games": len(games)}
