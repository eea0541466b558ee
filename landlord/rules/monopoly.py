"""Monopoly as Parker Brothers published it (seed 000), its short and time-limit games, and
the Mucker Monopoly variant (seed 002) — one rules family, told apart by ruleset params.

Each rule below quotes the clause it plays. Where the rules leave a point open, the kit's
decision is written beside the rule as ``DECISION:`` and has a test of its own
(``tests/test_monopoly*.py``, ``tests/test_mucker*.py``).

How play is put to the seats (all as :class:`~landlord.decisions.Decision` s):

* ``manage`` — at the start of his turn (in Jail too) a player may build, sell buildings back,
  mortgage, lift mortgages, propose a trade (``trade:<seat>``) or, in Mucker Monopoly, offer
  the Banker a bribe; one action per decision until he answers ``done`` (``sell`` /
  ``mortgage`` / ``unmortgage`` open a ``manage_lot`` menu naming the lot, or ``back``).
  DECISION: "at any time" is played as "at the start of one's own turn, and whenever one must
  raise money"; other seats act in their own turns.
* ``buy_deed`` (buy / auction), ``auction_bid`` (see :meth:`Monopoly.auction`),
  ``ask_rent``, ``income_tax``, ``jail_exit``, ``raise_cash``, ``lift_mortgage``,
  ``trade_item`` / ``trade_reply`` (see :meth:`Monopoly.trade`), ``place_building``,
  ``bribe_reply``.

The hot path (throw, move, land, pay) uses plain lists indexed by space and seat and creates no
objects per turn; events are only built when the game keeps a log.

Themes (Mucker Monopoly): the ruleset's ``theme_words`` and ``theme_space_names`` rename words
and spaces; :meth:`Monopoly.space_name`, :meth:`Monopoly.word`, :meth:`Monopoly.explain`,
:meth:`Monopoly.option_text` and the event log use them.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from landlord import flows, options
from landlord.count import SeatCount
from landlord.decisions import Decision
from landlord.decks import Card, load_deck
from landlord.errors import DataError, LandlordError
from landlord.flows import Flow
from landlord.options import option, parse_option
from landlord.position import HOTEL as HOTEL_WORD
from landlord.rules.base import Play, Rules, SpaceState, space_state

if TYPE_CHECKING:
    from landlord.position import SeatPosition

HOTEL = 5
"""``houses[i] == HOTEL`` marks a hotel (one hotel equals five houses)."""

# space kind codes (ints keep the landing dispatch cheap)
K_OTHER, K_STREET, K_RAIL, K_UTIL, K_CHANCE, K_CHEST, K_TAX, K_GOTOJAIL, K_PARKING = range(9)
_CODES = {"street": K_STREET, "railroad": K_RAIL, "utility": K_UTIL, "chance": K_CHANCE,
          "community_chest": K_CHEST, "tax": K_TAX, "go_to_jail": K_GOTOJAIL,
          "free_parking": K_PARKING}

_decision: Callable[[tuple[Any, ...]], Decision] = partial(tuple.__new__, Decision)
"""``Decision(*fields)`` without the Python-level ``__new__`` (all five fields given; hot path)."""

_BIDS: list[str] = []
"""``bid:<n>`` option strings, made once each (auctions ask for many)."""


def _bid(amount: int) -> str:
    """The option ``bid:<amount>``."""
    if amount >= len(_BIDS):
        _BIDS.extend(option("bid", k) for k in range(len(_BIDS), 2 * amount + 64))
    return _BIDS[amount]


BUY = ("buy", "auction")
ASK = ("ask", "forget")
TAX = ("flat", "percent")
LIFT = ("lift", "keep")
REPLY = ("accept", "reject")
BRIBE = ("accept", "refuse")


def _int(x: object) -> int:
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    raise LandlordError(f"expected a whole number in a board's extra table, got {x!r}")


def _ints(x: object) -> tuple[int, ...]:
    if isinstance(x, list | tuple):
        return tuple(_int(v) for v in x)
    raise LandlordError(f"expected a list of whole numbers in a board's extra table, got {x!r}")


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


class MonopolyTable:
    """What every seat can see of the table (read-only by convention): deeds and their owners,
    buildings, mortgages, groups, costs, the trade on offer, and each seat's token and held
    cards. The order of the decks is not here. Bots read the game only through this view."""

    __slots__ = ("_rules", "board", "code", "gbuilt", "gid", "hotel_after", "hotel_cost", "house_cost",
                 "houses", "lift_cost", "lot_options", "members", "mortgaged", "o_trade", "offer", "owner",
                 "street_groups", "trade_cash_steps")

    def __init__(self, rules: Monopoly) -> None:
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
        self.trade_cash_steps = rules.g.p["trade_cash_steps"]
        self.offer: TradeOffer | None = None

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

    def mortgage_room(self, seat: int) -> int:
        """What ``seat`` would raise by mortgaging every deed he may mortgage now (not yet
        mortgaged, no building on its group), without selling a building."""
        r = self._rules
        mort, gid, gbuilt, value = r.mortgaged, r.gid, r.gbuilt, r.mortgage_value
        return sum(value[i] for i in r.g.players[seat].deeds if not mort[i] and not gbuilt[gid[i]])


_DECK_CARDS: dict[tuple[str, str], tuple[Card, ...]] = {}
"""The cards of each (deck id, edition), loaded once (cards are immutable)."""

_STATIC: dict[tuple[Any, ...], tuple[Any, dict[str, Any]]] = {}
"""Static tables per (board, edition, interest, hotel_after, theme names); see _static_tables."""


def _static_tables(board: Any, p: dict[str, Any]) -> dict[str, Any]:
    """The tables a game of ``board`` under params ``p`` reads but never changes: space kind
    codes, prices, rents, building and mortgage costs, colour groups, taxes by edition, the
    theme's space names and the option strings of building. Shared by every game (read-only)."""
    spaces = board.spaces
    n = len(spaces)
    t: dict[str, Any] = {"n": n}
    t["code"] = [_CODES.get(s.kind, K_OTHER) for s in spaces]
    ownable = tuple(s.index for s in spaces if s.kind in ("street", "railroad", "utility"))
    t["ownable"] = ownable
    t["price"] = [s.price for s in spaces]
    t["base_rent"] = [s.rent for s in spaces]
    ex = [s.extra for s in spaces]
    t["rents"] = [_ints(e.get("rents", ())) for e in ex]
    t["mults"] = [_ints(e.get("multipliers", ())) for e in ex]
    t["house_cost"] = [_int(e.get("house_cost", 0)) for e in ex]
    t["hotel_cost"] = [_int(e.get("hotel_cost", 0)) for e in ex]
    mortgage_value = [_int(e.get("mortgage", 0)) for e in ex]
    t["mortgage_value"] = mortgage_value
    groups: dict[str, list[int]] = {}
    for i in ownable:
        groups.setdefault(spaces[i].group, []).append(i)
    t["groups"] = gs = {k: tuple(v) for k, v in groups.items()}
    t["group_name"] = group_name = [spaces[i].group for i in range(n)]
    t["members"] = [gs.get(spaces[i].group, ()) if i in ownable else () for i in range(n)]
    t["railroads"] = board.indices("railroad")
    t["utilities"] = board.indices("utility")
    t["jail_square"] = board.indices("jail")[0]
    # taxes by edition (data: board extra.edition_fee / extra.percent / extra.edition_percent)
    edition = p["edition"]
    tax_fee = [0] * n
    tax_percent = [0] * n
    for s in spaces:
        if s.kind == "tax":
            fees = s.extra.get("edition_fee", {})
            pcts = s.extra.get("edition_percent", {})
            pct = _int(s.extra.get("percent", 0))
            tax_fee[s.index] = _int(fees.get(edition, s.fee)) if isinstance(fees, dict) else s.fee
            tax_percent[s.index] = _int(pcts.get(edition, pct)) if isinstance(pcts, dict) else pct
    t["tax_fee"], t["tax_percent"] = tax_fee, tax_percent
    names = [s.name for s in spaces]
    for entry in p["theme_space_names"]:
        idx, _, name = entry.partition("=")
        names[int(idx)] = name
    t["names"] = names
    order = sorted(gs)
    t["gid"] = [order.index(group_name[i]) if i in ownable else -1 for i in range(n)]
    t["street_groups"] = tuple(gs[k] for k in order if spaces[gs[k][0]].kind == "street")
    pct = p["mortgage_interest_percent"]
    # interest: 10% of the mortgage value, rounded up (see Monopoly.interest)
    t["lift_cost"] = [v + -(-v * pct // 100) for v in mortgage_value]
    t["o_house"] = [option("house", i) for i in range(n)]
    t["o_hotel"] = [option("hotel", i) for i in range(n)]
    t["o_give"] = [option("give", i) for i in range(n)]
    t["o_mortgage"] = [option("mortgage", i) for i in range(n)]
    t["o_sell_house"] = [option("sell_house", i) for i in range(n)]
    t["o_sell_all"] = {k: option("sell_all", k) for k in gs}
    t["o_take"] = [option("take", i) for i in range(n)]
    # what each lot option made above names: (kind, lot) — bots read offered options by look-up
    t["lot_options"] = {o: (kind, i) for kind in ("house", "hotel", "mortgage", "sell_house")
                        for i, o in enumerate(t[f"o_{kind}"])}
    return t


class Monopoly(Rules):
    """Monopoly (and through params: its short game, time-limit game, and Mucker Monopoly)."""

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
        self.trade_opts: list[tuple[int, tuple[str, ...]]] = [(-1, ())] * seats
        """per seat: (bankruptcies when made, its ``trade:<seat>`` options)"""
        self.menus: list[tuple[Any, ...]] = [(-1,)] * seats
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

    def explain(self, d: Decision) -> str:
        """The decision in a sentence, with the space named as the theme names it."""
        g = self.g
        text = self.DECISIONS.get(d.kind, d.kind)
        space = self.names[d.space] if d.space >= 0 else ""
        return text.format(name=g.names[d.seat], space=space, amount=d.amount, cur=g.board.currency)

    def option_text(self, d: Decision, option: str) -> str:
        """A short label for one option, with lots and seats by name (theme names shown)."""
        head, arg = options.Option.parse(option, f"{d.kind} option")
        if not arg and head in self.MENUS:
            return self.MENUS[head]
        label = self.OPTIONS.get(head, head.replace("_", " "))
        if head in self.LOT_OPTIONS:
            arg = self.names[int(arg)]
        elif head == "trade":
            arg = self.g.names[int(arg)]
        return label.format(arg=arg, cur=self.g.board.currency)

    # -- the whole game --------------------------------------------------------------------
    def play(self) -> Play:
        """Set-up (cash, decks, dealt deeds in the short games, first player), then turns to
        the left until the game ends."""
        g, p = self.g, self.g.p
        self.bank, self.pot = g.account("Bank"), g.account("Free Parking pot")
        # Free Parking (Mucker): "all of the fines, bribes, and other incidental payments during
        # the course of play go into a 'pot' ... This rule must be decided by the muckers before
        # play begins" — the ruleset param free_parking_pot.
        self.fines_to = self.pot if p["free_parking_pot"] else self.bank
        seats = list(range(len(g.players)))
        # PREPARATION: "Each player is given $1500".
        for s in seats:
            g.pay(self.bank, s, p["start_cash"], flows.START_CASH, "start cash", "Preparation")
        for key in ("chance", "community_chest"):
            dk = (self.deck_ids[key], p["edition"])
            if dk not in _DECK_CARDS:
                _DECK_CARDS[dk] = load_deck(*dk).cards
            cards = list(_DECK_CARDS[dk])
            g.shuffle(cards)
            self.decks[key] = deque(cards)
        if p["deal_deeds"] and not self.dealt_by_position():
            self.deal(seats)
        # THE PLAY: "each player in turn throws the dice. The player with the highest total
        # starts the play." ... "the turn to play passes to the left."
        first = self.first_player(seats)
        self.order = seats[first:] + seats[:first]
        if g.position is not None:
            self.apply_position(g.position)
        g.emit("start", self.order[0], order=",".join(g.names[s] for s in self.order))
        players = g.players
        limit, cap = p["round_limit"], p["max_rounds"]
        while True:
            g.round += 1
            for seat in self.order:
                pl = players[seat]
                if pl.out:
                    continue
                g.turn += 1
                # the turn: phase point, manage, then Jail or an ordinary turn
                if g.triggers:
                    yield from self.phase_point(seat)
                # the manage step's first decision is asked here: most steps end at "done"
                d = self.manage_decision(seat, [], set(), False)
                if d is not None:
                    answer = yield d
                    if answer != "done":
                        yield from self.manage(seat, answer)
                if not (self.ended or pl.out):
                    if pl.jail:
                        yield from self.jail_turn(seat)
                    else:
                        yield from self.ordinary(seat)
                if self.ended:
                    g.emit("end", -1, reason=self.ended, round=g.round)
                    return
            # Time-limit game: "agree upon a definite hour of termination" (bots: rounds).
            if limit and g.round >= limit:
                self.ended = "time limit"
            elif g.round >= cap:
                # DECISION: the safety bound max_rounds ends a game still running; it is then
                # counted like the short game (see results()).
                self.ended = "round cap"
            if self.ended:
                g.emit("end", -1, reason=self.ended, round=g.round)
                return

    def deal(self, seats: list[int]) -> None:
        """Short and time-limit games: "the Banker shuffles the pack of Title Deed cards ... and
        deals, one at a time, two Title Deed cards to each player ... Players receiving Title
        Deed cards must immediately pay the Bank the printed price" (Mucker short game: three,
        "free— no payment to the Bank is required").

        DECISION: the cut changes nothing in a shuffled pack and is not played; the deal starts
        with the Banker's seat and goes round the table.
        """
        g, p = self.g, self.g.p
        pack = list(self.ownable)
        g.shuffle(pack)
        k = 0
        for _ in range(p["deal_deeds"]):
            for s in seats:
                idx = pack[k]
                k += 1
                if p["deal_paid"]:
                    g.pay(s, self.bank, self.price[idx], flows.LAND_BOUGHT, "deed dealt", "Short game: deal")
                self.give_deed(s, idx)
                g.emit("deal", s, space=idx, deed=self.names[idx], paid=p["deal_paid"])

    # -- a turn ---------------------------------------------------------------------------
    def ordinary(self, seat: int) -> Play:
        """Throw and move; "If a player throws doubles ... Retaining the dice, he throws again
        ... If a player throws doubles three times in succession, he moves his token immediately
        to the space marked 'In Jail'"."""
        g = self.g
        pl = g.players[seat]
        doubles = 0
        n = self.n
        while True:
            a, b = self.throw(seat)
            if a == b:
                doubles += 1
                if doubles == 3:
                    self.to_jail(seat, "three doubles")
                    return
            # advance(), written out here (the hot path)
            new = pl.pos + a + b
            if new >= n:
                new -= n
                g.pay(self.bank, seat, g.p["go_salary"], flows.WAGES, "salary", "GO")
            if g.events is not None:
                g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
            pl.pos = new
            yield from self.land(seat, new, a + b, 1)
            if a != b or pl.out or pl.jail or self.ended:
                return

    def advance(self, seat: int, steps: int, dice: int) -> Play:
        """Move forward; "Each time a player's token lands on or passes over 'GO' ... the
        Banker pays him $200 salary"."""
        g = self.g
        pl = g.players[seat]
        new = pl.pos + steps
        if new >= self.n:
            new -= self.n
            g.pay(self.bank, seat, g.p["go_salary"], flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
        pl.pos = new
        yield from self.land(seat, new, dice, 1)

    def move_to(self, seat: int, target: int, dice: int, factor: int = 1) -> Play:
        """A card's "Advance to ...": forward to ``target``, collecting salary on passing or
        reaching GO ("whether by throw of the dice or by drawing a card")."""
        pl = self.g.players[seat]
        steps = (target - pl.pos) % self.n or self.n
        g = self.g
        if pl.pos + steps >= self.n:
            g.pay(self.bank, seat, g.p["go_salary"], flows.WAGES, "salary", "GO")
        if g.events is not None:
            g.emit("move", seat, frm=pl.pos, to=target, space=self.names[target])
        pl.pos = target
        yield from self.land(seat, target, dice, factor)

    def land(self, seat: int, idx: int, dice: int, factor: int) -> Play:
        """Apply the space the token stopped on. ``factor`` doubles railroad rent for the
        nearest-railroad card."""
        code = self.code[idx]
        if code in (K_STREET, K_RAIL, K_UTIL):
            owner = self.owner[idx]
            if owner < 0:
                yield from self.offer_deed(seat, idx)
            elif owner != seat and not self.mortgaged[idx]:
                yield from self.pay_rent(seat, owner, idx, dice, factor)
        elif code == K_CHANCE:
            yield from self.draw(seat, "chance", dice)
        elif code == K_CHEST:
            yield from self.draw(seat, "community_chest", dice)
        elif code == K_TAX:
            yield from self.tax(seat, idx)
        elif code == K_GOTOJAIL:
            self.to_jail(seat, "Go to Jail")
        elif code == K_PARKING:
            # FREE PARKING: "A player landing on this space does not receive any money" —
            # unless the Mucker pot rule is chosen: "the mucker who lands on Free Parking
            # collects all the loot in that pot."
            g = self.g
            pot = g.ledger.balances[self.pot]
            if pot:
                g.pay(self.pot, seat, pot, flows.CARD, "Free Parking pot", "Free Parking (pot rule)")

    # -- buying and auctions ----------------------------------------------------------------
    def offer_deed(self, seat: int, idx: int) -> Play:
        """BUYING PROPERTY: "he may buy that property from the Bank at its printed price ... If
        he does not wish to buy the property it is sold at auction".

        MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time." SELLING
        PROPERTY: "Houses and hotels may be sold back to the Bank at any time for one-half the
        price paid for them. All houses on one color-group must be sold one by one, evenly, in
        reverse of the manner in which they were erected." So a player whose cash is short of
        the price may still buy when selling buildings back and mortgaging would raise the
        rest: if he answers ``buy`` he raises it (``raise_cash``: the same options as for a debt,
        :meth:`raise_options` — buildings sold back evenly at half price, unimproved deeds
        mortgaged — one at a time, his choice) until the price is in hand, then pays it.
        DECISION: when even selling every building and mortgaging every deed would not raise
        the price (:meth:`raisable`), he is not asked: the deed goes straight to auction.
        """
        g = self.g
        price = self.price[idx]
        bal = g.ledger.balances
        if bal[seat] >= price or bal[seat] + self.raisable(seat) >= price:
            choice = yield _decision((seat, "buy_deed", BUY, idx, price))
            if choice == "buy":
                while bal[seat] < price:
                    opts = tuple(self.raise_options(seat))
                    pick = yield _decision((seat, "raise_cash", opts, idx, price - bal[seat]))
                    self.apply_manage(seat, pick)
                g.pay(seat, self.bank, price, flows.LAND_BOUGHT, "deed", "Buying property")
                self.give_deed(seat, idx)
                if g.events is not None:
                    g.emit("buy", seat, space=idx, lot=self.names[idx], how="printed price")
                return
        yield from self.auction(seat, idx)

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

    def auction(self, seat: int, idx: int, bidders: list[int] | None = None, what: str = "deed",
                floors: dict[int, int] | None = None) -> Play:
        """"It is sold at auction by the Banker to the highest bidder ... Any player, including
        the one who declined the option of buying it at the printed price, may bid. Bidding may
        start at any price."

        DECISION (how an auction is played): the seats are asked in turn, starting at the left
        of ``seat`` and going round (the decliner included). Each may raise the highest bid by
        one of ``auction_steps`` (the first bid is any of the steps: "may start at any price")
        or pass; a seat that passes is out of this auction. A bid must be covered by cash in
        hand. When one bidder is left with the highest bid, he pays it to the Bank; if every
        seat passes without a bid, nothing is sold (a deed stays with the Bank). Returns the
        winner's seat (or -1). ``floors``: the least each seat may bid (a building at a
        shortage, :meth:`build`); a bid is then the higher of the raised bid and the seat's floor.
        """
        g = self.g
        steps = g.p["auction_steps"]
        active = self.bidders_from(seat) if bidders is None else list(bidders)
        if g.events is not None:
            g.emit("auction", seat, space=idx, what=what, deed=self.names[idx] if idx >= 0 else what)
        high, winner, i = 0, -1, 0
        bal = g.ledger.balances
        _bid(max(bal))  # every bid anyone can cover is made
        bids = _BIDS
        while active:
            if len(active) == 1 and active[0] == winner:
                break
            i %= len(active)
            s = active[i]
            if s == winner:
                i += 1
                continue
            cash = bal[s]
            if floors is None:
                opts = ("pass", *[bids[high + k] for k in steps if high + k <= cash])
            else:
                least = floors[s]
                amounts = sorted({max(high + k, least) for k in steps})
                opts = ("pass",) + tuple(_bid(a) for a in amounts if a <= cash)
            choice = (yield _decision((s, "auction_bid", opts, idx, high))) if len(opts) > 1 else "pass"
            if choice == "pass":
                del active[i]
                continue
            high = int(parse_option(choice).arg)
            winner = s
            if g.events is not None:
                g.emit("raise_bid", s, amount=high)
            i += 1
        if winner < 0:
            g.emit("auction_unsold", -1, space=idx, what=what)
            return -1
        self.sold_for = high
        g.pay(winner, self.bank, high, flows.LAND_BOUGHT if what == "deed" else flows.IMPROVEMENT,
              f"{what} auction", "Auction")
        if what == "deed":
            self.give_deed(winner, idx)
            if g.events is not None:
                g.emit("buy", winner, space=idx, lot=self.names[idx], how=f"auction {high}")
        else:
            g.emit("auction_won", winner, what=what, amount=high)
        return winner

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

    # -- rent -------------------------------------------------------------------------------
    def rent(self, idx: int, dice: int) -> int:
        """PAYING RENT: the deed's rent; "double rent for unimproved properties" of a complete
        colour group, "even if another property in that color-group is mortgaged"; railroads by
        the number owned; utilities 4x or 10x the dice.

        DECISION: railroads and utilities count every one the owner holds, mortgaged or not
        (the deed reads "if 2 R.R.'s are owned").
        """
        code = self.code[idx]
        owner = self.owner[idx]
        own = self.owner
        if code == K_STREET:
            h = self.houses[idx]
            if h:
                return self.rents[idx][h - 1]
            for i in self.members[idx]:
                if own[i] != owner:
                    return self.base_rent[idx]
            return 2 * self.base_rent[idx]
        count = 0
        for i in self.members[idx]:
            if own[i] == owner:
                count += 1
        if code == K_RAIL:
            return self.rents[idx][count - 1]
        return self.mults[idx][count - 1] * dice

    def pay_rent(self, seat: int, owner: int, idx: int, dice: int, factor: int) -> Play:
        """"The owner may not collect his rent if he fails to ask for it before the second
        player following throws the dice."

        DECISION: with ``rent_must_be_asked`` the owner is asked at once (the window is still
        open then); answering ``forget`` lets the rent go. Bots always ask. Rent is collected
        while the owner is in Jail ("Even though he is in Jail, a player may ... collect rents").
        """
        g = self.g
        amount = self.rent(idx, dice) * factor
        if g.p["rent_must_be_asked"]:
            choice = yield _decision((owner, "ask_rent", ASK, idx, amount))
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=idx, amount=amount)
                return
        if g.ledger.balances[seat] >= amount:
            g.pay(seat, owner, amount, flows.RENT, "rent", "Paying rent")  # charge() when nothing is short
        else:
            yield from self.charge(seat, owner, amount, flows.RENT, "rent", "Paying rent")

    # -- cards ------------------------------------------------------------------------------
    def draw(self, seat: int, key: str, dice: int) -> Play:
        """CHANCE and COMMUNITY CHEST: "he takes the top card from the deck indicated, follows
        the instructions and returns the card face-down to the bottom of the deck." The Get Out
        of Jail Free card "is held until used and then returned to the bottom of the deck"."""
        g = self.g
        deck = self.decks[key]
        card = deck.popleft()
        if g.events is not None:
            g.emit("deck_card", seat, deck=self.word("Chance" if key == "chance" else "Community Chest"),
                   card=card.name, text=card.text)
        e = card.effect
        if e == "keep_card":
            g.players[seat].cards.append(card)
            return
        deck.append(card)
        if e == "move_to":
            yield from self.move_to(seat, int(card.target), dice)
        elif e == "collect_from_bank":
            g.pay(self.bank, seat, card.amount, flows.CARD, "card", key)
        elif e == "pay_bank":
            yield from self.charge(seat, self.fines_to, card.amount, flows.CARD, "card", key)
        elif e == "go_to_jail":
            self.to_jail(seat, "card")
        elif e == "move_to_nearest":
            yield from self.nearest(seat, str(card.target))
        elif e == "move_relative":
            pl = g.players[seat]
            new = (pl.pos + card.amount) % self.n
            g.emit("move", seat, frm=pl.pos, to=new, space=self.names[new])
            pl.pos = new
            yield from self.land(seat, new, dice, 1)
        elif e == "pay_per_building":
            houses = hotels = 0
            for i in g.players[seat].deeds:
                h = self.houses[i]
                if h == HOTEL:
                    hotels += 1
                else:
                    houses += h
            due = houses * card.house + hotels * card.hotel
            if due:
                yield from self.charge(seat, self.fines_to, due, flows.CARD, "repairs", key)
        elif e == "pay_each_player":
            # DECISION: paid seat by seat in turn order; if he cannot pay one, he is bankrupt
            # to that player and the rest are not paid.
            for other in self.others(seat):
                paid = yield from self.charge(seat, other, card.amount, flows.CARD, "card", key)
                if not paid:
                    return
        elif e == "collect_from_each_player":
            for other in self.others(seat):
                yield from self.charge(other, seat, card.amount, flows.CARD, "card", key)
                if self.ended:
                    return

    def nearest(self, seat: int, kind: str) -> Play:
        """"Move forward to the nearest railroad ... pay the owner double the rent" / "nearest
        utility ... roll the dice and pay the owner ten times the total". Unowned: he may buy."""
        pl = self.g.players[seat]
        targets = self.railroads if kind == "railroad" else self.utilities
        target = next((t for t in targets if t > pl.pos), targets[0])
        owner = self.owner[target]
        if kind == "railroad":
            yield from self.move_to(seat, target, 0, 2)
            return
        if owner < 0 or owner == seat or self.mortgaged[target]:
            yield from self.move_to(seat, target, 0)
            return
        # owned utility: move (salary if passing GO), throw, pay ten times the throw
        g = self.g
        steps = (target - pl.pos) % self.n
        if pl.pos + steps >= self.n:
            g.pay(self.bank, seat, g.p["go_salary"], flows.WAGES, "salary", "GO")
        g.emit("move", seat, frm=pl.pos, to=target, space=self.names[target])
        pl.pos = target
        a, b = self.throw(seat)
        amount = self.mults[target][-1] * (a + b)
        if g.p["rent_must_be_asked"]:
            choice = yield Decision(owner, "ask_rent", ASK, target, amount)
            if choice == "forget":
                g.emit("rent_forgotten", owner, space=target, amount=amount)
                return
        yield from self.charge(seat, owner, amount, flows.RENT, "rent", f"{self.word('Chance')}: nearest utility")

    # -- taxes --------------------------------------------------------------------------------
    def tax(self, seat: int, idx: int) -> Play:
        """INCOME TAX: "he may estimate his tax at $200 ... or he may pay 10% of his total
        worth ... The player must decide which option he will take before he adds up his total
        worth." Luxury Tax: the printed fee. (Edition 2008 and the Mucker short game: a flat
        $200.)

        DECISION: 10% of worth is rounded to the nearest dollar (halves up).
        """
        g = self.g
        fee, pct = self.tax_fee[idx], self.tax_percent[idx]
        amount = fee
        if pct and g.p["income_tax_choice"]:
            choice = yield Decision(seat, "income_tax", TAX, idx, fee)
            if choice == "percent":
                amount = (self.worth(seat) * pct + 50) // 100
            g.emit("income_tax", seat, choice=choice, amount=amount)
        if amount:
            yield from self.charge(seat, self.fines_to, amount, flows.TAX, "tax", self.names[idx])

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

    # -- Jail -----------------------------------------------------------------------------------
    def to_jail(self, seat: int, why: str) -> None:
        """JAIL: "he must move it directly into Jail" — no salary — and "A player's turn ends
        when he is sent to Jail"."""
        pl = self.g.players[seat]
        pl.pos, pl.jail, pl.jail_turns = self.jail_square, True, 0
        self.g.emit("jail", seat, why=why)

    def jail_turn(self, seat: int) -> Play:
        """Out of Jail "(1.) throwing doubles on any of his next three turns ... he immediately
        moves forward the number of spaces shown by his doubles throw. Even though he has
        thrown doubles he does not take another turn; (2.) using the 'Get Out of Jail Free'
        card ...; (3.) purchasing the 'Get Out of Jail Free' card from another player and
        playing it; (4.) paying a fine of $50 before he rolls the dice on either of his next two
        turns. If the player does not throw doubles by his third turn he must pay the $50 fine.
        He then gets out of Jail and immediately moves forward the number of spaces shown by his
        throw." (Mucker short game: ``jail_throws = 1`` — "exit on your next turn ... you may try
        to roll doubles and, failing to do so, pay the $50 on the same turn.")

        DECISION: after a card or the fine he plays an ordinary turn (doubles throw again).
        Buying a card from another player is a trade in his manage step, before this choice.
        """
        g, p = self.g, self.g.p
        pl = g.players[seat]
        fine = p["jail_fine"]
        opts: tuple[str, ...] = ()
        if pl.cards:
            opts += ("card",)
        if pl.jail_turns < p["fine_before_throw_turns"] and g.ledger.balances[seat] >= fine:
            opts += ("pay",)
        choice = (yield Decision(seat, "jail_exit", opts + ("throw",), self.jail_square, fine)) if opts else "throw"
        if choice == "card":
            card = pl.cards.pop(0)
            self.decks[self.deck_key(card)].append(card)
            pl.jail = False
            g.emit("jail_out", seat, how="card")
            yield from self.ordinary(seat)
            return
        if choice == "pay":
            g.pay(seat, self.fines_to, fine, flows.FINE, "jail fine", "Jail")
            pl.jail = False
            g.emit("jail_out", seat, how="fine")
            yield from self.ordinary(seat)
            return
        a, b = self.throw(seat)
        if a == b:
            pl.jail = False
            g.emit("jail_out", seat, how="double")
        else:
            pl.jail_turns += 1
            if pl.jail_turns < p["jail_throws"]:
                g.emit("jail_stay", seat)
                return
            paid = yield from self.charge(seat, self.fines_to, fine, flows.FINE, "jail fine", "Jail")
            if not paid:
                return
            pl.jail = False
            g.emit("jail_out", seat, how="fine")
        yield from self.advance(seat, a + b, a + b)

    def deck_key(self, card: Card) -> str:
        """Which deck (``chance`` / ``community_chest``) a card belongs to."""
        return "chance" if card.deck == self.deck_ids["chance"] else "community_chest"

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
        (:meth:`raisable`) — is not made to sell or mortgage first: he is bankrupt at once and
        his buildings go to the creditor standing (see :meth:`bankrupt`). One who can pay
        raises the money as in the regular game.
        """
        g = self.g
        bal = g.ledger.balances
        if (bal[seat] < amount and self.turnover_at and self.bankruptcies + 1 >= self.turnover_at
                and bal[seat] + self.raisable(seat) < amount):
            yield from self.bankrupt(seat, dst, amount)
            return False
        while bal[seat] < amount:
            opts = self.raise_options(seat)
            if not opts:
                yield from self.bankrupt(seat, dst, amount)
                return False
            choice = yield _decision((seat, "raise_cash", tuple(opts), -1, amount - bal[seat]))
            self.apply_manage(seat, choice)
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
        g, p = self.g, self.g.p
        pl = g.players[seat]
        n = len(g.players)
        pl.out, pl.jail = True, False
        self.bankruptcies += 1
        self.sv = [v + 1 for v in self.sv]
        final = 0 < p["end_after_bankruptcies"] <= self.bankruptcies
        to_player = creditor < n
        g.emit("bankrupt", seat, creditor=g.ledger.names[creditor], owed=amount)
        deeds = sorted(pl.deeds)
        if not (final and p["final_turnover"]):
            for i in deeds:
                if self.houses[i]:
                    self.sell_buildings(seat, i)
        cash = g.ledger.balances[seat]
        if cash:
            g.pay(seat, creditor, cash, flows.BANKRUPTCY, "bankruptcy", "Bankruptcy")
        cards, pl.cards = pl.cards, []
        for c in cards:
            if to_player:
                g.players[creditor].cards.append(c)
            else:
                self.decks[self.deck_key(c)].append(c)
        active = sum(1 for q in g.players if not q.out)
        if final or active <= 1:
            self.ended = "short game: bankruptcy" if final else "last player left"
        if to_player:
            for i in deeds:
                self.give_deed(creditor, i)
                g.emit("deed_to_creditor", creditor, space=i, deed=self.names[i])
            if not self.ended:
                for i in deeds:
                    if self.mortgaged[i] and self.owner[i] == creditor and not g.players[creditor].out:
                        yield from self.receive_mortgaged(creditor, i)
            return
        for i in deeds:
            self.mortgaged[i] = False
            if self.houses[i]:
                self.sell_buildings(seat, i, refund=False)
            self.give_deed(-1, i)
        if not self.ended:
            for i in deeds:
                yield from self.auction(seat, i, self.others(seat))

    def receive_mortgaged(self, seat: int, idx: int) -> Play:
        """MORTGAGES: "The new owner may lift the mortgage at once ... by paying off the
        mortgage plus 10% interest to the Bank. If he does not lift the mortgage at once he must
        pay the Bank 10% interest when he buys the property and if he lifts the mortgage later
        he must pay an additional 10% interest"."""
        g = self.g
        value = self.mortgage_value[idx]
        interest = self.interest(idx)
        if g.ledger.balances[seat] >= value + interest:
            choice = yield Decision(seat, "lift_mortgage", LIFT, idx, value + interest)
            if choice == "lift":
                g.pay(seat, self.bank, value + interest, flows.REPAYMENT, "mortgage lifted", "Mortgages: transfer")
                self.mortgaged[idx] = False
                self.sv[seat] += 1
                g.emit("unmortgage", seat, space=idx, deed=self.names[idx], paid=value + interest)
                return
        yield from self.charge(seat, self.bank, interest, flows.INTEREST, "mortgage interest", "Mortgages: transfer")
        g.emit("mortgage_kept", seat, space=idx, deed=self.names[idx], interest=interest)

    def interest(self, idx: int) -> int:
        """10% of the mortgage value. DECISION: rounded up to the whole dollar."""
        return -(-self.mortgage_value[idx] * self.g.p["mortgage_interest_percent"] // 100)

    # -- managing: building, selling, mortgaging, trading --------------------------------------
    def buildable(self, seat: int) -> list[str]:
        """HOUSES / HOTELS: on a complete colour group with no lot mortgaged, built evenly (no
        lot more than one house above another of its group), up to ``hotel_after`` houses, then
        a hotel on a lot once every lot of the group has ``hotel_after`` houses.

        DECISION: in the short game (``hotel_after = 3``) a lot goes from three houses to a
        hotel; a fourth house is not offered. Without houses in the Bank, no house can be
        built ("players wishing to build must wait").
        """
        out: list[str] = []
        houses, mort = self.houses, self.mortgaged
        cash = self.g.ledger.balances[seat]
        top = self.hotel_after
        for gname in sorted(self.full[seat]):
            group = self.groups[gname]
            if any(mort[j] for j in group):
                continue
            low = min(houses[j] for j in group)
            if low >= HOTEL:
                continue
            for j in group:
                h = houses[j]
                if h == low and h < top and self.houses_left and cash >= self.house_cost[j]:
                    out.append(self.o_house[j])
                elif h == top and low >= top and self.hotels_left and cash >= self.hotel_cost[j]:
                    out.append(self.o_hotel[j])
        return out

    def sellable(self, seat: int) -> list[str]:
        """SELLING PROPERTY: "Houses and hotels may be sold back to the Bank at any time for
        one-half the price paid for them ... sold one by one, evenly, in reverse" and "All
        hotels on one color-group may be sold at once. Or ... one house at a time (one hotel
        equals five houses)".

        DECISION: ``sell_all:<group>`` sells every building of the group at once (the same as
        selling them down evenly); a hotel is broken into ``hotel_after`` houses only when the
        Bank has that many houses.
        """
        out: list[str] = []
        houses = self.houses
        seen: set[str] = set()
        for i in self.g.players[seat].deeds:
            if self.code[i] != K_STREET or not houses[i]:
                continue
            gname = self.group_name[i]
            if gname in seen:
                continue
            seen.add(gname)
            group = self.members[i]
            high = max([houses[j] for j in group])
            for j in group:
                if houses[j] == high and (high != HOTEL or self.houses_left >= self.hotel_after):
                    out.append(self.o_sell_house[j])
            out.append(self.o_sell_all[gname])
        return out

    def mortgageable(self, seat: int) -> list[str]:
        """MORTGAGES: "Unimproved properties can be mortgaged through the Bank at any time.
        Before an improved property can be mortgaged all the buildings on all the properties of
        its color-group must be sold back"."""
        gid, gbuilt, mort = self.gid, self.gbuilt, self.mortgaged
        o_mortgage = self.o_mortgage
        return [o_mortgage[i] for i in sorted(self.g.players[seat].deeds)
                if not mort[i] and not gbuilt[gid[i]]]

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

    def raise_options(self, seat: int) -> list[str]:
        """Ways to raise cash: sell buildings, mortgage."""
        return self.sellable(seat) + self.mortgageable(seat)

    def manage(self, seat: int, first: str | None = None) -> Play:
        """The manage step: one action per decision until ``done``. Building is offered lot by
        lot (``house:<i>`` / ``hotel:<i>``); selling buildings, mortgaging and lifting mortgages
        are offered as ``sell`` / ``mortgage`` / ``unmortgage``, and a ``manage_lot`` decision
        then names the lot (or ``back``).

        DECISION: one trade proposal to each other player per turn, one bribe offer per turn
        (Mucker), and a menu left with ``back`` is not offered again in the same step; every
        other action spends cash or stock, so a manage step always ends.

        ``first``: the answer to the step's first decision, when it was already asked (the
        turn loop asks it itself, see :meth:`play`).
        """
        pl = self.g.players[seat]
        bal = self.g.ledger.balances
        asked: list[int] = []
        closed: set[str] = set()
        bribed = False
        choice = first
        while True:
            if choice is None:
                d = self.manage_decision(seat, asked, closed, bribed)
                if d is None:
                    return
                choice = yield d
            if choice == "done":
                return
            head, arg = parse_option(choice)
            if head == "trade":
                partner = int(arg)
                asked.append(partner)
                yield from self.trade(seat, partner)
            elif choice == "bribe":
                bribed = True
                yield from self.bribe(seat)
            elif head in ("house", "hotel"):
                yield from self.build(seat, choice)
            else:
                if choice == "sell":
                    lots = self.sellable(seat)
                elif choice == "mortgage":
                    lots = self.mortgageable(seat)
                else:
                    lots = [option("unmortgage", i) for i in sorted(pl.deeds)
                            if self.mortgaged[i] and bal[seat] >= self.lift_cost[i]]
                pick = yield _decision((seat, "manage_lot", ("back", *lots), -1, 0))
                if pick == "back":
                    closed.add(choice)
                else:
                    self.apply_manage(seat, pick)
            if pl.out or self.ended:
                return
            choice = None

    def manage_decision(self, seat: int, asked: list[int], closed: set[str], bribed: bool) -> Decision | None:
        """The manage step's next decision for ``seat`` (None: nothing to offer but ``done``),
        given the partners ``asked`` this step, the menus ``closed`` with ``back``, and whether
        a bribe was ``bribed`` this turn."""
        g, p = self.g, self.g.p
        pl = g.players[seat]
        menu = self.menus[seat]
        if menu[0] != self.sv[seat]:
            menu = self.menu(seat)
        cash = g.ledger.balances[seat]
        bribe = (pl.cards and p["jail_card_bribe"] and not bribed and seat != p["banker_seat"]
                 and not g.players[p["banker_seat"]].out)
        builds = [o for o, cost in menu[4] if cash >= cost] if menu[4] else None
        if not (builds or asked or closed or bribe):
            # the usual case, cached per seat's table version: nothing to build, nothing closed
            return menu[6] if cash >= menu[2] else menu[5]
        opts = ["done"]
        if pl.deeds:
            if builds:
                opts += builds
            if self.n_built[seat]:
                opts.append("sell")
            if menu[1]:
                opts.append("mortgage")
            if cash >= menu[2]:
                opts.append("unmortgage")
            if closed:
                opts = [o for o in opts if o not in closed]
        if asked:
            opts += [o for o in menu[3] if int(parse_option(o).arg) not in asked]
        else:
            opts += menu[3]
        if bribe:
            opts.append("bribe")
        if len(opts) == 1:
            return None
        return _decision((seat, "manage", tuple(opts), -1, 0))

    def menu(self, seat: int) -> tuple[Any, ...]:
        """What a seat's manage step offers (cached until the table changes): the table version,
        can it mortgage, the cheapest mortgage it could lift, its trade partners' options, the
        lots it could build on with their costs (in :meth:`buildable`'s order), and the manage
        decision when nothing can be built, without / with ``unmortgage`` (None: nothing to
        ask)."""
        mort, gid, gbuilt, lift = self.mortgaged, self.gid, self.gbuilt, self.lift_cost
        can_mortgage = False
        cheapest = 1 << 60
        deeds = self.g.players[seat].deeds
        for i in deeds:
            if mort[i]:
                if lift[i] < cheapest:
                    cheapest = lift[i]
            elif not gbuilt[gid[i]]:
                can_mortgage = True
        made = self.trade_opts[seat]
        if made[0] != self.bankruptcies:
            made = self.trade_opts[seat] = (self.bankruptcies, tuple(self.o_trade[s] for s in self.others(seat)))
        trades = made[1]
        cands: list[tuple[str, int]] = []
        if deeds and self.full[seat]:
            houses = self.houses
            top = self.hotel_after
            for gname in sorted(self.full[seat]):
                group = self.groups[gname]
                low = HOTEL
                for j in group:
                    if mort[j]:
                        low = HOTEL
                        break
                    if houses[j] < low:
                        low = houses[j]
                if low >= HOTEL:
                    continue
                for j in group:
                    h = houses[j]
                    if h == low and h < top:
                        if self.houses_left:
                            cands.append((self.o_house[j], self.house_cost[j]))
                    elif h == top and low >= top and self.hotels_left:
                        cands.append((self.o_hotel[j], self.hotel_cost[j]))
        plain: tuple[str, ...] = ("done",)
        if deeds:
            if self.n_built[seat]:
                plain += ("sell",)
            if can_mortgage:
                plain += ("mortgage",)
        unm = plain + ("unmortgage",) if deeds else plain
        plain += trades
        unm += trades
        menu = (self.sv[seat], can_mortgage, cheapest, trades, cands,
                _decision((seat, "manage", plain, -1, 0)) if len(plain) > 1 else None,
                _decision((seat, "manage", unm, -1, 0)) if len(unm) > 1 else None)
        self.menus[seat] = menu
        return menu

    def apply_manage(self, seat: int, choice: str) -> None:
        """Carry out a sell / mortgage / unmortgage choice (already checked legal)."""
        g = self.g
        head, arg = parse_option(choice)
        if head == "sell_all":
            for i in self.groups[arg]:
                if self.houses[i]:
                    self.sell_buildings(seat, i)
            return
        idx = int(arg)
        if head == "sell_house":
            self.sv[seat] += 1
            h = self.houses[idx]
            if h == HOTEL:
                refund = self.hotel_cost[idx] // 2
                self.houses[idx] = self.hotel_after
                self.stock(-self.hotel_after, 1)
            else:
                refund = self.house_cost[idx] // 2
                self.houses[idx] = h - 1
                self.stock(1, 0)
                if h == 1:
                    self.n_built[seat] -= 1
                    self.lot_cleared(idx)
            g.pay(self.bank, seat, refund, flows.IMPROVEMENT, "building sold", "Selling property")
            g.emit("sell_building", seat, space=idx, deed=self.names[idx], left=self.houses[idx])
        elif head == "mortgage":
            self.sv[seat] += 1
            self.mortgaged[idx] = True
            g.pay(self.bank, seat, self.mortgage_value[idx], flows.LOAN, "mortgage", "Mortgages")
            g.emit("mortgaged", seat, space=idx, deed=self.names[idx])
        elif head == "unmortgage":
            # "the owner must pay the Bank the amount of the mortgage plus 10% interest"
            cost = self.mortgage_value[idx] + self.interest(idx)
            g.pay(seat, self.bank, cost, flows.REPAYMENT, "mortgage lifted", "Mortgages")
            self.mortgaged[idx] = False
            self.sv[seat] += 1
            g.emit("unmortgage", seat, space=idx, deed=self.names[idx], paid=cost)
        else:
            raise LandlordError(f"unknown manage action {choice!r}")

    def stock(self, houses: int, hotels: int) -> None:
        """Add ``houses`` and ``hotels`` (negative: take) to the Bank's stock of buildings. When
        the Bank runs out of either, or has some again, every seat's manage menu is redone."""
        before = (self.houses_left > 0, self.hotels_left > 0)
        self.houses_left += houses
        self.hotels_left += hotels
        if (self.houses_left > 0, self.hotels_left > 0) != before:
            self.sv = [v + 1 for v in self.sv]

    def sell_buildings(self, seat: int, idx: int, refund: bool = True) -> None:
        """Sell every building on ``idx`` back to the Bank at half what it cost (``refund=False``:
        hand them back for nothing, as when the Bank takes a bankrupt's assets)."""
        h = self.houses[idx]
        half = self.building_cost(idx) // 2 if refund else 0
        if h == HOTEL:
            self.stock(0, 1)
        else:
            self.stock(h, 0)
        self.houses[idx] = 0
        self.sv[seat] += 1
        if h:
            self.n_built[seat] -= 1
            self.lot_cleared(idx)
        if half:
            self.g.pay(self.bank, seat, half, flows.IMPROVEMENT, "building sold", "Selling property")
        self.g.emit("sell_building", seat, space=idx, deed=self.names[idx], left=0)

    def lot_cleared(self, idx: int) -> None:
        """The last building on lot ``idx`` is gone: its group counts one built lot fewer
        (``owners_version`` is bumped when the group has none left)."""
        g_id = self.gid[idx]
        self.gbuilt[g_id] -= 1
        if not self.gbuilt[g_id]:
            self.owners_version += 1

    def can_place(self, seat: int, what: str) -> list[int]:
        """Lots where ``seat`` could put a house / hotel now (ignoring cash)."""
        own, houses, mort = self.owner, self.houses, self.mortgaged
        top = self.hotel_after
        out = []
        for i in self.g.players[seat].deeds:
            if self.code[i] != K_STREET:
                continue
            group = self.members[i]
            if any(own[j] != seat or mort[j] for j in group):
                continue
            low = min(houses[j] for j in group)
            h = houses[i]
            if (what == "house" and h == low and h < top) or (what == "hotel" and h == top and low >= top):
                out.append(i)
        return sorted(out)

    def wanted(self, seat: int, what: str, cap: int = 1 << 30) -> int:
        """How many houses (``what = "house"``) or hotels ``seat`` could buy now, one after
        another, at their printed prices with his cash in hand: houses up to ``hotel_after`` on
        each lot of his complete unmortgaged groups (evenly, so each house is one a lot of the
        group can take in some order), hotels on the lots ready for one, the cheapest first;
        the Bank's stock is left aside. Counted up to ``cap`` at most."""
        houses, mort, top = self.houses, self.mortgaged, self.hotel_after
        lots: list[tuple[int, int]] = []  # (price, how many) for each lot that can take some
        for gname in self.full[seat]:
            group = self.groups[gname]
            low = HOTEL
            for j in group:
                if mort[j]:
                    low = -1
                    break
                if houses[j] < low:
                    low = houses[j]
            if low < 0:
                continue
            if what == "house":
                if low < top:
                    lots += [(self.house_cost[j], top - houses[j]) for j in group if houses[j] < top]
            elif low >= top:
                lots += [(self.hotel_cost[j], 1) for j in group if houses[j] == top]
        if not lots:
            return 0
        cash = self.g.ledger.balances[seat]
        count = 0
        lots.sort()
        for cost, n in lots:
            k = min(n, cash // cost) if cost else n
            count += k
            cash -= k * cost
            if k < n or count >= cap:
                break
        return min(count, cap)

    def build(self, seat: int, choice: str) -> Play:
        """Buy a house or hotel. BUILDING SHORTAGE: "If there are a limited number of houses and
        hotels available, and two or more players wish to buy more than the Bank has, the houses
        or hotels must be sold at auction to the highest bidder."

        DECISION (who wishes to buy how many): a player wishes to buy as many houses (hotels)
        as he could put up now one after another at their printed prices with the cash in his
        hand, building evenly on his complete unmortgaged groups, the Bank's stock aside
        (:meth:`wanted`); the asker is counted the same way. The Bank is short when two or more
        players wish to buy at least one and together they wish to buy more than the Bank has
        left. Then the building asked for is auctioned among those players (the asker bids
        first); the winner pays his bid instead of the printed price and chooses the lot
        (``place_building``). One building is sold per auction: the asker may ask again.

        DECISION (the auction's floor): "It sells houses and hotels to the players" (THE BANK):
        the shortage auction decides which of the players who "wish to buy" gets a building, and
        "Bidding may start at any price" is said of properties only. So no building is sold
        below its printed cost: each bidder's least bid is the cost of the building on the
        cheapest lot where he could put it (a rival is one whose cash covers that), and the
        winner puts it on a lot whose cost his bid covers.
        """
        what, arg = parse_option(choice)
        idx = int(arg)
        left = self.houses_left if what == "house" else self.hotels_left
        rivals: list[int] = []
        wish = 0
        full = self.full
        for s in self.others(seat):
            if full[s]:
                k = self.wanted(s, what, left + 1)
                if k:
                    wish += k
                    rivals.append(s)
        if rivals and wish + self.wanted(seat, what, left + 1) > left:
            order = [seat, *rivals]
            costs = self.house_cost if what == "house" else self.hotel_cost
            floors = {s: min(costs[i] for i in self.can_place(s, what)) for s in order}
            winner = yield from self.auction(seat, -1, order, what, floors)
            if winner < 0:
                return
            lots = [i for i in self.can_place(winner, what) if costs[i] <= self.sold_for]
            if len(lots) == 1:
                where = lots[0]
            else:
                pick = yield Decision(winner, "place_building", tuple(option(what, i) for i in lots))
                where = int(parse_option(pick).arg)
            self.put_building(winner, where, what, 0)
            return
        cost = self.house_cost[idx] if what == "house" else self.hotel_cost[idx]
        self.put_building(seat, idx, what, cost)

    def put_building(self, seat: int, idx: int, what: str, cost: int) -> None:
        """Put a house or hotel on ``idx`` (a hotel takes back the lot's houses)."""
        g = self.g
        if cost:
            g.pay(seat, self.bank, cost, flows.IMPROVEMENT, what, "Houses" if what == "house" else "Hotels")
        self.sv[seat] += 1
        if what == "house":
            if not self.houses[idx]:
                self.n_built[seat] += 1
                g_id = self.gid[idx]
                self.gbuilt[g_id] += 1
                if self.gbuilt[g_id] == 1:  # the group's first building
                    self.owners_version += 1
            self.houses[idx] += 1
            self.stock(-1, 0)
        else:
            # HOTELS: "He returns the four houses from that property to the Bank"
            self.stock(self.houses[idx], -1)
            self.houses[idx] = HOTEL
        if g.events is not None:
            g.emit("build", seat, what=what, space=idx, deed=self.names[idx],
                   houses_left=self.houses_left, hotels_left=self.hotels_left)

    # -- trades ----------------------------------------------------------------------------------
    def tradeable(self, seat: int) -> list[int]:
        """SELLING PROPERTY: "Unimproved properties, railroads and utilities (but not buildings)
        may be sold to any player ... However, no property can be sold to another player if
        buildings are standing on any properties of that color-group."""
        gid, gbuilt = self.gid, self.gbuilt
        return [i for i in sorted(self.g.players[seat].deeds) if not gbuilt[gid[i]]]

    def trade_valid(self, t: TradeOffer) -> bool:
        """A trade can be offered when goods change hands and each side can pay its cash and
        the 10% interest on mortgaged deeds it receives.

        MISCELLANEOUS: "No player may borrow from or lend money to another player" — so cash
        alone never changes hands (DECISION)."""
        if not t.has_goods():
            return False
        bal = self.g.ledger.balances
        get_p = sum(self.interest(i) for i in t.take if self.mortgaged[i])
        get_q = sum(self.interest(i) for i in t.give if self.mortgaged[i])
        return (bal[t.proposer] - t.pay_cash + t.want_cash >= get_p and t.pay_cash <= bal[t.proposer]
                and bal[t.partner] - t.want_cash + t.pay_cash >= get_q and t.want_cash <= bal[t.partner])

    def trade(self, seat: int, partner: int) -> Play:
        """Trading at agreed prices (deeds, Get Out of Jail Free cards — "he may sell it, at any
        time, to another player at a price agreeable to both" — and cash).

        DECISION (the trading API): the proposer builds the offer one item at a time
        (``trade_item``: ``give:<deed>``, ``take:<deed>``, ``give_card:<deck>``,
        ``take_card:<deck>`` toggle an item; ``pay_cash:N`` / ``want_cash:N`` add cash), at most
        ``trade_max_items`` steps, then ``offer`` or ``cancel``; the partner answers
        ``trade_reply``. A mortgaged deed received is then lifted or kept (10% at once).
        """
        g, p = self.g, self.g.p
        t = TradeOffer(seat, partner)
        self.table.offer = t
        bal = g.ledger.balances
        steps = 0
        # the deeds and cards either side may trade do not change while the offer is put together
        o_give, o_take = self.o_give, self.o_take
        goods = [o_give[i] for i in self.tradeable(seat)] + [o_take[i] for i in self.tradeable(partner)]
        if g.players[seat].cards:
            goods += [option("give_card", k) for k in sorted({self.deck_key(c) for c in g.players[seat].cards})]
        if g.players[partner].cards:
            goods += [option("take_card", k)
                      for k in sorted({self.deck_key(c) for c in g.players[partner].cards})]
        cash_steps = [(k, option("pay_cash", k), option("want_cash", k)) for k in p["trade_cash_steps"]]
        while True:
            opts = ["cancel"]
            if self.trade_valid(t):
                opts.append("offer")
            if steps < p["trade_max_items"]:
                opts += goods
                opts += [o for k, o, _ in cash_steps if t.pay_cash + k <= bal[seat]]
                opts += [o for k, _, o in cash_steps if t.want_cash + k <= bal[partner]]
            choice = yield _decision((seat, "trade_item", tuple(opts), -1, 0))
            steps += 1
            head, arg = parse_option(choice)
            if head == "cancel":
                self.table.offer = None
                return
            if head == "offer":
                break
            if head in ("give", "take"):
                items = t.give if head == "give" else t.take
                items.symmetric_difference_update({int(arg)})
            elif head in ("give_card", "take_card"):
                cards = t.give_cards if head == "give_card" else t.take_cards
                if arg in cards:
                    cards.remove(arg)
                else:
                    cards.append(arg)
            elif head == "pay_cash":
                t.pay_cash += int(arg)
            else:
                t.want_cash += int(arg)
        reply = yield Decision(partner, "trade_reply", REPLY, -1, t.want_cash - t.pay_cash)
        self.table.offer = None
        if reply == "reject":
            g.emit("trade_rejected", seat, partner=g.names[partner])
            return
        # the trade: cash both ways, cards, deeds; then the 10% on mortgaged deeds
        if t.pay_cash:
            g.pay(seat, partner, t.pay_cash, flows.LAND_SOLD, "trade", "Trading")
        if t.want_cash:
            g.pay(partner, seat, t.want_cash, flows.LAND_SOLD, "trade", "Trading")
        for key in t.give_cards:
            self.move_card(seat, partner, key)
        for key in t.take_cards:
            self.move_card(partner, seat, key)
        for i in sorted(t.give):
            self.give_deed(partner, i)
        for i in sorted(t.take):
            self.give_deed(seat, i)
        g.emit("trade", seat, partner=g.names[partner], give="/".join(self.names[i] for i in sorted(t.give)),
               take="/".join(self.names[i] for i in sorted(t.take)), pay=t.pay_cash, want=t.want_cash,
               cards_given=len(t.give_cards), cards_taken=len(t.take_cards))
        for i in sorted(t.give):
            if self.mortgaged[i]:
                yield from self.receive_mortgaged(partner, i)
        for i in sorted(t.take):
            if self.mortgaged[i]:
                yield from self.receive_mortgaged(seat, i)

    def move_card(self, src: int, dst: int, key: str) -> None:
        """Hand a held Get Out of Jail Free card of deck ``key`` from ``src`` to ``dst``."""
        cards = self.g.players[src].cards
        card = next(c for c in cards if self.deck_key(c) == key)
        cards.remove(card)
        self.g.players[dst].cards.append(card)

    def bribe(self, seat: int) -> Play:
        """Mucker Monopoly: "If the yellow stiff who draws it does not wish to use it, he may use
        it to bribe the BANKER ... (If the BANKER refuses the bribe, the mucker who offered it
        gets to swipe $10 from the BANKER's personal funds.)"

        DECISION: the Banker is the seat ``banker_seat`` (who also plays); an accepted bribe
        hands the card to the Banker; a refused one costs the Banker $10 (or what he has).
        The lines that make stealing "acceptable" if not caught are table talk and are not
        played (see the Mucker ruleset's note).
        """
        g, p = self.g, self.g.p
        banker = p["banker_seat"]
        amount = p["bribe_refused_amount"]
        reply = yield Decision(banker, "bribe_reply", BRIBE, -1, amount)
        pl = g.players[seat]
        if reply == "accept":
            card = pl.cards.pop(0)
            g.players[banker].cards.append(card)
            g.emit("bribe", seat, accepted=True, banker=g.names[banker])
            return
        take = min(amount, g.ledger.balances[banker])
        if take:
            g.pay(banker, seat, take, flows.CARD, "refused bribe", "Mucker: bribing the Banker")
        g.emit("bribe", seat, accepted=False, banker=g.names[banker], took=take)

    # -- the count --------------------------------------------------------------------------------
    def valuation(self, seat: int) -> SeatCount:
        """Short game END OF GAME: "(1.) cash ... (2.) lots, utilities and railroads owned by him
        at the price printed on the board; (3.) any mortgaged property owned by him at one-half
        price printed on the board; (4.) houses, valued at purchase price; (5.) hotels, valued at
        the purchase price including the value of the three houses turned in."

        DECISION: the time-limit game and a game stopped by ``max_rounds`` are counted the same
        way ("richest player then winning"). This is the count read clause by clause, one seat at
        a time; :meth:`results` is the same count for every seat in one pass (a test checks they
        agree).
        """
        pl = self.g.players[seat]
        pledged = sum(self.price[i] // 2 for i in pl.deeds if self.mortgaged[i])
        deeds = sum(self.price[i] for i in pl.deeds if not self.mortgaged[i]) + pledged
        buildings = sum(self.building_cost(i) for i in pl.deeds)
        return SeatCount(seat, self.g.cash(seat), deeds, buildings, mortgaged=pledged, where=pl.where)

    def results(self) -> list[SeatCount]:
        """Every seat's :meth:`valuation`: cash, deeds at the printed price (a mortgaged one at
        half, also shown as ``mortgaged``), houses and hotels at their purchase price ("RICHEST
        PLAYER WINS"; in the full game the last player left holds everything, and a bankrupt
        player counts 0)."""
        g = self.g
        counts = []
        bal = g.ledger.balances
        price, mort, hs, hc, tc = self.price, self.mortgaged, self.houses, self.house_cost, self.hotel_cost
        top = self.hotel_after
        for pl in g.players:
            land = buildings = pledged = 0
            for i in pl.deeds:
                if mort[i]:
                    pledged += price[i] // 2
                else:
                    land += price[i]
                h = hs[i]
                if h == HOTEL:
                    buildings += tc[i] + top * hc[i]
                elif h:
                    buildings += h * hc[i]
            counts.append(SeatCount(pl.seat, bal[pl.seat], land + pledged, buildings, 0, 0, 0, 0, pledged, pl.where))
        return counts

    def pieces(self, seat: int) -> dict[str, int]:
        """Deeds held and how many are mortgaged, houses, hotels, Get Out of Jail Free cards,
        and whether the player is bankrupt."""
        pl, hs = self.g.players[seat], self.houses
        return {"deeds": len(pl.deeds), "mortgaged deeds": sum(1 for i in pl.deeds if self.mortgaged[i]),
                "houses": sum(hs[i] for i in pl.deeds if hs[i] != HOTEL),
                "hotels": sum(1 for i in pl.deeds if hs[i] == HOTEL),
                "Get Out of Jail Free cards": len(pl.cards), "bankrupt": pl.out}

    def totals(self) -> tuple[int, ...]:
        """:meth:`results`' totals alone (the per-turn count of the lab's panel)."""
        bal = self.g.ledger.balances
        price, mort, hs, hc, tc = self.price, self.mortgaged, self.houses, self.house_cost, self.hotel_cost
        top = self.hotel_after
        out = []
        for pl in self.g.players:
            total = bal[pl.seat]
            for i in pl.deeds:
                total += price[i] // 2 if mort[i] else price[i]
                h = hs[i]
                if h == HOTEL:
                    total += tc[i] + top * hc[i]
                elif h:
                    total += h * hc[i]
            out.append(total)
        return tuple(out)

    def space_state(self, index: int) -> SpaceState:
        """The deed's owner, its mortgage, and the houses on it (a hotel counted as the five
        houses it equals, with ``hotel`` set; buildings are the deed owner's). Monopoly has no
        charters and no public ownership."""
        h = self.houses[index]
        owner = self.owner[index]
        return space_state(owner=owner, mortgaged=self.mortgaged[index], buildings=h,
                           hotel=h == HOTEL, building_owner=owner if h else None)
