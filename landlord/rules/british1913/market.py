"""The 1913 game's land market: sales from the Bank and the pack, auctions, bids and improvements."""

from __future__ import annotations

from bisect import bisect_right
from typing import NamedTuple

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.british1913.state import FREE, NOBODY, POOR, British1913State
from landlord.rules.british1913.terms import Terms


class Offers(NamedTuple):
    """The offers for one site (:meth:`Market.offers_at`): at its capital land
    ``value`` and the ``percents`` of it offered, the option of each positive price in the
    percents' order (``texts``); ``low`` and ``top``, the lowest and the highest of those
    prices (0 if none); ``levels``, the distinct prices, rising; ``within[k]``, the options
    priced at most the ``k``-th level, in the same order (``within[0]`` has none)."""

    value: int
    percents: tuple[int, ...]
    texts: tuple[str, ...]
    low: int
    top: int
    levels: list[int]
    within: list[tuple[str, ...]]


class Market:
    """The land market over the game's :class:`British1913State`: sales from the Bank and the
    pack, auctions, bids for held sites, improvements (where the rules' :class:`Terms` let a site
    carry one), and a holding handed from seller to buyer."""

    def __init__(self, state: British1913State, terms: Terms) -> None:
        self.state = state
        self.g = state.g
        self.terms = terms
        self._offers: list[Offers | None] = [None] * state.n
        """The offers last made for each site (``Offers``, by ``bid_up``), or None."""

    def buy_from_bank(self, seat: int, idx: int, how: str, price: int | None = None) -> None:
        """Pay the CAPITAL LAND VALUE (the printed price, or what the site was bid up to) into
        the Bank and place the SOLD ticket."""
        g, st = self.g, self.state
        price = g.board.spaces[idx].price if price is None else price
        g.pay(seat, st.bank, price, flows.LAND_BOUGHT, "site purchase", "Part 1: buying the land")
        st.owner[idx] = seat
        st.value[idx] = price
        g.players[seat].sites.add(idx)
        g.emit("buy", seat, space=idx, lot=g.board.spaces[idx].name, price=price, how=how)
        st.check_all_bought()

    def transfer(self, seller: int, buyer: int, what: str, idx: int, price: int) -> None:
        """Hand a site or an improvement from ``seller`` to ``buyer``; a site's capital land
        value becomes the price it fetched."""
        st = self.state
        s, b = self.g.players[seller], self.g.players[buyer]
        if what == "site":
            s.sites.discard(idx)
            b.sites.add(idx)
            st.owner[idx] = buyer
            st.value[idx] = price
        else:
            s.improvements.discard(idx)
            b.improvements.add(idx)
            st.imp_owner[idx] = buyer

    # -- the land market and improvements -----------------------------------------------
    def auction(self, first: int, seller: int, idx: int, prices: list[int], kind: str, no: str) -> Play:
        """An open auction of site (or improvement) ``idx`` among the players other than
        ``seller``, in turn order from ``first``: each in turn bids one of ``prices`` (rising)
        above the best bid so far that he has in hand (cash only: "borrowing by players being strictly
        prohibited") or says ``no``; round after round until nobody raises. Returns
        ``(buyer, price)``, or ``(NOBODY, 0)`` when nobody bids.

        DECISION: a player who says ``no`` is out of this auction; a player in the Poorhouse or
        on the free land (who owes debts) does not bid; bids are steps of the price list, which
        in a game of people stands for "as high as the players please".
        """
        g, order = self.g, self.state.order
        at = order.index(first) if first in order else 0
        bidders = [s for s in order[at:] + order[:at]
                   if s != seller and g.players[s].place not in (POOR, FREE)]
        best, buyer = 0, NOBODY
        above = 0  # the first of ``prices`` above the best bid
        raised = True
        while raised and bidders and bidders != [buyer]:
            raised = False
            for s in list(bidders):
                if s == buyer:
                    continue
                within = bisect_right(prices, g.cash(s))
                if above < within:
                    answer = yield Decision(s, kind, (no, *[option("bid", p) for p in prices[above:within]]), idx, best)
                else:
                    answer = no
                if answer == no:
                    bidders.remove(s)
                else:
                    best, buyer, raised = int(parse_option(answer).arg), s, True
                    above = bisect_right(prices, best)
        return buyer, best

    def offer_from_pack(self, seat: int, idx: int) -> Play:
        """Part 1: "After play has begun the CAPITAL LAND VALUE (sale price of land) is regulated
        by the demand, and though no card may be bought from the pack for less than the original
        sale price, this may be bid up as high as the players please".

        DECISION: a card still in the pack is offered when a player alights on its site: every
        player may bid (an :meth:`auction` from the player alighting, round the table), from
        the printed price up (``pack_bid_percents`` of it); the highest bid buys the card and
        becomes the site's capital land value. Returns the new owner (``NOBODY`` when nobody
        bids: the card stays in the pack).
        """
        g = self.g
        printed = g.board.spaces[idx].price
        prices = sorted({printed * pc // 100 for pc in self.state.params.pack_bid_percents if pc >= 100})
        buyer, price = yield from self.auction(seat, NOBODY, idx, prices, "pack_bid", "pass")
        if buyer != NOBODY:
            self.buy_from_bank(buyer, idx, "from the pack", price)
        return buyer

    def bid_up(self, seat: int) -> Play:
        """"After play has begun the CAPITAL LAND VALUE (sale price of land) is regulated by the
        demand ... this may be bid up as high as the players please".

        DECISION: before his throw a player may bid for one site held by another player, at a
        share of its current capital land value (``offer_percents``, never below it); the owner
        accepts or refuses. A sale makes the price the site's capital land value. Improvements
        stay with their owner. Borrowing is prohibited, so he bids only cash in hand.
        """
        g, st = self.g, self.state
        cash = g.cash(seat)
        offers: list[str] = ["none"]
        owners, values, percents, kept = st.owner, st.value, st.params.offer_percents, self._offers
        selling = [s != seat and pl.place not in (POOR, FREE) for s, pl in enumerate(g.players)]  # by owner
        for idx in st.land:
            owner = owners[idx]
            if owner < 0 or not selling[owner]:
                continue
            at = kept[idx]
            if at is None or at.value != values[idx] or at.percents is not percents:
                at = kept[idx] = self.offers_at(idx, values[idx], percents)
            if cash >= at.top:  # every offer within his cash
                offers += at.texts
            elif cash >= at.low:
                offers += at.within[bisect_right(at.levels, cash)]
        if len(offers) == 1:
            return
        choice = yield Decision(seat, "bid_up", tuple(offers))
        if choice == "none":
            return
        idx, price = parse_option(choice).ints()
        owner = owners[idx]
        answer = yield Decision(owner, "accept_bid", ("accept", "refuse"), idx, price)
        if answer == "refuse":
            g.emit("bid_refused", seat, space=idx, price=price, owner=g.names[owner])
            return
        g.pay(seat, owner, price, flows.LAND_SOLD, "site sale", "Capital land value follows demand")
        self.transfer(owner, seat, "site", idx, price)
        g.emit("site_sold", seat, space=idx, seller=g.names[owner], price=price)

    @staticmethod
    def offers_at(idx: int, value: int, percents: tuple[int, ...]) -> Offers:
        """The offers for site ``idx`` of capital land value ``value`` at ``percents`` of it
        (:meth:`bid_up`, which keeps the last for each site: a site's value changes only when
        it is sold)."""
        prices = [p for p in (value * pc // 100 for pc in percents) if p > 0]
        offers = list(zip(prices, [option("offer", idx, p) for p in prices], strict=True))
        levels = sorted(set(prices))
        return Offers(value, percents, tuple([t for _, t in offers]), min(prices, default=0), max(prices, default=0),
                      levels, [tuple([t for p, t in offers if p <= level]) for level in (0, *levels)])

    def improve(self, seat: int) -> Play:
        """Part 2: "A player must pay the CAPITAL (sale price of improvement) to the Bank, place
        the card representing the improvement on the site he wishes to improve, and put his
        Sold ticket upon it. If he is unable to improve all his sites he must allow any other
        player, who so wishes, to improve them for him."

        DECISION: at the start of his turn a player may improve, one at a time, his own sites,
        and any unimproved site of an owner who is "unable to improve all his sites": his cash is
        below the capital of all his sites still to improve, taken together (:meth:`short_of`);
        the improver owns the improvement.
        """
        g, st = self.g, self.state
        while True:
            cash = g.cash(seat)
            opts = []
            short: dict[int, bool] = {}
            owners, imp_owners, carry, capital = st.owner, st.imp_owner, self.terms.carriers(), st.capital
            for idx in st.land:
                owner = owners[idx]
                if owner < 0 or imp_owners[idx] != NOBODY or not carry[idx]:  # ``Terms.improvable``, read inline
                    continue
                cost = capital[idx]
                if cost > cash:
                    continue
                if owner != seat and owner not in short:
                    short[owner] = self.short_of(owner)
                if owner == seat or short[owner]:
                    opts.append(option("improve", idx))
            if not opts:
                return
            choice = yield Decision(seat, "improve_site", ("none", *opts))
            if choice == "none":
                return
            idx = int(parse_option(choice).arg)
            info = st.improvement(idx)
            g.pay(seat, st.bank, int(info["improvement_capital"]), flows.IMPROVEMENT, "improvement",
                  "Part 2: improving the land")
            imp_owners[idx] = seat
            g.players[seat].improvements.add(idx)
            g.emit("improve", seat, space=idx, improvement=info.get("improvement", ""),
                   site_owner=g.names[owners[idx]])

    def short_of(self, owner: int) -> bool:
        """Whether ``owner`` is "unable to improve all his sites": his cash is below the summed
        capital of the improvements his sites may still carry."""
        capital, improvable = self.state.capital, self.terms.improvable
        need = sum(capital[i] for i in self.g.players[owner].sites if improvable(i))
        return need > 0 and self.g.cash(owner) < need
