"""Monopoly's houses, hotels and mortgages: a part over the game's state."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.errors import LandlordError
from landlord.rules.monopoly.auction import auction
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import HOTEL, K_STREET


class Building:
    """Houses, hotels and mortgages: what may be built, sold or mortgaged, and the building
    shortage (a part of the family, over its :class:`MonopolyState`)."""

    __slots__ = ("state",)

    def __init__(self, state: MonopolyState) -> None:
        self.state = state

    # -- managing: building, selling, mortgaging, trading --------------------------------------
    def buildable(self, seat: int) -> list[str]:
        """HOUSES / HOTELS: on a complete colour group with no lot mortgaged, built evenly (no
        lot more than one house above another of its group), up to ``hotel_after`` houses, then
        a hotel on a lot once every lot of the group has ``hotel_after`` houses.

        DECISION: in the short game (``hotel_after = 3``) a lot goes from three houses to a
        hotel; a fourth house is not offered. Without houses in the Bank, no house can be
        built ("players wishing to build must wait").
        """
        st = self.state
        out: list[str] = []
        houses, mort = st.houses, st.mortgaged
        cash = st.g.ledger.balances[seat]
        top = st.hotel_after
        for gname in sorted(st.full[seat]):
            group = st.groups[gname]
            if any(mort[j] for j in group):
                continue
            low = min(houses[j] for j in group)
            if low >= HOTEL:
                continue
            for j in group:
                h = houses[j]
                if h == low and h < top and st.houses_left and cash >= st.house_cost[j]:
                    out.append(st.o_house[j])
                elif h == top and low >= top and st.hotels_left and cash >= st.hotel_cost[j]:
                    out.append(st.o_hotel[j])
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
        st = self.state
        out: list[str] = []
        houses = st.houses
        seen: set[str] = set()
        for i in st.g.players[seat].deeds:
            if st.code[i] != K_STREET or not houses[i]:
                continue
            gname = st.group_name[i]
            if gname in seen:
                continue
            seen.add(gname)
            group = st.members[i]
            high = max([houses[j] for j in group])
            for j in group:
                if houses[j] == high and (high != HOTEL or st.houses_left >= st.hotel_after):
                    out.append(st.o_sell_house[j])
            out.append(st.o_sell_all[gname])
        return out

    def mortgageable(self, seat: int) -> list[str]:
        """MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time.
        Before an improved property can be mortgaged all the buildings on all the properties of
        its color-group must be sold back"."""
        st = self.state
        gid, gbuilt, mort = st.gid, st.gbuilt, st.mortgaged
        o_mortgage = st.o_mortgage
        return [o_mortgage[i] for i in sorted(st.g.players[seat].deeds)
                if not mort[i] and not gbuilt[gid[i]]]

    def raise_options(self, seat: int) -> list[str]:
        """Ways to raise cash: sell buildings, mortgage."""
        return self.sellable(seat) + self.mortgageable(seat)

    def apply_manage(self, seat: int, choice: str) -> None:
        """Carry out a sell / mortgage / unmortgage choice (already checked legal)."""
        st = self.state
        g = st.g
        head, arg = parse_option(choice)
        if head == "sell_all":
            for i in st.groups[arg]:
                if st.houses[i]:
                    self.sell_buildings(seat, i)
            return
        idx = int(arg)
        if head == "sell_house":
            st.sv[seat] += 1
            h = st.houses[idx]
            if h == HOTEL:
                refund = st.hotel_cost[idx] // 2
                st.houses[idx] = st.hotel_after
                st.stock(-st.hotel_after, 1)
            else:
                refund = st.house_cost[idx] // 2
                st.houses[idx] = h - 1
                st.stock(1, 0)
                if h == 1:
                    st.n_built[seat] -= 1
                    self.lot_cleared(idx)
            g.pay(st.bank, seat, refund, flows.IMPROVEMENT, "building sold", "Selling property")
            g.emit("sell_building", seat, space=idx, deed=st.names[idx], left=st.houses[idx])
        elif head == "mortgage":
            st.sv[seat] += 1
            st.mortgaged[idx] = True
            g.pay(st.bank, seat, st.mortgage_value[idx], flows.LOAN, "mortgage", "Mortgages")
            g.emit("mortgaged", seat, space=idx, deed=st.names[idx])
        elif head == "unmortgage":
            # "the owner must pay the Bank the amount of the mortgage plus 10% interest"
            cost = st.mortgage_value[idx] + st.interest(idx)
            g.pay(seat, st.bank, cost, flows.REPAYMENT, "mortgage lifted", "Mortgages")
            st.mortgaged[idx] = False
            st.sv[seat] += 1
            g.emit("unmortgage", seat, space=idx, deed=st.names[idx], paid=cost)
        else:
            raise LandlordError(f"unknown manage action {choice!r}")

    def sell_buildings(self, seat: int, idx: int, refund: bool = True) -> None:
        """Sell every building on ``idx`` back to the Bank at half what it cost (``refund=False``:
        hand them back for nothing, as when the Bank takes a bankrupt's assets)."""
        st = self.state
        h = st.houses[idx]
        half = st.building_cost(idx) // 2 if refund else 0
        if h == HOTEL:
            st.stock(0, 1)
        else:
            st.stock(h, 0)
        st.houses[idx] = 0
        st.sv[seat] += 1
        if h:
            st.n_built[seat] -= 1
            self.lot_cleared(idx)
        if half:
            st.g.pay(st.bank, seat, half, flows.IMPROVEMENT, "building sold", "Selling property")
        st.g.emit("sell_building", seat, space=idx, deed=st.names[idx], left=0)

    def lot_cleared(self, idx: int) -> None:
        """The last building on lot ``idx`` is gone: its group counts one built lot fewer
        (``owners_version`` is bumped when the group has none left)."""
        st = self.state
        g_id = st.gid[idx]
        st.gbuilt[g_id] -= 1
        if not st.gbuilt[g_id]:
            st.owners_version += 1

    def can_place(self, seat: int, what: str) -> list[int]:
        """Lots where ``seat`` could put a house / hotel now (ignoring cash)."""
        st = self.state
        own, houses, mort = st.owner, st.houses, st.mortgaged
        top = st.hotel_after
        out = []
        for i in st.g.players[seat].deeds:
            if st.code[i] != K_STREET:
                continue
            group = st.members[i]
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
        st = self.state
        houses, mort, top = st.houses, st.mortgaged, st.hotel_after
        lots: list[tuple[int, int]] = []  # (price, how many) for each lot that can take some
        for gname in st.full[seat]:
            group = st.groups[gname]
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
                    lots += [(st.house_cost[j], top - houses[j]) for j in group if houses[j] < top]
            elif low >= top:
                lots += [(st.hotel_cost[j], 1) for j in group if houses[j] == top]
        if not lots:
            return 0
        cash = st.g.ledger.balances[seat]
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
        st = self.state
        what, arg = parse_option(choice)
        idx = int(arg)
        left = st.houses_left if what == "house" else st.hotels_left
        rivals: list[int] = []
        wish = 0
        full = st.full
        for s in st.others(seat):
            if full[s]:
                k = self.wanted(s, what, left + 1)
                if k:
                    wish += k
                    rivals.append(s)
        if rivals and wish + self.wanted(seat, what, left + 1) > left:
            order = [seat, *rivals]
            costs = st.house_cost if what == "house" else st.hotel_cost
            floors = {s: min(costs[i] for i in self.can_place(s, what)) for s in order}
            winner = yield from auction(st, seat, -1, order, what, floors)
            if winner < 0:
                return
            lots = [i for i in self.can_place(winner, what) if costs[i] <= st.sold_for]
            if len(lots) == 1:
                where = lots[0]
            else:
                pick = yield Decision(winner, "place_building", tuple(option(what, i) for i in lots))
                where = int(parse_option(pick).arg)
            self.put_building(winner, where, what, 0)
            return
        cost = st.house_cost[idx] if what == "house" else st.hotel_cost[idx]
        self.put_building(seat, idx, what, cost)

    def put_building(self, seat: int, idx: int, what: str, cost: int) -> None:
        """Put a house or hotel on ``idx`` (a hotel takes back the lot's houses)."""
        st = self.state
        g = st.g
        if cost:
            g.pay(seat, st.bank, cost, flows.IMPROVEMENT, what, "Houses" if what == "house" else "Hotels")
        st.sv[seat] += 1
        if what == "house":
            if not st.houses[idx]:
                st.n_built[seat] += 1
                g_id = st.gid[idx]
                st.gbuilt[g_id] += 1
                if st.gbuilt[g_id] == 1:  # the group's first building
                    st.owners_version += 1
            st.houses[idx] += 1
            st.stock(-1, 0)
        else:
            # HOTELS: "He returns the four houses from that property to the Bank"
            st.stock(st.houses[idx], -1)
            st.houses[idx] = HOTEL
        if g.events is not None:
            g.emit("build", seat, what=what, space=idx, deed=st.names[idx],
                   houses_left=st.houses_left, hotels_left=st.hotels_left)
