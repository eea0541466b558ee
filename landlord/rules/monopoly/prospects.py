"""Monopoly's prospects: what every seat can see of the table, and what the rules pay, read by the
players (deeds and their owners, buildings, mortgages, the landing chances, what a landing pays and
charges)."""

from __future__ import annotations

from collections.abc import Collection
from operator import itemgetter
from typing import TYPE_CHECKING

from landlord.rules.memo import landing_odds
from landlord.rules.monopoly.count import totals
from landlord.rules.monopoly.movement import DOUBLES_LIMIT, monopoly_family_movement
from landlord.rules.monopoly.risk import Build, RuinRisk, Threats
from landlord.rules.monopoly.static import K_STREET, K_TAX, DeedTerms

if TYPE_CHECKING:
    from landlord.rules.monopoly.pieces import MonopolyPlayer, TradeOffer
    from landlord.rules.monopoly.state import MonopolyState

_SPACE = itemgetter(4)
"""A landing charge's space (:meth:`MonopolyProspects.landing_charges`)."""


class MonopolyProspects(RuinRisk):
    """What every seat can see of the table (read-only by convention): deeds and their owners,
    buildings, mortgages, groups, costs, the trade on offer, and each seat's token and held
    cards. The order of the decks is not here. Bots read the game only through this view."""

    __slots__ = (
        "_active",
        "_charges",
        "_dearest",
        "_held",
        "_held_count",
        "_income",
        "_odds",
        "_pledge",
        "_raisable",
        "_rents",
        "_rise",
        "_state",
        "_tax_top",
        "board",
        "code",
        "deed_terms",
        "gbuilt",
        "gid",
        "hotel_after",
        "hotel_cost",
        "house_cost",
        "houses",
        "lift_cost",
        "lot_options",
        "members",
        "mortgaged",
        "o_trade",
        "owner",
        "street_groups",
        "trade_cash_steps",
    )

    THROWS_PER_TURN: float = sum((1 / 6) ** k for k in range(DOUBLES_LIMIT))
    """Throws a turn on the board is expected to make: "If a player throws doubles ... he throws
    again", the third double going to Jail instead (1 + 1/6 + 1/36)."""

    def __init__(self, state: MonopolyState) -> None:
        """``state``: the game's Monopoly state (the prospects read it, never write it)."""
        self._state = r = state
        self.board = r.g.board
        self.owner = r.owner
        self.houses = r.houses
        self.mortgaged = r.mortgaged
        self.members = r.members
        self.hotel_after = r.hotel_after
        self.code = r.code
        """each space's kind code (``K_STREET``, …)"""
        self.lift_cost = r.lift_cost
        """what lifting each deed's mortgage costs"""
        self.house_cost, self.hotel_cost = r.house_cost, r.hotel_cost
        self.gid, self.gbuilt = r.gid, r.gbuilt
        """each space's group number; per group, how many of its lots carry buildings"""
        self.street_groups = r.street_groups
        self.o_trade = r.o_trade
        """the ``trade:<seat>`` option of each seat"""
        self.lot_options: dict[str, tuple[str, int]] = r.lot_options
        """the house, hotel, mortgage and sell_house options of every lot: option -> (kind, lot)"""
        self.trade_cash_steps = r.params.trade_cash_steps
        self.deed_terms = r.terms
        """each deed's :class:`~landlord.r.monopoly.static.DeedTerms` (None off the deeds)"""
        self._charges: dict[int, tuple[int, float, float]] = {}
        """per seat: (table version, :meth:`charges`)"""
        self._rents: tuple[int, list[tuple[int, float, float, float, int]]] = (-1, [])
        """(table version, :meth:`landing_charges`)"""
        self._odds: dict[str, list[float]] = {}
        """The landing chances of each phase this game has valued deeds in (:func:`landing_odds`)."""
        self._held: list[tuple[int, list[float] | None, float, list[tuple[int, float, float, float, int]]]] = [
            (-1, None, 0.0, [])] * len(r.sv)
        """per seat: (his table version ``sv``, the landing chances, :meth:`_rents_of`)"""
        self._income: tuple[int, list[float] | None, dict[tuple[int, tuple[int, ...], tuple[int, ...]], float]] = (
            -1, None, {})
        """(table version, the landing chances, :meth:`income_change` by (holder, plus, minus))"""
        self._dearest: list[tuple[int, float]] = [(-1, 0.0)] * len(r.sv)
        """per seat: (his table version ``sv``, the dearest rent a landing on his deeds pays him)"""
        fees = r.tax_fee
        self._tax_top = max([0.0, *(float(fees[i]) for i in r.taxes)])
        """the dearest tax a landing charges"""
        self._pledge: list[tuple[int, int]] = [(-1, 0)] * len(r.sv)
        """per seat: (his table version ``sv``, :meth:`pledge_room`)"""
        self._threats = Threats((-1, ()), [], len(r.sv))
        """:meth:`threats` at the table version and the buildings each whole group's holder could pay for"""
        self._whole: tuple[int, list[tuple[int, Build]], list[tuple[int, float, float]]] = (-1, [], [])
        """(table version, each whole colour group none of whose lots is mortgaged: (its holder, how
        he builds on it), every other charge a landing makes: :meth:`_builders`)"""
        self._paths: dict[tuple[tuple[int, ...], tuple[int, ...]], Build] = {}
        """:class:`Build` by (colour group, the buildings standing on it), worked out once a game"""
        self._held_count: list[tuple[int, int]] = [(-1, 0)] * len(r.sv)
        """per seat: (his table version ``sv``, what :meth:`count` counts besides his cash)"""
        self._raisable: list[tuple[int, int]] = [(-1, 0)] * len(r.sv)
        """per seat: (his table version ``sv``, :meth:`raisable`)"""
        self._active = (-1, 0)
        """(bankruptcies, :meth:`active`)"""
        self._rise: dict[tuple[int, int], float] = {}
        """:meth:`group_rise` by (lot, houses), for the landing chances in ``_income``"""

    # -- what the rules pay, for the players' valuation ------------------------------------
    def terms(self, idx: int) -> DeedTerms:
        """What the rules pay on deed ``idx`` (:class:`~landlord.rules.monopoly.static.DeedTerms`)."""
        t = self.deed_terms[idx]
        assert t is not None, f"space {idx} is no deed"
        return t

    def chance(self, idx: int) -> float:
        """The exact chance that one throw ends on space ``idx`` (Chance and Community Chest
        moves and Jail, ``-1``, included: :func:`landlord.engine.landing.exact` on the family's
        movement), worked out once per ruleset and phase (:func:`landlord.rules.memo.landing_odds`)."""
        return self.odds()[idx]

    def odds(self) -> list[float]:
        """:meth:`chance` of every space, by index (the last entry: Jail)."""
        g = self._state.g
        odds = self._odds.get(g.phase)
        if odds is None:  # once a phase
            chances = landing_odds(monopoly_family_movement, g.ruleset, g.phase)
            odds = self._odds[g.phase] = [chances.get(i, 0.0) for i in range(len(self.owner))] + [chances.get(-1, 0.0)]
        return odds

    def landings(self, idx: int, turns: float) -> float:
        """Expected landings on ``idx`` in ``turns`` turns of one player (:data:`THROWS_PER_TURN`
        throws a turn, each ending there with :meth:`chance`)."""
        return self.chance(idx) * self.THROWS_PER_TURN * turns

    def rounds_left(self) -> int | None:
        """The table rounds the game still runs where the rules fix its end (the time-limit
        game: to the agreed hour, ``round_limit``); None where they fix none (the regular game
        is played "until one player is left", the short games to a bankruptcy)."""
        r = self._state
        limit = r.params.round_limit
        return max(0, limit - r.g.round) if limit else None

    def bankruptcies_left(self) -> int:
        """The bankruptcies still to come before the game ends: the short games end at the rules'
        number (Monopoly: "when the second bankruptcy occurs the game ends"; Mucker: "The game
        ends when one mucker goes bankrupt", ``end_after_bankruptcies``), the regular game when
        one player is left ("until one player is left"): every player but one."""
        r = self._state
        end = r.params.end_after_bankruptcies or len(r.g.players) - 1
        return max(0, end - r.bankruptcies)

    @property
    def version(self) -> int:
        """Changes whenever a deed, a mortgage or a building changes (what :meth:`pays` reads)."""
        return sum(self._state.sv)

    def active(self) -> int:
        """Players still in the game (counted again after each bankruptcy)."""
        r = self._state
        if self._active[0] != r.bankruptcies:
            self._active = (r.bankruptcies, sum(1 for pl in r.g.players if not pl.out))
        return self._active[1]

    def pays(self, idx: int, holder: int, plus: Collection[int] = (), minus: Collection[int] = (),
             houses: int = -1, lifted: bool = False) -> float:
        """What a player landing on deed ``idx`` pays ``holder`` (PAYING RENT, as
        :meth:`~landlord.rules.monopoly.Monopoly.rent` charges it; a utility at the mean
        throw), were ``holder`` to hold ``idx`` and his deeds with ``plus`` added and ``minus``
        taken away, with ``houses`` on ``idx`` (-1: as standing; 5: a hotel): nothing when it
        is not his, or mortgaged (unless ``lifted``: as it would pay with its mortgage lifted)."""
        own = self.owner
        if (own[idx] != holder and idx not in plus) or idx in minus or (self.mortgaged[idx] and not lifted):
            return 0.0
        terms = self.deed_terms[idx]
        assert terms is not None
        rents = terms.rents
        if self.code[idx] == K_STREET:
            h = self.houses[idx] if houses < 0 else houses
            if h:
                return rents[1 + h]
            for j in self.members[idx]:
                if (own[j] != holder and j not in plus) or j in minus:
                    return rents[0]
            return rents[1]
        count = 0
        for j in self.members[idx]:
            if (own[j] == holder or j in plus) and j not in minus:
                count += 1
        return rents[count - 1]

    def income(self, holder: int, deeds: Collection[int], plus: Collection[int] = (),
               minus: Collection[int] = ()) -> float:
        """What one throw of a player landing is expected to pay ``holder`` on ``deeds`` and
        the deeds of their groups: Σ :meth:`chance` × :meth:`pays`, with ``plus`` and ``minus``
        as there."""
        seen: set[int] = set()
        total = 0.0
        members, odds, pays = self.members, self.odds(), self.pays
        for i in deeds:
            for j in members[i]:
                if j not in seen:
                    seen.add(j)
                    total += odds[j] * pays(j, holder, plus, minus)
        return total

    def income_change(self, holder: int, plus: Collection[int] = (), minus: Collection[int] = ()) -> float:
        """What adding ``plus`` to and taking ``minus`` from ``holder``'s deeds changes in what one
        throw of a player landing is expected to pay him (:meth:`income` with and without the
        change, on the deeds changed), kept while the table stands."""
        version, odds = self.version, self.odds()
        cached = self._income
        if cached[0] != version or cached[1] is not odds:
            if cached[1] is not odds:
                self._rise = {}
            cached = self._income = (version, odds, {})
        key = (holder, tuple(plus), tuple(minus))
        hit = cached[2].get(key)
        if hit is None:
            _, gets, gives = key
            deeds = {*gets, *gives}
            hit = cached[2][key] = self.income(holder, deeds, gets, gives) - self.income(holder, deeds)
        return hit

    def group_rise(self, idx: int, each: int) -> float:
        """What ``each`` houses on every lot of street ``idx``'s colour group add to what one
        throw of a player landing is expected to pay its holder, against the group complete and
        unbuilt (Σ :meth:`chance` × the rise in rent)."""
        odds = self.odds()
        if self._income[1] is not odds:
            self._income = (-1, odds, {})
            self._rise = {}
        hit = self._rise.get((idx, each))
        if hit is None:
            terms = self.terms
            hit = self._rise[idx, each] = sum(odds[j] * (terms(j).rents[1 + each] - terms(j).rents[1])
                                              for j in self.members[idx])
        return hit

    def charge(self, seat: int, idx: int) -> float:
        """What landing on space ``idx`` costs ``seat`` now: the rent to another holder, or the
        tax (its fixed amount)."""
        o = self.owner[idx] if self.deed_terms[idx] is not None else -1
        if o >= 0:
            return self.pays(idx, o) if o != seat else 0.0
        r = self._state
        if self.code[idx] == K_TAX:
            return float(r.tax_fee[idx])
        return 0.0

    def charges(self, seat: int) -> tuple[float, float]:
        """What landings cost ``seat`` now: the most one landing can cost him (the dearest rent
        of another's deed as built, or the dearest tax: what he must be able to pay to stay in
        the game), and what one throw is expected to cost him (Σ :meth:`chance` ×
        :meth:`charge`). Kept until a deed, a mortgage or a building changes."""
        version = self.version
        hit = self._charges.get(seat)
        if hit is not None and hit[0] == version:
            return hit[1], hit[2]
        most = mean = 0.0
        for o, c, m, _, _ in self.landing_charges():
            if o != seat:
                if c > most:
                    most = c
                mean += m
        self._charges[seat] = (version, most, mean)
        return most, mean

    def landing_charges(self) -> list[tuple[int, float, float, float, int]]:
        """Every charge a landing makes now: (to whom: a seat, or -1 for a tax; how much; × the
        chance a throw ends there; that chance; the space), in the order of the spaces, the taxes
        last; kept until a deed, a mortgage or a building changes (each holder's rents until his
        own deeds change: :meth:`_rents_of`)."""
        version = self.version
        if self._rents[0] != version:
            odds = self.odds()
            if self._income[1] is not odds:
                self._income = (-1, odds, {})
                self._rise = {}
            rents: list[tuple[int, float, float, float, int]] = []
            for o in range(len(self._held)):
                rents += self._rents_of(o, odds)[1]
            rents.sort(key=_SPACE)
            fees = self._state.tax_fee
            taxes = [(-1, float(fees[i]), odds[i] * fees[i], odds[i], i) for i in self._state.taxes]
            self._rents = (version, rents + taxes)
        return self._rents[1]

    def _rents_of(self, seat: int, odds: list[float]) -> tuple[float, list[tuple[int, float, float, float, int]]]:
        """(:meth:`takings`, the :meth:`landing_charges` ``seat`` makes), worked out again only when
        his deeds change (his ``sv``: a change to a deed's rent bumps its holder's) or the phase's
        landing chances do."""
        sv = self._state.sv[seat]
        kept = self._held[seat]
        if kept[0] != sv or kept[1] is not odds:
            pays = self.pays
            mine = []
            for i in sorted(self._state.g.players[seat].deeds):
                c = pays(i, seat)
                if c:
                    mine.append((seat, c, odds[i] * c, odds[i], i))
            kept = self._held[seat] = (sv, odds, sum(e[2] for e in mine), mine)
        return kept[2], kept[3]

    def takings(self, seat: int) -> float:
        """What one throw of another player is expected to pay ``seat`` in rent now (Σ
        :meth:`chance` × :meth:`pays` over his deeds as they stand)."""
        return self._rents_of(seat, self.odds())[0]

    def raisable(self, seat: int) -> int:
        """The most ``seat`` could raise beyond his cash (every building sold back at half its
        price, every deed mortgaged: the rules' own sum), kept until his deeds change (his ``sv``)."""
        sv = self._state.sv[seat]
        hit = self._raisable[seat]
        if hit[0] != sv:
            hit = self._raisable[seat] = (sv, self._state.raisable(seat))
        return hit[1]

    def count(self, seat: int) -> int:
        """What ``seat`` counts now as the count at the end values it (cash, deeds at the printed
        price or half mortgaged, buildings at cost: the rules' own count), what he holds besides
        cash kept until his deeds change (his ``sv``)."""
        sv = self._state.sv[seat]
        cash = self._state.g.ledger.balances[seat]
        hit = self._held_count[seat]
        if hit[0] != sv:
            hit = self._held_count[seat] = (sv, int(totals(self._state)[seat]) - cash)
        return cash + hit[1]

    def dearest(self, seat: int) -> float:
        """The most one landing can cost ``seat`` now (:meth:`charges`' first figure: what he
        must be able to pay to stay in the game), each holder's dearest rent kept until his
        deeds change (his ``sv``)."""
        sv, kept, pays = self._state.sv, self._dearest, self.pays
        most = self._tax_top
        for o, pl in enumerate(self._state.g.players):
            if o == seat:
                continue
            e = kept[o]
            if e[0] != sv[o]:
                top = 0.0
                for i in pl.deeds:
                    c = pays(i, o)
                    if c > top:
                        top = c
                e = kept[o] = (sv[o], top)
            if e[1] > most:
                most = e[1]
        return most

    def salary(self) -> int:
        """The salary for passing GO."""
        return self._state.params.go_salary

    def jail_fine(self) -> int:
        """The fine that buys a player out of Jail."""
        return self._state.params.jail_fine

    def jail_throws(self) -> int:
        """The throws for doubles a jailed player may make before he must pay."""
        return self._state.params.jail_throws

    def bribe_refused(self) -> int:
        """What a Banker refusing a Mucker bribe must hand the briber (0: no bribes)."""
        p = self._state.params
        return p.bribe_refused_amount if p.jail_card_bribe else 0

    def building_cost(self, idx: int) -> int:
        """What the buildings standing on ``idx`` cost (what they count at the end)."""
        return self._state.building_cost(idx)

    def group_lots(self, name: str) -> tuple[int, ...]:
        """The deeds of the colour group ``name``."""
        return self._state.groups[name]

    def board_size(self) -> int:
        """Spaces on the track."""
        return len(self.owner)

    @property
    def owners_version(self) -> int:
        """Bumped whenever a deed changes hands or a group gains or loses its last building."""
        return self._state.owners_version

    @property
    def players(self) -> list[MonopolyPlayer]:
        """Every seat's token, Jail state, held cards and deeds."""
        return self._state.g.players

    @property
    def offer(self) -> TradeOffer | None:
        """The trade being put together or answered, if any."""
        return self._state.offer

    def group(self, idx: int) -> tuple[int, ...]:
        """The deeds of ``idx``'s colour group (or all railroads / both utilities)."""
        return self.members[idx]

    def holds_group(self, seat: int, idx: int) -> bool:
        """True when ``seat`` owns every deed of ``idx``'s group."""
        own = self.owner
        for i in self.members[idx]:  # noqa: SIM110 (a loop is faster than all() here)
            if own[i] != seat:
                return False
        return True

    def price(self, idx: int) -> int:
        """The printed price of a deed."""
        return self.board.spaces[idx].price

    def cash(self, seat: int) -> int:
        """A seat's cash (money lies on the table)."""
        return self._state.g.ledger.balances[seat]

    def worth(self, seat: int) -> int:
        """A seat's total worth as Income Tax counts it (all of it lies on the table)."""
        return self._state.worth(seat)

    def pledge_room(self, seat: int) -> int:
        """What mortgaging ``seat``'s unbuilt deeds would raise him less the interest lifting the
        mortgages would cost (Σ twice the mortgage less :attr:`DeedTerms.lift`), kept until his
        deeds change (his ``sv``)."""
        sv = self._state.sv[seat]
        hit = self._pledge[seat]
        if hit[0] != sv:
            terms, mort, gid, gbuilt = self.deed_terms, self.mortgaged, self.gid, self.gbuilt
            room = 0
            for i in self._state.g.players[seat].deeds:
                if not mort[i] and not gbuilt[gid[i]]:
                    d = terms[i]
                    assert d is not None
                    room += d.mortgage * 2 - d.lift
            hit = self._pledge[seat] = (sv, room)
        return hit[1]

    def mortgage_room(self, seat: int) -> int:
        """What ``seat`` would raise by mortgaging every deed he may mortgage now (not yet
        mortgaged, no building on its group), without selling a building."""
        r = self._state
        mort, gid, gbuilt, value = r.mortgaged, r.gid, r.gbuilt, r.mortgage_value
        return sum(value[i] for i in r.g.players[seat].deeds if not mort[i] and not gbuilt[gid[i]])
