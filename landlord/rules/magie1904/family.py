"""Lizzie Magie's 1904 patent game as a value (:class:`~landlord.rules.family.Family`): what the engine,
the loader's caller and the landing chain are handed of this family, from its own package."""

from __future__ import annotations

from landlord.rules.family import Family
from landlord.rules.magie1904.movement import magie1904_movement
from landlord.rules.magie1904.needs import NEEDS
from landlord.rules.magie1904.params import PARAMS, in_phase
from landlord.rules.magie1904.turns import Magie1904
from landlord.rules.magie1904.words import EVENTS, narrate

FAMILY = Family(
    name="magie1904", rules=Magie1904, params=in_phase, declared=PARAMS, readers={},
    events=EVENTS, narrate=narrate, home=__name__, movement=magie1904_movement,
    needs=NEEDS,
)
"""The magie1904 family."""
