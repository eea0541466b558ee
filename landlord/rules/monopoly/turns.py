"""Monopoly's turns, and the family class that composes the game's state and its parts."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.data.decks import load_deck
from landlord.engine import flows
from landlord.engine.count import SeatCount
from landlord.engine.decisions import Decision, OptionText
from landlord.engine.rulebook import Play, Rules, SpaceState
from landlord.rules.monopoly.building import Building
from landlord.rules.monopoly.count import on_space, pieces, results, totals
from landlord.rules.monopoly.debts import Debts
from landlord.rules.monopoly.manage import Manage
from landlord.rules.monopoly.market import Market
from landlord.rules.monopoly.params import PARAMS, ParamsMonopoly, in_phase
from landlord.rules.monopoly.pieces import MonopolyPlayer
from landlord.rules.monopoly.position import FIELDS, place_seat
from landlord.rules.monopoly.prospects import MonopolyProspects
from landlord.rules.monopoly.state import MonopolyState
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
from landlord.rules.monopoly.words import DECISIONS, OPTIONS, explain, option_text

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition


class Monopoly(Rules):
    """Monopoly (and through params: its short game, time-limit game, and Mucker Monopoly).

    The family plays the turns itself and composes the rest: the game's :class:`MonopolyState`
    (``state``), its parts over that state — ``building`` (houses, hotels, mortgages),
    ``debts`` (charges, bankruptcy), ``market`` (the Bank's sale and deal, trades, the bribe),
    ``manage`` (the step between throws) — the auctions (:mod:`~landlord.rules.monopoly.auction`),
    the count (:mod:`~landlord.rules.monopoly.count`), the words
    (:mod:`~landlord.rules.monopoly.words`) and the position layout
    (:mod:`~landlord.rules.monopoly.position`), functions of the state, and the ``prospects`` the
    players read."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`ParamsMonopoly`)."""
    EXTRA_ACCOUNTS: ClassVar[tuple[str, ...]] = ("Free Parking pot",)
    DECISIONS: ClassVar[dict[str, str]] = DECISIONS
    OPTIONS: ClassVar[dict[str, str]] = OPTIONS
    POSITION_FIELDS: ClassVar[frozenset[str]] = FIELDS

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.state = st = MonopolyState(game)
        """The game's state, which every part reads and writes."""
        self.building = Building(st)
        self.debts = Debts(st, self.building)
        self.market = Market(st, self.building, self.debts)
        self.manage = Manage(st, self.building, self.market)
        self.prospects = MonopolyProspects(st)
        """What every seat can see of the table (the players read the game through it)."""

    @property
    def params(self) -> ParamsMonopoly:  # type: ignore[override]
        """The params in force, typed (the state's: built again at a switch of phase, :meth:`arrive`)."""
        return self.state.params

    @property
    def ended(self) -> str:
        """Why the game ended ('' while it goes on)."""
        return self.state.ended

    def arrive(self, old: str, new: str) -> Play:
        """At a switch of phase (a ruleset of one's own may give Monopoly more than one): the
        numbers of the phase now in force are read from then on; nothing else changes."""
        self.state.params = in_phase(self.g.ruleset, self.g.phase)
        yield from ()

    def new_player(self, seat: int) -> MonopolyPlayer:
        """A token on GO with nothing yet."""
        return MonopolyPlayer(seat)

    def results(self) -> list[SeatCount]:
        """Every seat's count (:func:`~landlord.rules.monopoly.count.results`)."""
        return results(self.state)

    def totals(self) -> tuple[int, ...]:
        """Every seat's count total (:func:`~landlord.rules.monopoly.count.totals`)."""
        return totals(self.state)

    def pieces(self, seat: int) -> dict[str, int]:
        """What ``seat`` holds besides money (:func:`~landlord.rules.monopoly.count.pieces`)."""
        return pieces(self.state, seat)

    def space_state(self, index: int) -> SpaceState:
        """What lies on space ``index`` (:func:`~landlord.rules.monopoly.count.on_space`)."""
        return on_space(self.state, index)

    def explain(self, d: Decision) -> str:
        """The decision in a sentence (:func:`~landlord.rules.monopoly.words.explain`)."""
        return explain(self.state, d)

    def option_text(self, d: Decision, option: OptionText) -> str:
        """A short label for one option (:func:`~landlord.rules.monopoly.words.option_text`)."""
        return option_text(self.state, d, option)

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """Lay out a position's seat (:func:`~landlord.rules.monopoly.position.place_seat`)."""
        place_seat(self.state, seat, sp, where, entry, self.space_named)

    # -- the whole game --------------------------------------------------------------------
    def play(self) -> Play:
        """Set-up (cash, decks, dealt deeds in the short games, first player), then turns to
        the left until the game ends."""
        st = self.state
        g, p = self.g, st.params
        st.bank, st.pot = g.account("Bank"), g.account("Free Parking pot")
        # Free Parking (Mucker): "all of the fines, bribes, and other incidental payments during
        # the course of play go into a 'pot' ... This rule must be decided by the muckers before
        # play begins" — the ruleset param free_parking_pot.
        st.fines_to = st.pot if p.free_parking_pot else st.bank
        seats = list(range(len(g.players)))
        # PREPARATION: "Each player is given $1500".
        for s in seats:
            g.pay(st.bank, s, p.start_cash, flows.START_CASH, "start cash", "Preparation")
        for key in ("chance", "community_chest"):
            cards = list(load_deck(st.deck_ids[key], p.edition).cards)
            g.shuffle(cards)
            st.decks[key] = deque(cards)
        if p.deal_deeds and not self.dealt_by_position():
            self.market.deal(seats)
        # THE PLAY: "each player in turn throws the dice. The player with the highest total
        # starts the play." ... "the turn to play passes to the left."
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if g.position is not None:
            self.apply_position(g.position)
        g.emit("start", self.order[0], order=",".join(g.names[s] for s in self.order))
        players = g.players
        limit, cap = p.round_limit, p.max_rounds
        decide, manage = self.manage.decision, self.manage.step
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
                d = decide(seat, (), (), False)
                if d is not None:
                    answer = yield d
                    if answer != "done":
                        yield from manage(seat, answer)
                if not (st.ended or pl.out):
                    if pl.jail:
                        yield from self.jail_turn(seat)
                    else:
                        yield from self.ordinary(seat)
                if st.ended:
                    g.emit("end", -1, reason=st.ended, round=g.round)
                    return
            # Time-limit game: "agree upon a definite hour of termination" (bots: rounds).
            if limit and g.round >= limit:
                st.ended = "time limit"
            elif g.round >= cap:
                # DECISION: the safety bound max_rounds ends a game still running; it is then
                # counted like the short game (see results()).
                st.ended = "round cap"
            if st.ended:
                g.emit("end", -1, reason=st.ended, round=g.round)
                return

    # -- a turn ---------------------------------------------------------------------------
    def ordinary(self, seat: int) -> Play:
        """Throw and move; "If a player throws doubles ... Retaining the dice, he throws again
        ... If a player throws doubles three times in succession, he moves his token immediately
        to the space marked 'In Jail'"."""
        st = self.state
        g = self.g
        pl = g.players[seat]
        doubles = 0
        n = st.n
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
                g.pay(st.bank, seat, st.params.go_salary, flows.WAGES, "salary", "GO")
            if g.events is not None:
                g.emit("move", seat, frm=pl.pos, to=new, space=st.names[new])
            pl.pos = new
            yield from self.land(seat, new, a + b, 1)
            if a != b or pl.out or pl.jail or st.ended:
                return

    def advance(self, seat: int, steps: int, dice: int) -> Play:
        """Move forward; "Each time a player's token lands on or passes over 'GO' ... the
        Banker pays him $200 salary"."""
        st = self.state
        g = self.g
        pl = g.players[seat]
        new = pl.pos + steps
        if new >= st.n:
            new -= st.n
            g.pay(st.bank, seat, st.params.go_salary, flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=new, space=st.names[new])
        pl.pos = new
        yield from self.land(seat, new, dice, 1)

    def move_to(self, seat: int, target: int, dice: int, factor: int = 1) -> Play:
        """A card's "Advance to ...": forward to ``target``, collecting salary on passing or
        reaching GO ("whether by throw of the dice or by drawing a card")."""
        st = self.state
        pl = self.g.players[seat]
        steps = (target - pl.pos) % st.n or st.n
        g = self.g
        if pl.pos + steps >= st.n:
            g.pay(st.bank, seat, st.params.go_salary, flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=target, space=st.names[target])
        pl.pos = target
        yield from self.land(seat, target, dice, factor)

    def land(self, seat: int, idx: int, dice: int, factor: int) -> Play:
        """Apply the space the token stopped on. ``factor`` doubles railroad rent for the
        nearest-railroad card."""
        st = self.state
        code = st.code[idx]
        if code in (K_STREET, K_RAIL, K_UTIL):
            owner = st.owner[idx]
            if owner < 0:
                yield from self.market.offer_deed(seat, idx)
            elif owner != seat and not st.mortgaged[idx]:
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
            pot = g.ledger.balances[st.pot]
            if pot:
                g.pay(st.pot, seat, pot, flows.CARD, "Free Parking pot", "Free Parking (pot rule)")

    # -- rent -------------------------------------------------------------------------------
    def rent(self, idx: int, dice: int) -> int:
        """PAYING RENT: the deed's rent; "double rent for unimproved properties" of a complete
        colour group, "even if another property in that color-group is mortgaged"; railroads by
        the number owned; utilities 4x or 10x the dice.

        DECISION: railroads and utilities count every one the owner holds, mortgaged or not
        (the deed reads "if 2 R.R.'s are owned").
        """
        st = self.state
        code = st.code[idx]
        owner = st.owner[idx]
        own = st.owner
        if code == K_STREET:
            h = st.houses[idx]
            if h:
                return st.rents[idx][h - 1]
            for i in st.members[idx]:
                if own[i] != owner:
                    return st.base_rent[idx]
            return 2 * st.base_rent[idx]
        count = 0
        for i in st.members[idx]:
            if own[i] == owner:
                count += 1
        if code == K_RAIL:
            return st.rents[idx][count - 1]
        return st.mults[idx][count - 1] * dice

    def pay_rent(self, seat: int, owner: int, idx: int, dice: int, factor: int) -> Play:
        """"The owner may not collect his rent if he fails to ask for it before the second
        player following throws the dice."

        DECISION: with ``rent_must_be_asked`` the owner is asked at once (the window is still
        open then); answering ``forget`` lets the rent go. Bots always ask. Rent is collected
        while the owner is in Jail ("Even though he is in Jail, a player may ... collect rents").
        """
        st = self.state
        g = self.g
        amount = self.rent(idx, dice) * factor
        if st.params.rent_must_be_asked:
            choice = yield _decision((owner, "ask_rent", ASK, idx, amount))
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=idx, amount=amount)
                return
        if g.ledger.balances[seat] >= amount:
            g.pay(seat, owner, amount, flows.RENT, "rent", "Paying rent")  # charge() when nothing is short
        else:
            yield from self.debts.charge(seat, owner, amount, flows.RENT, "rent", "Paying rent")

    # -- cards ------------------------------------------------------------------------------
    def draw(self, seat: int, key: str, dice: int) -> Play:
        """CHANCE and COMMUNITY CHEST: "he takes the top card from the deck indicated, follows
        the instructions and returns the card face-down to the bottom of the deck." The Get Out
        of Jail Free card "is held until used and then returned to the bottom of the deck"."""
        st = self.state
        g = self.g
        deck = st.decks[key]
        card = deck.popleft()
        if g.events is not None:
            g.emit("deck_card", seat, deck=st.word("Chance" if key == "chance" else "Community Chest"),
                   card=card.name, text=card.text)
        e = card.effect
        if e == "keep_card":
            g.players[seat].cards.append(card)
            return
        deck.append(card)
        if e == "move_to":
            yield from self.move_to(seat, int(card.target), dice)
        elif e == "collect_from_bank":
            g.pay(st.bank, seat, card.amount, flows.CARD, "card", key)
        elif e == "pay_bank":
            yield from self.debts.charge(seat, st.fines_to, card.amount, flows.CARD, "card", key)
        elif e == "go_to_jail":
            self.to_jail(seat, "card")
        elif e == "move_to_nearest":
            yield from self.nearest(seat, str(card.target))
        elif e == "move_relative":
            pl = g.players[seat]
            new = (pl.pos + card.amount) % st.n
            g.emit("move", seat, frm=pl.pos, to=new, space=st.names[new])
            pl.pos = new
            yield from self.land(seat, new, dice, 1)
        elif e == "pay_per_building":
            houses = hotels = 0
            for i in g.players[seat].deeds:
                h = st.houses[i]
                if h == HOTEL:
                    hotels += 1
                else:
                    houses += h
            due = houses * card.house + hotels * card.hotel
            if due:
                yield from self.debts.charge(seat, st.fines_to, due, flows.CARD, "repairs", key)
        elif e == "pay_each_player":
            # DECISION: paid seat by seat in turn order; if he cannot pay one, he is bankrupt
            # to that player and the rest are not paid.
            for other in st.others(seat):
                paid = yield from self.debts.charge(seat, other, card.amount, flows.CARD, "card", key)
                if not paid:
                    return
        elif e == "collect_from_each_player":
            for other in st.others(seat):
                yield from self.debts.charge(other, seat, card.amount, flows.CARD, "card", key)
                if st.ended:
                    return

    def nearest(self, seat: int, kind: str) -> Play:
        """"Move forward to the nearest railroad ... pay the owner double the rent" / "nearest
        utility ... roll the dice and pay the owner ten times the total". Unowned: he may buy."""
        st = self.state
        pl = self.g.players[seat]
        targets = st.railroads if kind == "railroad" else st.utilities
        target = next((t for t in targets if t > pl.pos), targets[0])
        owner = st.owner[target]
        if kind == "railroad":
            yield from self.move_to(seat, target, 0, 2)
            return
        if owner < 0 or owner == seat or st.mortgaged[target]:
            yield from self.move_to(seat, target, 0)
            return
        # owned utility: move (salary if passing GO), throw, pay ten times the throw
        g = self.g
        steps = (target - pl.pos) % st.n
        if pl.pos + steps >= st.n:
            g.pay(st.bank, seat, st.params.go_salary, flows.WAGES, "salary", "GO")
        g.emit("move", seat, frm=pl.pos, to=target, space=st.names[target])
        pl.pos = target
        a, b = self.throw(seat)
        amount = st.mults[target][-1] * (a + b)
        if st.params.rent_must_be_asked:
            choice = yield Decision(owner, "ask_rent", ASK, target, amount)
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=target, amount=amount)
                return
        yield from self.debts.charge(seat, owner, amount, flows.RENT, "rent", f"{st.word('Chance')}: nearest utility")

    # -- taxes --------------------------------------------------------------------------------
    def tax(self, seat: int, idx: int) -> Play:
        """INCOME TAX: "he may estimate his tax at $200 ... or he may pay 10% of his total
        worth ... The player must decide which option he will take before he adds up his total
        worth." Luxury Tax: the printed fee. (Edition 2008 and the Mucker short game: a flat
        $200.)

        DECISION: 10% of worth is rounded to the nearest dollar (halves up).
        """
        st = self.state
        g = self.g
        fee, pct = st.tax_fee[idx], st.tax_percent[idx]
        amount = fee
        if pct and st.params.income_tax_choice:
            choice = yield Decision(seat, "income_tax", TAX, idx, fee)
            if choice == "percent":
                amount = (st.worth(seat) * pct + 50) // 100
            g.emit("income_tax", seat, choice=choice, amount=amount)
        if amount:
            yield from self.debts.charge(seat, st.fines_to, amount, flows.TAX, "tax", st.names[idx])

    # -- Jail -----------------------------------------------------------------------------------
    def to_jail(self, seat: int, why: str) -> None:
        """JAIL: "he must move it directly into Jail" — no salary — and "A player's turn ends
        when he is sent to Jail"."""
        st = self.state
        pl = self.g.players[seat]
        pl.pos, pl.jail, pl.jail_turns = st.jail_square, True, 0
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
        st = self.state
        g, p = self.g, st.params
        pl = g.players[seat]
        fine = p.jail_fine
        opts: tuple[str, ...] = ()
        if pl.cards:
            opts += ("card",)
        if pl.jail_turns < p.fine_before_throw_turns and g.ledger.balances[seat] >= fine:
            opts += ("pay",)
        choice = (yield Decision(seat, "jail_exit", opts + ("throw",), st.jail_square, fine)) if opts else "throw"
        if choice == "card":
            card = pl.cards.pop(0)
            st.decks[st.deck_key(card)].append(card)
            pl.jail = False
            g.emit("jail_out", seat, how="card")
            yield from self.ordinary(seat)
            return
        if choice == "pay":
            g.pay(seat, st.fines_to, fine, flows.FINE, "jail fine", "Jail")
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
            paid = yield from self.debts.charge(seat, st.fines_to, fine, flows.FINE, "jail fine", "Jail")
            if not paid:
                return
            pl.jail = False
            g.emit("jail_out", seat, how="fine")
        yield from self.advance(seat, a + b, a + b)
