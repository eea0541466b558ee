"""landlord: a land-economics teaching kit built on the games Monopoly grew out of.

Public API: load a ruleset, make a :class:`Game` with bots or people in the seats, play it,
read its events and results.
"""

from landlord.decisions import Decision
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.game import Game, replay
from landlord.loader import load_board, load_ruleset, ruleset_ids
from landlord.phases import Trigger, parse_trigger
from landlord.strategies import STRATEGIES, make_strategy

__version__ = "0.1.0"

__all__ = [
    "STRATEGIES", "DataError", "Decision", "Game", "IllegalAction", "LandlordError",
    "Trigger", "__version__", "load_board", "load_ruleset", "make_strategy", "parse_trigger",
    "replay", "ruleset_ids",
]
