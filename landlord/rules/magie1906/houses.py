"""The 1906 game's houses: building on one's turn (RECONSTRUCTED rule 14; single-tax rule 4: the
building privilege bid for) and a house put up (:class:`Building1906`, a part over the state).
What building pays, as the players read it, is the prospects' (:mod:`~landlord.rules.magie1906.building`)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.state import Magie1906State


class Building1906:
    """Putting up houses, over the state ``s``: offered on one's turn, or on the lot one stops on
    under the single tax; ``pays`` what the rules in force pay (the land rent the building
    privilege opens at)."""

    __slots__ = ("pays", "s")

    def __init__(self, s: Magie1906State, pays: Pays1906) -> None:
        self.s = s
        self.pays = pays

    def offer_building(self, seat: int) -> Play:
        """Building on one's turn. RECONSTRUCTED rule 14: at most one house a turn, bought from
        the MISCELLANEOUS pile (the Bank) at ``house_price``. Single tax, rule 4: "If at anytime a
        player has money to invest, he may, in his turn, erect a house on any unimproved lot he
        chooses ... provided no other player bids against him for the privilege of building
        there. The 'bid' money (or rent) is paid into the PUBLIC TREASURY."

        DECISION (single tax): the privilege opens at the lot's land rent; the other players bid
        once each in seat order from the builder's left, each bid topping the last by 1-3
        ``bid_step``s (rule 4 says only "bids against him"; rule 1's "bid up as high as the players
        please" speaks of the cards of the pack, not of a building privilege, so the privilege
        keeps the short round); the builder may match the highest bid; the winner pays his bid
        into the treasury and builds.
        """
        s = self.s
        g = s.g
        price = s.params.house_price
        cash = g.cash(seat)
        if cash < price:
            return
        st = s.params.single_tax
        spots = [i for i in s.buildable(seat) if not st or cash >= price + self.pays.land_rent(i)]
        if not spots:
            return
        choice = yield Decision(seat, "build", ("none",) + tuple(option("build", i) for i in spots), amount=price)
        if choice == "none":
            return
        idx = int(parse_option(choice).arg)
        if not st:
            self.build(seat, idx)
            return
        step = s.params.bid_step
        high, bidder = self.pays.land_rent(idx), seat
        n = len(g.players)
        for k in range(1, n):
            other = (seat + k) % n
            bids = tuple(option("bid", high + step * j) for j in (1, 2, 3)
                         if g.cash(other) >= high + step * j + price)
            if not bids:
                continue
            answer = yield Decision(other, "bid", ("pass",) + bids, idx, high)
            if answer != "pass":
                high, bidder = int(parse_option(answer).arg), other
                g.emit("bid", other, space=idx, amount=high, privilege=True)
        if bidder != seat and g.cash(seat) >= high + price:
            answer = yield Decision(seat, "buy", ("buy", "decline"), idx, high)
            if answer == "buy":
                bidder = seat
        g.pay(bidder, s.treasury, high, flows.LAND_RENT, "building privilege",
              "Single tax 4: bid money to the treasury")
        self.build(bidder, idx)

    def build(self, seat: int, idx: int) -> None:
        """Put up one house (RECONSTRUCTED price rule 14), paid to the Bank."""
        s = self.s
        g = s.g
        g.pay(seat, s.bank, s.params.house_price, flows.IMPROVEMENT, "house", "Rule 14 (reconstructed): houses")
        s.houses[idx] += 1
        s.house_owner[idx] = seat
        g.emit("house", seat, space=idx, houses=s.houses[idx], reconstructed=True)
