"""The measurements the lessons show beside their claims, computed from seeded bot games.

Each function answers one question a lesson asks of many games, in numbers a widget puts into
words (:mod:`landlord.widgets.measures`):

* :func:`wins_per_seat` — who wins, per seat a strategy holds (a table may seat one strategy
  twice, so counting its wins alone would double it);
* :func:`land_buyer_wins` — in how many games, each with its own dice, a land buyer was richest;
* :func:`switch_games` and :func:`jump_counts` — how the Gini of the counts moves at the moment
  a phase (the single tax) comes in, and where games end;
* :func:`wealth_measures` — what one Gini leaves out: the Gini in both forms, the whole table's
  wealth, the poorest player's share, who received the land rent, bankruptcies;

Results, not lessons: they depend on the bots and on the reconstructed rules.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from typing import Any

import pandas as pd

from landlord.data.loader import load_ruleset
from landlord.engine import flows
from landlord.engine.count import SeatCount
from landlord.engine.game import Game
from landlord.engine.inequality import gini
from landlord.engine.phases import parse_trigger
from landlord.runs.kept import per_seed
from landlord.runs.scenario import Scenario
from landlord.runs.simulate import play_one, summary_row

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
    ``gini_cash_final`` (the Gini of the final cash alone), and where the money went, from the
    ledger's flows by kind: ``rent_to_players`` (rent paid to the players holding land),
    ``rent_to_public`` (land rent paid to the public), ``wages`` and ``public_spending`` (what
    the public paid for buy-outs and public improvements)."""
    rs = load_ruleset(ruleset)
    if rounds is not None:
        rs = rs.override("measured", max_rounds=int(rounds))
    triggers = [] if when == "never" else [parse_trigger(when, phase)]

    def one(seed: int) -> dict[str, Any]:
        g = play_one(rs, strategies, seed, triggers=triggers, snapshots=True)
        before = after = float("nan")
        for a, b in itertools.pairwise(g.snapshots or []):
            if a.phase != phase and b.phase == phase:
                before, after = _gini(a.rows), _gini(b.rows)
                break
        final = g.results()
        totals = [c.total for c in final]
        moved = g.ledger.flows
        return {"seed": seed, "switched": bool(g.switches), "gini_before": before, "gini_after": after,
                "gini_final": _gini(final), "gap_final": max(totals) - min(totals),
                "gini_cash_final": gini([max(0, c.cash) for c in final], "population"),
                "rent_to_players": moved.get(flows.RENT, 0), "rent_to_public": moved.get(flows.LAND_RENT, 0),
                "wages": moved.get(flows.WAGES, 0),
                "public_spending": moved.get(flows.BUYOUT, 0) + moved.get(flows.PUBLIC_SPENDING, 0)}

    args = {"ruleset": ruleset, "strategies": list(strategies), "when": when, "phase": phase, "rounds": rounds}
    name = f"switch-{ruleset}-{phase}-{when}".replace(":", "-").replace("_", "-")
    return pd.DataFrame(per_seed(name, args, list(seeds), one, "the Gini around the switch and at the end, "
                                                               "and where the money went"))


def simulated(ruleset: str, strategies: Sequence[str], seeds: Sequence[int], kept: str) -> pd.DataFrame:
    """:func:`landlord.runs.simulate.simulate`'s rows of ``ruleset`` played by ``strategies`` on
    ``seeds``, from the kept games ``kept`` where they answer (:func:`landlord.runs.kept.per_seed`)."""
    from landlord.runs.simulate import simulate

    def one(seed: int) -> dict[str, Any]:
        return dict(next(iter(simulate(ruleset, list(strategies), [seed]))))

    args = {"ruleset": ruleset, "strategies": list(strategies)}
    return pd.DataFrame(per_seed(kept, args, list(seeds), one, "the game's summary row (landlord simulate's columns)"))


def single_tax_1906(strategies: Sequence[str], games: int = 100, when: Sequence[str] = ("never", "start", "turn:20"),
                    seed: int = 1906) -> Scenario:
    """Magie's 1906 game on shared seeds (root ``seed``), the single tax coming in at each of
    ``when`` (lesson 2's final reveal: landlord rules all game, the single tax from the start and
    from turn 20), ``games`` a way, ``strategies`` cycled over four seats."""
    from landlord.runs.scenario import scenario_from_dict

    return scenario_from_dict({
        "scenario": {"title": "single tax", "ruleset": "magie-1906", "players": 4, "strategies": list(strategies),
                     "games": games, "seed": seed, "seeds": "shared"},
        "tax": {"phase": "single_tax"}, "grid": {"tax.start": list(when)}})


def finals_by_cell(scenario: Scenario, kept: str = "") -> pd.DataFrame:
    """Every game of every cell of ``scenario`` (its seeds, shared or not, as its sweep plays
    them): one row a game, the cell's other grid values (a column each, named as the sweep names
    them: ``wages``), ``tax_start`` (the cell's regime's start, ``never`` without one) and
    ``gini_population`` (the final Gini, as the sweep's rows give it), a cell's games together
    in the cells' order. ``kept`` names the kept games (:func:`landlord.runs.kept.per_seed`,
    by game index) that may answer."""
    def one(i: int) -> list[dict[str, Any]]:
        rows = []
        for cell in scenario.cells:
            g = play_one(cell.resolve(), cell.seats, scenario.game_seed(cell, i), triggers=cell.triggers)
            rows.append({**{k.replace(".", "_"): v for k, v in cell.varied if k != "tax"}, "tax_start": cell.tax_start,
                         "gini_population": summary_row(g, cell.seats)["gini_population"]})
        return rows

    what = "game index i of every cell: its other grid values, its regime's start and final Gini"
    games = range(scenario.games)
    args = {"seed": scenario.seed, "seeds": scenario.seeds, "cells": [c.key for c in scenario.cells]}
    played = (per_seed(kept, args, games, one, what) if kept
              else [one(i) for i in games])
    return pd.DataFrame([played[i][k] for k in range(len(scenario.cells)) for i in games])


def jump_counts(games: pd.DataFrame, tolerance: float = 1e-9) -> dict[str, int]:
    """Over the games of :func:`switch_games` that switched: in how many the Gini went ``up``,
    ``down`` or stayed the ``same`` from the turn before the switch to the turn after, and how
    many ``switched`` of ``games``."""
    done = games[games["switched"] & games["gini_before"].notna()]
    change = done["gini_after"] - done["gini_before"]
    up, down = int((change > tolerance).sum()), int((change < -tolerance).sum())
    return {"up": up, "down": down, "same": len(done) - up - down, "switched": len(done), "games": len(games)}


WEALTH_MEASURES = {
    "gini": "Gini, population form",
    "gini_sample": "Gini, sample form (× n/(n−1))",
    "total": "all players' wealth at the end (£)",
    "poorest_share": "the poorest player's share of all wealth",
    "rent_to_players": "land rent paid to players, before any tax they hand on (£)",
    "rent_to_public": "land rent and land value tax received by the public (£)",
    "bankrupt": "players gone bankrupt at least once",
}
"""The measures of :func:`wealth_measures`, in the words students see.

Which Gini: the population form, Σ|xi−xj| / 2n²μ, is the kit's throughout. With four players
it can reach only 0.75 (one player holding everything); the sample form, the population form ×
n/(n−1), reaches 1 there at any table size, so it reads on the usual 0-to-1 scale. Between
tables of the same size (every comparison the lessons make is of four-player tables) the two
forms rank games alike and differ by the same factor, 4/3: either is fair, and the lessons say
which they show."""


def wealth_measures(game: Game) -> dict[str, float]:
    """What one Gini leaves out, for a finished ``game`` (keys of :data:`WEALTH_MEASURES`): the
    Gini of the final totals in both forms (debts as 0); ``total``, the players' final totals
    summed (was the table as a whole better off?); ``poorest_share``, the poorest player's total
    over that sum (debts as 0; an equal share when nobody holds anything); who received the land
    rent, from the ledger's flows by kind (``rent_to_players``: rent paid to the players holding
    the land; ``rent_to_public``: land rent and land value tax paid to the public); and
    ``bankrupt``, the players who went bankrupt at least once, where the family counts
    bankruptcies among a seat's pieces (NaN where it does not)."""
    final = game.results()
    totals = [c.total for c in final]
    held = [max(0, t) for t in totals]
    pieces = [game.rules.pieces(c.seat) for c in final]
    moved = game.ledger.flows
    return {
        "gini": gini(totals, "population"), "gini_sample": gini(totals, "sample"), "total": float(sum(totals)),
        "poorest_share": min(held) / sum(held) if sum(held) else 1 / len(held),
        "rent_to_players": float(moved.get(flows.RENT, 0)), "rent_to_public": float(moved.get(flows.LAND_RENT, 0)),
        "bankrupt": (float(sum(p["bankruptcies"] > 0 for p in pieces)) if all("bankruptcies" in p for p in pieces)
                     else float("nan")),
    }
