"""The 1906 game's turns, rule by rule (the family class)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.landings import Magie1906Landings
from landlord.rules.single_tax import JAIL, NATURAL, POOR, TRACK


class Magie1906(Magie1906Landings):
    """The 1906 rules; the single tax is the ``single_tax`` phase."""

    # -- the whole game ------------------------------------------------------------------
    def setup(self) -> Play:
        """Set-up (start cash, first player, the deal of green cards); then turns in order
        (:meth:`RoundsOfTurns.play`) until :meth:`end_reason`.

        DECISION (RECONSTRUCTED end): the 1906 sheet gives no end of the game; as in the 1904
        patent it ends when every player who earns wages (:meth:`awaited`) has passed Mother
        Earth ``circuits`` times (or after
        ``max_rounds`` rounds), or, with ``prosperity_end``, under the single tax when the
        poorest player has doubled his stake.
        """
        g = self.g
        self.bank, self.treasury = g.account("Bank"), g.account("Public Treasury")
        seats = list(range(len(g.players)))
        # "if there are two players, each provides himself with $600; if three players, each
        # $500; if four players, each $400." The MISCELLANEOUS pile is the Bank.
        cash = self.params.start_cash_by_players[len(seats) - 2]
        if self.params.average_hands:
            cash = self.params.average_hand_cash
        for s in seats:
            g.pay(self.bank, s, cash, flows.START_CASH, "start cash", "Setup")
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        yield from self.start_point()
        if self.dealt_by_position():
            pass  # the position says what each seat holds (:meth:`place_seat`)
        elif self.params.monarch:
            self.monarch_deal()
        elif self.params.average_hands:
            self.average_hands()
        else:
            yield from self.deal()
        for pl, c in zip(g.players, self.results(), strict=True):
            pl.stake = c.total

    def end_reason(self) -> str:
        """Why the game ends now ('' while it goes on)."""
        g = self.g
        need = self.params.circuits
        if all([pl.circuits >= need for pl in self.awaited()]):
            return "circuits"
        if self.params.prosperity_end and self.params.single_tax:
            # RECONSTRUCTED "Prosperity" end (later descriptions of the anti-monopolist game):
            # "the game ends when the poorest player has doubled his original stake".
            # DECISION: a player's stake is his count when play begins (after the deal); the
            # poorest player is the one with the lowest count now.
            counts = self.results()
            low = min(c.total for c in counts)
            poorest = [c.seat for c in counts if c.total == low]
            if all(low >= self.params.prosperity_factor * g.players[s].stake for s in poorest):
                return "prosperity"
        return ""

    # -- a turn --------------------------------------------------------------------------
    def take_turn(self, seat: int) -> Play:
        """One turn: the phase point, then jail, Poor House, Natural Opportunity, or business
        (lift mortgages, build) and a throw; under the single tax the treasury is then counted."""
        g = self.g
        pl = g.players[seat]
        if g.triggers:
            yield from self.phase_point(seat)
        self.settle_debts(seat)
        if pl.place == JAIL:
            yield from self.jail_turn(seat)
        elif pl.place == POOR:
            yield from self.poor_turn(seat)
        elif pl.place == NATURAL:
            yield from self.natural_turn(seat)
        else:
            yield from self.business(seat)
            yield from self.throw_and_move(seat)
        if self.params.single_tax:
            self.public_works()

    def business(self, seat: int) -> Play:
        """Before the throw: lift a mortgage (RECONSTRUCTED rule 15) or repay a loan
        (RECONSTRUCTED rule 16), trade a card with another player (rule 1, :meth:`market`), build
        a house (RECONSTRUCTED rule 14; single-tax rule 4), and form a Trust if one may be formed.

        DECISION: one repayment and one market offer a turn, before building."""
        g = self.g
        cash = g.cash(seat)
        mine = [m for m in self.mortgages if m.seat == seat and self.redeem_cost(m) <= cash]
        loans = [d for d in self.debts if d.debtor == seat and d.loan and d.amount <= cash]
        if mine or loans:
            opts = (("keep",) + tuple(option("repay", m.space) for m in mine)
                    + tuple(option("repay_loan", d.creditor) for d in loans))
            costs = [self.redeem_cost(m) for m in mine] + [d.amount for d in loans]
            choice = yield Decision(seat, "repay", opts, amount=min(costs))
            head, arg = parse_option(choice)
            if head == "repay":
                m = next(m for m in mine if m.space == int(arg))
                g.pay(seat, self.bank, self.redeem_cost(m), flows.REPAYMENT, "mortgage lifted",
                      "Rule 15 (reconstructed)")
                self.mortgages.remove(m)
                g.emit("mortgage_lifted", seat, space=m.space, reconstructed=True)
            elif head == "repay_loan":
                d = next(d for d in loans if d.creditor == int(arg))
                g.pay(seat, d.creditor, d.amount, flows.REPAYMENT, "loan repaid", "Rule 16 (reconstructed): borrowing")
                self.debts.remove(d)
                g.emit("loan_repaid", seat, lender=g.names[d.creditor], amount=d.amount, reconstructed=True)
        yield from self.market(seat)
        yield from self.offer_building(seat)
        yield from self.offer_trust()

    def throw_and_move(self, seat: int, again: bool = True) -> Play:
        """Throw and move (rule 2), choosing the direction between the Chances.

        RECONSTRUCTED rule 17 (doubles, not transcribed): with ``double_throws_again`` a player
        who throws a double and is still on the track after his move throws once more (never
        more than one extra throw a turn).
        """
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        backward = False
        if pl.pos in self.between:
            way = yield Decision(seat, "direction", ("forward", "backward"), pl.pos, a + b)
            backward = way == "backward"
        yield from self.move(seat, a + b, backward)
        if a == b and again and self.params.double_throws_again and pl.place == TRACK and not g.over:
            g.emit("double_again", seat, reconstructed=True)
            yield from self.throw_and_move(seat, again=False)

    def move(self, seat: int, steps: int, backward: bool = False) -> Play:
        """Move ``steps`` spaces and follow the rule of the space stopped on."""
        g = self.g
        pl = g.players[seat]
        start = pl.pos
        target = (start - steps) % self.n if backward else (start + steps) % self.n
        # Rule 3: "When a player reaches or passes the beginning point, MOTHER EARTH".
        passes = not backward and start + steps >= self.n
        if self.kinds[target] == "speculation":
            # Rule 8: "If a player's throw would bring him to this space he may refuse to move --
            # remaining where he is -- and the next player proceeds."
            choice = yield Decision(seat, "speculate", ("play", "stay"), target)
            if choice == "stay":
                g.emit("speculation_refused", seat)
                return
        luxury = self.kinds[target] == "luxury"
        if luxury:
            # RECONSTRUCTED rule 13 (luxury, not transcribed), from the 1904 patent, whose rule the
            # 1906 board's Luxury space descends from: "if a player stops on a 'Luxury' he pays
            # fifty [here the printed $75] dollars to the 'Public treasury,' receiving in return a
            # luxury ticket ... The player may purchase the luxury or not, as he chooses or can
            # afford; but if he does not purchase it he loses his move."
            # DECISION (applied whole): losing the move is played as the 1906 sheet's own words
            # for a space one may refuse (rule 8, Speculation): "remaining where he is"; so
            # the question comes before the move, and a player who cannot afford the luxury
            # stays where he is too (the Luxury is the last space before Mother Earth: no move
            # onto it earns wages).
            price = g.board.spaces[target].fee
            opts = ("buy", "refuse") if g.cash(seat) >= price else ("refuse",)
            choice = (yield Decision(seat, "luxury", opts, target, price)) if len(opts) > 1 else "refuse"
            if choice == "refuse":
                g.emit("luxury_refused", seat, space=target, reconstructed=True)
                return
        if self.params.single_tax:
            # Single tax, rule 8: "If a player cannot afford to make the move called for by his
            # throw, he puts his checker upon any NATURAL OPPORTUNITY space ... back of the space
            # to which his throw would bring him." DECISION: he can afford it when his cash plus
            # the wages the move earns covers what the target space charges.
            income = self.wages_for(seat) if passes else 0
            if self.landing_cost(seat, target) > g.cash(seat) + income:
                corner = yield from self.choose_natural(seat, target)
                self.to_natural(seat, target, corner)
                return
        pl.pos = target
        if g.events is not None:
            g.emit("move", seat, frm=start, to=target, space=g.board.spaces[target].name,
                   backward=backward)
        if passes:
            self.pay_wages(seat)
        if luxury:
            g.pay(seat, self.treasury, g.board.spaces[target].fee, flows.LUXURY, "luxury",
                  "Rule 13 (reconstructed): luxury")
            g.players[seat].luxuries += 1
            g.emit("luxury", seat, cards=g.players[seat].luxuries, reconstructed=True)
            return
        yield from self.land(seat, target)

    def jail_turn(self, seat: int) -> Play:
        """Rule 6: "he may come out upon paying into the PUBLIC TREASURY a fine of $50, or if he
        throws a double ... he may come out without paying the fine ... He cannot, however, miss
        more than three turns if he has sufficient property on which to realize the amount of his
        fine. When he does come out of JAIL he must begin to count his move on the space
        immediately in front of the JAIL (Shelter)."

        DECISION: after three missed turns he must pay the fine (mortgaging or selling to raise
        it) when his cash and what he could raise cover it; the fine is paid before the throw
        that moves him; a double that frees him moves him by that throw (no extra throw).
        """
        g = self.g
        pl = g.players[seat]
        fine = self.params.jail_fine
        forced = pl.jail_missed >= self.params.jail_max_missed and g.cash(seat) + self.raisable(seat) >= fine
        if forced:
            choice = "pay"
            g.emit("jail_time_up", seat, missed=pl.jail_missed)
        else:
            ask = self.fine_or_throw(seat, "jail", self.jail_corner, fine)
            choice = (yield ask) if ask is not None else "throw"
        if choice == "pay":
            yield from self.charge(seat, self.treasury, fine, flows.FINE, "jail fine", "Rule 6: jail")
            if pl.place != JAIL:
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="fine")
            a, b = self.throw(seat)
        else:
            a, b = self.throw(seat)
            if a != b:
                pl.jail_missed += 1
                g.emit("jail_stay", seat, missed=pl.jail_missed)
                return
            pl.place, pl.jail_missed = TRACK, 0
            g.emit("jail_out", seat, how="double")
        yield from self.move(seat, a + b)
