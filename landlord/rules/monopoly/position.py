"""The position layout of Monopoly: a described position (:mod:`landlord.data.position`) laid out
on the table after the set-up."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from landlord.data.position import HOTEL as HOTEL_WORD
from landlord.errors import DataError
from landlord.rules.monopoly.static import (
    HOTEL,
    K_RAIL,
    K_STREET,
    K_UTIL,
)

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition
    from landlord.rules.monopoly.state import MonopolyState

SpaceNamed = Callable[[str, str, str, "str | int"], int]
"""The rules' look-up of a space a position names (:meth:`~landlord.engine.rulebook.Rules.space_named`)."""


FIELDS: frozenset[str] = frozenset(
    {"cash", "token", "holdings", "improvements", "mortgages"})
"""The seat fields a Monopoly position lays out (the family's ``POSITION_FIELDS``)."""


def place_seat(st: MonopolyState, seat: int, sp: SeatPosition, where: str, entry: str,
               space_named: SpaceNamed) -> None:
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
    g = st.g
    if sp.holdings:
        for idx in list(g.players[seat].deeds):
            st.give_deed(-1, idx)
        for name in sp.holdings:
            idx = space_named(where, entry, "holdings", name)
            if st.code[idx] not in (K_STREET, K_RAIL, K_UTIL):
                raise DataError(where, entry, "holdings", f"{name!r} has no title deed")
            if st.houses[idx] or st.mortgaged[idx]:
                raise DataError(where, entry, "holdings", f"{name!r} is built on or mortgaged after the set-up")
            st.give_deed(seat, idx)
    for name in sp.mortgages:
        st.mortgaged[space_named(where, entry, "mortgages", name)] = True
    st.sv[seat] += 1
    levels: dict[int, int] = {}
    top = st.hotel_after
    for name, count in sp.improvements.items():
        idx = space_named(where, entry, "improvements", name)
        if st.code[idx] != K_STREET or st.owner[idx] != seat:
            raise DataError(where, entry, "improvements", f"{name!r} is not a street among the seat's deeds")
        if not all(st.owner[j] == seat for j in st.members[idx]):
            raise DataError(where, entry, "improvements", f"{name!r}: houses are built only on a complete "
                            f"color-group, and the seat does not hold all of {st.group_name[idx]}")
        if isinstance(count, int) and count > top:
            raise DataError(where, entry, "improvements", f"{name!r}: at most {top} houses, then a hotel, "
                            f"got {count}")
        levels[idx] = top + 1 if count == HOTEL_WORD else int(count)
    for idx in levels:
        group = st.members[idx]
        row = [levels.get(j, 0) for j in group]
        if max(row) - min(row) > 1:
            raise DataError(where, entry, "improvements", f"{st.names[idx]!r}: houses are built evenly "
                            f"over a color-group ({st.group_name[idx]}: " + ", ".join(
                                f"{st.names[j]} {levels.get(j, 0)}" for j in group) + ")")
        if any(st.mortgaged[j] for j in group):
            raise DataError(where, entry, "mortgages", f"{st.names[idx]!r}: no building stands on a "
                            f"color-group with a mortgaged property ({st.group_name[idx]})")
    for idx, level in levels.items():
        houses, hotels = (0, 1) if level > top else (level, 0)
        if houses > st.houses_left or hotels > st.hotels_left:
            raise DataError(where, entry, "improvements", f"{st.names[idx]!r}: the Bank has only "
                            f"{st.params.houses} houses and {st.params.hotels} hotels, and no more are "
                            f"left for this one")
        st.stock(-houses, -hotels)
        st.houses[idx] = HOTEL if level > top else level
        st.n_built[seat] += 1
        st.gbuilt[st.gid[idx]] += 1
        st.owners_version += 1
    st.sv[seat] += 1  # the buildings change what its deeds pay and count

