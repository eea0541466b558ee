"""The position layout of the 1904 patent game: a described position (:mod:`landlord.data.position`) laid out
on the table after the set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.errors import DataError
from landlord.rules.magie1904.state import Loan, Magie1904State

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition
    from landlord.engine.rulebook import Rules

POSITION_FIELDS = frozenset({"cash", "token", "holdings", "luxuries", "debts"})
"""The seat fields of a position the 1904 rules lay out (``Rules.POSITION_FIELDS``)."""

DEBT_FIELDS = frozenset({"to", "amount", "loan", "interest", "mortgages"})
"""The fields of a seat's ``debts`` entries they take (``Rules.DEBT_FIELDS``)."""


def place_seat(s: Magie1904State, names: Rules, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
    """A position's ``holdings`` (lots: the seat holds exactly these, whoever held them
    after the set-up), ``luxuries`` (luxury tickets held) and ``debts``: loans, each from
    the Bank or another seat, refused by name where the patent would not make them.
    Borrowing: "in amounts of one hundred dollars", the Bank taking "a mortgage on one or
    more of the borrower's lots, the total value of which must be at least ten dollars more
    than is borrowed" (the loan's ``mortgages``), "paying upon each note five dollars
    (interest) every time he receives his wages" (``interest``: what the loan costs at each
    of the debtor's wages). One player may borrow from another "giving a mortgage on any
    property he may own and making the best bargain he can as to interest". DECISION: a loan
    between players is in whole notes too; its interest is the lender's (the Bank's rate
    when not given) and its mortgages are what the players agreed (any of the seat's lots,
    or none); under the single tax the Bank lends on no lot (a deed is "of no value"). An
    unpaid expense is written off in these rules (``Money1904.charge``), so a debt here is always
    a loan. ``names`` finds the spaces and creditors a position names (:meth:`Rules.space_named`,
    :meth:`Rules.creditor_named`)."""
    pl = s.g.players[seat]
    p = s.params
    if sp.holdings:
        for idx in list(pl.lots):
            s.owner[idx] = -1
        pl.lots.clear()
        for name in sp.holdings:
            idx = names.space_named(where, entry, "holdings", name)
            if s.kinds[idx] != "lot":
                raise DataError(where, entry, "holdings", f"{name!r} is not a lot: only lots are held")
            old = s.owner[idx]
            if old >= 0:
                s.g.players[old].lots.discard(idx)
            s.owner[idx] = seat
            pl.lots.add(idx)
    if sp.luxuries is not None:
        pl.luxuries = sp.luxuries
    unit = p.loan_unit
    for k, d in enumerate(sp.debts):
        dentry = f"{entry} debts[{k}]"
        if d.loan is False:
            raise DataError(where, dentry, "loan", "what a player cannot pay is written off in these "
                            "rules: a debt here is a loan")
        lender = names.creditor_named(where, dentry, seat, d.to, ("Bank",))
        if d.amount % unit:
            raise DataError(where, dentry, "amount", f"money is borrowed in notes of {unit}, got {d.amount}")
        notes = d.amount // unit
        lots = tuple(sorted(names.space_named(where, dentry, "mortgages", m) for m in d.mortgages))
        if lender == s.bank:
            if d.interest is not None and d.interest != notes * p.loan_interest:
                raise DataError(where, dentry, "interest", f"the Bank asks {p.loan_interest} a note at "
                                f"each wages: {notes * p.loan_interest} on this loan, not {d.interest}")
            # Single tax: a title deed is "of no value" (:meth:`bank_capacity`): it secures nothing.
            cover = 0 if p.single_tax else sum(s.spaces[i].price for i in lots)
            if cover < d.amount + p.loan_margin:
                raise DataError(where, dentry, "mortgages", f"the Bank lends {d.amount} only on lots worth "
                                f"{d.amount + p.loan_margin} or more; these are worth {cover}")
        if any(i in s.mortgaged for i in lots):
            raise DataError(where, dentry, "mortgages", "a lot is already mortgaged for another loan")
        interest = notes * p.loan_interest if d.interest is None else d.interest
        s.loans.append(Loan(s.next_loan, lender, seat, d.amount, interest, lots))
        s.next_loan += 1
        s.mortgaged.update(lots)
