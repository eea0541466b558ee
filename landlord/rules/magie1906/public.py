"""The 1906 game's single tax: the switch and the Public Treasury's works (:class:`SingleTax1906`,
a part over the state)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.rules.magie1906.params import in_phase
from landlord.rules.magie1906.state import Magie1906State
from landlord.rules.single_tax import begin_single_tax, eliminate_poor_house, spend_treasury


class SingleTax1906:
    """The single tax, over the state ``s``: the switch and the Public Treasury's works."""

    __slots__ = ("s",)

    def __init__(self, s: Magie1906State) -> None:
        self.s = s

    def arrive(self, old: str) -> None:
        """At a switch of phase from ``old``: the params of the phase now in force; and at the
        switch to the single tax: "Begin game under single tax with empty PUBLIC TREASURY" (its
        cash goes to the MISCELLANEOUS pile, logged, so money is conserved); a
        checker in the Poor House moves to the Natural Opportunity of that corner (rule 8: "the
        Poor House is eliminated"). Holdings, cash, mortgages and positions carry over."""
        s = self.s
        g = s.g
        s.params = in_phase(g.ruleset, g.phase)  # the numbers of the phase now in force
        if begin_single_tax(s, old, "Single tax 2: begin with an empty Public Treasury"):
            eliminate_poor_house(s, s.poor_corner, name=s.naturals[s.poor_corner],
                                 instead_of=s.poor_corner, reconstructed=True)

    def works(self) -> None:
        """Single tax, rule 6: "When the cash in the PUBLIC TREASURY from land rents and fines
        amounts to $50 it is paid to the holder of the SOAKUM LIGHTING SYSTEM charter for the
        purchase of the plant ... The card is returned to the pack, and henceforth the Lighting
        System space is free to all players. If the card is still in the pack the $50 is paid
        into the MISCELLANEOUS pile." Then Slambang Trolley, the railroads, "a Free College ...
        on LORD BLUEBLOOD'S ESTATE ... the next $50 puts up a FREE COLLEGE on HOGG'S GAME
        PRESERVES", then "raising wages $10 for every $50 in the TREASURY".

        DECISION: the treasury is counted at the end of every turn, and all its cash counts
        (land rents, fines, building bids, and any other payment into it). The rule names "P.D.Q.R.R.;
        then GEE WIZZ R. R, and so on around the board", which runs against the direction of play
        on the transcribed board; ``buyout_order`` follows the rule (P.D.Q., Gee Whiz, Shooting
        Star, Royal Rusher). A mortgage on a card bought out stays its holder's debt. A Trust
        ends when the public takes over one of its railroads. (The counting is shared with the
        1904 mapping: :func:`~landlord.rules.single_tax.spend_treasury`.)
        """
        s = self.s
        spend_treasury(s, s.params.college_order, s.colleges, self.buy_out, self.found_college)

    def buy_out(self, idx: int, step: int) -> None:
        """Single tax, rule 6: the ``step`` "is paid to the holder of the ... charter for the
        purchase of the plant ... The card is returned to the pack ... If the card is still in
        the pack the $50 is paid into the MISCELLANEOUS pile" (the Bank)."""
        s = self.s
        g = s.g
        holder = s.owner[idx]
        g.pay(s.treasury, s.bank if holder < 0 else holder, step, flows.BUYOUT, "public buy-out",
              "Single tax 6: public ownership")
        if holder >= 0:
            g.players[holder].cards.discard(idx)
        s.owner[idx] = -1
        s.public.add(idx)
        if s.trust is not None and s.kinds[idx] == "railroad":
            s.trust = None
            g.emit("trust_ended", -1)
        g.emit("public_buyout", -1, space=idx, name=g.board.spaces[idx].name)

    def found_college(self, idx: int, step: int) -> None:
        """Single tax, rule 6(c): "the next $50 puts up a FREE COLLEGE" on estate ``idx`` (the
        $50 goes to the MISCELLANEOUS pile, the Bank)."""
        s = self.s
        g = s.g
        g.pay(s.treasury, s.bank, step, flows.PUBLIC_SPENDING, "free college", "Single tax 6(c): free college")
        s.colleges.add(idx)
        g.emit("college", -1, space=idx, name=g.board.spaces[idx].name)
