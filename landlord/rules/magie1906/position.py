"""The position layout of the 1906 game: a described position (:mod:`landlord.data.position`) laid out
on the table after the set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.errors import DataError
from landlord.rules.magie1906.cards import CARD_KINDS
from landlord.rules.magie1906.pays import Pays1906
from landlord.rules.magie1906.state import Debt, Magie1906State, Mortgage

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition
    from landlord.engine.rulebook import Rules

POSITION_FIELDS = frozenset({"cash", "token", "holdings", "improvements", "mortgages", "debts", "luxuries"})
"""The seat fields of a position the 1906 rules lay out (``Rules.POSITION_FIELDS``)."""

DEBT_FIELDS = frozenset({"to", "amount", "loan"})
"""The fields of a seat's ``debts`` entries they take (``Rules.DEBT_FIELDS``)."""


def place_seat(s: Magie1906State, pays: Pays1906, names: Rules, seat: int, sp: SeatPosition, where: str,
               entry: str) -> None:
    """A position's fields in the 1906 rules' own terms, each refused by name where the
    rules would not let it stand:

    * ``holdings``: green cards (title deeds, railroad and franchise charters, the broker's
      licence) the seat holds, exactly these; the position replaces the deal of rule 1
      (:meth:`Rules.dealt_by_position`).
    * ``improvements``: houses (RECONSTRUCTED rule 14: "limited to three" a lot), on the
      seat's own lots; under the single tax (rule 4: "erect a house on any unimproved lot")
      on any lot, the seat owning the houses. One owner of the houses on a lot.
    * ``mortgages``: cards mortgaged to the Bank (RECONSTRUCTED rule 15) for their mortgage
      value; under the single tax a title deed "of no value" secures nothing (refused).
    * ``debts``: a loan from another player (``loan = true``, RECONSTRUCTED rule 16: the
      amount is what is to be repaid, interest included) or the unpaid rest of an expense
      (``loan = false``, rule 12) owed to a seat, the Bank or the Public Treasury. DECISION:
      ``loan`` not given: a loan when owed to a seat, an unpaid expense otherwise; an unpaid
      expense of a position is paid as a repayment.
    * ``luxuries``: luxury cards held (RECONSTRUCTED rule 13).

    ``pays`` says what a card secures (:meth:`Pays1906.mortgage_value`); ``names`` finds the
    spaces and creditors a position names (:meth:`Rules.space_named`, :meth:`Rules.creditor_named`).
    """
    g = s.g
    pl = g.players[seat]
    if sp.holdings:
        for idx in list(pl.cards):
            s.owner[idx] = -1
        pl.cards.clear()
        for name in sp.holdings:
            idx = names.space_named(where, entry, "holdings", name)
            if s.kinds[idx] not in CARD_KINDS or idx in s.public:
                raise DataError(where, entry, "holdings", f"{name!r} has no green card a player may hold")
            old = s.owner[idx]
            if old >= 0:
                g.players[old].cards.discard(idx)
            s.owner[idx] = seat
            pl.cards.add(idx)
        s.check_trust_pending = True
    for name in sp.mortgages:
        idx = names.space_named(where, entry, "mortgages", name)
        value = pays.mortgage_value(idx)
        if value <= 0:
            raise DataError(where, entry, "mortgages", f"{name!r} secures nothing under these rules "
                            f"(the Title Deeds are of no value under the single tax)")
        s.mortgages.append(Mortgage(seat, idx, value))
    st, top = s.params.single_tax, s.params.max_houses
    for name, count in sp.improvements.items():
        idx = names.space_named(where, entry, "improvements", name)
        if s.kinds[idx] != "lot":
            raise DataError(where, entry, "improvements", f"{name!r} is not a lot: houses stand on lots")
        if not st and s.owner[idx] != seat:
            raise DataError(where, entry, "improvements", f"{name!r}: a player builds on his own lots "
                            f"(anywhere only under the single tax)")
        if not isinstance(count, int) or count > top:
            raise DataError(where, entry, "improvements", f"{name!r}: at most {top} houses a lot, "
                            f"got {count!r}")
        if s.house_owner[idx] not in (-1, seat):
            raise DataError(where, entry, "improvements", f"{name!r} has another player's houses")
        s.houses[idx], s.house_owner[idx] = count, seat
    for k, d in enumerate(sp.debts):
        dentry = f"{entry} debts[{k}]"
        to = names.creditor_named(where, dentry, seat, d.to, ("Bank", "Public Treasury"))
        loan = to < len(g.players) if d.loan is None else d.loan
        if loan and to >= len(g.players):
            raise DataError(where, dentry, "loan", "a loan is from another player (the Bank lends on a "
                            "mortgage: give the card in mortgages)")
        s.debts.append(Debt(seat, to, d.amount, loan, flows.LOAN if loan else flows.REPAYMENT))
    if sp.luxuries is not None:
        pl.luxuries = sp.luxuries
