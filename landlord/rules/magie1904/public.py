"""The 1904 patent game's single-tax phase: the switch, the Public Treasury's works and the
Natural Opportunities (:class:`SingleTax1904`, a part over the state)."""

from __future__ import annotations

from landlord.engine import flows
from landlord.rules.magie1904.params import in_phase
from landlord.rules.magie1904.state import NATURAL, Magie1904State
from landlord.rules.single_tax import begin_single_tax, eliminate_poor_house, spend_treasury


class SingleTax1904:
    """The single-tax phase on the patent board (SINGLE_TAX_MAPPING), over the state ``s``:
    the switch, public works, Natural Opportunities."""

    __slots__ = ("s",)

    def __init__(self, s: Magie1904State) -> None:
        self.s = s

    def arrive(self, old: str) -> None:
        """At a switch of phase from ``old``: the params of the phase now in force; and at the
        switch to the single tax: "Begin game under single tax with empty PUBLIC TREASURY" —
        its cash goes to the Bank (logged, so money is conserved); a token in the Poor House
        moves to the Natural Opportunity beside that corner (rule 8: "the Poor House is
        eliminated"). Holdings, cash, loans and positions are otherwise left as they are."""
        s = self.s
        s.params = in_phase(s.g.ruleset, s.g.phase)  # the numbers of the phase now in force
        if begin_single_tax(s, old, "Single tax: begin with an empty Public Treasury"):
            eliminate_poor_house(s, s.poor_corner)

    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` would oblige ``seat`` to pay under the single tax (rule 8's
        "afford to make the move"): land rent, a private fare or franchise rate; necessities
        are free and a luxury is optional."""
        s = self.s
        kind, space = s.kinds[idx], s.spaces[idx]
        if kind == "lot":
            return space.rent
        if kind == "railroad" and idx not in s.public:
            return space.fee
        if kind == "franchise" and idx not in s.public and s.charter.get(idx, seat) != seat:
            return space.fee
        return 0

    def to_natural(self, seat: int, target: int) -> None:
        """Single tax, rule 8: put the token on the Natural Opportunity "back of the space to
        which his throw would bring him". DECISION (mapping): the patent board's Natural
        Opportunities are its four corners (Mother Earth, Coal, Public Park, the fourth
        corner), reconstructed; the player takes the nearest one at or behind ``target``."""
        s = self.s
        pl = s.g.players[seat]
        corner = max(c for c in s.corners if c <= target)
        pl.place, pl.pos, pl.natural = NATURAL, corner, corner
        s.g.emit("natural_opportunity", seat, corner=corner, instead_of=target)

    def works(self) -> None:
        """Single tax, rule 6, mapped onto the patent board: each time the Public Treasury holds
        ``treasury_step`` ($50) it buys out, in ``buyout_order`` (board order), each R.R. space
        (paid to the Railroad box, which holds the patent's railroad) and each franchise (paid
        to its charter holder, or to the Bank if no charter is placed) — they are free from then
        on; then it annuls the No Trespassing spaces in ``annul_order`` (Lord Blueblood's
        estate first, as the 1906 colleges), paying the Bank; then every further $50 raises
        wages by ``wage_rise``. DECISION: the treasury is counted at the end of every turn (the
        counting is shared with the 1906 rules: :func:`~landlord.rules.single_tax.spend_treasury`)."""
        s = self.s
        spend_treasury(s, s.params.annul_order, s.annulled, self.buy_out, self.open_estate)

    def buy_out(self, idx: int, step: int) -> None:
        """Single tax, rule 6 (mapping): the public buys R.R. space or franchise ``idx`` for
        ``step``, paid to the Railroad box or the charter holder (the Bank if unchartered)."""
        s = self.s
        holder = s.charter.pop(idx, None)
        dst = s.rr_box if s.kinds[idx] == "railroad" else (s.bank if holder is None else holder)
        s.g.pay(s.treasury, dst, step, flows.BUYOUT, "public buy-out", "Single tax 6: public ownership")
        s.public.add(idx)
        s.g.emit("public_buyout", -1, space=idx, name=s.spaces[idx].name)

    def open_estate(self, idx: int, step: int) -> None:
        """Single tax, rules 5-6 (mapping): ``step`` paid to the Bank opens No Trespassing space
        ``idx`` to all (as the 1906 Free Colleges open the estates)."""
        s = self.s
        s.g.pay(s.treasury, s.bank, step, flows.PUBLIC_SPENDING, "estate opened", "Single tax 5-6 (mapping)")
        s.annulled.add(idx)
        s.g.emit("estate_opened", -1, space=idx, name=s.spaces[idx].name)
