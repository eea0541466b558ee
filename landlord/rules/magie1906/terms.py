"""What the 1906 rules pay when a player raises money, borrows or pools his railroads, as the
players read it off the table (:class:`MoneyTerms`, a part of ``Prospects1906``, over what the
rules in force pay: :class:`~landlord.rules.magie1906.pays.Pays1906`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from landlord.rules.magie1906.pays import Pays1906
    from landlord.rules.magie1906.state import Magie1906State

LOAN_RATES = (0, 5, 10)
"""RECONSTRUCTED rule 16: the interest a lending player may ask, in dollars per $100 (or part)
lent, added once to what is owed (the 1904 patent: "making the best bargain he can as to
interest, terms of payments &c.")."""


class MoneyTerms:
    """The payoffs of the 1906 money decisions: a loan offered, the ways of raising money
    (mortgage, a house sold back, a loan asked), and a Trust."""

    __slots__ = ()
    _r: Magie1906State
    """The 1906 state the prospects read."""
    _pays: Pays1906
    """What the rules in force pay, as the prospects read it."""

    if TYPE_CHECKING:  # the prospects' own
        def chance(self, idx: int) -> float: ...

        def throws_left(self) -> float: ...

        def house_gain(self, idx: int, seat: int) -> float: ...

    def offer_cost(self, seat: int) -> tuple[int, int, int, int]:
        """The loan a player has offered ``seat`` (asked while he decides, ``loan_terms``): the
        lender, what ``seat`` is short, the principal, and what it costs his final count: the
        interest, "added once to what is owed" (RECONSTRUCTED rule 16, after the patent's
        "making the best bargain he can as to interest"); the principal comes back off his
        count as the cash counts for him."""
        offered = self._r.offered
        if offered is None:
            raise ValueError("no loan is on offer to accept or decline")
        return offered

    def ask_cost(self, seat: int, short: int) -> int:
        """The most a loan of ``short`` from another player may cost ``seat``: the dearest
        interest a lender may name (``LOAN_RATES`` dollars per $100 or part, RECONSTRUCTED rule
        16), added once to what he owes."""
        return max(LOAN_RATES) * -(-short // 100)

    def raise_options(self, seat: int) -> list[str]:
        """What ``seat`` could do now to raise money (rule 12: "borrow ... or sell or mortgage
        any of his property"; ``Pays1906.raise_options``)."""
        return self._pays.raise_options(seat)

    def mortgage_value(self, idx: int) -> int:
        """What the Bank lends on the card of ``idx`` (RECONSTRUCTED rule 15: ``mortgage_percent``
        of its printed price). A mortgage still owed is taken off the count, so mortgaging
        takes nothing off it: the card still counts and earns."""
        return self._pays.mortgage_value(idx)

    def house_sale(self, idx: int) -> int:
        """What the Bank pays for a house sold back (RECONSTRUCTED: ``house_sale_percent`` of
        its price)."""
        return self._pays.house_sale(idx)

    def house_loss(self, idx: int, seat: int) -> float:
        """What selling one of ``seat``'s houses on lot ``idx`` back to the Bank takes off his
        final count before its price: what the house would add put up again
        (:meth:`house_gain`, worked out with it taken down)."""
        r = self._r
        owner = r.house_owner[idx]
        r.houses[idx] -= 1
        if not r.houses[idx]:
            r.house_owner[idx] = -1
        try:
            return self.house_gain(idx, seat)
        finally:
            r.houses[idx] += 1
            r.house_owner[idx] = owner

    def trust_gain(self, seat: int) -> float:
        """What forming a Trust with the other holder of the railroads adds to ``seat``'s final
        count (rule 9: "If two players own all of the RAILROADS between them, they may at any
        time pool their railroad interests and form a Trust, charging the other players $40
        for each RAILROAD space and dividing profits"; a member rides his partner's railroads
        free, ``Pays1906.fare``): every player's expected stops on the railroads, the
        fares paid to him less those he pays, with the Trust and without it, until the end.
        Worked out by forming the Trust on the table and taking it down again."""
        r, fare = self._r, self._pays.fare
        holders = sorted({r.owner[i] for i in r.railroads})
        if r.trust is not None or len(holders) != 2 or seat not in holders:
            return 0.0
        seats = range(len(r.g.players))

        def flow() -> float:
            total = 0.0
            for i in r.railroads:
                chance = self.chance(i)
                for s in seats:
                    amount, payees = fare(i, s)
                    if s == seat:
                        total -= chance * amount
                    elif seat in payees:
                        total += chance * amount / len(payees)
            return total

        before = flow()
        r.trust = (holders[0], holders[1])
        try:
            after = flow()
        finally:
            r.trust = None
        return (after - before) * self.throws_left()

