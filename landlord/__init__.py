"""landlord: a land-economics teaching kit built on the games Monopoly grew out of.

Public API: load a ruleset, make a :class:`Game` with bots or people in the seats, play it,
read its events and results.

The names are imported when first used (PEP 562), so that ``import landlord.apps.cli`` — the
``landlord`` command — does not pay for the engine, pandas and the rules before it has read
its arguments.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.version import __version__

if TYPE_CHECKING:
    from landlord.data.loader import load_board, load_ruleset, ruleset_ids
    from landlord.engine.decisions import Decision
    from landlord.engine.game import Game
    from landlord.engine.phases import Trigger, parse_trigger
    from landlord.engine.replay import replay
    from landlord.engine.strategies import STRATEGIES, make_strategy

_HOMES = {
    "load_board": "landlord.data.loader", "load_ruleset": "landlord.data.loader",
    "ruleset_ids": "landlord.data.loader", "Decision": "landlord.engine.decisions",
    "Game": "landlord.engine.game", "Trigger": "landlord.engine.phases",
    "parse_trigger": "landlord.engine.phases", "replay": "landlord.engine.replay",
    "STRATEGIES": "landlord.engine.strategies", "make_strategy": "landlord.engine.strategies",
}
"""Where each lazily imported name of the package face is defined."""

__all__ = [
    "STRATEGIES", "DataError", "Decision", "Game", "IllegalAction", "LandlordError",
    "Trigger", "__version__", "load_board", "load_ruleset", "make_strategy", "parse_trigger",
    "replay", "ruleset_ids",
]


def __getattr__(name: str) -> Any:
    """The package face's name ``name``, imported from its home on first use."""
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'landlord' has no attribute {name!r}")
    value = getattr(importlib.import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
