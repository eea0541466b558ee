"""Monopoly's count at the end of play, and what a space shows on the table: functions of the
game's state."""

from __future__ import annotations

from landlord.engine.count import SeatCount
from landlord.engine.rulebook import SpaceState, space_state
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import HOTEL


def valuation(st: MonopolyState, seat: int) -> SeatCount:
    """Short game END OF GAME: "(1.) cash ... (2.) lots, utilities and railroads owned by him
    at the price printed on the board; (3.) any mortgaged property owned by him at one-half
    price printed on the board; (4.) houses, valued at purchase price; (5.) hotels, valued at
    the purchase price including the value of the three houses turned in."

    DECISION: the time-limit game and a game stopped by ``max_rounds`` are counted the same
    way ("richest player then winning"). This is the count read clause by clause, one seat at
    a time; :func:`results` is the same count for every seat in one pass (a test checks they
    agree).
    """
    pl = st.g.players[seat]
    pledged = sum(st.price[i] // 2 for i in pl.deeds if st.mortgaged[i])
    deeds = sum(st.price[i] for i in pl.deeds if not st.mortgaged[i]) + pledged
    buildings = sum(st.building_cost(i) for i in pl.deeds)
    return SeatCount(seat, st.g.cash(seat), deeds, buildings, mortgaged=pledged, where=pl.where)


def results(st: MonopolyState) -> list[SeatCount]:
    """Every seat's :func:`valuation`: cash, deeds at the printed price (a mortgaged one at
    half, also shown as ``mortgaged``), houses and hotels at their purchase price ("RICHEST
    PLAYER WINS"; in the full game the last player left holds everything, and a bankrupt
    player counts 0)."""
    g = st.g
    counts = []
    bal = g.ledger.balances
    price, mort, hs, hc, tc = st.price, st.mortgaged, st.houses, st.house_cost, st.hotel_cost
    top = st.hotel_after
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


def pieces(st: MonopolyState, seat: int) -> dict[str, int]:
    """Deeds held and how many are mortgaged, houses, hotels, Get Out of Jail Free cards,
    and whether the player is bankrupt."""
    pl, hs = st.g.players[seat], st.houses
    return {"deeds": len(pl.deeds), "mortgaged deeds": sum(1 for i in pl.deeds if st.mortgaged[i]),
            "houses": sum(hs[i] for i in pl.deeds if hs[i] != HOTEL),
            "hotels": sum(1 for i in pl.deeds if hs[i] == HOTEL),
            "Get Out of Jail Free cards": len(pl.cards), "bankrupt": pl.out}


def totals(st: MonopolyState) -> tuple[int, ...]:
    """:func:`results`' totals alone (the per-turn count of the lab's panel)."""
    bal = st.g.ledger.balances
    price, mort, hs, hc, tc = st.price, st.mortgaged, st.houses, st.house_cost, st.hotel_cost
    top = st.hotel_after
    out = []
    for pl in st.g.players:
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


def on_space(st: MonopolyState, index: int) -> SpaceState:
    """The deed's owner, its mortgage, and the houses on it (a hotel counted as the five
    houses it equals, with ``hotel`` set; buildings are the deed owner's). Monopoly has no
    charters and no public ownership."""
    h = st.houses[index]
    owner = st.owner[index]
    return space_state(owner=owner, mortgaged=st.mortgaged[index], buildings=h,
                       hotel=h == HOTEL, building_owner=owner if h else None)
