"""The 1904 patent game's money: charges, loans from the Bank and between players, repayment,
and the Poor House of a player who cannot pay (:class:`Money1904`, a part over the state)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1904.state import LOAN_RATES, POOR, Loan, Magie1904State

if TYPE_CHECKING:
    from landlord.engine.rulebook import Rules
    from landlord.rules.magie1904.public import SingleTax1904


class Money1904:
    """Paying, borrowing and repaying: the patent's loans from the Bank and between players,
    over the state ``s``; ``kit`` is the family's rules for the kit's shared mechanics
    (:meth:`~landlord.engine.rulebook.Rules.pay_what_he_has`), ``single_tax`` the single-tax
    part (rule 8's Natural Opportunity instead of the Poor House)."""

    __slots__ = ("kit", "s", "single_tax")

    def __init__(self, s: Magie1904State, kit: Rules, single_tax: SingleTax1904) -> None:
        self.s = s
        self.kit = kit
        self.single_tax = single_tax

    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``; if he is short he must borrow, and if he cannot, he
        pays what he has and goes to the Poor House.

        DECISION: what he cannot pay is written off (logged as ``unpaid``): the patent gives the
        poorhouse as the end of the matter. 1904 has no selling of lots to raise money.
        """
        g = self.s.g
        while g.cash(seat) < amount:
            raised = yield from self.raise_money(seat, amount - g.cash(seat))
            if not raised:
                # Single tax, rule 8: no Poor House. DECISION: a debt he cannot meet after the
                # move (interest) sends him to the Natural Opportunity behind him.
                self.broke(seat, dst, amount, kind, reason, rule)
                return
        g.pay(seat, dst, amount, kind, reason, rule)

    def broke(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """A player who cannot raise ``amount`` pays ``dst`` what he has; the rest is written
        off (logged ``unpaid``) and he goes to the Poor House — under the single tax, where "the
        Poor House is eliminated" (rule 8), to the Natural Opportunity behind him."""
        self.kit.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        if self.s.params.single_tax:
            self.single_tax.to_natural(seat, self.s.g.players[seat].pos)
        else:
            self.to_poorhouse(seat)

    def to_poorhouse(self, seat: int) -> None:
        """Poorhouse: "If at any time a player has no money with which to meet expenses and has
        no property upon which he can borrow, he must go to the poorhouse"."""
        s = self.s
        pl = s.g.players[seat]
        pl.place, pl.pos, pl.poor_progress = POOR, s.poor_corner, 0
        s.g.emit("poorhouse", seat)

    def raise_money(self, seat: int, short: int) -> Play:
        """Borrowing: from the Bank in $100 notes against lots worth at least $10 more; or from
        another player "making the best bargain he can as to interest, terms of payments &c."
        Returns True once enough is borrowed, False for the Poor House.

        DECISION: a player loan is in whole notes, secured by the borrower's unmortgaged lots
        (like the Bank's, covering the principal and the margin where they can); the lender
        names the interest per note at each of the borrower's wages (0, 5 or 10); the borrower
        accepts or declines. The Poor House is a choice only when the Bank cannot lend enough.
        """
        g = self.s.g
        unit = self.s.params.loan_unit
        notes = -(-short // unit)
        asked: set[int] = set()
        while True:
            cap = self.bank_capacity(seat)
            opts = [option("borrow", k * unit) for k in range(notes, cap + 1)]
            if self.free_lots(seat) and not self.s.params.single_tax:
                opts += [option("ask", o) for o in range(len(g.players))
                         if o != seat and o not in asked and g.cash(o) >= notes * unit]
            if not opts:
                return False
            if cap < notes:
                opts.append("poorhouse")
            choice = yield Decision(seat, "raise", tuple(opts), amount=short)
            head, arg = parse_option(choice)
            if head == "borrow":
                self.bank_loan(seat, int(arg) // unit)
                return True
            if head == "poorhouse":
                return False
            lender = int(arg)
            asked.add(lender)
            offer = yield Decision(lender, "lend", ("decline", *(option("lend", r) for r in LOAN_RATES)),
                                   amount=notes * unit)
            if offer == "decline":
                g.emit("loan_refused", lender, borrower=g.names[seat])
                continue
            rate = int(parse_option(offer).arg)
            self.s.offered = (lender, short, notes * unit, notes * rate)
            terms = yield Decision(seat, "loan_terms", ("accept", "decline"), amount=notes * unit)
            self.s.offered = None
            if terms == "accept":
                self.make_loan(lender, seat, notes, rate)
                return True

    def free_lots(self, seat: int) -> list[int]:
        """The seat's lots not yet mortgaged."""
        s = self.s
        mortgaged = s.mortgaged
        return [i for i in s.g.players[seat].lots if i not in mortgaged]

    def bank_capacity(self, seat: int) -> int:
        """How many notes the Bank would lend: unmortgaged lots must be worth at least the loan
        plus the margin ("at least ten dollars more than is borrowed")."""
        p = self.s.params
        if p.single_tax:
            return 0  # DECISION (single-tax mapping): a deed "of no value" secures no loan.
        value = sum(self.s.spaces[i].price for i in self.free_lots(seat))
        return max(0, (value - p.loan_margin) // p.loan_unit)

    def bank_lends(self, seat: int) -> int:
        """How much the Bank would lend ``seat`` now: :meth:`bank_capacity` notes of ``loan_unit``."""
        return self.bank_capacity(seat) * self.s.params.loan_unit

    def collateral(self, seat: int, need: int) -> tuple[int, ...]:
        """The lots to mortgage for ``need``: the cheapest single lot worth enough, otherwise the
        dearest lots until covered, then any cheaper ones not needed are left free.
        Falls back to every free lot if they do not cover ``need``."""
        spaces = self.s.spaces
        free = sorted(self.free_lots(seat), key=lambda i: (spaces[i].price, i))
        single = [i for i in free if spaces[i].price >= need]
        if single:
            return (single[0],)
        chosen: list[int] = []
        total = 0
        for i in reversed(free):
            if total >= need:
                break
            chosen.append(i)
            total += spaces[i].price
        return tuple(sorted(chosen))

    def bank_loan(self, seat: int, notes: int) -> None:
        """Borrow ``notes`` Bank notes, mortgaging lots worth at least the loan plus margin."""
        p = self.s.params
        self.lend(self.s.bank, seat, notes * p.loan_unit, notes * p.loan_interest,
                  self.collateral(seat, notes * p.loan_unit + p.loan_margin))

    def make_loan(self, lender: int, seat: int, notes: int, rate: int) -> None:
        """A player-to-player loan on the agreed terms, under an individual mortgage."""
        p = self.s.params
        self.lend(lender, seat, notes * p.loan_unit, notes * rate,
                  self.collateral(seat, notes * p.loan_unit + p.loan_margin))

    def lend(self, lender: int, seat: int, principal: int, interest: int, lots: tuple[int, ...]) -> None:
        """Lend ``principal`` to ``seat`` from ``lender`` at ``interest`` (at each of his wages),
        mortgaging ``lots``: the loan is numbered, logged and paid."""
        s = self.s
        g = s.g
        loan = Loan(s.next_loan, lender, seat, principal, interest, lots)
        s.next_loan += 1
        s.loans.append(loan)
        s.mortgaged.update(lots)
        g.pay(lender, seat, principal, flows.LOAN, "loan", "Borrowing")
        g.emit("loan", seat, id=loan.id, lender=g.ledger.names[lender], principal=principal,
               interest=interest, lots="/".join(map(str, lots)))

    def debts(self, seat: int) -> list[Loan]:
        """Loans the seat owes."""
        return [ln for ln in self.s.loans if ln.debtor == seat]

    def offer_repayment(self, seat: int) -> Play:
        """"Should a loan be repaid before passing the beginning-point, the borrower saves the
        interest." Offered at the start of each turn while he can afford a whole loan."""
        g = self.s.g
        cash = g.cash(seat)
        payable = [ln for ln in self.s.loans if ln.debtor == seat and ln.principal <= cash]
        if not payable:
            return
        choice = yield Decision(seat, "repay", ("keep",) + tuple(option("repay", ln.id) for ln in payable))
        if choice == "keep":
            return
        loan = next(ln for ln in payable if ln.id == int(parse_option(choice).arg))
        g.pay(seat, loan.lender, loan.principal, flows.REPAYMENT, "loan repaid", "Borrowing")
        self.s.loans.remove(loan)
        self.s.mortgaged.difference_update(loan.lots)
        g.emit("repaid", seat, id=loan.id)
