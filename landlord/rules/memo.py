"""The caches the rules keep, each a named function of what it is computed from, kept only
where a profile showed it pays (timed on one core with four bots, against the CPU time of a
whole game):

* :func:`landing_odds` — the exact landing chances of a ruleset's movement in a phase (the 1906
  and 1913 bots value land by them): 16.5 ms (1906) and 9.5 ms (1913 Part 1) to work out,
  against a whole game of 8.6 and 4.6 ms; Magie prospects keep their game's by phase
  (:class:`PhaseOdds`).
* the Monopoly board tables (:func:`landlord.rules.monopoly.static.board_tables`): 1.16 ms to
  build, against a game of 4.6 ms.

Rulesets and boards are frozen but hold dicts, so they cannot be hashed: a cache takes them
:class:`Same` (by identity), and holds them, so an identity is never reused while cached.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import lru_cache
from typing import TYPE_CHECKING, Generic, TypeVar

from landlord.engine.landing import exact

if TYPE_CHECKING:
    from landlord.data.ruleset import Ruleset
    from landlord.engine.in_play import GameInPlay
    from landlord.engine.landing import Movement

T = TypeVar("T")


class Same(Generic[T]):
    """``obj`` as a cache key: equal only to a :class:`Same` of the very same object."""

    __slots__ = ("obj",)

    def __init__(self, obj: T) -> None:
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Same) and other.obj is self.obj


@lru_cache(maxsize=64)
def _odds(movement: Callable[[Ruleset, str], Movement], ruleset: Same[Ruleset], phase: str) -> Mapping[int, float]:
    return exact(movement(ruleset.obj, phase))


def landing_odds(movement: Callable[[Ruleset, str], Movement], ruleset: Ruleset, phase: str) -> Mapping[int, float]:
    """The chance that one throw ends on each space under ``ruleset`` in ``phase``
    (:func:`landlord.engine.landing.exact` on the family's ``movement``, its default policies),
    worked out once per ruleset and phase (the 64 most recent kept). Shared: read only."""
    return _odds(movement, Same(ruleset), phase)


class PhaseOdds:
    """The landing chances Magie prospects (``Prospects1904``, ``Prospects1906``) value by: those of the
    phase in force (:meth:`odds`), kept by phase in the prospects' ``_odds`` for their game
    (``_game``), and one space's (:meth:`chance`). The prospects name their family's movement
    (``_movement``)."""

    __slots__ = ()

    _movement: Callable[[Ruleset, str], Movement]

    _game: GameInPlay
    _odds: dict[str, Mapping[int, float]]

    def odds(self) -> Mapping[int, float]:
        """The exact chance that a throw ends on each space, by space (those it cannot end on
        left out: :func:`landlord.engine.landing.exact` on the family's movement of the phase in
        force), worked out once per ruleset and phase (:func:`landing_odds`)."""
        g = self._game
        odds = self._odds.get(g.phase)
        if odds is None:
            odds = self._odds[g.phase] = landing_odds(self._movement, g.ruleset, g.phase)
        return odds

    def chance(self, idx: int) -> float:
        """The exact chance that a throw ends on space ``idx`` (:meth:`odds`)."""
        return self.odds().get(idx, 0.0)
