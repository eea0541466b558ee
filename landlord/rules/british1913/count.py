"""The 1913 game's count at the end of play."""

from __future__ import annotations

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.british1913.state import GOVERNMENT, NOBODY, British1913State

COUNT_RULE = (
    "At the end each site counts at its printed price (its face value), whatever was paid for "
    "it; each improvement at what it cost; debts count against the debtor and for the player "
    "owed.")
"""How property is reckoned up at the end, in the words students read."""


class Count:
    """The count over the game's :class:`British1913State`: what each seat holds at the end,
    and what a space shows on the table."""

    def __init__(self, state: British1913State) -> None:
        self.state = state
        self.g = state.g
        self._held: tuple[tuple[tuple[int, ...], tuple[int, ...]], list[int]] | None = None
        """What each seat's land and improvements count, and who held each (``totals``), or None."""

    def results(self) -> list[SeatCount]:
        """"the amount of property in land and cash is reckoned up, and the player holding the
        most is the winner." DECISION (:data:`COUNT_RULE`): land counts at its printed CAPITAL
        LAND VALUE (face value), not at the last price paid; improvements at their capital;
        unpaid debts against the debtor and for a player creditor. The rules value land at face
        value where they value it at all (Part 3: the Fisheries "valued at £500 by the Inland
        Revenue Department", sold "at half its face value"; undeveloped sites "assessed at full
        face value"); and counted at the last price paid, a site bid up to any price would count
        for just what was paid, so bidding "as high as the players please" would cost nothing
        and the market would have no check. At face value a player who overbids loses the
        difference and one who buys "at a very low price from a bankrupt" gains it; in every
        Part alike."""
        g = self.g
        receivable = [0] * len(g.players)
        for pl in g.players:
            for d in pl.debts:
                if d.creditor < len(g.players):
                    receivable[d.creditor] += d.amount
        spaces, bal = g.board.spaces, g.ledger.balances
        counts = []
        for pl in g.players:
            land = sum(spaces[i].price for i in pl.sites)
            imps = sum(int(self.state.improvement(i)["improvement_capital"]) for i in pl.improvements)
            counts.append(SeatCount(pl.seat, bal[pl.seat], land, imps, pl.owed, receivable[pl.seat],
                                    where=pl.where))
        return counts

    def pieces(self, seat: int) -> dict[str, int]:
        """Sites and improvements held, times round the board, bankruptcies."""
        pl = self.g.players[seat]
        return {"sites": len(pl.sites), "improvements": len(pl.improvements),
                "times round the board": pl.circuits, "bankruptcies": self.state.bankruptcies[seat]}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel, taken after
        every turn: plain loops, the cheapest here; whole numbers, so the order of summing
        does not matter). What each seat's land and improvements count is kept while the
        holder of every site and improvement stands (``owner``, ``imp_owner``: the seats'
        ``sites`` and ``improvements``)."""
        g, st = self.g, self.state
        n = len(g.players)
        holders = (tuple(st.owner), tuple(st.imp_owner))
        if self._held is None or self._held[0] != holders:
            face, capital = st.face, st.capital
            held = [0] * n
            for pl in g.players:
                for i in pl.sites:
                    held[pl.seat] += face[i]
                for i in pl.improvements:
                    held[pl.seat] += capital[i]
            self._held = (holders, held)
        cash, held = g.ledger.balances, self._held[1]
        worth = [0] * n
        for pl in g.players:
            w = cash[pl.seat] + held[pl.seat]
            for d in pl.debts:  # against the debtor, for a player owed
                w -= d.amount
                if d.creditor < n:
                    worth[d.creditor] += d.amount
            worth[pl.seat] += w
        return tuple(worth)

    def space_state(self, index: int) -> SpaceState:
        """The site's holder (its SOLD ticket), its improvement (one card at most, counted as
        one building) and who owns that, and Government land (the Fisheries in Part 3). The
        1913 game has no mortgages ("borrowing by players being strictly prohibited")."""
        st = self.state
        imp = st.imp_owner[index]
        return space_state(owner=st.owner[index], buildings=int(imp != NOBODY),
                           building_owner=imp, public=st.owner[index] == GOVERNMENT)
