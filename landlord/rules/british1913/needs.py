"""What the 1913 game's rules need of a ruleset's data that the data alone cannot say
(:data:`NEEDS`, the family's :attr:`~landlord.rules.family.Family.needs`): its cards' ranges,
the start cash paid in whole sets of the notes, the Gaol, the Poor House and a Natural
Opportunity on the board."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from landlord.data.schema import Spec
from landlord.rules.family import Needs


def paid_in_notes(values: Mapping[str, Any]) -> tuple[str, str] | None:
    """DECISION: the start cash is paid in the notes, one or more whole sets of them (a what-if
    start of £6000 is the £3000 of notes twice over); what is wrong with a Part's params in
    force (``values``) as (param, problem), or None."""
    notes, cash = sum(values.get("notes", ())), values.get("start_cash", 0)
    if notes and (cash < notes or cash % notes):
        return "start_cash", f"{cash} is not one or more whole sets of the notes (they add up to {notes})"
    return None


NEEDS = Needs(
    ranges={"chance_cards": Spec("chance cards", item=Spec("a card"), min_len=1),
            "luxury_cards": Spec("luxury cards", item=Spec("a card"), min_len=1)},
    together=paid_in_notes, annexes=("jail", "poorhouse"), spaces=("natural_opportunity",),
)
"""What the 1913 rules need of a ruleset's data."""
