"""The Newbie Game Company's 1913 British game, "Brer Fox an' Brer Rabbit", in three Parts.

Part 1 buys the land, Part 2 improves it (and rates the improvements), Part 3 takes the rates off
improvements and levies them on land values. Each Part is a phase (``part1``/``part2``/``part3``)
of one rules family: a ruleset starting in any phase is a complete game, and phase
:class:`~landlord.engine.phases.Trigger` s switch Part 1 -> 2 -> 3 on the same holdings.

The game is a state and its parts: :class:`~landlord.rules.british1913.state.British1913State`
(``state.py``: the game as it stands, who holds what) is read by what the rules in force pay
(``terms``: a site's terms, the wages, the scarcity), and read and written by the land ``market``,
the ``debts``, the moves and landings (``sites``) and the ``count``, each a part holding the state;
the players read the land's ``prospects``; ``words`` and ``position`` are functions; the family
class :class:`British1913` (``turns.py``: set-up, turns, the switches of Part) composes them.

Each rule below quotes the clause it plays (the rules are ``docs/sources/british-1913-rules.txt``).
The board is a documented reconstruction (``data/boards/brer-fox-1913.toml``); where the rules leave
a point open the kit's decision is written beside the rule as ``DECISION:`` and has a test.
"""

from __future__ import annotations

from landlord.rules.british1913.prospects import LandProspects
from landlord.rules.british1913.state import (
    ASYLUM,
    FREE,
    GAOL,
    GOVERNMENT,
    LAND_KINDS,
    NOBODY,
    PLACES,
    POOR,
    TRACK,
    BritishPlayer,
    Debt,
)
from landlord.rules.british1913.turns import British1913

__all__ = [
    "ASYLUM",
    "FREE",
    "GAOL",
    "GOVERNMENT",
    "LAND_KINDS",
    "NOBODY",
    "PLACES",
    "POOR",
    "TRACK",
    "British1913",
    "BritishPlayer",
    "Debt",
    "LandProspects",
]
