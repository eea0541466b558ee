"""What building pays in the 1906 game, as the players read it off the table
(:class:`BuildingTerms`, a part of ``Prospects1906``): a house, a dollar of cards, the single tax's
building privilege."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING

from landlord.rules.magie1906.cards import CARD_KINDS

if TYPE_CHECKING:
    from landlord.rules.magie1906.pays import Pays1906
    from landlord.rules.magie1906.state import Magie1906State


class BuildingTerms:
    """The payoffs of building: a house on a lot (:meth:`house_gains`), what a dollar of cards
    returns (:meth:`land_return`), what the building privilege costs (:meth:`privilege_price`)."""

    __slots__ = ("_flows", "_section_get")
    _r: Magie1906State
    """The 1906 state the prospects read."""
    _pays: Pays1906
    """What the rules in force pay, as the prospects read it."""
    necessities: tuple[int, ...]
    _taxes: dict[tuple[str, int], float]
    _returns: dict[tuple[object, ...], tuple[list[float], float]]
    _flows: tuple[object, str, dict[tuple[object, ...], tuple[float, float]]]
    _section_get: list[Callable[[list[int]], object]]

    if TYPE_CHECKING:  # the prospects' own
        def odds(self) -> Mapping[int, float]: ...

        def chance(self, idx: int) -> float: ...

        def earning(self, idx: int, seat: int) -> float: ...

        def printed_price(self, idx: int) -> int: ...

        def throws_left(self) -> float: ...

        def payoff_key(self) -> tuple[object, ...]: ...

    def house_gain(self, idx: int, seat: int) -> float:
        """What one more house on lot ``idx``, owned by ``seat``, is expected to add to his final
        count, its price not yet paid: it counts ``house_value`` at the end ("every house counts
        the holder or owner 100"); until then the others' landings pay him its house rent ($10,
        rule 4 of the single tax and the advanced rules' "house rent remains as before") and,
        under the advanced rules, the doubled land rent of the section's lots he holds, while
        his own landings pay any rent it raises (the section's doubled land rent to the Public
        Treasury under the single tax) and the necessity taxes the houses on the board double
        (advanced rules). Worked out by putting the house up on the table, reading what every
        stop pays him and costs him, and taking it down again."""
        return self.house_gains([idx], seat)[0]

    def house_gains(self, lots: Sequence[int], seat: int) -> list[float]:
        """:meth:`house_gain` of a house on each of ``lots`` (a builder's options), what they share
        read off the table once."""
        r = self._r
        p = r.params
        houses, house_owner = r.houses, r.house_owner
        advanced = p.advanced_rules
        built = sum(houses)
        steps = bool(self.necessities) and advanced and not p.single_tax and built + 1 in p.tax_steps
        others = len(r.g.players) - 1
        odds, left = self.odds(), self.throws_left()
        out = []
        for idx in lots:
            section = r.section_of[idx] if advanced else [idx]
            raised = [idx]
            if advanced:  # the section's land rent rises only if this house lifts its least
                level = houses[idx]
                if sum([houses[i] <= level for i in section]) == 1:
                    raised = section
            if raised == [idx] and not steps and house_owner[idx] in (seat, -1):
                # the common case, the same sum on one lot: the house lifts no section's rent and
                # no tax, and adds its own rent to what the others' stops pay him
                out.append(p.house_value + others * odds.get(idx, 0.0) * p.house_rent * left)
                continue
            # what the others' stops on the lots pay him less what his own cost him (the terms of
            # the prospects' :meth:`_paid_to` and :meth:`charge`, restated in :meth:`_lots_flow`),
            # with the houses standing now and with this one up (:meth:`_section_flows`), and what
            # his stops on the necessities cost him (their tax, :meth:`charge`)
            before, after = self._section_flows(idx, raised, seat, others, odds)
            if steps:
                before -= self._taxes_flow(built)
                after -= self._taxes_flow(built + 1)
            out.append(p.house_value + (after - before) * left)
        return out

    def _section_flows(self, idx: int, lots: list[int], seat: int, others: int,
                       odds: Mapping[int, float]) -> tuple[float, float]:
        """:meth:`_lots_flow` on ``lots`` (``idx``'s section, or ``idx`` alone) with the houses
        standing now and with one more put up on ``idx`` by ``seat``, and taken down again;
        kept while the params, the phase, the players and the cards, houses and house owners
        of ``idx``'s section stand (all the two sums read besides the board's rents and the
        landing chances, which are the phase's)."""
        r = self._r
        houses, house_owner, owner = r.houses, r.house_owner, r.owner
        p, phase = r.params, r.g.phase
        kept = self._flows
        if kept[0] is not p or kept[1] != phase:
            kept = self._flows = (p, phase, {})
        get = self._section_get[idx]
        key = (seat, others, idx, get(houses), get(house_owner), get(owner))
        flows = kept[2].get(key)
        if flows is None:
            before = self._lots_flow(lots, seat, others, odds)
            held = house_owner[idx]
            houses[idx] += 1
            house_owner[idx] = seat
            try:
                after = self._lots_flow(lots, seat, others, odds)
            finally:
                houses[idx] -= 1
                house_owner[idx] = held
            flows = kept[2][key] = (before, after)
        return flows

    def _lots_flow(self, lots: list[int], seat: int, others: int, odds: Mapping[int, float]) -> float:
        """Per throw, what the others' stops on ``lots`` pay ``seat``
        less what his own stops there cost him: the chance of each × (the others × what a stop
        pays him, :meth:`_paid_to`, less what his own costs him, :meth:`charge`), summed in
        ``lots``' order. Those terms restated here, for speed (the same sums in the same order,
        so the same float), at the land rent of the section's least-built lot (the lots are of
        one section: :meth:`Pays1906.land_rent`)."""
        r = self._r
        p = r.params
        houses, owner, house_owner, spaces = r.houses, r.owner, r.house_owner, r.g.board.spaces
        doubled = 2 ** min(map(houses.__getitem__, r.section_of[lots[0]])) if p.advanced_rules else 1
        single, per_house = p.single_tax, p.house_rent
        terms = []
        for i in lots:
            land = spaces[i].rent * doubled
            house = houses[i] * per_house
            holder = house_owner[i]
            paid = float((land if owner[i] == seat and not single else 0) + (house if holder == seat else 0))
            if single:
                cost = float(land + (house if holder not in (seat, -1) else 0))
            else:
                cost = 0.0 if owner[i] == seat else float(land + house)
            terms.append(odds.get(i, 0.0) * (others * paid - cost))
        return sum(terms)

    def _taxes_flow(self, built: int) -> float:
        """Per throw, what a player's stops on the necessities cost him in tax (advanced rules'
        Tax Table, as :meth:`Pays1906.necessity_tax` with ``built`` houses on the board),
        summed in the board's order; kept by phase and houses built (the phase's params and
        landing chances are its own)."""
        r = self._r
        key = (r.g.phase, built)
        flow = self._taxes.get(key)
        if flow is None:
            odds, spaces = self.odds(), r.g.board.spaces
            doubling = 2 ** sum(1 for step in r.params.tax_steps if built >= step)
            flow = self._taxes[key] = sum([odds.get(i, 0.0) * float(int(spaces[i].fee * doubling))
                                           for i in self.necessities])
        return flow

    def land_return(self, seat: int) -> float:
        """What a dollar of cards returns ``seat`` until the end on this table: what every card
        (title deeds, charters, the broker's licence) would bring him in its holder's place
        (the chance a throw ends on it × what a stop pays × the throws left × the players,
        as :func:`~landlord.engine.valuation.card_worth` counts it) over their printed prices;
        under the single tax the deeds bring nothing ("All land rent is paid into the public
        treasury")."""
        r = self._r
        players, left = len(r.g.players), self.throws_left()
        key = (self.payoff_key(), seat)
        kept = self._returns.get(key)
        if kept is None:  # each card's chance × earning, and their printed prices summed
            terms, price = [], 0.0
            for idx, kind in enumerate(r.kinds):
                if kind in CARD_KINDS and idx not in r.public:
                    terms.append(self.chance(idx) * self.earning(idx, seat))
                    price += self.printed_price(idx)
            kept = self._returns[key] = (terms, price)
        terms, price = kept
        income = 0.0
        for term in terms:
            income += term * left * players
        return income / price if price else 0.0

    def privilege_price(self, idx: int) -> int:
        """What the right to build on lot ``idx`` costs before the house (single-tax rule 4, "the
        'bid' money (or rent) is paid into the PUBLIC TREASURY": the privilege opens at the
        lot's land rent, :meth:`Building1906.offer_building`); nothing under the landlord
        rules, where he builds on his own lot."""
        return self._pays.land_rent(idx) if self._r.params.single_tax else 0
