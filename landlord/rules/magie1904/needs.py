"""What the 1904 game's rules need of a ruleset's data that the data alone cannot say
(:data:`NEEDS`, the family's :attr:`~landlord.rules.family.Family.needs`): the Jail and the
Poor House beside their corners."""

from __future__ import annotations

from landlord.rules.family import Needs

NEEDS = Needs(annexes=("jail", "poorhouse"))
"""What the 1904 rules need of a ruleset's data."""
