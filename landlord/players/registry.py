"""Each rules family's computer players, by the family's name, kept once (:data:`PLAYERS`), and
the answer to each decision kind they claim (:data:`BY_KIND`): what a character
(:mod:`landlord.players.characters`) answers a decision with.

A family's players are a module, ``landlord.players.<family>``, with the decision kinds it
claims (``ANSWERS``; no kind is two families') and its ``answer``; the 1904 players answer every
kind no other family's players claim (:data:`REST`).
"""

from __future__ import annotations

from types import ModuleType

from landlord.engine.strategies import VOTE_KINDS, BotAnswer
from landlord.players import british1913, magie1904, magie1906, monopoly

PLAYERS: dict[str, ModuleType] = {
    "magie1904": magie1904, "magie1906": magie1906, "british1913": british1913, "monopoly": monopoly,
}
"""Each family's players, by the family's name (a ruleset's ``family``)."""

REST: BotAnswer = magie1904.answer
"""The answer to the decision kinds no family's players claim by name: the 1904 players'."""


def _by_kind() -> dict[str, BotAnswer]:
    """Each decision kind's answer, from the kinds each family's players claim (no kind is two
    families', and none is a vote: every character votes alike)."""
    by_kind: dict[str, BotAnswer] = {}
    for bots in PLAYERS.values():
        for kind in bots.ANSWERS:
            if kind in by_kind or kind in VOTE_KINDS:
                raise RuntimeError(f"decision kind {kind!r} is claimed by two families' bots")
            by_kind[kind] = bots.answer
    return by_kind


BY_KIND: dict[str, BotAnswer] = _by_kind()
"""Each decision kind claimed by a family's players, and their answer."""
