"""The 1906 game's landings: lots, houses, railroads, franchises, Speculation, Chance."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.public import Magie1906Public
from landlord.rules.single_tax import JAIL, TRACK


class Magie1906Landings(Magie1906Public):
    """Landing: lots, houses, railroads and franchises, Speculation, Chance."""

    if TYPE_CHECKING:  # played by a later layer of the family class
        def move(self, seat: int, steps: int, backward: bool = False) -> Play: ...


    def land(self, seat: int, idx: int) -> Play:
        """Apply the rule of the space the checker stopped on."""
        g = self.g
        kind = self.kinds[idx]
        st = self.params.single_tax
        if kind == "lot":
            yield from self.land_on_lot(seat, idx)
        elif kind == "necessity":
            if st:
                g.emit("untaxed", seat, space=idx, rule="Single tax 1: no taxes on necessities")
                return
            # Rule 4: "he pays $10 taxes into the PUBLIC TREASURY"; advanced rules: doubled at
            # ten houses on the board, doubled again at twenty-five.
            yield from self.charge(seat, self.treasury, self.necessity_tax(idx), flows.TAX, "necessity tax",
                                   "Rule 4: taxes")
        elif kind == "estate":
            if idx in self.colleges:
                # Single tax, rule 7: "if a player goes to college he takes a blue card marked
                # Education and when he gets four of these cards he exchanges them for a card
                # marked Professor".
                pl = g.players[seat]
                pl.education += 1
                g.emit("education", seat, space=idx, cards=pl.education)
                if pl.education >= self.params.education_for_professor:
                    pl.education -= self.params.education_for_professor
                    pl.professors += 1
                    g.emit("professor", seat, professors=pl.professors)
            else:
                # Rule 5: "he is 'trespassing' and must go to JAIL"; single tax, rule 5: "until
                # the colleges are erected a player ... is trespassing and must go to JAIL".
                self.to_jail(seat)
        elif kind in ("railroad", "franchise"):
            yield from self.land_on_utility(seat, idx)
        elif kind == "speculation":
            yield from self.speculate(seat, idx)
        elif kind == "chance":
            yield from self.chance(seat)

    def necessity_tax(self, idx: int) -> int:
        """Rule 4's $10; advanced rules' Tax Table: $20 from 10 houses, $40 from 25 houses.
        DECISION: the houses counted are those standing on the board now."""
        g = self.g
        tax = g.board.spaces[idx].fee
        if self.params.advanced_rules:
            built = sum(self.houses)
            for step in self.params.tax_steps:
                if built >= step:
                    tax *= 2
        return int(tax)

    def land_on_lot(self, seat: int, idx: int) -> Play:
        """Rule 7 (land rent, sale of an unowned lot) or single-tax rule 4."""
        g = self.g
        if self.params.single_tax:
            # Single tax, rule 4: "When a player stops upon an unimproved lot ... he first pays
            # the full land rent into the PUBLIC TREASURY, and then, if he so desires and can
            # afford it, he may improve the lot by the erection of a house thereon. But if the
            # space ... is already improved by another player's house, he first pays the full land
            # rent into the PUBLIC TREASURY and then pays the full house rent to the owner".
            # DECISION: every player pays the land rent, the deed holder too (deeds are "of no
            # value"); a player on his own house pays the land rent only.
            yield from self.charge(seat, self.treasury, self.land_rent(idx), flows.LAND_RENT, "land rent",
                                   "Single tax 2/4: land rent to the Public Treasury")
            holder = self.house_owner[idx]
            if self.houses[idx] and holder not in (seat, -1):
                yield from self.charge(seat, holder, self.house_rent(idx), flows.BUILDING_RENT, "house rent",
                                       "Single tax 4: house rent to the house owner")
            if (not self.houses[idx] and g.players[seat].place == TRACK
                    and g.cash(seat) >= self.params.house_price):
                # DECISION: no bidding against a player building where he stands.
                choice = yield Decision(seat, "build", ("none", option("build", idx)), idx, self.params.house_price)
                if choice != "none":
                    self.build(seat, idx)
            return
        owner = self.owner[idx]
        if owner == seat:
            return  # Rule 7: "If he stops upon one of his own lots he pays nothing."
        if owner < 0:
            owner = yield from self.auction(seat, idx)
            if owner == seat:
                return
        rent = self.land_rent(idx) + self.house_rent(idx)
        if owner >= 0:
            # Rule 7: "When a player stops upon a lot owned by another player, he must pay the land
            # rent to the owner ... If the first player does not buy the lot and some other player
            # does, the first player pays the land rent to the purchaser."
            yield from self.charge(seat, owner, rent, flows.RENT, "rent", "Rule 7: land rent")
        else:
            # Rule 7: "If no player buys it the land rent is paid into the PUBLIC TREASURY."
            yield from self.charge(seat, self.treasury, rent, flows.LAND_RENT, "rent to treasury", "Rule 7: land rent")

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
        g = self.g
        price = self.params.house_price
        cash = g.cash(seat)
        if cash < price:
            return
        st = self.params.single_tax
        spots = [i for i in self.buildable(seat) if not st or cash >= price + self.land_rent(i)]
        if not spots:
            return
        choice = yield Decision(seat, "build", ("none",) + tuple(option("build", i) for i in spots), amount=price)
        if choice == "none":
            return
        idx = int(parse_option(choice).arg)
        if not st:
            self.build(seat, idx)
            return
        step = self.params.bid_step
        high, bidder = self.land_rent(idx), seat
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
        g.pay(bidder, self.treasury, high, flows.LAND_RENT, "building privilege",
              "Single tax 4: bid money to the treasury")
        self.build(bidder, idx)

    def build(self, seat: int, idx: int) -> None:
        """Put up one house (RECONSTRUCTED price rule 14), paid to the Bank."""
        g = self.g
        g.pay(seat, self.bank, self.params.house_price, flows.IMPROVEMENT, "house", "Rule 14 (reconstructed): houses")
        self.houses[idx] += 1
        self.house_owner[idx] = seat
        g.emit("house", seat, space=idx, houses=self.houses[idx], reconstructed=True)

    # -- railroads and franchises --------------------------------------------------------
    def fare(self, idx: int, payer: int) -> tuple[int, list[int]]:
        """Rule 9: what ``payer`` owes on ``idx`` and to whom (the Public Treasury if unowned).

        "When a player stops upon one of these franchise spaces he must pay $5 to the owner."
        MUNICIPAL CINCH: "collects $25 instead of $5". MONOPOLY: "If one player owns 2 railroads,
        he charges $10 fare; if 3, he charges $20; 4, $50." TRUST: "charging the other players
        $40 for each RAILROAD space and dividing profits." DECISION: Trust members ride free on
        the Trust's railroads; the $40 is divided equally between them.
        """
        g = self.g
        owner = self.owner[idx]
        if idx in self.public or owner == payer:
            return 0, []
        if owner < 0:
            return g.board.spaces[idx].fee, [self.treasury]
        if self.kinds[idx] == "franchise":
            franchises = [i for i in self.franchises if i not in self.public]
            cinch = len(franchises) == 2 and all(self.owner[i] == owner for i in franchises)
            return (self.params.cinch_rate if cinch else g.board.spaces[idx].fee), [owner]
        if self.trust is not None:
            if payer in self.trust:
                return 0, []
            return self.params.trust_fare, list(self.trust)
        owners = self.owner
        held = sum([owners[r] == owner for r in self.railroads])
        return self.params.railroad_fares[held - 1], [owner]

    def land_on_utility(self, seat: int, idx: int) -> Play:
        """Rule 9 (and single-tax rule 3: fares to the owners "until the public takes control of
        them ..., when they are FREE")."""
        g = self.g
        if idx in self.public:
            g.emit("free_ride", seat, space=idx, rule="Single tax 3: public, free")
            return
        if self.owner[idx] < 0:
            buyer = yield from self.auction(seat, idx)
            if buyer == seat:
                return
        amount, payees = self.fare(idx, seat)
        if not amount:
            return
        why = "fare" if self.kinds[idx] == "railroad" else "franchise rate"
        share = amount // len(payees)
        for k, dst in enumerate(payees):
            part = amount - share * (len(payees) - 1) if k == 0 else share
            yield from self.charge(seat, dst, part, flows.FARE, why, "Rule 9: franchises")
            if g.players[seat].place != TRACK:
                return

    def offer_trust(self) -> Play:
        """Rule 9, TRUST: "If two players own all of the RAILROADS between them, they may at any
        time pool their railroad interests and form a Trust". DECISION: the two are asked when
        the railroads first come into two hands (and again after any railroad changes hands);
        both must agree. The Trust ends when the public takes over any railroad."""
        g = self.g
        if not self.check_trust_pending or self.trust is not None:
            return
        self.check_trust_pending = False
        holders = {self.owner[r] for r in self.railroads}
        if len(holders) != 2 or -1 in holders or any(r in self.public for r in self.railroads):
            return
        a, b = sorted(holders)
        yes_a = yield Decision(a, "trust", ("form", "decline"))
        yes_b = yield Decision(b, "trust", ("form", "decline"))
        if yes_a == "form" and yes_b == "form":
            self.trust = (a, b)
            g.emit("trust", a, members=f"{g.names[a]},{g.names[b]}")

    # -- speculation ---------------------------------------------------------------------
    def speculate(self, seat: int, idx: int) -> Play:
        """Rule 8: ownership of the Broker's License is settled as for lots; the player pays a
        $10 "ante" to the Broker (or the MISCELLANEOUS pile); "then he throws his dice again, and
        if he throws a double, he wins $100; an 11, $90; a 10, $80; 9, $70; 8, $60; 7, $50; 6, $40;
        5, $30; and pays 10 percent of his winnings to holder of the Speculation card ... If a 3
        or 4 is thrown the Broker is supposed to be caught in a 'skin game,' -- the speculator
        wins nothing, and the Broker ... goes to JAIL and the card is returned to the pack."
        Winnings come from the MISCELLANEOUS pile (the Bank)."""
        g = self.g
        if self.owner[idx] < 0:
            yield from self.auction(seat, idx)
        broker = self.owner[idx]
        ante = g.board.spaces[idx].fee
        if broker != seat:
            yield from self.charge(seat, self.bank if broker < 0 else broker, ante, flows.SPECULATION, "ante",
                                   "Rule 8: speculation")
            if g.players[seat].place != TRACK:
                return
        a, b = self.throw(seat)
        total = a + b
        # DECISION: a double 2+2 is a double (wins $100), not the skin game's "4".
        win = self.params.speculation_double if a == b else self.params.speculation_table[total]
        if total in (3, 4) and a != b:
            g.emit("skin_game", seat, broker=g.names[broker] if broker >= 0 else "")
            if broker >= 0:
                self.owner[idx] = -1
                g.players[broker].cards.discard(idx)
                self.to_jail(broker)
            return
        if win:
            g.pay(self.bank, seat, win, flows.SPECULATION, "speculation winnings", "Rule 8: speculation")
            cut = win * self.params.broker_percent // 100
            if broker >= 0 and broker != seat and cut:
                g.pay(seat, broker, cut, flows.SPECULATION, "broker's commission", "Rule 8: speculation")
            elif broker < 0 and cut:
                g.pay(seat, self.bank, cut, flows.SPECULATION, "broker's commission", "Rule 8: speculation")
        g.emit("speculation", seat, throw=total, double=a == b, won=win)

    # -- chance (reconstructed deck) -------------------------------------------------------
    def chance(self, seat: int) -> Play:
        """Rule 11: "he draws a card from the red pack and follows directions on same. In each case
        the card drawn is returned to the pack." RECONSTRUCTED deck (``chance_cards``): no 1906
        card is transcribed; each card (:class:`~landlord.rules.magie1906.cards.Chance1906`,
        written ``action:amount|text``) says what it does: ``collect`` (from the Bank), ``pay``
        (to the Bank), ``fine`` (to the Public Treasury), ``jail``, ``mother_earth`` (advance to
        Mother Earth) or ``back`` (go back that many spaces)."""
        g = self.g
        deck = self.params.chance_cards
        card = deck[g.pick(len(deck))]
        action, amount = card.action, card.amount
        g.emit("chance", seat, card=card.text, reconstructed=True)
        if action == "collect":
            g.pay(self.bank, seat, amount, flows.CARD, "chance", "Rule 11: Chance (reconstructed card)")
        elif action == "pay":
            yield from self.charge(seat, self.bank, amount, flows.CARD, "chance",
                                   "Rule 11: Chance (reconstructed card)")
        elif action == "fine":
            yield from self.charge(seat, self.treasury, amount, flows.CARD, "chance fine",
                                   "Rule 11: Chance (reconstructed card)")
        elif action == "jail":
            self.to_jail(seat)
        elif action == "mother_earth":
            pl = g.players[seat]
            pl.pos = 0
            g.emit("move", seat, frm=-1, to=0, space=g.board.spaces[0].name, backward=False)
            self.pay_wages(seat)
        elif action == "back":
            yield from self.move(seat, amount, backward=True)

    # -- jail, Poor House, Natural Opportunity -------------------------------------------
    def to_jail(self, seat: int) -> None:
        """Rule 5: "put his checker on the JAIL space"."""
        pl = self.g.players[seat]
        pl.place, pl.pos, pl.jail_missed = JAIL, self.jail_corner, 0
        self.g.emit("jail", seat, space=self.jail_corner)

    # -- paying and raising money ----------------------------------------------------------
    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` obliges ``seat`` to pay at least (rule 12's and single-tax
        rule 8's "afford to make the move"); Chance, Speculation and Luxury count 0."""
        kind = self.kinds[idx]
        if kind == "lot":
            house = self.house_rent(idx) if self.house_owner[idx] not in (seat, -1) else 0
            if self.params.single_tax:
                return self.land_rent(idx) + house
            return 0 if self.owner[idx] == seat else self.land_rent(idx) + self.house_rent(idx)
        if kind == "necessity":
            return 0 if self.params.single_tax else self.necessity_tax(idx)
        if kind in ("railroad", "franchise"):
            return self.fare(idx, seat)[0]
        return 0
