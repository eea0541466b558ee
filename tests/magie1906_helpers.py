"""Helpers for the Magie 1906 / single-tax / phase tests: a quiet table to set up a position on
and dice that throw given pairs. The driver, ``set_cash``, ``transfers`` and ``kinds`` are
shared with the other families' tests (``conftest.py``)."""

from __future__ import annotations

from typing import Any

from conftest import game_of_people

from landlord.data.loader import load_ruleset
from landlord.engine.game import Game


def table(ruleset: str = "magie-1906", players: int = 4, seed: int = 1, **overrides: Any) -> Game:
    """A game with people in every seat, stopped at its first decision, with no cards dealt
    (1906) or tickets drawn (1904) unless overridden: a blank table to arrange a position on."""
    defaults: dict[str, Any] = ({"cards_dealt": 0} if load_ruleset(ruleset).family == "magie1906"
                                else {"lot_tickets": False})
    defaults.update(overrides)
    return game_of_people(ruleset, players, seed, names=None, **defaults)


class FixedDice:
    """Replace a game's dice: ``throw`` returns the given pairs in order."""

    def __init__(self, game: Game, *pairs: tuple[int, int]) -> None:
        self.pairs = list(pairs)
        game.rules.throw = self  # type: ignore[method-assign]

    def __call__(self, seat: int) -> tuple[int, int]:
        return self.pairs.pop(0)


def give(game: Game, seat: int, *spaces: int) -> None:
    """Hand ``seat`` the cards of ``spaces`` (1906) without payment."""
    r = game.rules
    for i in spaces:
        r.owner[i] = seat  # type: ignore[attr-defined]
        game.players[seat].cards.add(i)
