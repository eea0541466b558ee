"""The 1913 prospects: what every player can see of the land to value it (:class:`LandProspects`,
over the state and the rules' :class:`~landlord.rules.british1913.terms.Terms`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from landlord.rules.british1913.movement import british1913_movement
from landlord.rules.british1913.params import Params1913
from landlord.rules.british1913.state import British1913State
from landlord.rules.british1913.terms import SiteTerms, Terms
from landlord.rules.memo import landing_odds


class LandProspects:
    """What every player can see of the 1913 land (``SeatView.prospects``): who holds each site and
    improvement, the price last paid, whether every card is bought, how far the game has to
    run, how often a throw stops on each space, and what the rules in force pay (the
    :class:`Terms`). Read-only; the bots value land from it."""

    MEAN_THROW: ClassVar[float] = 7.0
    """Spaces moved by an average throw of two dice (both dice of a double)."""

    def __init__(self, state: British1913State, terms: Terms) -> None:
        self._r = state
        self._terms = terms
        self._landing: dict[str, Mapping[int, float]] = {}
        """The landing chances of each Part this game has valued land in (:func:`landing_odds`)."""

    @property
    def params(self) -> Params1913:
        """The params in force, typed (every player knows the rules)."""
        return self._r.params

    def owner(self, idx: int) -> int:
        """The seat holding site ``idx`` (``NOBODY``: in the pack; ``GOVERNMENT``)."""
        return self._r.owner[idx]

    def improvement_owner(self, idx: int) -> int:
        """The seat owning the improvement on site ``idx`` (``NOBODY`` if there is none)."""
        return self._r.imp_owner[idx]

    def may_carry(self, idx: int) -> bool:
        """Whether the site may carry its improvement card in the Part in force (:meth:`Terms.may_carry`)."""
        return self._terms.may_carry(idx)

    @property
    def scarcity(self) -> int:
        """2 once every site card is bought (rents and taxes doubled), else 1 (:meth:`Terms.scarcity`)."""
        return self._terms.scarcity()

    def circuits_left(self) -> int:
        """Rounds of the board the leader still has to make before the count."""
        r = self._r
        return max(0, r.params.circuits - r.most_circuits)

    def valuation_key(self) -> tuple[object, ...]:
        """What a player's value of a site or an improvement reads off the table besides his own
        cash and holdings: the Part and its params, the scarcity and who owns each improvement
        (what :meth:`terms` is kept by), and the rounds of the board still to make. Equal keys,
        equal terms, landing chances and horizon."""
        r = self._r
        return (r.g.phase, r.params, self._terms.scarcity(), self.circuits_left(), tuple(r.imp_owner))

    def rounds_left(self) -> float:
        """Table rounds the game may still run: :meth:`circuits_left` at :data:`MEAN_THROW`
        spaces a throw."""
        return self.rounds_at(self.circuits_left())

    def rounds_at(self, circuits: int) -> float:
        """:meth:`rounds_left` for ``circuits`` rounds of the board still to make."""
        return circuits * self._r.n / self.MEAN_THROW

    @property
    def land(self) -> tuple[int, ...]:
        """The spaces that are land (sites, the Fisheries, the Moor, ...)."""
        return self._r.land

    @property
    def size(self) -> int:
        """Spaces on the track."""
        return self._r.n

    def terms(self, idx: int) -> SiteTerms:
        """What the rules in force pay on site ``idx`` (:meth:`Terms.site`)."""
        return self._terms.site(idx)

    def visit_cost(self, seat: int, idx: int) -> int:
        """What ``seat`` pays now on alighting on space ``idx`` (:meth:`Terms.visit_cost`)."""
        return self._terms.visit_cost(seat, idx)

    def wages(self, seat: int, all_improved: bool | None = None) -> int:
        """``seat``'s wages on passing Mother Earth now, or as they would be with its property
        all improved (``all_improved``): :meth:`Terms.wages`."""
        return self._terms.wages(seat, all_improved)

    def landing(self, idx: int) -> float:
        """The chance that one throw ends on space ``idx`` in the Part in force (:meth:`odds`)."""
        return self.odds()[idx]

    def odds(self) -> Mapping[int, float]:
        """The chance that one throw ends on each space in the Part in force, from the exact
        landing probabilities of :func:`landlord.engine.landing.exact`, worked out once per ruleset
        and Part (:func:`landlord.rules.memo.landing_odds`). Shared: read only."""
        g = self._r.g
        probs = self._landing.get(g.phase)
        if probs is None:
            probs = self._landing[g.phase] = landing_odds(british1913_movement, g.ruleset, g.phase)
        return probs
