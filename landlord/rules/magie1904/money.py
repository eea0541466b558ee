"""The 1904 patent game's money: charges, loans from the Bank and between players, repayment."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.magie1904.count import Magie1904Count
from landlord.rules.magie1904.state import LOAN_RATES, Loan


class Magie1904Money(Magie1904Count):
    """Paying, borrowing and repaying: the patent's loans from the Bank and between players."""

    # -- money: paying, borrowing, repaying ----------------------------------------------
    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount``; if he is short he must borrow, and if he cannot, he
        pays what he has and goes to the Poor House.

        DECISION: what he cannot pay is written off (logged as ``unpaid``): the patent gives the
        poorhouse as the end of the matter. 1904 has no selling of lots to raise money.
        """
        g = self.g
        while g.cash(seat) < amount:
            raised = yield from self.raise_money(seat, amount - g.cash(seat))
            if not raised:
                # Single tax, rule 8: no Poor House. DECISION: a debt he cannot meet after the
                # move (interest) sends him to the Natural Opportunity behind him.
                self.broke(seat, dst, amount, kind, reason, rule)
                return
        g.pay(seat, dst, amount, kind, reason, rule)

    def raise_money(self, seat: int, short: int) -> Play:
        """Borrowing: from the Bank in $100 notes against lots worth at least $10 more; or from
        another player "making the best bargain he can as to interest, terms of payments &c."
        Returns True once enough is borrowed, False for the Poor House.

        DECISION: a player loan is in whole notes, secured by the borrower's unmortgaged lots
        (like the Bank's, covering the principal and the margin where they can); the lender
        names the interest per note at each of the borrower's wages (0, 5 or 10); the borrower
        accepts or declines. The Poor House is a choice only when the Bank cannot lend enough.
        """
        g = self.g
        unit = self.params.loan_unit
        notes = -(-short // unit)
        asked: set[int] = set()
        while True:
            cap = self.bank_capacity(seat)
            opts = [option("borrow", k * unit) for k in range(notes, cap + 1)]
            if self.free_lots(seat) and not self.params.single_tax:
                opts += [option("ask", s) for s in range(len(g.players))
                         if s != seat and s not in asked and g.cash(s) >= notes * unit]
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
            self.offered = (lender, short, notes * unit, notes * rate)
            terms = yield Decision(seat, "loan_terms", ("accept", "decline"), amount=notes * unit)
            self.offered = None
            if terms == "accept":
                self.make_loan(lender, seat, notes, rate)
                return True

    def free_lots(self, seat: int) -> list[int]:
        """The seat's lots not yet mortgaged."""
        return [i for i in self.g.players[seat].lots if i not in self.mortgaged]

    def bank_capacity(self, seat: int) -> int:
        """How many notes the Bank would lend: unmortgaged lots must be worth at least the loan
        plus the margin ("at least ten dollars more than is borrowed")."""
        p = self.params
        if p.single_tax:
            return 0  # DECISION (single-tax mapping): a deed "of no value" secures no loan.
        value = sum(self.g.board.spaces[i].price for i in self.free_lots(seat))
        return max(0, (value - p.loan_margin) // p.loan_unit)

    def bank_lends(self, seat: int) -> int:
        """How much the Bank would lend ``seat`` now: :meth:`bank_capacity` notes of ``loan_unit``."""
        return self.bank_capacity(seat) * self.params.loan_unit

    def collateral(self, seat: int, need: int) -> tuple[int, ...]:
        """The lots to mortgage for ``need``: the cheapest single lot worth enough, otherwise the
        dearest lots until covered, then any cheaper ones not needed are left free.
        Falls back to every free lot if they do not cover ``need``."""
        spaces = self.g.board.spaces
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
        p = self.params
        self._lend(self.bank, seat, notes * p.loan_unit, notes * p.loan_interest,
                   self.collateral(seat, notes * p.loan_unit + p.loan_margin))

    def make_loan(self, lender: int, seat: int, notes: int, rate: int) -> None:
        """A player-to-player loan on the agreed terms, under an individual mortgage."""
        p = self.params
        self._lend(lender, seat, notes * p.loan_unit, notes * rate,
                   self.collateral(seat, notes * p.loan_unit + p.loan_margin))

    def _lend(self, lender: int, seat: int, principal: int, interest: int, lots: tuple[int, ...]) -> None:
        g = self.g
        loan = Loan(self._next_loan, lender, seat, principal, interest, lots)
        self._next_loan += 1
        self.loans.append(loan)
        self.mortgaged.update(lots)
        g.pay(lender, seat, principal, flows.LOAN, "loan", "Borrowing")
        g.emit("loan", seat, id=loan.id, lender=g.ledger.names[lender], principal=principal,
               interest=interest, lots="/".join(map(str, lots)))

    def debts(self, seat: int) -> list[Loan]:
        """Loans the seat owes."""
        return [ln for ln in self.loans if ln.debtor == seat]

    def offer_repayment(self, seat: int) -> Play:
        """"Should a loan be repaid before passing the beginning-point, the borrower saves the
        interest." Offered at the start of each turn while he can afford a whole loan."""
        g = self.g
        cash = g.cash(seat)
        payable = [ln for ln in self.loans if ln.debtor == seat and ln.principal <= cash]
        if not payable:
            return
        choice = yield Decision(seat, "repay", ("keep",) + tuple(option("repay", ln.id) for ln in payable))
        if choice == "keep":
            return
        loan = next(ln for ln in payable if ln.id == int(parse_option(choice).arg))
        g.pay(seat, loan.lender, loan.principal, flows.REPAYMENT, "loan repaid", "Borrowing")
        self.loans.remove(loan)
        self.mortgaged.difference_update(loan.lots)
        g.emit("repaid", seat, id=loan.id)
