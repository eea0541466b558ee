"""landlord: a land-economics teaching kit built on the games Monopoly grew out of.

Public API: load a ruleset, make a game with bots or people in the seats (``Game``: a game of
the ruleset's own rules family, :class:`landlord.rules.families.FamilyGame`), play it, read its
events and results.

The names are imported when first used (PEP 562), so that ``import landlord.apps.cli`` — the
``landlord`` command — does not pay for the engine, pandas and the rules before it has read
its arguments.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from landlord.charts.deferred import defer_iri_grammar
from landlord.errors import DataError, IllegalAction, LandlordError
from landlord.version import __version__

defer_iri_grammar()  # before anything imports Altair (landlord.charts.deferred says why)

if TYPE_CHECKING:  # what a type checker sees; at run time each is imported on first use
    from landlord.data.loader import load_board, load_ruleset, ruleset_ids
    from landlord.engine.decisions import Decision
    from landlord.engine.phases import Trigger, parse_trigger
    from landlord.players.characters import STRATEGIES, make_strategy
    from landlord.rules.families import FamilyGame as Game
    from landlord.rules.families import replay

__all__ = [
    "STRATEGIES", "DataError", "Decision", "Game", "IllegalAction", "LandlordError",
    "Trigger", "__version__", "load_board", "load_ruleset", "make_strategy", "parse_trigger",
    "replay", "ruleset_ids",
]


def __getattr__(name: str) -> Any:
    """The package face's name ``name``, imported from the module that defines it on first use
    (then kept here)."""
    if name in ("load_board", "load_ruleset", "ruleset_ids"):
        from landlord.data import loader
        value = getattr(loader, name)
    elif name == "Decision":
        from landlord.engine import decisions
        value = decisions.Decision
    elif name == "Game":
        from landlord.rules import families
        value = families.FamilyGame
    elif name in ("Trigger", "parse_trigger"):
        from landlord.engine import phases
        value = getattr(phases, name)
    elif name == "replay":
        from landlord.rules import families
        value = families.replay
    elif name in ("STRATEGIES", "make_strategy"):
        from landlord.players import characters
        value = getattr(characters, name)
    else:
        raise AttributeError(f"module 'landlord' has no attribute {name!r}")
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
