"""Monopoly's money: charges, raising money, bankruptcy."""

from __future__ import annotations

from landlord.engine import flows
from landlord.engine.decisions import Decision
from landlord.engine.flows import Flow
from landlord.engine.rulebook import Play
from landlord.rules.monopoly.auction import auction
from landlord.rules.monopoly.building import Building
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import LIFT, _decision


class Debts:
    """Paying and owing: charges, raising money, bankruptcy (a part of the family, over its
    :class:`MonopolyState`; money is raised through its ``building`` part)."""

    __slots__ = ("building", "state")

    def __init__(self, state: MonopolyState, building: Building) -> None:
        self.state, self.building = state, building

    # -- paying, raising money, bankruptcy ------------------------------------------------------
    def charge(self, seat: int, dst: int, amount: int, kind: Flow, reason: str, rule: str) -> Play:
        """Make ``seat`` pay ``amount`` to account ``dst``; if short he must sell buildings and
        mortgage (``raise_cash``); if he still cannot pay he is bankrupt. Returns True if paid.

        BANKRUPTCY: "A player is bankrupt when he owes more than he can pay".
        DECISION: to raise money a player may sell buildings and mortgage; selling deeds to other
        players is a trade and happens in his manage step.

        Short game 3 (``final_turnover``): "when the second bankruptcy occurs the game ends. Play
        immediately ceases with the bankrupt player turning over to his creditor all that he has
        of value, including buildings". DECISION: a player who would be that last bankrupt —
        one who cannot pay even by selling every building back and mortgaging every deed
        (:meth:`MonopolyState.raisable`) — is not made to sell or mortgage first: he is bankrupt at once and
        his buildings go to the creditor standing (see :meth:`bankrupt`). One who can pay
        raises the money as in the regular game.
        """
        st = self.state
        g = st.g
        bal = g.ledger.balances
        if (bal[seat] < amount and st.turnover_at and st.bankruptcies + 1 >= st.turnover_at
                and bal[seat] + st.raisable(seat) < amount):
            yield from self.bankrupt(seat, dst, amount)
            return False
        while bal[seat] < amount:
            opts = self.building.raise_options(seat)
            if not opts:
                yield from self.bankrupt(seat, dst, amount)
                return False
            choice = yield _decision((seat, "raise_cash", tuple(opts), -1, amount - bal[seat]))
            self.building.apply_manage(seat, choice)
        g.pay(seat, dst, amount, kind, reason, rule)
        return True

    def bankrupt(self, seat: int, creditor: int, amount: int) -> Play:
        """BANKRUPTCY to a player: "he must turn over to that player all that he has of value
        ... if he owns houses or hotels, he must return these to the Bank in exchange for money
        to the extent of one-half the amount paid for them and this cash is given to the
        creditor. If he has mortgaged property he also turns this property over to his creditor
        but the new owner must at once pay the Bank the amount of interest on the loan". To the
        Bank: "he must turn over all his assets to the Bank. In this case, the Bank immediately
        sells by auction all property so taken, except buildings."

        Monopoly short game 3 (``final_turnover``): "when the second bankruptcy occurs the game
        ends. Play immediately ceases with the bankrupt player turning over to his creditor all
        that he has of value, including buildings and any other properties-whether the creditor
        happens to be a rival player or the Bank." So at that bankruptcy nothing is sold back:
        a creditor player receives the deeds with their buildings standing (counted at their
        purchase price in the valuation), the mortgaged ones still mortgaged (at half price),
        his cash and his cards. DECISION: "Play immediately ceases", so the creditor pays no
        interest on mortgaged deeds, and nothing is auctioned. DECISION (the Bank as creditor):
        the Bank takes the deeds back unmortgaged, the buildings back into its stock and the
        cash; it is no player, so what it takes is counted for nobody at the end.

        Mucker short game 5 says only "The game ends when one mucker goes bankrupt": without
        ``final_turnover`` the settlement is the regular BANKRUPTCY one (buildings back to the
        Bank at half price, the cash to the creditor); the Bank auctions nothing, as the game
        has ended.

        DECISION: a deed the Bank takes is auctioned unmortgaged (the Bank holds its own
        mortgage); Get Out of Jail Free cards go to a creditor player, or back under their decks.
        """
        st = self.state
        g, p = st.g, st.params
        pl = g.players[seat]
        n = len(g.players)
        pl.out, pl.jail = True, False
        st.bankruptcies += 1
        st.sv = [v + 1 for v in st.sv]
        final = 0 < p.end_after_bankruptcies <= st.bankruptcies
        to_player = creditor < n
        g.emit("bankrupt", seat, creditor=g.ledger.names[creditor], owed=amount)
        deeds = sorted(pl.deeds)
        if not (final and p.final_turnover):
            for i in deeds:
                if st.houses[i]:
                    self.building.sell_buildings(seat, i)
        cash = g.ledger.balances[seat]
        if cash:
            g.pay(seat, creditor, cash, flows.BANKRUPTCY, "bankruptcy", "Bankruptcy")
        cards, pl.cards = pl.cards, []
        for c in cards:
            if to_player:
                g.players[creditor].cards.append(c)
            else:
                st.decks[st.deck_key(c)].append(c)
        active = sum(1 for q in g.players if not q.out)
        if final or active <= 1:
            st.ended = "short game: bankruptcy" if final else "last player left"
        if to_player:
            for i in deeds:
                st.give_deed(creditor, i)
                g.emit("deed_to_creditor", creditor, space=i, deed=st.names[i])
            if not st.ended:
                for i in deeds:
                    if st.mortgaged[i] and st.owner[i] == creditor and not g.players[creditor].out:
                        yield from self.receive_mortgaged(creditor, i)
            return
        for i in deeds:
            st.mortgaged[i] = False
            if st.houses[i]:
                self.building.sell_buildings(seat, i, refund=False)
            st.give_deed(-1, i)
        if not st.ended:
            for i in deeds:
                yield from auction(st, seat, i, st.others(seat))

    def receive_mortgaged(self, seat: int, idx: int) -> Play:
        """MORTGAGES: "The new owner may lift the mortgage at once ... by paying off the
        mortgage plus 10% interest to the Bank. If he does not lift the mortgage at once he must
        pay the Bank 10% interest when he buys the property and if he lifts the mortgage later
        he must pay an additional 10% interest"."""
        st = self.state
        g = st.g
        value = st.mortgage_value[idx]
        interest = st.interest(idx)
        if g.ledger.balances[seat] >= value + interest:
            choice = yield Decision(seat, "lift_mortgage", LIFT, idx, value + interest)
            if choice == "lift":
                g.pay(seat, st.bank, value + interest, flows.REPAYMENT, "mortgage lifted", "Mortgages: transfer")
                st.mortgaged[idx] = False
                st.sv[seat] += 1
                g.emit("unmortgage", seat, space=idx, deed=st.names[idx], paid=value + interest)
                return
        yield from self.charge(seat, st.bank, interest, flows.INTEREST, "mortgage interest", "Mortgages: transfer")
        g.emit("mortgage_kept", seat, space=idx, deed=st.names[idx], interest=interest)
