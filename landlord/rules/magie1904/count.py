"""The 1904 patent game's count at the end of play, and what a space shows on the table:
functions over the state (:class:`~landlord.rules.magie1904.state.Magie1904State`)."""

from __future__ import annotations

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.magie1904.state import Magie1904State


def results(s: Magie1904State) -> list[SeatCount]:
    """Counting up: "lots, cash, and luxuries ... the player who has the largest sum-total is
    the winner." Lots count at their printed price (``land``), luxuries at
    ``luxury_value`` each.

    DECISION: loans still outstanding are settled in the count: the borrower's total loses
    the principal and a player-lender's gains it (otherwise borrowing at the end would be
    free wealth). Legacy tickets count ``legacy_ticket_value``: 0, since the count adds
    "lots, cash, and luxuries" only.
    """
    g, p = s.g, s.params
    spaces, bal, n = s.spaces, g.ledger.balances, len(g.players)
    owed, lent = [0] * n, [0] * n
    for ln in s.loans:
        owed[ln.debtor] += ln.principal
        if ln.lender < n:  # a player-lender (the Bank's account comes after the seats)
            lent[ln.lender] += ln.principal
    # Single tax: "with the exception that the Title Deeds are of no value".
    deeds_count = not p.single_tax
    luxury, legacy = p.luxury_value, p.legacy_ticket_value
    return [SeatCount(pl.seat, bal[pl.seat], sum(spaces[i].price for i in pl.lots) if deeds_count else 0, 0,
                      owed[pl.seat], lent[pl.seat], pl.luxuries * luxury, pl.legacies * legacy, 0, pl.where)
            for pl in g.players]


def pieces(s: Magie1904State, seat: int) -> dict[str, int]:
    """Lots held, luxury and legacy tickets, times round the board."""
    pl = s.g.players[seat]
    return {"lots": len(pl.lots), "luxury tickets": pl.luxuries, "legacy tickets": pl.legacies,
            "times round the board": pl.circuits}


def totals(s: Magie1904State) -> tuple[int, ...]:
    """:func:`results`' totals alone (the per-turn count of the lab's panel)."""
    g, p = s.g, s.params
    n = len(g.players)
    net = [0] * n
    for ln in s.loans:
        if 0 <= ln.lender < n:
            net[ln.lender] += ln.principal
        if 0 <= ln.debtor < n:
            net[ln.debtor] -= ln.principal
    spaces = s.spaces
    st = p.single_tax
    lux, leg = p.luxury_value, p.legacy_ticket_value
    cash = g.ledger.balances
    return tuple((0 if st else sum([spaces[i].price for i in pl.lots])) + cash[pl.seat]
                 + pl.luxuries * lux + pl.legacies * leg + net[pl.seat] for pl in g.players)


def on_space(s: Magie1904State, index: int) -> SpaceState:
    """The lot's deed holder and whether it is mortgaged (to the Bank or a lending player);
    a franchise's charter holder; a railroad or franchise bought out by the public, or a
    No Trespassing space opened, under the single tax. The patent board has no houses."""
    return space_state(owner=s.owner[index], mortgaged=index in s.mortgaged,
                       charter=s.charter.get(index),
                       public=index in s.public or index in s.annulled)
