"""Monopoly's turns (the family class)."""

from __future__ import annotations

from collections import deque

from landlord.data.decks import load_deck
from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.rulebook import Play
from landlord.errors import LandlordError
from landlord.rules.monopoly.market import MonopolyMarket
from landlord.rules.monopoly.static import (
    ASK,
    HOTEL,
    K_CHANCE,
    K_CHEST,
    K_GOTOJAIL,
    K_PARKING,
    K_RAIL,
    K_STREET,
    K_TAX,
    K_UTIL,
    TAX,
    _decision,
)


class Monopoly(MonopolyMarket):
    """Monopoly (and through params: its short game, time-limit game, and Mucker Monopoly)."""

    # -- the whole game --------------------------------------------------------------------
    def play(self) -> Play:
        """Set-up (cash, decks, dealt deeds in the short games, first player), then turns to
        the left until the game ends."""
        g, p = self.g, self.params
        self.bank, self.pot = g.account("Bank"), g.account("Free Parking pot")
        # Free Parking (Mucker): "all of the fines, bribes, and other incidental payments during
        # the course of play go into a 'pot' ... This rule must be decided by the muckers before
        # play begins" — the ruleset param free_parking_pot.
        self.fines_to = self.pot if p.free_parking_pot else self.bank
        seats = list(range(len(g.players)))
        # PREPARATION: "Each player is given $1500".
        for s in seats:
            g.pay(self.bank, s, p.start_cash, flows.START_CASH, "start cash", "Preparation")
        for key in ("chance", "community_chest"):
            cards = list(load_deck(self.deck_ids[key], p.edition).cards)
            g.shuffle(cards)
            self.decks[key] = deque(cards)
        if p.deal_deeds and not self.dealt_by_position():
            self.deal(seats)
        # THE PLAY: "each player in turn throws the dice. The player with the highest total
        # starts the play." ... "the turn to play passes to the left."
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if g.position is not None:
            self.apply_position(g.position)
        g.emit("start", self.order[0], order=",".join(g.names[s] for s in self.order))
        players = g.players
        limit, cap = p.round_limit, p.max_rounds
        while True:
            g.round += 1
            for seat in self.order:
                pl = players[seat]
                if pl.out:
                    continue
                g.turn += 1
                # the turn: phase point, manage, then Jail or an ordinary turn
                if g.triggers:
                    yield from self.phase_point(seat)
                # the manage step's first decision is asked here: most steps end at "done"
                d = self.manage_decision(seat, [], set(), False)
                if d is not None:
                    answer = yield d
                    if answer != "done":
                        yield from self.manage(seat, answer)
                if not (self.ended or pl.out):
                    if pl.jail:
                        yield from self.jail_turn(seat)
                    else:
                        yield from self.ordinary(seat)
                if self.ended:
                    g.emit("end", -1, reason=self.ended, round=g.round)
                    return
            # Time-limit game: "agree upon a definite hour of termination" (bots: rounds).
            if limit and g.round >= limit:
                self.ended = "time limit"
            elif g.round >= cap:
                # DECISION: the safety bound max_rounds ends a game still running; it is then
                # counted like the short game (see results()).
                self.ended = "round cap"
            if self.ended:
                g.emit("end", -1, reason=self.ended, round=g.round)
                return

    def deal(self, seats: list[int]) -> None:
        """Short and time-limit games: "the Banker shuffles the pack of Title Deed cards ... and
        deals, one at a time, two Title Deed cards to each player ... Players receiving Title
        Deed cards must immediately pay the Bank the printed price" (Mucker short game: three,
        "free— no payment to the Bank is required").

        DECISION: the cut changes nothing in a shuffled pack and is not played; the deal starts
        with the Banker's seat and goes round the table.
        """
        g, p = self.g, self.params
        pack = list(self.ownable)
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
                    g.pay(s, self.bank, self.price[idx], flows.LAND_BOUGHT, "deed dealt", "Short game: deal")
                self.give_deed(s, idx)
                g.emit("deal", s, space=idx, deed=self.names[idx], paid=p.deal_paid)

    # -- a turn ---------------------------------------------------------------------------
    def ordinary(self, seat: int) -> Play:
        """Throw and move; "If a player throws doubles ... Retaining the dice, he throws again
        ... If a player throws doubles three times in succession, he moves his token immediately
        to the space marked 'In Jail'"."""
        g = self.g
        pl = g.players[seat]
        doubles = 0
        n = self.n
        while True:
            a, b = self.throw(seat)
            if a == b:
                doubles += 1
                if doubles == 3:
                    self.to_jail(seat, "three doubles")
                    return
            # advance(), written out here (the hot path)
            new = pl.pos + a + b
            if new >= n:
                new -= n
                g.pay(self.bank, seat, self.params.go_salary, flows.WAGES, "salary", "GO")
            if g.events is not None:
                g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
            pl.pos = new
            yield from self.land(seat, new, a + b, 1)
            if a != b or pl.out or pl.jail or self.ended:
                return

    def advance(self, seat: int, steps: int, dice: int) -> Play:
        """Move forward; "Each time a player's token lands on or passes over 'GO' ... the
        Banker pays him $200 salary"."""
        g = self.g
        pl = g.players[seat]
        new = pl.pos + steps
        if new >= self.n:
            new -= self.n
            g.pay(self.bank, seat, self.params.go_salary, flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
        pl.pos = new
        yield from self.land(seat, new, dice, 1)

    def move_to(self, seat: int, target: int, dice: int, factor: int = 1) -> Play:
        """A card's "Advance to ...": forward to ``target``, collecting salary on passing or
        reaching GO ("whether by throw of the dice or by drawing a card")."""
        pl = self.g.players[seat]
        steps = (target - pl.pos) % self.n or self.n
        g = self.g
        if pl.pos + steps >= self.n:
            g.pay(self.bank, seat, self.params.go_salary, flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=target, space=self.names[target])
        pl.pos = target
        yield from self.land(seat, target, dice, factor)

    def land(self, seat: int, idx: int, dice: int, factor: int) -> Play:
        """Apply the space the token stopped on. ``factor`` doubles railroad rent for the
        nearest-railroad card."""
        code = self.code[idx]
        if code in (K_STREET, K_RAIL, K_UTIL):
            owner = self.owner[idx]
            if owner < 0:
                yield from self.offer_deed(seat, idx)
            elif owner != seat and not self.mortgaged[idx]:
                yield from self.pay_rent(seat, owner, idx, dice, factor)
        elif code == K_CHANCE:
            yield from self.draw(seat, "chance", dice)
        elif code == K_CHEST:
            yield from self.draw(seat, "community_chest", dice)
        elif code == K_TAX:
            yield from self.tax(seat, idx)
        elif code == K_GOTOJAIL:
            self.to_jail(seat, "Go to Jail")
        elif code == K_PARKING:
            # FREE PARKING: "A player landing on this space does not receive any money" —
            # unless the Mucker pot rule is chosen: "the mucker who lands on Free Parking
            # collects all the loot in that pot."
            g = self.g
            pot = g.ledger.balances[self.pot]
            if pot:
                g.pay(self.pot, seat, pot, flows.CARD, "Free Parking pot", "Free Parking (pot rule)")

    # -- rent -------------------------------------------------------------------------------
    def rent(self, idx: int, dice: int) -> int:
        """PAYING RENT: the deed's rent; "double rent for unimproved properties" of a complete
        colour group, "even if another property in that color-group is mortgaged"; railroads by
        the number owned; utilities 4x or 10x the dice.

        DECISION: railroads and utilities count every one the owner holds, mortgaged or not
        (the deed reads "if 2 R.R.'s are owned").
        """
        code = self.code[idx]
        owner = self.owner[idx]
        own = self.owner
        if code == K_STREET:
            h = self.houses[idx]
            if h:
                return self.rents[idx][h - 1]
            for i in self.members[idx]:
                if own[i] != owner:
                    return self.base_rent[idx]
            return 2 * self.base_rent[idx]
        count = 0
        for i in self.members[idx]:
            if own[i] == owner:
                count += 1
        if code == K_RAIL:
            return self.rents[idx][count - 1]
        return self.mults[idx][count - 1] * dice

    def pay_rent(self, seat: int, owner: int, idx: int, dice: int, factor: int) -> Play:
        """"The owner may not collect his rent if he fails to ask for it before the second
        player following throws the dice."

        DECISION: with ``rent_must_be_asked`` the owner is asked at once (the window is still
        open then); answering ``forget`` lets the rent go. Bots always ask. Rent is collected
        while the owner is in Jail ("Even though he is in Jail, a player may ... collect rents").
        """
        g = self.g
        amount = self.rent(idx, dice) * factor
        if self.params.rent_must_be_asked:
            choice = yield _decision((owner, "ask_rent", ASK, idx, amount))
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=idx, amount=amount)
                return
        if g.ledger.balances[seat] >= amount:
            g.pay(seat, owner, amount, flows.RENT, "rent", "Paying rent")  # charge() when nothing is short
        else:
            yield from self.charge(seat, owner, amount, flows.RENT, "rent", "Paying rent")

    # -- cards ------------------------------------------------------------------------------
    def draw(self, seat: int, key: str, dice: int) -> Play:
        """CHANCE and COMMUNITY CHEST: "he takes the top card from the deck indicated, follows
        the instructions and returns the card face-down to the bottom of the deck." The Get Out
        of Jail Free card "is held until used and then returned to the bottom of the deck"."""
        g = self.g
        deck = self.decks[key]
        card = deck.popleft()
        if g.events is not None:
            g.emit("deck_card", seat, deck=self.word("Chance" if key == "chance" else "Community Chest"),
                   card=card.name, text=card.text)
        e = card.effect
        if e == "keep_card":
            g.players[seat].cards.append(card)
            return
        deck.append(card)
        if e == "move_to":
            yield from self.move_to(seat, int(card.target), dice)
        elif e == "collect_from_bank":
            g.pay(self.bank, seat, card.amount, flows.CARD, "card", key)
        elif e == "pay_bank":
            yield from self.charge(seat, self.fines_to, card.amount, flows.CARD, "card", key)
        elif e == "go_to_jail":
            self.to_jail(seat, "card")
        elif e == "move_to_nearest":
            yield from self.nearest(seat, str(card.target))
        elif e == "move_relative":
            pl = g.players[seat]
            new = (pl.pos + card.amount) % self.n
            g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
            pl.pos = new
            yield from self.land(seat, new, dice, 1)
        elif e == "pay_per_building":
            houses = hotels = 0
            for i in g.players[seat].deeds:
                h = self.houses[i]
                if h == HOTEL:
                    hotels += 1
                else:
                    houses += h
            due = houses * card.house + hotels * card.hotel
            if due:
                yield from self.charge(seat, self.fines_to, due, flows.CARD, "repairs", key)
        elif e == "pay_each_player":
            # DECISION: paid seat by seat in turn order; if he cannot pay one, he is bankrupt
            # to that player and the rest are not paid.
            for other in self.others(seat):
                paid = yield from self.charge(seat, other, card.amount, flows.CARD, "card", key)
                if not paid:
                    return
        elif e == "collect_from_each_player":
            for other in self.others(seat):
                yield from self.charge(other, seat, card.amount, flows.CARD, "card", key)
                if self.ended:
                    return

    def nearest(self, seat: int, kind: str) -> Play:
        """"Move forward to the nearest railroad ... pay the owner double the rent" / "nearest
        utility ... roll the dice and pay the owner ten times the total". Unowned: he may buy."""
        pl = self.g.players[seat]
        targets = self.railroads if kind == "railroad" else self.utilities
        target = next((t for t in targets if t > pl.pos), targets[0])
        owner = self.owner[target]
        if kind == "railroad":
            yield from self.move_to(seat, target, 0, 2)
            return
        if owner < 0 or owner == seat or self.mortgaged[target]:
            yield from self.move_to(seat, target, 0)
            return
        # owned utility: move (salary if passing GO), throw, pay ten times the throw
        g = self.g
        steps = (target - pl.pos) % self.n
        if pl.pos + steps >= self.n:
            g.pay(self.bank, seat, self.params.go_salary, flows.WAGES, "salary", "GO")
        g.emit("move", seat, frm=pl.pos, to=target, space=self.names[target])
        pl.pos = target
        a, b = self.throw(seat)
        amount = self.mults[target][-1] * (a + b)
        if self.params.rent_must_be_asked:
            choice = yield Decision(owner, "ask_rent", ASK, target, amount)
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=target, amount=amount)
                return
        yield from self.charge(seat, owner, amount, flows.RENT, "rent", f"{self.word('Chance')}: nearest utility")

    # -- taxes --------------------------------------------------------------------------------
    def tax(self, seat: int, idx: int) -> Play:
        """INCOME TAX: "he may estimate his tax at $200 ... or he may pay 10% of his total
        worth ... The player must decide which option he will take before he adds up his total
        worth." Luxury Tax: the printed fee. (Edition 2008 and the Mucker short game: a flat
        $200.)

        DECISION: 10% of worth is rounded to the nearest dollar (halves up).
        """
        g = self.g
        fee, pct = self.tax_fee[idx], self.tax_percent[idx]
        amount = fee
        if pct and self.params.income_tax_choice:
            choice = yield Decision(seat, "income_tax", TAX, idx, fee)
            if choice == "percent":
                amount = (self.worth(seat) * pct + 50) // 100
            g.emit("income_tax", seat, choice=choice, amount=amount)
        if amount:
            yield from self.charge(seat, self.fines_to, amount, flows.TAX, "tax", self.names[idx])

    # -- Jail -----------------------------------------------------------------------------------
    def to_jail(self, seat: int, why: str) -> None:
        """JAIL: "he must move it directly into Jail" — no salary — and "A player's turn ends
        when he is sent to Jail"."""
        pl = self.g.players[seat]
        pl.pos, pl.jail, pl.jail_turns = self.jail_square, True, 0
        self.g.emit("jail", seat, why=why)

    def jail_turn(self, seat: int) -> Play:
        """Out of Jail "(1.) throwing doubles on any of his next three turns ... he immediately
        moves forward the number of spaces shown by his doubles throw. Even though he has
        thrown doubles he does not take another turn; (2.) using the 'Get Out of Jail Free'
        card ...; (3.) purchasing the 'Get Out of Jail Free' card from another player and
        playing it; (4.) paying a fine of $50 before he rolls the dice on either of his next two
        turns. If the player does not throw doubles by his third turn he must pay the $50 fine.
        He then gets out of Jail and immediately moves forward the number of spaces shown by his
        throw." (Mucker short game: ``jail_throws = 1`` — "exit on your next turn ... you may try
        to roll doubles and, failing to do so, pay the $50 on the same turn.")

        DECISION: after a card or the fine he plays an ordinary turn (doubles throw again).
        Buying a card from another player is a trade in his manage step, before this choice.
        """
        g, p = self.g, self.params
        pl = g.players[seat]
        fine = p.jail_fine
        opts: tuple[str, ...] = ()
        if pl.cards:
            opts += ("card",)
        if pl.jail_turns < p.fine_before_throw_turns and g.ledger.balances[seat] >= fine:
            opts += ("pay",)
        choice = (yield Decision(seat, "jail_exit", opts + ("throw",), self.jail_square, fine)) if opts else "throw"
        if choice == "card":
            card = pl.cards.pop(0)
            self.decks[self.deck_key(card)].append(card)
            pl.jail = False
            g.emit("jail_out", seat, how="card")
            yield from self.ordinary(seat)
            return
        if choice == "pay":
            g.pay(seat, self.fines_to, fine, flows.FINE, "jail fine", "Jail")
            pl.jail = False
            g.emit("jail_out", seat, how="fine")
            yield from self.ordinary(seat)
            return
        a, b = self.throw(seat)
        if a == b:
            pl.jail = False
            g.emit("jail_out", seat, how="double")
        else:
            pl.jail_turns += 1
            if pl.jail_turns < p.jail_throws:
                g.emit("jail_stay", seat)
                return
            paid = yield from self.charge(seat, self.fines_to, fine, flows.FINE, "jail fine", "Jail")
            if not paid:
                return
            pl.jail = False
            g.emit("jail_out", seat, how="fine")
        yield from self.advance(seat, a + b, a + b)
