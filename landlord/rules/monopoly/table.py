"""Monopoly's public table: what the bots read (deeds, buildings, mortgages, the trade on offer)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from landlord.rules.monopoly.state import MonopolyPlayer, MonopolyState, TradeOffer


class MonopolyTable:
    """What every seat can see of the table (read-only by convention): deeds and their owners,
    buildings, mortgages, groups, costs, the trade on offer, and each seat's token and held
    cards. The order of the decks is not here. Bots read the game only through this view."""

    __slots__ = ("_rules", "board", "code", "gbuilt", "gid", "hotel_after", "hotel_cost", "house_cost",
                 "houses", "lift_cost", "lot_options", "members", "mortgaged", "o_trade", "offer", "owner",
                 "street_groups", "trade_cash_steps")

    def __init__(self, rules: MonopolyState) -> None:
        self._rules = rules
        self.board = rules.g.board
        self.owner = rules.owner
        self.houses = rules.houses
        self.mortgaged = rules.mortgaged
        self.members = rules.members
        self.hotel_after = rules.hotel_after
        self.code = rules.code
        """each space's kind code (``K_STREET``, …)"""
        self.lift_cost = rules.lift_cost
        """what lifting each deed's mortgage costs"""
        self.house_cost, self.hotel_cost = rules.house_cost, rules.hotel_cost
        self.gid, self.gbuilt = rules.gid, rules.gbuilt
        """each space's group number; per group, how many of its lots carry buildings"""
        self.street_groups = rules.street_groups
        self.o_trade = rules.o_trade
        """the ``trade:<seat>`` option of each seat"""
        self.lot_options: dict[str, tuple[str, int]] = rules.lot_options
        """the house, hotel, mortgage and sell_house options of every lot: option -> (kind, lot)"""
        self.trade_cash_steps = rules.g.p["trade_cash_steps"]
        self.offer: TradeOffer | None = None

    @property
    def owners_version(self) -> int:
        """Bumped whenever a deed changes hands or a group gains or loses its last building."""
        return self._rules.owners_version

    @property
    def players(self) -> list[MonopolyPlayer]:
        """Every seat's token, Jail state, held cards and deeds."""
        return self._rules.g.players

    def group(self, idx: int) -> tuple[int, ...]:
        """The deeds of ``idx``'s colour group (or all railroads / both utilities)."""
        return self.members[idx]

    def holds_group(self, seat: int, idx: int) -> bool:
        """True when ``seat`` owns every deed of ``idx``'s group."""
        own = self.owner
        for i in self.members[idx]:  # noqa: SIM110 (a loop is faster than all() here)
            if own[i] != seat:
                return False
        return True

    def price(self, idx: int) -> int:
        """The printed price of a deed."""
        return self.board.spaces[idx].price

    def cash(self, seat: int) -> int:
        """A seat's cash (money lies on the table)."""
        return self._rules.g.ledger.balances[seat]

    def worth(self, seat: int) -> int:
        """A seat's total worth as Income Tax counts it (all of it lies on the table)."""
        return self._rules.worth(seat)

    def mortgage_room(self, seat: int) -> int:
        """What ``seat`` would raise by mortgaging every deed he may mortgage now (not yet
        mortgaged, no building on its group), without selling a building."""
        r = self._rules
        mort, gid, gbuilt, value = r.mortgaged, r.gid, r.gbuilt, r.mortgage_value
        return sum(value[i] for i in r.g.players[seat].deeds if not mort[i] and not gbuilt[gid[i]])
