"""The 1906 family as a state and its parts (issue 39, point 2): the family class composes a
state object and parts over it, and inherits only the Magie families' single-tax rules on the
engine's round of turns."""

from __future__ import annotations

from typing import Any

from magie1906_helpers import table

from landlord.rules.magie1906 import Magie1906, Prospects1906
from landlord.rules.magie1906.houses import Building1906
from landlord.rules.magie1906.market import Market1906
from landlord.rules.magie1906.money import Money1906
from landlord.rules.magie1906.public import SingleTax1906
from landlord.rules.magie1906.state import Magie1906State
from landlord.rules.single_tax import SingleTaxRules, SingleTaxState

PARTS: dict[str, Any] = {"money": Money1906, "market": Market1906, "single_tax": SingleTax1906,
                         "building": Building1906}


def kit_classes(cls: type) -> list[type]:
    """The kit's own classes ``cls`` is made of, itself included."""
    return [c for c in cls.__mro__ if c.__module__.startswith("landlord.")]


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
