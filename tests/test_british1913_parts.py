"""The 1913 family as a state and its parts (issue 39, point 2): the family class composes a
state object and parts over it, and inherits only the engine's round of turns."""

from __future__ import annotations

from british1913_helpers import btable
from class_shapes import kit_classes

from landlord.rules.british1913 import British1913
from landlord.rules.british1913.count import Count
from landlord.rules.british1913.debts import Debts
from landlord.rules.british1913.market import Market
from landlord.rules.british1913.prospects import LandProspects
from landlord.rules.british1913.sites import Sites
from landlord.rules.british1913.state import British1913State
from landlord.rules.british1913.terms import Terms

PARTS = {"terms": Terms, "market": Market, "debts": Debts, "sites": Sites, "count": Count}


def test_the_family_class_inherits_at_most_three_of_the_kits_classes() -> None:
    assert len(kit_classes(British1913)) <= 3, kit_classes(British1913)
    for part in (British1913State, LandProspects, *PARTS.values()):
        assert kit_classes(part) == [part], part  # a part is one class, inheriting none of the kit's


def test_every_part_holds_the_one_state_of_the_game() -> None:
    g = btable()
    r = g.rules
    assert isinstance(r, British1913) and isinstance(r.state, British1913State)
    for name, cls in PARTS.items():
        part = getattr(r, name)
        assert isinstance(part, cls) and part.state is r.state, name
    # what the engine's round of turns reads is the state's own
    assert r.order is r.state.order and r.owner is r.state.owner and r.params is r.state.params
    assert isinstance(r.prospects, LandProspects)


def test_the_state_holds_the_data_and_the_terms_read_the_rules_over_it() -> None:
    """Issue 39, point 2: no object holds more than one concern. The state answers who holds
    what; what the rules in force pay (a site's terms, the wages, the scarcity, ...) is the
    ``terms`` part's, which the market, the debts, the landings and the prospects share."""
    r = btable().rules
    assert isinstance(r, British1913)
    readings = ("site_terms", "visit_cost", "wages", "assessment", "rent_restored", "trespass_square",
                "all_improved", "scarcity", "may_carry", "carriers", "improvable", "prospects")
    assert not [name for name in readings if hasattr(r.state, name)]
    assert r.market.terms is r.debts.terms is r.sites.terms is r.terms
    site = r.state.land[0]
    assert r.prospects.terms(site) is r.terms.site(site)
