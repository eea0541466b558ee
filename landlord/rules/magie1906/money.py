"""The 1906 game's money: charges, raising money, loans, mortgages lifted and debts settled, the
Poor House and the Natural Opportunities (:class:`Money1906`, a part over the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.state import Debt, Magie1906State, Mortgage
from landlord.rules.magie1906.terms import LOAN_RATES
from landlord.rules.single_tax import NATURAL, POOR

if TYPE_CHECKING:
    from landlord.engine.rulebook import Rules
    from landlord.rules.magie1906.market import Market1906


class Money1906:
    """Paying and owing, over the state ``s``: charges, raising money, loans, repayment, the
    Poor House and the Natural Opportunities; ``pays`` what the rules in force pay (what a card
    secures, a house sells for, a mortgage costs to lift); ``kit`` is the family's rules for the kit's
    shared mechanics (:meth:`~landlord.engine.rulebook.Rules.pay_what_he_has`), ``market`` the
    card market a short player sells through (rule 12's "sell")."""

    __slots__ = ("kit", "market", "pays", "s")

    def __init__(self, s: Magie1906State, pays: Pays1906, kit: Rules, market: Market1906) -> None:
        self.s = s
        self.pays = pays
        self.kit = kit
        self.market = market

    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``. Rule 12: "If at any time a player has not enough money to
        pay his expenses, and cannot borrow any (see Rule 16) or cannot sell or mortgage any of
        his property, he must go to the POOR HOUSE".

        A short player raises money one step at a time, his choice (``shortfall``): mortgage a
        card to the Bank or sell a house back to it (RECONSTRUCTED rules 15-16), offer a card to
        the other players (``sell_card``: :meth:`Market1906.card_sale`, sold to the best bid), or
        ask another player for a loan (``ask``: RECONSTRUCTED rule 16, :meth:`ask_loan`).
        DECISION: a card offered without a bid, or a player who refused, is not asked again for
        this payment. When nothing is left he pays what he has; the rest stays owed
        (:meth:`broke`).
        """
        s, pays = self.s, self.pays
        g = s.g
        tried: set[str] = set()
        while g.cash(seat) < amount:
            opts = [o for o in pays.raise_options(seat) if o not in tried]
            if not opts:
                self.broke(seat, dst, amount, kind, reason, rule)
                return
            choice = yield Decision(seat, "shortfall", tuple(opts), amount=amount - g.cash(seat))
            head, arg = parse_option(choice)
            idx = int(arg)
            if head == "mortgage":
                value = pays.mortgage_value(idx)
                if value <= 0:  # the rules changed since he was asked (a card of no value now)
                    tried.add(choice)
                    continue
                s.mortgages.append(Mortgage(seat, idx, value))
                g.pay(s.bank, seat, value, flows.LOAN, "mortgage", "Rule 15 (reconstructed): mortgages")
                g.emit("mortgage", seat, space=idx, amount=value, reconstructed=True)
            elif head == "sell_house":
                s.houses[idx] -= 1
                if not s.houses[idx]:
                    s.house_owner[idx] = -1
                g.pay(s.bank, seat, pays.house_sale(idx), flows.IMPROVEMENT, "house sold",
                      "Rule 16 (reconstructed): selling")
                g.emit("house_sold", seat, space=idx, houses=s.houses[idx], reconstructed=True)
            elif head == "sell_card":
                if not (yield from self.market.card_sale(seat, idx, forced=True)):
                    tried.add(choice)
            elif not (yield from self.ask_loan(seat, idx, amount - g.cash(seat))):
                tried.add(choice)
        g.pay(seat, dst, amount, kind, reason, rule)

    def ask_loan(self, seat: int, lender: int, short: int) -> Play:
        """Rule 12: a short player may "borrow ... (see Rule 16)". RECONSTRUCTED rule 16 (not
        transcribed), after the 1904 patent's loans between players ("making the best bargain he
        can as to interest, terms of payments &c."): the lender lends the shortfall at an
        interest of his naming (``LOAN_RATES`` dollars per $100 or part, added once to what is
        owed) or declines; the borrower accepts or declines. DECISION: the loan is unsecured;
        the borrower repays the whole of it on one of his turns when he has the money
        (:meth:`offer_repayment`); what is still owed at the end counts against him and for the
        lender. Returns True when the money was lent."""
        s = self.s
        g = s.g
        if g.cash(lender) < short:
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        offer = yield Decision(lender, "lend", ("decline", *(option("lend", r) for r in LOAN_RATES)),
                               amount=short)
        if offer == "decline":
            g.emit("loan_refused", lender, borrower=g.names[seat])
            return False
        owed = short + int(parse_option(offer).arg) * -(-short // 100)
        s.offered = (lender, short, short, owed - short)
        terms = yield Decision(seat, "loan_terms", ("accept", "decline"), amount=owed)
        s.offered = None
        if terms != "accept":
            return False
        g.pay(lender, seat, short, flows.LOAN, "loan", "Rule 16 (reconstructed): borrowing")
        mine = next((d for d in s.debts if d.debtor == seat and d.creditor == lender and d.loan), None)
        if mine is None:
            s.debts.append(Debt(seat, lender, owed, True, flows.LOAN))
        else:
            mine.amount += owed
        g.emit("loan", seat, lender=g.names[lender], principal=short, owed=owed, reconstructed=True)
        return True

    def offer_repayment(self, seat: int) -> Play:
        """Before the throw: lift a mortgage (RECONSTRUCTED rule 15: its amount plus interest,
        to the Bank) or repay a loan (RECONSTRUCTED rule 16: the whole of what is owed, to the
        lender), whichever his cash covers. DECISION: one repayment a turn."""
        s, redeem_cost = self.s, self.pays.redeem_cost
        g = s.g
        cash = g.cash(seat)
        mine = [m for m in s.mortgages if m.seat == seat and redeem_cost(m) <= cash]
        loans = [d for d in s.debts if d.debtor == seat and d.loan and d.amount <= cash]
        if not mine and not loans:
            return
        opts = (("keep",) + tuple(option("repay", m.space) for m in mine)
                + tuple(option("repay_loan", d.creditor) for d in loans))
        costs = [redeem_cost(m) for m in mine] + [d.amount for d in loans]
        choice = yield Decision(seat, "repay", opts, amount=min(costs))
        head, arg = parse_option(choice)
        if head == "repay":
            m = next(m for m in mine if m.space == int(arg))
            g.pay(seat, s.bank, redeem_cost(m), flows.REPAYMENT, "mortgage lifted", "Rule 15 (reconstructed)")
            s.mortgages.remove(m)
            g.emit("mortgage_lifted", seat, space=m.space, reconstructed=True)
        elif head == "repay_loan":
            d = next(d for d in loans if d.creditor == int(arg))
            g.pay(seat, d.creditor, d.amount, flows.REPAYMENT, "loan repaid", "Rule 16 (reconstructed): borrowing")
            s.debts.remove(d)
            g.emit("loan_repaid", seat, lender=g.names[d.creditor], amount=d.amount, reconstructed=True)

    def broke(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn" — under
        the single tax to the Natural Opportunity behind him (rule 8: "the Poor House is
        eliminated"). He pays what he has. DECISION: the text sends him to the Poor House and
        says nothing of his debt being forgiven, so the unpaid rest stays owed to the creditor
        (logged ``unpaid``, kept as a :class:`Debt`): it is paid, as far as his cash goes, at
        the start of each of his turns (:meth:`settle_debts`), and what is still owed at the end
        counts against him (and for a creditor who is a player)."""
        s = self.s
        paid = self.kit.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        s.debts.append(Debt(seat, dst, amount - paid, False, kind))
        if s.params.single_tax:
            self.to_natural(seat, s.g.players[seat].pos)
        else:
            self.to_poorhouse(seat)

    def settle_debts(self, seat: int) -> None:
        """At the start of his turn a player pays his unpaid expenses (rule 12's debts, not
        loans) in the order incurred, as far as his cash goes."""
        s = self.s
        g = s.g
        for d in [d for d in s.debts if d.debtor == seat and not d.loan]:
            part = min(d.amount, g.cash(seat))
            if not part:
                return
            g.pay(seat, d.creditor, part, d.kind, "debt paid", "Rule 12: debts")
            d.amount -= part
            g.emit("debt_paid", seat, to=g.ledger.names[d.creditor], amount=part, left=d.amount)
            if not d.amount:
                s.debts.remove(d)

    def to_poorhouse(self, seat: int) -> None:
        """Rule 12: "he must go to the POOR HOUSE, where he remains until his next turn"."""
        s = self.s
        pl = s.g.players[seat]
        pl.place, pl.pos = POOR, s.poor_corner
        pl.poorhouse_visits += 1
        s.g.emit("poorhouse", seat)

    def choose_natural(self, seat: int, target: int) -> Play:
        """Single tax, rule 8: "he puts his checker upon any NATURAL OPPORTUNITY space (inner
        corners) he may choose, back of the space to which his throw would bring him." He is
        asked (``natural``) when more than one corner is behind the target. Returns the corner.
        (How the kit's players choose: :func:`landlord.players.magie1906.natural`.)"""
        corners = self.s.behind(target)
        if len(corners) == 1:
            return corners[0]
        choice = yield Decision(seat, "natural", tuple(option("corner", c) for c in corners), target)
        return int(parse_option(choice).arg)

    def to_natural(self, seat: int, target: int, corner: int = -1) -> None:
        """Single tax, rule 8: put the checker on the Natural Opportunity ``corner`` behind
        ``target`` (chosen by :meth:`choose_natural` after a throw he cannot afford).
        DECISION: when he goes there because he cannot pay a debt (rule 12's case, the Poor House
        being "eliminated"), no throw is in question: the nearest corner at or behind his space."""
        s = self.s
        pl = s.g.players[seat]
        if corner < 0:
            corner = s.behind(target)[-1]
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        pl.natural_visits += 1
        s.g.emit("natural_opportunity", seat, corner=corner, name=s.naturals[corner],
                 instead_of=target, reconstructed=True)
