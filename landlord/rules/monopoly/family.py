"""Monopoly and its variants as a value (:class:`~landlord.rules.family.Family`): what the engine,
the loader's caller and the landing chain are handed of this family, from its own package."""

from __future__ import annotations

from landlord.rules.family import Family
from landlord.rules.monopoly.movement import monopoly_family_movement
from landlord.rules.monopoly.needs import NEEDS
from landlord.rules.monopoly.params import PARAMS, in_phase
from landlord.rules.monopoly.turns import Monopoly
from landlord.rules.monopoly.words import EVENTS, narrate

FAMILY = Family(
    name="monopoly", rules=Monopoly, params=in_phase, declared=PARAMS, readers={},
    events=EVENTS, narrate=narrate, home=__name__, movement=monopoly_family_movement,
    needs=NEEDS,
)
"""The monopoly family."""
