"""What Monopoly's rules need of a ruleset's data that the data alone cannot say (:data:`NEEDS`,
the family's :attr:`~landlord.rules.family.Family.needs`): a Jail space, and the values of a
board's streets, railroads and utilities (:func:`board_values`)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from landlord.limits import MAX_AMOUNT
from landlord.rules.family import Needs

if TYPE_CHECKING:
    from landlord.data.board import Board


def board_values(board: Board, values: Mapping[str, Any]) -> tuple[str, str, str] | None:
    """The first value of ``board`` Monopoly's rules cannot play (with a phase's params in force,
    ``values``), as (entry, field, problem), or None: a street's ``extra`` holds its rents with 1
    to ``hotel_after`` houses and a hotel, its house, hotel and mortgage values; a railroad's
    rents for each railroad held; a utility's multipliers for each utility held."""
    rails, utils = len(board.indices("railroad")), len(board.indices("utility"))
    for s in board.spaces:
        need: dict[str, tuple[int, int]] = {}  # key -> (least value, least length; 0 for a number)
        if s.kind == "street":
            need = {"rents": (0, int(values.get("hotel_after", 4)) + 1), "house_cost": (1, 0),
                    "hotel_cost": (1, 0), "mortgage": (1, 0)}
        elif s.kind == "railroad":
            need = {"rents": (0, rails), "mortgage": (1, 0)}
        elif s.kind == "utility":
            need = {"multipliers": (0, utils), "mortgage": (1, 0)}
        for key, (least, length) in need.items():
            value = s.extra.get(key)
            bad = (not isinstance(value, list) or len(value) < length
                   or not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= MAX_AMOUNT
                              for v in value)) if length else (
                   isinstance(value, bool) or not isinstance(value, int) or not least <= value <= MAX_AMOUNT)
            if bad:
                want = (f"a list of at least {length} amounts" if length
                        else f"a whole number from {least} to {MAX_AMOUNT}")
                return f"space {s.index} ({s.name})", f"extra.{key}", f"expected {want}, got {value!r}"
    return None


NEEDS = Needs(spaces=("jail",), board=board_values)
"""What Monopoly's rules need of a ruleset's data."""
