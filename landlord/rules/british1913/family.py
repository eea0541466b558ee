"""The 1913 British game as a value (:class:`~landlord.rules.family.Family`): what the engine,
the loader's caller and the landing chain are handed of this family, from its own package."""

from __future__ import annotations

from landlord.rules.british1913.movement import british1913_movement
from landlord.rules.british1913.needs import NEEDS
from landlord.rules.british1913.params import PARAMS, READERS, in_phase
from landlord.rules.british1913.turns import British1913
from landlord.rules.british1913.words import EVENTS, narrate
from landlord.rules.family import Family

FAMILY = Family(
    name="british1913", rules=British1913, params=in_phase, declared=PARAMS, readers=READERS,
    events=EVENTS, narrate=narrate, home=__name__, movement=british1913_movement,
    needs=NEEDS,
)
"""The british1913 family."""
