"""Monopoly's state: its tokens, trade offers, the params it reads and a set-up position."""

from __future__ import annotations

from collections import deque
from collections.abc import Collection
from dataclasses import dataclass, field
from typing import Any, ClassVar

from landlord.data.decks import Card
from landlord.engine.options import option
from landlord.engine.rulebook import Play, Rules
from landlord.rules.memo import landing_odds
from landlord.rules.monopoly.movement import DOUBLES_LIMIT
from landlord.rules.monopoly.params import PARAMS, ParamsMonopoly, in_phase
from landlord.rules.monopoly.static import (
    HOTEL,
    K_STREET,
    K_TAX,
    DeedTerms,
    ManageMenu,
    TradeOptions,
    board_tables,
)


@dataclass(slots=True)
class MonopolyPlayer:
    """A seat's state: token position, Jail, held Get Out of Jail Free cards, deeds owned."""

    seat: int
    pos: int = 0
    jail: bool = False
    jail_turns: int = 0
    out: bool = False
    cards: list[Card] = field(default_factory=list)
    deeds: set[int] = field(default_factory=set)

    @property
    def where(self) -> str:
        """``bankrupt``, ``jail`` or ``board``."""
        return "bankrupt" if self.out else "jail" if self.jail else "board"


@dataclass(slots=True)
class TradeOffer:
    """A trade being put together or answered: what ``proposer`` gives and takes."""

    proposer: int
    partner: int
    give: set[int] = field(default_factory=set)
    take: set[int] = field(default_factory=set)
    give_cards: list[str] = field(default_factory=list)
    take_cards: list[str] = field(default_factory=list)
    pay_cash: int = 0
    want_cash: int = 0

    def has_goods(self) -> bool:
        """A deed or a card changes hands (cash alone would be a loan or gift)."""
        return bool(self.give or self.take or self.give_cards or self.take_cards)


class MonopolyState(Rules):
    """Monopoly's state: the params it reads, deeds, buildings and mortgages, the seats, a set-up position."""

    PARAMS: ClassVar[dict[str, type]] = PARAMS
    """The params a ruleset of the family must give (declared once, by :class:`ParamsMonopoly`)."""
    params: ParamsMonopoly
    # the shared, read-only tables of _static_tables() (set in __init__)
    n: int
    code: list[int]
    ownable: tuple[int, ...]
    price: list[int]
    base_rent: list[int]
    rents: list[tuple[int, ...]]
    mults: list[tuple[int, ...]]
    house_cost: list[int]
    hotel_cost: list[int]
    mortgage_value: list[int]
    groups: dict[str, tuple[int, ...]]
    group_name: list[str]
    members: list[tuple[int, ...]]
    railroads: tuple[int, ...]
    utilities: tuple[int, ...]
    jail_square: int
    tax_fee: list[int]
    tax_percent: list[int]
    taxes: tuple[int, ...]
    names: list[str]
    gid: list[int]
    street_groups: tuple[tuple[int, ...], ...]
    lift_cost: list[int]
    o_house: list[str]
    o_hotel: list[str]
    o_give: list[str]
    o_mortgage: list[str]
    o_sell_house: list[str]
    o_sell_all: dict[str, str]
    o_take: list[str]
    lot_options: dict[str, tuple[str, int]]
    terms: list[DeedTerms | None]

    EXTRA_ACCOUNTS: ClassVar[tuple[str, ...]] = ("Free Parking pot",)

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        self.params = p = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at a switch of phase: :meth:`arrive`)."""
        board = game.board
        # The tables read from the board (rents, costs, groups, taxes by edition, theme names)
        # never change during a game: they are built once per board and params, and shared.
        self.__dict__.update(board_tables(board, p))
        n = self.n
        self.owner = [-1] * n
        self.houses = [0] * n
        self.mortgaged = [False] * n
        self.hotel_after = p.hotel_after
        self.houses_left = p.houses
        self.hotels_left = p.hotels
        self.decks: dict[str, deque[Card]] = {}
        self.deck_ids = {"chance": p.chance_deck, "community_chest": p.chest_deck}
        self.bankruptcies = 0
        self.turnover_at = p.end_after_bankruptcies if p.final_turnover else 0
        """the bankruptcy at which a debtor turns over everything, buildings standing (0: none)"""
        self.sold_for = 0
        """the price of the last auction won (a building at a shortage goes where it covers)"""
        self.ended = ""
        self.order: list[int] = []
        self.words = dict(w.split("=", 1) for w in p.theme_words)
        seats = len(game.strategies)
        self.full: list[set[str]] = [set() for _ in range(seats)]
        """per seat: the colour groups (streets) it owns entirely"""
        self.n_built = [0] * seats
        """per seat: how many of its lots carry buildings"""
        self.gbuilt = [0] * len(self.groups)
        """per group: how many of its lots carry buildings"""
        self.owners_version = 0
        """bumped when a deed changes hands or a group gains or loses its last building"""
        self.sv = [0] * seats
        """per seat: bumped when its deeds, their mortgages or buildings change, and for every
        seat when a player goes bankrupt or the Bank's houses or hotels run out or come back
        (its manage menu caches on it)"""
        self.o_trade = [option("trade", s) for s in range(seats)]
        self.trade_opts: list[TradeOptions] = [TradeOptions(-1)] * seats
        """per seat: its ``trade:<seat>`` options (made again after a bankruptcy)"""
        self.menus: list[ManageMenu] = [ManageMenu(-1)] * seats
        """per seat: its manage step's menu (made again when its table version ``sv`` changes)"""
        self.table = MonopolyTable(self)
        self.bank = self.pot = self.fines_to = -1

    def arrive(self, old: str, new: str) -> Play:
        """At a switch of phase (a ruleset of one's own may give Monopoly more than one): the
        numbers of the phase now in force are read from then on; nothing else changes."""
        self.params = in_phase(self.g.ruleset, self.g.phase)
        yield from ()

    def new_player(self, seat: int) -> MonopolyPlayer:
        """A token on GO with nothing yet."""
        return MonopolyPlayer(seat)

    # -- names shown by the UI ------------------------------------------------------------
    def space_name(self, idx: int) -> str:
        """The name of a space as this ruleset's theme shows it (Mucker: 'Grand' for Boardwalk)."""
        return self.names[idx]

    def word(self, key: str) -> str:
        """A theme word: ``word('house')`` is 'speakeasy' in Mucker Monopoly, 'house' otherwise."""
        return self.words.get(key, key)

    def bidders_from(self, seat: int) -> list[int]:
        """Active seats in turn order starting at ``seat``'s left (ending with ``seat`` if it
        is still in the game)."""
        n = len(self.g.players)
        players = self.g.players
        return [s % n for s in range(seat + 1, seat + n + 1) if not players[s % n].out]

    def others(self, seat: int) -> list[int]:
        """The other active seats, in turn order from ``seat``'s left."""
        n = len(self.g.players)
        players = self.g.players
        return [s % n for s in range(seat + 1, seat + n) if not players[s % n].out]

    def give_deed(self, seat: int, idx: int) -> None:
        """Record ``seat`` as the owner of deed ``idx`` (-1: back to the Bank)."""
        old = self.owner[idx]
        built = self.houses[idx] > 0
        gname = self.group_name[idx]
        if old >= 0:
            self.g.players[old].deeds.discard(idx)
            self.full[old].discard(gname)
            self.n_built[old] -= built
            self.sv[old] += 1
        self.owner[idx] = seat
        self.owners_version += 1
        if seat >= 0:
            self.g.players[seat].deeds.add(idx)
            self.n_built[seat] += built
            self.sv[seat] += 1
            if self.code[idx] == K_STREET:
                own = self.owner
                for j in self.members[idx]:
                    if own[j] != seat:
                        break
                else:
                    self.full[seat].add(gname)

    def worth(self, seat: int) -> int:
        """Total worth for Income Tax: "all his cash on hand, printed prices of mortgaged and
        unmortgaged properties and cost price of all buildings he owns"."""
        total = self.g.cash(seat)
        for i in self.g.players[seat].deeds:
            total += self.price[i] + self.building_cost(i)
        return total

    def building_cost(self, idx: int) -> int:
        """What the buildings on ``idx`` cost: houses at the house price, a hotel at its price
        plus the houses turned in for it."""
        h = self.houses[idx]
        if h == HOTEL:
            return self.hotel_cost[idx] + self.hotel_after * self.house_cost[idx]
        return h * self.house_cost[idx]

    def deck_key(self, card: Card) -> str:
        """Which deck (``chance`` / ``community_chest``) a card belongs to."""
        return "chance" if card.deck == self.deck_ids["chance"] else "community_chest"

    def interest(self, idx: int) -> int:
        """10% of the mortgage value. DECISION: rounded up to the whole dollar."""
        return -(-self.mortgage_value[idx] * self.params.mortgage_interest_percent // 100)

    def stock(self, houses: int, hotels: int) -> None:
        """Add ``houses`` and ``hotels`` (negative: take) to the Bank's stock of buildings. When
        the Bank runs out of either, or has some again, every seat's manage menu is redone."""
        before = (self.houses_left > 0, self.hotels_left > 0)
        self.houses_left += houses
        self.hotels_left += hotels
        if (self.houses_left > 0, self.hotels_left > 0) != before:
            self.sv = [v + 1 for v in self.sv]


class MonopolyTable:
    """What every seat can see of the table (read-only by convention): deeds and their owners,
    buildings, mortgages, groups, costs, the trade on offer, and each seat's token and held
    cards. The order of the decks is not here. Bots read the game only through this view."""

    __slots__ = ("_active", "_charges", "_dearest", "_deed_rent", "_income", "_odds", "_pledge", "_rents", "_rise",
                 "_rules", "_tax_top", "board", "code", "deed_terms", "gbuilt", "gid", "hotel_after",
                 "hotel_cost", "house_cost", "houses", "lift_cost", "lot_options", "members", "mortgaged", "o_trade",
                 "offer", "owner", "street_groups", "trade_cash_steps")

    THROWS_PER_TURN: float = sum((1 / 6) ** k for k in range(DOUBLES_LIMIT))
    """Throws a turn on the board is expected to make: "If a player throws doubles ... he throws
    again", the third double going to Jail instead (1 + 1/6 + 1/36)."""

    def __init__(self, rules: MonopolyState) -> None:
        self._rules = rules
        self.board = rules.g.board
        self.owner = rules.owner
        self.houses = rules.houses
        self.mortgaged = rules.mortgaged
        self.members = rules.members
        self.hotel_after = rules.hotel_after
        self.code = rules.code
        """each space's kind code (``K_STREET``, …)"""
        self.lift_cost = rules.lift_cost
        """what lifting each deed's mortgage costs"""
        self.house_cost, self.hotel_cost = rules.house_cost, rules.hotel_cost
        self.gid, self.gbuilt = rules.gid, rules.gbuilt
        """each space's group number; per group, how many of its lots carry buildings"""
        self.street_groups = rules.street_groups
        self.o_trade = rules.o_trade
        """the ``trade:<seat>`` option of each seat"""
        self.lot_options: dict[str, tuple[str, int]] = rules.lot_options
        """the house, hotel, mortgage and sell_house options of every lot: option -> (kind, lot)"""
        self.trade_cash_steps = rules.params.trade_cash_steps
        self.offer: TradeOffer | None = None
        self.deed_terms = rules.terms
        """each deed's :class:`~landlord.rules.monopoly.static.DeedTerms` (None off the deeds)"""
        self._charges: dict[int, tuple[int, float, float]] = {}
        self._rents: tuple[int, list[tuple[int, float, float]]] = (-1, [])
        """(table version, each charge a landing makes: (to whom, how much, × its chance))"""
        """per seat: (table version, :meth:`charges`)"""
        self._odds: dict[str, list[float]] = {}
        """The landing chances of each phase this game has valued deeds in (:func:`landing_odds`)."""
        self._deed_rent: list[tuple[int, int, float, float] | None] = [None] * len(self.owner)
        """per deed: (its holder, his table version ``sv``, what a landing pays him, × its chance),
        kept while neither changes (a change to a deed's rent bumps its holder's ``sv``)"""
        self._income: tuple[int, list[float] | None, dict[tuple[int, tuple[int, ...], tuple[int, ...]], float]] = (
            -1, None, {})
        """(table version, the landing chances, :meth:`income_change` by (holder, plus, minus))"""
        self._dearest: list[tuple[int, float]] = [(-1, 0.0)] * len(rules.sv)
        """per seat: (his table version ``sv``, the dearest rent a landing on his deeds pays him)"""
        fees = rules.tax_fee
        self._tax_top = max([0.0, *(float(fees[i]) for i in rules.taxes)])
        """the dearest tax a landing charges"""
        self._pledge: list[tuple[int, int]] = [(-1, 0)] * len(rules.sv)
        """per seat: (his table version ``sv``, :meth:`pledge_room`)"""
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
        g = self._rules.g
        odds = self._odds.get(g.phase)
        if odds is None:  # once a phase
            chances = landing_odds(g.ruleset, g.phase)
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
        r = self._rules
        limit = r.params.round_limit
        return max(0, limit - r.g.round) if limit else None

    @property
    def version(self) -> int:
        """Changes whenever a deed, a mortgage or a building changes (what :meth:`pays` reads)."""
        return sum(self._rules.sv)

    def active(self) -> int:
        """Players still in the game (counted again after each bankruptcy)."""
        r = self._rules
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
        r = self._rules
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
        if self._rents[0] != version:  # each deed's rent as it stands, once a table version
            odds, own, pays, sv, kept = self.odds(), self.owner, self.pays, self._rules.sv, self._deed_rent
            if self._income[1] is not odds:
                kept[:] = [None] * len(kept)
                self._income = (-1, odds, {})
                self._rise = {}
            rents = []
            for i in self._rules.ownable:
                o = own[i]
                if o < 0:
                    continue
                e = kept[i]
                if e is None or e[0] != o or e[1] != sv[o]:  # its holder or his deeds changed
                    c = pays(i, o)
                    e = kept[i] = (o, sv[o], c, odds[i] * c)
                if e[2]:
                    rents.append((o, e[2], e[3]))
            fees = self._rules.tax_fee
            taxes = [(-1, float(fees[i]), odds[i] * fees[i]) for i in self._rules.taxes]
            self._rents = (version, rents + taxes)
        most = mean = 0.0
        for o, c, m in self._rents[1]:
            if o != seat:
                if c > most:
                    most = c
                mean += m
        self._charges[seat] = (version, most, mean)
        return most, mean

    def dearest(self, seat: int) -> float:
        """The most one landing can cost ``seat`` now (:meth:`charges`' first figure: what he
        must be able to pay to stay in the game), each holder's dearest rent kept until his
        deeds change (his ``sv``)."""
        sv, kept, pays = self._rules.sv, self._dearest, self.pays
        most = self._tax_top
        for o, pl in enumerate(self._rules.g.players):
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
        return self._rules.params.go_salary

    def jail_fine(self) -> int:
        """The fine that buys a player out of Jail."""
        return self._rules.params.jail_fine

    def jail_throws(self) -> int:
        """The throws for doubles a jailed player may make before he must pay."""
        return self._rules.params.jail_throws

    def bribe_refused(self) -> int:
        """What a Banker refusing a Mucker bribe must hand the briber (0: no bribes)."""
        p = self._rules.params
        return p.bribe_refused_amount if p.jail_card_bribe else 0

    def building_cost(self, idx: int) -> int:
        """What the buildings standing on ``idx`` cost (what they count at the end)."""
        return self._rules.building_cost(idx)

    def group_lots(self, name: str) -> tuple[int, ...]:
        """The deeds of the colour group ``name``."""
        return self._rules.groups[name]

    def board_size(self) -> int:
        """Spaces on the track."""
        return len(self.owner)

    @property
    def owners_version(self) -> int:
        """Bumped whenever a deed changes hands or a group gains or loses its last building."""
        return self._rules.owners_version

    @property
    def players(self) -> list[MonopolyPlayer]:
        """Every seat's token, Jail state, held cards and deeds."""
        return self._rules.g.players

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
        return self._rules.g.ledger.balances[seat]

    def worth(self, seat: int) -> int:
        """A seat's total worth as Income Tax counts it (all of it lies on the table)."""
        return self._rules.worth(seat)

    def pledge_room(self, seat: int) -> int:
        """What mortgaging ``seat``'s unbuilt deeds would raise him less the interest lifting the
        mortgages would cost (Σ twice the mortgage less :attr:`DeedTerms.lift`), kept until his
        deeds change (his ``sv``)."""
        sv = self._rules.sv[seat]
        hit = self._pledge[seat]
        if hit[0] != sv:
            terms, mort, gid, gbuilt = self.deed_terms, self.mortgaged, self.gid, self.gbuilt
            room = 0
            for i in self._rules.g.players[seat].deeds:
                if not mort[i] and not gbuilt[gid[i]]:
                    d = terms[i]
                    assert d is not None
                    room += d.mortgage * 2 - d.lift
            hit = self._pledge[seat] = (sv, room)
        return hit[1]

    def mortgage_room(self, seat: int) -> int:
        """What ``seat`` would raise by mortgaging every deed he may mortgage now (not yet
        mortgaged, no building on its group), without selling a building."""
        r = self._rules
        mort, gid, gbuilt, value = r.mortgaged, r.gid, r.gbuilt, r.mortgage_value
        return sum(value[i] for i in r.g.players[seat].deeds if not mort[i] and not gbuilt[gid[i]])
