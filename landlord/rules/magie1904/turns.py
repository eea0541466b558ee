"""The 1904 patent game's turns, clause by clause: the family class, :class:`Magie1904`, which
composes the state (:mod:`~landlord.rules.magie1904.state`) and its parts: the money
(:mod:`~landlord.rules.magie1904.money`), the single tax (:mod:`~landlord.rules.magie1904.public`),
the count (:mod:`~landlord.rules.magie1904.count`), the words (:mod:`~landlord.rules.magie1904.words`)
and the position layout (:mod:`~landlord.rules.magie1904.position`)."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

import landlord.rules.magie1904.count as count
import landlord.rules.magie1904.position as position
import landlord.rules.magie1904.words as words
from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.rulebook import Play, SharedParams, SpaceState
from landlord.rules.magie1904.money import Money1904
from landlord.rules.magie1904.params import PARAMS, Params1904
from landlord.rules.magie1904.prospects import Prospects1904
from landlord.rules.magie1904.public import SingleTax1904
from landlord.rules.magie1904.state import JAIL, NATURAL, POOR, TRACK, Magie1904State, MagiePlayer
from landlord.rules.single_tax import SingleTaxRules

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition
    from landlord.engine.count import SeatCount
    from landlord.engine.in_play import GameInPlay


class Magie1904(SingleTaxRules):
    """The 1904 patent rules (and, through params, its 'without lot tickets' variant): the
    turns, over the state and its parts."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`Params1904`)."""
    DECISIONS: ClassVar[dict[str, str]] = words.DECISIONS
    OPTIONS: ClassVar[dict[str, str]] = words.OPTIONS
    POSITION_FIELDS: ClassVar[frozenset[str]] = position.POSITION_FIELDS
    DEBT_FIELDS: ClassVar[frozenset[str]] = position.DEBT_FIELDS

    def __init__(self, game: GameInPlay) -> None:
        super().__init__(game)
        self.state = s = Magie1904State(game, self.kinds, self.owner)
        """The table, the seats' holdings, the public's, the counters and the params in force."""
        self.single_tax = SingleTax1904(s)
        """The single-tax phase: the switch, the public's works, the Natural Opportunities."""
        self.money = Money1904(s, self, self.single_tax)
        """Paying, borrowing, repaying and the Poor House."""
        self.prospects = Prospects1904(s, self.money)
        """What the players read off the table to value a lot (``SeatView.prospects``)."""

    @property
    def params(self) -> Params1904:
        """The params in force, typed (the state's: built again at each switch of phase)."""
        return self.state.params

    @params.setter
    def params(self, value: SharedParams) -> None:
        if not isinstance(value, Params1904):
            raise TypeError(f"the 1904 rules take a Params1904, not {type(value).__name__}")
        self.state.params = value

    def new_player(self, seat: int) -> MagiePlayer:
        """A token on Mother Earth with nothing yet."""
        return MagiePlayer(seat)

    def results(self) -> list[SeatCount]:
        """The count (:func:`~landlord.rules.magie1904.count.results`)."""
        return count.results(self.state)

    def totals(self) -> tuple[int, ...]:
        """The count's totals alone (:func:`~landlord.rules.magie1904.count.totals`)."""
        return count.totals(self.state)

    def pieces(self, seat: int) -> dict[str, int]:
        """What ``seat`` holds besides money (:func:`~landlord.rules.magie1904.count.pieces`)."""
        return count.pieces(self.state, seat)

    def space_state(self, index: int) -> SpaceState:
        """What lies on space ``index`` (:func:`~landlord.rules.magie1904.count.on_space`)."""
        return count.on_space(self.state, index)

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """Lay out a position's seat (:func:`~landlord.rules.magie1904.position.place_seat`)."""
        position.place_seat(self.state, self, seat, sp, where, entry)

    def bank_lends(self, seat: int) -> int:
        """How much the Bank would lend ``seat`` now (:meth:`Money1904.bank_lends`)."""
        return self.money.bank_lends(seat)

    def arrive(self, old: str, new: str) -> Play:
        """At a switch of phase: the single tax's (:meth:`SingleTax1904.arrive`); asks nothing."""
        self.single_tax.arrive(old)
        yield from ()

    # -- the whole game ------------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (start cash, first player, the lot tickets); then turns in order until every
        player has been around the required number of times (:meth:`end_reason`) or the
        safety bound of ``max_rounds`` is reached (:meth:`RoundsOfTurns.play`)."""
        s = self.state
        g, p = self.g, s.params
        s.bank, s.treasury = g.account("Bank"), g.account("Public Treasury")
        s.wages_box, s.rr_box = g.account("Wages box"), g.account("Railroad box")
        seats = list(range(len(g.players)))
        # Setup: "Each player is provided with five hundred dollars" (or the variant's $100).
        for seat in seats:
            g.pay(s.bank, seat, p.start_cash, flows.START_CASH, "start cash", "Setup")
        # Setup: first player by highest throw (ties throw again).
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        yield from self.start_point()
        p = s.params
        # DECISION (single-tax mapping): under the single tax from the start no lot tickets are
        # dealt: a title deed is "of no value" (1906 single-tax rules), so none is sold.
        if p.lot_tickets and not p.single_tax and not self.dealt_by_position():
            yield from self.deal_lot_tickets()

    def deal_lot_tickets(self) -> Play:
        """Lot tickets: "The lot tickets, twenty-two in number, are placed face downward upon
        the board, and each player draws one until twelve have been taken. The rest are put
        back in the wages box. Each player ... may purchase the lot corresponding to his ticket
        if he can afford to or so chooses."

        DECISION: tickets are drawn one at a time in turn order from the first player; then each
        holder, in the same order, decides ticket by ticket in the order drawn.
        """
        s = self.state
        pack = [sp.index for sp in s.spaces if sp.kind == "lot"]
        drawn = self.deal_round(self.order, pack, s.params.tickets_drawn, "ticket", "lot")
        yield from self.offer_dealt(drawn, "ticket", "return", [sp.price for sp in s.spaces],
                                    lambda seat, idx, price: self.acquire(seat, idx, "lot ticket"),
                                    "ticket_returned")

    def end_reason(self) -> str:
        """"The game is finished when the last player has passed the beginning-point the
        fifth time." (``circuits``; '' while it goes on)"""
        return "circuits" if self.state.done == len(self.g.players) else ""

    # -- a turn --------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: offer early repayment, then jail, poorhouse or an ordinary throw."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        if s.loans and any(ln.debtor == seat for ln in s.loans):
            yield from self.money.offer_repayment(seat)
        if pl.place == JAIL:
            yield from self.jail_turn(seat)
        elif pl.place == POOR:
            yield from self.poorhouse_turn(seat)
        elif pl.place == NATURAL:
            yield from self.natural_turn(seat)
        else:
            a, b = self.throw(seat)
            backward = False
            # Five times around: "he may move in either direction, provided he is clear of debt"
            if pl.circuits >= s.params.circuits and not self.money.debts(seat):
                way = yield Decision(seat, "direction", ("forward", "backward"), pl.pos, a + b)
                backward = way == "backward"
            yield from self.move(seat, a + b, a == b, backward)
        if s.params.single_tax:
            self.single_tax.works()

    def move(self, seat: int, steps: int, double: bool, backward: bool = False) -> Play:
        """Move a token ``steps`` spaces and apply the space it stops on."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        n, kinds, start = self.n, self.kinds, pl.pos
        sign = -1 if backward else 1
        # Railroad: "If a player throws a double, he 'Gets a pass' and has the privilege of
        # jumping once from one railroad to another, provided he would in his ordinary moving
        # pass a 'R. R.'" DECISION: the pass is for the throw that earned it; the jump carries
        # the token from the first R.R. it would pass to the next R.R., and the rest of the
        # throw is counted on from there.
        if double:
            for k in range(1, steps):
                here = (start + sign * k) % n
                if kinds[here] == "railroad":
                    use = yield Decision(seat, "pass", ("use_pass", "no_pass"), here, steps)
                    if use == "use_pass":
                        there = (s.prev_rr if backward else s.next_rr)[here]
                        steps += (sign * (there - here)) % n
                        g.emit("pass", seat, jump_from=here, jump_to=there)
                    break
        # Rent: "If a third player's throw brings him on the same lot, he cannot occupy it, but
        # must remain upon the space next to it, counting his throw one less."
        while steps > 0:
            target = (start + sign * steps) % n
            if kinds[target] == "lot" and self.occupants(target, seat) >= 2:
                g.emit("lot_full", seat, space=target)
                steps -= 1
                continue
            break
        target = (start + sign * steps) % n
        passes = not backward and start + steps >= n
        if s.params.single_tax:
            # Single tax, rule 8: "If a player cannot afford to make the move called for by his
            # throw, he puts his checker upon any NATURAL OPPORTUNITY space ... back of the space
            # to which his throw would bring him." DECISION: he can afford the move when his cash
            # plus any wages the move would earn covers what the target space charges.
            income = s.params.wages + s.wage_bonus if passes and pl.circuits < s.params.circuits else 0
            if self.single_tax.landing_cost(seat, target) > g.cash(seat) + income:
                self.single_tax.to_natural(seat, target)
                return
        bought_luxury = False
        if kinds[target] == "luxury":
            # Luxuries: "The player may purchase the luxury or not, as he chooses or can afford;
            # but if he does not purchase it he loses his move." DECISION: losing the move means
            # the token stays where it was (no wages for a pass it did not make).
            price = s.spaces[target].fee
            income = s.params.wages if passes and pl.circuits < s.params.circuits else 0
            opts = ("buy", "refuse") if g.cash(seat) + income >= price else ("refuse",)
            choice = (yield Decision(seat, "luxury", opts, target, price)) if len(opts) > 1 else "refuse"
            if choice == "refuse":
                g.emit("luxury_refused", seat, space=target)
                return
            bought_luxury = True
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=s.spaces[target].name)
        if passes:
            yield from self.pass_mother_earth(seat)
        yield from self.land(seat, target, bought_luxury)

    def pass_mother_earth(self, seat: int) -> Play:
        """Mother Earth: "after passing the beginning-point he receives his wages, one hundred
        dollars, and is checked upon the tally-sheet as having been around once" — and
        "having passed the beginning-point the required number of times he receives no more
        wages". Borrowing: each note pays "five dollars (interest) every time he receives his
        wages"."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        if pl.circuits >= s.params.circuits:
            return
        pl.circuits += 1
        if pl.circuits == s.params.circuits:
            s.done += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        # Single tax, rule 6(d): wages raised $10 for every further $50 in the treasury.
        g.pay(s.wages_box, seat, s.params.wages + s.wage_bonus, flows.WAGES, "wages", "Mother Earth")
        for loan in [ln for ln in s.loans if ln.debtor == seat]:
            if loan.interest and pl.place != POOR:
                yield from self.money.charge(seat, loan.lender, loan.interest, flows.INTEREST, "interest", "Borrowing")

    def land(self, seat: int, idx: int, bought_luxury: bool) -> Play:
        """Apply the rule of the space the token stopped on."""
        s = self.state
        g = self.g
        kind = self.kinds[idx]
        space = s.spaces[idx]
        if kind == "lot":
            yield from self.land_on_lot(seat, idx)
        elif kind == "necessity":
            if s.params.single_tax:
                # Single tax, rule 1: "Pay no taxes on Absolute Necessities."
                g.emit("untaxed", seat, space=idx)
                return
            # Absolute necessities: "he must pay five dollars into the Public treasury."
            yield from self.money.charge(seat, s.treasury, space.fee, flows.TAX, "necessity tax",
                                         "Absolute necessities")
        elif kind == "railroad":
            if idx in s.public:
                # Single tax, rule 3: once the public has taken a railroad over it is free.
                g.emit("free_ride", seat, space=idx)
                return
            # Railroad: "he must pay five dollars to the R.R."
            yield from self.money.charge(seat, s.rr_box, space.fee, flows.FARE, "fare", "Railroad")
        elif kind == "no_trespassing":
            if idx in s.annulled:
                # Single-tax mapping: the estate has been opened to all; no trespass.
                g.emit("open_land", seat, space=idx)
                return
            self.to_jail(seat)
        elif kind == "luxury" and bought_luxury:
            yield from self.money.charge(seat, s.treasury, space.fee, flows.LUXURY, "luxury", "Luxuries")
            g.players[seat].luxuries += 1
            g.emit("luxury", seat, tickets=g.players[seat].luxuries)
        elif kind == "franchise":
            # Franchises: "The first player who stops upon one of these franchises puts his
            # charter upon it, and all through the game he has the privilege of taxing all the
            # other players five dollars whenever they chance to stop upon it. It cost him
            # nothing." DECISION: the holder pays nothing on his own franchise.
            holder = s.charter.get(idx)
            if idx in s.public:
                g.emit("free_ride", seat, space=idx)
            elif holder is None:
                s.charter[idx] = seat
                g.emit("charter", seat, space=idx, franchise=space.name)
            elif holder != seat:
                yield from self.money.charge(seat, holder, space.fee, flows.FARE, "franchise", "Franchises")
        elif kind == "legacy":
            # Legacy: "he gets one hundred dollars cash and a legacy-ticket."
            # DECISION: the Bank pays legacies.
            g.pay(s.bank, seat, space.fee, flows.CARD, "legacy", "Legacy")
            g.players[seat].legacies += 1
            g.emit("legacy", seat, tickets=g.players[seat].legacies)
        # Public park ("without paying anything") and Mother Earth need nothing more.

    def land_on_lot(self, seat: int, idx: int) -> Play:
        """Lots: buy at the high figure or rent at the low one (both to the Public Treasury);
        rent to the holder of an owned lot; half rent to a first occupant."""
        s = self.state
        g = self.g
        space = s.spaces[idx]
        owner = self.owner[idx]
        if s.params.single_tax:
            # Single tax, rule 2: "All land rent is paid into the public treasury" — by every
            # player who stops on a lot. DECISION: the deed holder pays too (the title deeds
            # "are of no value"), and the half-rent rule for a second player gives way to it.
            yield from self.money.charge(seat, s.treasury, space.rent, flows.LAND_RENT, "land rent",
                                         "Single tax 2: land rent to the Public Treasury")
            return
        if owner == seat:
            return  # "If he stops upon one of his own lots, of course he pays nothing."
        rent = space.rent
        first = self.first_occupant(idx, seat)
        if owner < 0:
            # "for sale at the highest figure marked upon them or for rent at the lowest figure.
            # If a player chooses to buy a lot, he must pay into the Public treasury the price of
            # it and place his deed upon it. If he chooses to rent it, he must pay the rent to the
            # Public treasury."
            opts: tuple[str, ...]
            cash = g.cash(seat)
            if cash >= space.price:
                opts = ("buy", "rent")
            elif cash + self.money.bank_capacity(seat) * s.params.loan_unit >= space.price:
                opts = ("borrow_buy", "rent")
            else:
                opts = ("rent",)
            choice = (yield Decision(seat, "buy_lot", opts, idx, space.price)) if len(opts) > 1 else "rent"
            if choice == "borrow_buy":
                notes = -(-(space.price - cash) // s.params.loan_unit)
                self.money.bank_loan(seat, notes)
                choice = "buy"
            if choice == "buy":
                self.acquire(seat, idx, "bought on landing")
                return
        if first >= 0 and first != owner:
            # Rent: "If two players stop upon the same lot, the second must pay to the first
            # one-half of the rent, (in case of an odd number giving to the first the benefit of
            # the fraction.) ... In case of lot 1 the player gets the whole rent."
            # DECISION: when the first occupant is the lot's holder, the rule for owned lots
            # applies and the holder is paid the whole rent.
            yield from self.money.charge(seat, first, (rent + 1) // 2, flows.RENT, "half rent",
                                         "Rent: second player on a lot")
        elif owner >= 0:
            # Rent: "When a player stops upon a lot owned by any of the players, he must pay the
            # rent to the owner."
            yield from self.money.charge(seat, owner, rent, flows.RENT, "rent", "Rent")
        else:
            yield from self.money.charge(seat, s.treasury, rent, flows.LAND_RENT, "rent to treasury", "Lots: renting")

    def acquire(self, seat: int, idx: int, how: str) -> None:
        """Pay a lot's price to the Public Treasury and place the deed."""
        s = self.state
        g = self.g
        g.pay(seat, s.treasury, s.spaces[idx].price, flows.LAND_BOUGHT, "lot purchase", "Lots: buying")
        self.owner[idx] = seat
        g.players[seat].lots.add(idx)
        g.emit("buy", seat, space=idx, lot=s.spaces[idx].name, how=how)

    def occupants(self, idx: int, seat: int) -> int:
        """How many other tokens stand on space ``idx``."""
        return sum(1 for pl in self.g.players
                   if pl.seat != seat and pl.place == TRACK and pl.pos == idx)

    def first_occupant(self, idx: int, seat: int) -> int:
        """The seat of another token already on ``idx``, or -1."""
        for pl in self.g.players:
            if pl.seat != seat and pl.place == TRACK and pl.pos == idx:
                return pl.seat
        return -1

    # -- jail and poorhouse --------------------------------------------------------------
    def to_jail(self, seat: int) -> None:
        """No trespassing: "he must go to jail". DECISION: he is taken straight there, passing
        nothing (no wages on the way)."""
        s = self.state
        pl = self.g.players[seat]
        pl.place, pl.pos = JAIL, s.jail_corner
        self.g.emit("jail", seat, space=s.jail_corner)

    def jail_turn(self, seat: int) -> Play:
        """In jail: "remain there until he throws a double or until he pays into the Public
        treasury a fine of fifty dollars. When he comes out, he must count from the space
        immediately in front of the jail." DECISION: the space in front of the jail is the
        corner square it stands beside; the fine is paid before throwing, and that throw moves
        him; a double that frees him moves him by that same throw."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        paid, a, b = yield from self.fine_or_throw_out(seat, "jail", s.jail_corner, s.params.jail_fine,
                                                       s.treasury, "No trespassing")
        if not paid:
            if a != b:
                g.emit("jail_stay", seat)
                return
            pl.place = TRACK
            g.emit("jail_out", seat, how="double")
        yield from self.move(seat, a + b, a == b)

    def poorhouse_turn(self, seat: int) -> Play:
        """"... and remain there until he makes such throws as will enable him to finish the
        round." DECISION: his throws add up from the Poor House corner; when they reach Mother
        Earth he leaves, stands on Mother Earth and is paid wages for the round as usual."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        pl.poor_progress += a + b
        need = self.n - s.poor_corner
        if pl.poor_progress < need:
            g.emit("poorhouse_stay", seat, progress=pl.poor_progress, need=need)
            return
        pl.place, pl.pos, pl.poor_progress = TRACK, 0, 0
        g.emit("poorhouse_out", seat)
        yield from self.pass_mother_earth(seat)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space ..., pays his
        rent for such space into the PUBLIC TREASURY, throws his dice, and moves out."
        DECISION (mapping): the wages come from the Wages box, as the patent's wages do; he
        counts his move from the corner square."""
        s = self.state
        g = self.g
        pl = g.players[seat]
        g.pay(s.wages_box, seat, s.params.natural_wages, flows.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.money.charge(seat, s.treasury, s.params.natural_rent, flows.LAND_RENT,
                                     "natural opportunity rent", "Single tax 8: Natural Opportunity")
        if pl.place != TRACK:
            return
        a, b = self.throw(seat)
        yield from self.move(seat, a + b, a == b)
