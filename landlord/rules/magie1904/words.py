"""The words students see in the 1904 patent game: the sentences of its own events (its option labels
and decisions are the family class's OPTIONS and DECISIONS)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from landlord.board import Board
from landlord.events import Event
from landlord.narrate import marked, terms

EVENTS = frozenset({
    "ticket", "ticket_returned", "pass", "lot_full", "charter", "legacy",
    "repaid", "open_land", "estate_opened",
})
"""Event kinds that only the 1904 patent game emits (its sentences are here; shared ones in :mod:`landlord.narrate`)."""


def sentences(e: Event, who: str, cur: str, space: Callable[..., str]) -> dict[str, str]:
    """The sentences of the events only the 1904 patent game emits."""
    return {
        "ticket": f"{who} drew the lot ticket for {e.get('lot')}.",
        "ticket_returned": f"{who} put the ticket for {space()} back in the Wages box.",
        "pass": f"{who} used a pass from {space('jump_from')} to {space('jump_to')}.",
        "lot_full": f"{space()} already has two players on it: {who} stops one space short.",
        "charter": f"{who} placed a charter on the {e.get('franchise')}.",
        "legacy": f"{who} received a legacy.",
        "repaid": f"{who} repaid loan #{e.get('id')}.",
        "open_land": f"{space()} is open land now: {who} is no trespasser.",
        "estate_opened": f"The Public Treasury opens {e.get('name')} to all.",
    }


def narrate(e: Event, names: Sequence[str], board: Board) -> str:
    """One event only the 1904 patent game emits, as a sentence."""
    who, cur, space = terms(e, names, board)
    return marked(e, sentences(e, who, cur, space)[e.kind])
