"""Monopoly's management between throws: the menu of building, selling, mortgaging, trading."""

from __future__ import annotations

from collections.abc import Collection

from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.monopoly.building import Building
from landlord.rules.monopoly.market import Market
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import HOTEL, ManageMenu, TradeOptions, _decision


class Manage:
    """Managing between throws: the menu of building, selling, mortgaging and trading (a part of
    the family, over its :class:`MonopolyState`; what is chosen is done by its ``building`` and
    ``market`` parts)."""

    __slots__ = ("building", "market", "state")

    def __init__(self, state: MonopolyState, building: Building, market: Market) -> None:
        self.state, self.building, self.market = state, building, market

    def step(self, seat: int, first: str | None = None) -> Play:
        """The manage step: one action per decision until ``done``. Building is offered lot by
        lot (``house:<i>`` / ``hotel:<i>``); selling buildings, mortgaging and lifting mortgages
        are offered as ``sell`` / ``mortgage`` / ``unmortgage``, and a ``manage_lot`` decision
        then names the lot (or ``back``).

        DECISION: one trade proposal to each other player per turn, one bribe offer per turn
        (Mucker), and a menu left with ``back`` is not offered again in the same step; every
        other action spends cash or stock, so a manage step always ends.

        ``first``: the answer to the step's first decision, when it was already asked (the
        turn loop asks it itself, see :meth:`Monopoly.play`).
        """
        st = self.state
        pl = st.g.players[seat]
        bal = st.g.ledger.balances
        asked: list[int] = []
        closed: set[str] = set()
        bribed = False
        choice = first
        while True:
            if choice is None:
                d = self.decision(seat, asked, closed, bribed)
                if d is None:
                    return
                choice = yield d
            if choice == "done":
                return
            head, arg = parse_option(choice)
            if head == "trade":
                partner = int(arg)
                asked.append(partner)
                yield from self.market.trade(seat, partner)
            elif choice == "bribe":
                bribed = True
                yield from self.market.bribe(seat)
            elif head in ("house", "hotel"):
                yield from self.building.build(seat, choice)
            else:
                if choice == "sell":
                    lots = self.building.sellable(seat)
                elif choice == "mortgage":
                    lots = self.building.mortgageable(seat)
                else:
                    lots = [option("unmortgage", i) for i in sorted(pl.deeds)
                            if st.mortgaged[i] and bal[seat] >= st.lift_cost[i]]
                pick = yield _decision((seat, "manage_lot", ("back", *lots), -1, 0))
                if pick == "back":
                    closed.add(choice)
                else:
                    self.building.apply_manage(seat, pick)
            if pl.out or st.ended:
                return
            choice = None

    def decision(self, seat: int, asked: Collection[int], closed: Collection[str], bribed: bool) -> Decision | None:
        """The manage step's next decision for ``seat`` (None: nothing to offer but ``done``),
        given the partners ``asked`` this step, the menus ``closed`` with ``back``, and whether
        a bribe was ``bribed`` this turn."""
        st = self.state
        g, p = st.g, st.params
        pl = g.players[seat]
        menu = st.menus[seat]
        if menu.version != st.sv[seat]:
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
            if st.n_built[seat]:
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
        lots it could build on with their costs (in :meth:`Building.buildable`'s order), and the manage
        decision when nothing can be built, without / with ``unmortgage`` (None: nothing to
        ask)."""
        st = self.state
        mort, gid, gbuilt, lift = st.mortgaged, st.gid, st.gbuilt, st.lift_cost
        can_mortgage = False
        cheapest = 1 << 60
        deeds = st.g.players[seat].deeds
        for i in deeds:
            if mort[i]:
                if lift[i] < cheapest:
                    cheapest = lift[i]
            elif not gbuilt[gid[i]]:
                can_mortgage = True
        made = st.trade_opts[seat]
        if made.bankruptcies != st.bankruptcies:
            made = TradeOptions(st.bankruptcies, tuple(st.o_trade[s] for s in st.others(seat)))
            st.trade_opts[seat] = made
        trades = made.options
        cands: list[tuple[str, int]] = []
        if deeds and st.full[seat]:
            houses = st.houses
            top = st.hotel_after
            for gname in sorted(st.full[seat]):
                group = st.groups[gname]
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
                        if st.houses_left:
                            cands.append((st.o_house[j], st.house_cost[j]))
                    elif h == top and low >= top and st.hotels_left:
                        cands.append((st.o_hotel[j], st.hotel_cost[j]))
        plain: tuple[str, ...] = ("done",)
        if deeds:
            if st.n_built[seat]:
                plain += ("sell",)
            if can_mortgage:
                plain += ("mortgage",)
        unm = plain + ("unmortgage",) if deeds else plain
        plain += trades
        unm += trades
        menu = ManageMenu(st.sv[seat], can_mortgage, cheapest, trades, tuple(cands),
                _decision((seat, "manage", plain, -1, 0)) if len(plain) > 1 else None,
                _decision((seat, "manage", unm, -1, 0)) if len(unm) > 1 else None)
        st.menus[seat] = menu
        return menu
