"""Monopoly's count at the end of play."""

from __future__ import annotations

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.monopoly.static import HOTEL
from landlord.rules.monopoly.words import MonopolyWords


class MonopolyCount(MonopolyWords):
    """The count: what each seat is worth at the end, and what a space shows on the table."""

    # -- the count --------------------------------------------------------------------------------
    def valuation(self, seat: int) -> SeatCount:
        """Short game END OF GAME: "(1.) cash ... (2.) lots, utilities and railroads owned by him
        at the price printed on the board; (3.) any mortgaged property owned by him at one-half
        price printed on the board; (4.) houses, valued at purchase price; (5.) hotels, valued at
        the purchase price including the value of the three houses turned in."

        DECISION: the time-limit game and a game stopped by ``max_rounds`` are counted the same
        way ("richest player then winning"). This is the count read clause by clause, one seat at
        a time; :meth:`results` is the same count for every seat in one pass (a test checks they
        agree).
        """
        pl = self.g.players[seat]
        pledged = sum(self.price[i] // 2 for i in pl.deeds if self.mortgaged[i])
        deeds = sum(self.price[i] for i in pl.deeds if not self.mortgaged[i]) + pledged
        buildings = sum(self.building_cost(i) for i in pl.deeds)
        return SeatCount(seat, self.g.cash(seat), deeds, buildings, mortgaged=pledged, where=pl.where)

    def results(self) -> list[SeatCount]:
        """Every seat's :meth:`valuation`: cash, deeds at the printed price (a mortgaged one at
        half, also shown as ``mortgaged``), houses and hotels at their purchase price ("RICHEST
        PLAYER WINS"; in the full game the last player left holds everything, and a bankrupt
        player counts 0)."""
        g = self.g
        counts = []
        bal = g.ledger.balances
        price, mort, hs, hc, tc = self.price, self.mortgaged, self.houses, self.house_cost, self.hotel_cost
        top = self.hotel_after
        for pl in g.players:
            land = buildings = pledged = 0
            for i in pl.deeds:
                if mort[i]:
                    pledged += price[i] // 2
                else:
                    land += price[i]
                h = hs[i]
                if h == HOTEL:
                    buildings += tc[i] + top * hc[i]
                elif h:
                    buildings += h * hc[i]
            counts.append(SeatCount(pl.seat, bal[pl.seat], land + pledged, buildings, 0, 0, 0, 0, pledged, pl.where))
        return counts

    def pieces(self, seat: int) -> dict[str, int]:
        """Deeds held and how many are mortgaged, houses, hotels, Get Out of Jail Free cards,
        and whether the player is bankrupt."""
        pl, hs = self.g.players[seat], self.houses
        return {"deeds": len(pl.deeds), "mortgaged deeds": sum(1 for i in pl.deeds if self.mortgaged[i]),
                "houses": sum(hs[i] for i in pl.deeds if hs[i] != HOTEL),
                "hotels": sum(1 for i in pl.deeds if hs[i] == HOTEL),
                "Get Out of Jail Free cards": len(pl.cards), "bankrupt": pl.out}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        bal = self.g.ledger.balances
        price, mort, hs, hc, tc = self.price, self.mortgaged, self.houses, self.house_cost, self.hotel_cost
        top = self.hotel_after
        out = []
        for pl in self.g.players:
            total = bal[pl.seat]
            for i in pl.deeds:
                total += price[i] // 2 if mort[i] else price[i]
                h = hs[i]
                if h == HOTEL:
                    total += tc[i] + top * hc[i]
                elif h:
                    total += h * hc[i]
            out.append(total)
        return tuple(out)

    def space_state(self, index: int) -> SpaceState:
        """The deed's owner, its mortgage, and the houses on it (a hotel counted as the five
        houses it equals, with ``hotel`` set; buildings are the deed owner's). Monopoly has no
        charters and no public ownership."""
        h = self.houses[index]
        owner = self.owner[index]
        return space_state(owner=owner, mortgaged=self.mortgaged[index], buildings=h,
                           hotel=h == HOTEL, building_owner=owner if h else None)
