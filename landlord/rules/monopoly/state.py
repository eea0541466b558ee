"""Monopoly's state: the params it reads, the board's tables, who holds each deed, the houses and
hotels standing and in the Bank, the mortgages, the decks and the sums kept over them (its pieces:
:mod:`landlord.rules.monopoly.pieces`; the prospects the players read of it:
:mod:`landlord.rules.monopoly.prospects`). The family's parts (turns, market, building, manage,
debts, count, words, position) read and write this one object."""

from __future__ import annotations

from collections import deque
from typing import Any

from landlord.data.decks import Card
from landlord.engine.options import option
from landlord.rules.monopoly.params import ParamsMonopoly, in_phase
from landlord.rules.monopoly.pieces import TradeOffer
from landlord.rules.monopoly.static import (
    HOTEL,
    K_STREET,
    DeedTerms,
    ManageMenu,
    TradeOptions,
    board_tables,
)


class MonopolyState:
    """One game's Monopoly state: the params in force, the board's tables, deeds, buildings,
    mortgages, the Bank's stock of houses and hotels, the decks, and per-seat sums kept as they change."""

    params: ParamsMonopoly
    # the shared, read-only tables of board_tables() (set in __init__)
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

    def __init__(self, game: Any) -> None:
        self.g = game
        """The game (its ledger, players, dice, log)."""
        self.params = p = in_phase(game.ruleset, game.phase)
        """The params in force, typed (built again at a switch of phase: ``Monopoly.arrive``)."""
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
        """why the game ended ('' while it goes on)"""
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
        self.offer: TradeOffer | None = None
        """the trade being put together or answered (the players read it on the table)"""
        self.bank = self.pot = self.fines_to = -1
        """the ledger accounts of the Bank, the Free Parking pot, and where fines go (set at play)"""

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

    def raisable(self, seat: int) -> int:
        """The most ``seat`` could raise beyond his cash: every building sold back to the Bank
        at half its price (SELLING PROPERTY: "for one-half the price paid for them"; a hotel
        counted as sold house by house, its hotel and then the houses turned in for it, each
        half rounded down) and then every deed not yet mortgaged mortgaged at its value."""
        houses, hc, tc, mv, mort = self.houses, self.house_cost, self.hotel_cost, self.mortgage_value, self.mortgaged
        total = 0
        for i in self.g.players[seat].deeds:
            h = houses[i]
            if h == HOTEL:
                total += tc[i] // 2 + self.hotel_after * (hc[i] // 2)
            elif h:
                total += h * (hc[i] // 2)
            if not mort[i]:
                total += mv[i]
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
