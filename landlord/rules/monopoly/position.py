"""The position layout of Monopoly: a described position (:mod:`landlord.data.position`) laid out
on the table after the set-up."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from landlord.data.position import HOTEL as HOTEL_WORD
from landlord.errors import DataError
from landlord.rules.monopoly.state import MonopolyState
from landlord.rules.monopoly.static import (
    HOTEL,
    K_RAIL,
    K_STREET,
    K_UTIL,
)

if TYPE_CHECKING:
    from landlord.data.position import SeatPosition


class MonopolyPosition(MonopolyState):
    """Laying out a described position: each seat's holdings, debts and token, as the rules allow."""

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
                                f"{self.params.houses} houses and {self.params.hotels} hotels, and no more are "
                                f"left for this one")
            self.stock(-houses, -hotels)
            self.houses[idx] = HOTEL if level > top else level
            self.n_built[seat] += 1
            self.gbuilt[self.gid[idx]] += 1
            self.owners_version += 1
        self.sv[seat] += 1  # the buildings change what its deeds pay and count

