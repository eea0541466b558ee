"""Magie's 1906 edition as a value (:class:`~landlord.rules.family.Family`): what the engine,
the loader's caller and the landing chain are handed of this family, from its own package."""

from __future__ import annotations

from landlord.rules.family import Family
from landlord.rules.magie1906.movement import magie1906_movement
from landlord.rules.magie1906.needs import NEEDS
from landlord.rules.magie1906.params import PARAMS, READERS, in_phase
from landlord.rules.magie1906.turns import Magie1906
from landlord.rules.magie1906.words import EVENTS, narrate

FAMILY = Family(
    name="magie1906", rules=Magie1906, params=in_phase, declared=PARAMS, readers=READERS,
    events=EVENTS, narrate=narrate, home=__name__, movement=magie1906_movement,
    needs=NEEDS,
)
"""The magie1906 family."""
