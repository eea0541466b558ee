"""The 1906 game's cards: the hands given at the start, the market between players, sales from
the pack, the Trust the railroads' holders may form (:class:`Market1906`, a part over the state)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.state import Magie1906State


class Market1906:
    """The green cards changing hands, over the state ``s``: the hands given at the start, the
    market between players (rule 1), sales from the pack (rules 1 and 7), and the Trust the two
    holders of every railroad may form (rule 9)."""

    __slots__ = ("s",)

    def __init__(self, s: Magie1906State) -> None:
        self.s = s

    def average_hands(self) -> None:
        """TO BEGINNERS: "let each player take one of the 'average hands' indicated below, and $75
        in cash" (each hand's cards are worth $325 at the printed prices). DECISION: seat 1 takes
        hand One, seat 2 hand Two, and so on; the hands are given, not bought."""
        s = self.s
        g = s.g
        for seat, hand in zip(range(len(g.players)), s.params.average_hand_cards, strict=False):
            for idx in hand:
                s.owner[idx] = seat
                g.players[seat].cards.add(idx)
                g.emit("card", seat, space=idx, card=g.board.spaces[idx].name, how="average hand")
        s.check_trust_pending = True

    def monarch_deal(self) -> None:
        """"The Monarch of the World": "giving to one player all of the land and giving to the
        other players all other advantages of the game. Provide each player with $100 at the
        start and let the game proceed under the rules with the exception that the landlord gets
        no wages." DECISION: seat 0 is the landlord and holds every title deed; the other green
        cards (railroads, franchises, the broker's licence) are dealt free round the other
        players, one at a time from seat 1; neither side pays for its cards."""
        s = self.s
        g = s.g
        others = list(range(1, len(g.players)))
        k = 0
        for idx in s.cards():
            seat = 0 if s.kinds[idx] == "lot" else others[k % len(others)]
            k += s.kinds[idx] != "lot"
            s.owner[idx] = seat
            g.players[seat].cards.add(idx)
            g.emit("card", seat, space=idx, card=g.board.spaces[idx].name, how="monarch")
        s.check_trust_pending = True

    def market(self, seat: int) -> Play:
        """Rule 1: "After the game has begun the sale prices of all cards then in use by the
        players are regulated by the demand, but no card can be bought from the pack for less
        than the original sale price, although these cards may be bid up as high as the players
        please."

        DECISION (how the demand is put to the table): before his throw the player in turn may
        make one offer — to buy another player's card (``buy_card``: he names a price from
        ``market_prices``, the holder sells or keeps it), or to sell one of his own
        (``offer_card``: :meth:`card_sale`, the others bid and he sells to the best bid or keeps
        the card). Prices are paid between the two players; the pack is not involved."""
        s = self.s
        g = s.g
        affords = g.cash(seat) >= min(s.params.market_prices)
        others = s.tradeable(*[o for o in range(len(g.players)) if o != seat]) if affords else []
        texts = s.buy_options
        buys = tuple([texts[i] for i in others])
        texts = s.sell_options
        sells = tuple([texts[i] for i in s.tradeable(seat)])
        if not buys and not sells:
            return
        choice = yield Decision(seat, "market", ("pass",) + buys + sells)
        head, arg = parse_option(choice)
        if head == "pass":
            return
        idx = int(arg)
        if head == "offer_card":
            yield from self.card_sale(seat, idx, forced=False)
            return
        holder = s.owner[idx]
        prices = tuple(option("price", p) for p in s.params.market_prices if p <= g.cash(seat))
        offer = yield Decision(seat, "offer_price", ("cancel",) + prices, idx)
        if offer == "cancel":
            return
        price = int(parse_option(offer).arg)
        g.emit("card_offer", seat, space=idx, holder=g.names[holder], amount=price)
        answer = yield Decision(holder, "accept_offer", ("sell", "keep"), idx, price)
        if answer == "sell":
            self.transfer_card(holder, seat, idx, price)
        else:
            g.emit("card_kept", holder, space=idx)

    def card_sale(self, seat: int, idx: int, forced: bool) -> Play:
        """``seat`` offers his card ``idx`` to the other players (rule 1: prices "regulated by the
        demand"; rule 12: a short player may "sell ... any of his property").

        DECISION: one round of bids, each other player once in seat order from the seller's
        left, each bid one of ``market_prices`` above the last and within the bidder's cash.
        A player selling because he is short (``forced``) sells to the best bid; otherwise he
        may keep the card. Returns True when the card was sold."""
        s = self.s
        g = s.g
        high, bidder = 0, -1
        n = len(g.players)
        g.emit("card_for_sale", seat, space=idx, card=g.board.spaces[idx].name)
        for k in range(1, n):
            other = (seat + k) % n
            bids = tuple(option("bid", p) for p in s.params.market_prices if high < p <= g.cash(other))
            if not bids:
                continue
            choice = yield Decision(other, "card_bid", ("pass",) + bids, idx, high)
            if choice != "pass":
                high, bidder = int(parse_option(choice).arg), other
                g.emit("bid", other, space=idx, amount=high)
        if bidder < 0:
            g.emit("card_unsold", seat, space=idx)
            return False
        if not forced and (yield Decision(seat, "take_bid", ("sell", "keep"), idx, high)) != "sell":
            g.emit("card_kept", seat, space=idx)
            return False
        self.transfer_card(seat, bidder, idx, high)
        return True

    def transfer_card(self, seller: int, buyer: int, idx: int, price: int) -> None:
        """The buyer pays the seller ``price`` and takes the card. DECISION: a Trust ends when
        one of its railroads passes to a player outside it (the two no longer "own all of the
        RAILROADS between them") or when one member comes to hold them all (there is nothing
        left to pool); a railroad changing hands may open a Trust."""
        s = self.s
        g = s.g
        g.pay(buyer, seller, price, flows.LAND_SOLD, "card sale", "Rule 1: prices regulated by the demand")
        g.players[seller].cards.discard(idx)
        g.players[buyer].cards.add(idx)
        s.owner[idx] = buyer
        g.emit("card_sold", seller, space=idx, card=g.board.spaces[idx].name, buyer=g.names[buyer],
               amount=price)
        if s.kinds[idx] == "railroad":
            if s.trust is not None and (buyer not in s.trust
                                        or not any(s.owner[i] == seller for i in s.railroads)):
                s.trust = None
                g.emit("trust_ended", -1)
            s.check_trust_pending = True

    def auction(self, seat: int, idx: int) -> Play:
        """Rule 7 (and 8, 9): an unowned card "is 'For Sale,' and the player stopping upon it may
        purchase it at the original sale price, provided no other player bids more for it. If the
        player who has stopped upon it is willing to pay the highest price bid, he has the first
        option. If he cannot or does not want to pay the highest price bid, then the player
        bidding the highest price must take the lot at the price he has bid for it." Rule 1: "no
        card can be bought from the pack for less than the original sale price, although these
        cards may be bid up as high as the players please."

        DECISION: the other players bid in rounds, in seat order from the lander's left, until
        every player but the highest bidder has passed in turn since the last bid (a player who
        passed may bid again after another's raise); each bid is one of :meth:`raises` over the
        last, within the bidder's cash; no ceiling but his cash. The lander does not bid: rule 7
        gives him the first option at the highest price bid (the printed price if nobody bid)
        when the bidding is over. It ends: every bid tops the last by ``bid_step`` at least and
        no bid exceeds the bidder's cash, which does not change while the card is bid for.
        Returns the buyer's seat, or -1 when nobody buys.
        """
        s = self.s
        g = s.g
        high, bidder = g.board.spaces[idx].price, -1
        n = len(g.players)
        others = [(seat + k) % n for k in range(1, n)]
        passes, k = 0, 0
        while passes < len(others) - (bidder >= 0):
            other = others[k % len(others)]
            k += 1
            if other == bidder:
                continue
            bids = self.raises(high, g.cash(other))
            choice = (yield Decision(other, "bid", ("pass",) + bids, idx, high)) if bids else "pass"
            if choice == "pass":
                passes += 1
            else:
                high, bidder, passes = int(parse_option(choice).arg), other, 0
                g.emit("bid", other, space=idx, amount=high)
        if g.cash(seat) >= high:
            choice = yield Decision(seat, "buy", ("buy", "decline"), idx, high)
            if choice == "buy":
                self.take_card(seat, idx, high, "bought on landing")
                return seat
        if bidder >= 0:
            self.take_card(bidder, idx, high, "highest bid")
            return bidder
        g.emit("unsold", seat, space=idx)
        return -1

    def raises(self, high: int, cash: int) -> tuple[str, ...]:
        """The bids (``bid:<amount>``) a player with ``cash`` may make over the highest bid
        ``high`` at a sale from the pack (rule 1: "bid up as high as the players please").

        DECISION (how "as high as the players please" is offered as a list of options): a raise
        of 1, 2, 5, 10, 20, 50, 100, … times ``bid_step`` ($5: +$5, +$10, +$25, +$50, +$100,
        +$250, …) as far as his cash goes, and always his whole cash ("all I have") when it is
        above ``high``. A Decision lists its legal options, and every whole dollar up to a
        player's cash (hundreds of options) is no choice a person can read at the table; the
        ladder puts no ceiling on the price but the bidder's cash, reaches every multiple of
        ``bid_step`` by successive raises (the rounds go on while anyone raises), and offers in
        one raise one within a factor of 2.5 of any raise he might name. Empty when he cannot
        top ``high``."""
        step = self.s.params.bid_step
        out: list[str] = []
        unit, factors = 1, (1, 2, 5)
        while True:
            for f in factors:
                bid = high + step * unit * f
                if bid > cash:
                    if cash > high and (not out or out[-1] != option("bid", cash)):
                        out.append(option("bid", cash))
                    return tuple(out)
                out.append(option("bid", bid))
            unit *= 10

    def take_card(self, seat: int, idx: int, price: int, how: str) -> None:
        """Pay ``price`` into the Public Treasury and take the card from the pack."""
        s = self.s
        g = s.g
        g.pay(seat, s.treasury, price, flows.LAND_BOUGHT, "card purchase", "Rule 1/7: buying titles")
        s.owner[idx] = seat
        g.players[seat].cards.add(idx)
        g.emit("buy", seat, space=idx, lot=g.board.spaces[idx].name, price=price, how=how)
        if s.kinds[idx] == "railroad":
            s.check_trust_pending = True

    def offer_trust(self) -> Play:
        """Rule 9, TRUST: "If two players own all of the RAILROADS between them, they may at any
        time pool their railroad interests and form a Trust". DECISION: the two are asked when
        the railroads first come into two hands (and again after any railroad changes hands);
        both must agree. The Trust ends when the public takes over any railroad."""
        s = self.s
        g = s.g
        if not s.check_trust_pending or s.trust is not None:
            return
        s.check_trust_pending = False
        holders = {s.owner[r] for r in s.railroads}
        if len(holders) != 2 or -1 in holders or any(r in s.public for r in s.railroads):
            return
        a, b = sorted(holders)
        yes_a = yield Decision(a, "trust", ("form", "decline"))
        yes_b = yield Decision(b, "trust", ("form", "decline"))
        if yes_a == "form" and yes_b == "form":
            s.trust = (a, b)
            g.emit("trust", a, members=f"{g.names[a]},{g.names[b]}")
