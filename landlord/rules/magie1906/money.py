"""The 1906 game's money: charges, raising money, loans, the Poor House, Natural Opportunities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.count import Magie1906Count
from landlord.rules.magie1906.state import Debt, Mortgage, Player1906
from landlord.rules.magie1906.terms import LOAN_RATES
from landlord.rules.single_tax import NATURAL, POOR, TRACK


class Magie1906Money(Magie1906Count):
    """Paying and owing: charges, raising money, loans, the Poor House and the Natural Opportunities."""

    if TYPE_CHECKING:  # played by a later layer of the family class
        def move(self, seat: int, steps: int, backward: bool = False) -> Play: ...
        def throw_and_move(self, seat: int, again: bool = True) -> Play: ...
        def landing_cost(self, seat: int, idx: int) -> int: ...
        def card_sale(self, seat: int, idx: int, forced: bool) -> Play: ...


    def earns_wages(self, seat: int) -> bool:
        """Whether rule 3 pays ``seat`` wages: everyone but the Monarch of the World's landlord
        ("the landlord gets no wages"). DECISION: the Monarch gets no wages under the single tax
        either (the same start, only the rules of land change)."""
        return not (self.params.monarch and seat == 0)

    def wages_for(self, seat: int) -> int:
        """Rule 3 wages ($100, raised by single-tax rule 6(d)); the Monarch gets none."""
        return self.params.wages + self.wage_bonus if self.earns_wages(seat) else 0

    def awaited(self) -> list[Player1906]:
        """The players the end of the game waits for (RECONSTRUCTED end, :meth:`end_reason`):
        those who earn wages.

        DECISION (the Monarch of the World): the landlord, who "gets no wages", is not waited
        for. The patent's end counts the circuits that earn wages ("having passed the
        beginning-point the required number of times he receives no more wages. The game is
        finished when the last player has passed the beginning-point the fifth time"); a
        landlord with no wages to earn, free to move backward between the Chances (rule 2),
        was held by nothing and kept the game open while the others paid him rent: 16 of 20
        seeded games (seeds 0-19, the lessons' seats) ran to the 200-round safety bound, 721
        turns a game, the landlord round Mother Earth 2.5 times in them.

        Kept while the params stand (who earns wages changes only with them); read only."""
        kept = self._awaited
        if kept[0] is not self.params:
            kept = self._awaited = (self.params, [pl for pl in self.g.players if self.earns_wages(pl.seat)])
        return kept[1]

    def pay_wages(self, seat: int) -> None:
        """Rule 3: "his 'wages,' is paid to him from MISCELLANEOUS pile" (the Bank)."""
        g = self.g
        pl = g.players[seat]
        pl.circuits += 1
        g.emit("circuit", seat, circuits=pl.circuits)
        amount = self.wages_for(seat)
        if amount:
            g.pay(self.bank, seat, amount, flows.WAGES, "wages", "Rule 3: wages")
        else:
            g.emit("no_wages", seat, rule="Monarch of the World: the landlord gets no wages")

    def to_poorhouse(self, seat: int) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn"."""
        pl = self.g.players[seat]
        pl.place, pl.pos = POOR, self.poor_corner
        pl.poorhouse_visits += 1
        self.g.emit("poorhouse", seat)

    def poor_turn(self, seat: int) -> Play:
        """Rule 12: "Then he throws again and moves out if he can afford to make the move."
        DECISION: he can afford it when his cash (plus wages the move would earn) covers what the
        target space charges; he counts from the Central Park corner."""
        g = self.g
        pl = g.players[seat]
        a, b = self.throw(seat)
        target = (self.poor_corner + a + b) % self.n
        income = self.wages_for(seat) if self.poor_corner + a + b >= self.n else 0
        if self.landing_cost(seat, target) > g.cash(seat) + income:
            g.emit("poorhouse_stay", seat, target=target)
            return
        pl.place = TRACK
        g.emit("poorhouse_out", seat)
        yield from self.move(seat, a + b)

    def behind(self, target: int) -> list[int]:
        """The inner corners "back of" space ``target``: DECISION: those from Mother Earth's
        corner up to the target, on the lap of the board the throw ends in."""
        return sorted(c for c in self.naturals if c <= target)

    def choose_natural(self, seat: int, target: int) -> Play:
        """Single tax, rule 8: "he puts his checker upon any NATURAL OPPORTUNITY space (inner
        corners) he may choose, back of the space to which his throw would bring him." He is
        asked (``natural``) when more than one corner is behind the target. Returns the corner.
        (How the kit's players choose: :func:`landlord.players.magie1906.natural`.)"""
        corners = self.behind(target)
        if len(corners) == 1:
            return corners[0]
        choice = yield Decision(seat, "natural", tuple(option("corner", c) for c in corners), target)
        return int(parse_option(choice).arg)

    def to_natural(self, seat: int, target: int, corner: int = -1) -> None:
        """Single tax, rule 8: put the checker on the Natural Opportunity ``corner`` behind
        ``target`` (chosen by :meth:`choose_natural` after a throw he cannot afford).
        DECISION: when he goes there because he cannot pay a debt (rule 12's case, the Poor House
        being "eliminated"), no throw is in question: the nearest corner at or behind his space."""
        pl = self.g.players[seat]
        if corner < 0:
            corner = self.behind(target)[-1]
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        pl.natural_visits += 1
        self.g.emit("natural_opportunity", seat, corner=corner, name=self.naturals[corner],
                    instead_of=target, reconstructed=True)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space upon which he has
        placed his checker, pays his rent for such space into the PUBLIC TREASURY, throws his
        dice, and moves out. A player must make the move, if possible, even if it takes him to
        JAIL." The wages and rent are RECONSTRUCTED (``natural_wages``, ``natural_rent``)."""
        g = self.g
        pl = g.players[seat]
        g.pay(self.bank, seat, self.params.natural_wages, flows.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity (reconstructed wages)")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.charge(seat, self.treasury, self.params.natural_rent, flows.LAND_RENT,
                               "natural opportunity rent", "Single tax 8: Natural Opportunity (reconstructed rent)")
        if pl.place == TRACK:
            yield from self.throw_and_move(seat)

    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``. Rule 12: "If at any time a player has not enough money to
        pay his expenses, and cannot borrow any (see Rule 16) or cannot sell or mortgage any of
        his property, he must go to the POOR HOUSE".

        A short player raises money one step at a time, his choice (``shortfall``): mortgage a
        card to the Bank or sell a house back to it (RECONSTRUCTED rules 15-16), offer a card to
        the other players (``sell_card``: :meth:`card_sale`, sold to the best bid), or ask
        another player for a loan (``ask``: RECONSTRUCTED rule 16, :meth:`ask_loan`). DECISION:
        a card offered without a bid, or a player who refused, is not asked again for this
        payment. When nothing is left he pays what he has; the rest stays owed (:meth:`broke`).
        """
        g = self.g
        tried: set[str] = set()
        while g.cash(seat) < amount:
            opts = [o for o in self.raise_options(seat) if o not in tried]
            if not opts:
                self.broke(seat, dst, amount, kind, reason, rule)
                return
            choice = yield Decision(seat, "shortfall", tuple(opts), amount=amount - g.cash(seat))
            head, arg = parse_option(choice)
            idx = int(arg)
            if head == "mortgage":
                value = self.mortgage_value(idx)
                if value <= 0:  # the rules changed since he was asked (a card of no value now)
                    tried.add(choice)
                    continue
                self.mortgages.append(Mortgage(seat, idx, value))
                g.pay(self.bank, seat, value, flows.LOAN, "mortgage", "Rule 15 (reconstructed): mortgages")
                g.emit("mortgage", seat, space=idx, amount=value, reconstructed=True)
            elif head == "sell_house":
                self.houses[idx] -= 1
                if not self.houses[idx]:
                    self.house_owner[idx] = -1
                g.pay(self.bank, seat, self.house_sale(idx), flows.IMPROVEMENT, "house sold",
                      "Rule 16 (reconstructed): selling")
                g.emit("house_sold", seat, space=idx, houses=self.houses[idx], reconstructed=True)
            elif head == "sell_card":
                if not (yield from self.card_sale(seat, idx, forced=True)):
                    tried.add(choice)
            elif not (yield from self.ask_loan(seat, idx, amount - g.cash(seat))):
                tried.add(choice)
        g.pay(seat, dst, amount, kind, reason, rule)

    def raise_options(self, seat: int) -> list[str]:
        """What ``seat`` can do now to raise money: mortgage a card or sell a house to the Bank
        (RECONSTRUCTED rules 15-16), offer a card to the others (rule 1, rule 12's "sell"), ask
        another player for a loan (rule 12's "borrow", RECONSTRUCTED rule 16)."""
        held = {m.space for m in self.mortgages}
        g = self.g
        opts = [option("mortgage", i) for i in sorted(g.players[seat].cards)
                if i not in held and self.mortgage_value(i) > 0]
        opts += [option("sell_house", i) for i in range(self.n) if self.houses[i] and self.house_owner[i] == seat]
        opts += [option("sell_card", i) for i in self.tradeable(seat)]
        opts += [option("ask", s) for s in range(len(g.players)) if s != seat and g.cash(s) > 0]
        return opts

    def raisable(self, seat: int) -> int:
        """What ``seat`` could surely raise from the Bank by mortgaging and selling houses (what
        the other players would pay or lend is not known in advance)."""
        total = 0
        for opt in self.raise_options(seat):
            head, arg = parse_option(opt)
            idx = int(arg)
            if head == "mortgage":
                total += self.mortgage_value(idx)
            elif head == "sell_house":
                total += self.house_sale(idx) * self.houses[idx]
        return total

    def ask_loan(self, seat: int, lender: int, short: int) -> Play:
        """Rule 12: a short player may "borrow ... (see Rule 16)". RECONSTRUCTED rule 16 (not
        transcribed), after the 1904 patent's loans between players ("making the best bargain he
        can as to interest, terms of payments &c."): the lender lends the shortfall at an
        interest of his naming (``LOAN_RATES`` dollars per $100 or part, added once to what is
        owed) or declines; the borrower accepts or declines. DECISION: the loan is unsecured;
        the borrower repays the whole of it on one of his turns when he has the money
        (:meth:`business`); what is still owed at the end counts against him and for the
        lender. Returns True when the money was lent."""
        g = self.g
        if g.cash(lender) < short:
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        offer = yield Decision(lender, "lend", ("decline", *(option("lend", r) for r in LOAN_RATES)),
                               amount=short)
        if offer == "decline":
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        owed = short + int(parse_option(offer).arg) * -(-short // 100)
        self.offered = (lender, short, short, owed - short)
        terms = yield Decision(seat, "loan_terms", ("accept", "decline"), amount=owed)
        self.offered = None
        if terms != "accept":
            return False
        g.pay(lender, seat, short, flows.LOAN, "loan", "Rule 16 (reconstructed): borrowing")
        mine = next((d for d in self.debts if d.debtor == seat and d.creditor == lender and d.loan), None)
        if mine is None:
            self.debts.append(Debt(seat, lender, owed, True, flows.LOAN))
        else:
            mine.amount += owed
        g.emit("loan", seat, lender=g.names[lender], principal=short, owed=owed, reconstructed=True)
        return True

    def broke(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn" — under
        the single tax to the Natural Opportunity behind him (rule 8: "the Poor House is
        eliminated"). He pays what he has. DECISION: the text sends him to the Poor House and
        says nothing of his debt being forgiven, so the unpaid rest stays owed to the creditor
        (logged ``unpaid``, kept as a :class:`Debt`): it is paid, as far as his cash goes, at
        the start of each of his turns (:meth:`settle_debts`), and what is still owed at the end
        counts against him (and for a creditor who is a player)."""
        paid = self.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        self.debts.append(Debt(seat, dst, amount - paid, False, kind))
        if self.params.single_tax:
            self.to_natural(seat, self.g.players[seat].pos)
        else:
            self.to_poorhouse(seat)

    def settle_debts(self, seat: int) -> None:
        """At the start of his turn a player pays his unpaid expenses (rule 12's debts, not
        loans) in the order incurred, as far as his cash goes."""
        g = self.g
        for d in [d for d in self.debts if d.debtor == seat and not d.loan]:
            part = min(d.amount, g.cash(seat))
            if not part:
                return
            g.pay(seat, d.creditor, part, d.kind, "debt paid", "Rule 12: debts")
            d.amount -= part
            g.emit("debt_paid", seat, to=g.ledger.names[d.creditor], amount=part, left=d.amount)
            if not d.amount:
                self.debts.remove(d)
