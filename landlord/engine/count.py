"""The count of a seat: what a player is worth, in money, as the rules reckon it up.

Every rules family's ``results()`` returns one :class:`SeatCount` per seat, in seat order: its
cash, land, improvements and debts, and the parts only some families have (money owed to the
seat by other players, luxuries, other cards), each at the value the family's count gives it.
The total is their sum, so it cannot disagree with its parts. Metrics (the per-turn panel),
sweep rows, the game's snapshots, the bots' view of the table, the classroom and the players'
panel read these fields; none reads a family's own names for them. The words students see for
each part are :data:`WORDS`, kept here and nowhere else (as :mod:`landlord.engine.flows` keeps the
words for each kind of money flow).

A family's other things on the table that are not money (lots held, houses, times round the
board) are its rules' ``pieces(seat)``, shown beside the count.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple


class SeatCount(NamedTuple):
    """One seat's count (a named tuple: cheap to make at every turn's snapshot, immutable).

    ``total = cash + land + improvements + credits + luxuries + cards - debts``.
    """

    seat: int
    """The seat counted (0 = the first player)."""
    cash: int
    """Cash in hand."""
    land: int = 0
    """Land held (lots, sites, title deeds) at the value the count gives it: the printed price
    in the 1904 and 1913 games and Monopoly (a mortgaged Monopoly deed at half of it), a card's
    value in 1906, nothing under the single tax ("the Title Deeds are of no value")."""
    improvements: int = 0
    """Houses, hotels and improvements at the value the count gives them."""
    debts: int = 0
    """What the seat still owes: loans, mortgages and unpaid debts."""
    credits: int = 0
    """What other players still owe the seat (loans made, debts owed to it)."""
    luxuries: int = 0
    """Luxuries bought, at the value the count gives them."""
    cards: int = 0
    """Other cards that count: 1906 railroad and franchise charters, the broker's licence and
    Professor cards; 1904 legacy tickets."""
    mortgaged: int = 0
    """The part of ``land`` that is mortgaged, as counted (Monopoly: half the printed price);
    already in ``land``, shown to say how much of it is pledged."""
    where: str = ""
    """Where the player is (``jail``, ``poorhouse``, …; ``""`` or ``board``: on the board)."""

    @property
    def total(self) -> int:
        """What the seat is worth: its holdings and what it is owed, less its debts."""
        return self.cash + self.land + self.improvements + self.credits + self.luxuries + self.cards - self.debts

    @property
    def other(self) -> int:
        """The parts beyond cash, land, improvements and debts: money owed to the seat,
        luxuries, other cards."""
        return self.credits + self.luxuries + self.cards


PARTS: tuple[str, ...] = ("cash", "land", "improvements", "debts", "credits", "luxuries", "cards", "mortgaged")
"""The money fields of :class:`SeatCount`, in the order they are shown."""

WORDS: dict[str, str] = {
    "cash": "cash",
    "land": "land",
    "improvements": "houses and improvements",
    "debts": "debts",
    "credits": "owed by others",
    "luxuries": "luxuries",
    "cards": "other cards",
    "mortgaged": "of the land mortgaged",
    "total": "total",
}
"""The words students see for each part of a count (every part has words: a test checks)."""


def ranks(counts: Sequence[SeatCount]) -> list[int]:
    """Competition ranks by total, in seat order (1 = richest; equal totals share a rank)."""
    totals = [c.total for c in counts]
    # in the totals sorted richest first, a total's first place is the count of totals above it
    order = sorted(totals, reverse=True)
    return [1 + order.index(t) for t in totals]


def winners(counts: Sequence[SeatCount]) -> list[int]:
    """The seats with the highest total (more than one on a tie)."""
    best = max(c.total for c in counts)
    return [c.seat for c in counts if c.total == best]


def parts_words(count: SeatCount, currency: str) -> list[str]:
    """The count's non-zero parts beyond cash, in words: ``["land $460", "debts $50"]``."""
    return [f"{WORDS[p]} {currency}{getattr(count, p)}" for p in PARTS[1:] if getattr(count, p)]
