"""Monopoly's state: its tokens, trade offers, the params it reads and a set-up position."""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

from landlord.decks import Card
from landlord.errors import DataError
from landlord.options import option
from landlord.position import HOTEL as HOTEL_WORD
from landlord.rules.base import Rules
from landlord.rules.monopoly.static import (
    _STATIC,
    HOTEL,
    K_RAIL,
    K_STREET,
    K_UTIL,
    ManageMenu,
    TradeOptions,
    _static_tables,
)
from landlord.rules.monopoly.table import MonopolyTable

if TYPE_CHECKING:
    from landlord.position import SeatPosition


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

    PARAMS: ClassVar[dict[str, type]] = {
        "edition": str, "chance_deck": str, "chest_deck": str, "start_cash": int,
        "go_salary": int, "jail_fine": int, "jail_throws": int, "fine_before_throw_turns": int,
        "houses": int, "hotels": int, "hotel_after": int, "mortgage_interest_percent": int,
        "income_tax_choice": bool, "rent_must_be_asked": bool, "deal_deeds": int,
        "deal_paid": bool, "end_after_bankruptcies": int, "final_turnover": bool, "round_limit": int, "max_rounds": int,
        "free_parking_pot": bool, "jail_card_bribe": bool, "bribe_refused_amount": int,
        "banker_seat": int, "auction_steps": list, "trade_cash_steps": list,
        "trade_max_items": int, "theme": str, "theme_words": list, "theme_space_names": list,
    }
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

    EXTRA_ACCOUNTS: ClassVar[tuple[str, ...]] = ("Free Parking pot",)
    DECISIONS: ClassVar[dict[str, str]] = {
        "manage": "{name}, before throwing: build, sell buildings, mortgage, lift a mortgage or "
                  "propose a trade — or done?",
        "buy_deed": "{name} stops on {space}, which nobody owns: buy it for {cur}{amount}, or "
                    "let the Banker auction it?",
        "auction_bid": "Auction of {space}: the highest bid is {cur}{amount}. {name}, raise or pass?",
        "ask_rent": "{name}: a player stands on your {space}. Ask for the {cur}{amount} rent?",
        "income_tax": "{name} stops on Income Tax: pay {cur}{amount}, or 10% of total worth? "
                      "(Choose before adding up.)",
        "jail_exit": "{name} is in Jail: use a Get Out of Jail Free card, pay the {cur}{amount} "
                     "fine, or throw for doubles?",
        "raise_cash": "{name} owes {cur}{amount} more than is in hand: sell buildings or "
                      "mortgage to raise it.",
        "lift_mortgage": "{name} receives mortgaged {space}: lift the mortgage now (value + 10%), "
                         "or keep it mortgaged and pay the 10% interest now?",
        "manage_lot": "{name}: which lot?",
        "trade_item": "{name} is putting a trade together: add or remove an item, offer it, "
                      "or cancel?",
        "trade_reply": "{name} is offered a trade: accept or reject?",
        "place_building": "{name} won the building at auction: put it on which lot?",
        "bribe_reply": "{name} (the Banker) is offered a Get Out of Jail Free card as a bribe: "
                       "accept it, or refuse (and lose {cur}{amount} to the briber)?",
    }
    OPTIONS: ClassVar[dict[str, str]] = {
        "done": "Done", "house": "Build a house on {arg}", "hotel": "Build a hotel on {arg}",
        "sell_house": "Sell a building from {arg}", "sell_all": "Sell all buildings of the {arg} group",
        "mortgage": "Mortgage {arg}", "unmortgage": "Lift the mortgage on {arg}",
        "trade": "Propose a trade to {arg}", "bribe": "Bribe the Banker",
        "buy": "Buy", "auction": "Auction it", "pass": "Pass", "bid": "Bid {cur}{arg}",
        "ask": "Ask for the rent", "forget": "Say nothing", "flat": "Pay the flat tax",
        "percent": "Pay 10% of worth", "card": "Use the card", "pay": "Pay the fine",
        "throw": "Throw for doubles", "lift": "Lift now", "keep": "Keep mortgaged",
        "give": "Give {arg}", "take": "Ask for {arg}", "give_card": "Give a {arg} card",
        "take_card": "Ask for a {arg} card", "pay_cash": "Add {cur}{arg} from me",
        "want_cash": "Add {cur}{arg} from them", "offer": "Offer the trade", "cancel": "Cancel",
        "accept": "Accept", "reject": "Reject", "refuse": "Refuse", "back": "Back",
    }

    def __init__(self, game: Any) -> None:
        super().__init__(game)
        p = game.p
        board = game.board
        # The tables read from the board (rents, costs, groups, taxes by edition, theme names)
        # never change during a game: they are built once per board and params, and shared.
        key = (id(board), p["edition"], p["mortgage_interest_percent"], p["hotel_after"],
               tuple(p["theme_space_names"]))
        hit = _STATIC.get(key)
        if hit is None or hit[0] is not board:
            hit = (board, _static_tables(board, p))
            _STATIC[key] = hit
        self.__dict__.update(hit[1])
        n = self.n
        self.owner = [-1] * n
        self.houses = [0] * n
        self.mortgaged = [False] * n
        self.hotel_after = p["hotel_after"]
        self.houses_left = p["houses"]
        self.hotels_left = p["hotels"]
        self.decks: dict[str, deque[Card]] = {}
        self.deck_ids = {"chance": p["chance_deck"], "community_chest": p["chest_deck"]}
        self.bankruptcies = 0
        self.turnover_at = p["end_after_bankruptcies"] if p["final_turnover"] else 0
        """the bankruptcy at which a debtor turns over everything, buildings standing (0: none)"""
        self.sold_for = 0
        """the price of the last auction won (a building at a shortage goes where it covers)"""
        self.ended = ""
        self.order: list[int] = []
        self.words = dict(w.split("=", 1) for w in p["theme_words"])
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

    POSITION_FIELDS: ClassVar[frozenset[str]] = frozenset(
        {"cash", "token", "holdings", "improvements", "mortgages"})

    def place_seat(self, seat: int, sp: SeatPosition, where: str, entry: str) -> None:
        """A position's ``holdings`` (title deeds: the seat holds exactly these, whoever held
        them after the set-up), ``mortgages`` (MORTGAGES: of its deeds, those mortgaged to the
        Bank) and ``improvements`` (deed name = houses, or ``"hotel"``), refused by name when
        the rules would not let them stand: HOUSES "only when he owns all the properties in a
        color-group", "evenly" ("cannot erect more than one house on any one property ... until
        he has built one house on every property of that group"), at most ``hotel_after`` houses
        before a hotel, none on a group with a mortgaged deed ("Before an improved property can
        be mortgaged all the buildings on all the properties of its color-group must be sold
        back"), and no more houses or hotels than the Bank has (EQUIPMENT: "32 houses and 12
        hotels"), counted over every seat."""
        g = self.g
        if sp.holdings:
            for idx in list(g.players[seat].deeds):
                self.give_deed(-1, idx)
            for name in sp.holdings:
                idx = self.space_named(where, entry, "holdings", name)
                if self.code[idx] not in (K_STREET, K_RAIL, K_UTIL):
                    raise DataError(where, entry, "holdings", f"{name!r} has no title deed")
                if self.houses[idx] or self.mortgaged[idx]:
                    raise DataError(where, entry, "holdings", f"{name!r} is built on or mortgaged after the set-up")
                self.give_deed(seat, idx)
        for name in sp.mortgages:
            self.mortgaged[self.space_named(where, entry, "mortgages", name)] = True
        self.sv[seat] += 1
        levels: dict[int, int] = {}
        top = self.hotel_after
        for name, count in sp.improvements.items():
            idx = self.space_named(where, entry, "improvements", name)
            if self.code[idx] != K_STREET or self.owner[idx] != seat:
                raise DataError(where, entry, "improvements", f"{name!r} is not a street among the seat's deeds")
            if not all(self.owner[j] == seat for j in self.members[idx]):
                raise DataError(where, entry, "improvements", f"{name!r}: houses are built only on a complete "
                                f"color-group, and the seat does not hold all of {self.group_name[idx]}")
            if isinstance(count, int) and count > top:
                raise DataError(where, entry, "improvements", f"{name!r}: at most {top} houses, then a hotel, "
                                f"got {count}")
            levels[idx] = top + 1 if count == HOTEL_WORD else int(count)
        for idx in levels:
            group = self.members[idx]
            row = [levels.get(j, 0) for j in group]
            if max(row) - min(row) > 1:
                raise DataError(where, entry, "improvements", f"{self.names[idx]!r}: houses are built evenly "
                                f"over a color-group ({self.group_name[idx]}: " + ", ".join(
                                    f"{self.names[j]} {levels.get(j, 0)}" for j in group) + ")")
            if any(self.mortgaged[j] for j in group):
                raise DataError(where, entry, "mortgages", f"{self.names[idx]!r}: no building stands on a "
                                f"color-group with a mortgaged property ({self.group_name[idx]})")
        for idx, level in levels.items():
            houses, hotels = (0, 1) if level > top else (level, 0)
            if houses > self.houses_left or hotels > self.hotels_left:
                raise DataError(where, entry, "improvements", f"{self.names[idx]!r}: the Bank has only "
                                f"{self.g.p['houses']} houses and {self.g.p['hotels']} hotels, and no more are "
                                f"left for this one")
            self.stock(-houses, -hotels)
            self.houses[idx] = HOTEL if level > top else level
            self.n_built[seat] += 1
            self.gbuilt[self.gid[idx]] += 1
            self.owners_version += 1

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

    MENUS: ClassVar[dict[str, str]] = {
        "sell": "Sell buildings", "mortgage": "Mortgage a lot", "unmortgage": "Lift a mortgage",
    }
    LOT_OPTIONS: ClassVar[frozenset[str]] = frozenset(
        {"house", "hotel", "sell_house", "mortgage", "unmortgage", "give", "take"})

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
        return -(-self.mortgage_value[idx] * self.g.p["mortgage_interest_percent"] // 100)

    def stock(self, houses: int, hotels: int) -> None:
        """Add ``houses`` and ``hotels`` (negative: take) to the Bank's stock of buildings. When
        the Bank runs out of either, or has some again, every seat's manage menu is redone."""
        before = (self.houses_left > 0, self.hotels_left > 0)
        self.houses_left += houses
        self.hotels_left += hotels
        if (self.houses_left > 0, self.hotels_left > 0) != before:
            self.sv = [v + 1 for v in self.sv]
