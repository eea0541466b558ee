"""The 1904 patent game's count at the end of play."""

from __future__ import annotations

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.magie1904.words import Magie1904Words


class Magie1904Count(Magie1904Words):
    """The count: what each seat holds at the end, and what a space shows on the table."""

    # -- counting up ---------------------------------------------------------------------
    def results(self) -> list[SeatCount]:
        """Counting up: "lots, cash, and luxuries ... the player who has the largest sum-total is
        the winner." Lots count at their printed price (``land``), luxuries at
        ``luxury_value`` each.

        DECISION: loans still outstanding are settled in the count: the borrower's total loses
        the principal and a player-lender's gains it (otherwise borrowing at the end would be
        free wealth). Legacy tickets count ``legacy_ticket_value``: 0, since the count adds
        "lots, cash, and luxuries" only.
        """
        g, p = self.g, self.params
        spaces, bal, n = g.board.spaces, g.ledger.balances, len(g.players)
        owed, lent = [0] * n, [0] * n
        for ln in self.loans:
            owed[ln.debtor] += ln.principal
            if ln.lender < n:  # a player-lender (the Bank's account comes after the seats)
                lent[ln.lender] += ln.principal
        # Single tax: "with the exception that the Title Deeds are of no value".
        deeds_count = not p.single_tax
        luxury, legacy = p.luxury_value, p.legacy_ticket_value
        return [SeatCount(pl.seat, bal[pl.seat], sum(spaces[i].price for i in pl.lots) if deeds_count else 0, 0,
                          owed[pl.seat], lent[pl.seat], pl.luxuries * luxury, pl.legacies * legacy, 0, pl.where)
                for pl in g.players]

    def pieces(self, seat: int) -> dict[str, int]:
        """Lots held, luxury and legacy tickets, times round the board."""
        pl = self.g.players[seat]
        return {"lots": len(pl.lots), "luxury tickets": pl.luxuries, "legacy tickets": pl.legacies,
                "times round the board": pl.circuits}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        g, p = self.g, self.params
        n = len(g.players)
        net = [0] * n
        for ln in self.loans:
            if 0 <= ln.lender < n:
                net[ln.lender] += ln.principal
            if 0 <= ln.debtor < n:
                net[ln.debtor] -= ln.principal
        spaces = g.board.spaces
        st = p.single_tax
        lux, leg = p.luxury_value, p.legacy_ticket_value
        cash = g.ledger.balances
        return tuple((0 if st else sum([spaces[i].price for i in pl.lots])) + cash[pl.seat]
                     + pl.luxuries * lux + pl.legacies * leg + net[pl.seat] for pl in g.players)

    def space_state(self, index: int) -> SpaceState:
        """The lot's deed holder and whether it is mortgaged (to the Bank or a lending player);
        a franchise's charter holder; a railroad or franchise bought out by the public, or a
        No Trespassing space opened, under the single tax. The patent board has no houses."""
        return space_state(owner=self.owner[index], mortgaged=index in self.mortgaged,
                           charter=self.charter.get(index),
                           public=index in self.public or index in self.annulled)
