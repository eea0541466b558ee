"""The position layout of the 1913 game: a described position (:mod:`landlord.data.position`) laid out
on the table after the set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.errors import DataError
from landlord.rules.british1913.state import GOVERNMENT, NOBODY, British1913State, Debt
from landlord.rules.british1913.terms import Terms

if TYPE_CHECKING:
    from landlord.data.position import Position, SeatPosition
    from landlord.engine.rulebook import Rules

POSITION_FIELDS = frozenset({"cash", "token", "holdings", "improvements", "debts"})
"""The seat fields of a 1913 position (``Rules.POSITION_FIELDS``)."""

DEBT_FIELDS = frozenset({"to", "amount", "loan"})
"""The fields of a 1913 seat's ``debts`` entries (``Rules.DEBT_FIELDS``)."""


def place_seat(rules: Rules, st: British1913State, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
    """A position's ``holdings`` (SITE cards: the seat holds exactly these, each at its
    printed CAPITAL LAND VALUE, whoever held them after the set-up; a site the Government
    holds is refused) and ``debts`` (what the seat could not pay, owed to a seat, the Bank
    or the Public Treasury and paid first out of any money he receives; DECISION: paid as a
    repayment). A loan is refused: "borrowing by players being strictly prohibited"."""
    g = st.g
    for k, d in enumerate(sp.debts):
        dentry = f"{entry} debts[{k}]"
        if d.loan:
            raise DataError(where, dentry, "loan", "borrowing by players is strictly prohibited "
                            "in these rules: a debt here is an unpaid one")
        to = rules.creditor_named(where, dentry, seat, d.to, ("Bank", "Public Treasury"))
        g.players[seat].debts.append(Debt(to, d.amount, flows.REPAYMENT, "debt of the position"))
    if not sp.holdings:
        return
    for idx in list(g.players[seat].sites):
        st.owner[idx] = NOBODY
    g.players[seat].sites.clear()
    for name in sp.holdings:
        idx = rules.space_named(where, entry, "holdings", name)
        if idx not in st.land:
            raise DataError(where, entry, "holdings", f"{name!r} is not land: only sites are held")
        old = st.owner[idx]
        if old == GOVERNMENT:
            raise DataError(where, entry, "holdings", f"{name!r} is held by the Government")
        if old >= 0:
            g.players[old].sites.discard(idx)
        st.owner[idx] = seat
        st.value[idx] = g.board.spaces[idx].price
        g.players[seat].sites.add(idx)
    st.check_all_bought()


def place_improvements(rules: Rules, st: British1913State, terms: Terms, position: Position) -> None:
    """Once the position is laid out (``Rules.apply_position``: cash, tokens, holdings and
    debts, :func:`place_seat`) and so every seat's holdings are placed, each seat's
    ``improvements``: IMPROVEMENT cards, one a site ("place the card representing the improvement on the site
    ... and put his Sold ticket upon it"), on a site some player holds (the improver may be
    another player: "he must allow any other player ... to improve them for him"), only
    where the Part in force lets the site carry its card (:meth:`Terms.may_carry`), and none in
    Part 1 (improving begins in Part 2). Each refused by name."""
    g, where = st.g, position.where
    for seat, sp in enumerate(position.seats):
        entry = f"seat {seat + 1}"
        for name, count in sp.improvements.items():
            idx = rules.space_named(where, entry, "improvements", name)
            if not st.params.improvements:
                raise DataError(where, entry, "improvements", f"no site is improved in {g.phase} "
                                f"(improving the land begins in Part 2)")
            if count != 1:
                raise DataError(where, entry, "improvements", f"{name!r}: a site carries one improvement "
                                f"card, got {count!r}")
            if idx not in st.land or st.owner[idx] < 0:
                raise DataError(where, entry, "improvements", f"{name!r} is not a site a player holds")
            if not terms.may_carry(idx):
                raise DataError(where, entry, "improvements", f"{name!r} may not carry an improvement "
                                f"card in {g.phase}")
            if st.imp_owner[idx] not in (NOBODY, seat):
                raise DataError(where, entry, "improvements", f"{name!r} already carries another "
                                f"player's improvement")
            st.imp_owner[idx] = seat
            g.players[seat].improvements.add(idx)

