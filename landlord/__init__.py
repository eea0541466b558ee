"""landlord: a land-economics teaching kit built on the games Monopoly grew out of.

Public API: load a ruleset, make a :class:`Game` with bots or people in the seats, play it,
read its events and results.
"""

from landlord.data.loader import load_board, load_ruleset, ruleset_ids
from landlord.engine.decisions import Decision
from landlord.engine.game import Game
from landlord.engine.phases import Trigger, parse_trigger
from landlord.engine.replay import replay
from landlord.engine.strategies import STRATEGIES, make_strategy
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.version import __version__

__all__ = [
    "STRATEGIES", "DataError", "Decision", "Game", "IllegalAction", "LandlordError",
    "Trigger", "__version__", "load_board", "load_ruleset", "make_strategy", "parse_trigger",
    "replay", "ruleset_ids",
]
