"""Kept so old imports work: the 1913 game's event words live in :mod:`landlord.rules.british1913.words`."""

from landlord.rules.british1913.words import EVENTS, narrate

__all__ = ["EVENTS", "narrate"]
