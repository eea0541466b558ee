"""Monopoly's houses, hotels and mortgages."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.monopoly.count import MonopolyCount
from landlord.rules.monopoly.static import HOTEL, K_STREET


class MonopolyBuilding(MonopolyCount):
    """Houses, hotels and mortgages: what may be built, sold or mortgaged, and the building shortage."""

    if TYPE_CHECKING:  # played by a later layer of the family class
        def auction(self, seat: int, idx: int, bidders: list[int] | None = None, what: str = "deed",
                    floors: dict[int, int] | None = None) -> Play: ...


    # -- managing: building, selling, mortgaging, trading --------------------------------------
    def buildable(self, seat: int) -> list[str]:
        """HOUSES / HOTELS: on a complete colour group with no lot mortgaged, built evenly (no
        lot more than one house above another of its group), up to ``hotel_after`` houses, then
        a hotel on a lot once every lot of the group has ``hotel_after`` houses.

        DECISION: in the short game (``hotel_after = 3``) a lot goes from three houses to a
        hotel; a fourth house is not offered. Without houses in the Bank, no house can be
        built ("players wishing to build must wait").
        """
        out: list[str] = []
        houses, mort = self.houses, self.mortgaged
        cash = self.g.ledger.balances[seat]
        top = self.hotel_after
        for gname in sorted(self.full[seat]):
            group = self.groups[gname]
            if any(mort[j] for j in group):
                continue
            low = min(houses[j] for j in group)
            if low >= HOTEL:
                continue
            for j in group:
                h = houses[j]
                if h == low and h < top and self.houses_left and cash >= self.house_cost[j]:
                    out.append(self.o_house[j])
                elif h == top and low >= top and self.hotels_left and cash >= self.hotel_cost[j]:
                    out.append(self.o_hotel[j])
        return out

    def sellable(self, seat: int) -> list[str]:
        """SELLING PROPERTY: "Houses and hotels may be sold back to the Bank at any time for
        one-half the price paid for them ... sold one by one, evenly, in reverse" and "All
        hotels on one color-group may be sold at once. Or ... one house at a time (one hotel
        equals five houses)".

        DECISION: ``sell_all:<group>`` sells every building of the group at once (the same as
        selling them down evenly); a hotel is broken into ``hotel_after`` houses only when the
        Bank has that many houses.
        """
        out: list[str] = []
        houses = self.houses
        seen: set[str] = set()
        for i in self.g.players[seat].deeds:
            if self.code[i] != K_STREET or not houses[i]:
                continue
            gname = self.group_name[i]
            if gname in seen:
                continue
            seen.add(gname)
            group = self.members[i]
            high = max([houses[j] for j in group])
            for j in group:
                if houses[j] == high and (high != HOTEL or self.houses_left >= self.hotel_after):
                    out.append(self.o_sell_house[j])
            out.append(self.o_sell_all[gname])
        return out

    def mortgageable(self, seat: int) -> list[str]:
        """MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time.
        Before an improved property can be mortgaged all the buildings on all the properties of
        its color-group must be sold back"."""
        gid, gbuilt, mort = self.gid, self.gbuilt, self.mortgaged
        o_mortgage = self.o_mortgage
        return [o_mortgage[i] for i in sorted(self.g.players[seat].deeds)
                if not mort[i] and not gbuilt[gid[i]]]

    def raisable(self, seat: int) -> int:
        """The most ``seat`` could raise beyond his cash: every building sold back to the Bank
        at half its price (SELLING PROPERTY: "for one-half the price paid for them"; a hotel
        counted as sold house by house, its hotel and then the houses turned in for it, each
        half rounded down) and then every deed not yet mortgaged mortgaged at its value."""
        houses, hc, tc, mv, mort = self.houses, self.house_cost, self.hotel_cost, self.mortgage_value, self.mortgaged
        total = 0
        for i in self.g.players[seat].deeds:
            h = houses[i]
            if h == HOTEL:
                total += tc[i] // 2 + self.hotel_after * (hc[i] // 2)
            elif h:
                total += h * (hc[i] // 2)
            if not mort[i]:
                total += mv[i]
        return total

    def raise_options(self, seat: int) -> list[str]:
        """Ways to raise cash: sell buildings, mortgage."""
        return self.sellable(seat) + self.mortgageable(seat)

    def sell_buildings(self, seat: int, idx: int, refund: bool = True) -> None:
        """Sell every building on ``idx`` back to the Bank at half what it cost (``refund=False``:
        hand them back for nothing, as when the Bank takes a bankrupt's assets)."""
        h = self.houses[idx]
        half = self.building_cost(idx) // 2 if refund else 0
        if h == HOTEL:
            self.stock(0, 1)
        else:
            self.stock(h, 0)
        self.houses[idx] = 0
        self.sv[seat] += 1
        if h:
            self.n_built[seat] -= 1
            self.lot_cleared(idx)
        if half:
            self.g.pay(self.bank, seat, half, flows.IMPROVEMENT, "building sold", "Selling property")
        self.g.emit("sell_building", seat, space=idx, deed=self.names[idx], left=0)

    def lot_cleared(self, idx: int) -> None:
        """The last building on lot ``idx`` is gone: its group counts one built lot fewer
        (``owners_version`` is bumped when the group has none left)."""
        g_id = self.gid[idx]
        self.gbuilt[g_id] -= 1
        if not self.gbuilt[g_id]:
            self.owners_version += 1

    def can_place(self, seat: int, what: str) -> list[int]:
        """Lots where ``seat`` could put a house / hotel now (ignoring cash)."""
        own, houses, mort = self.owner, self.houses, self.mortgaged
        top = self.hotel_after
        out = []
        for i in self.g.players[seat].deeds:
            if self.code[i] != K_STREET:
                continue
            group = self.members[i]
            if any(own[j] != seat or mort[j] for j in group):
                continue
            low = min(houses[j] for j in group)
            h = houses[i]
            if (what == "house" and h == low and h < top) or (what == "hotel" and h == top and low >= top):
                out.append(i)
        return sorted(out)

    def wanted(self, seat: int, what: str, cap: int = 1 << 30) -> int:
        """How many houses (``what = "house"``) or hotels ``seat`` could buy now, one after
        another, at their printed prices with his cash in hand: houses up to ``hotel_after`` on
        each lot of his complete unmortgaged groups (evenly, so each house is one a lot of the
        group can take in some order), hotels on the lots ready for one, the cheapest first;
        the Bank's stock is left aside. Counted up to ``cap`` at most."""
        houses, mort, top = self.houses, self.mortgaged, self.hotel_after
        lots: list[tuple[int, int]] = []  # (price, how many) for each lot that can take some
        for gname in self.full[seat]:
            group = self.groups[gname]
            low = HOTEL
            for j in group:
                if mort[j]:
                    low = -1
                    break
                if houses[j] < low:
                    low = houses[j]
            if low < 0:
                continue
            if what == "house":
                if low < top:
                    lots += [(self.house_cost[j], top - houses[j]) for j in group if houses[j] < top]
            elif low >= top:
                lots += [(self.hotel_cost[j], 1) for j in group if houses[j] == top]
        if not lots:
            return 0
        cash = self.g.ledger.balances[seat]
        count = 0
        lots.sort()
        for cost, n in lots:
            k = min(n, cash // cost) if cost else n
            count += k
            cash -= k * cost
            if k < n or count >= cap:
                break
        return min(count, cap)

    def build(self, seat: int, choice: str) -> Play:
        """Buy a house or hotel. BUILDING SHORTAGE: "If there are a limited number of houses and
        hotels available, and two or more players wish to buy more than the Bank has, the houses
        or hotels must be sold at auction to the highest bidder."

        DECISION (who wishes to buy how many): a player wishes to buy as many houses (hotels)
        as he could put up now one after another at their printed prices with the cash in his
        hand, building evenly on his complete unmortgaged groups, the Bank's stock aside
        (:meth:`wanted`); the asker is counted the same way. The Bank is short when two or more
        players wish to buy at least one and together they wish to buy more than the Bank has
        left. Then the building asked for is auctioned among those players (the asker bids
        first); the winner pays his bid instead of the printed price and chooses the lot
        (``place_building``). One building is sold per auction: the asker may ask again.

        DECISION (the auction's floor): "It sells houses and hotels to the players" (THE BANK):
        the shortage auction decides which of the players who "wish to buy" gets a building, and
        "Bidding may start at any price" is said of properties only. So no building is sold
        below its printed cost: each bidder's least bid is the cost of the building on the
        cheapest lot where he could put it (a rival is one whose cash covers that), and the
        winner puts it on a lot whose cost his bid covers.
        """
        what, arg = parse_option(choice)
        idx = int(arg)
        left = self.houses_left if what == "house" else self.hotels_left
        rivals: list[int] = []
        wish = 0
        full = self.full
        for s in self.others(seat):
            if full[s]:
                k = self.wanted(s, what, left + 1)
                if k:
                    wish += k
                    rivals.append(s)
        if rivals and wish + self.wanted(seat, what, left + 1) > left:
            order = [seat, *rivals]
            costs = self.house_cost if what == "house" else self.hotel_cost
            floors = {s: min(costs[i] for i in self.can_place(s, what)) for s in order}
            winner = yield from self.auction(seat, -1, order, what, floors)
            if winner < 0:
                return
            lots = [i for i in self.can_place(winner, what) if costs[i] <= self.sold_for]
            if len(lots) == 1:
                where = lots[0]
            else:
                pick = yield Decision(winner, "place_building", tuple(option(what, i) for i in lots))
                where = int(parse_option(pick).arg)
            self.put_building(winner, where, what, 0)
            return
        cost = self.house_cost[idx] if what == "house" else self.hotel_cost[idx]
        self.put_building(seat, idx, what, cost)

    def put_building(self, seat: int, idx: int, what: str, cost: int) -> None:
        """Put a house or hotel on ``idx`` (a hotel takes back the lot's houses)."""
        g = self.g
        if cost:
            g.pay(seat, self.bank, cost, flows.IMPROVEMENT, what, "Houses" if what == "house" else "Hotels")
        self.sv[seat] += 1
        if what == "house":
            if not self.houses[idx]:
                self.n_built[seat] += 1
                g_id = self.gid[idx]
                self.gbuilt[g_id] += 1
                if self.gbuilt[g_id] == 1:  # the group's first building
                    self.owners_version += 1
            self.houses[idx] += 1
            self.stock(-1, 0)
        else:
            # HOTELS: "He returns the four houses from that property to the Bank"
            self.stock(self.houses[idx], -1)
            self.houses[idx] = HOTEL
        if g.events is not None:
            g.emit("build", seat, what=what, space=idx, deed=self.names[idx],
                   houses_left=self.houses_left, hotels_left=self.hotels_left)
