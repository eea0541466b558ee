"""The 1904 patent game's single-tax phase: the Public Treasury's works and the Natural Opportunities."""

from __future__ import annotations

from typing import TYPE_CHECKING

from landlord.engine import flows
from landlord.engine.rulebook import Play
from landlord.rules.magie1904.money import Magie1904Money
from landlord.rules.magie1904.params import in_phase
from landlord.rules.magie1904.state import NATURAL, POOR, TRACK


class Magie1904Public(Magie1904Money):
    """The single-tax phase on the patent board (SINGLE_TAX_MAPPING): public works, Natural Opportunities."""

    if TYPE_CHECKING:  # played by the turns (the family class)
        def move(self, seat: int, steps: int, double: bool, backward: bool = False) -> Play: ...

    # -- the single tax on the patent board -----------------------------------------------
    def arrive(self, old: str, new: str) -> Play:
        """At the switch to the single tax: "Begin game under single tax with empty PUBLIC
        TREASURY" — its cash goes to the Bank (logged, so money is conserved); a token in the
        Poor House moves to the Natural Opportunity beside that corner (rule 8: "the Poor House
        is eliminated"). Holdings, cash, loans and positions are otherwise left as they are."""
        g = self.g
        self.params = in_phase(g.ruleset, g.phase)  # the numbers of the phase now in force
        if not self.begin_single_tax(old, "Single tax: begin with an empty Public Treasury"):
            return
        for pl in g.players:
            if pl.place == POOR:
                pl.place, pl.natural, pl.poor_progress = NATURAL, self.poor_corner, 0
                g.emit("natural_opportunity", pl.seat, corner=self.poor_corner)
        yield from ()  # asks nothing

    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` would oblige ``seat`` to pay under the single tax (rule 8's
        "afford to make the move"): land rent, a private fare or franchise rate; necessities
        are free and a luxury is optional."""
        g = self.g
        kind, space = self.kinds[idx], g.board.spaces[idx]
        if kind == "lot":
            return space.rent
        if kind == "railroad" and idx not in self.public:
            return space.fee
        if kind == "franchise" and idx not in self.public and self.charter.get(idx, seat) != seat:
            return space.fee
        return 0

    def to_natural(self, seat: int, target: int) -> None:
        """Single tax, rule 8: put the token on the Natural Opportunity "back of the space to
        which his throw would bring him". DECISION (mapping): the patent board's Natural
        Opportunities are its four corners (Mother Earth, Coal, Public Park, the fourth
        corner), reconstructed; the player takes the nearest one at or behind ``target``."""
        pl = self.g.players[seat]
        corner = max(c for c in self.corners if c <= target)
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        self.g.emit("natural_opportunity", seat, corner=corner, instead_of=target)

    def natural_turn(self, seat: int) -> Play:
        """Single tax, rule 8: "just before throwing in his next turn he takes from the
        MISCELLANEOUS pile the wages called for by the NATURAL OPPORTUNITY space ..., pays his
        rent for such space into the PUBLIC TREASURY, throws his dice, and moves out."
        DECISION (mapping): the wages come from the Wages box, as the patent's wages do; he
        counts his move from the corner square."""
        g = self.g
        pl = g.players[seat]
        g.pay(self.wages_box, seat, self.params.natural_wages, flows.WAGES, "natural opportunity wages",
              "Single tax 8: Natural Opportunity")
        pl.place, pl.pos = TRACK, pl.natural
        yield from self.charge(seat, self.treasury, self.params.natural_rent, flows.LAND_RENT,
                               "natural opportunity rent", "Single tax 8: Natural Opportunity")
        if pl.place != TRACK:
            return
        a, b = self.throw(seat)
        yield from self.move(seat, a + b, a == b)

    def public_works(self) -> None:
        """Single tax, rule 6, mapped onto the patent board: each time the Public Treasury holds
        ``treasury_step`` ($50) it buys out, in ``buyout_order`` (board order), each R.R. space
        (paid to the Railroad box, which holds the patent's railroad) and each franchise (paid
        to its charter holder, or to the Bank if no charter is placed) — they are free from then
        on; then it annuls the No Trespassing spaces in ``annul_order`` (Lord Blueblood's
        estate first, as the 1906 colleges), paying the Bank; then every further $50 raises
        wages by ``wage_rise``. DECISION: the treasury is counted at the end of every turn (the
        counting is shared with the 1906 rules: :meth:`SingleTaxRules.spend_treasury`)."""
        self.spend_treasury(self.params.annul_order, self.annulled, self.buy_out, self.open_estate)

    def buy_out(self, idx: int, step: int) -> None:
        """Single tax, rule 6 (mapping): the public buys R.R. space or franchise ``idx`` for
        ``step``, paid to the Railroad box or the charter holder (the Bank if unchartered)."""
        g = self.g
        holder = self.charter.pop(idx, None)
        dst = self.rr_box if self.kinds[idx] == "railroad" else (self.bank if holder is None else holder)
        g.pay(self.treasury, dst, step, flows.BUYOUT, "public buy-out", "Single tax 6: public ownership")
        self.public.add(idx)
        g.emit("public_buyout", -1, space=idx, name=g.board.spaces[idx].name)

    def open_estate(self, idx: int, step: int) -> None:
        """Single tax, rules 5-6 (mapping): ``step`` paid to the Bank opens No Trespassing space
        ``idx`` to all (as the 1906 Free Colleges open the estates)."""
        g = self.g
        g.pay(self.treasury, self.bank, step, flows.PUBLIC_SPENDING, "estate opened", "Single tax 5-6 (mapping)")
        self.annulled.add(idx)
        g.emit("estate_opened", -1, space=idx, name=g.board.spaces[idx].name)
