"""The 1913 game's money: charges, realising property for debts, the Treasury, bankruptcy."""

from __future__ import annotations

from collections.abc import Callable

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.options import option, parse_option
from landlord.engine.rulebook import Play
from landlord.rules.british1913.market import Market
from landlord.rules.british1913.state import ASYLUM, FREE, GAOL, POOR, TRACK, British1913State, Debt
from landlord.rules.british1913.terms import Terms

PayWhatHeHas = Callable[[int, int, int, Flow, str, str], int]
"""The shared rule of a player short of a sum (:meth:`~landlord.engine.rulebook.Rules.pay_what_he_has`)."""


class Debts:
    """Paying and owing over the game's :class:`British1913State`: charges, realising property
    for debts (sold through the :class:`Market`), the Treasury's payments, bankruptcy; the rent
    restored as the rules' :class:`Terms` make it."""

    def __init__(self, state: British1913State, terms: Terms, market: Market, pay_what_he_has: PayWhatHeHas) -> None:
        self.state = state
        self.g = state.g
        self.terms = terms
        self.market = market
        self.pay_what_he_has = pay_what_he_has
        n = state.n
        self.property_texts = ([option("site", i) for i in range(n)], [option("imp", i) for i in range(n)])
        """The options ``site:<space>`` and ``imp:<space>`` by space (``property_of``)."""
        self._property: list[tuple[tuple[frozenset[int], frozenset[int]], tuple[str, ...]] | None] = \
            [None] * len(state.g.strategies)
        """What each seat could sell, and the holdings it was read from (``property_of``), or None."""

    def restore_land_value_tax(self, owner: int, amount: int) -> None:
        """Part 3: rent "is still paid to the owner of the site, but, as Rates are now levied on
        Land Values, the owner must immediately restore the equivalent amount to the Public
        Treasury." He has just received it, so he can always pay."""
        self.g.pay(owner, self.state.treasury, amount, flows.LAND_RENT, "land value tax", "Part 3: land value tax")

    def bankrupt(self, seat: int) -> None:
        """Parts 1-2: "he must go to the Poorhouse until his debts are paid." Part 3: "he can
        betake himself to the nearest NATURAL OPPORTUNITY SPACE on the Board"."""
        st = self.state
        st.bankruptcies[seat] += 1
        if st.params.bankrupt_to == "natural_opportunity":
            self.to_free_land(seat)
        else:
            pl = self.g.players[seat]
            pl.place, pl.pos = POOR, st.poor_corner
            self.g.emit("poorhouse", seat)

    def to_free_land(self, seat: int) -> None:
        """DECISION: "nearest" is counted round the track either way; a tie goes forward."""
        pl = self.g.players[seat]
        n = self.state.n

        def distance(i: int) -> tuple[int, int]:
            fwd = (i - pl.pos) % n
            return (min(fwd, n - fwd), 0 if fwd <= n - fwd else 1)

        pl.place, pl.pos = FREE, min(self.state.free_land, key=distance)
        self.g.emit("free_land", seat, space=pl.pos)

    # -- money: paying, selling up, the Treasury ----------------------------------------
    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str,
               keep: frozenset[str] = frozenset()) -> Play:
        """Make ``seat`` pay ``amount`` to account ``dst``; returns what was paid.

        "If a player should be unable to pay his debts he must sell his property for what it
        will fetch, borrowing by players being strictly prohibited ... If he has not sufficient
        money, and the other players refuse to buy his property at any price, he must go to the
        Poorhouse until his debts are paid." DECISION: what he cannot pay stays owed to the
        creditor (a :class:`Debt`), paid first out of any money he receives. What ``keep``
        names (``site:<space>``) is not offered for sale.
        """
        g = self.g
        refused: set[str] = set(keep)
        while g.cash(seat) < amount:
            if not (yield from self.realise(seat, amount - g.cash(seat), refused)):
                break
        if g.cash(seat) >= amount:
            g.pay(seat, dst, amount, kind, reason, rule)
            return amount
        have = self.pay_what_he_has(seat, dst, amount, kind, reason, rule)
        g.players[seat].debts.append(Debt(dst, amount - have, kind, reason))
        if g.players[seat].place in (TRACK, GAOL, ASYLUM):
            self.bankrupt(seat)
        return have

    def property_of(self, seat: int) -> tuple[str, ...]:
        """What ``seat`` could sell: ``site:<space>`` and ``imp:<space>`` (improvements), in the
        board's order; kept while his holdings stand (a debtor offers them again and again)."""
        pl = self.g.players[seat]
        held = (frozenset(pl.sites), frozenset(pl.improvements))
        kept = self._property[seat]
        if kept is None or kept[0] != held:
            site, imp = self.property_texts
            kept = self._property[seat] = (held, (*[site[i] for i in sorted(pl.sites)],
                                                  *[imp[i] for i in sorted(pl.improvements)]))
        return kept[1]

    def realise(self, seat: int, short: int, refused: set[str]) -> Play:
        """Sell one property "for what it will fetch": the debtor chooses which; the other
        players bid for it in an auction, :meth:`Market.auction` (shares of its current value,
        ``forced_bid_percents``, from the lowest up) or refuse; the highest bid buys it and the
        seller must take it, however low ("whatever the others offer"); when all refuse it
        fetches nothing. Returns False when nothing is left that the others have not refused.

        "sites may be bought at a very low price from a bankrupt who is compelled to realise":
        the price paid becomes the site's capital land value."""
        g, st = self.g, self.state
        offer = [o for o in self.property_of(seat) if o not in refused]
        if not offer:
            return False
        choice = yield Decision(seat, "realise", tuple(offer), amount=short)
        head, arg = parse_option(choice)
        idx = int(arg)
        worth = st.value[idx] if head == "site" else st.capital[idx]
        prices = sorted({max(1, worth * pc // 100) for pc in st.params.forced_bid_percents})
        order = st.order
        first = order[((order.index(seat) if seat in order else 0) + 1) % len(order)]  # the next seat round
        buyer, best = yield from self.market.auction(first, seat, idx, prices, "forced_bid", "refuse")
        if buyer < 0:
            refused.add(choice)
            g.emit("sale_refused", seat, space=idx, what=head)
            return True
        kind = flows.LAND_SOLD if head == "site" else flows.IMPROVEMENT
        g.pay(buyer, seat, best, kind, "forced sale", "Part 1: sell for what it will fetch")
        self.market.transfer(seat, buyer, head, idx, best)
        g.emit("forced_sale", seat, space=idx, what=head, buyer=g.names[buyer], price=best)
        return True

    def realise_for_debts(self, seat: int) -> Play:
        """A pauper offers his remaining property again to pay what he owes."""
        refused: set[str] = set()
        pl = self.g.players[seat]
        while pl.debts:
            if not (yield from self.realise(seat, pl.owed, refused)):
                return
            self.pay_debts(seat)

    def pay_debts(self, seat: int) -> None:
        """Pay what can be paid of ``seat``'s debts, oldest first (rent paid late to a Part 3
        landlord is restored to the Treasury as land value tax like any rent)."""
        g, restored = self.g, self.terms.rent_restored
        pl = g.players[seat]
        while pl.debts and g.cash(seat) > 0:
            debt = pl.debts[0]
            part = min(debt.amount, g.cash(seat))
            g.pay(seat, debt.creditor, part, debt.kind, f"{debt.reason} (debt)", "Debts")
            if debt.reason == "rent" and restored(part) and debt.creditor < len(g.players):
                self.restore_land_value_tax(debt.creditor, restored(part))
            debt.amount -= part
            if debt.amount == 0:
                pl.debts.pop(0)
                g.emit("debt_cleared", seat, to=g.ledger.names[debt.creditor])

    def treasury_pays(self, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> None:
        """"the Public Treasury may, if necessary, borrow from the Bank": it borrows what it
        lacks, then pays."""
        g, st = self.g, self.state
        short = amount - g.ledger.balances[st.treasury]
        if short > 0:
            g.pay(st.bank, st.treasury, short, flows.LOAN, "Treasury loan", "The Treasury borrows from the Bank")
            st.treasury_debt += short
            g.emit("treasury_borrows", -1, amount=short, owed=st.treasury_debt)
        g.pay(st.treasury, dst, amount, kind, reason, rule)

    def treasury_repays(self) -> None:
        """DECISION: at the end of each table round the Treasury repays the Bank as much of its
        loans as it holds."""
        g, st = self.g, self.state
        back = min(st.treasury_debt, g.ledger.balances[st.treasury])
        if back > 0:
            g.pay(st.treasury, st.bank, back, flows.REPAYMENT, "Treasury loan repaid",
                  "The Treasury repays the Bank")
            st.treasury_debt -= back
