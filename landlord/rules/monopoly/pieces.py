"""Monopoly's pieces: a seat's token and holdings, and a trade being put together."""

from __future__ import annotations

from dataclasses import dataclass, field

from landlord.data.decks import Card


@dataclass(slots=True)
class MonopolyPlayer:
    """A seat's state: token position, Jail, held Get Out of Jail Free cards, deeds owned."""

    seat: int
    pos: int = 0
    jail: bool = False
    jail_turns: int = 0
    out: bool = False
    cards: list[Card] = field(default_factory=list)
    deeds: set[int] = field(default_factory=set)

    @property
    def where(self) -> str:
        """``bankrupt``, ``jail`` or ``board``."""
        return "bankrupt" if self.out else "jail" if self.jail else "board"


@dataclass(slots=True)
class TradeOffer:
    """A trade being put together or answered: what ``proposer`` gives and takes."""

    proposer: int
    partner: int
    give: set[int] = field(default_factory=set)
    take: set[int] = field(default_factory=set)
    give_cards: list[str] = field(default_factory=list)
    take_cards: list[str] = field(default_factory=list)
    pay_cash: int = 0
    want_cash: int = 0

    def has_goods(self) -> bool:
        """A deed or a card changes hands (cash alone would be a loan or gift)."""
        return bool(self.give or self.take or self.give_cards or self.take_cards)
