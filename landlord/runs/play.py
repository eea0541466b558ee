"""One all-bot game played to its end, and its summary row: what every runner plays.

:mod:`landlord.runs.simulate` and :mod:`landlord.runs.sweep` both play their games through these (the
sweep's worker loop :func:`landlord.runs.sweep.play_chunk` calls them; ``simulate`` runs that loop).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from landlord.data.ruleset import Ruleset
from landlord.engine.count import winners as winners_of
from landlord.engine.game import Game
from landlord.engine.inequality import gini
from landlord.engine.phases import Trigger
from landlord.players.characters import make_strategy

if TYPE_CHECKING:
    from landlord.data.position import Position
    from landlord.rules.family import Family


def play_one(ruleset: Ruleset, strategies: Sequence[str], seed: int, log: bool = False,
             triggers: Sequence[Trigger] = (), snapshots: bool | None = None,
             position: Position | None = None, worths: bool = False, family: Family | None = None) -> Game:
    """Play one all-bot game to its end (with phase ``triggers``, if any; ``snapshots``: keep
    the per-turn counts, by default only with the ``log``; ``worths``: keep the per-turn net
    worths alone, :attr:`Game.worths`; from ``position``, if given). ``family`` is the ruleset's
    rules family, checked against it already (a sweep's worker is handed it); by default it is
    looked up (:func:`landlord.rules.families.family_of`, which imports every family)."""
    if family is None:
        from landlord.rules.families import family_of

        family = family_of(ruleset)
    bots = [make_strategy(s, f"{seed}-{i}") for i, s in enumerate(strategies)]
    game = Game(ruleset, bots, seed, log=log, triggers=triggers, snapshots=snapshots, position=position,
                worths=worths, family=family)
    game.run()
    return game


def summary_row(game: Game, strategies: Sequence[str]) -> dict[str, Any]:
    """One row for a finished game: length, winner, inequality, where players ended."""
    results = game.results()
    totals = [c.total for c in results]
    winners = winners_of(results)
    row: dict[str, Any] = {
        "seed": game.seed, "ruleset": game.ruleset.id, "players": len(results),
        "turns": game.turn, "rounds": game.round, "phase": game.phase,
        "winner_seat": winners[0], "winner_strategy": strategies[winners[0]],
        "tied": len(winners) > 1,
        "gini_population": gini(totals, "population"), "gini_sample": gini(totals, "sample"),
        "in_poorhouse": sum(1 for c in results if c.where == "poorhouse"),
        "switch_turn": game.switches[0][0] if game.switches else None,
    }
    for c, s in zip(results, strategies, strict=True):
        row[f"strategy_{c.seat}"] = s
        row[f"total_{c.seat}"] = c.total
    for kind, amount in sorted(game.ledger.flows.items()):
        row[f"flow_{kind}"] = amount
    return row
