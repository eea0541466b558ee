"""Monopoly's management between throws: the menu of building, selling, mortgaging, trading."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.errors import LandlordError
from landlord.rules.monopoly.building import MonopolyBuilding
from landlord.rules.monopoly.static import HOTEL, ManageMenu, TradeOptions, _decision


class MonopolyManage(MonopolyBuilding):
    """Managing between throws: the menu of building, selling, mortgaging and trading."""

    if TYPE_CHECKING:  # played by a later layer of the family class
        def trade(self, seat: int, partner: int) -> Play: ...
        def bribe(self, seat: int) -> Play: ...


    def manage(self, seat: int, first: str | None = None) -> Play:
        """The manage step: one action per decision until ``done``. Building is offered lot by
        lot (``house:<i>`` / ``hotel:<i>``); selling buildings, mortgaging and lifting mortgages
        are offered as ``sell`` / ``mortgage`` / ``unmortgage``, and a ``manage_lot`` decision
        then names the lot (or ``back``).

        DECISION: one trade proposal to each other player per turn, one bribe offer per turn
        (Mucker), and a menu left with ``back`` is not offered again in the same step; every
        other action spends cash or stock, so a manage step always ends.

        ``first``: the answer to the step's first decision, when it was already asked (the
        turn loop asks it itself, see :meth:`play`).
        """
        pl = self.g.players[seat]
        bal = self.g.ledger.balances
        asked: list[int] = []
        closed: set[str] = set()
        bribed = False
        choice = first
        while True:
            if choice is None:
                d = self.manage_decision(seat, asked, closed, bribed)
                if d is None:
                    return
                choice = yield d
            if choice == "done":
                return
            head, arg = parse_option(choice)
            if head == "trade":
                partner = int(arg)
                asked.append(partner)
                yield from self.trade(seat, partner)
            elif choice == "bribe":
                bribed = True
                yield from self.bribe(seat)
            elif head in ("house", "hotel"):
                yield from self.build(seat, choice)
            else:
                if choice == "sell":
                    lots = self.sellable(seat)
                elif choice == "mortgage":
                    lots = self.mortgageable(seat)
                else:
                    lots = [option("unmortgage", i) for i in sorted(pl.deeds)
                            if self.mortgaged[i] and bal[seat] >= self.lift_cost[i]]
                pick = yield _decision((seat, "manage_lot", ("back", *lots), -1, 0))
                if pick == "back":
                    closed.add(choice)
                else:
                    self.apply_manage(seat, pick)
            if pl.out or self.ended:
                return
            choice = None

    def manage_decision(self, seat: int, asked: list[int], closed: set[str], bribed: bool) -> Decision | None:
        """The manage step's next decision for ``seat`` (None: nothing to offer but ``done``),
        given the partners ``asked`` this step, the menus ``closed`` with ``back``, and whether
        a bribe was ``bribed`` this turn."""
        g, p = self.g, self.params
        pl = g.players[seat]
        menu = self.menus[seat]
        if menu.version != self.sv[seat]:
            menu = self.menu(seat)
        cash = g.ledger.balances[seat]
        bribe = (pl.cards and p.jail_card_bribe and not bribed and seat != p.banker_seat
                 and not g.players[p.banker_seat].out)
        builds = [o for o, cost in menu.builds if cash >= cost] if menu.builds else None
        if not (builds or asked or closed or bribe):
            # the usual case, cached per seat's table version: nothing to build, nothing closed
            return menu.with_unmortgage if cash >= menu.cheapest_lift else menu.plain
        opts = ["done"]
        if pl.deeds:
            if builds:
                opts += builds
            if self.n_built[seat]:
                opts.append("sell")
            if menu.can_mortgage:
                opts.append("mortgage")
            if cash >= menu.cheapest_lift:
                opts.append("unmortgage")
            if closed:
                opts = [o for o in opts if o not in closed]
        if asked:
            opts += [o for o in menu.trades if int(parse_option(o).arg) not in asked]
        else:
            opts += menu.trades
        if bribe:
            opts.append("bribe")
        if len(opts) == 1:
            return None
        return _decision((seat, "manage", tuple(opts), -1, 0))

    def menu(self, seat: int) -> ManageMenu:
        """What a seat's manage step offers, a :class:`ManageMenu` (cached until the table changes): the table version,
        can it mortgage, the cheapest mortgage it could lift, its trade partners' options, the
        lots it could build on with their costs (in :meth:`buildable`'s order), and the manage
        decision when nothing can be built, without / with ``unmortgage`` (None: nothing to
        ask)."""
        mort, gid, gbuilt, lift = self.mortgaged, self.gid, self.gbuilt, self.lift_cost
        can_mortgage = False
        cheapest = 1 << 60
        deeds = self.g.players[seat].deeds
        for i in deeds:
            if mort[i]:
                if lift[i] < cheapest:
                    cheapest = lift[i]
            elif not gbuilt[gid[i]]:
                can_mortgage = True
        made = self.trade_opts[seat]
        if made.bankruptcies != self.bankruptcies:
            made = TradeOptions(self.bankruptcies, tuple(self.o_trade[s] for s in self.others(seat)))
            self.trade_opts[seat] = made
        trades = made.options
        cands: list[tuple[str, int]] = []
        if deeds and self.full[seat]:
            houses = self.houses
            top = self.hotel_after
            for gname in sorted(self.full[seat]):
                group = self.groups[gname]
                low = HOTEL
                for j in group:
                    if mort[j]:
                        low = HOTEL
                        break
                    if houses[j] < low:
                        low = houses[j]
                if low >= HOTEL:
                    continue
                for j in group:
                    h = houses[j]
                    if h == low and h < top:
                        if self.houses_left:
                            cands.append((self.o_house[j], self.house_cost[j]))
                    elif h == top and low >= top and self.hotels_left:
                        cands.append((self.o_hotel[j], self.hotel_cost[j]))
        plain: tuple[str, ...] = ("done",)
        if deeds:
            if self.n_built[seat]:
                plain += ("sell",)
            if can_mortgage:
                plain += ("mortgage",)
        unm = plain + ("unmortgage",) if deeds else plain
        plain += trades
        unm += trades
        menu = ManageMenu(self.sv[seat], can_mortgage, cheapest, trades, tuple(cands),
                _decision((seat, "manage", plain, -1, 0)) if len(plain) > 1 else None,
                _decision((seat, "manage", unm, -1, 0)) if len(unm) > 1 else None)
        self.menus[seat] = menu
        return menu

    def apply_manage(self, seat: int, choice: str) -> None:
        """Carry out a sell / mortgage / unmortgage choice (already checked legal)."""
        g = self.g
        head, arg = parse_option(choice)
        if head == "sell_all":
            for i in self.groups[arg]:
                if self.houses[i]:
                    self.sell_buildings(seat, i)
            return
        idx = int(arg)
        if head == "sell_house":
            self.sv[seat] += 1
            h = self.houses[idx]
            if h == HOTEL:
                refund = self.hotel_cost[idx] // 2
                self.houses[idx] = self.hotel_after
                self.stock(-self.hotel_after, 1)
            else:
                refund = self.house_cost[idx] // 2
                self.houses[idx] = h - 1
                self.stock(1, 0)
                if h == 1:
                    self.n_built[seat] -= 1
                    self.lot_cleared(idx)
            g.pay(self.bank, seat, refund, flows.IMPROVEMENT, "building sold", "Selling property")
            g.emit("sell_building", seat, space=idx, deed=self.names[idx], left=self.houses[idx])
        elif head == "mortgage":
            self.sv[seat] += 1
            self.mortgaged[idx] = True
            g.pay(self.bank, seat, self.mortgage_value[idx], flows.LOAN, "mortgage", "Mortgages")
            g.emit("mortgaged", seat, space=idx, deed=self.names[idx])
        elif head == "unmortgage":
            # "the owner must pay the Bank the amount of the mortgage plus 10% interest"
            cost = self.mortgage_value[idx] + self.interest(idx)
            g.pay(seat, self.bank, cost, flows.REPAYMENT, "mortgage lifted", "Mortgages")
            self.mortgaged[idx] = False
            self.sv[seat] += 1
            g.emit("unmortgage", seat, space=idx, deed=self.names[idx], paid=cost)
        else:
            raise LandlordError(f"unknown manage action {choice!r}")
