"""Monopoly's constants and the static tables a game reads but never changes (:func:`board_tables`)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, partial
from typing import TYPE_CHECKING, Any, NamedTuple

from landlord.engine.decisions import Decision
from landlord.engine.options import Option, option
from landlord.errors import LandlordError
from landlord.rules.memo import Same

if TYPE_CHECKING:
    from landlord.data.board import Board
    from landlord.rules.monopoly.params import ParamsMonopoly

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


MEAN_THROW = 7
"""The mean total of a throw of two dice: what a utility's multiplier is expected to be paid on."""


@dataclass(frozen=True, slots=True)
class DeedTerms:
    """What the Monopoly rules pay on one deed (street, railroad or utility), stated once for
    the players' valuation (:mod:`landlord.players.monopoly`), as the rules charge it:

    * ``face``: what the deed counts its holder at the end, unmortgaged: its printed price (THE
      RICHEST PLAYER: "(2.) lots ... at the price printed on the board"); ``pledged``: what it
      counts mortgaged ("(3.) ... at one-half price printed on the board").
    * ``mortgage``: what mortgaging it raises; ``lift``: what lifting the mortgage costs (the
      mortgage plus the interest, 10% rounded up: :meth:`~landlord.rules.monopoly.state.MonopolyState.interest`).
    * ``rents``: what a player landing on it pays its holder, by how much of it he holds and
      builds (PAYING RENT: a street ``(alone, its colour group complete and unimproved: double,
      1 house, 2, 3, 4, hotel)``; a railroad by the railroads its holder holds, 1 to 4; a utility
      by the utilities held, its multiplier × :data:`MEAN_THROW`, the throw's mean).
    * ``house_cost`` / ``hotel_cost``: what a house and a hotel on it cost (0 off the streets);
      each counts at that price at the end ("(4.) houses, valued at purchase price; (5.)
      hotels ...") and sells back to the Bank for half.
    """

    face: int
    pledged: int
    mortgage: int
    lift: int
    rents: tuple[float, ...]
    house_cost: int
    hotel_cost: int


def _int(x: object) -> int:
    if isinstance(x, int) and not isinstance(x, bool):
        return x
    raise LandlordError(f"expected a whole number in a board's extra table, got {x!r}")


def _ints(x: object) -> tuple[int, ...]:
    if isinstance(x, list | tuple):
        return tuple(_int(v) for v in x)
    raise LandlordError(f"expected a list of whole numbers in a board's extra table, got {x!r}")


def board_tables(board: Board, p: ParamsMonopoly) -> dict[str, Any]:
    """The tables a game of ``board`` under params ``p`` reads but never changes: space kind
    codes, prices, rents, building and mortgage costs, colour groups, taxes by edition, the
    theme's space names and the option strings of building. Built once per board, edition,
    mortgage interest and theme names (:mod:`landlord.rules.memo`: building them costs a
    quarter of a game) and shared by every game: read only."""
    return _tables(Same(board), p.edition, p.mortgage_interest_percent, p.theme_space_names)


@lru_cache(maxsize=32)
def _tables(same: Same[Board], edition: str, interest: int, theme_space_names: tuple[str, ...]) -> dict[str, Any]:
    board = same.obj
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
        try:  # the group names its sell-all option: it must read as one (engine.options' format)
            Option.parse(option("sell_all", spaces[i].group))
        except ValueError:
            raise LandlordError(f"space {i} ({spaces[i].name}): a Monopoly deed needs a group its sell-all "
                                f"option can name (letters, digits, - and _), got {spaces[i].group!r}") from None
        groups.setdefault(spaces[i].group, []).append(i)
    t["groups"] = gs = {k: tuple(v) for k, v in groups.items()}
    t["group_name"] = group_name = [spaces[i].group for i in range(n)]
    t["members"] = [gs.get(spaces[i].group, ()) if i in ownable else () for i in range(n)]
    t["railroads"] = board.indices("railroad")
    t["utilities"] = board.indices("utility")
    t["jail_square"] = board.indices("jail")[0]
    # taxes by edition (data: board extra.edition_fee / extra.percent / extra.edition_percent)
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
    t["taxes"] = tuple(s.index for s in spaces if s.kind == "tax")
    names = [s.name for s in spaces]
    for entry in theme_space_names:
        idx, _, name = entry.partition("=")
        names[int(idx)] = name
    t["names"] = names
    order = sorted(gs)
    t["gid"] = [order.index(group_name[i]) if i in ownable else -1 for i in range(n)]
    t["street_groups"] = tuple(gs[k] for k in order if spaces[gs[k][0]].kind == "street")
    # interest: 10% of the mortgage value, rounded up (see MonopolyState.interest)
    t["lift_cost"] = [v + -(-v * interest // 100) for v in mortgage_value]
    terms: list[DeedTerms | None] = [None] * n
    for i in ownable:
        code = t["code"][i]
        if code == K_STREET:
            rents: tuple[float, ...] = (t["base_rent"][i], 2 * t["base_rent"][i], *t["rents"][i])
        elif code == K_RAIL:
            rents = tuple(float(r) for r in t["rents"][i])
        else:
            rents = tuple(float(m * MEAN_THROW) for m in t["mults"][i])
        terms[i] = DeedTerms(face=t["price"][i], pledged=t["price"][i] // 2, mortgage=mortgage_value[i],
                             lift=t["lift_cost"][i], rents=rents, house_cost=t["house_cost"][i],
                             hotel_cost=t["hotel_cost"][i])
    t["terms"] = terms
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


class ManageMenu(NamedTuple):
    """What a seat's manage step offers, cached per seat until its table version changes
    (:meth:`~landlord.rules.monopoly.manage.Manage.menu`)."""

    version: int
    """The seat's table version (``sv``) the menu was made at; -1: never made."""
    can_mortgage: bool = False
    """Whether the seat holds a deed it could mortgage."""
    cheapest_lift: int = 1 << 60
    """The cheapest mortgage it could lift."""
    trades: tuple[str, ...] = ()
    """Its ``trade:<seat>`` options, one per partner."""
    builds: tuple[tuple[str, int], ...] = ()
    """The lots it could build on, with their costs (in the order of
    :meth:`~landlord.rules.monopoly.building.Building.buildable`)."""
    plain: Decision | None = None
    """The manage decision when nothing can be built (None: nothing to ask)."""
    with_unmortgage: Decision | None = None
    """The same with ``unmortgage`` (None: nothing to ask)."""


class TradeOptions(NamedTuple):
    """A seat's ``trade:<seat>`` options, cached until a player goes bankrupt."""

    bankruptcies: int
    """How many bankruptcies there had been when they were made; -1: never made."""
    options: tuple[str, ...] = ()
