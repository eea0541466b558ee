"""What the 1906 game's rules need of a ruleset's data that the data alone cannot say
(:data:`NEEDS`, the family's :attr:`~landlord.rules.family.Family.needs`): its chance cards'
range, the Jail and the Poor House beside their corners."""

from __future__ import annotations

from landlord.data.schema import Spec
from landlord.rules.family import Needs

NEEDS = Needs(ranges={"chance_cards": Spec("chance cards (action:amount|text)", min_len=1)},
              annexes=("jail", "poorhouse"))
"""What the 1906 rules need of a ruleset's data."""
