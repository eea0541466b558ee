"""Monopoly's deeds market: the Bank's sale (and its deal in the short games), trades, the Mucker
bribe (a part over the game's state; the auction a declined deed goes to:
:mod:`~landlord.rules.monopoly.auction`)."""

from __future__ import annotations

from bisect import bisect_right
from functools import lru_cache

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.errors import LandlordError
from landlord.rules.monopoly.auction import auction
from landlord.rules.monopoly.building import Building
from landlord.rules.monopoly.debts import Debts
from landlord.rules.monopoly.pieces import TradeOffer
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import BRIBE, BUY, REPLY, _decision

CashOptions = tuple[tuple[str, ...], ...]
"""A side's cash options by how many of the distinct cash steps its cash allows (:func:`_cash_options`)."""


@lru_cache(maxsize=8)
def _cash_options(steps: tuple[int, ...]) -> tuple[tuple[int, ...], CashOptions, CashOptions]:
    """A trade's cash ``steps`` made options: (the distinct steps, the lowest first; the
    ``pay_cash:<k>`` and the ``want_cash:<k>`` options, in the order of ``steps``, a side may still
    add, by how many of the distinct steps its cash allows: ``bisect_right`` of its cash on them)."""
    limits = tuple(sorted(set(steps)))

    def by(head: str) -> CashOptions:
        return tuple(tuple(option(head, k) for k in steps if k in limits[:m]) for m in range(len(limits) + 1))

    return limits, by("pay_cash"), by("want_cash")


class Market:
    """The deeds' market: buying from the Bank, trades between players, the Mucker bribe (a part
    of the family, over its :class:`MonopolyState`; raising money through its ``building`` part,
    a mortgaged deed received through its ``debts`` part)."""

    __slots__ = ("building", "debts", "state")

    def __init__(self, state: MonopolyState, building: Building, debts: Debts) -> None:
        self.state, self.building, self.debts = state, building, debts

    # -- buying and auctions ----------------------------------------------------------------
    def offer_deed(self, seat: int, idx: int) -> Play:
        """BUYING PROPERTY: "he may buy that property from the Bank at its printed price ... If
        he does not wish to buy the property it is sold at auction".

        MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time." SELLING
        PROPERTY: "Houses and hotels may be sold back to the Bank at any time for one-half the
        price paid for them. All houses on one color-group must be sold one by one, evenly, in
        reverse of the manner in which they were erected." So a player whose cash is short of
        the price may still buy when selling buildings back and mortgaging would raise the
        rest: if he answers ``buy`` he raises it (``raise_cash``: the same options as for a debt,
        :meth:`Building.raise_options` — buildings sold back evenly at half price, unimproved deeds
        mortgaged — one at a time, his choice) until the price is in hand, then pays it.
        DECISION: when even selling every building and mortgaging every deed would not raise
        the price (:meth:`MonopolyState.raisable`), he is not asked: the deed goes straight to auction.
        """
        st = self.state
        g = st.g
        price = st.price[idx]
        bal = g.ledger.balances
        if bal[seat] >= price or bal[seat] + st.raisable(seat) >= price:
            choice = yield _decision((seat, "buy_deed", BUY, idx, price))
            if choice == "buy":
                while bal[seat] < price:
                    opts = tuple(self.building.raise_options(seat))
                    pick = yield _decision((seat, "raise_cash", opts, idx, price - bal[seat]))
                    self.building.apply_manage(seat, pick)
                g.pay(seat, st.bank, price, flows.LAND_BOUGHT, "deed", "Buying property")
                st.give_deed(seat, idx)
                if g.events is not None:
                    g.emit("buy", seat, space=idx, lot=st.names[idx], how="printed price")
                return
        yield from auction(st, seat, idx)

    def deal(self, seats: list[int]) -> None:
        """Short and time-limit games: "the Banker shuffles the pack of Title Deed cards ... and
        deals, one at a time, two Title Deed cards to each player ... Players receiving Title
        Deed cards must immediately pay the Bank the printed price" (Mucker short game: three,
        "free— no payment to the Bank is required").

        DECISION: the cut changes nothing in a shuffled pack and is not played; the deal starts
        with the Banker's seat and goes round the table.
        """
        st = self.state
        g, p = st.g, st.params
        pack = list(st.ownable)
        if p.deal_deeds * len(seats) > len(pack):  # a ruleset of one's own asking for more than the pack holds
            raise LandlordError(f"ruleset {g.ruleset.id}: param 'deal_deeds' deals {p.deal_deeds} Title Deeds "
                                f"to each of {len(seats)} players, {p.deal_deeds * len(seats)} in all, but the "
                                f"board has {len(pack)}")
        g.shuffle(pack)
        k = 0
        for _ in range(p.deal_deeds):
            for s in seats:
                idx = pack[k]
                k += 1
                if p.deal_paid:
                    g.pay(s, st.bank, st.price[idx], flows.LAND_BOUGHT, "deed dealt", "Short game: deal")
                st.give_deed(s, idx)
                g.emit("deal", s, space=idx, deed=st.names[idx], paid=p.deal_paid)

    # -- trades ----------------------------------------------------------------------------------
    def tradeable(self, seat: int) -> list[int]:
        """SELLING PROPERTY: "Unimproved properties, railroads and utilities (but not buildings)
        may be sold to any player ... However, no property can be sold to another player if
        buildings are standing on any properties of that color-group."""
        st = self.state
        gid, gbuilt = st.gid, st.gbuilt
        return [i for i in sorted(st.g.players[seat].deeds) if not gbuilt[gid[i]]]

    def trade_valid(self, t: TradeOffer) -> bool:
        """A trade can be offered when goods change hands and each side can pay its cash and
        the 10% interest on mortgaged deeds it receives.

        MISCELLANEOUS: "No player may borrow from or lend money to another player" — so cash
        alone never changes hands (DECISION)."""
        st = self.state
        if not t.has_goods():
            return False
        bal = st.g.ledger.balances
        mort, interest = st.mortgaged, st.interest
        get_p = get_q = 0
        for i in t.take:
            if mort[i]:
                get_p += interest(i)
        for i in t.give:
            if mort[i]:
                get_q += interest(i)
        return (bal[t.proposer] - t.pay_cash + t.want_cash >= get_p and t.pay_cash <= bal[t.proposer]
                and bal[t.partner] - t.want_cash + t.pay_cash >= get_q and t.want_cash <= bal[t.partner])

    def trade(self, seat: int, partner: int) -> Play:
        """Trading at agreed prices (deeds, Get Out of Jail Free cards — "he may sell it, at any
        time, to another player at a price agreeable to both" — and cash).

        DECISION (the trading API): the proposer builds the offer one item at a time
        (``trade_item``: ``give:<deed>``, ``take:<deed>``, ``give_card:<deck>``,
        ``take_card:<deck>`` toggle an item; ``pay_cash:N`` / ``want_cash:N`` add cash), at most
        ``trade_max_items`` steps, then ``offer`` or ``cancel``; the partner answers
        ``trade_reply``. A mortgaged deed received is then lifted or kept (10% at once).
        """
        st = self.state
        g, p = st.g, st.params
        t = TradeOffer(seat, partner)
        st.offer = t
        bal = g.ledger.balances
        steps = 0
        # the deeds and cards either side may trade do not change while the offer is put together
        o_give, o_take = st.o_give, st.o_take
        goods = [o_give[i] for i in self.tradeable(seat)] + [o_take[i] for i in self.tradeable(partner)]
        if g.players[seat].cards:
            goods += [option("give_card", k) for k in sorted({st.deck_key(c) for c in g.players[seat].cards})]
        if g.players[partner].cards:
            goods += [option("take_card", k)
                      for k in sorted({st.deck_key(c) for c in g.players[partner].cards})]
        limits, pay_opts, want_opts = _cash_options(p.trade_cash_steps)
        while True:
            opts = ["cancel"]
            if self.trade_valid(t):
                opts.append("offer")
            if steps < p.trade_max_items:
                opts += goods
                opts += pay_opts[bisect_right(limits, bal[seat] - t.pay_cash)]
                opts += want_opts[bisect_right(limits, bal[partner] - t.want_cash)]
            choice = yield _decision((seat, "trade_item", tuple(opts), -1, 0))
            steps += 1
            head, arg = parse_option(choice)
            if head == "cancel":
                st.offer = None
                return
            if head == "offer":
                break
            if head in ("give", "take"):
                items = t.give if head == "give" else t.take
                items.symmetric_difference_update({int(arg)})
            elif head in ("give_card", "take_card"):
                cards = t.give_cards if head == "give_card" else t.take_cards
                if arg in cards:
                    cards.remove(arg)
                else:
                    cards.append(arg)
            elif head == "pay_cash":
                t.pay_cash += int(arg)
            else:
                t.want_cash += int(arg)
        reply = yield Decision(partner, "trade_reply", REPLY, -1, t.want_cash - t.pay_cash)
        st.offer = None
        if reply == "reject":
            g.emit("trade_rejected", seat, partner=g.names[partner])
            return
        # the trade: cash both ways, cards, deeds; then the 10% on mortgaged deeds
        if t.pay_cash:
            g.pay(seat, partner, t.pay_cash, flows.LAND_SOLD, "trade", "Trading")
        if t.want_cash:
            g.pay(partner, seat, t.want_cash, flows.LAND_SOLD, "trade", "Trading")
        for key in t.give_cards:
            self.move_card(seat, partner, key)
        for key in t.take_cards:
            self.move_card(partner, seat, key)
        for i in sorted(t.give):
            st.give_deed(partner, i)
        for i in sorted(t.take):
            st.give_deed(seat, i)
        g.emit("trade", seat, partner=g.names[partner], give="/".join(st.names[i] for i in sorted(t.give)),
               take="/".join(st.names[i] for i in sorted(t.take)), pay=t.pay_cash, want=t.want_cash,
               cards_given=len(t.give_cards), cards_taken=len(t.take_cards))
        for i in sorted(t.give):
            if st.mortgaged[i]:
                yield from self.debts.receive_mortgaged(partner, i)
        for i in sorted(t.take):
            if st.mortgaged[i]:
                yield from self.debts.receive_mortgaged(seat, i)

    def move_card(self, src: int, dst: int, key: str) -> None:
        """Hand a held Get Out of Jail Free card of deck ``key`` from ``src`` to ``dst``."""
        st = self.state
        cards = st.g.players[src].cards
        card = next(c for c in cards if st.deck_key(c) == key)
        cards.remove(card)
        st.g.players[dst].cards.append(card)

    def bribe(self, seat: int) -> Play:
        """Mucker Monopoly: "If the yellow stiff who draws it does not wish to use it, he may use
        it to bribe the BANKER ... (If the BANKER refuses the bribe, the mucker who offered it
        gets to swipe $10 from the BANKER's personal funds.)"

        DECISION: the Banker is the seat ``banker_seat`` (who also plays); an accepted bribe
        hands the card to the Banker; a refused one costs the Banker $10 (or what he has).
        The lines that make stealing "acceptable" if not caught are table talk and are not
        played (see the Mucker ruleset's note).
        """
        st = self.state
        g, p = st.g, st.params
        banker = p.banker_seat
        amount = p.bribe_refused_amount
        reply = yield Decision(banker, "bribe_reply", BRIBE, -1, amount)
        pl = g.players[seat]
        if reply == "accept":
            card = pl.cards.pop(0)
            g.players[banker].cards.append(card)
            g.emit("bribe", seat, accepted=True, banker=g.names[banker])
            return
        take = min(amount, g.ledger.balances[banker])
        if take:
            g.pay(banker, seat, take, flows.CARD, "refused bribe", "Mucker: bribing the Banker")
        g.emit("bribe", seat, accepted=False, banker=g.names[banker], took=take)
