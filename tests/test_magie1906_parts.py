"""The 1906 family as a state and its parts (issue 39, point 2): the family class composes a
state object and parts over it, and inherits only the Magie families' single-tax rules on the
engine's round of turns."""

from __future__ import annotations

from typing import Any

from class_shapes import kit_classes
from magie1906_helpers import table

from landlord.rules.magie1906 import Magie1906, Prospects1906
from landlord.rules.magie1906.houses import Building1906
from landlord.rules.magie1906.market import Market1906
from landlord.rules.magie1906.money import Money1906
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.public import SingleTax1906
from landlord.rules.magie1906.state import Magie1906State
from landlord.rules.single_tax import SingleTaxRules, SingleTaxState

PARTS: dict[str, Any] = {"money": Money1906, "market": Market1906, "single_tax": SingleTax1906,
                         "building": Building1906, "pays": Pays1906}


def test_the_family_class_inherits_only_the_single_tax_rules_on_the_round_of_turns() -> None:
    assert kit_classes(Magie1906)[:2] == [Magie1906, SingleTaxRules]
    assert len(kit_classes(Magie1906)) <= 4, kit_classes(Magie1906)  # and RoundsOfTurns, Rules
    assert kit_classes(Magie1906State) == [Magie1906State, SingleTaxState]
    for part in PARTS.values():
        assert kit_classes(part) == [part], part  # a part is one class, inheriting none of the kit's


def test_every_part_holds_the_one_state_of_the_game() -> None:
    g = table()
    r = g.rules
    assert isinstance(r, Magie1906) and isinstance(r.state, Magie1906State)
    for name, cls in PARTS.items():
        part = getattr(r, name)
        assert isinstance(part, cls) and part.s is r.state, name
    assert r.money.market is r.market and r.money.kit is r
    # what the engine's round of turns reads is the state's own
    assert r.owner is r.state.owner and r.kinds is r.state.kinds and r.params is r.state.params
    assert isinstance(r.prospects, Prospects1906) and r.prospects.params is r.state.params


def test_the_state_holds_the_data_and_the_pays_read_the_rules_over_it() -> None:
    """Issue 39, point 2: no object holds more than one concern. The state answers who holds
    what (the cards, those that may change hands or be built on, the corners behind a space);
    what the rules in force pay and cost (rents, fares, taxes, wages, what a card secures, who
    the end waits for) is the ``pays`` part's, which the money, the houses, the landings and
    the prospects share."""
    r = table().rules
    assert isinstance(r, Magie1906)
    readings = ("land_rent", "house_rent", "necessity_tax", "fare", "landing_cost", "house_sale",
                "mortgage_value", "redeem_cost", "raise_options", "raisable", "earns_wages", "wages_for",
                "awaited")
    assert not [name for name in readings if hasattr(r.state, name)]
    assert all(hasattr(r.pays, name) for name in readings)
    assert r.money.pays is r.building.pays is r.pays
    assert r.prospects._pays is r.pays
    assert r.prospects.wages_for(0) == r.pays.wages_for(0) and r.prospects.raise_options(0) == r.pays.raise_options(0)
