"""What the 1906 rules in force pay and cost (:class:`Pays1906`, a part over the state): the land
and house rents, the necessity tax, the fares, what a stop obliges a player to pay, what the Bank
gives for a house or lends on a card and asks to lift a mortgage, the ways of raising money, the
wages and the players the end waits for. The state holds the game's data and the plain questions
about who holds what; this part reads the rules over it (the 1913 family's counterpart is
:class:`~landlord.rules.british1913.terms.Terms`).

Named ``pays`` because :mod:`~landlord.rules.magie1906.terms` already holds ``MoneyTerms``, the
payoffs of the players' money decisions (a part of the prospects), which read this one."""

from __future__ import annotations

from landlord.engine.options import option, parse_option
from landlord.rules.magie1906.params import Params1906
from landlord.rules.magie1906.state import Magie1906State, Mortgage, Player1906


class Pays1906:
    """What the rules in force make of the 1906 state ``s``: rents, fares, taxes, wages, what a
    card secures and a house sells for. Read by the landings and the turns, the money, the
    houses, the position layout and the players' prospects; it writes nothing of the state
    (:meth:`awaited` keeps its own answer)."""

    __slots__ = ("_awaited", "s")

    def __init__(self, s: Magie1906State) -> None:
        self.s = s
        self._awaited: tuple[Params1906 | None, list[Player1906]] = (None, [])
        """The params :meth:`awaited` was last worked out under, and its answer."""

    # -- land ----------------------------------------------------------------------------
    def land_rent(self, idx: int) -> int:
        """Advanced rules: "When all the lots in any one section have been improved with at least
        one house each the land rent on every lot in that section is doubled ... two houses
        ... again doubled; and three houses doubles it again." (the Land Rent Table: doubled
        once for each house on the least built lot of ``idx``'s section)"""
        s = self.s
        rent = s.g.board.spaces[idx].rent
        if not s.params.advanced_rules:
            return rent
        return rent * 2 ** min(map(s.houses.__getitem__, s.section_of[idx]))

    def house_rent(self, idx: int) -> int:
        """Advanced rules: "The house rent remains as before -- $10 for each house"."""
        s = self.s
        return s.houses[idx] * s.params.house_rent

    def necessity_tax(self, idx: int) -> int:
        """Rule 4's $10; advanced rules' Tax Table: $20 from 10 houses, $40 from 25 houses.
        DECISION: the houses counted are those standing on the board now."""
        s = self.s
        tax = s.g.board.spaces[idx].fee
        if s.params.advanced_rules:
            built = sum(s.houses)
            for step in s.params.tax_steps:
                if built >= step:
                    tax *= 2
        return int(tax)

    def fare(self, idx: int, payer: int) -> tuple[int, list[int]]:
        """Rule 9: what ``payer`` owes on ``idx`` and to whom (the Public Treasury if unowned).

        "When a player stops upon one of these franchise spaces he must pay $5 to the owner."
        MUNICIPAL CINCH: "collects $25 instead of $5". MONOPOLY: "If one player owns 2 railroads,
        he charges $10 fare; if 3, he charges $20; 4, $50." TRUST: "charging the other players
        $40 for each RAILROAD space and dividing profits." DECISION: Trust members ride free on
        the Trust's railroads; the $40 is divided equally between them.
        """
        s = self.s
        owner = s.owner[idx]
        if idx in s.public or owner == payer:
            return 0, []
        if owner < 0:
            return s.g.board.spaces[idx].fee, [s.treasury]
        if s.kinds[idx] == "franchise":
            franchises = [i for i in s.franchises if i not in s.public]
            cinch = len(franchises) == 2 and all(s.owner[i] == owner for i in franchises)
            return (s.params.cinch_rate if cinch else s.g.board.spaces[idx].fee), [owner]
        if s.trust is not None:
            if payer in s.trust:
                return 0, []
            return s.params.trust_fare, list(s.trust)
        owners = s.owner
        held = sum([owners[r] == owner for r in s.railroads])
        return s.params.railroad_fares[held - 1], [owner]

    def landing_cost(self, seat: int, idx: int) -> int:
        """What stopping on ``idx`` obliges ``seat`` to pay at least (rule 12's and single-tax
        rule 8's "afford to make the move"); Chance, Speculation and Luxury count 0."""
        s = self.s
        kind = s.kinds[idx]
        if kind == "lot":
            house = self.house_rent(idx) if s.house_owner[idx] not in (seat, -1) else 0
            if s.params.single_tax:
                return self.land_rent(idx) + house
            return 0 if s.owner[idx] == seat else self.land_rent(idx) + self.house_rent(idx)
        if kind == "necessity":
            return 0 if s.params.single_tax else self.necessity_tax(idx)
        if kind in ("railroad", "franchise"):
            return self.fare(idx, seat)[0]
        return 0

    # -- houses, mortgages and raising money ---------------------------------------------
    def house_sale(self, idx: int) -> int:
        """RECONSTRUCTED: a house is sold back to the Bank for ``house_sale_percent`` of its price."""
        p = self.s.params
        return p.house_price * p.house_sale_percent // 100

    def mortgage_value(self, idx: int) -> int:
        """RECONSTRUCTED rule 15: the Bank lends ``mortgage_percent`` of the printed price on a
        card. DECISION: under the single tax a title deed is "of no value" and secures nothing."""
        s = self.s
        if s.params.single_tax and s.kinds[idx] == "lot":
            return 0
        return s.g.board.spaces[idx].price * s.params.mortgage_percent // 100

    def redeem_cost(self, m: Mortgage) -> int:
        """RECONSTRUCTED rule 15: a mortgage is lifted for its amount plus interest."""
        return m.amount + m.amount * self.s.params.mortgage_interest_percent // 100

    def raise_options(self, seat: int) -> list[str]:
        """What ``seat`` can do now to raise money: mortgage a card or sell a house to the Bank
        (RECONSTRUCTED rules 15-16), offer a card to the others (rule 1, rule 12's "sell"), ask
        another player for a loan (rule 12's "borrow", RECONSTRUCTED rule 16)."""
        s = self.s
        held = {m.space for m in s.mortgages}
        g = s.g
        opts = [option("mortgage", i) for i in sorted(g.players[seat].cards)
                if i not in held and self.mortgage_value(i) > 0]
        opts += [option("sell_house", i) for i in range(s.n) if s.houses[i] and s.house_owner[i] == seat]
        opts += [option("sell_card", i) for i in s.tradeable(seat)]
        opts += [option("ask", o) for o in range(len(g.players)) if o != seat and g.cash(o) > 0]
        return opts

    def raisable(self, seat: int) -> int:
        """What ``seat`` could surely raise from the Bank by mortgaging and selling houses (what
        the other players would pay or lend is not known in advance)."""
        total = 0
        for opt in self.raise_options(seat):
            head, arg = parse_option(opt)
            idx = int(arg)
            if head == "mortgage":
                total += self.mortgage_value(idx)
            elif head == "sell_house":
                total += self.house_sale(idx) * self.s.houses[idx]
        return total

    # -- wages and the end ---------------------------------------------------------------
    def earns_wages(self, seat: int) -> bool:
        """Whether rule 3 pays ``seat`` wages: everyone but the Monarch of the World's landlord
        ("the landlord gets no wages"). DECISION: the Monarch gets no wages under the single tax
        either (the same start, only the rules of land change)."""
        return not (self.s.params.monarch and seat == 0)

    def wages_for(self, seat: int) -> int:
        """Rule 3 wages ($100, raised by single-tax rule 6(d)); the Monarch gets none."""
        s = self.s
        return s.params.wages + s.wage_bonus if self.earns_wages(seat) else 0

    def awaited(self) -> list[Player1906]:
        """The players the end of the game waits for (RECONSTRUCTED end, ``Magie1906.end_reason``):
        those who earn wages (:meth:`earns_wages`).

        DECISION (the Monarch of the World): the landlord, who "gets no wages", is not waited
        for. The patent's end counts the circuits that earn wages ("having passed the
        beginning-point the required number of times he receives no more wages. The game is
        finished when the last player has passed the beginning-point the fifth time"); a
        landlord with no wages to earn, free to move backward between the Chances (rule 2),
        was held by nothing and kept the game open while the others paid him rent: 16 of 20
        seeded games (seeds 0-19, the lessons' seats) ran to the 200-round safety bound, 721
        turns a game, the landlord round Mother Earth 2.5 times in them.

        Kept while the params stand (who earns wages changes only with them); read only."""
        s = self.s
        kept = self._awaited
        if kept[0] is not s.params:
            kept = self._awaited = (s.params, [pl for pl in s.g.players if self.earns_wages(pl.seat)])
        return kept[1]
