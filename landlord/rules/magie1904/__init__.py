"""Lizzie J. Magie's Landlord's Game, US Patent 748,626 (1904), every clause.

Each rule below quotes the clause it plays (the patent text is in
``docs/sources/patent-1904-specification.md``). Where the patent leaves a point open, the
kit's decision is written beside the rule as ``DECISION:`` and has a test of its own.

The ``single_tax`` phase plays Magie's 1906 single-tax rules on the patent board. The patent
board has no houses, no broker and no named college sites, so the rules are mapped onto it as a
documented reconstruction (``SINGLE_TAX_MAPPING`` below; every mapped number is marked
``reconstructed`` in ``data/rulesets/magie-1904.toml``).
"""

from __future__ import annotations

from landlord.rules.magie1904.state import (
    JAIL,
    LOAN_RATES,
    NATURAL,
    PLACES,
    POOR,
    SINGLE_TAX_MAPPING,
    TRACK,
    Loan,
    MagiePlayer,
)
from landlord.rules.magie1904.turns import Magie1904

__all__ = [
    "JAIL",
    "LOAN_RATES",
    "NATURAL",
    "PLACES",
    "POOR",
    "SINGLE_TAX_MAPPING",
    "TRACK",
    "Loan",
    "Magie1904",
    "MagiePlayer",
]
