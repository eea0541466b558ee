"""What the families' cards share once read into their types (``magie1906.cards``,
``british1913.cards``): how a card moves a token for the landing chain, and reading a deck
card by card with the card that is wrong named."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, ClassVar, Literal, TypeVar

from landlord.engine.landing import CardMove

E = TypeVar("E")
T = TypeVar("T")

Goes = Literal["jail", "mother_earth", "back", "stay"]
"""Where a card sends a token: to jail (Gaol), to Mother Earth, ``amount`` spaces back, or
nowhere (a card of money)."""


def card_move(goes: Goes, amount: int, text: str, mother_earth: int) -> CardMove:
    """The card as a move of the landing chain (:class:`~landlord.engine.landing.CardMove`)."""
    if goes == "jail":
        return CardMove("jail", name=text)
    if goes == "mother_earth":
        return CardMove("to", target=mother_earth, name=text)
    if goes == "back":
        return CardMove("relative", target=-amount, name=text)
    return CardMove("stay", name=text)


class MovingCard:
    """What a family's card (a frozen dataclass with ``text``, ``action`` and ``amount``) does
    to a token: where its action sends it is the family's ``GOES`` (an action not there stays:
    a card of money)."""

    __slots__ = ()
    GOES: ClassVar[Mapping[Any, Goes]] = {}
    text: str
    action: str
    amount: int

    def move(self, mother_earth: int) -> CardMove:
        """What the card does to a token, for the landing chain: to jail (Gaol), to Mother
        Earth, ``amount`` spaces back, or nowhere (:func:`card_move`)."""
        return card_move(self.GOES.get(self.action, "stay"), self.amount, self.text, mother_earth)


def read_deck(read: Callable[[E], T], entries: Iterable[E]) -> tuple[T, ...]:
    """Each entry of a deck read by ``read``, in order; ValueError naming the card (from 1)
    that is wrong."""
    out = []
    for k, entry in enumerate(entries):
        try:
            out.append(read(entry))
        except ValueError as exc:
            raise ValueError(f"card {k + 1}: {exc}") from None
    return tuple(out)
