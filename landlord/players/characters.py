"""The computer players' characters (landlord, tenant, speculator), each one valuation's
parameters (:data:`~landlord.engine.valuation.OUTLOOKS`), and every bot by name
(:data:`STRATEGIES`, :func:`make_strategy`): a character answers a vote by the voting rule and
every other decision as its family's players say (:mod:`landlord.players.registry`).
"""

from __future__ import annotations

from typing import Any

from landlord.engine.decisions import Decision, OptionText
from landlord.engine.strategies import VOTE_KINDS, RandomBot, SeatView, Strategy, vote_choice
from landlord.players.registry import BY_KIND, REST


class Character:
    """A bot of one character (``name``): it answers a vote by the voting rule and every other
    decision as the players of the decision's family say (:mod:`landlord.players.registry`).
    ``notes`` is what a family's bots remember between decisions (Monopoly: its trade plans)."""

    name = ""

    def __init__(self) -> None:
        self.notes: dict[str, Any] = {}

    def choose(self, view: SeatView, d: Decision) -> OptionText:
        if d.kind in VOTE_KINDS:
            return vote_choice(view, d)
        return BY_KIND.get(d.kind, REST)(self.name, self, view, d)


class Landlord(Character):
    """The ``landlord`` outlook (:data:`~landlord.engine.valuation.OUTLOOKS`): holds land and
    buildings for their income, keeping ``reserve`` in hand. In the Magie games every choice
    is valued by what the rules in force pay (:mod:`landlord.players.magie1904`,
    :mod:`landlord.players.magie1906`); it bids at a sale from the 1906 pack and trades cards
    as :mod:`landlord.players.magie1906` says. Votes by the voting rule. Monopoly and 1913:
    every choice from the one valuation (:mod:`landlord.players.monopoly`,
    :mod:`landlord.players.british1913`)."""

    name = "landlord"

    def __init__(self, reserve: int = 50) -> None:
        super().__init__()
        self.reserve = reserve


class Tenant(Character):
    """The ``tenant`` outlook: buys no land, tickets or cards; in the Magie games values
    every other choice as the landlord does (:mod:`landlord.players.magie1904`); 1906:
    sells a card to an offer at its valuation (:mod:`landlord.players.magie1906`). Votes by
    the voting rule. Monopoly: takes no deed
    by choice (never buys, bids or proposes a trade for one); its other choices from the one
    valuation (:mod:`landlord.players.monopoly`)."""

    name = "tenant"


class Speculator(Character):
    """The ``speculator`` outlook: holds land for a rise and borrows from the Bank to buy lots
    (1904); in the Magie games values every choice by what the rules pay
    (:mod:`landlord.players.magie1904`); 1906: bids at a sale from the pack, offers and bids
    for cards up to its valuation keeping $50 (:mod:`landlord.players.magie1906`). Votes by
    the voting rule.
    Monopoly: the one valuation, asking a quarter more than a deed is worth to it to sell
    (:mod:`landlord.players.monopoly`)."""

    name = "speculator"

    def __init__(self, repay_at: int = 300) -> None:
        super().__init__()
        self.repay_at = repay_at


STRATEGIES: dict[str, type] = {
    "landlord": Landlord, "tenant": Tenant, "speculator": Speculator, "random": RandomBot,
}


def make_strategy(name: str, seed: int | str = 0) -> Strategy:
    """A fresh bot by name; ``seed`` feeds the random bot. ValueError names the known bots."""
    try:
        cls = STRATEGIES[name]
    except KeyError:
        raise ValueError(f"unknown strategy {name!r} (known: {', '.join(STRATEGIES)})") from None
    bot: Strategy = cls(seed) if cls is RandomBot else cls()
    return bot
